"""A choice message as a player reads it: the placeholder of a choice select ("Choose
one of 7" when one select holds every choice; it used to read "Choose (1-7 of 7)"),
long descriptions written out once for all the choices that share them, and a button for
choosing nothing where that is legal (a client cannot send an empty select)."""

from __future__ import annotations

import discord
import pytest

from bot.choices import SELECT_SIZE, choice_message, fingerprint
from rules import Choice, Menu, SubsetMenu, get_ruleset

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


def _passed(rs_name: str = "nemesis") -> tuple[object, object, str]:
    """A Nemesis-family game just after its first player passed: the discard follows."""
    rs = get_ruleset(rs_name)
    s = rs.new_game(["p0", "p1"], 1)
    while (p := rs.pending(s)[0]).kind != "turn":
        s = rs.apply(s, p.seat, rs.legal_actions(s, p.seat)[0]).state
    passing = next(a for a in rs.legal_actions(s, p.seat) if a.key == "pass")
    return rs, rs.apply(s, p.seat, passing).state, p.seat


def _components(message: object) -> list[object]:
    return list(message.view.children)  # type: ignore[attr-defined]


@pytest.mark.rule("BOT-CHOICE-1")
@pytest.mark.parametrize("rs_name", ["nemesis", "lockdown"])
async def test_keeping_the_hand_after_passing_is_a_button(rs_name: str) -> None:
    """A client sends nothing for a select closed empty: the discard after passing has a
    "Keep your hand" button for the empty choice, and its select takes at least 1 card
    (it used to be only a select with min_values 0)."""
    rs, s, seat = _passed(rs_name)
    prompt = rs.pending(s)[0]  # type: ignore[attr-defined]
    assert prompt.kind == "discard" and "none to keep your hand" in prompt.text
    legal = rs.legal_actions(s, seat)  # type: ignore[attr-defined]
    msg = choice_message(1, s.version, legal, rs.menu(s, seat), {}, prompt.text)  # type: ignore[attr-defined]
    select, button = _components(msg)
    assert isinstance(select, discord.ui.Select) and isinstance(button, discord.ui.Button)
    assert select.min_values == 1 and select.max_values == len(s.heroes[seat].hand)  # type: ignore[attr-defined]
    assert "(choose 1 to " in str(select.placeholder)
    assert button.label == "Keep your hand" and button.row == select.row + 1  # type: ignore[operator]
    # the button is the move that keeps the hand, like any choice button
    game, version, fp, index = str(button.custom_id).split(":")[2:]
    assert (game, int(version), fp) == ("1", s.version, fingerprint(legal))  # type: ignore[attr-defined]
    kept = legal[int(index)]
    assert not kept.cards and kept.label == "Keep your hand"  # type: ignore[attr-defined]


@pytest.mark.rule("BOT-CHOICE-1")
async def test_an_empty_choice_button_says_what_it_does_and_leaves_other_sets_alone() -> None:
    """Giving nothing in a trade reads as the ruleset words it, with its description; a
    multi-select whose every set takes a part gets no such button."""
    from rules.nemesis.actions import Pass

    give, nothing, pay = Pass(), Pass(), Pass()
    trade = SubsetMenu(
        title="What do you give to <@p1>?", parts=(Choice(label="Rivet Gun"),),
        values=("0",), min_size=0, max_size=1, by_parts={(): nothing, ("0",): give},
        empty=Choice("Give nothing to <@p1>", "You keep everything for now."))
    cost = SubsetMenu(
        title="Pay", parts=(Choice(label="Dash"), Choice(label="Run")), values=("0", "1"),
        min_size=1, max_size=1, by_parts={("0",): pay, ("1",): pay})
    msg = choice_message(1, 1, [give], Menu(singles=(), subsets=(trade, cost)), {"p1": "Bob"},
                         "Trade")
    kinds = [(type(c).__name__, c.row) for c in _components(msg)]  # type: ignore[attr-defined]
    assert kinds == [("Select", 0), ("Select", 1), ("Button", 2)]
    first, second, button = _components(msg)
    assert (first.min_values, second.min_values) == (1, 1)  # type: ignore[attr-defined]
    assert button.label == "Give nothing to Bob"  # type: ignore[attr-defined]
    assert "• **Give nothing to Bob** — You keep everything for now." in msg.content


@pytest.mark.rule("BOT-LIMITS-1")
async def test_empty_choice_buttons_never_push_a_message_past_five_rows() -> None:
    from rules.nemesis.actions import Pass

    act = Pass()
    subset = SubsetMenu(title="Give", parts=(Choice("A"),), values=("0",), min_size=0,
                        max_size=1, by_parts={(): act, ("0",): act}, empty=Choice("None"))
    msg = choice_message(1, 1, [act], Menu(singles=((act, Choice("Done")),),
                                           subsets=(subset,) * 6), {}, "Pick")
    rows = {c.row for c in _components(msg)}  # type: ignore[attr-defined]
    assert rows == {0, 1, 2, 3, 4} and msg.truncated
    assert [c.label for c in _components(msg) if isinstance(c, discord.ui.Button)] == \
        ["None"] * 3 + ["Done"]


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
