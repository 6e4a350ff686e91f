"""The notes of a choice message (bot/choices.py): a multi-select's note does not
repeat the question it answers."""

from __future__ import annotations

from bot.choices import choice_message
from rules import get_ruleset

RS = get_ruleset("nemesis")


def _paying_for_a_card() -> object:
    s = RS.new_game(["p0", "p1"], 1)
    while RS.pending(s)[0].kind == "draft":
        seat = RS.pending(s)[0].seat
        s = RS.apply(s, seat, RS.legal_actions(s, seat)[0]).state
    seat = RS.pending(s)[0].seat
    play = next(a for a in RS.legal_actions(s, seat)
                if a.label.startswith("Play ") and not a.label.endswith(")"))
    return RS.apply(s, seat, play).state


async def test_a_multi_select_note_does_not_repeat_the_question() -> None:
    s = _paying_for_a_card()
    prompt = RS.pending(s)[0]
    assert prompt.text.startswith("Pay for ")
    names = {"p0": "Ann", "p1": "Bob"}
    msg = choice_message(1, s.version, RS.legal_actions(s, prompt.seat),
                         RS.menu(s, prompt.seat), names, f"**{prompt.text}**")
    assert msg.content.count(prompt.text) == 1, msg.content
    assert "*Choose exactly " in msg.content
    # a question that does not say the title keeps it in the note
    other = choice_message(1, s.version, RS.legal_actions(s, prompt.seat),
                           RS.menu(s, prompt.seat), names, "**Your choices:**")
    assert f"*{prompt.text}:* Choose exactly " in other.content


async def test_a_title_asking_a_question_gets_no_colon_after_it() -> None:
    from rules.core.contract import Choice, Menu, SubsetMenu
    from rules.nemesis.actions import Pass

    act = Pass()
    menu = Menu(singles=(), subsets=(SubsetMenu(
        title="What do you give to <@p1>?", parts=(Choice(label="Rivet Gun"),),
        values=("0",), min_size=0, max_size=1, by_parts={("0",): act},
        hint="Choose any number of things, or none."),))
    msg = choice_message(1, 1, [act], menu, {"p1": "Bob"}, "**Trade with Bob**")
    assert "*What do you give to Bob?* Choose any number of things, or none." in msg.content


async def test_a_select_placeholder_names_players_not_mentions() -> None:
    """Discord shows a placeholder as raw text: a mention there would read <@p1>."""
    from rules.core.contract import Choice, Menu, SubsetMenu
    from rules.nemesis.actions import Pass

    act = Pass()
    menu = Menu(singles=(), subsets=(SubsetMenu(
        title="Pay for Trade with <@p1>: discard 1 action card",
        parts=(Choice(label="Rivet Gun"), Choice(label="Dash")), values=("0", "1"),
        min_size=1, max_size=1, by_parts={("0",): act, ("1",): act}),))
    msg = choice_message(1, 1, [act], menu, {"p1": "Bob"}, "**Pay for Trade with Bob**")
    placeholder = msg.view.children[0].placeholder  # type: ignore[attr-defined]
    assert placeholder.startswith("Pay for Trade with Bob: discard 1 action card"), placeholder
    assert "<@" not in placeholder
