"""How a seat's legal actions are grouped for display (rules/core/menus.py): subset
actions that agree but for their parts become one multi-select, its options in the
order the parts first appear, a value held twice giving two options; the rest stay
single choices, in the order of the legal list."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from rules.core.menus import Choice, build_menu


class Discard(BaseModel):
    """A plain pydantic action (menus know actions only as models): which cards to drop
    from which pile; `why` only describes it."""

    model_config = ConfigDict(frozen=True)
    subset_field: ClassVar[str] = "cards"
    label_fields: ClassVar[frozenset[str]] = frozenset({"why"})
    pile: str
    cards: tuple[str, ...]
    why: str = ""


class Submit(BaseModel):
    """A subset action of a class that declares no label fields."""

    model_config = ConfigDict(frozen=True)
    subset_field: ClassVar[str] = "dice"
    dice: tuple[str, ...]
    by: str = "me"


class Stop(BaseModel):
    model_config = ConfigDict(frozen=True)


class Words:
    """A describer that says which action (or part) it was asked about."""

    def describe(self, state: object, seat: str, action: BaseModel) -> Choice:
        return Choice(label=f"{type(action).__name__} {action.model_dump()}")

    def describe_part(self, state: object, seat: str, action: BaseModel,
                      part: str) -> Choice:
        why = getattr(action, "why", "")
        return Choice(label=f"part {part}" + (f" ({why})" if why else ""))

    def subset_title(self, state: object, seat: str, action: BaseModel) -> tuple[str, str]:
        return f"title for {action.model_dump()}", "hint"


def test_parts_are_offered_in_the_order_they_first_appear_and_twice_when_held_twice() -> None:
    legal = [Discard(pile="hand", cards=("m", "c")), Discard(pile="hand", cards=("c", "c")),
             Discard(pile="hand", cards=("a",))]
    menu = build_menu(Words(), None, "s", legal)
    assert menu.singles == ()
    (subset,) = menu.subsets
    assert subset.values == ("m", "c", "c", "a")
    assert [p.label for p in subset.parts] == ["part m", "part c", "part c", "part a"]
    assert (subset.min_size, subset.max_size, subset.empty) == (1, 2, None)
    assert subset.resolve([1, 2]) is legal[1] and subset.resolve([1, 0]) is legal[0]
    assert subset.resolve([0, 3]) is None and subset.resolve([4]) is None


def test_a_multi_select_is_named_after_its_first_action() -> None:
    legal = [Discard(pile="hand", cards=("b",)), Discard(pile="hand", cards=("a", "b"))]
    (subset,) = build_menu(Words(), None, "s", legal).subsets
    assert subset.title == "title for {'pile': 'hand', 'cards': ('b',), 'why': ''}"
    assert subset.hint == "hint"


def test_label_fields_do_not_split_a_group_but_other_fields_do() -> None:
    legal = [Discard(pile="hand", cards=("a",), why="too many"),
             Discard(pile="hand", cards=("b",), why="too heavy"),
             Discard(pile="deck", cards=("a",)), Discard(pile="deck", cards=())]
    menu = build_menu(Words(), None, "s", legal)
    assert [s.values for s in menu.subsets] == [("a", "b"), ("a",)]
    # the parts are told in the words of the group's first action
    assert [p.label for p in menu.subsets[0].parts] == ["part a (too many)", "part b (too many)"]
    keep = menu.subsets[1].empty
    assert keep is not None and keep.label.startswith("Discard {'pile': 'deck', 'cards': ()")


def test_a_class_without_label_fields_groups_on_all_its_other_fields() -> None:
    legal = [Submit(dice=("S3",)), Stop(), Submit(dice=("W2", "S3")),
             Submit(dice=("S1",), by="ally"), Submit(dice=(), by="ally")]
    menu = build_menu(Words(), None, "s", legal)
    assert [a for a, _ in menu.singles] == [legal[1]]
    assert [s.values for s in menu.subsets] == [("S3", "W2"), ("S1",)]


def test_a_lone_subset_action_stays_a_single_choice_in_its_place() -> None:
    legal = [Stop(), Discard(pile="hand", cards=("a",)), Submit(dice=("S1",))]
    menu = build_menu(Words(), None, "s", legal)
    assert menu.subsets == ()
    assert [a for a, _ in menu.singles] == legal
    assert menu.singles[0][1] == Choice(label="Stop {}")
