"""The pure parts of a game's kit (rules/core/kit.py): a help file's topics, how a help
entry is grouped and named, the facts line, and the lobby menus of a game's options."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.core.kit import HelpEntry, HelpTopic, LobbyMenu, OptionWords, facts, help_topics

HELP = '''
[[help]]
id = "rounds"
title = "Rounds and turns"
text = """Each round has three phases."""

[[help]]
id = "noise"
title = "Noise"
text = "Roll the noise die."
'''


def test_a_help_file_gives_its_topics_in_order() -> None:
    assert help_topics(HELP) == (
        HelpTopic(id="rounds", title="Rounds and turns", text="Each round has three phases."),
        HelpTopic(id="noise", title="Noise", text="Roll the noise die."))


@pytest.mark.parametrize("text", [
    '[[help]]\nid = "a"\ntitle = "A"\n',                          # no text
    '[[help]]\nid = "a"\ntitle = "A"\ntext = "x"\nsee = "b"\n',   # a key no topic has
    'title = "A"\n',                                              # no [[help]] table
])
def test_a_help_file_with_a_topic_out_of_form_is_refused(text: str) -> None:
    with pytest.raises(ValidationError):
        help_topics(text)


@pytest.mark.parametrize(("title", "group", "name"), [
    ("Room: Laboratory", "Room", "Laboratory"),
    ("Final event: The ship sinks", "Final event", "The ship sinks"),
    ("Rounds and turns", "", "Rounds and turns"),
    ("Tip: keep moving", "", "Tip: keep moving"),   # not a group: a plain topic title
])
def test_a_help_entry_is_grouped_by_its_title_prefix(title: str, group: str, name: str) -> None:
    entry = HelpEntry(key="k", title=title, text="")
    assert (entry.group, entry.name) == (group, name)


def test_facts_are_an_italic_line_without_the_empty_parts() -> None:
    assert facts("red deck", "", "2 copies") == "*red deck · 2 copies*\n"
    assert facts("alone") == "*alone*\n"


def test_the_lobby_menus_of_a_games_options() -> None:
    variants = LobbyMenu(id="variants", placeholder="Variants",
                         entries=("hardcore", "deck:short"), host_only="choose variants")
    words = OptionWords(menus=(variants,))
    assert words.menu("variants") is variants and words.menu("modules") is None
    assert words.toggles == frozenset({"hardcore", "deck"})
    assert OptionWords().toggles == frozenset()
    assert words.menu_problem(["hardcore"]) is None and words.start_problem({}, 3) is None
