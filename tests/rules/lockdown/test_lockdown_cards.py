"""Every content card of Nemesis: Lockdown played through the public contract, with an
observable effect: character action cards (LD-CHAR-1), item uses and passive items
(NX-ITEM-1), intruder events (NX-EVENT-1), intruder attacks (NX-IATK-1), serious wounds
(NX-WOUND-1), computer cards (LD-COMP-1), exploration tokens (NX-EXPLORE-1), CSS tokens
(LD-CSS-1), contingency tokens and objectives (LD-WIN-1).

The parameter lists are read from the content files, so a new card is played here as
soon as it is added. What an effect primitive must change is written once per primitive
(`prepare` makes the change observable on the crafted table, `check_effect` asserts
it); totals of wounds, contamination, knowledge and card draws are checked with a
small model of the hero (`expected_tallies`). The last test fails when the content uses
a primitive, passive, special, penalty, token or objective kind nobody checks here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from lockdown_helpers import (
    IDX,
    B,
    C,
    add_intruder,
    advance,
    attack,
    brace,
    die,
    edit,
    give,
    key_for,
    keys,
    kinds,
    noise,
    on_top,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    rig,
    run_with,
    set_hand,
    take_all_items,
    top,
    waiting,
    wound,
)

from rules.core.contract import Event
from rules.lockdown import event_phase
from rules.lockdown.bag import BAG
from rules.lockdown.state import GameState, RoundFrame
from rules.nemesis import effects as fx
from rules.nemesis.bag import kind_of
from rules.nemesis.cards import ActionCard, Use
from rules.nemesis.doors import DOOR_TOKENS
from rules.nemesis.events import event_card
from rules.nemesis.frames import (
    AttackFrame,
    DiscardFrame,
    EndFrame,
    InterruptFrame,
    PayFrame,
    PickFrame,
)
from rules.nemesis.resolve import apply_effect, discard
from rules.nemesis.state import Held, change_room

# ------------------------------------------------------------------ the stage
HERE = "s2_2"             # section 2, four corridors, no technical entrance
NEIGHBOUR = "repository"  # an explored neighbour of HERE
SECTION_ROOM = "alert"    # an explored room of section 2, not next to HERE
FAR = "backup_power"      # an explored room of section 3, three corridors away
CHOSEN = {"neighbour": NEIGHBOUR, "section": SECTION_ROOM, "any": FAR}
COMPUTER_TILE = "archive"  # a computer room, searchable in every colour
WEAPON = "assault_rifle"   # capacity 5: room for any reload
HEAVY = "crowbar"
KINDS = ("larva", "creeper", "adult", "breeder", "queen")
ATTACKERS = ("creeper", "adult", "breeder", "queen")
CLEAN = [x.id for x in C.contamination if not x.infected]
# attack cards that never make an injured intruder flee, the bloodiest first: drawn for
# the death check of an intruder a card injures, so it survives with its injuries
BLOODY = [a.id for a in sorted(C.attacks, key=lambda a: -a.blood) if not a.retreat]
NOTHING = next(t.id for t in C.contingencies if t.effect == "nothing")
GROUP = {ch.id: ch.group for ch in C.characters}

Effects = Sequence[fx.Effect]


@dataclass
class Scene:
    """A crafted table and what the run needs on top of it."""

    s: GameState
    subject: str | None = "p0"
    attacks: list[str] = field(default_factory=list)  # on top of the attack deck
    draws: list[tuple[int, int]] = field(default_factory=list)  # scripted RNG draws
    rolls: dict[str, int] = field(default_factory=dict)  # seat -> noise face rolled
    done: set[tuple[str, str]] = field(default_factory=set)  # preparations made


@dataclass
class Run:
    before: GameState
    after: GameState
    events: list[Event]
    subject: str | None
    rolls: dict[str, int]
    picks: list[tuple[str, str, str]]  # (seat, purpose or tag, option) answered


def partner_of(character: str) -> str:
    return "cleaner" if character != "cleaner" else "sentry"


def table(character: str = "sentry") -> GameState:
    """p0 plays `character`, p1 a partner; both stand in HERE (a powered computer room),
    p0 carries nothing, nobody has met an intruder yet."""
    s = ready((character, partner_of(character)))
    put_room(s, HERE, COMPUTER_TILE)
    for hero in s.heroes.values():
        hero.room = HERE
    take_all_items(s, "p0")
    s.power["2"].active = True
    s.first_encounter = True
    return s


def payers(character: str, exclude: str = "", n: int = 3) -> list[str]:
    """n plain action cards of the character to pay costs with."""
    deck = IDX.characters[character].deck
    return [c.id for c in deck if not c.interrupt and c.id != exclude][:n]


def options_of(thing: ActionCard | Use) -> list[int]:
    return list(range(len(thing.options))) or [0]


def effects_of(thing: ActionCard | Use, option: int) -> Effects:
    return thing.options[option] if thing.options else thing.effects


def case_id(name: str, option: int, many: bool) -> str:
    return f"{name}-option{option + 1}" if many else name


def lit(s: GameState, room: str) -> bool:
    section = B.section[room]
    return section is not None and s.power[str(section)].active


def who_seats(s: GameState, who: str, subject: str | None) -> list[str]:
    """The characters an effect names (the test's own reading of `who`)."""
    alive = [x for x in s.seats if s.heroes[x].place == "board"]
    if who == "self":
        return [subject] if subject in alive else []
    if who == "dark":
        return [x for x in alive if not lit(s, s.heroes[x].room)]
    if who == "all":
        return alive
    assert subject is not None, f"who={who} needs a subject"
    room = s.heroes[subject].room
    if who == "room":
        return [x for x in alive if s.heroes[x].room == room]
    if who == "others_in_room":
        return [x for x in alive if s.heroes[x].room == room and x != subject]
    assert who == "section", who
    return [x for x in alive if B.section[s.heroes[x].room] == B.section[room]]


def nest_slot(s: GameState) -> str:
    return next(slot for slot, r in s.rooms.items() if r.tile == "nest")


def rooms_of(s: GameState, e: Any, subject: str | None) -> list[str]:
    """The rooms an effect touches (chosen rooms are the ones `answer` picks)."""
    where = e.where
    if where == "here":
        assert subject is not None
        return [s.heroes[subject].room]
    if where == "chosen":
        return [CHOSEN[getattr(e, "range", "any")]]
    if where == "random":
        return [FAR]  # scripted by `prepare`
    if where == "section":
        assert subject is not None
        section = B.section[s.heroes[subject].room]
        return [r for r in s.rooms if B.section[r] == section]
    if where == "with_intruder":
        return sorted({i.room for i in s.intruders})
    if where == "with_character":
        return sorted({s.heroes[x].room for x in who_seats(s, "all", subject)})
    assert where == "nest", where
    return [nest_slot(s)]


def corridors_around(rooms: Sequence[str]) -> set[str]:
    return {ex.corridor for r in rooms for ex in B.exits[r] if ex.to != "tech"}


def ignite(s: GameState, room: str) -> None:
    if not s.rooms[room].fire:
        change_room(s.rooms, room, fire=True)
        s.fires += 1


def break_down(s: GameState, room: str) -> None:
    if not s.rooms[room].malfunction:
        change_room(s.rooms, room, malfunction=True)
        s.malfunctions += 1


def fill_noise(s: GameState, room: str) -> None:
    for ex in B.exits[room]:
        if ex.to == "tech":
            s.tech_noise = True
        elif ex.corridor not in s.noise:
            s.noise.append(ex.corridor)


def close_around(s: GameState, room: str) -> None:
    for corridor in corridors_around([room]):
        s.doors[corridor] = "closed"


def contamination(s: GameState, seat: str) -> int:
    hero = s.heroes[seat]
    return sum(c.startswith("c:") for c in hero.hand + hero.deck + hero.discard)


def owned(s: GameState, seat: str) -> list[str]:
    hero = s.heroes[seat]
    return hero.inventory + [h.item for h in hero.hands if h.item]


def intruders_here(s: GameState, room: str) -> list[int]:
    return [i.id for i in s.intruders if i.room == room]


# ------------------------------------------------------------------ preparing effects
def prepare(sc: Scene, e: fx.Effect) -> None:
    """Make the effect observable: give it something to change."""
    s, me = sc.s, sc.subject
    if isinstance(e, fx.Wound | fx.Contaminate | fx.Knowledge | fx.DrawCards | fx.GainItem
                  | fx.Move | fx.Hunt | fx.Spawn):
        return  # nothing to set up (tallied, or checked by where it leads)
    if isinstance(e, fx.Heal):
        for seat in who_seats(s, e.who, me):
            hero = s.heroes[seat]
            if e.what.startswith("light") and (seat, "light") not in sc.done:
                sc.done.add((seat, "light"))
                hero.light = 2
            elif e.what.startswith("dress") and (seat, "dress") not in sc.done:
                sc.done.add((seat, "dress"))
                wound(s, seat, "bleeding")
                wound(s, seat, "eye")
            elif e.what == "heal_dressed" and (seat, "dressed") not in sc.done:
                sc.done.add((seat, "dressed"))
                wound(s, seat, "leg", dressed=True)
    elif isinstance(e, fx.Scan):
        for seat in who_seats(s, e.who, me):
            if (seat, "scan") not in sc.done:
                sc.done.add((seat, "scan"))
                card = next(c for c in CLEAN if c in s.decks["contamination"])
                s.decks["contamination"].remove(card)
                s.heroes[seat].hand.append(f"c:{card}")
    elif isinstance(e, fx.Slime):
        for seat in who_seats(s, e.who, me):
            s.heroes[seat].slime = e.remove
    elif isinstance(e, fx.DiscardCards):
        if e.random:
            for seat in who_seats(s, e.who, me):
                size = len(s.heroes[seat].hand)
                sc.draws += [(size - k, 0) for k in range(min(e.n, size))]
    elif isinstance(e, fx.NoiseRoll):
        for seat in who_seats(s, e.who, me):
            if not intruders_here(s, s.heroes[seat].room):
                sc.rolls[seat] = len(sc.rolls) + 1
                sc.draws.append(noise(sc.rolls[seat]))
    elif isinstance(e, fx.Reload):
        assert me is not None
        if (me, "weapon") not in sc.done:
            sc.done.add((me, "weapon"))
            give(s, me, WEAPON, ammo=0)
    elif isinstance(e, fx.DropHeavy):
        for seat in who_seats(s, e.who, me):
            give(s, seat, HEAVY)
    elif isinstance(e, fx.Fire | fx.Malfunction):
        mark = ignite if isinstance(e, fx.Fire) else break_down
        if e.remove:
            for room in rooms_of(s, e, me):
                mark(s, room)
        elif e.where == "random":
            sc.draws.append(random_room(s))
        elif e.where == "with_intruder":
            sitter(sc)
    elif isinstance(e, fx.Noise):
        if e.where == "tech":
            s.tech_noise = e.remove
        elif e.remove:
            for room in rooms_of(s, e, me):
                fill_noise(s, room)
        elif e.where == "random":
            sc.draws.append(random_room(s))
    elif isinstance(e, fx.Doors):
        if e.where == "with_intruder":
            sitter(sc)  # its doors are closed: the movers' corridors stay open
        if e.op != "close":
            for room in [HERE] if e.where == "with_intruder" else rooms_of(s, e, me):
                close_around(s, room)
    elif isinstance(e, fx.Injure):
        assert me is not None and e.where == "here", e
        room = s.heroes[me].room
        for _ in range((2 if e.target == "all" else 1) - len(intruders_here(s, room))):
            add_intruder(s, "adult", room)
        for _ in intruders_here(s, room) if e.target == "all" else [room]:
            sc.attacks.append(next(c for c in BLOODY if c not in sc.attacks))
    elif isinstance(e, fx.Retreat):
        assert me is not None and e.where == "here", e
        if not intruders_here(s, s.heroes[me].room):
            add_intruder(s, "adult", s.heroes[me].room)
    elif isinstance(e, fx.Bag):
        if e.op == "add" and BAG.free_tokens(s, e.intruder):
            sc.draws.append((len(BAG.free_tokens(s, e.intruder)), 0))
    elif isinstance(e, fx.Eggs):
        s.nest_found = True
        s.eggs = -e.n if e.n < 0 else 3  # culling reaches the last egg
    elif isinstance(e, fx.Power):
        tokens = sorted(s.power.values(), key=lambda p: p.token)
        if e.op == "off_highest" and not any(p.active for p in tokens):
            tokens[0].active = True
        if e.op == "on_lowest" and all(p.active for p in tokens):
            s.power["elevator"].active = False
    else:
        raise AssertionError(f"no preparation for the effect {e.do}")


def random_room(s: GameState) -> tuple[int, int]:
    """The scripted draw that makes a "random explored room" FAR."""
    explored = sorted(r for r, st in s.rooms.items() if st.explored)
    return (len(explored), explored.index(FAR))


def sitter(sc: Scene) -> None:
    """An intruder fighting in HERE (it never moves on an event)."""
    if not intruders_here(sc.s, HERE):
        add_intruder(sc.s, "adult", HERE)


# ------------------------------------------------------------------ checking effects
def tally(s: GameState, seat: str) -> dict[str, int]:
    hero = s.heroes[seat]
    return {"light": hero.light, "serious": len(hero.serious),
            "dressed": sum(w.dressed for w in hero.serious),
            "contamination": contamination(s, seat), "knowledge": hero.knowledge,
            "deck": len(hero.deck), "hand": len(hero.hand)}


def expected_tallies(s: GameState, effects: Effects, subject: str | None
                     ) -> tuple[dict[str, dict[str, int]], set[tuple[str, str]]]:
    """What the effects do to each character's wounds, contamination, knowledge, deck
    and hand (a light wound past the second becomes a serious one)."""
    out = {seat: tally(s, seat) for seat in s.seats}
    touched: set[tuple[str, str]] = set()
    for e in effects:
        for seat in who_seats(s, getattr(e, "who", "self"), subject) if isinstance(
                e, fx.Wound | fx.Heal | fx.Contaminate | fx.Knowledge | fx.DrawCards
                | fx.DiscardCards) else []:
            t = out[seat]
            if isinstance(e, fx.Wound):
                touched |= {(seat, "light"), (seat, "serious")}
                for _ in range(e.n):
                    if e.kind == "serious":
                        t["serious"] += 1
                    elif t["light"] < 2:
                        t["light"] += 1
                    else:
                        t["light"], t["serious"] = 0, t["serious"] + 1
            elif isinstance(e, fx.Heal):
                touched |= {(seat, "light"), (seat, "serious"), (seat, "dressed")}
                if e.what == "light_all":
                    t["light"] = 0
                elif e.what == "light_one":
                    t["light"] = max(0, t["light"] - 1)
                elif e.what == "dress_all":
                    t["dressed"] = t["serious"]
                elif e.what == "dress_one":
                    t["dressed"] = min(t["serious"], t["dressed"] + 1)
                elif t["dressed"]:
                    t["dressed"] -= 1
                    t["serious"] -= 1
            elif isinstance(e, fx.Contaminate):
                touched.add((seat, "contamination"))
                t["contamination"] += e.n
            elif isinstance(e, fx.Knowledge):
                touched.add((seat, "knowledge"))
                t["knowledge"] = max(0, t["knowledge"] + e.n)
            elif isinstance(e, fx.DrawCards):
                touched.add((seat, "deck"))
                t["deck"] -= e.n
            else:
                touched.add((seat, "hand"))
                t["hand"] = max(0, t["hand"] - e.n)
    return out, touched


def check_effect(run: Run, e: fx.Effect) -> None:
    b, a, me = run.before, run.after, run.subject
    if isinstance(e, fx.Wound | fx.Heal | fx.Contaminate | fx.Knowledge | fx.DrawCards):
        return  # tallied
    if isinstance(e, fx.DiscardCards):
        if not e.random:  # "of your/their choice": each one picks
            chose = {seat for seat, purpose, _ in run.picks if purpose == "discard"}
            assert chose >= {x for x in who_seats(b, e.who, me) if b.heroes[x].hand}
    elif isinstance(e, fx.Slime):
        for seat in who_seats(b, e.who, me):
            assert a.heroes[seat].slime is not e.remove, seat
    elif isinstance(e, fx.Scan):
        for seat in who_seats(b, e.who, me):
            hand = a.heroes[seat].hand
            assert not any(c.startswith("c:") and c[2:] in CLEAN for c in hand), seat
            assert any(ev.kind == "scan" and ev.to == (seat,) for ev in run.events)
    elif isinstance(e, fx.NoiseRoll):
        assert run.rolls, "nobody rolled for noise"
        for seat, face in run.rolls.items():
            ex = B.exit_by_number(b.heroes[seat].room, face)
            assert a.tech_noise if ex.to == "tech" else ex.corridor in a.noise, seat
    elif isinstance(e, fx.GainItem):
        picked = [option for _, purpose, option in run.picks if purpose == "color"]
        color = picked[0] if e.color == "white" else e.color
        for seat in who_seats(b, e.who, me):
            new = list((Counter(owned(a, seat)) - Counter(owned(b, seat))).elements())
            assert len(owned(a, seat)) == len(owned(b, seat)) + 1, seat
            if e.crafted:
                assert new == [e.crafted]
            else:
                assert [IDX.items[i].color for i in new] == [color], new
            room = b.heroes[seat].room  # not a search: the item counter stays
            assert a.rooms[room].items == b.rooms[room].items
    elif isinstance(e, fx.Reload):
        assert me is not None
        held = next(h for h in a.heroes[me].hands if h.item == WEAPON)
        assert held.ammo == min(IDX.items[WEAPON].weapon.capacity, e.n)  # type: ignore[union-attr]
    elif isinstance(e, fx.DropHeavy):
        for seat in who_seats(b, e.who, me):
            assert not a.heroes[seat].hands and a.decks["yellow"][-1] == HEAVY
    elif isinstance(e, fx.Move):
        assert me is not None
        old, new = b.heroes[me].room, a.heroes[me].room
        assert new != old and a.heroes[me].place == "board"
        if e.through_tech:
            assert new in B.tech_rooms()
        else:
            assert new in B.neighbours(old)
        if e.careful:  # no noise roll: a marker in a chosen corridor of the new room
            assert "noise" not in kinds(run.events)
            around = corridors_around([new])
            assert set(a.noise) - set(b.noise) <= around
            assert (set(a.noise) - set(b.noise)) & around or (a.tech_noise and not b.tech_noise)
    elif isinstance(e, fx.Fire):
        rooms = rooms_of(a if e.where == "with_intruder" else b, e, me)
        assert rooms and all(a.rooms[r].fire is not e.remove for r in rooms), rooms
        assert a.fires == sum(r.fire for r in a.rooms.values())
    elif isinstance(e, fx.Malfunction):
        rooms = rooms_of(a if e.where == "with_intruder" else b, e, me)
        if not e.remove:  # malfunctions stay out of unexplored rooms, the nest and slime
            rooms = [r for r in rooms if a.rooms[r].explored
                     and a.rooms[r].tile not in ("nest", "contaminated")]
        assert rooms and all(a.rooms[r].malfunction is not e.remove for r in rooms), rooms
    elif isinstance(e, fx.Noise):
        if e.where == "tech":
            assert a.tech_noise is not e.remove
            return
        for room in rooms_of(b, e, me):
            for ex in B.exits[room]:
                on = a.tech_noise if ex.to == "tech" else ex.corridor in a.noise
                assert on is not e.remove, (room, ex)
    elif isinstance(e, fx.Doors):
        around = corridors_around(rooms_of(a if e.where == "with_intruder" else b, e, me))
        assert around
        if e.op == "close":
            closed = {c for c in around if a.doors.get(c) == "closed"}
            assert len(closed) == min(DOOR_TOKENS, len(around)), (around, a.doors)
            return
        was = {c for c in around if b.doors.get(c) == "closed"}
        assert was, "no closed door to open or destroy"
        want = None if e.op == "open" else "destroyed"
        assert all(a.doors.get(c) == want for c in was), a.doors
    elif isinstance(e, fx.Injure):
        assert me is not None
        hurt = [i for i in b.intruders if i.room == b.heroes[me].room]
        assert hurt
        after = {i.id: i for i in a.intruders}
        changed = [i for i in hurt if i.id not in after
                   or after[i.id].injuries == i.injuries + e.n]
        assert len(changed) == (len(hurt) if e.target == "all" else 1), (hurt, after)
        assert all(i.id in after for i in changed), "the bloody attack card should save it"
    elif isinstance(e, fx.Retreat):  # through the corridor of a drawn event card each
        assert me is not None
        room = b.heroes[me].room
        fled = [i.id for i in b.intruders if i.room == room]
        drawn = b.decks["events"][:len(fled)]
        assert fled and len(drawn) == len(fled)
        where = {i.id: i.room for i in a.intruders}
        for intruder, event in zip(fled, drawn, strict=True):
            ex = B.exit_by_number(room, IDX.events[event].corridors[0])
            assert where.get(intruder, "tech") == ex.to, (intruder, event)
    elif isinstance(e, fx.Spawn):
        room = rooms_of(a, e, me)[0]
        assert sum(i.kind == e.intruder and i.room == room for i in a.intruders) == sum(
            i.kind == e.intruder and i.room == room for i in b.intruders) + 1
    elif isinstance(e, fx.Bag):
        step = 1 if e.op == "add" else -1
        assert Counter(map(kind_of, a.bag))[e.intruder] == Counter(
            map(kind_of, b.bag))[e.intruder] + step
    elif isinstance(e, fx.Eggs):
        assert a.eggs == max(0, b.eggs + e.n)
        if a.eggs == 0 and b.nest_found:
            assert a.nest_destroyed, "the last egg is gone: the nest is destroyed"
    elif isinstance(e, fx.Hunt):
        return  # where the hunters went: test_every_intruder_event_...
    elif isinstance(e, fx.Power):
        tokens = sorted(b.power.items(), key=lambda kv: kv[1].token)
        if e.op == "off_highest":
            place = [k for k, p in tokens if p.active][-1]
            assert not a.power[place].active
        else:
            assert e.op == "on_lowest", e
            place = next(k for k, p in tokens if not p.active)
            assert a.power[place].active and a.power_switched_on
        assert sum(p.active for p in a.power.values()) == sum(
            p.active for p in b.power.values()) + (1 if e.op == "on_lowest" else -1)
    else:
        raise AssertionError(f"no check for the effect {e.do}")


def verify(run: Run, effects: Effects, strict: bool = False) -> None:
    """The effects happened; `strict`: nothing else touched a character's wounds,
    contamination, knowledge, deck or hand."""
    expected, touched = expected_tallies(run.before, effects, run.subject)
    for seat in run.before.seats:
        for what, value in tally(run.after, seat).items():
            if (seat, what) in touched or strict:
                assert value == expected[seat][what], (seat, what)
    for e in effects:
        check_effect(run, e)


# ------------------------------------------------------------------ running
def answer(frame: PickFrame) -> int:
    """The option the tests take: the stage's room for a chosen room, the explored
    neighbour for a movement, else the first."""
    if frame.purpose == "room":
        want = CHOSEN[getattr(frame.effect, "range", "any")]
        assert want in frame.options, (want, frame.options)
        return frame.options.index(want)
    if frame.purpose == "move" and NEIGHBOUR in frame.options:
        return frame.options.index(NEIGHBOUR)
    return 0


def settle(s: GameState, events: list[Event], picks: list[tuple[str, str, str]]
           ) -> GameState:
    """Answer the payments and choices that follow, until a turn or nothing is left."""
    for _ in range(30):
        seats = waiting(s)
        frame = top(s) if s.stack else None
        if not seats or not isinstance(frame, PickFrame | PayFrame | DiscardFrame):
            return s
        seat = seats[0]
        if isinstance(frame, PayFrame):
            key = keys(s, seat)[0]
        elif isinstance(frame, DiscardFrame):
            key = keys(s, seat)[0]
            picks.append((seat, "discard", key))
        else:
            i = answer(frame)
            picks.append((seat, frame.tag if frame.purpose == "step" else frame.purpose,
                          frame.options[i]))
            if frame.purpose == "move" and not (isinstance(frame.effect, fx.Move)
                                                and frame.effect.careful):
                s = edit(s)
                rig(s, noise("silence"))
            key = f"pick:{i}"
        s, more = play(s, seat, key)
        events += more
    raise AssertionError("the choices never end")


def staged(sc: Scene) -> GameState:
    s = edit(sc.s)
    on_top(s, "attacks", *sc.attacks)
    if sc.draws:
        rig(s, *sc.draws)
    return s


def act(s: GameState, seat: str, key: str, sc: Scene | None = None) -> Run:
    """Play `key` through the contract and answer what follows."""
    picks: list[tuple[str, str, str]] = []
    after, events = play(s, seat, key)
    after = settle(after, events, picks)
    return Run(s, after, events, sc.subject if sc else seat, sc.rolls if sc else {}, picks)


def step(s: GameState, fn: Callable[[Any], None], sc: Scene) -> Run:
    """Run one engine step, then answer what follows."""
    picks: list[tuple[str, str, str]] = []
    after, events = run_with(s, fn)
    after = settle(after, events, picks)
    return Run(s, after, events, sc.subject, sc.rolls, picks)


def stage(sc: Scene, effects: Effects, fight: bool) -> None:
    for e in effects:
        prepare(sc, e)
    if fight:
        me = sc.s.heroes[sc.subject or "p0"]
        if not intruders_here(sc.s, me.room):
            add_intruder(sc.s, "adult", me.room)


def needs_fight(combat: str, effects: Effects) -> bool:
    wants = any(isinstance(e, fx.Injure | fx.Retreat) for e in effects)
    assert not (wants and combat == "out"), "an out-of-combat effect on intruders"
    return combat == "in" or wants


# ------------------------------------------------------------------ character cards
CARD_CASES = [pytest.param(ch.id, card.id, opt,
                           id=case_id(card.id, opt, len(options_of(card)) > 1))
              for ch in C.characters for card in ch.deck if not card.interrupt
              for opt in options_of(card)]
INTERRUPT_CASES = [pytest.param(ch.id, card.id, opt,
                                id=case_id(card.id, opt, len(options_of(card)) > 1))
                   for ch in C.characters for card in ch.deck if card.interrupt
                   for opt in options_of(card)]


@pytest.mark.rule("LD-CHAR-1")
@pytest.mark.parametrize(("character", "card", "option"), CARD_CASES)
def test_every_action_card_does_what_it_says(character: str, card: str, option: int
                                             ) -> None:
    action = IDX.cards[card]
    effects = effects_of(action, option)
    s = table(character)
    set_hand(s, "p0", [card, *payers(character, card)])
    sc = Scene(s)
    stage(sc, effects, needs_fight(action.combat, effects))
    run = act(staged(sc), "p0", f"card:{card},{option}", sc)
    verify(run, effects)
    hero = run.after.heroes["p0"]
    assert card in hero.discard and card not in hero.hand
    assert len(hero.discard) - len(run.before.heroes["p0"].discard) >= 1 + action.cost


@pytest.mark.rule("LD-CHAR-1")
@pytest.mark.parametrize(("character", "card", "option"), INTERRUPT_CASES)
def test_every_interrupt_card_answers_an_intruder_attack(character: str, card: str,
                                                         option: int) -> None:
    action = IDX.cards[card]
    effects = effects_of(action, option)
    s = table(character)
    set_hand(s, "p0", [card, *payers(character, card)])
    sc = Scene(s)
    stage(sc, effects, fight=True)
    attacker = next(i for i in sc.s.intruders if i.room == HERE)
    sc.attacks.append(next(c.id for c in C.attacks if attacker.kind not in c.hits
                           and c.id not in sc.attacks))  # should it still attack: a miss
    s1, _ = push(staged(sc), AttackFrame(queue=[(attacker.id, "p0")]))
    assert isinstance(top(s1), InterruptFrame) and waiting(s1) == ["p0"]
    run = act(s1, "p0", f"card:{card},{option}", sc)
    verify(run, effects)
    assert not any(ev.kind == "attack" and ev.data.get("hit") for ev in run.events)
    assert card in run.after.heroes["p0"].discard


# ------------------------------------------------------------------ items
USE_CASES = [pytest.param(item.id, opt, id=case_id(item.id, opt, len(options_of(item.use)) > 1))
             for item in C.items if item.use is not None for opt in options_of(item.use)]
PASSIVE_CASES = [pytest.param(item.id, id=item.id) for item in C.items if item.passive]


@pytest.mark.rule("NX-ITEM-1")
@pytest.mark.parametrize(("item", "option"), USE_CASES)
def test_every_item_use_does_what_it_says(item: str, option: int) -> None:
    card = IDX.items[item]
    assert card.use is not None
    effects = effects_of(card.use, option)
    s = table("sentry")
    set_hand(s, "p0", payers("sentry", n=4))
    give(s, "p0", item)
    s.heroes["p0"].quest_active = card.color == "quest" or s.heroes["p0"].quest_active
    sc = Scene(s)
    stage(sc, effects, needs_fight(card.use.combat, effects))
    run = act(staged(sc), "p0", f"use:{item},{option}", sc)
    verify(run, effects)
    still = item in owned(run.after, "p0")
    assert still is not card.one_use
    if card.one_use:
        assert item in run.after.discards[card.color]


def carries_passive(item: str) -> GameState:
    s = table("sentry")
    set_hand(s, "p0", payers("sentry", n=4))
    give(s, "p0", item)
    return s


def passive_armor(item: str) -> None:
    s = carries_passive(item)
    i = add_intruder(s, "adult", HERE)
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    s2, events = brace(*push(s, AttackFrame(queue=[(i, "p0")])))
    assert s2.heroes["p0"].light == 0 and "armor" in kinds(events)


def passive_motion_tracker(item: str) -> None:
    s = carries_passive(item)
    run = act(s, "p0", f"use:{item},0")
    peek = [e for e in run.events if e.kind == "peek_event"]
    assert peek and peek[0].to == ("p0",) and peek[0].data["card"] == s.decks["events"][0]
    assert run.after.heroes["p0"].tracker_used and run.after.heroes["p0"].actions_taken == 0


def passive_main_gate_key(item: str) -> None:
    s = carries_passive(item)
    s.heroes["p0"].room = C.board.main_gate_slot
    assert not s.gate_open
    run = act(s, "p0", key_for(s, "p0", "Open the main gate"))
    assert run.after.gate_open


def passive_enviro_suit(item: str) -> None:
    s = carries_passive(item)
    s.heroes["p0"].room = C.board.main_gate_slot
    s.gate_open, s.rover_at_base = True, False
    key = key_for(s, "p0", "Enviro-Suit")
    rig(s, noise("silence"))
    run = act(s, "p0", key)
    assert run.after.heroes["p0"].place == "bunker"


def passive_duct_tape(item: str) -> None:
    s = carries_passive(item)
    give(s, "p0", "crowbar")
    give(s, "p0", "toolbox")
    on_top(s, "yellow", "welding_torch")
    s2, _ = play(s, "p0", key_for(s, "p0", "yellow items"))
    s2, _ = play(s2, "p0", keys(s2, "p0")[0])  # pay
    s3, _ = play(s2, "p0", key_for(s2, "p0", "Tape Welding Torch to Crowbar"))
    assert [(h.item, h.taped_to) for h in s3.heroes["p0"].hands] == [
        ("crowbar", None), ("toolbox", None), ("welding_torch", "crowbar")]


def passive_scanner(item: str) -> None:
    s = carries_passive(item)
    sc = Scene(s)
    scan = fx.Scan(do="scan")
    prepare(sc, scan)
    run = act(s, "p0", f"use:{item},0")
    check_effect(run, scan)
    assert item in run.after.heroes["p0"].inventory


def passive_analyze_toolset(item: str) -> None:
    s = carries_passive(item)
    s.heroes["p0"].hands.append(Held(obj="carcass"))
    run = act(s, "p0", f"use:{item},0")
    hero = run.after.heroes["p0"]
    assert hero.knowledge == s.heroes["p0"].knowledge + 3
    assert run.after.lab_slots == ["carcass"] and not hero.hands


PASSIVES: dict[str, Callable[[str], None]] = {
    "armor": passive_armor, "motion_tracker": passive_motion_tracker,
    "main_gate_key": passive_main_gate_key, "enviro_suit": passive_enviro_suit,
    "duct_tape": passive_duct_tape, "scanner": passive_scanner,
    "analyze_toolset": passive_analyze_toolset,
}


@pytest.mark.rule("NX-ITEM-1")
@pytest.mark.parametrize("item", PASSIVE_CASES)
def test_every_passive_item_works(item: str) -> None:
    PASSIVES[IDX.items[item].passive or ""](item)


# ------------------------------------------------------------------ intruder events
def path_end(start: str, numbers: Sequence[int], blocked: set[str]) -> str | None:
    """Where an intruder goes through these corridor numbers (None: into the ducts or a
    blocked room)."""
    room = start
    for number in numbers:
        ex = B.exit_by_number(room, number)
        if ex.to == "tech" or ex.to in blocked:
            return None
        room = ex.to
    return room


def hunt_step(room: str) -> str:
    """One step toward the characters in HERE (ties: the lowest corridor number)."""
    dist = B.distances_from(HERE)
    return min((ex for ex in B.exits[room] if ex.to != "tech" and dist[ex.to] < dist[room]),
               key=lambda ex: ex.number).to


def place_event_intruders(s: GameState, card_id: str) -> list[tuple[int, str, bool]]:
    """A mover of the card's first kind, a hunter of a hunting kind that does not move
    on this card, a bystander of a kind the card leaves alone: (intruder id, room it
    ends up in before hunting, whether it hunts). All stay far from the characters."""
    card = IDX.events[card_id]
    hunting = {k for e in card.effects if isinstance(e, fx.Hunt) for k in e.kinds}
    dist = B.distances_from(HERE)
    used = {HERE}
    placed: list[tuple[int, str, bool]] = []
    kind = card.movers[0]
    for start in sorted(s.rooms):
        end = path_end(start, card.corridors, used)
        if start in used or end in (None, start) or dist[end or HERE] < 3:
            continue
        if kind in hunting and hunt_step(start) == hunt_step(end or HERE):
            continue  # hunting from where it started would end in the same room
        placed.append((add_intruder(s, kind, start), end or "", kind in hunting))
        used |= {start, end or ""}
        break
    assert placed, "no room for the mover"
    others = [(k, True) for k in sorted(hunting - set(card.movers))]
    others += [(k, False) for k in KINDS if k not in card.movers and k not in hunting][:1]
    for kind, hunts in others:
        room = next(r for r in sorted(s.rooms) if r not in used and dist[r] >= 3)
        placed.append((add_intruder(s, kind, room), room, hunts))
        used.add(room)
    return placed


EVENT_CASES = [pytest.param(e.id, id=e.id) for e in C.events]


@pytest.mark.rule("NX-EVENT-1")
@pytest.mark.parametrize("event", EVENT_CASES)
def test_every_intruder_event_moves_its_kinds_and_does_what_it_says(event: str) -> None:
    card = IDX.events[event]
    effects = [*card.effects, *card.dark_effects]
    s = table("sentry")
    for slot in s.rooms:
        change_room(s.rooms, slot, explored=True, token=None)
    for place, power in s.power.items():
        power.active = place != "2"  # the characters' section is dark
    sc = Scene(s, subject=None)
    if any(getattr(e, "where", "") == "with_intruder" for e in effects):
        sitter(sc)
    placed = place_event_intruders(s, event)
    for e in effects:
        prepare(sc, e)
    s = staged(sc)
    on_top(s, "events", event)
    run = step(s, event_card, sc)
    verify(run, effects, strict=True)
    rooms = {i.id: i.room for i in run.after.intruders}
    for intruder, room, hunts in placed:  # hunters take one more step toward HERE
        assert rooms[intruder] == (hunt_step(room) if hunts else room), (intruder, room)
    assert event in run.after.discards["events"]
    assert any(e.kind == "event" and e.data["card"] == event for e in run.events)


# ------------------------------------------------------------------ intruder attacks
def attack_cases() -> tuple[list[Any], list[Any]]:
    hits, misses = [], []
    for card in C.attacks:
        for kind in card.hits:
            hits.append(pytest.param(card.id, kind, False, id=f"{card.id}-{kind}"))
        if card.dark_effects:
            hits.append(pytest.param(card.id, card.hits[0], True,
                                     id=f"{card.id}-{card.hits[0]}-dark"))
        missed = [k for k in ATTACKERS if k not in card.hits]
        if missed:
            misses.append(pytest.param(card.id, missed[0], id=f"{card.id}-{missed[0]}"))
    return hits, misses


HIT_CASES, MISS_CASES = attack_cases()


def attacked(card: str, kind: str, dark: bool, effects: Effects) -> tuple[Scene, int]:
    s = table("sentry")
    set_hand(s, "p0", payers("sentry", n=5))
    s.power["2"].active = not dark
    intruder = add_intruder(s, kind, HERE)
    sc = Scene(s)
    for e in effects:
        prepare(sc, e)
    sc.attacks.append(card)
    return sc, intruder


@pytest.mark.rule("NX-IATK-1")
@pytest.mark.parametrize(("card", "kind", "dark"), HIT_CASES)
def test_every_attack_card_hits_the_kinds_it_shows(card: str, kind: str, dark: bool
                                                  ) -> None:
    attack_card = IDX.attacks[card]
    effects = [*attack_card.effects, *(attack_card.dark_effects if dark else ())]
    sc, intruder = attacked(card, kind, dark, effects)
    s = staged(sc)
    picks: list[tuple[str, str, str]] = []
    after, events = brace(*push(s, AttackFrame(queue=[(intruder, "p0")])))
    after = settle(after, events, picks)
    run = Run(s, after, events, "p0", sc.rolls, picks)
    verify(run, effects, strict=True)
    assert [(e.data["card"], e.data["hit"]) for e in events if e.kind == "attack"] == [
        (card, True)]


@pytest.mark.rule("NX-IATK-1")
@pytest.mark.parametrize(("card", "kind"), MISS_CASES)
def test_every_attack_card_misses_the_kinds_it_does_not_show(card: str, kind: str) -> None:
    sc, intruder = attacked(card, kind, False, IDX.attacks[card].effects)  # as if it hit
    s = staged(sc)
    after, events = brace(*push(s, AttackFrame(queue=[(intruder, "p0")])))
    assert [(e.data["card"], e.data["hit"]) for e in events if e.kind == "attack"] == [
        (card, False)]
    for seat in s.seats:
        assert tally(after, seat) == tally(s, seat)
        assert after.heroes[seat].slime == s.heroes[seat].slime
        assert after.heroes[seat].hands == s.heroes[seat].hands
    assert card in after.discards["attacks"]


# ------------------------------------------------------------------ serious wounds
def wounded(card: str, dressed: bool) -> GameState:
    s = table("sentry")
    set_hand(s, "p0", payers("sentry", n=5))
    wound(s, "p0", IDX.wounds[card].penalty, dressed=dressed)
    return s


def cards_to_move(s: GameState) -> object:
    rig(s, noise("silence"))
    run = act(s, "p0", f"move:{NEIGHBOUR}")
    assert run.after.heroes["p0"].room == NEIGHBOUR
    return len(s.heroes["p0"].hand) - len(run.after.heroes["p0"].hand)


def cards_to_strike(s: GameState) -> object:
    add_intruder(s, "adult", HERE)
    on_top(s, "attacks", BLOODY[0])
    rig(s, die("hit"))
    run = act(s, "p0", key_for(s, "p0", "Melee attack the adult"))
    return len(s.heroes["p0"].hand) - len(run.after.heroes["p0"].hand)


def may_pick_up_with_one_item(s: GameState) -> object:
    give(s, "p0", HEAVY)
    change_room(s.rooms, HERE, objects=("egg",))
    return "pick_up:egg" in keys(s, "p0")


def may_pick_up(s: GameState) -> object:
    change_room(s.rooms, HERE, objects=("egg",))
    return "pick_up:egg" in keys(s, "p0")


def hand_after_drawing_up(s: GameState) -> object:
    set_hand(s, "p0", [])
    s.stack = [RoundFrame(stage="draw")]
    s2, _ = advance(s)
    return len(s2.heroes["p0"].hand)


def light_after_the_round(s: GameState) -> object:
    s2, _ = run_with(s, event_phase.end_of_round)
    return s2.heroes["p0"].light


def die_rolled_in_the_light(s: GameState) -> object:
    give(s, "p0", WEAPON, ammo=2)
    add_intruder(s, "adult", HERE)
    rig(s, (6, 0))  # the first face of whichever die is rolled
    run = act(s, "p0", key_for(s, "p0", "Shoot the adult"))
    return next(e.data["face"] for e in run.events if e.kind == "combat_roll")


# penalty -> (what to observe, with the wound, with the wound dressed)
WOUND_PROBES: dict[str, tuple[Callable[[GameState], object], object, object]] = {
    "leg": (cards_to_move, 2, 1),
    "arm": (may_pick_up_with_one_item, False, True),
    "head": (hand_after_drawing_up, 4, 5),
    "bleeding": (light_after_the_round, 1, 0),
    "back": (may_pick_up, False, True),
    "eye": (die_rolled_in_the_light, C.dice.combat[0], C.dice.advantage[0]),
    "hand": (cards_to_strike, 2, 1),
}
WOUND_CASES = [pytest.param(w.id, id=w.id) for w in C.serious_wounds]


@pytest.mark.rule("NX-WOUND-1")
@pytest.mark.parametrize("card", WOUND_CASES)
def test_every_serious_wound_penalty_until_it_is_dressed(card: str) -> None:
    probe, hurt, dressed = WOUND_PROBES[IDX.wounds[card].penalty]
    assert hurt != dressed
    assert probe(wounded(card, dressed=False)) == hurt
    assert probe(wounded(card, dressed=True)) == dressed


# ------------------------------------------------------------------ computer cards
def computer_table(first: str, *then: str) -> GameState:
    s = table("sentry")
    set_hand(s, "p0", payers("sentry", n=4))
    lockdown = [c.id for c in C.computer if c.lockdown]
    rest = [c.id for c in C.computer if c.id not in (first, *then, *lockdown)]
    s.computer = [first, *then, *rest, *[c for c in lockdown if c not in then]]
    return s


def section_corridors(section: int | None) -> set[str]:
    rooms = [r for r in B.section if B.section[r] == section]
    return {ex.corridor for r in rooms for ex in B.exits[r]
            if ex.to != "tech" and B.section[ex.to] == section}


def special_prepare(sc: Scene, special: str | None) -> None:
    if special == "open_all_doors":
        close_around(sc.s, FAR)
    elif special == "reset_power":
        sc.s.time_active = False


def special_check(run: Run, special: str | None) -> None:
    b, a = run.before, run.after
    if special is None:
        return
    if special == "move_rover":
        assert a.rover_at_base is not b.rover_at_base
    elif special == "peek_css":
        assert any(e.kind == "css_peek" and e.to == ("p0",) for e in run.events)
    elif special == "close_section_doors":
        inside = section_corridors(B.section[b.heroes["p0"].room])
        closed = {c for c, d in a.doors.items() if d == "closed"}
        assert closed <= inside and len(closed) == min(DOOR_TOKENS, len(inside))
    elif special == "open_all_doors":
        assert any(d == "closed" for d in b.doors.values())
        assert not any(d == "closed" for d in a.doors.values())
    elif special == "reset_power":
        assert a.time_active and any(p[1] == "power" for p in run.picks)
    else:
        raise AssertionError(f"no check for the computer special {special}")


SPECIALS = ("move_rover", "peek_css", "close_section_doors", "open_all_doors", "reset_power")
COMPUTER_CASES = [pytest.param(card.id, i, id=f"{card.id}-action{i + 1}")
                  for card in C.computer if not card.lockdown
                  for i in range(len(card.actions))]
LOCKDOWN_CASES = [pytest.param(card.id, id=card.id) for card in C.computer if card.lockdown]


@pytest.mark.rule("LD-COMP-1")
@pytest.mark.parametrize(("card", "action"), COMPUTER_CASES)
def test_every_computer_action_does_what_it_says(card: str, action: int) -> None:
    act_ = IDX.computer[card].actions[action]
    sc = Scene(computer_table(card))
    stage(sc, act_.effects, fight=False)
    special_prepare(sc, act_.special)
    run = act(staged(sc), "p0", f"room:{10 + action}", sc)
    verify(run, act_.effects)
    special_check(run, act_.special)
    assert run.after.computer[-1] == card and run.after.computer[0] != card


@pytest.mark.rule("LD-COMP-1")
@pytest.mark.parametrize("card", LOCKDOWN_CASES)
def test_the_lockdown_card_resolves_when_it_is_revealed(card: str) -> None:
    host, action = next((c.id, i) for c in C.computer for i, x in enumerate(c.actions)
                        if x.special is None and x.effects
                        and all(isinstance(e, fx.Knowledge) for e in x.effects))
    effects = [*IDX.computer[host].actions[action].effects, *IDX.computer[card].lockdown_effects]
    sc = Scene(computer_table(host, card))
    stage(sc, effects, fight=False)
    run = act(staged(sc), "p0", f"room:{10 + action}", sc)
    verify(run, effects)
    assert "lockdown" in kinds(run.events)
    assert run.after.computer[-1] == card and run.after.computer[0] != card


# ------------------------------------------------------------------ exploration tokens
def explored_into(effect: str) -> Run:
    token = next(t for t in C.exploration if t.effect == effect)
    s = ready(("sentry", "cleaner"))
    s.heroes["p1"].room = "isolation"
    set_hand(s, "p0", payers("sentry", n=5))
    s.first_encounter = True
    put_room(s, HERE, "emergency", explored=False, token=effect, items=token.items)
    assert s.heroes["p0"].room == NEIGHBOUR
    rig(s, noise("silence"))
    run = act(s, "p0", f"move:{HERE}")
    room = run.after.rooms[HERE]
    assert room.explored and room.token is None and room.items == token.items
    assert any(e.kind == "explore" and e.data["token"] == effect for e in run.events)
    return run


def noise_around(s: GameState, room: str) -> set[str]:
    return corridors_around([room]) & set(s.noise)


TOKEN_CHECKS: dict[str, Callable[[Run], bool]] = {
    "silence": lambda r: "noise" not in kinds(r.events) and not noise_around(r.after, HERE),
    "danger": lambda r: noise_around(r.after, HERE) == corridors_around([HERE]),
    "slime": lambda r: r.after.heroes["p0"].slime,
    "fire": lambda r: r.after.rooms[HERE].fire and r.after.fires == 1,
    "malfunction": lambda r: r.after.rooms[HERE].malfunction and r.after.malfunctions == 1,
    "doors": lambda r: r.after.doors == {B.corridor_between(HERE, NEIGHBOUR): "closed"},
}
TOKEN_CASES = [pytest.param(x, id=x) for x in dict.fromkeys(t.effect for t in C.exploration)]


@pytest.mark.rule("NX-EXPLORE-1")
@pytest.mark.parametrize("effect", TOKEN_CASES)
def test_every_exploration_token_effect(effect: str) -> None:
    assert TOKEN_CHECKS[effect](explored_into(effect))


# ------------------------------------------------------------------ CSS tokens
CSS_CASES = [pytest.param(t.id, id=t.id) for t in C.css_tokens]


@pytest.mark.rule("LD-CSS-1")
@pytest.mark.parametrize("token", CSS_CASES)
def test_every_css_token_launches_the_pods_it_shows(token: str) -> None:
    s = ready(("sentry", "survivor", "cleaner"))
    for seat, pod in zip(s.seats, "ABC", strict=True):
        s.heroes[seat].place, s.heroes[seat].pod = "pod", pod
    s.time = next(t.number for t in C.time_track.slots if t.css)
    s.css = {s.time: token}
    s.stack = []
    s2, events = run_with(s, event_phase.launch_css)
    launches = IDX.css[token].launches
    for hero in s2.heroes.values():
        pod = s.heroes[hero.seat].pod
        if pod in launches:
            assert hero.place == "css" and hero.pod == pod
        else:
            assert hero.place == "board" and len(hero.serious) == 1
    assert token in s2.css_revealed and not s2.css
    assert any(e.kind == "css_launch" and e.data["launches"] == list(launches)
               for e in events)


# ------------------------------------------------------------------ the victory check
def judged(chars: Sequence[str]) -> GameState:
    s = ready(chars)
    s.active_contingency = NOTHING
    s.first_encounter = True
    return s


def objective_of(kind: str) -> str:
    return next(o.id for o in C.objectives if o.kind == kind)


def victim_pods(s: GameState) -> str | None:
    s.heroes["p0"].place = "css"
    return "p0"


def victim_isolated(s: GameState) -> str | None:
    s.heroes["p1"].place = "bunker"
    return "p0"


def victim_bunker(s: GameState) -> str | None:
    s.heroes["p0"].place = "bunker"
    return "p0"


def victim_contaminated(s: GameState) -> str | None:
    for card in CLEAN[:2]:
        s.decks["contamination"].remove(card)
        s.heroes["p0"].discard.append(f"c:{card}")
    return "p0"


def victim_low_knowledge(s: GameState) -> str | None:
    s.heroes["p0"].knowledge, s.heroes["p1"].knowledge = 3, 4
    return "p0"


def victim_wounded(s: GameState) -> str | None:
    wound(s, "p0", "leg")
    wound(s, "p0", "eye")
    wound(s, "p1", "leg")
    return "p0"


def victim_no_signal(s: GameState) -> str | None:
    s.heroes["p0"].signal = False
    return "p0"


CONTINGENCIES: dict[str, Callable[[GameState], str | None]] = {
    "nothing": lambda s: None, "kill_pods": victim_pods, "kill_isolated": victim_isolated,
    "kill_bunker": victim_bunker, "kill_contaminated": victim_contaminated,
    "kill_low_knowledge": victim_low_knowledge, "kill_wounded": victim_wounded,
    "kill_no_signal": victim_no_signal,
}
CONTINGENCY_CASES = [pytest.param(t.id, id=t.id) for t in C.contingencies]


@pytest.mark.rule("LD-WIN-1")
@pytest.mark.parametrize("token", CONTINGENCY_CASES)
def test_every_contingency_token_at_the_victory_check(token: str) -> None:
    s = judged(("sentry", "survivor"))
    for hero in s.heroes.values():
        hero.place, hero.signal = "isolated", True
        hero.objectives = [objective_of("send_signal")]
    victim = CONTINGENCIES[IDX.contingencies[token].effect](s)
    s.active_contingency = token
    s2, events = push(s, EndFrame(reason="purge"))
    for seat, hero in s2.heroes.items():
        assert (hero.place == "dead") is (seat == victim), seat
        if seat != victim:
            assert hero.place == s.heroes[seat].place
    assert sorted(s2.winners or []) == sorted(x for x in s.seats if x != victim)
    assert any(e.kind == "contingency" and e.data["token"] == token for e in events)


FIVE = ("sentry", "survivor", "psychologist", "lab_rat", "cleaner")


def holder_of(s: GameState, kind: str, value: int) -> str:
    group = "survivor" if kind == "no_worker_survivor" else "worker"
    target = s.seats[value - 1] if kind == "player_cannot_survive" else None
    return next(x for x in s.seats if GROUP[s.heroes[x].character] == group and x != target)


def someone_else(s: GameState, holder: str, group: str | None = None) -> str:
    return next(x for x in s.seats if x != holder
                and group in (None, GROUP[s.heroes[x].character]))


def objective_setup(s: GameState, holder: str, kind: str, value: int, met: bool) -> None:
    hero = s.heroes[holder]
    if kind == "player_cannot_survive" and not met:
        s.heroes[s.seats[value - 1]].place = "isolated"
    elif kind == "only_survivor" and not met:
        s.heroes[someone_else(s, holder)].place = "isolated"
    elif kind in ("no_nemesis_survivor", "no_worker_survivor") and not met:
        group = "survivor" if kind == "no_nemesis_survivor" else "worker"
        s.heroes[someone_else(s, holder, group)].place = "isolated"
    elif kind == "send_signal":
        hero.signal = met
    elif kind == "discover_weakness":
        s.lab_slots = ["egg"] if met else []
    elif kind == "destroy_nest":
        s.nest_destroyed = met
    elif kind == "escape_by_css":
        hero.place = "css" if met else "isolated"
    elif kind == "escape_to_bunker":
        hero.place = "bunker" if met else "isolated"
    elif kind == "knowledge_at_least":
        hero.knowledge = value if met else value - 1
    elif kind == "carry_egg_out":
        hero.hands = [Held(obj="egg")] if met else []
    elif kind == "isolate":
        hero.place = "isolated" if met else "bunker"


OBJECTIVE_KINDS = ("player_cannot_survive", "only_survivor", "no_nemesis_survivor",
                   "no_worker_survivor", "send_signal", "discover_weakness", "destroy_nest",
                   "escape_by_css", "escape_to_bunker", "knowledge_at_least",
                   "carry_egg_out", "isolate")
OBJECTIVE_CASES = [pytest.param(o.id, met, id=f"{o.id}-{'met' if met else 'failed'}")
                   for o in C.objectives for met in (True, False)]


@pytest.mark.rule("LD-WIN-1")
@pytest.mark.parametrize(("objective", "met"), OBJECTIVE_CASES)
def test_every_objective_at_the_victory_check(objective: str, met: bool) -> None:
    card = IDX.objectives[objective]
    s = judged(FIVE)
    holder = holder_of(s, card.kind, card.value)
    for hero in s.heroes.values():
        hero.place, hero.objectives = "dead", []
    s.heroes[holder].place = "isolated"
    s.heroes[holder].objectives = [objective]
    objective_setup(s, holder, card.kind, card.value, met)
    s2, events = push(s, EndFrame(reason="purge"))
    assert holder in s2.survivors
    assert (holder in (s2.winners or [])) is met
    assert any(e.kind == "objective_check" and e.data["seat"] == holder for e in events)


# ------------------------------------------------------------------ nothing left out
@pytest.mark.rule("LD-CHAR-1")
@pytest.mark.rule("NX-ITEM-1")
@pytest.mark.rule("NX-EVENT-1")
@pytest.mark.rule("NX-IATK-1")
@pytest.mark.rule("NX-WOUND-1")
@pytest.mark.rule("LD-COMP-1")
@pytest.mark.rule("NX-EXPLORE-1")
@pytest.mark.rule("LD-CSS-1")
@pytest.mark.rule("LD-WIN-1")
def test_the_card_tests_above_cover_every_card_of_the_content() -> None:
    def ids(cases: list[Any]) -> set[Any]:
        return {p.values[0] if len(p.values) == 1 else p.values[:2] for p in cases}

    cards = {(ch.id, card.id) for ch in C.characters for card in ch.deck}
    played = {(ch, card) for ch, card, _ in (p.values for p in CARD_CASES + INTERRUPT_CASES)}
    assert played == cards
    assert {p.values[0] for p in USE_CASES} == {i.id for i in C.items if i.use}
    assert ids(PASSIVE_CASES) == {i.id for i in C.items if i.passive}
    assert {i.passive for i in C.items if i.passive} <= set(PASSIVES)
    assert ids(EVENT_CASES) == {e.id for e in C.events}
    assert {p.values[0] for p in HIT_CASES} == {a.id for a in C.attacks}
    assert {(p.values[0], p.values[1]) for p in HIT_CASES if not p.values[2]} == {
        (a.id, k) for a in C.attacks for k in a.hits}
    assert {p.values[0] for p in MISS_CASES} == {
        a.id for a in C.attacks if set(ATTACKERS) - set(a.hits)}
    assert ids(WOUND_CASES) == {w.id for w in C.serious_wounds}
    assert {w.penalty for w in C.serious_wounds} <= set(WOUND_PROBES)
    assert {(p.values[0], p.values[1]) for p in COMPUTER_CASES} == {
        (c.id, i) for c in C.computer for i in range(len(c.actions))}
    assert ids(LOCKDOWN_CASES) == {c.id for c in C.computer if c.lockdown}
    assert {x.special for c in C.computer for x in c.actions} - {None} <= set(SPECIALS)
    assert ids(TOKEN_CASES) == {t.effect for t in C.exploration} <= set(TOKEN_CHECKS)
    assert ids(CSS_CASES) == {t.id for t in C.css_tokens}
    assert ids(CONTINGENCY_CASES) == {t.id for t in C.contingencies}
    assert {t.effect for t in C.contingencies} <= set(CONTINGENCIES)
    assert {p.values[0] for p in OBJECTIVE_CASES} == {o.id for o in C.objectives}
    assert {o.kind for o in C.objectives} <= set(OBJECTIVE_KINDS)
    # every effect primitive the content uses has a preparation and a check above
    used = [e for ch in C.characters for card in ch.deck
            for e in (*card.effects, *(x for o in card.options for x in o))]
    used += [e for i in C.items if i.use for e in (*i.use.effects,
                                                     *(x for o in i.use.options for x in o))]
    used += [e for ev in C.events for e in (*ev.effects, *ev.dark_effects)]
    used += [e for a in C.attacks for e in (*a.effects, *a.dark_effects)]
    used += [e for c in C.computer for e in (*c.lockdown_effects,
                                            *(x for act_ in c.actions for x in act_.effects))]
    handled = {"wound", "contaminate", "slime", "heal", "knowledge", "scan", "draw_cards",
               "discard_cards", "noise_roll", "gain_item", "reload", "drop_heavy", "move",
               "fire", "malfunction", "noise", "doors", "injure", "retreat", "spawn", "bag",
               "eggs", "hunt", "power"}
    assert {e.do for e in used} <= handled
    # the stage the tests play on
    assert NEIGHBOUR in B.neighbours(HERE) and SECTION_ROOM not in B.neighbours(HERE)
    assert B.section[SECTION_ROOM] == B.section[HERE] != B.section[FAR]
    assert not any(ex.to == "tech" for ex in B.exits[HERE])
    assert IDX.rooms[COMPUTER_TILE].computer


def test_a_random_discard_is_announced_and_its_cards_told_to_their_owner() -> None:
    s = table()
    hand = plain_cards(s, "p0", 3)
    set_hand(s, "p0", hand)
    rig(s, (3, 1), (2, 0))
    e = fx.DiscardCards(do="discard_cards", n=2, random=True)
    s, events = run_with(s, lambda ctx: discard(ctx, e, "p0"))
    lost = [hand[1], hand[0]]
    assert s.heroes["p0"].hand == [hand[2]] and s.heroes["p0"].discard[-2:] == lost
    names = ", ".join(IDX.cards[c].name for c in lost)
    assert [(e.kind, e.to, e.text) for e in events] == [
        ("discard", None, "<@p0> discards 2 cards at random."),
        ("private", ("p0",), f"You lose at random: {names}.")]


@pytest.mark.rule("NX-CONTAM-1")
@pytest.mark.parametrize(("where", "removed"), [("hand", 1), ("everywhere", 3)])
def test_a_scan_of_the_hand_or_of_every_card(where: str, removed: int) -> None:
    s = table()
    clean = [x.id for x in IDX.contamination.values() if not x.infected][:3]
    for card in clean:
        s.decks["contamination"].remove(card)
    hero = s.heroes["p0"]
    hero.hand.append(f"c:{clean[0]}")
    hero.deck.append(f"c:{clean[1]}")
    hero.discard.append(f"c:{clean[2]}")
    e = fx.Scan(do="scan", where=where)  # type: ignore[arg-type]
    s, events = run_with(s, lambda ctx: apply_effect(ctx, e, "p0"))
    left = [c for c in s.heroes["p0"].hand + s.heroes["p0"].deck + s.heroes["p0"].discard
            if c.startswith("c:")]
    assert len(left) == 3 - removed
    assert [(e.to, e.text) for e in events if e.kind == "scan"] == [
        (("p0",), f"Scan: {removed} clean card{'s' if removed > 1 else ''} removed, 0 "
         "INFECTED.")]


def test_an_effect_on_a_section_reaches_only_the_characters_there() -> None:
    s = table()
    s.heroes["p0"].room = "repository"  # section 2
    s.heroes["p1"].room = "isolation"
    assert s.rules.hooks.section(s, "isolation") != s.rules.hooks.section(s, "repository")
    e = fx.Slime(do="slime", who="section")
    s, _ = run_with(s, lambda ctx: apply_effect(ctx, e, "p0"))
    assert (s.heroes["p0"].slime, s.heroes["p1"].slime) == (True, False)
