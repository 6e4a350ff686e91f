"""A choice message as a player reads it: the placeholder of a choice select ("Choose
one of 7" when one select holds every choice; it used to read "Choose (1-7 of 7)"), and
long descriptions written out once for all the choices that share them."""

from __future__ import annotations

from bot.choices import SELECT_SIZE, choice_message
from rules import Choice, Menu, get_ruleset

RS = get_ruleset("darkmoon")


def _placeholders(n: int) -> list[str]:
    s = RS.new_game([f"{100 + i}" for i in range(4)], 3)
    action = RS.legal_actions(s, RS.pending(s)[0].seat)[0]
    menu = Menu(singles=tuple((action, Choice(f"choice {i}", "what it does"))
                              for i in range(n)))
    message = choice_message(1, 1, [action], menu, {}, "Pick one.")
    return [item.placeholder for item in message.view.children
            if getattr(item, "placeholder", None)]


async def test_one_select_says_how_many_choices_it_holds() -> None:
    assert _placeholders(7) == ["Choose one of 7"]


async def test_several_selects_say_which_choices_each_holds() -> None:
    n = SELECT_SIZE + 3
    assert _placeholders(n) == [f"Choose one of 1-{SELECT_SIZE} (of {n})",
                                f"Choose one of {SELECT_SIZE + 1}-{n} (of {n})"]


async def test_choices_sharing_a_description_are_explained_once_and_all_listed() -> None:
    """Five quarantine votes with the same long description: one line names them all
    (it used to repeat the description five times); the choices whose description fits
    in the select are listed too (the list used to skip them and look incomplete)."""
    s = RS.new_game([f"{100 + i}" for i in range(4)], 3)
    action = RS.legal_actions(s, RS.pending(s)[0].seat)[0]
    long = "Everyone votes in secret: " + "strong die = uninfected, weak die = infected. " * 3
    other = "A different and equally long description of what this choice does. " * 2
    singles = [(action, Choice(f"Call a vote on P{i}", long)) for i in range(5)]
    singles += [(action, Choice(f"Filler {i}", "short")) for i in range(2)]
    singles.append((action, Choice("Reveal", other)))
    message = choice_message(1, 1, [action], Menu(singles=tuple(singles)), {}, "Pick one.")
    lines = message.content.splitlines()
    assert lines[1] == ("• " + ", ".join(f"**Call a vote on P{i}**" for i in range(5))
                        + " — " + long)
    assert lines[2] == "• **Filler 0**, **Filler 1** — short"
    assert lines[3] == f"• **Reveal** — {other}" and len(lines) == 4


async def test_buttons_sharing_a_description_write_it_once() -> None:
    """Five buttons ("Make X the commander") with one description: one line, not five;
    choices without a description are named on a line of their own."""
    s = RS.new_game([f"{100 + i}" for i in range(4)], 3)
    action = RS.legal_actions(s, RS.pending(s)[0].seat)[0]
    rule = "The commander chooses the events and gives the orders."
    singles = [(action, Choice(f"Make P{i} the commander", rule)) for i in range(4)]
    singles.append((action, Choice("Pass", "")))
    message = choice_message(1, 1, [action], Menu(singles=tuple(singles)), {}, "Pick one.")
    assert message.content.splitlines()[1:] == [
        "• " + ", ".join(f"**Make P{i} the commander**" for i in range(4)) + " — " + rule,
        "• **Pass**"]
    assert message.content.count(rule) == 1
    without = choice_message(1, 1, [action], Menu(singles=((action, Choice("Pass", "")),)),
                             {}, "Pick one.")
    assert without.content == "Pick one."  # no description at all: no list
