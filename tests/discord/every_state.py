"""Seeded full games of every ruleset and option set, and at every state of them
everything the table would show, built by the functions the bot uses (bot/table_parts.py,
bot/publish.py's `waiting_text`): the board image, the text summary, every seat's private
sheet, every seat's choice message (checked against Discord's limits by the fake
server's own validator), the prompts and, at the end, the recap. Any exception or limit
broken stops the run with the game, the seed and the state's version.

Random play rarely reaches pods, hibernation, evacuation or self-destruct: a steered
game prefers the moves whose key or label names such things (`STEER`). Each state is
tallied by what it shows (`kinds`): someone in a pod, hibernated, dead, a self-destruct
running, an evacuation, the game over by each reason...

Used by tests/discord/test_every_state.py (the CI share) and benchmarks/every_state.py (the
larger run, which prints the tallies).
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from fake_discord import validate_message_fields

from bot import table_parts as parts
from bot.choices import ChoiceMessage
from bot.position import Position
from bot.publish import waiting_text
from bot.texts import MAX_CONTENT, MAX_MESSAGE, split_message
from renders.summary import MAX_CHARS
from rules import Action, Ruleset, get_ruleset

SEATS = [str(100000000000000000 + 7919 * i) for i in range(7)]
# display names as long as Discord allows (32), with markdown to escape
NAMES = {seat: f"Player_{i} *of* the long name xyz"[:32] for i, seat in enumerate(SEATS)}
GAME_ID = 123456
CHANNEL_ID = "987654321098765432"
DONE = "D" * 900  # the longest "Done: ..." part an answer puts before the next choices

STEER = re.compile(
    r"pod|hibernat|evacuat|self.?destruct|autodestruct|escape|amputat|quarantin|clearance|"
    r"take.?off|css|launch|bunker|isolat|cooling|rover|airlock|enviro|cockpit|"
    r"evacuation section|lock or unlock|coordinates|engine|generator|hatch|reveal|sabotage|"
    r"demoralize|interference|energy.?spike|lone.?wolf|threat|call_vote", re.IGNORECASE)
STEER_WEIGHT = 25
TARGETS = re.compile(r"hibernatorium|evacuation section|css control|cooling system|generator|"
                     r"isolation|cockpit|engine \d|exit|airlock control|cargo sending",
                     re.IGNORECASE)
NEARER_WEIGHT = 12


@dataclass(frozen=True)
class Spec:
    """One game: its option set's name, ruleset, players, options, seed, steering."""

    label: str
    ruleset: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 1
    steer: bool = False

    def __str__(self) -> str:
        return f"{self.label} ({self.players}p, seed {self.seed}" + \
            (", steered)" if self.steer else ")")


def _set(label: str, ruleset: str, players: int, **options: Any) -> Spec:
    return Spec(label, ruleset, players, tuple(sorted(options.items())))


ORIGINALS = {"Captain", "Pilot", "Mechanic", "Scientist", "Soldier", "Scout"}
DARKMOON_VARIANTS = ("expensive_voting", "first_is_last", "flimsy_quarantine",
                     "telepathic_infected", "deadly_events", "no_more_complications",
                     "safe_orders", "fatigued_infected", "costly_actions")


def option_sets() -> list[Spec]:
    """Every ruleset and option set, once (seed 1, not steered)."""
    out = [_set("darkmoon core", "darkmoon", 5),
           _set("darkmoon core silver deck", "darkmoon", 3, task_deck="silver"),
           _set("darkmoon core black deck", "darkmoon", 7, task_deck="black"),
           _set("darkmoon expansion", "darkmoon", 5, expansion=True),
           _set("darkmoon expansion+threats+company man", "darkmoon", 6, expansion=True,
                threats=True, company_man=True)]
    out += [_set(f"darkmoon {v}", "darkmoon", 5 if v == "telepathic_infected" else 4,
                 **{v: True}) for v in DARKMOON_VARIANTS]
    out += [_set(f"darkmoon nerfed_reveal={v}", "darkmoon", 4, nerfed_reveal=v)
            for v in ("normal", "extreme")]
    out.append(_set("darkmoon expansion+modules+all variants", "darkmoon", 7, expansion=True,
                    threats=True, company_man=True, nerfed_reveal="normal",
                    **{v: True for v in DARKMOON_VARIANTS}))
    for board in ("basic", "mars"):
        for mode, players in (("semi_coop", 3), ("coop", 2), ("solo", 1)):
            for originals in (False, True):
                label = f"lockdown {board} {mode}" + (" originals" if originals else "")
                out.append(_set(label, "lockdown", players, board=board, mode=mode,
                                nemesis_characters=originals))
    out.append(_set("lockdown basic semi_coop originals+intruders", "lockdown", 4,
                    nemesis_characters=True, nemesis_intruders=True))
    out.append(_set("lockdown mars coop intruders", "lockdown", 5, board="mars", mode="coop",
                    nemesis_intruders=True))
    out += [_set(f"nemesis {n}p", "nemesis", n) for n in range(1, 6)]
    return out


def games(seeds: Iterable[int], steered: Iterable[int]) -> list[Spec]:
    """Every option set with each of `seeds` played at random and each of `steered`
    played with the steering policy."""
    out = []
    for spec in option_sets():
        out += [Spec(spec.label, spec.ruleset, spec.players, spec.options, seed, False)
                for seed in seeds]
        out += [Spec(spec.label, spec.ruleset, spec.players, spec.options, seed, True)
                for seed in steered]
    return out


# ------------------------------------------------------------------ what a state shows
def kinds(rs: Ruleset, state: Any) -> set[str]:  # type: ignore[type-arg]
    """What this state shows, in a few words each (read from the public view)."""
    view = rs.view(state, None)
    out: set[str] = set()
    for hero in getattr(view, "heroes", []):
        if view.ruleset == "lockdown" and hero.name in ORIGINALS:
            out.add("original character")
        if hero.place != "board" and hero.character:
            out.add(f"someone {hero.place}")
        if hero.serious:
            out.add("serious wound")
    if getattr(view, "self_destruct", None) is not None:
        out.add("self-destruct running")
    if getattr(view, "autodestruct", None) is not None:
        out.add("autodestruct running")
    if getattr(view, "hibernation_open", False):
        out.add("hibernation open")
    if any(not p.locked and not p.launched for p in getattr(view, "pods", [])):
        out.add("pod unlocked")
    if any(p.launched for p in getattr(view, "pods", [])):
        out.add("pod launched")
    if getattr(view, "alert", None) is not None:
        out.add("alert")
    if getattr(view, "nest_destroyed", False):
        out.add("nest destroyed")
    surface = getattr(view, "surface", None)
    if surface is not None and not surface.rover:
        out.add("rover used")
    if getattr(view, "vote", None) is not None:
        out.add("vote")
    seats = getattr(view, "seats", [])
    if any(s.quarantined for s in seats):
        out.add("someone quarantined")
    if any(s.revealed for s in seats):
        out.add("infected revealed")
    x = getattr(view, "expansion", None)
    if x is not None:
        if x.aboard:
            out.add("evacuation ship took off")
        elif x.board == "ready":
            out.add("evacuation ready")
        elif x.board == "gone":
            out.add("evacuation called off")
        if x.cleared:
            out.add("someone cleared")
        if x.amputated:
            out.add("someone amputated")
    threats = getattr(view, "threats", None)
    if threats is not None and threats.claimed:
        out.add("threat claimed")
    outcome = rs.outcome(state)
    if outcome is not None:
        out.add("over: " + reason_kind(outcome.reason))
    return out


def reason_kind(reason: str) -> str:
    """A game-over reason without its names and numbers (its first clause)."""
    text = re.sub(r"<@!?\d+>", "@", reason)
    text = re.split(r"[;:(]|, so\b", text)[0]
    return re.sub(r"\d+", "#", text).strip()[:60]


def check_message(content: str, view: Any, where: str) -> None:
    """A message as the bot sends it: within Discord's limits (the fake server's checks,
    the same that answer the bot's requests with a 400)."""
    body: dict[str, Any] = {"content": content}
    if view is not None:
        body["components"] = view.to_components()
    try:
        validate_message_fields(body)
    except Exception as exc:
        raise AssertionError(f"{where}: {exc}: {body}") from exc
    assert len(content) <= MAX_CONTENT, f"{where}: {len(content)} characters"


def _choices(at: Position, seat: str, question: str, where: str) -> ChoiceMessage:
    msg = parts.seat_choices(at, seat, GAME_ID, NAMES, question)
    check_message(msg.content, msg.view, where)
    return msg


def show(rs: Ruleset, state: Any, seats: list[str], *, board: bool,  # type: ignore[type-arg]
         where: str) -> None:
    """Build everything the table shows of `state` to its `seats`; raise on any fault."""
    names = {s: NAMES[s] for s in SEATS}
    at = Position(rs, state)  # the state's answers, as the bot asks them
    if board:
        png = parts.board_png(at, names)
        assert png.startswith(b"\x89PNG\r\n\x1a\n"), f"{where}: board is not a PNG"
    text = parts.summary_text(at, names)
    assert len(text) <= MAX_CHARS + 200, f"{where}: summary of {len(text)} characters"
    prompts = rs.pending(state)
    if prompts:
        waiting = waiting_text(prompts)
        assert len(waiting) + len(text) + 1 <= MAX_MESSAGE, f"{where}: status too long"
    for seat in seats:
        head = parts.sheet_head(rs, GAME_ID, CHANNEL_ID)
        # every text whole: a long sheet goes out in several DMs, as the bot sends it
        for sheet in split_message(head + parts.private_text(at, seat)):
            check_message(sheet, None, f"{where}, sheet of {seat}")
        if not rs.legal_actions(state, seat):
            continue
        prompt = next((p for p in prompts if p.seat == seat), None)
        # the forms the bot asks in: My choices, the DM question, the answer to a move
        _choices(at, seat, f"**{prompt.text if prompt else 'Your choices:'}**",
                 f"{where}, choices of {seat}")
        secret = parts.secret_question(at, seat)
        if secret is not None:
            _choices(at, seat, secret, f"{where}, DM question of {seat}")
        if prompt is not None:
            _choices(at, seat, f"{DONE}\n**Next: {prompt.text}**",
                     f"{where}, next choices of {seat}")
    if rs.outcome(state) is not None:
        recap = rs.recap(state)
        assert recap and all(isinstance(line, str) and line for line in recap), where


# ------------------------------------------------------------------ playing
def distances(view: Any) -> dict[str, int]:
    """How many corridors (or Mars paths) each room is from the nearest room `TARGETS`
    names (while none is known, the nearest unexplored room), on the public board."""
    links: dict[str, set[str]] = defaultdict(set)
    surface = getattr(view, "surface", None)
    for c in [*getattr(view, "corridors", []), *(surface.paths if surface else [])]:
        links[c.a].add(c.b)
        links[c.b].add(c.a)
    rooms = getattr(view, "rooms", [])
    frontier = [r.slot for r in rooms if r.name and TARGETS.search(r.name)] or \
        [r.slot for r in rooms if not r.explored]
    out = dict.fromkeys(frontier, 0)
    while frontier:
        room = frontier.pop(0)
        for near in links[room]:
            if near not in out:
                out[near] = out[room] + 1
                frontier.append(near)
    return out


def pick(rnd: random.Random, rs: Ruleset, state: Any, seat: str,  # type: ignore[type-arg]
         steer: bool) -> Action:
    """A random legal move. Steered, the moves naming pods, hibernation, evacuation,
    self-destruct... (`STEER`) weigh STEER_WEIGHT times more, a move one corridor
    nearer a room `TARGETS` names weighs NEARER_WEIGHT times more, passing less; in such
    a room, a character rather stays (passes) than leaves."""
    legal = rs.legal_actions(state, seat)
    if not steer:
        return rnd.choice(legal)
    view = rs.view(state, None)
    far = distances(view)
    here = next((h.room for h in getattr(view, "heroes", []) if h.seat == seat), "")
    now = far.get(here, 99)

    def weight(a: Action) -> float:
        head, _, rest = a.key.partition(":")
        moving = head in ("move", "careful")
        if STEER.search(f"{a.key} {a.label}") and not (moving and now == 0):
            return STEER_WEIGHT
        if moving:
            # in a room worth being in, stay (and wait for it to open, as hibernation)
            return 0.05 if now == 0 else NEARER_WEIGHT if far.get(rest, 99) < now else 1.0
        if a.key == "pass":
            return 3.0 if now == 0 else 0.2
        return 1.0

    return rnd.choices(legal, [weight(a) for a in legal])[0]


@dataclass
class Tally:
    """States and games covered, by option set and by kind of state."""

    games: Counter[str] = field(default_factory=Counter)
    states: Counter[str] = field(default_factory=Counter)
    boards: Counter[str] = field(default_factory=Counter)
    kinds: dict[str, Counter[str]] = field(default_factory=dict)
    reached: dict[str, list[str]] = field(default_factory=dict)  # kind -> games (names)

    def add(self, spec: Spec, found: set[str]) -> None:
        self.states[spec.label] += 1
        self.kinds.setdefault(spec.label, Counter()).update(found)
        for kind in found:
            games = self.reached.setdefault(kind, [])
            if str(spec) not in games:
                games.append(str(spec))

    def all_kinds(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for counts in self.kinds.values():
            out.update(counts)
        return out

    def lines(self) -> Iterator[str]:
        for label in sorted(self.states):
            yield (f"{label}: {self.games[label]} games, {self.states[label]} states, "
                   f"{self.boards[label]} boards drawn")
            for kind, n in sorted(self.kinds[label].items()):
                yield f"    {kind}: {n}"
        yield (f"all: {sum(self.games.values())} games, {sum(self.states.values())} states, "
               f"{sum(self.boards.values())} boards drawn")
        for kind, n in sorted(self.all_kinds().items()):
            games = self.reached[kind]
            yield f"    {kind}: {n} states in {len(games)} games, e.g. {'; '.join(games[:3])}"


def play(spec: Spec, tally: Tally, board_every: int = 1, max_steps: int = 4000) -> None:
    """Play `spec` to its end, showing every state (drawing the board at every
    `board_every`-th state, at the first state of a kind new in this game, and at the
    end)."""
    rs = get_ruleset(spec.ruleset)
    state = rs.new_game(SEATS[:spec.players], spec.seed, rs.Options(**dict(spec.options)))
    rnd = random.Random(spec.seed)
    drawn: set[str] = set()
    tally.games[spec.label] += 1
    for step in range(max_steps):
        found = kinds(rs, state)
        over = rs.outcome(state) is not None
        board = step % board_every == 0 or over or not found <= drawn
        where = f"{spec}, step {step}, version {state.version}"
        show(rs, state, SEATS[:spec.players], board=board, where=where)
        tally.add(spec, found)
        if board:
            drawn |= found
            tally.boards[spec.label] += 1
        if over:
            return
        prompt = rnd.choice(rs.pending(state))
        action = pick(rnd, rs, state, prompt.seat, spec.steer)
        state = rs.apply(state, prompt.seat, action).state
    raise AssertionError(f"{spec}: no end after {max_steps} moves")
