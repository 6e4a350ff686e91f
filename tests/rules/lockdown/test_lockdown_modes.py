"""Solo mode (LD-MODE-1) and fully cooperative mode (LD-MODE-2): player counts, setup,
the solo/coop objective deck, contingency tokens revealed in coop, revival in the
emergency room, the victory check per mode, the public view and the recap; seeded
full games in both modes (invariants, leaks)."""

from __future__ import annotations

from functools import cache

import pytest
from family_sim import play_game, seeker
from lockdown_helpers import (
    IDX,
    RS,
    C,
    check_public,
    check_state,
    checked_mars_step,
    checked_step,
    do,
    edit,
    key_for,
    keys,
    play,
    push,
    put_room,
    seats,
    turn,
    waiting,
)

from bot.option_names import describe_options
from rules.core.contract import IllegalAction
from rules.lockdown import modes
from rules.lockdown.state import GameState, Options, RoundFrame
from rules.nemesis.frames import EndFrame, ObjectiveFrame
from rules.nemesis.state import Held, WoundCard, add_object, change_room

SOLO, COOP = Options(mode="solo"), Options(mode="coop")
NOTHING = next(t.id for t in C.contingencies if t.effect == "nothing")


def fresh(options: Options, n: int, seed: int = 1) -> GameState:
    return RS.new_game(seats(n), seed, options)


def drafted(options: Options, n: int, seed: int = 1) -> GameState:
    """After the draft: round 1, the first player's turn."""
    s = fresh(options, n, seed)
    while s.stack and s.stack[-1].kind == "draft":
        seat = waiting(s)[0]
        s, _ = play(s, seat, keys(s, seat)[0])
    return s


def card(kind: str, n: int = 0) -> str:
    return [o.id for o in C.coop_objectives if o.kind == kind][n]


# ------------------------------------------------------------------ options and counts
@pytest.mark.rule("LD-MODE-1")
@pytest.mark.rule("LD-MODE-2")
def test_each_mode_takes_its_player_counts() -> None:
    for n in range(1, 6):
        assert RS.check_players(COOP, n) is None
        assert RS.check_players(Options(), n) is None
    assert RS.check_players(SOLO, 1) is None
    for n in (2, 5):
        text = RS.check_players(SOLO, n)
        assert text is not None and "exactly 1 player" in text and f"{n} players" in text
        with pytest.raises(IllegalAction, match="exactly 1 player"):
            fresh(SOLO, n)
    assert "1 to 5" in (RS.check_players(COOP, 6) or "")
    assert "1 to 5" in (RS.check_players(COOP, 0) or "")


@pytest.mark.rule("LD-MODE-1")
@pytest.mark.rule("LD-MODE-2")
def test_the_lobby_names_the_mode() -> None:
    assert "Mode: solo" in describe_options("lockdown", {"mode": "solo"})
    assert "Mode: fully cooperative" in describe_options("lockdown", {"mode": "coop"})
    assert "Mode: semi-cooperative" in describe_options("lockdown", {})
    description = Options.model_fields["mode"].description or ""
    assert all(m in description for m in ("semi_coop:", "coop:", "solo:"))


@pytest.mark.rule("LD-MODE-1")
def test_the_solo_coop_deck() -> None:
    deck = C.coop_objectives
    assert 10 <= len(deck) <= 12
    assert len({o.id for o in deck}) == len(deck)
    assert not {o.id for o in deck} & {o.id for o in C.objectives}
    assert sum(o.kind == "send_signal" for o in deck) == 2
    assert sum(o.min_players <= 1 for o in deck) >= 10  # enough to deal 2 in solo
    for o in deck:
        assert o.text.strip() and IDX.objectives[o.id] is o
    # every kind is judged by the team check (no card falls through)
    s = drafted(COOP, 2)
    for o in deck:
        modes.card_met(s, o.id, [])


# ------------------------------------------------------------------ solo
@pytest.mark.rule("LD-MODE-1")
def test_solo_setup() -> None:
    s = fresh(SOLO, 1, seed=4)
    basic = fresh(Options(), 1, seed=4)
    hero = s.heroes["p0"]
    coop_ids = {o.id for o in C.coop_objectives}
    assert len(hero.objectives) == 2 and set(hero.objectives) <= coop_ids
    assert len(hero.contingencies) == 2 and s.active_contingency
    total = sum(t.count for t in C.contingencies)
    assert len(s.neutral_pool) == total - 3 and not s.revealed_contingencies
    for slot, room in s.rooms.items():  # same seed, same tokens: items halved, rounded up
        assert room.token_items == (basic.rooms[slot].token_items + 1) // 2
    assert any(r.token_items == 1 and basic.rooms[k].token_items == 1
               for k, r in s.rooms.items())


@pytest.mark.rule("LD-MODE-1")
def test_solo_keeps_one_objective_at_the_first_encounter() -> None:
    s = drafted(SOLO, 1)
    first, second = s.heroes["p0"].objectives
    s = edit(s)
    s.stack.append(ObjectiveFrame(pending=["p0"]))
    assert set(keys(s, "p0")) == {f"keep:{first}", f"keep:{second}"}
    s2, events = play(s, "p0", f"keep:{second}")
    assert s2.heroes["p0"].objectives == [second]
    assert any(e.kind == "objective" and e.to == ("p0",) for e in events)


@pytest.mark.rule("LD-MODE-1")
@pytest.mark.parametrize("met", [True, False])
def test_solo_victory_needs_the_objective_and_survival(met: bool) -> None:
    s = edit(drafted(SOLO, 1))
    s.active_contingency = NOTHING
    hero = s.heroes["p0"]
    hero.objectives = [card("destroy_nest")]
    hero.place = "isolated"
    s.nest_destroyed = met
    s2, events = push(s, EndFrame(reason="purge"))
    assert s2.winners == (["p0"] if met else [])
    assert any(e.kind == "objective_check" for e in events)
    s.heroes["p0"].place = "board"  # caught by the purge
    s.nest_destroyed = True
    s3, _ = push(s, EndFrame(reason="purge"))
    assert s3.winners == []


# ------------------------------------------------------------------ coop
@pytest.mark.rule("LD-MODE-2")
def test_coop_setup_is_public() -> None:
    s = fresh(COOP, 4, seed=2)
    coop_ids = {o.id for o in C.coop_objectives}
    for hero in s.heroes.values():
        assert len(hero.objectives) == 1 and hero.objectives[0] in coop_ids
        assert hero.contingencies == []
    assert len(s.revealed_contingencies) == 1
    total = sum(t.count for t in C.contingencies)
    assert len(s.neutral_pool) == total - 2
    view = RS.view(s, None)
    assert view.mode == "coop"
    assert view.team_objectives == [s.heroes[x].objectives[0] for x in s.seats]
    assert view.revealed_contingencies == s.revealed_contingencies
    assert view.active_contingency is None
    assert all(h.objectives for h in view.heroes)
    semi = RS.view(fresh(Options(), 4, seed=2), None)
    assert semi.team_objectives == [] and all(h.objectives is None for h in semi.heroes)


@pytest.mark.rule("LD-MODE-2")
def test_coop_reveals_a_token_at_the_round_after_each_threshold() -> None:
    s = edit(drafted(COOP, 2))
    thresholds = sorted((t.number for t in C.time_track.slots if t.threshold_after),
                        reverse=True)
    s.time = thresholds[0] - 1  # the first threshold was just passed
    s.stack = [RoundFrame(stage="next")]
    s2, events = push(s)
    assert len(s2.revealed_contingencies) == 2
    shown = [e for e in events if e.kind == "contingency_revealed"]
    assert len(shown) == 1 and shown[0].to is None
    assert shown[0].data["token"] == s2.revealed_contingencies[-1]
    s2 = edit(s2)
    s2.stack = [RoundFrame(stage="next")]
    s3, events = push(s2)  # no new threshold: nothing more
    assert s3.revealed_contingencies == s2.revealed_contingencies
    s3 = edit(s3)
    s3.time = thresholds[-1] - 1
    s3.stack = [RoundFrame(stage="next")]
    s4, _ = push(s3)
    assert len(s4.revealed_contingencies) == 1 + len(thresholds)


def corpse_in_emergency(carried: bool = False) -> tuple[GameState, str]:
    """Coop, 2 players: p1 died with wounds; its corpse is in an emergency room where
    p0 stands (in p0's hands when `carried`). The next round is about to start."""
    s = edit(drafted(COOP, 2))
    slot = next(k for k, r in s.rooms.items() if not r.explored)
    put_room(s, slot, "emergency")
    change_room(s.rooms, slot, malfunction=False)
    change_room(s.rooms, slot, fire=False)
    dead, alive = s.heroes["p1"], s.heroes["p0"]
    alive.room = slot
    dead.place, dead.light = "dead", 2
    dead.serious = [WoundCard(card=C.serious_wounds[0].id)]
    s.deaths["p1"] = "died"
    if carried:
        alive.hands = [Held(obj="corpse_p1")]
    else:
        add_object(s.rooms, slot, "corpse_p1")
    s.stack = [RoundFrame(stage="next")]
    return s, slot


@pytest.mark.rule("LD-MODE-2")
@pytest.mark.parametrize("carried", [False, True])
def test_the_emergency_room_revives_a_corpse_next_round(carried: bool) -> None:
    s, slot = corpse_in_emergency(carried)
    s2, events = push(s)
    hero = s2.heroes["p1"]
    assert hero.place == "board" and hero.room == slot
    assert hero.light == 0 and all(w.dressed for w in hero.serious) and hero.serious
    assert "corpse_p1" not in s2.rooms[slot].objects
    assert all(h.obj != "corpse_p1" for h in s2.heroes["p0"].hands)
    assert "p1" not in s2.deaths
    assert any(e.kind == "revived" for e in events)
    assert len(hero.hand) > 0  # drew up with everyone at the start of the round
    check_state(s2, "revived")


@pytest.mark.rule("LD-MODE-2")
@pytest.mark.parametrize("blocker", ["intruder", "malfunction", "semi_coop"])
def test_no_revival_when_the_emergency_room_does_not_work(blocker: str) -> None:
    s, slot = corpse_in_emergency()
    if blocker == "intruder":
        from lockdown_helpers import add_intruder

        add_intruder(s, "adult", slot)
    elif blocker == "malfunction":
        change_room(s.rooms, slot, malfunction=True)
        s.malfunctions += 1
    else:
        s.options = Options()
    s2, _ = push(s)
    assert s2.heroes["p1"].place == "dead"


@pytest.mark.rule("LD-MODE-2")
@pytest.mark.parametrize("options", [COOP, Options()])
def test_picking_up_a_corpse_tells_about_revival_in_coop(options: Options) -> None:
    s = edit(drafted(options, 2))
    s.heroes["p1"].place = "dead"
    add_object(s.rooms, s.heroes["p0"].room, "corpse_p1")
    action = RS.parse_action(s, "p0", "pick_up:corpse_p1")
    choice = RS.describe(s, "p0", action)
    assert choice.label == "Pick up a corpse"
    assert ("emergency room" in choice.detail) is (options.mode == "coop")


def coop_end(objectives: list[str], n: int = 2) -> GameState:
    s = edit(drafted(COOP, n))
    s.active_contingency = NOTHING
    for seat, oid in zip(s.seats, objectives, strict=True):
        s.heroes[seat].objectives = [oid]
        s.heroes[seat].place = "isolated"
    return s


@pytest.mark.rule("LD-MODE-2")
def test_coop_team_wins_only_with_every_objective() -> None:
    s = coop_end([card("destroy_nest"), card("discover_weakness")])
    s.nest_destroyed, s.lab_slots = True, ["egg"]
    s2, events = push(s, EndFrame(reason="purge"))
    assert s2.winners == ["p0", "p1"]
    assert sum(e.kind == "objective_check" for e in events) == 2
    assert RS.outcome(s2) is not None and RS.outcome(s2).losers == ()  # type: ignore[union-attr]
    s.lab_slots = []
    s3, _ = push(s, EndFrame(reason="purge"))
    assert s3.winners == []
    lines = RS.recap(s3)
    assert any(line.startswith("The team loses: not every objective") for line in lines)
    assert any("Know the Enemy (not met)" in line for line in lines)


@pytest.mark.rule("LD-MODE-2")
def test_coop_needs_a_survivor_and_dead_players_win_with_the_team() -> None:
    s = coop_end([card("destroy_nest"), card("kills_at_least")])
    s.nest_destroyed, s.kills = True, 5
    s.heroes["p1"].place = "dead"
    s2, _ = push(s, EndFrame(reason="purge"))
    assert s2.winners == ["p0", "p1"]
    assert RS.recap(s2)[1].startswith("The team wins")
    s.heroes["p0"].place = "board"  # purged: nobody survives
    s3, _ = push(s, EndFrame(reason="purge"))
    assert s3.winners == []
    assert "nobody survived" in RS.recap(s3)[1]


@pytest.mark.rule("LD-MODE-2")
@pytest.mark.parametrize("signals", [1, 2])
def test_two_signal_cards_need_two_characters(signals: int) -> None:
    s = coop_end([card("send_signal", 0), card("send_signal", 1)])
    for seat in s.seats[:signals]:
        s.heroes[seat].signal = True
    s2, _ = push(s, EndFrame(reason="purge"))
    assert (s2.winners == ["p0", "p1"]) is (signals == 2)
    one = coop_end([card("send_signal", 0), card("destroy_nest")])
    one.nest_destroyed = True
    one.heroes["p1"].signal = True  # the other character's signal is enough for 1 card
    s3, _ = push(one, EndFrame(reason="purge"))
    assert s3.winners == ["p0", "p1"]


@pytest.mark.rule("LD-MODE-2")
def test_every_coop_objective_kind() -> None:
    s = coop_end([card("destroy_nest"), card("destroy_nest")])
    alive = list(s.heroes.values())
    s.heroes["p1"].place = "css"
    checks = {
        "escape_by_css": True, "escape_to_bunker": False, "isolate": True,
        "carry_egg_out": False, "no_deaths": True, "kills_at_least": False,
        "knowledge_at_least": False, "keep_power": False,
    }
    for kind, expected in checks.items():
        assert modes.card_met(s, card(kind), alive) is expected, kind
    s.heroes["p0"].hands = [Held(obj="egg")]
    s.heroes["p0"].knowledge = 7
    s.kills, s.time_active = 3, True
    for p in s.power.values():
        p.active = True
    for kind in ("carry_egg_out", "knowledge_at_least", "kills_at_least", "keep_power"):
        assert modes.card_met(s, card(kind), alive), kind
    assert not modes.card_met(s, card("no_deaths"), alive[:1])
    s.ended = "autodestruct"
    assert not modes.card_met(s, card("keep_power"), alive)


# ------------------------------------------------------------------ seeded full games
STEP_CAP = 4000
WAYS_OUT = ("Lock yourself", "CSS pod", "bunker", "rover", "Send a signal",
            "Restore power", "alert procedure", "Take an egg")
GAMES = [("solo", 1, seed, "basic") for seed in range(4)] + [
    ("coop", n, seed, "basic") for n in (1, 2, 3, 4, 5) for seed in range(2)] + [
    ("solo", 1, seed, "mars") for seed in range(2)] + [  # both sides in both modes
    ("coop", n, 0, "mars") for n in (1, 2, 3, 4, 5)]


CHOOSE = seeker(WAYS_OUT, prefer=("pick_up:corpse",))


@cache
def _record(mode: str, n: int, seed: int, side: str
            ) -> tuple[list[tuple[str, str]], str, set[str]]:
    s = fresh(Options(mode=mode, board=side), n, seed)  # type: ignore[arg-type]
    check_public(s, [], "setup")
    step = checked_mars_step if side == "mars" else checked_step
    rec = play_game(RS, s, n, seed, step=step, choose=CHOOSE, tokens=s.rules.bag.tokens,
                    cap=STEP_CAP, salt=7)
    end = RS.load_state(rec.final_json)
    outcome = RS.outcome(end)
    assert outcome is not None
    if mode == "coop":
        assert set(outcome.winners) in (set(), set(end.seats))  # the team wins or loses
    assert RS.recap(end)
    return rec.moves, rec.final_json, rec.kinds


@pytest.mark.rule("LD-MODE-1")
@pytest.mark.rule("LD-MODE-2")
@pytest.mark.parametrize(("mode", "n", "seed", "side"), GAMES)
def test_full_games_in_each_mode(mode: str, n: int, seed: int, side: str) -> None:
    moves, final, kinds = _record(mode, n, seed, side)
    assert moves and final
    assert {"contingency", "objective_check", "game_over"} <= kinds  # the victory check


# ------------------------------------------------------------------ rooms in the team modes
def in_room(options: Options, tile: str, n: int = 2) -> GameState:
    """p0's turn in an explored `tile` room with power."""
    s = edit(turn(drafted(options, n), "p0"))
    slot = next(k for k, r in s.rooms.items() if not r.explored)
    put_room(s, slot, tile)
    s.heroes["p0"].room = slot
    for power in s.power.values():
        power.active = True
    return s


def room_labels(s: GameState) -> list[str]:
    return [a.label for a in RS.legal_actions(s, "p0") if a.key.startswith("room:")]


@pytest.mark.rule("LD-MODE-2")
def test_coop_alert_room_reveals_a_neutral_token_to_everyone() -> None:
    s = in_room(COOP, "alert")
    assert "Room action: Reveal a neutral contingency token to everyone" in room_labels(s)
    assert not any("take it" in label for label in room_labels(s))
    shown = list(s.revealed_contingencies)
    s2, _ = do(s, "p0", key_for(s, "p0", "Reveal a neutral contingency"))
    assert RS.prompt_text(s2, "p0", "pick") == \
        "Choose the neutral contingency token to reveal to everyone"
    token = s2.neutral_pool[0]
    s3, events = play(s2, "p0", "pick:0")
    assert s3.revealed_contingencies == [*shown, token]
    assert len(s3.neutral_pool) == len(s2.neutral_pool) - 1
    assert s3.heroes["p0"].contingencies == []
    public = [e for e in events if e.kind == "contingency_revealed"]
    assert public and public[0].to is None and IDX.contingencies[token].name in public[0].text
    assert not any(e.to for e in events if e.kind.startswith("contingency"))
    assert token in RS.view(s3, None).revealed_contingencies  # type: ignore[attr-defined]


@pytest.mark.rule("LD-MODE-1")
def test_solo_and_semi_coop_alert_room_still_peeks_and_keeps() -> None:
    for options, n in ((SOLO, 1), (Options(), 2)):
        s = in_room(options, "alert", n)
        kept = list(s.heroes["p0"].contingencies)
        s2, _ = do(s, "p0", key_for(s, "p0", "Peek at a neutral contingency token"))
        token = s2.neutral_pool[0]
        s3, events = play(s2, "p0", "pick:0")
        assert s3.heroes["p0"].contingencies == [*kept, token]
        peek = [e for e in events if e.kind == "contingency_peek"]
        assert peek and peek[0].to == ("p0",)


@pytest.mark.rule("LD-MODE-2")
def test_the_transmitter_offers_no_objective_check_when_objectives_are_public() -> None:
    for options, offered in ((COOP, False), (Options(), True)):
        s = in_room(options, "transmitter")
        s.heroes["p1"].signal = True
        checks = [x for x in room_labels(s) if "Check the objective" in x]
        assert bool(checks) is offered, options.mode
