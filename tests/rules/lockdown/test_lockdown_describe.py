"""Lockdown choices in words (BOT-CHOICE-1, BOT-TURN-1): every action kind's label and
detail, escapes named in the label, card options said in words, subset choices (costs,
discards) as one multi-select, and the prompt texts."""

from __future__ import annotations

import itertools
import random

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    add_intruder,
    card_of,
    discard_key,
    do,
    edit,
    give,
    keys,
    new,
    noise,
    plain_cards,
    play,
    push,
    put_room,
    ready,
    seats,
    set_hand,
    take_all_items,
    top,
    waiting,
)

from rules.core.contract import Action, Choice, SubsetMenu
from rules.lockdown.describe import LABEL_MAX, plain
from rules.lockdown.state import GameState
from rules.nemesis import actions as a
from rules.nemesis import effects as fx
from rules.nemesis.crafting import craft_actions
from rules.nemesis.frames import (
    AttackFrame,
    DiscardFrame,
    EffectsFrame,
    ObjectiveFrame,
    PayFrame,
    PickFrame,
)
from rules.nemesis.state import add_object

EMERGENCY = "s2_2"  # an I slot next to the repository


def choices(s: GameState, seat: str) -> dict[str, Choice]:
    """Every single choice of the seat's menu by key."""
    return {act.key: choice for act, choice in RS.menu(s, seat).singles}


def choice(s: GameState, seat: str, action: Action) -> Choice:
    assert action.key in keys(s, seat), action.key
    return RS.describe(s, seat, action)


def subset(s: GameState, seat: str) -> SubsetMenu:
    menu = RS.menu(s, seat)
    # a pay step also offers to go back (a button beside the multi-select)
    assert len(menu.subsets) == 1 and all(isinstance(x, a.Back) for x, _ in menu.singles), menu
    return menu.subsets[0]


def at_emergency(chars: tuple[str, ...] = ("sentry", "survivor")) -> GameState:
    s = ready(chars)
    put_room(s, EMERGENCY, "emergency", items=2)
    s.heroes["p0"].room = EMERGENCY
    return s


# ------------------------------------------------------------------ every kind
@pytest.mark.rule("BOT-CHOICE-1")
def test_the_draft_and_the_objective_choice_show_their_texts() -> None:
    s = new(2)
    for act in RS.legal_actions(s, "p0"):
        assert isinstance(act, a.Draft)
        ch = IDX.characters[act.character]
        c = RS.describe(s, "p0", act)
        assert c.label == f"Play the {ch.name}" and plain(ch.text) in c.detail
    assert " or ".join(IDX.characters[x.character].name  # type: ignore[attr-defined]
                       for x in RS.legal_actions(s, "p0")) in RS.pending(s)[0].text
    s = ready()
    s.heroes["p0"].objectives = [o.id for o in IDX.objectives.values()][:2]
    s, _ = push(s, ObjectiveFrame(pending=["p0"]))
    for act in RS.legal_actions(s, "p0"):
        objective = IDX.objectives[act.objective]  # type: ignore[attr-defined]
        c = RS.describe(s, "p0", act)
        assert objective.name in c.label and c.detail == plain(objective.text)
    # an objective against "Player N" says who that is at this table
    grudge = next(o for o in IDX.objectives.values()
                  if o.kind == "player_cannot_survive" and o.value == 2)
    s.heroes["p0"].objectives = [grudge.id, s.heroes["p0"].objectives[0]]
    keep = next(x for x in RS.legal_actions(s, "p0")
                if x.objective == grudge.id)  # type: ignore[attr-defined]
    assert RS.describe(s, "p0", keep).label == f"Keep objective: {grudge.name} (<@{s.seats[1]}>)"


@pytest.mark.rule("BOT-CHOICE-1")
def test_every_turn_action_kind_has_a_label_and_a_detail() -> None:
    s = at_emergency()
    s.heroes["p1"].room = EMERGENCY
    add_object(s.rooms, EMERGENCY, "carcass")
    give(s, "p0", "body_armor")
    give(s, "p0", "motion_tracker")
    hand = set_cards(s, "p0", ["sentry_lookout", "sentry_double_time", "sentry_takedown",
                               "sentry_patrol", "sentry_secure_doors"])
    assert len(hand) == 5
    seen: dict[type, Choice] = {}
    for act, c in RS.menu(s, "p0").singles:
        assert c.label and len(c.label) <= LABEL_MAX, c
        if not isinstance(act, a.Pass | a.Drop):
            assert c.detail, (act.key, c)
        seen.setdefault(type(act), c)
    assert {a.Move, a.CarefulMove, a.Search, a.PickUp, a.Drop, a.RoomAct, a.PlayCard,
            a.UseItem, a.Trade, a.Pass} <= set(seen)
    assert seen[a.Search].label == "Search Emergency Room (green item)"
    assert "Cost 2: discard 2 action cards" in seen[a.Search].detail
    assert seen[a.PickUp].label == "Pick up a carcass"
    assert seen[a.Drop].label == "Drop Sentry Carbine (free)"
    assert "<@p1>" in seen[a.Trade].label
    room = plain(IDX.rooms["emergency"].text)
    assert any(room in c.detail for act, c in RS.menu(s, "p0").singles
               if isinstance(act, a.RoomAct))
    armor = IDX.items["body_armor"]
    trades = [c for act, c in RS.menu(s, "p0").singles if isinstance(act, a.Trade)]
    assert [c.label for c in trades] == ["Trade with <@p1>"]
    s2, _ = do(s, "p0", "trade")
    menu = RS.menu(s2, "p0")
    assert len(menu.subsets) == 1 and menu.subsets[0].title == "What do you give to <@p1>?"
    assert any(part.label == "Body Armor" and plain(armor.text) in part.detail
               for part in menu.subsets[0].parts)


def set_cards(s: GameState, seat: str, cards: list[str]) -> list[str]:
    set_hand(s, seat, cards)
    return list(s.heroes[seat].hand)


@pytest.mark.rule("BOT-CHOICE-1")
def test_a_card_option_says_what_that_option_does() -> None:
    s = ready()
    set_hand(s, "p0", ["sentry_lookout", *plain_cards(s, "p0", 5)[1:4]])
    first = choice(s, "p0", a.PlayCard(card="sentry_lookout", option=0))
    second = choice(s, "p0", a.PlayCard(card="sentry_lookout", option=1))
    assert first.label == "Play Lookout: remove the noise around your room"
    assert second.label == "Play Lookout: draw 1 action card"
    card = IDX.cards["sentry_lookout"]
    assert first.detail == f"Cost 0: play this card, nothing more to discard. {card.text}"
    assert "option" not in first.label
    item = choice(s, "p0", next(x for x in RS.legal_actions(s, "p0")
                                if isinstance(x, a.PlayCard) and x.card != "sentry_lookout"))
    assert item.detail.startswith("Cost 0: play this card")


@pytest.mark.rule("BOT-CHOICE-1")
def test_an_item_option_and_a_passive_item_say_what_they_do() -> None:
    s = ready(("cleaner", "sentry"))
    hero = s.heroes["p0"]
    assert hero.hands[0].item == "industrial_sprayer"
    uses = {act.option: RS.describe(s, "p0", act) for act in RS.legal_actions(s, "p0")
            if isinstance(act, a.UseItem) and act.item == "industrial_sprayer"}
    assert uses[0].label == "Use Industrial Sprayer: remove the fire from your room"
    # whom an option acts on comes before the one colon
    assert uses[1].label == ("Use Industrial Sprayer, for everyone in your room: discard "
                             "the slime marker")
    give(s, "p0", "motion_tracker")
    tracker = choice(s, "p0", a.UseItem(item="motion_tracker", text="Motion Tracker"))
    assert tracker.label == "Use Motion Tracker: see the next intruder event"
    assert tracker.detail.startswith("Free: not one of your 2 actions")


@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.parametrize("intruders", [0, 1, 2])
def test_an_escape_is_in_the_label_exactly_when_an_intruder_is_in_the_room(
        intruders: int) -> None:
    s = ready()
    set_hand(s, "p0", ["sentry_double_time", *plain_cards(s, "p0", 5)[:3]])
    room = s.heroes["p0"].room
    for _ in range(intruders):
        add_intruder(s, "adult", room)
    moves = [c for act, c in RS.menu(s, "p0").singles if isinstance(act, a.Move)]
    assert moves
    warning = {0: None, 1: "escape: the adult attacks", 2: "escape: 2 adults attack"}[intruders]
    for c in moves:
        assert c.label.startswith("Move to ")
        assert ("escape" in c.label) is bool(intruders)
        if warning:
            assert c.label.endswith(f" — {warning}")
    sprint = choice(s, "p0", a.PlayCard(card="sentry_double_time",
                                        text="Double Time"))
    assert ("escape" in sprint.label) is bool(intruders)
    # the card's movement is chosen next: the same warning on each destination
    s2, _ = play(s, "p0", "card:sentry_double_time,0")
    if isinstance(top(s2), PayFrame):
        s2, _ = play(s2, "p0", keys(s2, "p0")[0])
    assert isinstance(top(s2), PickFrame) and top(s2).purpose == "move"
    for c in choices(s2, "p0").values():
        assert ("escape" in c.label) is bool(intruders)


@pytest.mark.rule("BOT-CHOICE-1")
def test_moves_say_what_waits_there() -> None:
    s = ready()
    room = s.heroes["p0"].room
    add_intruder(s, "creeper", "elevator_s02")
    detail = choice(s, "p0", a.Move(to="elevator_s02")).detail
    assert "The creeper there: you start a fight." in detail
    assert "No noise roll" in detail and detail.startswith("Cost 1: discard 1 action card.")
    assert choice(s, "p0", a.Move(to="alert")).detail.endswith("Then a noise roll.")
    unexplored = choice(s, "p0", a.Move(to="s2_3")).detail
    assert "Unexplored: you explore it" in unexplored
    careful = choice(s, "p0", a.CarefulMove(to="alert"))
    assert careful.label == "Move carefully to Alert Room"
    assert "you put a noise marker in a corridor of your choice" in careful.detail
    assert s.heroes["p0"].room == room


@pytest.mark.rule("BOT-CHOICE-1")
def test_shooting_names_the_weapon_and_the_target() -> None:
    s = ready()
    i = add_intruder(s, "adult", s.heroes["p0"].room, injuries=1)
    shots = [c for act, c in RS.menu(s, "p0").singles if isinstance(act, a.Shoot)]
    assert [c.label for c in shots] == ["Shoot the adult (1 injury) with Sentry Carbine"]
    assert "ammo 4 → 3" in shots[0].detail and "die" in shots[0].detail
    melee = choice(s, "p0", a.Melee(target=i, text=""))
    assert melee.label == "Melee attack on the adult (1 injury)"
    assert "contamination card" in melee.detail and "serious wound" in melee.detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_crafting_says_the_recipe_and_what_it_makes() -> None:
    s = at_emergency()
    take_all_items(s, "p0")
    crafted = IDX.items["taser"]
    parts = []
    for need in crafted.requires:
        parts.append(next(i.id for i in IDX.items.values() if need in i.provides
                          and not i.heavy and i.id not in parts and i.color == "yellow"))
    for item in parts:
        give(s, "p0", item)
    craft = next(x for x in craft_actions(s, s.heroes["p0"]) if x.item == "taser")  # type: ignore[attr-defined]
    c = choice(s, "p0", craft)
    names = [IDX.items[x].name for x in craft.cards]  # type: ignore[attr-defined]
    assert c.label == f"Craft Taser from {' + '.join(names)}"
    assert f"Uses up {names[0]} and {names[1]}." in c.detail
    assert plain(crafted.text) in c.detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_the_computer_and_the_room_actions_say_their_effect() -> None:
    s = at_emergency()
    rooms = {act.variant: c for act, c in RS.menu(s, "p0").singles
             if isinstance(act, a.RoomAct)}
    assert rooms[0].label == "Dress all your serious wounds"
    assert rooms[2].label == "Heal all your light wounds"
    assert rooms[0].detail.startswith("Cost 2: discard 2 action cards.")
    computer_tile = next(r.id for r in IDX.rooms.values() if r.computer)
    s2 = edit(s)
    put_room(s2, EMERGENCY, computer_tile)
    s2.power["2"].active = True
    labels = [c for act, c in RS.menu(s2, "p0").singles
              if isinstance(act, a.RoomAct) and act.variant >= 10]
    assert len(labels) == 3 and all(c.label.startswith("Computer: ") for c in labels)
    assert all("Lock-down" in c.detail for c in labels)


@pytest.mark.rule("BOT-CHOICE-1")
def test_an_interrupt_shows_its_card_and_taking_the_attack() -> None:
    s = ready()
    interrupt = card_of("sentry", interrupt=True)
    set_hand(s, "p0", [interrupt, *plain_cards(s, "p0", 2)])
    i = add_intruder(s, "adult", s.heroes["p0"].room)
    s, _ = push(s, AttackFrame(queue=[(i, "p0")]))
    assert RS.pending(s)[0].text == ("The adult attacks you: play an interrupt card or take "
                                     "the attack")
    got = choices(s, "p0")
    assert got["pick:0"].label == "Take the attack" and "attack card" in got["pick:0"].detail
    card = IDX.cards[interrupt]
    played = got[f"card:{interrupt},0"]
    assert played.label == f"Play {card.name} against the adult"
    # asked while holding cards, though none is an interrupt: the question says so
    s = ready()
    set_hand(s, "p0", plain_cards(s, "p0", 2))
    s, _ = push(s, AttackFrame(queue=[(add_intruder(s, "adult", s.heroes["p0"].room),
                                       "p0")]))
    assert RS.pending(s)[0].text == ("The adult attacks you: you have no interrupt card "
                                     "you can pay for, take the attack")
    assert list(choices(s, "p0")) == ["pick:0"]
    assert card.text in played.detail


@pytest.mark.rule("BOT-CHOICE-1")
def test_picks_say_what_each_option_does() -> None:
    s = ready()
    s, _ = push(s, EffectsFrame(effects=[fx.GainItem(do="gain_item", color="white")],
                                subject="p0"))
    colours = choices(s, "p0")
    assert [c.label for c in colours.values()] == [
        "Draw a red item", "Draw a yellow item", "Draw a green item"]
    assert "weapons" in colours["pick:0"].detail
    assert RS.pending(s)[0].text == "Choose the item deck to draw from"


# ------------------------------------------------------------------ subsets
@pytest.mark.rule("BOT-CHOICE-1")
def test_paying_a_cost_is_one_multi_select_of_exactly_that_many_cards() -> None:
    s = at_emergency()
    hand = list(s.heroes["p0"].hand)
    s, _ = play(s, "p0", "room:0")
    assert isinstance(top(s), PayFrame) and top(s).cost == 2
    menu = subset(s, "p0")
    assert (menu.min_size, menu.max_size) == (2, 2)
    assert sorted(menu.values) == sorted(hand)
    for part, value in zip(menu.parts, menu.values, strict=True):
        card = IDX.cards[value]
        assert part.label == f"{card.name} (cost {card.cost})" and part.detail == card.text
    assert menu.title == "Pay for Dress all your serious wounds: discard 2 action cards"
    assert menu.hint == "Choose exactly 2 action cards."
    assert RS.pending(s)[0].text == menu.title
    assert menu.resolve([0]) is None and menu.resolve([0, 1, 2]) is None
    chosen = menu.resolve([0, 3])
    assert chosen is not None and chosen.key in keys(s, "p0")
    s2 = RS.apply(s, "p0", chosen).state
    assert sorted(s2.heroes["p0"].discard) == sorted([menu.values[0], menu.values[3]])


@pytest.mark.rule("BOT-CHOICE-1")
def test_the_discard_after_passing_is_one_multi_select_where_none_keeps_the_hand() -> None:
    s = ready()
    dirty = s.decks["contamination"][0]
    set_hand(s, "p0", [*s.heroes["p0"].hand[:3], f"c:{dirty}"])
    hand = list(s.heroes["p0"].hand)
    s, _ = play(s, "p0", "pass")
    menu = subset(s, "p0")
    assert (menu.min_size, menu.max_size) == (0, 4)
    assert [p.label.split(" (")[0] for p in menu.parts] == [
        IDX.cards[c].name if not c.startswith("c:") else "Contamination" for c in hand]
    assert dirty not in repr(menu) and "Contamination" in menu.parts[3].label
    keep = menu.resolve([])
    assert keep is not None and keep.key == "discard:~"
    assert RS.describe(s, "p0", keep).label == "Keep your hand"
    assert RS.default_action(s, "p0") is keep
    both = menu.resolve([1, 3])
    assert both is not None and both.key == discard_key(s, "p0", [hand[1], hand[3]])
    assert RS.describe(s, "p0", both).label == f"Discard {IDX.cards[hand[1]].name}, " \
        "Contamination"
    s2 = RS.apply(s, "p0", both).state
    assert s2.heroes["p0"].hand == [hand[0], hand[2]]
    assert RS.pending(s)[0].text == "You passed: discard any cards, or none to keep your hand"


@pytest.mark.rule("BOT-CHOICE-1")
def test_a_big_hand_discards_through_a_multi_select_of_at_most_one() -> None:
    s = ready()
    hero = s.heroes["p0"]
    set_hand(s, "p0", hero.hand + hero.deck[:2])
    s, _ = play(s, "p0", "pass")
    menu = subset(s, "p0")
    assert (menu.min_size, menu.max_size) == (0, 1) and len(menu.values) == 7
    assert menu.hint and menu.resolve([0, 1]) is None
    s = RS.apply(s, "p0", menu.resolve([0])).state  # type: ignore[arg-type]
    assert (subset(s, "p0").min_size, subset(s, "p0").max_size) == (0, 6)


@pytest.mark.rule("BOT-CHOICE-1")
def test_an_effect_discard_is_one_multi_select_of_action_cards() -> None:
    shriek = next(x.id for x in IDX.attacks.values()
                  if any(isinstance(e, fx.DiscardCards) and e.n == 2 for e in x.effects))
    s = ready()
    set_hand(s, "p0", [*plain_cards(s, "p0", 3), f"c:{s.decks['contamination'][0]}"])
    effect = fx.DiscardCards(do="discard_cards", n=2)
    s2, _ = push(s, EffectsFrame(effects=[effect], subject="p0", source=shriek))
    assert isinstance(top(s2), DiscardFrame) and waiting(s2) == ["p0"]
    menu = subset(s2, "p0")
    assert (menu.min_size, menu.max_size) == (2, 2) and len(menu.values) == 3
    assert "Contamination" not in [p.label for p in menu.parts]
    assert menu.title == f"Discard 2 action cards ({IDX.attacks[shriek].name})"
    s3 = RS.apply(s2, "p0", menu.resolve([0, 2])).state  # type: ignore[arg-type]
    assert len(s3.heroes["p0"].hand) == 2 and s3.heroes["p0"].hand[-1].startswith("c:")
    # two action cards for a discard of two: nothing to choose
    s4 = edit(s)
    set_hand(s4, "p0", [*plain_cards(s4, "p0", 2), f"c:{s4.decks['contamination'][0]}"])
    s5, events = push(s4, EffectsFrame(effects=[effect], subject="p0", source=shriek))
    assert [c[:2] for c in s5.heroes["p0"].hand] == ["c:"]
    assert "discard" in [e.kind for e in events]


# ------------------------------------------------------------------ prompts
@pytest.mark.rule("BOT-TURN-1")
def test_the_turn_prompt_says_which_action_it_is() -> None:
    s = ready()
    assert RS.pending(s)[0].text == ("Your turn (round 1): action 1 of 2 — take an action "
                                     "or pass")
    s2, _ = do(s, "p0", "move:alert", noise("silence"))
    assert waiting(s2) == ["p0"]
    assert RS.pending(s2)[0].text.startswith("Your turn (round 1): action 2 of 2 — ")
    add_intruder(s, "adult", s.heroes["p0"].room)
    assert RS.pending(s)[0].text.endswith("(in combat: 1 intruder in your room)")


@pytest.mark.rule("BOT-TURN-1")
def test_the_payment_prompt_names_the_action() -> None:
    s = ready()
    s2, _ = play(s, "p0", "move:alert")
    assert RS.pending(s2)[0].text == "Pay for Move to Alert Room: discard 1 action card"
    s3 = ready()
    set_hand(s3, "p0", ["sentry_field_dressing", *plain_cards(s3, "p0", 4)[1:4]])
    s4, _ = play(s3, "p0", "card:sentry_field_dressing,1")
    assert RS.pending(s4)[0].text == ("Pay for Play Field Dressing (dress 1 serious wound): "
                                      "discard 1 more action card")


# ------------------------------------------------------------------ a whole game
@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.parametrize(("n", "seed"), [(1, 3), (3, 1), (5, 2)])
def test_every_menu_of_a_game_covers_its_legal_actions_with_words(n: int, seed: int) -> None:
    rng = random.Random(seed)
    s = RS.new_game(seats(n), seed)
    subsets = 0
    for _ in range(3000):
        if RS.outcome(s) is not None:
            break
        prompts = RS.pending(s)
        for prompt in prompts:
            assert prompt.text and "{" not in prompt.text, prompt
            legal = RS.legal_actions(s, prompt.seat)
            menu = RS.menu(s, prompt.seat)
            listed = [act.key for act, _ in menu.singles] + [
                act.key for sm in menu.subsets for act in sm.by_parts.values()]
            assert sorted(listed) == sorted(act.key for act in legal)
            for act, c in menu.singles:
                assert 0 < len(c.label) <= LABEL_MAX, (act.key, c)
            for sm in menu.subsets:
                subsets += 1
                assert sm.title and sm.min_size <= sm.max_size and all(p.label for p in sm.parts)
                for act in sm.by_parts.values():
                    positions = positions_of(sm, act)
                    assert sm.resolve(positions) is act
        prompt = rng.choice(prompts)
        s = RS.apply(s, prompt.seat, rng.choice(RS.legal_actions(s, prompt.seat))).state
    assert RS.outcome(s) is not None and subsets
    assert RS.recap(s)


def positions_of(sm: SubsetMenu, act: Action) -> list[int]:
    out: list[int] = []
    for part in getattr(act, type(act).subset_field):  # type: ignore[attr-defined, arg-type]
        out.append(next(i for i, v in enumerate(sm.values) if v == part and i not in out))
    return out


@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.rule("NX-ITEM-3")
def test_the_ways_to_craft_one_item_are_one_choice_of_its_components() -> None:
    """With several ways to craft the same item, the menu holds one multi-select of the
    components per item (not one choice per combination); a chosen set is the craft of
    exactly those items, and a set that does not cover the item is refused."""
    s = at_emergency()
    take_all_items(s, "p0")
    crafted = IDX.items["taser"]
    parts = [i.id for i in IDX.items.values()
             if set(i.provides) & set(crafted.requires) and not i.heavy
             and i.color in ("yellow", "red", "green")][:4]
    for item in parts:
        give(s, "p0", item)
    crafts = [x for x in craft_actions(s, s.heroes["p0"]) if x.item == "taser"]  # type: ignore[attr-defined]
    assert len(crafts) >= 2, "a state with several ways to craft the taser"
    menu = RS.menu(s, "p0")
    assert not any(isinstance(x, a.Craft) and x.item == "taser" for x, _ in menu.singles)
    subset = next(m for m in menu.subsets if m.title.startswith("Craft Taser"))
    assert subset.title == "Craft Taser: choose 2 items"
    assert subset.min_size == subset.max_size == 2
    assert "Cost 1: discard 1 action card." in subset.hint and plain(crafted.text) in subset.hint
    assert {p.label for p in subset.parts} <= {IDX.items[x].name for x in parts}
    assert all(p.detail.startswith("Blue symbols: ") for p in subset.parts)
    for craft in crafts:
        chosen = [i for i, v in enumerate(subset.values) if v in craft.cards]  # type: ignore[attr-defined]
        assert subset.resolve(chosen) == craft
    covering = {tuple(sorted(x.cards)) for x in crafts}  # type: ignore[attr-defined]
    bad = next(combo for combo in itertools.combinations(range(len(subset.values)), 2)
               if tuple(sorted(subset.values[i] for i in combo)) not in covering)
    assert subset.resolve(list(bad)) is None
