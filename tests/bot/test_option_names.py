"""Game options in words: bot.option_names and the lobby message that shows them."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, get_args

import pytest

from bot.lobby import lobby_text
from bot.option_names import (
    choice_name,
    describe_options,
    menu_options,
    option_notes,
)
from bot.storage import GameRecord
from kits.lockdown.options import CROSSOVER_OPTIONS
from rules import get_kit, get_ruleset

CHOICE_NAMES = {k: v for g in ("darkmoon", "lockdown")
                for k, v in get_kit(g).options.choice_names.items()}
NOTES = {k: v for g in ("darkmoon", "lockdown") for k, v in get_kit(g).options.notes.items()}
MENU_LINES = get_kit("lockdown").options.menu_lines

# Dark Moon's modules and variant rules, all off by default
DARK_MOON_RULES_OFF = [f"{name}: off" for name in (
    "Threats module", "Company Man module", "Expensive Voting", "First Is Last",
    "Flimsy Quarantine", "Telepathic Infected", "Deadly Events", "No More Complications",
    "Nerfed Reveal", "Safe Orders", "Fatigued Infected", "Costly Actions")]


def test_dark_moon_options_read_as_words() -> None:
    lines = describe_options("darkmoon", {"final_event": "last_stand", "task_deck": "black",
                                          "turn_timeout_minutes": 5})
    assert lines == ["Final event: Last Stand", "Task deck: black",
                     "Turn timer: 5 min, then an AI player moves for a silent player; after "
                     "3 timeouts in a row, Warden's crew plays the seat until its player "
                     "returns",
                     "Shadow Corporation expansion: off", *DARK_MOON_RULES_OFF]


def test_the_turn_timer_says_what_happens_to_a_silent_player() -> None:
    def timer(options: dict[str, Any]) -> str:
        return next(line for line in describe_options("darkmoon", options)
                    if line.startswith("Turn timer"))

    assert timer({"turn_timeout_minutes": 3, "timeout_move": "pass", "idle_after": 0}) == \
        "Turn timer: 3 min, then a silent player passes (the default move)"
    assert timer({"turn_timeout_minutes": 3, "timeout_move": "ai", "idle_after": 0}) == \
        "Turn timer: 3 min, then an AI player moves for a silent player"
    assert timer({"turn_timeout_minutes": 3, "timeout_move": "ai", "idle_after": 2}) == (
        "Turn timer: 3 min, then an AI player moves for a silent player; after 2 timeouts "
        "in a row, Warden's crew plays the seat until its player returns")
    # an unknown choice reads as the default; no timer, no choice said
    assert timer({"turn_timeout_minutes": 3, "timeout_move": "x", "idle_after": 0}).endswith(
        "AI player moves for a silent player")
    assert timer({"turn_timeout_minutes": 0, "timeout_move": "pass"}) == "Turn timer: off"


def test_defaults_are_shown_and_unknown_keys_left_out() -> None:
    assert describe_options("darkmoon", {"away": ["123"]}) == [
        "Final event: random", "Task deck: by player count", "Turn timer: off",
        "Shadow Corporation expansion: off", *DARK_MOON_RULES_OFF]
    assert describe_options("lockdown", {"turn_timeout_minutes": 10}) == [
        "Mode: semi-cooperative", "Board: basic side", "Original Nemesis characters: off",
        "Original Nemesis intruders: off",
        "Turn timer: 10 min, then an AI player moves for a silent player; after 3 timeouts "
        "in a row, Warden's crew plays the seat until its player returns"]


def test_every_option_of_every_ruleset_has_a_readable_line() -> None:
    for name in ("darkmoon", "lockdown", "nemesis"):
        fields = get_ruleset(name).Options.model_fields
        lines = describe_options(name, {})
        assert len(lines) == len(fields)
        for line in lines:
            label, _, value = line.partition(": ")
            assert label[:1].isupper() and value and "_" not in line and "=" not in line


def _record(ruleset: str, options: dict[str, Any]) -> GameRecord:
    now = datetime(2024, 1, 1, tzinfo=UTC)
    return GameRecord(id=1, guild_id="1", channel_id="2", ruleset=ruleset, status="lobby",
                      host_id="10", seats=["10", "11"], options=options, version=0,
                      state=None, prompt_message_id=None, board_message_id=None,
                      lobby_message_id=None, created_at=now, updated_at=now)


@pytest.mark.rule("BOT-LOBBY-1")
def test_the_lobby_shows_option_names() -> None:
    bot: Any = SimpleNamespace(tables=SimpleNamespace(ruleset_of=lambda r:
                                                      get_ruleset(r.ruleset)))
    text = lobby_text(bot, _record("darkmoon", {"final_event": "reactor_purge",
                                                "task_deck": "black",
                                                "turn_timeout_minutes": 5}))
    assert "Options: Final event: Reactor Purge · Task deck: black · Turn timer: 5 min" in text
    assert "=" not in text and "turn_timeout_minutes" not in text
    assert "1. <@10> (host)" in text and "2. <@11>" in text


def _literal(ruleset: str, key: str) -> tuple[str, ...]:
    return get_args(get_ruleset(ruleset).Options.model_fields[key].annotation)


@pytest.mark.rule("BOT-LOBBY-1")
def test_every_mode_and_board_side_has_a_name_a_choice_and_a_note() -> None:
    shown = {"semi_coop": "semi-cooperative", "coop": "fully cooperative", "solo": "solo",
             "basic": "basic side", "mars": "Mars surface side"}
    for key in ("mode", "board"):
        for value in _literal("lockdown", key):
            line = next(x for x in describe_options("lockdown", {key: value})
                        if x.startswith(f"{key.capitalize()}: "))
            assert line == f"{key.capitalize()}: {shown[value]}"
            name = choice_name("lockdown", key, value)
            assert name == CHOICE_NAMES[key][value] and 0 < len(name) <= 100
            notes = option_notes("lockdown", {key: value})
            assert NOTES[key][value] in notes and all("\n" not in n for n in notes)
    assert choice_name("darkmoon", "task_deck", "auto") == "By player count"
    assert choice_name("darkmoon", "task_deck", "black") == "Black"
    assert option_notes("darkmoon", {"task_deck": "black"}) == []


@pytest.mark.rule("BOT-LOBBY-1")
def test_the_lobby_says_what_the_mode_and_side_mean() -> None:
    bot: Any = SimpleNamespace(tables=SimpleNamespace(ruleset_of=lambda r:
                                                      get_ruleset(r.ruleset)))
    text = lobby_text(bot, _record("lockdown", {"mode": "solo"}))
    assert ("Options: Mode: solo · Board: basic side · Turn timer: off\n"
            f"> {NOTES['mode']['solo']}\n> {NOTES['board']['basic']}\n") in text
    assert "\n> " not in lobby_text(bot, _record("darkmoon", {}))


@pytest.mark.rule("LD-XOVER-1")
@pytest.mark.rule("BOT-LOBBY-1")
def test_the_lockdown_lobby_names_the_crossover_options_when_on() -> None:
    bot: Any = SimpleNamespace(tables=SimpleNamespace(ruleset_of=lambda r:
                                                      get_ruleset(r.ruleset)))
    off = lobby_text(bot, _record("lockdown", {}))
    assert "Original Nemesis" not in off.split("\n")[1]  # off: not listed
    assert "the menu below" in off
    text = lobby_text(bot, _record("lockdown", {"nemesis_characters": True,
                                                "nemesis_intruders": True}))
    assert ("Options: Mode: semi-cooperative · Board: basic side · Original Nemesis "
            "characters: on · Original Nemesis intruders: on · Turn timer: off") in text
    for key in CROSSOVER_OPTIONS:
        assert f"> {NOTES[key]['True']}" in text
        assert 0 < len(MENU_LINES[key]) <= 100
    assert menu_options(["nemesis_intruders"], CROSSOVER_OPTIONS) == {
        "nemesis_characters": False, "nemesis_intruders": True}
    assert [(m.id, m.entries) for m in get_kit("lockdown").options.menus] == [
        ("crossover", CROSSOVER_OPTIONS)]


@pytest.mark.rule("BOT-LOBBY-1")
def test_the_nemesis_lobby_says_how_the_game_starts() -> None:
    bot: Any = SimpleNamespace(tables=SimpleNamespace(ruleset_of=lambda r:
                                                      get_ruleset(r.ruleset)))
    text = lobby_text(bot, _record("nemesis", {"turn_timeout_minutes": 3}))
    assert text.startswith("**Nemesis** lobby (1-5 players)")
    assert "Options: Turn timer: 3 min" in text
    assert "picks a character in a DM" in text and "`/rules turn`" in text


def test_dark_moon_suggests_its_final_events_by_name() -> None:
    from rules.darkmoon.cards import content

    suggested = get_kit("darkmoon").options.suggestions["final_event"]()
    assert suggested == [(e.name, e.id) for e in content().final_events]
    assert describe_options("darkmoon", {"final_event": suggested[0][1]})[0] == (
        f"Final event: {suggested[0][0]}")
