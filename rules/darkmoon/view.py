"""What one seat (or a spectator, seat None) may see of a Dark Moon game.

Public: the board, die limits, who is quarantined, fatigued or revealed, submitted
dice, pools. Private to a seat: its status card, the dice behind its screen, its
current roll, the cards it is choosing between and its own vote.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.darkmoon import company_man, variants
from rules.darkmoon.actions import card_name
from rules.darkmoon.cards import content, index
from rules.darkmoon.evacuation import board_size
from rules.darkmoon.in_play import task_card
from rules.darkmoon.state import (
    ChoiceFrame,
    CorporationFrame,
    EventPickFrame,
    GameState,
    Options,
    Pool,
    RollFrame,
    TaskFrame,
    VoteFrame,
)
from rules.darkmoon.table import die_limit, fatigued, find_event


class SeatView(BaseModel):
    seat: str
    character: str
    character_name: str
    die_limit: int
    quarantined: bool
    revealed: bool
    fatigued: bool
    commander: bool
    participation: str | None
    status: str | None = None  # shown once revealed, or at the end of the game
    status_name: str | None = None


class TaskView(BaseModel):
    id: str
    name: str
    kind: str
    system: str | None
    difficulty: int | None
    consequence: int | None
    suspicious: bool
    text: str


class EventView(BaseModel):
    id: str
    name: str
    cubes: int
    filled: int
    text: str


class VoteView(BaseModel):
    target: str
    release: bool
    voted: list[str]
    waiting: list[str]


class MyThreatView(BaseModel):
    """My threat card: what it asks, whether I fulfilled it, what I claimed."""

    id: str
    name: str
    text: str
    fulfilled: bool
    claimed: str | None  # the requirement I claimed (maybe not my card's)


class PrivateView(BaseModel):
    status: str
    status_name: str
    infected: bool
    held: Pool
    rolled: list[str] = []
    choosing: list[str] = []
    my_vote: str | None = None
    corporation_rolled: list[int] = []  # own corporation dice, until one is submitted
    threat: MyThreatView | None = None  # Threats module: my card, once dealt
    company_man: bool = False  # Company Man module: I am the Company Man
    infected_teammates: list[str] = []  # Telepathic Infected: the other infected
    statuses_seen: dict[str, str] = {}  # Exposure: seat -> the status card it showed me


class ThreatsView(BaseModel):
    """The public side of the Threats module: whether the cards are out, and per seat
    the requirement claimed and the token taken (a requirement id, "wild", or "" when
    none was left). Tokens left: `stock` per requirement and `wild`."""

    dealt: bool
    claimed: dict[str, str]
    tokens: dict[str, str]
    stock: dict[str, int]
    wild: int


class ExpansionView(BaseModel):
    """The Shadow Corporation boards. `board` is the clearance board's side:
    "refueling", "ready", or "gone" once the evacuation failure card was drawn."""

    board: str
    board_size: int
    cleared: list[str]
    evacuation_cube: int
    evacuation_spaces: int
    start_player: str
    amputated: list[str]
    corporation_die: int | None  # submitted for the current task
    aboard: list[str]
    vote_topic: str | None  # the topic of the vote in progress, if any


class DarkMoonView(BaseModel):
    ruleset: str = "darkmoon"
    version: int
    viewer: str | None
    seats: list[SeatView]
    active: str
    round: int
    commander: str | None
    commander_die: str
    available: Pool
    spent: Pool
    shield: int
    shield_symbols: list[str]
    outposts: list[str]
    outpost_names: list[str]
    fatigue: list[str]
    fatigue_names: list[str]
    sabotage: str | None
    suspicion: int | None
    suspicion_spaces: int
    task_deck: int
    task_discard: int
    task_deck_name: str
    task: TaskView | None
    success_track: int
    difficulty: int | None
    events_done: list[str]
    event_done_names: list[str]
    event: EventView | None
    final_event: EventView
    final_started: bool
    vote: VoteView | None
    waiting: list[str]
    result: str | None
    result_reason: str
    me: PrivateView | None = None
    expansion: ExpansionView | None = None
    rules_on: list[str] = []  # the modules and variants in play (option names)
    threats: ThreatsView | None = None


def build_view(s: GameState, seat: str | None, waiting: list[str]) -> DarkMoonView:
    c = content()
    over = s.result is not None
    seats = []
    for x in s.seats:
        p = s.players[x]
        show = over or p.revealed
        seats.append(SeatView(
            seat=x, character=p.character, character_name=card_name(p.character),
            die_limit=die_limit(s, x), quarantined=p.quarantined, revealed=p.revealed,
            fatigued=fatigued(s, x), commander=s.commander == x,
            participation=p.participation,
            status=p.status if show else None,
            status_name=card_name(p.status) if show else None,
        ))
    task = _task_view(s)
    task_frame = next((f for f in reversed(s.stack) if isinstance(f, TaskFrame)), None)
    vote = next((f for f in reversed(s.stack) if isinstance(f, VoteFrame)), None)
    final = find_event(s.final_event)
    view = DarkMoonView(
        version=s.version, viewer=seat, seats=seats, active=s.active, round=s.round,
        commander=s.commander, commander_die=s.commander_die, available=s.available.copy(),
        spent=s.spent.copy(), shield=s.shield, shield_symbols=list(c.board.shield_symbols),
        outposts=list(s.outposts), outpost_names=[card_name(o) for o in s.outposts],
        fatigue=list(s.fatigue), fatigue_names=[card_name(f) for f in s.fatigue],
        sabotage=s.sabotage,
        suspicion=None if s.suspicion_removed else s.suspicion,
        suspicion_spaces=c.board.suspicion_spaces,
        task_deck=len(s.task_deck), task_discard=len(s.task_discard),
        task_deck_name=s.task_deck_name, task=task, success_track=s.success_track,
        difficulty=task_frame.difficulty if task_frame and task_frame.difficulty else None,
        events_done=list(s.events_done),
        event_done_names=[card_name(e) for e in s.events_done],
        event=_event_view(s.current_event, s.event_cubes) if s.current_event else None,
        final_event=EventView(id=final.id, name=final.name, cubes=final.cubes,
                              filled=s.final_cubes, text=final.text),
        final_started=s.final_started,
        vote=VoteView(target=vote.target, release=vote.release, voted=sorted(vote.votes),
                      waiting=[v for v in vote.voters if v not in vote.votes])
        if vote else None,
        waiting=waiting, result=s.result, result_reason=s.result_reason,
    )
    if s.expansion is not None:
        view.expansion = _expansion_view(s, vote)
        t = s.expansion.threats
        if t is not None:
            view.threats = ThreatsView(dealt=t.dealt, claimed=dict(t.claimed),
                                       tokens=dict(t.tokens), stock=dict(t.stock),
                                       wild=t.wild)
    view.rules_on = rules_on(s.options)
    if seat is not None and seat in s.players:
        view.me = _private(s, seat)
    return view


def _expansion_view(s: GameState, vote: VoteFrame | None) -> ExpansionView:
    x = s.expansion
    assert x is not None
    board = "gone" if not x.evacuation else "ready" if x.ready else "refueling"
    return ExpansionView(
        board=board, board_size=board_size(s), cleared=list(x.cleared),
        evacuation_cube=x.cube, evacuation_spaces=content().expansion.board.evacuation_spaces,
        start_player=x.start_player, amputated=list(x.amputated),
        corporation_die=x.submitted if s.current_task is not None else None,
        aboard=list(x.aboard), vote_topic=vote.topic if vote is not None else None)


def _task_view(s: GameState) -> TaskView | None:
    if s.current_task is None:
        return None
    card = task_card(s, s.current_task)
    if card.kind == "malfunction":
        return TaskView(id=card.id, name=card.name, kind="malfunction", system=card.system,
                        difficulty=card.difficulty, consequence=card.consequence,
                        suspicious=card.suspicious, text="")
    return TaskView(id=card.id, name=card.name, kind="complication", system=None,
                    difficulty=None, consequence=None, suspicious=card.suspicious,
                    text=card.text)


def _event_view(event_id: str, filled: int) -> EventView:
    e = find_event(event_id)
    return EventView(id=e.id, name=e.name, cubes=e.cubes, filled=filled, text=e.text)


def _private(s: GameState, seat: str) -> PrivateView:
    p = s.players[seat]
    me = PrivateView(status=p.status, status_name=card_name(p.status), infected=p.infected,
                     held=p.held.copy())
    top = s.stack[-1] if s.stack else None
    if isinstance(top, RollFrame) and top.seat == seat:
        me.rolled = [d.code for d in top.rolled]
    if isinstance(top, TaskFrame) and top.seat == seat and top.stage == "draw":
        me.choosing = list(top.drawn)
    if isinstance(top, EventPickFrame) and top.chooser == seat:
        me.choosing = list(top.drawn)
    if isinstance(top, ChoiceFrame) and top.seat == seat and top.purpose == "interference":
        me.choosing = list(top.cards)
    if isinstance(top, VoteFrame):
        me.my_vote = top.votes.get(seat)
    if isinstance(top, CorporationFrame) and top.seat == seat:
        me.corporation_rolled = list(top.rolled)
    _private_modules(s, seat, me)
    return me


def _private_modules(s: GameState, seat: str, me: PrivateView) -> None:
    me.company_man = company_man.seat_of(s) == seat
    me.infected_teammates = variants.teammates(s, seat)
    t = s.expansion.threats if s.expansion is not None else None
    if t is None:
        return
    me.statuses_seen = {x: card_name(s.players[x].status) for x, to in t.shown.items()
                        if to == seat}
    card = t.cards.get(seat)
    if card is not None:
        info = index().threats[card]
        claimed = t.claimed.get(seat)
        me.threat = MyThreatView(id=card, name=info.name, text=info.text,
                                 fulfilled=claimed == card, claimed=claimed)


_MODULE_AND_VARIANT_OPTIONS = (
    "threats", "company_man", "expensive_voting", "first_is_last", "flimsy_quarantine",
    "telepathic_infected", "deadly_events", "no_more_complications", "nerfed_reveal",
    "safe_orders", "fatigued_infected", "costly_actions")


def rules_on(options: Options) -> list[str]:
    """The option names of the modules and variants on (Nerfed Reveal with its level)."""
    on: list[str] = []
    for name in _MODULE_AND_VARIANT_OPTIONS:
        value = getattr(options, name)
        if value is True:
            on.append(name)
        elif isinstance(value, str) and value != "off":
            on.append(f"{name}:{value}")
    return on
