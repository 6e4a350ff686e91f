"""How the game ends and the victory check (LD-END-1, LD-WIN-1, LD-OBJ-1, NX-END-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    C,
    advance,
    edit,
    keys,
    kinds,
    plain_cards,
    push,
    ready,
    rig,
    run_with,
    set_hand,
    waiting,
)

from rules.lockdown import event_phase
from rules.lockdown.endgame import objective_met
from rules.lockdown.state import EventPhaseFrame, GameState, RoundFrame
from rules.nemesis.frames import EndFrame

CLEAN = next(x.id for x in C.contamination if not x.infected)
DIRTY = next(x.id for x in C.contamination if x.infected)
NOTHING = next(t.id for t in C.contingencies if t.effect == "nothing")


def contingency(effect: str) -> str:
    return next(t.id for t in C.contingencies if t.effect == effect)


def objective(kind: str, value: int = 0) -> str:
    return next(o.id for o in C.objectives if o.kind == kind and (not value or o.value == value))


def scene(n: int = 3) -> GameState:
    chars = ["sentry", "survivor", "psychologist", "lab_rat", "cleaner"][:n]
    s = ready(chars)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, 5))
        s.heroes[seat].objectives = [objective("send_signal")]
        s.heroes[seat].signal = True
    s.active_contingency = NOTHING
    s.first_encounter = True
    return s


def end(s: GameState, reason: str) -> tuple[GameState, list]:
    return push(s, EndFrame(reason=reason))


# ------------------------------------------------------------------ end conditions
@pytest.mark.rule("LD-END-1")
def test_the_purge_at_the_final_slot_kills_everyone_still_inside() -> None:
    s = scene()
    s.time = 1
    s.heroes["p1"].place = "isolated"
    s.heroes["p2"].place = "bunker"
    s2, events = run_with(s, event_phase.move_time)
    assert s2.ended == "purge"
    assert {x: h.place for x, h in s2.heroes.items()} == {
        "p0": "dead", "p1": "isolated", "p2": "bunker"}
    assert sorted(s2.winners or []) == ["p1", "p2"]


@pytest.mark.rule("LD-END-1")
@pytest.mark.parametrize("reason", ["autodestruct", "explosion:fire"])
def test_an_explosion_kills_everyone_inside_isolated_too(reason: str) -> None:
    s = scene()
    s.heroes["p1"].place = "isolated"
    s.heroes["p2"].place = "css"
    from lockdown_helpers import add_intruder

    add_intruder(s, "adult", "s2_2")
    s2, events = end(s, reason)
    assert {x: h.place for x, h in s2.heroes.items()} == {
        "p0": "dead", "p1": "dead", "p2": "css"}
    assert not s2.intruders and s2.nest_destroyed and s2.winners == ["p2"]


@pytest.mark.rule("LD-END-1")
@pytest.mark.parametrize(("autodestruct", "alert", "reason"),
                         [(None, None, "purge"), (5, None, "autodestruct"),
                          (None, 4, "alert"), (6, 4, "autodestruct"), (3, 5, "alert")])
def test_when_the_last_character_leaves_time_jumps_ahead(
        autodestruct: int | None, alert: int | None, reason: str) -> None:
    s = scene()
    s.autodestruct, s.alert = autodestruct, alert
    for seat, place in zip(s.seats, ("isolated", "bunker", "dead"), strict=True):
        s.heroes[seat].place = place
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame(stage="done")]
    s2, events = advance(s)
    assert s2.ended == reason and "game_over" in kinds(events)
    isolated = s2.heroes["p0"].place
    assert isolated == ("dead" if reason == "autodestruct" else "isolated")


@pytest.mark.rule("LD-END-1")
def test_a_passenger_thrown_back_keeps_the_game_going() -> None:
    s = scene()
    s.heroes["p0"].place = "isolated"
    s.heroes["p1"].place = "dead"
    s.heroes["p2"].place, s.heroes["p2"].pod = "pod", "C"
    s.time = 11
    s.css[11] = "css_ab"
    s.stack = [RoundFrame(stage="next"), EventPhaseFrame()]
    s.bag = ["adult0"]
    s2, _ = advance(s)
    assert s2.ended is None and s2.heroes["p2"].place == "board" and waiting(s2) == ["p2"]


# ------------------------------------------------------------------ the victory check
@pytest.mark.rule("LD-WIN-1")
@pytest.mark.parametrize(("effect", "dies"), [
    ("kill_isolated", "p0"), ("kill_bunker", "p1"), ("kill_pods", "p2"),
    ("kill_no_signal", None), ("nothing", None)])
def test_the_contingency_token_and_pod_escapees(effect: str, dies: str | None) -> None:
    s = scene()
    for seat, place in zip(s.seats, ("isolated", "bunker", "css"), strict=True):
        s.heroes[seat].place = place
    s.active_contingency = contingency(effect)
    s2, events = end(s, "purge")
    dead = [x for x, h in s2.heroes.items() if h.place == "dead"]
    assert dead == ([dies] if dies else [])
    assert "contingency" in kinds(events)
    assert sorted(s2.winners or []) == sorted(x for x in s.seats if x != dies)


@pytest.mark.rule("LD-WIN-1")
def test_escapees_by_pod_only_fear_the_kill_all_pods_token() -> None:
    s = scene()
    s.heroes["p2"].place = "css"
    s.heroes["p2"].knowledge = 0
    s.heroes["p2"].signal = False
    s.heroes["p2"].objectives = [objective("escape_by_css")]
    s.active_contingency = contingency("kill_low_knowledge")
    s2, _ = end(s, "purge")
    assert s2.heroes["p2"].place == "css" and s2.winners == ["p2"]


@pytest.mark.rule("LD-WIN-1")
def test_the_contamination_check_scans_shuffles_and_draws_four() -> None:
    s = scene()
    s.heroes["p0"].place = s.heroes["p1"].place = s.heroes["p2"].place = "bunker"
    clean = s.heroes["p0"]
    clean.discard.append(f"c:{CLEAN}")
    s.decks["contamination"].remove(CLEAN)
    sick = s.heroes["p1"]
    sick.discard.append(f"c:{DIRTY}")
    s.decks["contamination"].remove(DIRTY)
    lucky = s.heroes["p2"]
    lucky.larva = True
    s = edit(s)
    rig(s)
    s2, events = end(s, "purge")
    assert s2.heroes["p0"].place == "bunker"  # nothing INFECTED: no draw
    checks = [e for e in events if e.kind == "infection_check"]
    assert len(checks) == 2  # the infected one and the larva carrier
    for seat in ("p1", "p2"):
        hero = s2.heroes[seat]
        drew = hero.deck[:4]
        assert (hero.place == "dead") is any(c.startswith("c:") for c in drew)
        # the drawer alone learns which cards: every one named, the verdict given
        told = [e for e in events if e.kind == "infection_draw" and e.to == (seat,)]
        assert len(told) == 1 and told[0].data["cards"] == drew
        names = [IDX.cards[c].name for c in drew if not c.startswith("c:")]
        assert all(name in told[0].text for name in names)
        assert ("kills you" in told[0].text) is (hero.place == "dead")
    public = " ".join(e.text for e in events if e.to is None)
    assert "is infected and draws 4 cards" in public and "You draw" not in public


@pytest.mark.rule("LD-WIN-1")
def test_objective_check_more_than_one_winner_and_failures() -> None:
    s = scene()
    s.heroes["p0"].place = s.heroes["p1"].place = "isolated"
    s.heroes["p1"].signal = False
    s2, events = end(s, "purge")
    assert s2.winners == ["p0"] and s2.survivors == ["p0", "p1"]
    s.heroes["p1"].signal = True
    s3, _ = end(s, "purge")
    assert s3.winners == ["p0", "p1"]
    outcome = RS.outcome(s3)
    assert outcome is not None and outcome.losers == ("p2",)
    view = RS.view(s3, None)
    assert all(h.objectives for h in view.heroes) and view.active_contingency == NOTHING


# ------------------------------------------------------------------ objectives
@pytest.mark.rule("LD-OBJ-1")
def test_every_objective_kind() -> None:
    s = scene(3)
    p0, p1, p2 = (s.heroes[x] for x in s.seats)
    groups = {"sentry": "worker", "survivor": "survivor", "psychologist": "worker"}
    assert {x.character: IDX.characters[x.character].group for x in (p0, p1, p2)} == groups

    def met(hero, kind: str, survivors, value: int = 0) -> bool:  # type: ignore[no-untyped-def]
        return objective_met(s, hero, objective(kind, value), survivors)

    assert met(p0, "player_cannot_survive", [p0, p1], 3)
    assert not met(p0, "player_cannot_survive", [p0, p1], 2)
    assert met(p0, "only_survivor", [p0]) and not met(p0, "only_survivor", [p0, p1])
    assert met(p0, "no_nemesis_survivor", [p0, p2])
    assert not met(p0, "no_nemesis_survivor", [p0, p1])
    assert met(p1, "no_worker_survivor", [p1]) and not met(p1, "no_worker_survivor", [p0, p1])
    assert met(p0, "send_signal", [p0])
    p0.signal = False
    assert not met(p0, "send_signal", [p0])
    assert not met(p0, "discover_weakness", [p0])
    s.lab_slots = ["egg"]
    assert met(p0, "discover_weakness", [p0])
    assert not met(p0, "destroy_nest", [p0])
    s.nest_destroyed = True
    assert met(p0, "destroy_nest", [p0])
    p0.place = "css"
    assert met(p0, "escape_by_css", [p0]) and not met(p0, "escape_to_bunker", [p0])
    p0.place = "isolated"
    assert met(p0, "isolate", [p0])
    p0.knowledge = 5
    assert met(p0, "knowledge_at_least", [p0], 5) and not met(p0, "knowledge_at_least",
                                                            [p0], 6)
    assert not met(p0, "carry_egg_out", [p0])
    from rules.nemesis.state import Held

    p0.hands.append(Held(obj="egg"))
    assert met(p0, "carry_egg_out", [p0])


@pytest.mark.rule("LD-OBJ-1")
def test_corporate_and_personal_decks() -> None:
    decks = {o.deck for o in C.objectives}
    assert decks == {"corporate", "personal"}
    kinds_ = {o.kind for o in C.objectives}
    assert {"player_cannot_survive", "only_survivor", "no_nemesis_survivor", "send_signal",
            "discover_weakness", "destroy_nest"} <= kinds_


# ------------------------------------------------------------------ who is judged
@pytest.mark.rule("NX-END-1")
def test_only_living_characters_are_judged_and_the_others_stop_playing() -> None:
    s = scene()
    s.heroes["p0"].place = "dead"
    s.heroes["p1"].place = "isolated"
    s.stack = [RoundFrame(stage="draw")]
    s2, _ = advance(s)
    assert waiting(s2) == ["p2"] and keys(s2, "p0") == [] and keys(s2, "p1") == []
    assert s2.heroes["p0"].hand == s.heroes["p0"].hand  # no draw for the dead
    s3, _ = end(s2, "purge")
    assert s3.winners == ["p1"] and s3.survivors == ["p1"]
    s.heroes["p0"].objectives = [objective("only_survivor")]
    s4, _ = end(s, "purge")
    assert "p0" not in (s4.winners or [])
