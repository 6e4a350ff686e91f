"""The English helpers of event texts."""

from __future__ import annotations

from rules.core.words import a_or_an, dice_count


def test_articles() -> None:
    assert [a_or_an(x) for x in ("adult", "egg", "larva", "outpost", "Queen")] == [
        "an adult", "an egg", "a larva", "an outpost", "a Queen"]


def test_dice_counts() -> None:
    assert [dice_count(n) for n in (0, 1, 2)] == ["no dice", "1 die", "2 dice"]
    assert dice_count(1, "weak") == "1 weak die" and dice_count(3, "strong") == "3 strong dice"
