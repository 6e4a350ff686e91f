"""The original Nemesis in words, as the players read them at the table: a card or
item with two options names what each option does, an intruder's injuries are counted
in good English, an intruder attack reads only what happens to the character, the pay
step says that the card played goes too, a trade names the things, a card's move and a
careful movement's corridor say where they lead, attacks and passing say what they
risk, the draft and the objective choice say what each option is, and the end words
fit the table (nobody awake, a solo player, who "Player N" is)."""

from __future__ import annotations

from typing import Any

from nemesis_helpers import (
    IDX,
    RS,
    add_intruder,
    edit,
    key_for,
    keys,
    kinds,
    labels,
    new,
    play,
    push,
    room,
    started,
    texts,
    turn,
    waiting,
)
from test_nemesis_rooms import in_room

from rules.core.contract import Choice
from rules.nemesis.frames import AttackFrame, DiscardFrame, EndFrame, PickFrame
from rules.nemesis.state import Held
from rules.nemesis_original.ship import tile_of
from rules.nemesis_original.state import GameState


def _turn_with(hand: list[str]) -> GameState:
    s = turn(started(2), "p0")
    s = edit(s)
    s.heroes["p0"].hand = list(hand)
    return s


def test_a_card_with_two_options_names_what_each_one_does() -> None:
    s = _turn_with(["pilot_patch", "pilot_dash"])
    shown = list(labels(s, "p0").values())
    assert "Play Quick Patch: remove 1 light wound" in shown
    assert "Play Quick Patch: dress 1 serious wound" in shown
    assert not any("(option" in label for label in shown)
    # and the bot's label (with the cost) says the same
    key = next(k for k, v in labels(s, "p0").items() if v.endswith("dress 1 serious wound"))
    action = next(a for a in RS.legal_actions(s, "p0") if a.key == key)
    assert RS.describe(s, "p0", action).label == \
        "Play Quick Patch: dress 1 serious wound (cost 1)"


def test_every_option_of_the_original_content_has_words_and_its_cost_shows() -> None:
    from rules.nemesis.effect_words import option_label

    for card in IDX.cards.values():
        for option in card.options:
            words = option_label(card.name, option)
            assert words.startswith(f"{card.name}: ") and "(option" not in words
    for item in IDX.items.values():
        for option in item.use.options if item.use is not None else ():
            assert option_label(item.name, option).startswith(f"{item.name}: ")
    # the longest one still shows its cost
    s = _turn_with(["captain_bulkheads", "pilot_dash"])
    for action in RS.legal_actions(s, "p0"):
        label = RS.describe(s, "p0", action).label
        assert len(label) <= 80
        if "Seal the Bulkheads" in label:
            assert label.endswith("(cost 1)"), label


def test_intruder_injuries_are_counted_in_words() -> None:
    s = _turn_with(["pilot_dash"])
    room = s.heroes["p0"].room
    add_intruder(s, "adult", room)
    add_intruder(s, "creeper", room, injuries=1)
    add_intruder(s, "breeder", room, injuries=2)
    shown = list(labels(s, "p0").values())
    assert "Melee attack the adult" in shown
    assert "Melee attack the creeper with 1 injury" in shown
    assert "Melee attack the breeder with 2 injuries" in shown
    assert not any("1 injuries" in label or "0 injuries" in label for label in shown)


def test_an_intruder_attack_says_what_it_does_not_how_it_checks_injuries() -> None:
    """The retreat of an attack card matters only when it is drawn to check an injured
    intruder: the attack itself does not mention it (/rules does)."""
    s = _turn_with([])
    hero = s.heroes["p0"]
    intruder = add_intruder(s, "adult", hero.room)
    s.decks["attacks"] = ["ne_at_acid_spit"]
    assert IDX.attacks["ne_at_acid_spit"].retreat
    s, events = push(s, AttackFrame(queue=[(intruder, "p0")]))
    said = texts(events)
    assert "The adult attacks <@p0>: Acid Spit. It spits acid and slime" in said
    assert "flees" not in said


def test_paying_for_a_card_says_the_card_goes_too() -> None:
    s = _turn_with(["pilot_patch", "pilot_dash", "pilot_light_feet"])
    key = next(k for k, v in labels(s, "p0").items() if v == "Play Dash")
    s, _ = play(s, "p0", key)
    assert s.stack[-1].kind == "pay"
    assert RS.pending(s)[0].text == "Pay for Play Dash: discard 1 more action card"
    menu = RS.menu(s, "p0").subsets[0]
    assert menu.title == "Pay for Play Dash: discard 1 more action card"
    assert menu.hint == "Choose exactly 1 action card."
    # paying for a basic action
    s = _turn_with(["pilot_patch", "pilot_dash"])
    move = next(k for k, v in labels(s, "p0").items() if v.startswith("Move to "))
    s, _ = play(s, "p0", move)
    assert RS.pending(s)[0].text == "Pay: discard 1 action card"
    assert keys(s, "p0")


def test_the_jump_with_nobody_awake_does_not_say_the_awake_die() -> None:
    s = edit(started(2))
    for hero in s.heroes.values():
        hero.place = "dead"
    s, events = push(s, EndFrame(reason="nobody_left"))
    said = texts(events)
    assert "The ship jumps into hyperspace. The intruders live through it." in said
    assert "everyone awake aboard dies" not in said


def test_a_trade_offer_names_the_things_one_can_give() -> None:
    s = _turn_with(["pilot_patch", "pilot_dash"])
    s.heroes["p1"].room = s.heroes["p0"].room
    given = next(i.id for i in IDX.items.values() if i.color == "red" and not i.heavy)
    s.heroes["p0"].inventory = [given]
    key = next(k for k, v in labels(s, "p0").items() if v.startswith("Trade with"))
    trade = next(x for x in RS.legal_actions(s, "p0") if x.key == key)
    assert RS.describe(s, "p0", trade).detail.startswith("Everyone here may give any of")
    s, _ = play(s, "p0", key)
    s, _ = play(s, "p0", keys(s, "p0")[0])  # pay
    assert s.stack[-1].kind == "trade"
    menu = RS.menu(s, "p0").subsets[0]
    assert menu.title == "What do you give to <@p1>?"
    shown = [p.label for p in menu.parts]
    assert IDX.items[given].name in shown and not any(x.isdigit() for x in shown)


def test_a_quest_item_is_announced_once_by_name() -> None:
    from rules.nemesis_original.gear import check_quests
    from rules.nemesis_original.table import Ctx

    s = edit(started(2))
    pilot = next(h for h in s.heroes.values() if h.character == "pilot")
    s.nest_found = True
    ctx = Ctx(s)
    assert check_quests(ctx)
    public = [e.text for e in ctx.events if e.to is None]
    assert public == [f"<@{pilot.seat}>'s quest is fulfilled: Flight Log is ready."]
    private = [e.text for e in ctx.events if e.to is not None and pilot.seat in e.to]
    assert private and private[0].startswith("You got Flight Log:")


def test_a_card_move_and_a_careful_noise_marker_say_where_they_lead() -> None:
    s = _turn_with(["pilot_dash", "pilot_patch", "pilot_light_feet"])
    key = next(k for k, v in labels(s, "p0").items() if v == "Play Dash")
    s, _ = play(s, "p0", key)
    s, _ = play(s, "p0", keys(s, "p0")[0])  # pay
    assert s.stack[-1].purpose == "move"
    shown = labels(s, "p0")
    assert shown and all(v.startswith("Move to ") for v in shown.values())
    # a careful movement: each corridor for the noise marker says where it leads
    s = _turn_with(["pilot_patch", "pilot_light_feet", "pilot_dash"])
    key = next(k for k, v in labels(s, "p0").items() if v.startswith("Move carefully to "))
    s, _ = play(s, "p0", key)
    while s.stack[-1].kind == "pay":
        s, _ = play(s, "p0", keys(s, "p0")[0])
    assert s.stack[-1].purpose == "noise_corridor"
    shown = [RS.describe(s, "p0", x).label for x in RS.legal_actions(s, "p0")]
    assert shown and all(x.startswith("Corridor ") and ", toward " in x for x in shown)
    # the table reads a careful movement, and where its noise marker went
    s, events = play(s, "p0", keys(s, "p0")[0])
    public = [e.text for e in events if e.to is None]
    assert any(t.startswith("<@p0> moves carefully to ") for t in public)
    if "explore" not in kinds(events) or "silence" in texts(events):
        assert any(t.startswith("<@p0> makes no noise roll: their careful movement puts a "
                                "noise marker in corridor ") for t in public)


def test_dropping_says_whether_the_thing_is_lost() -> None:
    from rules.nemesis.state import Held

    s = _turn_with(["pilot_dash"])
    heavy = next(i.id for i in IDX.items.values() if i.heavy and i.color == "red")
    s.heroes["p0"].hands = [Held(item=heavy), Held(obj="egg")]
    drops = [x for x in RS.legal_actions(s, "p0") if x.label.startswith("Drop ")]
    assert [RS.describe(s, "p0", x).detail for x in drops] == [
        "The item is lost: it goes back under its deck, not onto the floor.",
        "It stays in this room; anyone here can pick it up."]


def test_the_interrupt_question_names_the_attacker_and_the_card_its_cost() -> None:
    s = _turn_with(["pilot_evasive", "pilot_dash"])
    hero = s.heroes["p0"]
    intruder = add_intruder(s, "adult", hero.room, injuries=1)
    s, _ = push(s, AttackFrame(queue=[(intruder, "p0")]))
    assert s.stack[-1].kind == "interrupt"
    assert RS.pending(s)[0].text == \
        "The adult with 1 injury attacks you: play an interrupt card or take the attack"
    play_it = next(x for x in RS.legal_actions(s, "p0") if x.label.startswith("Play "))
    assert RS.describe(s, "p0", play_it).label == "Play Evasive Manoeuvre (cost 1)"


def test_attacks_and_passing_say_what_they_risk() -> None:
    from rules.nemesis.state import Held

    s = _turn_with(["pilot_dash", "pilot_patch"])
    hero = s.heroes["p0"]
    hero.character = "pilot"  # (the Scientist's Sterile melee: test_nemesis_departures.py)
    gun = next(i for i in IDX.items.values() if i.weapon is not None and i.heavy
               and i.weapon.kind == "classic")
    hero.hands = [Held(item=gun.id, ammo=2)]
    add_intruder(s, "adult", hero.room)
    details = {x.label: RS.describe(s, "p0", x).detail for x in RS.legal_actions(s, "p0")}
    assert details["Melee attack the adult"] == (
        "Roll the combat die; you first take a contamination card; a miss gives you a "
        "serious wound.")
    shot = next(d for label, d in details.items() if label.startswith("Shoot "))
    assert "die; ammo 2 → 1." in shot
    assert details["Pass for this round"].startswith("No more turns for you this round")


def test_the_first_encounter_speaks_to_a_solo_player() -> None:
    from rules.nemesis_original.choices import first_encounter
    from rules.nemesis_original.table import Ctx

    for n, words in ((1, "First encounter! Keep one of your two objectives in secret."),
                     (2, "First encounter! Everyone keeps one of their two objectives in "
                         "secret.")):
        ctx = Ctx(edit(started(n)))
        first_encounter(ctx)
        assert words in [e.text for e in ctx.events]


def test_the_recap_says_who_an_objective_against_player_n_targets() -> None:
    s = edit(started(3))
    s.heroes["p0"].objectives = ["ne_pers_not_p2"]
    for hero in s.heroes.values():
        hero.place = "dead"
    s, _ = push(s, EndFrame(reason="nobody_left"))
    assert "Objective: Old Grudge: Player 2, against <@p1> (met)." in "\n".join(RS.recap(s))


def test_keeping_an_objective_shows_its_text_and_who_player_n_is() -> None:
    from rules.nemesis.frames import ObjectiveFrame

    s = edit(started(3))
    s.heroes["p0"].objectives = ["ne_pers_not_p2", "ne_pers_not_p3"]
    s, _ = push(s, ObjectiveFrame(pending=["p0"]))
    shown = {RS.describe(s, "p0", x).label: RS.describe(s, "p0", x).detail
             for x in RS.legal_actions(s, "p0")}
    assert shown == {
        "Keep objective: Old Grudge: Player 2 (<@p1>)": IDX.objectives["ne_pers_not_p2"].text,
        "Keep objective: Old Grudge: Player 3 (<@p2>)": IDX.objectives["ne_pers_not_p3"].text}


def test_the_draft_says_what_each_character_brings() -> None:
    s = new(2)
    seat = waiting(s)[0]
    for x in RS.legal_actions(s, seat):
        ch = IDX.characters[x.character]
        detail = RS.describe(s, seat, x).detail
        assert detail.startswith(ch.text) and "Starts with " in detail


# ------------------------------------------------- family words both games share
def _ctx() -> tuple[GameState, Any]:
    from rules.nemesis_original.table import Ctx

    s = edit(started(2))
    return s, Ctx(s)


def _said(ctx: Any) -> list[str]:
    return [e.text for e in ctx.events]


def test_a_dying_intruder_counts_its_injuries_in_words() -> None:
    from rules.nemesis.injuries import die

    s, ctx = _ctx()
    room = s.heroes["p0"].room
    for n in (1, 3):
        added = add_intruder(s, "adult", room, n)
        die(ctx, next(i for i in s.intruders if i.id == added))
    assert _said(ctx) == ["The adult dies (1 injury).", "The adult dies (3 injuries)."]


def test_a_treatment_says_what_it_did() -> None:
    from rules.nemesis.resolve import heal

    s, ctx = _ctx()
    for what in ("light_one", "light_all", "dress_one", "dress_all", "heal_dressed"):
        heal(ctx, s.heroes["p0"], what)
    assert _said(ctx) == [
        "<@p0> is treated: 1 light wound removed.",
        "<@p0> is treated: every light wound removed.",
        "<@p0> is treated: 1 serious wound dressed.",
        "<@p0> is treated: every serious wound dressed.",
        "<@p0> is treated: 1 dressed serious wound healed."]


def test_a_bag_event_names_the_token_and_says_when_there_is_none() -> None:
    from rules.nemesis import effects as fx
    from rules.nemesis.resolve import apply_effect

    s, ctx = _ctx()
    s.bag = [t for t in s.bag if s.rules.bag.tokens[t].kind != "larva"]
    before = len(s.bag)
    apply_effect(ctx, fx.Bag(do="bag", op="add", intruder="adult"), None)
    apply_effect(ctx, fx.Bag(do="bag", op="remove", intruder="adult"), None)
    apply_effect(ctx, fx.Bag(do="bag", op="remove", intruder="larva"), None)
    for _ in range(20):  # every free adult token goes in, then none is left
        apply_effect(ctx, fx.Bag(do="bag", op="add", intruder="adult"), None)
    said = _said(ctx)
    assert said[:3] == ["An adult token goes into the intruder bag.",
                        "An adult token is taken out of the intruder bag.",
                        "The intruder bag holds no larva token to take out."]
    assert said[-1] == "No adult token is left to go into the intruder bag."
    assert len(s.bag) == before + said.count("An adult token goes into the intruder bag.") - 1


def test_a_blow_past_three_serious_wounds_in_one_effect_says_the_next_one_kills() -> None:
    from rules.nemesis.wounds import light_wound, serious_wound

    s, ctx = _ctx()
    hero = s.heroes["p0"]
    grace: list[str] = []
    serious_wound(ctx, hero, 4, grace)  # one effect: the third does not kill, nor the 4th
    assert hero.place != "dead" and len(hero.serious) == 3
    assert _said(ctx)[-1] == ("<@p0> already has 3 serious wounds: this blow does "
                                     "no more harm, but any further wound kills.")
    light_wound(ctx, hero)  # a later effect
    assert hero.place == "dead"


def test_a_cost_paid_without_asking_is_told_to_the_player() -> None:
    s = _turn_with(["pilot_dash", "pilot_patch"])
    key = next(k for k, v in labels(s, "p0").items() if v == "Play Dash")
    s, events = play(s, "p0", key)  # costs 1 more card: only Quick Patch is left
    mine = [e.text for e in events if e.to == ("p0",)]
    assert "You pay with Quick Patch (your only way to pay)." in mine
    assert not any("Quick Patch" in e.text for e in events if e.to is None)
    # several cards are named as a list
    s = _turn_with(["pilot_patch", "captain_bulkheads"])
    careful = next(k for k, v in labels(s, "p0").items() if v.startswith("Move carefully"))
    s, events = play(s, "p0", careful)  # costs 2 cards: both are paid
    mine = [e.text for e in events if e.to == ("p0",)]
    assert any(t.startswith("You pay with ") and t.endswith(" (your only way to pay).")
               and " and " in t for t in mine), mine


def test_the_event_phase_does_not_say_everyone_to_a_solo_player() -> None:
    from rules.nemesis.player_phase import begin_event_phase
    from rules.nemesis_original.table import Ctx

    for n, words in ((1, "The event phase of round 1 begins."),
                     (2, "Everyone has passed: the event phase of round 1 begins.")):
        ctx = Ctx(edit(started(n)))
        begin_event_phase(ctx, object())
        assert [e.text for e in ctx.events] == [words]


def _asked(frame: Any, seat: str = "p0") -> str:
    s, _ = push(turn(started(2), seat), frame)
    return RS.pending(s)[0].text


def test_each_choice_an_effect_needs_is_asked_in_its_own_words() -> None:
    assert _asked(PickFrame(seat="p0", purpose="room", options=["s01"])) == "Choose a room"
    assert _asked(PickFrame(seat="p0", purpose="intruder", options=["1"])) == \
        "Choose the intruder"
    assert _asked(PickFrame(seat="p0", purpose="color", options=["red", "green"])) == \
        "Choose the item deck to draw from"
    assert _asked(PickFrame(seat="p0", purpose="move", options=["s01"])) == \
        "Choose where to move"
    assert _asked(PickFrame(seat="p0", purpose="noise_corridor", tag="s01",
                            options=["1"])) == \
        "Moving carefully: choose the corridor for your noise marker"
    assert _asked(PickFrame(seat="p0", purpose="step", tag="engine:2",
                            options=["keep", "switch"])) == \
        "You know the engine's status now: leave it, or switch it"
    assert _asked(PickFrame(seat="p0", purpose="step", tag="unheard",
                            options=["a"])) == "Make a choice"


def test_a_discard_an_effect_asks_for_names_the_card_it_comes_from() -> None:
    dash = IDX.cards["pilot_dash"].name
    assert _asked(DiscardFrame(seat="p0", n=2, source="pilot_dash")) == \
        f"Discard 2 action cards ({dash})"
    assert _asked(DiscardFrame(seat="p0", n=1, source="nothing_known")) == \
        "Discard 1 action card"


def test_the_draft_asks_between_the_characters_offered() -> None:
    s = new(2)
    offered = s.stack[-1].offered
    names = [IDX.characters[c].name for c in offered]
    assert RS.pending(s)[0].text == "Choose your character: " + " or ".join(names)


def test_an_attack_by_an_intruder_gone_from_the_board_still_asks() -> None:
    s = _turn_with(["pilot_evasive", "pilot_dash"])
    intruder = add_intruder(s, "adult", s.heroes["p0"].room)
    s, _ = push(s, AttackFrame(queue=[(intruder, "p0")]))
    s = edit(s)
    s.intruders.clear()
    assert RS.pending(s)[0].text == \
        "An intruder attacks you: play an interrupt card or take the attack"


def test_a_card_played_on_a_turn_says_its_whole_cost_then_its_text() -> None:
    s = _turn_with(["pilot_dash", "pilot_hush", "pilot_patch"])
    choices = [RS.describe(s, "p0", x) for x in RS.legal_actions(s, "p0")]
    shown = {c.label: c.detail for c in choices}
    assert shown["Play Dash (cost 1)"] == "Cost 1: play this card and discard 1 more " \
        "action card. " + IDX.cards["pilot_dash"].text
    assert shown["Play Kill the Engines (cost 0)"] == "Cost 0: play this card, nothing " \
        "more to discard. " + IDX.cards["pilot_hush"].text


def test_the_room_action_reads_the_room_tile_and_a_move_warns_of_an_escape() -> None:
    s = edit(in_room("comms_room"))
    tile = tile_of(s.rooms[s.heroes["p0"].room].tile)
    shown = {x.key: RS.describe(s, "p0", x) for x in RS.legal_actions(s, "p0")}
    assert shown["room:0"].detail == tile.text.strip()
    assert shown["room:0"].label == "Room action: Send a signal (cost 2)"
    move = next(k for k in shown if k.startswith("move:") and not s.rooms[k[5:]].explored)
    assert shown[move].detail == \
        f"unexplored room {move[5:].lstrip('s0')}: you explore it when you enter."
    add_intruder(s, "adult", s.heroes["p0"].room)
    assert RS.describe(s, "p0", RS.codec.parse(move)).detail == \
        "An escape: the intruder here attacks first."
    add_intruder(s, "larva", s.heroes["p0"].room)
    assert RS.describe(s, "p0", RS.codec.parse(move)).detail == \
        "An escape: each of the 2 intruders here attacks first."


def test_paying_names_each_card_with_its_cost_and_contamination_as_worthless() -> None:
    s = edit(in_room("comms_room"))
    s.heroes["p0"].hand = ["pilot_dash", "pilot_patch", "pilot_hush"]
    s.heroes["p0"].hand.append("c:" + next(iter(IDX.contamination)))
    s, _ = play(s, "p0", "room:0")
    pay = RS.legal_actions(s, "p0")[0]
    assert RS.words.subset_title(s, "p0", pay) == ("Pay: discard 2 action cards",
                                                    "Choose exactly 2 action cards.")
    patch = IDX.cards["pilot_patch"]
    assert RS.words.describe_part(s, "p0", pay, "pilot_patch") == \
        Choice(label=f"{patch.name} (cost {patch.cost})", detail=patch.text)
    hush = IDX.cards["pilot_hush"]
    assert RS.words.describe_part(s, "p0", pay, "pilot_hush").label == f"{hush.name} (cost 0)"
    assert RS.words.describe_part(s, "p0", pay, s.heroes["p0"].hand[-1]) == \
        Choice(label="Contamination", detail="A contamination card (it pays for nothing).")


def test_each_noise_corridor_of_a_careful_move_says_where_it_leads() -> None:
    s = _turn_with(["pilot_patch", "pilot_light_feet", "pilot_dash", "pilot_hush"])
    assert s.heroes["p0"].room == room("hibernatorium")
    s, _ = play(s, "p0", "careful:evac_a")
    while s.stack[-1].kind == "pay":
        s, _ = play(s, "p0", keys(s, "p0")[0])
    assert RS.pending(s)[0].text == "Moving carefully: choose the corridor for your noise " \
        "marker"
    assert [RS.describe(s, "p0", x).label for x in RS.legal_actions(s, "p0")] == [
        "Corridor 1, toward unexplored room 2", "Corridor 2, toward Hibernatorium",
        "Corridor 3, toward unexplored room 3", "Corridor 4, toward the technical corridors"]


def test_only_a_move_into_an_unexplored_room_warns_of_exploring() -> None:
    s = _turn_with(["pilot_dash", "pilot_patch", "pilot_light_feet"])
    key = next(k for k, v in labels(s, "p0").items() if v == "Play Dash")
    s, _ = play(s, "p0", key)
    s, _ = play(s, "p0", keys(s, "p0")[0])  # pay
    assert s.stack[-1].purpose == "move"
    details = {o: RS.describe(s, "p0", x).detail
               for o, x in zip(s.stack[-1].options, RS.legal_actions(s, "p0"), strict=True)}
    for option, detail in details.items():
        explored = s.rooms[option].explored
        assert (detail == f"unexplored room {option.lstrip('s0')}: you explore it when you "
                "enter.") is not explored
    s = in_room("monitoring")
    s, _ = play(s, "p0", key_for(s, "p0", "Look at an unexplored"))
    while s.stack[-1].kind == "pay":
        s, _ = play(s, "p0", keys(s, "p0")[0])
    assert s.stack[-1].tag == "monitor"
    assert {RS.describe(s, "p0", x).detail for x in RS.legal_actions(s, "p0")} == {""}


def test_a_discard_a_card_asks_for_is_titled_with_the_card_and_names_each_card() -> None:
    s = _turn_with(["pilot_dash", "pilot_patch", "pilot_hush"])
    s, _ = push(s, DiscardFrame(seat="p0", n=2, source="pilot_dash"))
    action = RS.legal_actions(s, "p0")[0]
    dash = IDX.cards["pilot_dash"].name
    assert RS.words.subset_title(s, "p0", action) == (f"Discard 2 action cards ({dash})",
                                                      "Choose exactly 2 action cards.")
    hand = s.heroes["p0"].hand
    assert [RS.words.describe_part(s, "p0", action, str(i)).label for i in range(len(hand))] \
        == [f"{IDX.cards[c].name} (cost {IDX.cards[c].cost})" for c in hand]


def test_shooting_at_eggs_says_a_noise_roll_follows() -> None:
    s = edit(in_room("nest"))
    gun = next(i for i in IDX.items.values() if i.weapon is not None
               and i.weapon.kind == "classic" and i.color != "crafted")
    s.heroes["p0"].hands = [Held(item=gun.id, ammo=2)]
    shot = next(x for x in RS.legal_actions(s, "p0") if x.key == "shoot:0,0")
    assert RS.describe(s, "p0", shot).detail.endswith("Then a noise roll.")
