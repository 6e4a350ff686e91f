"""Encounters, the bag, intruder attacks and interrupts, injuries, event movement
(NX-ENC-1, NX-ENC-3, NX-IATK-1, NX-ATK-2, NX-EVENT-1, NX-BAG-1, NX-AI-1)."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    B,
    add_intruder,
    attack,
    brace,
    card_of,
    corridor,
    edit,
    illegal,
    keys,
    kinds,
    miss_card,
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
    slot_of,
    top,
    waiting,
)

from rules.lockdown.state import GameState
from rules.nemesis import attacks, development, injuries, intruders
from rules.nemesis.bag import kind_of
from rules.nemesis.events import event_card
from rules.nemesis.frames import (
    AttackFrame,
    EncounterFrame,
    InterruptFrame,
    ObjectiveFrame,
    PickFrame,
)

REPO = "repository"  # section 2


def scene(chars: tuple[str, ...] = ("sentry", "cleaner"), cards: int = 5) -> GameState:
    s = ready(chars)
    for seat in s.seats:
        set_hand(s, seat, plain_cards(s, seat, cards))
    s.first_encounter = True
    return s


def encounter(s: GameState, seat: str = "p0", *draws: tuple[int, int]
              ) -> tuple[GameState, list]:
    s = edit(s)
    rig(s, *draws)
    return push(s, EncounterFrame(seat=seat, room=s.heroes[seat].room))


# ------------------------------------------------------------------ encounters
@pytest.mark.rule("NX-ENC-1")
def test_encounter_places_the_drawn_intruder_and_clears_noise() -> None:
    s = scene()
    s.bag = ["adult0", "larva0"]
    s.noise = [ex.corridor for ex in B.exits[REPO]][:3]
    s2, events = encounter(s, "p0", (2, 0))
    assert [(i.kind, i.room, i.token) for i in s2.intruders] == [("adult", REPO, "adult0")]
    assert s2.bag == ["larva0"] and s2.aside == ["adult0"]
    assert not s2.noise and "spawn" in kinds(events)


@pytest.mark.rule("NX-ENC-1")
@pytest.mark.parametrize(("powered", "hand", "surprised"),
                         [(True, 3, False), (True, 2, True), (False, 3, True),
                          (False, 4, False)])
def test_surprise_attack_uses_the_red_number_in_darkness(powered: bool, hand: int,
                                                         surprised: bool) -> None:
    s = scene(cards=hand)  # adult0: blue 3, red 4
    s.power["2"].active = powered
    s.bag = ["adult0"]
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    s2, events = brace(*encounter(s, "p0", (1, 0)))
    assert ("surprise" in kinds(events)) is surprised
    assert (s2.heroes["p0"].light == 1) is surprised


@pytest.mark.rule("NX-ENC-1")
def test_contamination_cards_count_for_the_surprise_attack() -> None:
    s = scene(cards=2)
    set_hand(s, "p0", [*s.heroes["p0"].hand, "c:" + s.decks["contamination"][0]])
    s.power["2"].active = True
    s.bag = ["adult0"]
    s2, events = encounter(s, "p0", (1, 0))
    assert "surprise" not in kinds(events)  # 3 cards in hand, not fewer than 3


@pytest.mark.rule("NX-ENC-1")
def test_the_blank_token_means_noise_everywhere_and_goes_back() -> None:
    s = scene()
    s.bag = ["blank0", "adult0"]
    s2, events = encounter(s, "p0", (2, 0))
    assert not s2.intruders and sorted(s2.bag) == ["adult0", "blank0"]
    assert sorted(s2.noise) == sorted(ex.corridor for ex in B.exits[REPO] if ex.to != "tech")
    assert all(ex.to != "tech" for ex in B.exits[REPO]) and not s2.tech_noise
    s.bag = ["blank0"]
    s3, _ = encounter(s, "p0", (1, 0), (12, 0))
    assert len(s3.bag) == 2 and "blank0" in s3.bag  # the last token: an adult joins
    assert {kind_of(t) for t in s3.bag} == {"blank", "adult"}


@pytest.mark.rule("NX-ENC-3")
def test_all_adults_on_the_board_the_idle_ones_retreat() -> None:
    s = scene()
    s.heroes["p1"].room = "isolation"
    fighting = add_intruder(s, "adult", "isolation")
    idle = [add_intruder(s, "adult", r) for r in ("s1_1", "s1_2", "s2_1", "s2_2", "s3_1",
                                                  "s3_2", "s3_3")]
    s.aside = ["adult3"]
    s.intruders[-1].token = "adult3"
    s.bag = ["adult0"]
    s2, events = encounter(s, "p0", (1, 0))
    adults = [i for i in s2.intruders if i.kind == "adult"]
    assert {i.room for i in adults} == {"isolation", REPO}
    assert {i.id for i in adults} - {fighting} and not set(idle) & {i.id for i in adults}
    assert "adult3" in s2.bag  # the retreating adult's own token went back
    assert len([t for t in s2.bag if kind_of(t) == "adult"]) == 7


# ------------------------------------------------------------------ attacks
@pytest.mark.rule("NX-IATK-1")
def test_event_attack_targets_fewest_cards_ties_by_turn_order() -> None:
    s = scene(cards=3)
    s.heroes["p1"].room = REPO
    i = add_intruder(s, "adult", REPO)
    assert attacks.event_attack_targets(s) == [(i, "")]  # the target is chosen at its attack

    def target() -> str | None:
        hero = attacks.attack_target(s, s.intruders[-1])
        return hero.seat if hero is not None else None

    assert target() == "p0"  # tie: the first player
    s.first_player = "p1"
    assert target() == "p1"
    set_hand(s, "p1", plain_cards(s, "p1", 4))
    assert target() == "p0"  # fewer cards


@pytest.mark.rule("NX-IATK-1")
def test_an_attack_card_only_hits_when_it_shows_the_attacker() -> None:
    s = scene()
    i = add_intruder(s, "creeper", REPO)
    on_top(s, "attacks", miss_card("creeper"), attack(hits=("creeper",), light=1))
    s2, events = brace(*push(s, AttackFrame(queue=[(i, "p0"), (i, "p0")])))
    assert s2.heroes["p0"].light == 1
    assert [e.data.get("hit") for e in events if e.kind == "attack"] == [False, True]
    assert s2.discards["attacks"][-2:] == [miss_card("creeper"),
                                           attack(hits=("creeper",), light=1)]


def test_an_attack_says_what_it_does_not_how_it_checks_injuries() -> None:
    """The retreat symbol matters only when the card is drawn for an injured intruder:
    neither the card text nor the attack line speaks of fleeing (/rules does)."""
    assert not any("flee" in a.text for a in IDX.attacks.values())
    s = scene()
    i = add_intruder(s, "adult", REPO)
    card = next(a.id for a in IDX.attacks.values() if a.retreat and "adult" in a.hits)
    on_top(s, "attacks", card)
    _, events = brace(*push(s, AttackFrame(queue=[(i, "p0")])))
    line = next(e.text for e in events if e.kind == "attack")
    assert line.startswith(f"The adult attacks <@p0>: {IDX.attacks[card].name}. ")
    assert "flee" not in line


@pytest.mark.rule("NX-IATK-1")
def test_larva_infests_instead_of_drawing_an_attack_card() -> None:
    s = scene()
    i = add_intruder(s, "larva", REPO)
    attacks = list(s.decks["attacks"])
    s2, events = push(s, AttackFrame(queue=[(i, "p0")]))
    hero = s2.heroes["p0"]
    assert hero.larva and not s2.intruders and s2.decks["attacks"] == attacks
    assert len([c for c in hero.discard if c.startswith("c:")]) == 1
    j = add_intruder(s2, "larva", REPO)
    s3, _ = push(s2, AttackFrame(queue=[(j, "p0")]))
    assert s3.heroes["p0"].larva and not s3.intruders  # already infested: a card only
    assert len([c for c in s3.heroes["p0"].discard if c.startswith("c:")]) == 2


# ------------------------------------------------------------------ interrupts
def interrupt_scene(card: str, extra: int = 1) -> tuple[GameState, int]:
    s = scene()
    hero = s.heroes["p0"]
    set_hand(s, "p0", [card, *plain_cards(s, "p0", extra)])
    assert card in hero.deck or card in s.heroes["p0"].hand
    i = add_intruder(s, "adult", REPO)
    return s, i


@pytest.mark.rule("NX-IATK-1")
def test_interrupt_offered_before_the_attack_card_is_drawn() -> None:
    fire = card_of("sentry", interrupt=True)
    s, i = interrupt_scene(fire)
    s2, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    assert isinstance(top(s2), InterruptFrame) and waiting(s2) == ["p0"]
    assert RS.pending(s2)[0].secret
    assert sorted(keys(s2, "p0")) == sorted(["pick:0", f"card:{fire},0"])
    illegal(s2, "p1", "pick:0")
    on_top(s2, "attacks", attack(hits=("adult",), light=1))
    taken, events = play(s2, "p0", "pick:0")
    assert taken.heroes["p0"].light == 1 and fire in taken.heroes["p0"].hand


@pytest.mark.rule("NX-IATK-1")
def test_a_killed_attacker_no_longer_attacks() -> None:
    fire = card_of("sentry", interrupt=True)
    s, i = interrupt_scene(fire)
    s.intruders[0].injuries = 2
    s2, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    s2 = edit(s2)
    on_top(s2, "attacks", attack(hits=("adult",), blood=3, retreat=False),
           attack(hits=("adult",), light=1))
    s3, events = play(s2, "p0", f"card:{fire},0")  # the only other card pays
    assert not s3.intruders and "carcass" in s3.rooms[REPO].objects
    assert s3.heroes["p0"].light == 0 and "attack" not in kinds(events)
    assert fire in s3.heroes["p0"].discard and s3.heroes["p0"].hand == []


@pytest.mark.rule("NX-IATK-1")
def test_a_fled_attacker_no_longer_attacks_and_a_survivor_still_does() -> None:
    roll = card_of("survivor", interrupt=True, cost=0)
    s = scene(("survivor", "sentry"))
    set_hand(s, "p0", [roll])
    i = add_intruder(s, "adult", s.heroes["p0"].room)
    s2, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    event = s2.decks["events"][0]
    to = B.exit_by_number(s.heroes["p0"].room, IDX.events[event].corridors[0]).to
    assert to != "tech"  # the isolation room has no technical entrance
    s3, events = play(s2, "p0", f"card:{roll},0")
    assert s3.heroes["p0"].light == 1  # rolling aside hurts a little
    assert [x.room for x in s3.intruders] == [to] and "attack" not in kinds(events)
    fire = card_of("sentry", interrupt=True)
    t, j = interrupt_scene(fire)
    t.intruders[0].injuries = 0
    t2, _ = push(t, AttackFrame(queue=[(j, "p0")]))
    t2 = edit(t2)
    on_top(t2, "attacks", attack(hits=("adult",), blood=3, retreat=False),
           attack(hits=("adult",), light=1))
    t3, events = play(t2, "p0", f"card:{fire},0")
    assert t3.intruders[0].injuries == 1 and t3.heroes["p0"].light == 1  # still attacks


@pytest.mark.rule("NX-IATK-1")
def test_the_interrupt_prompt_gives_away_nothing_about_the_hand() -> None:
    """Whoever holds cards is asked, payable interrupt or not (only "take the attack"
    then); an empty hand is not asked; a larva's infestation is never interrupted."""
    fire = card_of("sentry", interrupt=True)
    s, i = interrupt_scene(fire, extra=0)  # Return Fire costs 1 more card
    on_top(s, "attacks", attack(hits=("adult",), light=1))
    s2, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    assert isinstance(top(s2), InterruptFrame) and waiting(s2) == ["p0"]
    assert keys(s2, "p0") == ["pick:0"]
    s3, _ = play(s2, "p0", "pick:0")
    assert s3.heroes["p0"].light == 1 and fire in s3.heroes["p0"].hand
    u = edit(s)
    set_hand(u, "p0", [])
    u2, _ = push(u, AttackFrame(queue=[(i, "p0")]))
    assert not any(isinstance(f, InterruptFrame) for f in u2.stack)
    assert u2.heroes["p0"].light == 1
    t, _ = interrupt_scene(fire)
    t.intruders.clear()
    larva = add_intruder(t, "larva", REPO)
    t2, _ = push(t, AttackFrame(queue=[(larva, "p0")]))
    assert t2.heroes["p0"].larva and not any(isinstance(f, InterruptFrame) for f in t2.stack)


@pytest.mark.rule("NX-IATK-1")
def test_a_passed_character_may_still_interrupt() -> None:
    fire = card_of("sentry", interrupt=True)
    s, i = interrupt_scene(fire)
    s.heroes["p0"].passed = True
    s2, _ = push(s, AttackFrame(queue=attacks.event_attack_targets(s)))
    assert isinstance(top(s2), InterruptFrame)


# ------------------------------------------------------------------ injuries
def injure(s: GameState, iid: int, n: int) -> tuple[GameState, list]:
    return run_with(s, lambda ctx: injuries.injure(ctx, next(x for x in ctx.s.intruders
                                                        if x.id == iid), n, by="p0"))


@pytest.mark.rule("NX-ATK-2")
def test_a_larva_dies_on_any_injury_without_a_carcass() -> None:
    s = scene()
    i = add_intruder(s, "larva", "s2_2")
    attacks = list(s.decks["attacks"])
    s2, _ = injure(s, i, 1)
    assert not s2.intruders and not s2.rooms["s2_2"].objects and s2.decks["attacks"] == attacks


@pytest.mark.rule("NX-ATK-2")
@pytest.mark.parametrize(("kind", "injuries", "bloods", "dies"),
                         [("adult", 2, (2,), True), ("adult", 1, (2,), False),
                          ("creeper", 3, (3,), True), ("breeder", 3, (2, 1), True),
                          ("queen", 3, (2, 2), False)])
def test_blood_values_decide_death(kind: str, injuries: int, bloods: tuple[int, ...],
                                   dies: bool) -> None:
    s = scene()
    i = add_intruder(s, kind, "s2_2", injuries=injuries - 1)
    cards = [attack(hits=(), blood=b, retreat=False) for b in bloods]
    if len(cards) == 2 and cards[0] == cards[1]:
        cards[1] = next(a.id for a in IDX.attacks.values() if a.blood == bloods[1]
                        and not a.retreat and a.id != cards[0])
    on_top(s, "attacks", *cards)
    s2, _ = injure(s, i, 1)
    assert (not s2.intruders) is dies
    assert ("carcass" in s2.rooms["s2_2"].objects) is dies
    assert s2.discards["attacks"][-len(cards):] == cards
    if dies:
        assert s2.kills == 1 and s2.heroes["p0"].killed_intruder


@pytest.mark.rule("NX-ATK-2")
def test_a_retreat_symbol_makes_it_flee_through_the_event_corridor() -> None:
    s = scene()
    room = "s2_2"
    i = add_intruder(s, "adult", room, injuries=5)
    on_top(s, "attacks", attack(hits=(), retreat=True))
    event = next(e.id for e in IDX.events.values()
                 if B.exit_by_number(room, e.corridors[0]).to != "tech")
    on_top(s, "events", event)
    s2, events = injure(s, i, 1)
    to = B.exit_by_number(room, IDX.events[event].corridors[0]).to
    assert [x.room for x in s2.intruders] == [to] and "retreat" in kinds(events)
    assert event in s2.discards["events"]


# ------------------------------------------------------------------ event cards
@pytest.mark.rule("NX-EVENT-1")
def test_event_moves_the_shown_kinds_not_in_combat_then_resolves_the_effect() -> None:
    s = scene()
    s.heroes["p1"].room = "s2_3"
    card = IDX.events["ev_duct_chatter"]  # adults and creepers, corridor 2; tech noise
    mover = add_intruder(s, "adult", "s2_2")
    fighting = add_intruder(s, "creeper", "s2_3")  # with p1
    other = add_intruder(s, "larva", "s2_1")  # not a shown kind
    on_top(s, "events", card.id)
    s2, events = run_with(s, event_card)
    rooms = {i.id: i.room for i in s2.intruders}
    assert rooms[mover] == B.exit_by_number("s2_2", 2).to
    assert rooms[fighting] == "s2_3" and rooms[other] == "s2_1"
    assert s2.tech_noise and card.id in s2.discards["events"]
    assert kinds(events).index("event") < kinds(events).index("intruder")


@pytest.mark.rule("NX-EVENT-1")
@pytest.mark.rule("NX-MARK-1")
def test_event_movement_into_the_ducts_doors_and_unexplored_rooms() -> None:
    s = scene()
    tech_room = "s2_3"  # corridor 2 is its technical entrance
    duct = add_intruder(s, "adult", tech_room, injuries=2)
    s.aside = ["adult0"]
    s.intruders[-1].token = "adult0"
    blocked = add_intruder(s, "adult", "s2_2")
    blocked2 = add_intruder(s, "adult", "s2_2")
    target = B.exit_by_number("s2_2", 2)
    s.doors[target.corridor] = "closed"
    start = next(r for r in s.rooms if r not in ("s2_2", "s2_3", "repository")
                 and B.exit_by_number(r, 2).to in s.rooms
                 and not s.rooms[B.exit_by_number(r, 2).to].explored
                 and B.exit_by_number(r, 2).to not in ("s2_2", "s2_3"))
    lone = add_intruder(s, "adult", start)
    into = B.exit_by_number(start, 2).to
    s2, _ = run_with(s, lambda ctx: intruders.event_movement(ctx, ("adult",), (2,)))
    rooms = {i.id: i.room for i in s2.intruders}
    assert duct not in rooms and "adult0" in s2.bag and "adult0" not in s2.aside
    assert rooms[blocked] == rooms[blocked2] == "s2_2"  # simultaneous: all stay
    assert s2.doors[target.corridor] == "destroyed"
    assert rooms[lone] == into and not s2.rooms[into].explored  # stays unrevealed
    assert s2.rooms[into].token == s.rooms[into].token


@pytest.mark.rule("NX-EVENT-1")
def test_two_corridor_numbers_stop_in_a_room_with_a_character() -> None:
    s = scene()
    start = "s2_2"
    first = B.exit_by_number(start, 1).to  # s2_1
    s.heroes["p1"].room = first
    add_intruder(s, "adult", start)
    s2, _ = run_with(s, lambda ctx: intruders.event_movement(ctx, ("adult",), (1, 2)))
    assert s2.intruders[0].room == first


# ------------------------------------------------------------------ the bag
def develop(s: GameState, token: str, *more: tuple[int, int]) -> tuple[GameState, list]:
    s = edit(s)
    rig(s, (len(s.bag), s.bag.index(token)), *more)
    return run_with(s, development.bag_development)


@pytest.mark.rule("NX-BAG-1")
def test_larva_grows_into_an_adult_creeper_into_a_breeder() -> None:
    s = scene()
    s.bag = ["larva0", "creeper0", "queen0"]
    s2, _ = develop(s, "larva0", (12, 0))
    assert sorted(kind_of(t) for t in s2.bag) == ["adult", "creeper", "queen"]
    s3, _ = develop(s, "creeper0", (2, 0))
    assert sorted(kind_of(t) for t in s3.bag) == ["breeder", "larva", "queen"]


@pytest.mark.rule("NX-BAG-1")
def test_adult_or_breeder_make_everyone_not_fighting_roll_for_noise() -> None:
    s = scene()
    s.heroes["p1"].room = "s2_2"
    add_intruder(s, "adult", "s2_2")  # p1 is in combat: no roll
    s.bag = ["adult0", "breeder0"]
    s2, events = develop(s, "breeder0", noise(1))
    assert sorted(s2.bag) == ["adult0", "breeder0"]
    rolls = [e for e in events if e.kind == "noise"]
    assert len(rolls) == 1 and s2.noise == [B.exit_by_number(REPO, 1).corridor]


@pytest.mark.rule("NX-BAG-1")
def test_queen_lays_an_egg_or_meets_visitors_in_the_nest() -> None:
    s = scene()
    s.bag = ["queen0", "adult0"]
    nest = "s2_2"
    put_room(s, nest, "nest")
    s2, events = develop(s, "queen0")
    assert s2.eggs == 6 and not s2.intruders and "queen0" in s2.bag
    s.heroes["p0"].room = nest
    s.power["2"].active = True
    set_hand(s, "p0", plain_cards(s, "p0", 4))  # fewer than the queen token's 5
    s3, events = develop(s, "queen0")
    assert [(i.kind, i.room) for i in s3.intruders] == [("queen", nest)] and s3.eggs == 5
    assert ("surprise" in kinds(events) and isinstance(top(s3), InterruptFrame | AttackFrame)) \
        or "attack" in kinds(events)


@pytest.mark.rule("NX-BAG-1")
def test_blank_adds_an_adult_if_one_is_free() -> None:
    s = scene()
    s.bag = ["blank0"]
    s2, _ = develop(s, "blank0", (12, 3))
    assert sorted(s2.bag) == ["adult3", "blank0"]
    s.bag = ["blank0", *[f"adult{n}" for n in range(12)]]
    s3, _ = develop(s, "blank0")
    assert sorted(s3.bag) == sorted(s.bag)  # none left to add


@pytest.mark.rule("NX-AI-1")
def test_first_encounter_everyone_keeps_one_objective_in_secret() -> None:
    s = scene()
    s.first_encounter = False
    s.bag = ["adult0"]
    s2, _ = encounter(s, "p0", (1, 0))
    assert isinstance(top(s2), ObjectiveFrame) and sorted(waiting(s2)) == ["p0", "p1"]
    mine = s2.heroes["p0"].objectives
    assert sorted(keys(s2, "p0")) == sorted(f"keep:{o}" for o in mine)
    illegal(s2, "p0", f"keep:{s2.heroes['p1'].objectives[0]}")
    s3, events = play(s2, "p0", f"keep:{mine[1]}")
    assert s3.heroes["p0"].objectives == [mine[1]] and waiting(s3) == ["p1"]
    private = [e for e in events if e.kind == "objective"]
    assert private and all(e.to == ("p0",) for e in private)
    assert mine[1] not in " ".join(e.text for e in events if e.to is None)
    s4, _ = play(s3, "p1", f"keep:{s3.heroes['p1'].objectives[0]}")
    assert len(s4.heroes["p1"].objectives) == 1
    assert [i.kind for i in s4.intruders] == ["adult"]  # then the encounter resolves


@pytest.mark.rule("NX-AI-1")
def test_the_first_encounter_follows_the_intruder_it_brings() -> None:
    """The story reads in order: what appears, then the first encounter, then the
    surprise attack; the objectives are kept before the attack is resolved."""
    s = scene(cards=1)
    s.first_encounter = False
    s.bag = ["adult0"]
    s2, events = encounter(s, "p0", (1, 0))
    said = [e.kind for e in events if e.kind in ("spawn", "critical", "surprise")]
    assert said == ["spawn", "critical", "surprise"]
    spawn = next(e for e in events if e.kind == "spawn")
    assert spawn.text.startswith("An adult appears in ")
    assert isinstance(top(s2), ObjectiveFrame) and isinstance(s2.stack[-2], AttackFrame)


@pytest.mark.rule("NX-AI-1")
def test_echoes_are_no_first_encounter() -> None:
    """004: the first encounter comes with the first intruder that appears; a blank
    token brings none."""
    s = scene()
    s.first_encounter = False
    s.bag = ["blank0", "adult0"]
    s2, events = encounter(s, "p0", (2, 0))
    assert not s2.intruders and not s2.first_encounter
    assert "critical" not in kinds(events)
    assert not any(isinstance(f, ObjectiveFrame) for f in s2.stack)


@pytest.mark.rule("NX-AI-1")
def test_any_first_intruder_on_the_board_triggers_the_choice() -> None:
    s = scene()
    s.first_encounter = False
    from rules.nemesis.effects import Spawn
    from rules.nemesis.resolve import apply_effect

    nest = slot_of(s, "nest")
    put_room(s, nest, "nest")
    s2, _ = run_with(s, lambda ctx: apply_effect(ctx, Spawn(do="spawn", intruder="larva"),
                                                 None))
    assert s2.first_encounter and isinstance(top(s2), ObjectiveFrame)
    s3, _ = run_with(s2, lambda ctx: apply_effect(ctx, Spawn(do="spawn", intruder="larva"),
                                                  None))
    assert sum(isinstance(f, ObjectiveFrame) for f in s3.stack) == 1


def test_corridor_helper() -> None:
    assert corridor(REPO, "s2_2") == B.exit_by_number(REPO, 4).corridor


@pytest.mark.rule("NX-ENC-1")
def test_an_encounter_with_an_empty_bag_brings_an_adult_or_nothing() -> None:
    s = scene()
    s.bag = []
    s2, events = encounter(s)
    assert [i.kind for i in s2.intruders] == ["adult"]
    s = scene()
    s.bag = []
    s.aside = [t for t in s.rules.bag.tokens if kind_of(t) == "adult"]  # none free
    s3, events = encounter(s)
    assert not s3.intruders
    assert [(e.kind, e.text) for e in events if e.kind == "encounter"] == [
        ("encounter", "The intruder bag is empty: nothing comes.")]


def test_an_intruder_choice_names_each_intruder() -> None:
    s = scene()
    first = add_intruder(s, "adult", REPO, injuries=1)
    second = add_intruder(s, "creeper", REPO)
    s, _ = push(s, PickFrame(seat="p0", purpose="intruder",
                             options=[str(first), str(second)]))
    assert [a.label for a in RS.legal_actions(s, "p0")] == [
        "The adult with 1 injury", "The creeper"]
