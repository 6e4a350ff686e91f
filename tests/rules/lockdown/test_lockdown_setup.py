"""Nemesis: Lockdown setup on the basic board side (LD-SETUP-*, NX-BAG-2, LD-CHAR-1)."""

from __future__ import annotations

from collections import Counter

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    C,
    edit,
    illegal,
    keys,
    new,
    play,
    ready,
    seats,
    started,
    waiting,
)

from rules.nemesis.bag import kind_of
from rules.nemesis.frames import DraftFrame


@pytest.mark.rule("LD-SETUP-1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_rooms_tiles_and_exploration_tokens(seed: int) -> None:
    s = new(3, seed)
    slots = {sl.id: sl for sl in C.board.slots}
    placed: Counter[str] = Counter()
    for slot_id, room in s.rooms.items():
        slot = slots[slot_id]
        if slot.kind == "special":
            assert room.explored and room.tile == slot.room and room.token is None
            continue
        assert not room.explored and room.token is not None and room.tile is not None
        assert IDX.rooms[room.tile].level == slot.kind
        placed[room.tile] += 1
    basic = {r.id for r in C.rooms if r.level == "I"}
    assert basic <= set(placed)  # every basic (I) tile is on the board
    assert sum(placed.values()) == sum(1 for sl in C.board.slots if sl.kind != "special")
    assert not s.gate_open and s.rover_at_base and s.elevator_at == 1
    view = RS.view(s, None)
    hidden = [r for r in view.rooms if not r.explored]
    assert hidden and all(r.tile is None and r.name is None for r in hidden)


@pytest.mark.rule("LD-SETUP-2")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_power_time_and_css_tokens(seed: int) -> None:
    s = new(2, seed)
    tokens = {p.token: p.active for p in s.power.values()}
    assert set(s.power) == {"1", "2", "3", "elevator"}
    assert tokens == {1: True, 2: True, 3: False, 4: False}
    assert s.time == C.time_track.start == 15 and not s.time_active
    css_slots = sorted(t.number for t in C.time_track.slots if t.css)
    assert sorted(s.css) == css_slots
    assert len(set(s.css.values())) == len(css_slots) == len(C.css_tokens) - 1
    view = RS.view(s, None)
    assert view.css_slots == css_slots and not view.css_revealed
    assert not any(t in view.model_dump_json() for t in s.css.values())


def test_power_token_layout_varies_with_the_seed() -> None:
    layouts = {tuple(p.token for p in new(2, seed).power.values()) for seed in range(8)}
    assert len(layouts) > 1


@pytest.mark.rule("LD-SETUP-3")
@pytest.mark.parametrize("seed", [1, 5])
def test_laboratory_decks_and_computer(seed: int) -> None:
    s = new(4, seed)
    assert s.eggs == 5 and not s.lab_slots
    assert len(s.weaknesses) == len(set(s.weaknesses)) == 3
    assert RS.view(s, None).weaknesses == s.weaknesses[:1]  # the leftmost, face up
    for color in ("red", "yellow", "green"):
        want = Counter({i.id: i.copies for i in C.items if i.color == color})
        assert Counter(s.decks[color]) == want
    assert sorted(s.decks["events"]) == sorted(e.id for e in C.events)
    assert sorted(s.decks["attacks"]) == sorted(a.id for a in C.attacks)
    assert len(s.decks["contamination"]) == sum(x.copies for x in C.contamination)
    assert len(s.decks["wounds"]) == sum(w.copies for w in C.serious_wounds)
    assert Counter(s.crafted) == Counter({i.id: i.copies for i in C.items
                                          if i.color == "crafted"})
    assert sorted(s.computer) == sorted(card.id for card in C.computer)


def test_the_lockdown_card_is_never_revealed_at_setup() -> None:
    lockdown = next(card.id for card in C.computer if card.lockdown)
    for seed in range(40):
        s = new(1, seed)
        assert s.computer[0] != lockdown
        assert RS.view(s, None).computer_top == s.computer[0]


@pytest.mark.rule("LD-SETUP-4")
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_help_numbers_contingencies_and_objectives(n: int) -> None:
    s = new(n, 7)
    total = sum(t.count for t in C.contingencies)
    per_player = 2 if n == 2 else 1
    dealt = [t for h in s.heroes.values() for t in h.contingencies]
    assert all(len(h.contingencies) == per_player for h in s.heroes.values())
    assert s.active_contingency and len(dealt) + 1 + len(s.neutral_pool) == total
    assert s.first_player == s.seats[0]  # help card 1 holds the first player token
    for number, seat in enumerate(s.seats, start=1):
        objectives = [IDX.objectives[o] for o in s.heroes[seat].objectives]
        assert [o.deck for o in objectives] == ["corporate", "personal"]
        for o in objectives:
            assert o.min_players <= n
            assert not (o.kind == "player_cannot_survive" and o.value in (number,))
            assert not (o.kind == "player_cannot_survive" and o.value > n)
    view = RS.view(s, None).model_dump_json()
    assert s.active_contingency not in view
    assert not any(o in view for h in s.heroes.values() for o in h.objectives)


@pytest.mark.rule("LD-SETUP-5")
def test_draft_two_offered_keep_one_in_player_order() -> None:
    s = new(3, 2)
    assert waiting(s) == ["p0"] and isinstance(s.stack[-1], DraftFrame)
    offered = list(s.stack[-1].offered)
    assert len(offered) == 2 and sorted(keys(s, "p0")) == sorted(f"draft:{c}" for c in offered)
    others = [c for c in IDX.characters if c not in offered]
    illegal(s, "p0", f"draft:{others[0]}")
    illegal(s, "p1", f"draft:{offered[0]}")  # not p1's turn to draft
    s2, events = play(s, "p0", f"draft:{offered[1]}")
    assert s2.heroes["p0"].character == offered[1]
    assert offered[0] in s2.decks["draft"] or offered[0] in s2.stack[-1].offered
    assert waiting(s2) == ["p1"]
    assert "draft_pick" in [e.kind for e in events]


@pytest.mark.rule("LD-SETUP-5")
@pytest.mark.parametrize("character", [ch.id for ch in C.characters])
def test_start_room_knowledge_item_and_quest(character: str) -> None:
    s = ready([character, "sentry" if character != "sentry" else "cleaner"])
    hero = s.heroes["p0"]
    ch = IDX.characters[character]
    if ch.group == "survivor":
        assert hero.room == C.board.isolation_slot and hero.knowledge == 3
    else:
        assert hero.room == C.board.repository_slot and hero.knowledge == 1
    assert not hero.quest_active and ch.quest.item not in hero.inventory
    if ch.starting_item is None:
        assert character == "xenobiologist" and not hero.hands and not hero.inventory
        return
    item = IDX.items[ch.starting_item]
    if item.heavy:
        assert hero.hands[0].item == item.id
        if item.weapon:
            assert hero.hands[0].ammo == item.weapon.capacity  # loaded to capacity
    else:
        assert hero.inventory == [item.id]


@pytest.mark.rule("LD-SETUP-5")
def test_the_first_round_draws_five_cards_six_in_isolation() -> None:
    s = started(2, 3)
    for hero in s.heroes.values():
        isolation = hero.room == C.board.isolation_slot
        assert len(hero.hand) == (6 if isolation else 5)
        assert len(hero.hand) + len(hero.deck) == 10


@pytest.mark.rule("NX-BAG-2")
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_starting_bag(n: int) -> None:
    s = new(n, n)
    bag = Counter(kind_of(t) for t in s.bag)
    assert bag == Counter({"blank": 1, "larva": 4, "creeper": 1, "adult": 3 + n, "queen": 1})
    assert len(set(s.bag)) == len(s.bag) and not s.aside and not s.intruders
    assert RS.view(s, None).bag_size == len(s.bag)
    view = RS.view(s, None).model_dump_json()
    assert not any(f'"{token}"' in view for token in s.bag)


@pytest.mark.rule("LD-CHAR-1")
def test_six_characters_with_decks_items_quests_abilities() -> None:
    assert len(C.characters) == 6
    groups = {ch.id: ch.group for ch in C.characters}
    assert groups == {"survivor": "survivor", "lab_rat": "survivor",
                      "xenobiologist": "worker", "psychologist": "worker",
                      "sentry": "worker", "cleaner": "worker"}
    assert len({ch.ability for ch in C.characters}) == 6
    for ch in C.characters:
        assert len(ch.deck) == 10 and ch.quest.item in IDX.items
    s = ready(["psychologist", "xenobiologist"])
    assert sorted(s.heroes["p0"].hand + s.heroes["p0"].deck) == sorted(
        c.id for c in IDX.characters["psychologist"].deck)


@pytest.mark.rule("LD-CHAR-1")
@pytest.mark.rule("NX-ITEM-1")
def test_quest_item_becomes_usable_when_its_requirement_is_met() -> None:
    s = ready(["psychologist", "sentry"])  # quest: reach 5 knowledge
    s = edit(s)
    hero = s.heroes["p0"]
    hero.knowledge = 5
    card = next(c for c in hero.hand if not IDX.cards[c].interrupt)
    s2, events = play(s, "p0", "pass")
    assert s2.heroes["p0"].quest_active
    quest = IDX.characters["psychologist"].quest.item
    assert quest in s2.heroes["p0"].inventory
    assert "quest" in [e.kind for e in events]
    assert card  # the pass is what triggered the check
    s3 = edit(s)
    s3.heroes["p0"].knowledge = 4
    s3, _ = play(s3, "p0", "pass")
    assert not s3.heroes["p0"].quest_active


def test_seats_and_players() -> None:
    assert seats(3) == ["p0", "p1", "p2"]
    with pytest.raises(Exception, match="1 to 5"):
        RS.new_game(seats(6), 1)
