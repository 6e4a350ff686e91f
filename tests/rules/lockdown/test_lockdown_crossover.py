"""LD-XOVER-1: the original Nemesis characters and intruders in Nemesis: Lockdown
(seed 000, "Using original Nemesis characters" and "Using intruders in Nemesis:
Lockdown"): the draft, the characters' boards, the intruders' bag, attack deck,
laboratory side and weaknesses, then seeded games with both options to the end with
the conservation and leak checks every Lockdown simulation makes. Without the options
Lockdown is unchanged (tests/rules/lockdown/test_lockdown_family_regression.py)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    add_intruder,
    die,
    do,
    edit,
    give,
    keys,
    labels,
    new,
    on_top,
    plain_cards,
    play,
    ready,
    run_with,
    set_hand,
    take_all_items,
)
from test_lockdown_sim import _record

from bot.sheets import describe_private
from rules.lockdown.bag import BAG, NEMESIS_BAG
from rules.lockdown.board import board_map
from rules.lockdown.cards import content
from rules.lockdown.endgame import weakness_active
from rules.lockdown.profile import PROFILES
from rules.lockdown.recap import character as character_name
from rules.lockdown.state import GameState, Options
from rules.lockdown.view import build_view
from rules.nemesis import effects as fx
from rules.nemesis.bag import kind_of
from rules.nemesis.library import crew, species
from rules.nemesis.resolve import doors, room_effect
from rules.nemesis.state import change_room

CHARACTERS = Options(nemesis_characters=True)
INTRUDERS = Options(nemesis_intruders=True)
BOTH = Options(nemesis_characters=True, nemesis_intruders=True)
C = content()
ORIGINAL = {ch.id: ch for ch in crew().characters}
DRAFT_CARD = {x.character: x.draft for x in C.crossover.characters}
ALLOWED = {w.id for w in species().weaknesses} - {"ne_wk_burns", "ne_wk_phosphates"}


def drafting(character: str, other: str = "sentry") -> GameState:
    """A 1-player game with the characters option whose draft offers the draft card of
    `character`'s colour (and `other`)."""
    s = edit(new(1, 1, CHARACTERS))
    card = DRAFT_CARD.get(character, character)
    s.stack[-1].offered = [card, other]
    s.decks["draft"] = [c for c in s.decks["draft"] if c not in (card, other)]
    return s


# ------------------------------------------------------------------ without the options
@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.parametrize("n", [1, 4])
def test_without_the_options_lockdown_is_unchanged(n: int) -> None:
    s = new(n, 3)
    assert s.model_dump_json() == new(n, 3, Options()).model_dump_json()
    assert '"nemesis_' not in s.model_dump_json()  # off options are not even written
    assert s.rules is PROFILES[False] and s.rules.bag is BAG
    assert set(s.bag) <= set(BAG.tokens)
    assert sorted(s.decks["attacks"]) == sorted(a.id for a in C.attacks)
    assert s.weaknesses_revealed == 1 and set(s.weaknesses) <= {w.id for w in C.weaknesses}
    assert all(k.removeprefix("draft:") in {ch.id for ch in C.characters}
               for k in keys(s, "p0"))
    # an option turned on is written, and read back
    on = new(n, 3, BOTH)
    assert Options.model_validate(json.loads(on.model_dump_json())["options"]) == BOTH


# ------------------------------------------------------------------ the characters
@pytest.mark.rule("LD-XOVER-1")
def test_each_draft_card_also_offers_the_original_character_of_its_colour() -> None:
    s = new(3, 2, CHARACTERS)
    offered = list(s.stack[-1].offered)
    originals = {card: ch for ch, card in DRAFT_CARD.items()}
    assert keys(s, "p0") == [f"draft:{c}" for card in offered
                             for c in (card, originals[card])]
    pool = list(s.decks["draft"])
    s2, events = play(s, "p0", f"draft:{originals[offered[1]]}")
    assert s2.heroes["p0"].character == originals[offered[1]]
    # the drafted card leaves with the original character, the other goes back (the
    # next player's offer comes from the same pool)
    rest = [*s2.decks["draft"], *s2.stack[-1].offered]
    assert sorted(rest) == sorted([*pool, offered[0]]) and offered[1] not in rest
    assert any(e.kind == "draft_pick" and ORIGINAL[originals[offered[1]]].name in e.text
               for e in events)
    # without the option the original is not a legal pick
    plain = new(3, 2)
    assert f"draft:{originals[offered[1]]}" not in keys(plain, "p0")


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.parametrize("character", sorted(ORIGINAL))
def test_an_original_character_plays_as_the_source_says(character: str) -> None:
    """A Nemesis survivor: isolation room, 3 knowledge, the original action deck (the
    Pilot: the Lockdown deck of his draft card), no starting item, the draft card's
    Lockdown quest."""
    s, _ = play(drafting(character), "p0", f"draft:{character}")
    hero = s.heroes["p0"]
    card = DRAFT_CARD[character]
    assert hero.room == board_map(s).isolation_slot and hero.knowledge == 3
    assert hero.hands == [] and hero.inventory == []
    deck = IDX.characters[card].deck if character == "pilot" else ORIGINAL[character].deck
    assert sorted(hero.deck + hero.hand) == sorted(c.id for c in deck)
    played = IDX.characters[character]
    assert played.group == "survivor" and played.starting_item is None
    assert played.quest == IDX.characters[card].quest
    assert played.ability == ORIGINAL[character].ability
    # the table names it (view, sheet, recap)
    assert build_view(s, "p0", []).heroes[0].name == ORIGINAL[character].name
    assert character_name(s.heroes["p0"]) == ORIGINAL[character].name


@pytest.mark.rule("LD-XOVER-1")
def test_the_scientist_fights_bare_handed_without_contamination() -> None:
    """Sterile: the Scientist's melee attack draws no contamination card (a Lockdown
    character's does)."""
    for character, contaminated in (("scientist", False), ("sentry", True)):
        s = ready((character, "survivor"), options=CHARACTERS)
        set_hand(s, "p0", plain_cards(s, "p0", 5))
        take_all_items(s, "p0")
        i = add_intruder(s, "adult", s.heroes["p0"].room)
        s2, _ = do(s, "p0", f"melee:{i}", die("miss"))
        hero = s2.heroes["p0"]
        assert any(c.startswith("c:") for c in hero.discard) is contaminated, character
        assert len(hero.serious) == 1  # the miss still hurts


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.rule("NE-CHAR-1")
def test_the_captains_basic_repairs_offers_no_engine_in_the_facility() -> None:
    """The facility has no engines: Basic Repairs is offered for its malfunction options
    only (the original Nemesis also offers repairing or breaking an engine)."""
    s = ready(("captain", "survivor"), options=CHARACTERS)
    set_hand(s, "p0", ["captain_basic_repairs", *plain_cards(s, "p0", 5)[:4]])
    plays = sorted(label for key, label in labels(s, "p0").items()
                   if key.startswith("card:captain_basic_repairs"))
    assert plays == ["Play Basic Repairs: repair the malfunction in a neighbouring room",
                     "Play Basic Repairs: repair the malfunction in your room"]
    assert "engine" in IDX.cards["captain_basic_repairs"].text   # the ship's option


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.rule("NE-CHAR-1")
def test_an_ability_that_replaces_a_base_rule_says_so_in_the_facility() -> None:
    """The choice texts and the sheet say plainly what the original characters'
    abilities change (the same family words as in the original Nemesis)."""
    def detail(s: GameState, key: str) -> str:
        return RS.describe(s, "p0", RS.parse_action(s, "p0", key)).detail

    pilot = ready(("pilot", "survivor"), options=CHARACTERS)
    careful = next(k for k in keys(pilot, "p0") if k.startswith("careful:"))
    assert "Careful movement: 1 card for the Pilot (Quiet Steps); 2 cards for anyone " \
        "else." in detail(pilot, careful)
    assert "**Ability** (Quiet Steps): careful movement costs the Pilot 1 card" \
        in describe_private(RS.view(pilot, "p0"))
    for powered, note in ((False, True), (True, False)):  # power gives everyone the die
        soldier = ready(("soldier", "survivor"), room="repository", options=CHARACTERS)
        soldier.power["2"].active = powered
        give(soldier, "p0", "sentry_carbine")
        i = add_intruder(soldier, "adult", "repository")
        shot = detail(soldier, f"shoot:0,{i}")
        assert "Roll the advantage die" in shot
        assert ("Steady Aim: the advantage die for the Soldier" in shot) is note
    scientist = ready(("scientist", "survivor"), options=CHARACTERS)
    i = add_intruder(scientist, "adult", scientist.heroes["p0"].room)
    assert "no contamination card for the Scientist (Sterile" in \
        detail(scientist, f"melee:{i}")


# ------------------------------------------------------------------ the intruders
@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_intruders_bag_attack_deck_and_laboratory_side(n: int) -> None:
    s = new(n, n, INTRUDERS)
    assert s.rules.bag is NEMESIS_BAG and s.rules.models == species().models
    assert set(s.bag) <= set(NEMESIS_BAG.tokens)
    assert Counter(kind_of(t) for t in s.bag) == {
        "blank": 1, "larva": 4, "creeper": 1, "adult": 3 + n, "queen": 1}
    assert sorted(s.decks["attacks"]) == sorted(a.id for a in species().attacks)
    assert sorted(s.decks["events"]) == sorted(e.id for e in C.events)  # Lockdown's deck
    assert s.eggs == 5 and len(s.weaknesses) == 3 and set(s.weaknesses) <= ALLOWED
    assert s.weaknesses_revealed == 0 and build_view(s, "p0", []).weaknesses == []


@pytest.mark.rule("LD-XOVER-1")
def test_the_fire_and_phosphate_weaknesses_never_come_into_play() -> None:
    dealt = set()
    for seed in range(40):
        dealt |= set(new(1, seed, INTRUDERS).weaknesses)
    assert dealt == ALLOWED


@pytest.mark.rule("LD-XOVER-1")
def test_an_original_token_has_one_surprise_number() -> None:
    for token in NEMESIS_BAG.tokens:
        assert NEMESIS_BAG.surprise_number(token, True) == \
            NEMESIS_BAG.surprise_number(token, False)


def with_weakness(wid: str, options: Options = INTRUDERS) -> GameState:
    """A started game whose laboratory has revealed weakness `wid` (a carcass was
    researched)."""
    s = ready(("sentry", "survivor"), options=options)
    s.weaknesses = [wid, *[w for w in s.weaknesses if w != wid]][:3]
    s.lab_slots = ["carcass"]
    return s


@pytest.mark.rule("LD-XOVER-1")
def test_a_discovered_weakness_helps_everyone_whatever_their_knowledge() -> None:
    s = with_weakness("ne_wk_soft_underbelly")
    s.heroes["p0"].knowledge = 0
    assert weakness_active(s, "soft_tissue", s.heroes["p0"])
    assert weakness_active(s, "soft_tissue")
    # a night stalker card still asks for its knowledge
    stalker = max(C.weaknesses, key=lambda w: w.knowledge)
    plain = with_weakness(stalker.id, Options())
    for hero in plain.heroes.values():
        hero.knowledge = stalker.knowledge - 1
    assert not weakness_active(plain, stalker.effect, plain.heroes["p0"])
    assert not weakness_active(plain, stalker.effect)


def melee_hit(s: GameState, injuries: int = 0) -> GameState:
    set_hand(s, "p0", plain_cards(s, "p0", 5))
    take_all_items(s, "p0")
    i = add_intruder(s, "adult", s.heroes["p0"].room, injuries=injuries)
    on_top(s, "attacks", "ne_at_crushing_weight")  # blood 6, no retreat
    s2, _ = do(s, "p0", f"melee:{i}", die("hit"))
    return s2


@pytest.mark.rule("LD-XOVER-1")
def test_soft_underbelly_adds_an_injury_to_a_melee_hit() -> None:
    assert melee_hit(with_weakness("ne_wk_soft_underbelly")).intruders[0].injuries == 2
    assert melee_hit(with_weakness("ne_wk_thin_blood")).intruders[0].injuries == 1


def injured(s: GameState) -> GameState:
    i = add_intruder(s, "adult", s.heroes["p0"].room, injuries=1)
    on_top(s, "attacks", "ne_at_maul")  # blood 3, no retreat

    def hit(ctx: object) -> None:
        from rules.nemesis.injuries import injure

        injure(ctx, next(x for x in ctx.s.intruders if x.id == i), 1)  # type: ignore[attr-defined]

    s2, _ = run_with(s, hit)
    return s2


@pytest.mark.rule("LD-XOVER-1")
def test_thin_blood_counts_one_less_blood() -> None:
    dead = injured(with_weakness("ne_wk_thin_blood"))
    assert not dead.intruders and dead.kills == 1  # 2 injuries >= 3 - 1
    alive = injured(with_weakness("ne_wk_soft_underbelly"))
    assert alive.intruders and alive.intruders[0].injuries == 2


def test_phosphate_reaction_burns_intruders_when_a_fire_is_put_out() -> None:
    """A family weakness (the crossover removes its card, the original game plays it)."""
    for wid, hurt in (("ne_wk_phosphates", 1), ("ne_wk_thin_blood", 0)):
        s = with_weakness(wid)
        room = s.heroes["p0"].room
        change_room(s.rooms, room, fire=True)
        s.fires += 1
        add_intruder(s, "adult", room)
        on_top(s, "attacks", "ne_at_crushing_weight")
        out = fx.Fire(do="fire", where="here", remove=True)
        s2, _ = run_with(s, lambda ctx, e=out: room_effect(ctx, e, "p0", None))
        assert not s2.rooms[room].fire and s2.fires == 0
        assert s2.intruders[0].injuries == hurt, wid


@pytest.mark.rule("NE-CHAR-1")
def test_reseal_stands_destroyed_doors_back_up() -> None:
    """The Plasma Torch's 'reseal': destroyed and open doors around the room close."""
    s = ready(("sentry", "survivor"))
    room = s.heroes["p0"].room
    corridors = [ex.corridor for ex in s.graph.exits[room] if ex.to != "tech"]
    s.doors[corridors[0]] = "destroyed"
    closed, said = run_with(s, lambda ctx: doors(ctx, [room], "close"))
    assert closed.doors[corridors[0]] == "destroyed"  # closing never fixes a door
    name = s.rules.hooks.room_name(s, room)
    assert [e.text for e in said if e.kind == "door"] == [f"The doors around {name} close."]
    resealed, said = run_with(s, lambda ctx: doors(ctx, [room], "reseal"))
    assert all(resealed.doors[c] == "closed" for c in corridors)
    assert [e.text for e in said if e.kind == "door"] == [
        f"The doors around {name} close, broken ones repaired."]


# ------------------------------------------------------------------ seeded games
GAMES = [(4, seed) for seed in range(6)] + [(2, 1), (5, 2)]


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_a_crossover_game_keeps_every_invariant(n: int, seed: int) -> None:
    """Both options: every move checked (conservation of cards and intruder tokens,
    leaks of hidden information, JSON round trips), the victory check at the end."""
    rec = _record(n, seed, BOTH)
    assert rec.moves and "game_over" in rec.kinds
    final = json.loads(rec.final_json)
    assert set(final["bag"]) <= set(NEMESIS_BAG.tokens)
    assert set(final["weaknesses"]) <= ALLOWED


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.parametrize(("n", "seed", "options"), [
    (3, 1, BOTH.model_copy(update={"board": "mars"})),
    (3, 2, BOTH.model_copy(update={"mode": "coop"})),
    (1, 3, BOTH.model_copy(update={"mode": "solo"}))], ids=["mars", "coop", "solo"])
def test_the_options_play_on_either_side_and_in_every_mode(n: int, seed: int,
                                                            options: Options) -> None:
    rec = _record(n, seed, options)
    assert rec.moves and "game_over" in rec.kinds
    assert set(json.loads(rec.final_json)["bag"]) <= set(NEMESIS_BAG.tokens)


def test_crossover_games_meet_the_originals() -> None:
    played = Counter[str]()
    attacks = set()
    for n, seed in GAMES:
        final = json.loads(_record(n, seed, BOTH).final_json)
        played.update(h["character"] for h in final["heroes"].values())
        attacks |= set(final["discards"].get("attacks", []))
    assert set(played) & set(ORIGINAL)  # original characters were drafted
    assert attacks and attacks <= {a.id for a in species().attacks}


def test_the_crossover_file_refers_to_cards_that_exist() -> None:
    from rules.lockdown.cards import check_references, crossover_problems

    assert check_references(C) == [] and crossover_problems(C) == []
    assert sorted(DRAFT_CARD) == sorted(ORIGINAL)  # every original character has a colour
    assert sorted(DRAFT_CARD.values()) == sorted(ch.id for ch in C.characters)
    bad = C.crossover.model_copy(update={
        "removed_weaknesses": ("ne_wk_nothing",),
        "characters": (*C.crossover.characters,
                       C.crossover.characters[0].model_copy(update={"character": "cook"}))})
    problems = crossover_problems(C.model_copy(update={"crossover": bad}))
    assert any("cook" in p for p in problems)
    assert any("ne_wk_nothing" in p for p in problems)
    assert any("two characters" in p for p in problems)


@pytest.mark.parametrize("field", ["items", "rooms", "events"])
def test_a_duplicate_id_in_the_lockdown_content_is_reported(field: str) -> None:
    from rules.lockdown.cards import check_references

    cards = getattr(C, field)
    dup = C.model_copy(update={field: (*cards, cards[0])})
    assert f"duplicate ids in {field}" in check_references(dup)
