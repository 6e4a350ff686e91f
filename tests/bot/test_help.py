"""`/rules`: topics per ruleset, lookups by id / title / name / prefix, the topic list and
the autocomplete limits (bot.help over bot.help_entries)."""

from __future__ import annotations

import pytest

from bot.help import answer, find, index_text, topics
from bot.help_entries import entries
from rules import get_kit
from rules.darkmoon.cards import content as dm_content
from rules.lockdown.cards import content as ld_content

TITLES = {name: get_kit(name).title for name in ("darkmoon", "lockdown", "nemesis")}

LOCKDOWN_TOPICS = {
    # what a player may type -> a word the answer's title must hold
    "turn": "round", "actions": "actions", "movement": "careful", "combat": "fighting",
    "noise": "noise", "encounters": "encounters", "intruders": "intruders", "items": "items",
    "rooms": "rooms", "event phase": "event phase", "time": "time track",
    "power": "power", "autodestruction": "autodestruction", "contamination": "contamination",
    "wounds": "wounds", "winning": "wins", "crafting": "crafting", "costs": "paying",
    "css": "css", "bunker": "bunker", "knowledge": "knowledge",
    # the modes and the Mars surface side of the board
    "solo": "solo", "cooperative": "cooperative", "surface": "mars surface",
    "crossroads": "crossroads", "paths": "paths", "areas": "areas",
    "surface die": "mars surface die", "surface deck": "mars surface deck",
    "enviro_suit": "enviro-suit", "rover": "rover",
}
LOCKDOWN_SYMBOLS = ("noise marker", "fire", "malfunction", "door", "slime", "carcass", "egg",
                    "corpse", "css token", "exploration token", "time token", "power token",
                    "autodestruction token", "alert token", "contingency token",
                    "intruder token", "venting token", "signal marker", "technical corridors",
                    "computer", "main gate", "rover", "elevator", "combat die",
                    "advantage die", "noise die")
DARKMOON_TOPICS = {"turn": "turn", "tasks": "tasks", "votes": "vote", "vote": "vote",
                   "quarantine": "quarantine", "events": "events", "dice": "dice",
                   "winning": "winning", "roles": "infected", "outposts": "outpost",
                   "shield": "shield", "commander": "commander", "suspicion": "suspicion"}


def title_of(reply: str) -> str:
    first = reply.split("\n", 1)[0]
    assert first.startswith("**"), reply[:200]
    return first.lower()


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize(("typed", "word"), sorted(LOCKDOWN_TOPICS.items()))
def test_every_lockdown_topic_answers(typed: str, word: str) -> None:
    assert word in title_of(answer(typed, "lockdown"))


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize(("typed", "word"), sorted(DARKMOON_TOPICS.items()))
def test_every_darkmoon_basic_answers(typed: str, word: str) -> None:
    assert word in title_of(answer(typed, "darkmoon"))


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize("symbol", LOCKDOWN_SYMBOLS)
def test_every_lockdown_board_symbol_answers(symbol: str) -> None:
    assert title_of(answer(symbol, "lockdown")).startswith("**board: ")


@pytest.mark.rule("BOT-HELP-1")
def test_every_lockdown_room_item_and_intruder_answers_by_name() -> None:
    c = ld_content()
    for room in c.rooms:
        assert title_of(answer(room.name, "lockdown")) == f"**room: {room.name.lower()}**"
    for item in c.items:
        assert title_of(answer(item.name, "lockdown")) == f"**item: {item.name.lower()}**"
    for kind in type(c.intruders.models).model_fields:
        reply = answer(kind, "lockdown")
        assert title_of(reply) == f"**intruder: {kind}**"
        assert "Tokens (surprise number lit/dark)" in reply  # facts from tokens.toml
    for card in c.computer:
        assert card.name in answer(card.name, "lockdown")
    for token in c.contingencies:
        assert token.text in answer(token.name, "lockdown")


@pytest.mark.rule("BOT-HELP-1")
def test_every_darkmoon_card_answers_by_name() -> None:
    c = dm_content()
    for group in (c.characters, c.events, c.final_events, c.outposts,
                  c.silver_tasks, c.black_tasks, c.statuses):
        for card in group:
            assert card.name.lower() in title_of(answer(card.name, "darkmoon"))


@pytest.mark.rule("BOT-HELP-1")
def test_content_lists_come_from_the_content() -> None:
    c = ld_content()
    rooms = answer("rooms", "lockdown")
    assert all(room.name in rooms for room in c.rooms)
    assert "Cargo Sending System C" in rooms.split("**Additional rooms (II):**")[1]
    event_phase = answer("event phase", "lockdown")
    steps = ["Launch CSS", "Time", "Noise removal", "Intruder attacks", "Fire damage",
             "Intruder event card", "Bag development"]
    positions = [event_phase.index(f"**{step}") for step in steps]
    assert positions == sorted(positions)
    actions = answer("actions", "lockdown")
    for action, cost in (("Move", 1), ("Careful movement", 2), ("Search", 2),
                         ("Pick up", 1), ("Trade", 1), ("Craft", 1), ("Computer action", 1),
                         ("shoot", 1), ("melee", 1)):
        assert f"**{action}** ({cost}" in actions
    faces = answer("combat die", "lockdown")
    assert "Faces: miss, miss, creeper, adult, hit, double hit." in faces


@pytest.mark.rule("BOT-LIMITS-1")
@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown"])
def test_every_entry_fits_one_message(ruleset: str) -> None:
    keys = [e.key for e in entries(ruleset)]
    assert len(keys) == len(set(keys))
    for e in entries(ruleset):
        reply = answer(f"{ruleset}:{e.key}", ruleset)
        assert reply.startswith(f"**{e.title}**") and len(reply) <= 1900
        assert not reply.endswith("…"), e.key  # nothing was cut


@pytest.mark.rule("BOT-HELP-1")
def test_lookup_by_id_title_case_and_prefix() -> None:
    assert title_of(answer("EVENT_PHASE", "lockdown")) == "**the event phase, step by step**"
    assert title_of(answer("the Event Phase, step by step", "lockdown")).startswith("**the ev")
    assert title_of(answer("  Room:  ARCHIVE ", "lockdown")) == "**room: archive**"
    assert title_of(answer("encou", "lockdown")) == "**encounters**"
    assert title_of(answer("Bunk", "lockdown")) == "**escaping to the bunker**"
    assert title_of(answer("lone", "darkmoon")) == "**lone wolf**"
    assert title_of(answer("food_rationing", "darkmoon")) == "**event: food rationing**"
    # an id wins over names that merely start with it
    assert title_of(answer("fire", "lockdown")) == "**board: fire marker**"
    # a prefix shared by several entries lists them with what to type
    assert "`autodestruction_token`" in answer("autodestr", "lockdown")
    reply = answer("ammo", "lockdown")
    assert reply.startswith("Did you mean") and "`ammo_marker`" in reply
    assert "`ammo_pack`" in reply
    assert "no rules entry" in answer("zzz", "lockdown")


@pytest.mark.rule("BOT-HELP-1")
def test_a_topic_of_the_other_game_is_pointed_to() -> None:
    reply = answer("outpost", "lockdown")
    assert "Nemesis: Lockdown has no rules entry" in reply and "`darkmoon:outposts`" in reply
    assert title_of(answer("darkmoon:outposts", "lockdown")).startswith("**outpost tokens**")
    both = answer("winning")
    assert "`darkmoon:winning`" in both and "`lockdown:winning`" in both
    assert "(Nemesis: Lockdown)" in answer("lockdown:winning")


@pytest.mark.rule("BOT-LIMITS-1")
@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown", "nemesis"])
def test_topic_list_is_grouped_and_fits(ruleset: str) -> None:
    """In a game channel: that game's topics only, grouped, within one message."""
    text = index_text(ruleset)
    assert answer(None, ruleset) == text == answer("  ", ruleset)
    assert len(text) <= 2000 and not text.endswith("…")
    rules_line = text.index("**Rules:**", text.index(f"**{TITLES[ruleset]}**\n"))
    assert rules_line < text.index("**Ask by name:**", rules_line)
    if ruleset != "darkmoon":
        assert "**Intruders:** Larva, Creeper, Adult, Breeder, Queen" in text
        assert "`event_phase`" in text
    if ruleset == "lockdown":
        assert "Noise marker" in text and "Exploration token" in text
    if ruleset == "nemesis":
        assert "Noise marker" in text and "Technical corridors" in text
        assert all(f"`{key}`" in text for key in (
            "critical_moments", "pods", "hibernation", "self_destruct", "engines",
            "coordinates", "end", "victory_check"))
    if ruleset == "darkmoon":
        assert "`vote`" in text and "Shield token" in text
    others = set(TITLES) - {ruleset}
    assert not any(f"**{TITLES[other]}**" in text for other in others)


@pytest.mark.rule("BOT-LIMITS-1")
def test_outside_a_game_channel_the_list_names_the_games() -> None:
    """No channel game: a short list of the games and how to ask about each; a game's
    name lists that game's topics."""
    text = index_text(None)
    assert answer(None) == text == answer("  ") and len(text) <= 2000
    for name, title in TITLES.items():
        assert f"**{title}**" in text and f"`/rules {name}`" in text
        assert answer(name) == index_text(name) == answer(title.lower())
    assert "**Rules:**" not in text  # no game's topic list here
    assert answer("nemesis", "darkmoon") == index_text("nemesis")


@pytest.mark.rule("BOT-LIMITS-1")
@pytest.mark.parametrize("ruleset", ["darkmoon", "lockdown", "nemesis", None])
@pytest.mark.parametrize("typed", ["", "a", "e", "ro", "Room", "zzzz", "x" * 150])
def test_autocomplete_limits(ruleset: str | None, typed: str) -> None:
    choices = topics(typed, ruleset)
    assert len(choices) <= 25
    assert all(0 < len(name) <= 100 and 0 < len(value) <= 100 for name, value in choices)
    assert len({value for _, value in choices}) == len(choices)
    for _, value in choices[:3]:  # every value answers with one entry
        assert answer(value, ruleset).startswith("**")


def test_autocomplete_puts_the_best_match_first() -> None:
    assert topics("", "lockdown")[0] == ("Rounds and turns, step by step", "turn")
    assert topics("arch", "lockdown")[0] == ("Room: Archive", "archive")
    assert topics("jon", "darkmoon")[0][0] == "Character: Jon Reed"
    name, value = topics("larva", None)[0]
    assert name == "Lockdown · Intruder: Larva" and value == "lockdown:larva"
    assert topics("zzzz", "lockdown") == []


def test_find_returns_one_entry_for_same_named_cards() -> None:
    hits = find("Uninfected", "darkmoon")
    assert len(hits) == 1 and hits[0][1].title == "Status: Uninfected"


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.rule("LD-MODE-1")
@pytest.mark.rule("LD-MODE-2")
def test_the_modes_are_explained() -> None:
    solo = answer("solo", "lockdown")
    for fact in ("exactly 1 player", "2 cards of the solo/cooperative objective deck",
                 "keep 1 of them at the first encounter", "2 tokens from the neutral pool",
                 "half its usual number of items, rounded up"):
        assert fact in solo, fact
    coop = answer("cooperative", "lockdown")
    for fact in ("1 to 5 players", "1 card of the solo/cooperative objective deck",
                 "face up", "**every** one of these cards is met **and** at least 1 "
                 "character survives", "2 or more such cards, that many characters",
                 "emergency room", "no intruder, no malfunction",
                 "light wound discarded", "serious wound dressed"):
        assert fact in coop, fact
    assert "`solo`" in index_text("lockdown") and "`cooperative`" in index_text("lockdown")
    reply = answer("mode", "lockdown")  # both modes offered with what to type
    assert reply.startswith("Did you mean") and "`solo`" in reply and "`cooperative`" in reply


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.rule("LD-MARS-1")
def test_the_mars_surface_side_is_explained() -> None:
    surface = answer("surface", "lockdown")
    for word in ("buildings", "exit rooms", "`/rules paths`", "`/rules areas`",
                 "`/rules surface die`", "`/rules surface deck`", "`/rules rover`",
                 "`/rules enviro_suit`", "red, yellow or green item card",
                 "malfunction result on a crossroads does nothing"):
        assert word in surface, word
    crossroads = answer("paths", "lockdown")
    assert "`/rules Crossroads`" in crossroads
    assert "never hold a fire or a malfunction marker" in crossroads
    assert "a path never receives a noise marker" in crossroads
    assert "unless an intruder or another character is already there" in crossroads
    areas = answer("areas", "lockdown")
    assert "area 3 belongs to none" in areas and "technical corridors never apply" in areas
    die = answer("surface die", "lockdown")
    for face in ("**1 to 4, silence:**", "**Danger in a building:**",
                 "**Danger on a crossroads:**", "**Card symbol:**"):
        assert face in die, face
    deck = answer("surface deck", "lockdown")
    assert "**upper half**" in deck and "**lower half**" in deck and "Enviro-Suit" in deck
    rover = answer("rover", "lockdown")
    assert "**Basic side:**" in rover and "**Mars surface side:**" in rover
    suit = answer("enviro_suit", "lockdown")
    assert "crossroads that a path joins to the bunker" in suit and "noise roll" in suit
    # the item card keeps its name; the topic and the item are both offered on a prefix
    assert title_of(answer("Enviro-Suit", "lockdown")) == "**item: enviro-suit**"
    assert "`enviro_suit`" in answer("enviro", "lockdown")
    mars = answer("mars", "lockdown")
    assert all(f"`{key}`" in mars for key in ("surface", "surface_die", "surface_deck"))
    index = index_text("lockdown")
    assert "`surface`" in index
    assert "Paths between crossroads, Surface areas, Mars surface die, Mars surface deck" in index


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.rule("LD-MARS-1")
def test_every_mars_surface_card_and_token_can_be_looked_up() -> None:
    from rules.lockdown.mars_board import mars_content

    for card in mars_content().cards:
        reply = answer(card.name, "lockdown")
        assert title_of(reply) == f"**mars surface card: {card.name.lower()}**"
        assert card.upper_text in reply and card.lower_text in reply
        assert "**Out in the open:**" in reply and "**Sheltered**" in reply
    tokens = answer("exploration_token", "lockdown")
    total = sum(t.count for t in mars_content().tokens)
    assert f"**Mars surface side:** {total} surface tokens" in tokens
    assert "Mars surface card, then a noise roll" in tokens
    assert "mars surface cards" in index_text("lockdown")


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.rule("LD-MODE-2")
def test_every_solo_coop_objective_can_be_looked_up() -> None:
    from rules.lockdown.cards import content

    for objective in content().coop_objectives:
        reply = answer(objective.name, "lockdown")
        assert title_of(reply) == f"**objective: {objective.name.lower()}**"
        assert "solo/coop objective (public)" in reply and objective.text in reply


# ------------------------------------------- Dark Moon: Shadow Corporation, modules, variants
def _expansion_names() -> list[tuple[str, str]]:
    """(typed name, the answer's title start) of every card the expansion and its
    modules add."""
    c = dm_content()
    x = c.expansion
    out = [(ch.name, "**character: ") for ch in x.characters]
    out += [(st.name, "**status: ") for st in x.statuses]
    out += [(o.name, "**outpost: ") for o in x.outposts]
    out += [(e.name, "**event: ") for e in x.events]
    out += [(e.name, "**final event: ") for e in x.final_events]
    out += [(t.name, "**task: ") for t in x.silver.extra + x.black.extra]
    out += [(x.silver.failure.name, "**task: "), (x.black.failure.name, "**task: ")]
    out += [(t.name, "**threat: ") for t in c.modules.threats]
    return out


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize(("typed", "title"), _expansion_names())
def test_every_expansion_card_answers_by_name(typed: str, title: str) -> None:
    reply = answer(typed, "darkmoon")
    assert title_of(reply).startswith(title + typed.lower()), reply[:120]


EXPANSION_TOPICS = {
    "evacuation": "evacuation", "clearance": "clearance", "take-off": "take-off",
    "take off": "take-off", "takeoff": "take-off", "amputation": "amputation",
    "corporation dice": "corporation dice", "threats": "module: threats",
    "wild tokens": "wild tokens", "threat tokens": "threat tokens",
    "refueling": "refueling", "company man": "module: company man",
    "shadow corporation": "shadow corporation", "expansion": "shadow corporation",
    "evacuation cube": "board: evacuation cube", "clearance token": "board: clearance",
    "amputation token": "board: amputation", "evacuate": "board: evacuate",
}


@pytest.mark.rule("BOT-HELP-1")
@pytest.mark.parametrize(("typed", "word"), sorted(EXPANSION_TOPICS.items()))
def test_every_expansion_topic_answers(typed: str, word: str) -> None:
    assert word in title_of(answer(typed, "darkmoon"))


@pytest.mark.rule("BOT-HELP-1")
def test_every_module_and_variant_answers_by_its_readable_name() -> None:
    from rules.darkmoon.state import Options

    labels = get_kit("darkmoon").options.labels
    options = [k for k in Options.model_fields
               if k not in ("final_event", "task_deck", "turn_timeout_minutes", "expansion")]
    assert len(options) == 12
    for key in options:
        name = labels[key].removesuffix(" module")
        title = title_of(answer(name, "darkmoon"))
        group = "module" if key in ("threats", "company_man") else "variant"
        assert title.startswith(f"**{group}: {name.lower()}"), (key, title)
        assert title_of(answer(key, "darkmoon")) == title


def test_evacuate_cards_say_so_and_the_status_card_of_the_company_man_exists() -> None:
    x = dm_content().expansion
    for tid in x.silver.evacuate:
        entry = next(e for e in entries("darkmoon") if e.key == tid)
        assert "EVACUATE" in entry.text
    core_only = next(e for e in entries("darkmoon")
                     if e.key == "unexplained_power_drain")
    assert "EVACUATE" in core_only.text
    assert title_of(answer("company_man_card", "darkmoon")) == "**status: company man**"
    numbers = answer("corporation dice", "darkmoon")
    assert "+1, 0, 0, -1, -1, -2" in numbers and "roll 2" in numbers


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.rule("BOT-HELP-1")
def test_the_crossover_cards_answer_by_name_in_lockdown() -> None:
    """/rules original explains both options; every original character, its action
    cards, the original attack and weakness cards the options bring in answer by name."""
    from rules.nemesis.library import crew, species

    assert title_of(answer("original", "lockdown")) == \
        "**original nemesis characters and intruders**"
    for ch in crew().characters:
        reply = answer(ch.name, "lockdown")
        assert title_of(reply) == f"**character: {ch.name.lower()}**"
        assert "isolation room with 3 knowledge" in reply and "no starting item" in reply
    assert "Survivor's action deck" in answer("Pilot", "lockdown")
    assert "Captain's deck" in answer("Stand Firm", "lockdown")
    for card in species().attacks:
        assert card.name in answer(card.name, "lockdown")
    assert "helps every character" in answer("Thin Blood", "lockdown")
    assert "no rules entry" in answer("Phosphate Reaction", "lockdown")  # left out


def test_a_lockdown_attack_with_the_retreat_symbol_says_what_it_does() -> None:
    card = next(a for a in ld_content().attacks if a.retreat)
    reply = answer(card.name, "lockdown")
    assert "retreat: drawn for an injured intruder, it flees instead" in reply
    assert reply.count("flees") == 1


@pytest.mark.rule("BOT-HELP-1")
def test_the_table_settings_topic_explains_warden_answering_where_a_game_has_it() -> None:
    for ruleset in ("lockdown", "nemesis"):
        text = answer("settings", ruleset)
        assert text.startswith("**Table settings**") and "`/game timer`" in text
        assert "**Warden answers for me when I have no real choice**" in text
        assert "keep your hand when you pass" in text and "no interrupt card" in text
    darkmoon = answer("settings", "darkmoon")
    assert "Turn timer" in darkmoon and "answers for me" not in darkmoon
    # every game's table has AI players and the timer's choice
    assert "**Add AI player**" in darkmoon and "`when_time_runs_out`" in darkmoon
    for ruleset in ("darkmoon", "lockdown", "nemesis"):  # and the list of your games
        text = answer("settings", ruleset)
        assert "**Your games** (`/games`" in text and "only you see it." in text
        assert not text.endswith("…")  # whole
