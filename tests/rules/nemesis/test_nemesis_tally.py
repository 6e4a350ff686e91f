"""The recap's numbers of the Nemesis family (both games): each counter kept by the
primitive that does the thing (kills, eggs, wounds, rounds, exploring and crafting are
also checked in test_lockdown_movement / test_lockdown_gear), the recap's lines, and
states stored before the counters existed still load."""

from __future__ import annotations

import json

from lockdown_helpers import (
    RS,
    add_intruder,
    give,
    ready,
    run_with,
)
from nemesis_helpers import RS as NE_RS
from nemesis_helpers import started

from rules.lockdown.state import GameState
from rules.nemesis import combat, injuries, wounds
from rules.nemesis.places import round_survived
from rules.nemesis.state import Tally, add_object
from rules.nemesis.tally import tally_line


def intruder(s: GameState, i: int):  # type: ignore[no-untyped-def]
    return next(x for x in s.intruders if x.id == i)


def test_an_intruder_killed_counts_for_its_killer_only() -> None:
    s = ready()
    room = s.heroes["p0"].room
    adult = add_intruder(s, "adult", room, injuries=2)
    larva = add_intruder(s, "larva", room)
    other = add_intruder(s, "adult", room)
    s2, _ = run_with(s, lambda ctx: injuries.die(ctx, intruder(ctx.s, adult), "p0"))
    s3, _ = run_with(s2, lambda ctx: injuries.injure(ctx, intruder(ctx.s, larva), 1,
                                                       by="p0"))
    s4, _ = run_with(s3, lambda ctx: injuries.die(ctx, intruder(ctx.s, other)))  # fire
    assert [h.tally.kills for h in s4.heroes.values()] == [2, 0]
    assert s4.kills == 2 and not s4.intruders  # the fire's kill is nobody's
    assert s.heroes["p0"].tally.kills == 0  # the state before is untouched


def test_eggs_destroyed_count_each_egg_not_each_hit() -> None:
    s = ready()
    room = s.heroes["p0"].room
    add_object(s.rooms, room, "egg")
    s2, _ = run_with(s, lambda ctx: combat.destroy_eggs(ctx, ctx.s.heroes["p0"], 2))
    assert s2.heroes["p0"].tally.eggs == 1  # one egg there: the second hit finds none
    s3, _ = run_with(s2, lambda ctx: combat.destroy_eggs(ctx, ctx.s.heroes["p0"], 0))
    assert s3.heroes["p0"].tally.eggs == 1  # a miss


def test_wounds_taken_count_light_and_serious_but_not_what_armour_stops() -> None:
    s = ready()
    give(s, "p0", "body_armor")
    s2, _ = run_with(s, lambda ctx: wounds.light_wound(ctx, ctx.s.heroes["p0"], 3))
    hero = s2.heroes["p0"]
    assert hero.light == 2 and (hero.tally.light, hero.tally.serious) == (2, 0)
    s3, _ = run_with(s2, lambda ctx: wounds.light_wound(ctx, ctx.s.heroes["p0"]))
    hero = s3.heroes["p0"]  # the third light wound becomes a serious one
    assert hero.light == 0 and len(hero.serious) == 1
    assert (hero.tally.light, hero.tally.serious) == (3, 1)
    s4, _ = run_with(s3, lambda ctx: wounds.serious_wound(ctx, ctx.s.heroes["p0"], 2))
    s5, _ = run_with(s4, lambda ctx: wounds.serious_wound(ctx, ctx.s.heroes["p0"]))
    hero = s5.heroes["p0"]  # past 3 serious wounds a blow kills, with no card drawn
    assert len(hero.serious) == 3 and hero.tally.serious == 3 and hero.place == "dead"


def test_a_round_counts_for_everyone_still_aboard() -> None:
    s = ready()
    s.heroes["p1"].place = "dead"
    s2, _ = run_with(s, lambda ctx: round_survived(ctx.s))
    assert [h.tally.rounds for h in s2.heroes.values()] == [1, 0]
    s2.heroes["p1"].place = "pod"  # waiting in a pod is still aboard
    s3, _ = run_with(s2, lambda ctx: round_survived(ctx.s))
    assert [h.tally.rounds for h in s3.heroes.values()] == [2, 1]


def test_the_numbers_line_says_each_count() -> None:
    s = ready()
    hero = s.heroes["p0"]
    hero.tally = Tally(rounds=6, kills=2, eggs=1, light=3, serious=1, explored=2, crafted=1)
    assert tally_line(hero) == ("<@p0>: 6 rounds survived; 2 intruders killed; 1 egg "
                                "destroyed; wounds taken: 3 light, 1 serious; 2 rooms "
                                "explored; 1 item crafted.")
    assert tally_line(s.heroes["p1"]) == \
        "<@p1>: 0 rounds survived; no intruder killed; no wound taken."


def test_both_recaps_end_with_the_numbers_of_every_player() -> None:
    for rs, s in ((RS, ready()), (NE_RS, started(3))):
        s.winners, s.survivors, s.ended = [], [], "hyperjump"
        for seat in s.seats:
            s.heroes[seat].place = "dead"
        s.heroes[s.seats[0]].tally.kills = 3
        lines = rs.recap(s)
        tail = lines[-len(s.seats) - 1:]
        assert tail[0] == "In numbers:"
        assert [line.split(":")[0] for line in tail[1:]] == [f"<@{x}>" for x in s.seats]
        assert "3 intruders killed" in tail[1]
        assert all(len(line) < 2000 for line in lines)


def test_a_state_stored_before_the_counters_loads_and_round_trips() -> None:
    for s in (ready(), started(3)):
        data = json.loads(s.model_dump_json())
        for hero in data["heroes"].values():
            del hero["tally"]
        old = type(s).model_validate(data)
        assert all(h.tally == Tally() for h in old.heroes.values())
        again = type(s).model_validate_json(s.model_dump_json())
        assert again.model_dump_json() == s.model_dump_json()
