"""Keys of actions and the codec that reads them back (rules/core/actions.py), on small
test-only action classes: an absent value, a tuple field, a value no key can hold, an
unknown or malformed key and the reason given for it.

Each test reads keys with a codec of its own, and an action whose key is worked out is
of a class defined in the test: a key read or an action keyed before, by another test,
would otherwise be answered from what was remembered then."""

from __future__ import annotations

import pytest
from pydantic import field_validator

from rules.core.actions import ActionCodec, KeyedAction
from rules.core.contract import IllegalAction

MALFORMED = "That choice is not in the expected form; pick one from the list."


class Aim(KeyedAction):
    kind = "aim"
    target: str | None = None

    @property
    def label(self) -> str:
        return f"Aim at {self.target or 'nothing'}"


class Hand(KeyedAction):
    kind = "hand"
    tuple_fields = frozenset({"cards"})
    cards: tuple[str, ...] = ()
    note: str = ""
    label_fields = frozenset({"note"})

    @property
    def label(self) -> str:
        return "Play " + (", ".join(self.cards) or "nothing")


class Count(KeyedAction):
    kind = "count"
    n: int

    @property
    def label(self) -> str:
        return f"Count {self.n}"


class Wait(KeyedAction):
    kind = "wait"

    @property
    def label(self) -> str:
        return "Wait"


def _codec() -> ActionCodec[KeyedAction]:
    return ActionCodec([Aim, Hand, Count, Wait])


def _reason(codec: ActionCodec[KeyedAction], key: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        codec.parse(key)
    return str(refused.value)


def test_an_absent_value_is_a_dash_in_the_key_and_reads_back_as_absent() -> None:
    class Mark(KeyedAction):  # this test's own class: its actions are keyed here
        kind = "mark"
        tuple_fields = frozenset({"bits"})
        spot: str | None = None
        seen: bool = False
        bits: tuple[str, ...] = ()

        @property
        def label(self) -> str:
            return "Mark"

    assert Mark(spot=None, seen=True).key == "mark:-,1,~"
    assert Mark(spot="b3", bits=("x", "y")).key == "mark:b3,0,x+y"
    assert Mark(spot="X9").key == "mark:X9,0,~"  # any other character goes in a key
    absent = _codec().parse("aim:-")
    assert type(absent) is Aim and absent.target is None and absent.key == "aim:-"


def test_a_plain_value_reads_back_as_itself() -> None:
    codec = _codec()
    assert codec.parse("aim:b3") == Aim(target="b3")
    assert codec.parse("aim:X9") == Aim(target="X9")
    assert codec.parse("count:12") == Count(n=12)
    assert codec.parse("  wait ") == Wait()  # spaces around a key do not matter


def test_a_tuple_field_reads_its_parts_and_the_tilde_as_no_part() -> None:
    codec = _codec()
    played = codec.parse("hand:c7+a2")
    assert isinstance(played, Hand) and played.cards == ("c7", "a2")
    assert played.key == "hand:c7+a2"
    none = codec.parse("hand:~")
    assert isinstance(none, Hand) and none.cards == () and none.note == ""


@pytest.mark.parametrize("key", [
    "aim:b3+c4",   # parts in a field that holds one value
    "aim:b3:c4",   # a colon inside a value
    "aim:b3,c4",   # a field too many
    "aim",         # a field too few
    "hand:c7+-",   # an absent part inside a tuple
    "hand:c7+~",
    "wait:1",
    "count:+1",    # no key writes a sign, though the number would read as 1
    "count:x",
])
def test_a_key_of_a_known_kind_in_the_wrong_form_is_refused_as_malformed(key: str) -> None:
    assert _reason(_codec(), key) == MALFORMED


def test_a_value_that_cannot_go_back_in_a_key_is_never_built() -> None:
    with pytest.raises(ValueError, match="value 'a,b' cannot go in a key"):
        Aim(target="a,b").key  # noqa: B018 - building its key is what fails
    with pytest.raises(ValueError, match="value '-' cannot go in a key"):
        Aim(target="-").key  # noqa: B018 - a dash would read back as absent


def test_an_unknown_move_is_named_in_the_refusal_and_a_long_one_cut_short() -> None:
    codec = _codec()
    assert _reason(codec, " dance:1 ") == \
        "I don't know the move 'dance:1'. Pick one from the list."
    long_key = "x" * 30 + "0123456789abcdef"  # 46 characters
    assert _reason(codec, long_key) == (
        "I don't know the move '" + "x" * 30 + "012345678…'. Pick one from the list.")
    exact = "y" * 40  # as long as a refusal repeats
    assert _reason(codec, exact) == f"I don't know the move '{exact}'. Pick one from the list."
    assert _reason(codec, 7) == MALFORMED  # type: ignore[arg-type]  # a player's junk


def test_a_key_read_again_gives_back_the_action_read_before() -> None:
    """Keys come in with every move: a key read once costs no new model after."""
    codec = _codec()
    first = codec.parse("aim:d4")
    assert codec.parse("aim:d4") is first
    assert codec.parse("aim:d5") is not first and codec.parse("aim:d5").target == "d5"


def test_a_codec_knows_the_kinds_of_its_classes() -> None:
    assert _codec().kinds == frozenset({"aim", "hand", "count", "wait"})
    assert ActionCodec([Wait]).kinds == frozenset({"wait"})
    with pytest.raises(ValueError, match="Aim needs a kind of its own"):
        ActionCodec([Aim, Aim])


def test_an_action_built_again_with_the_same_fields_is_not_validated_again() -> None:
    checked: list[int] = []

    class Roll(KeyedAction):  # this test's own class: no action of it is shared yet
        kind = "roll"
        dice: int

        @field_validator("dice")
        @classmethod
        def _count(cls, dice: int) -> int:
            checked.append(dice)
            return dice

        @property
        def label(self) -> str:
            return f"Roll {self.dice}"

    first = Roll(dice=2)
    assert first.key == "roll:2"
    assert Roll(dice=2) is first and Roll(dice=2).key == "roll:2"
    assert Roll(dice=3).dice == 3
    assert checked == [2, 3]
