"""How a seat's legal actions are shown: `Choice` (one option in words), `SubsetMenu` (a
multi-select) and `Menu` (all of a seat's options), and `build_menu`, the grouping.

An action class whose choice is "which of these parts" declares the name of its tuple
field in `subset_field` (for example the cards of a discard, the dice of a submit). The
legal actions of such a class that agree on every other field become one multi-select
(`SubsetMenu`): its options are the parts (a value that appears twice in one action, such
as two dice showing the same face, gets two options), and a chosen set is matched with
the action taking exactly that multiset of parts. A lone subset action stays a single
choice. When taking no part at all is one of the legal sets (keep the hand after
passing), the menu says how that choice reads (`SubsetMenu.empty`).

This module sits below the engine contract (rules/core/contract.py re-exports its
values): it knows actions only as pydantic models, and a ruleset only as something that
describes them (`Describer`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel

A = TypeVar("A", bound=BaseModel)
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


@dataclass(frozen=True, slots=True)
class Choice:
    """How one option is shown to the player who may pick it (the one place where an
    action becomes words, as OpenSpiel's action-to-string): `label` names it in a few
    words (seats written as `<@seat>`; at most about 70 characters), `detail` says what it
    does (card text, cost, consequences such as an escape attack; empty when the label
    says it all)."""

    label: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class SubsetMenu(Generic[A]):
    """Legal actions that differ only in which parts they take (cards to discard, dice to
    submit): shown as one multi-select. `parts[i]` is option i; picking a set of options
    is looked up by the multiset of part values it names (two dice showing the same face
    are interchangeable), see `resolve`."""

    title: str
    parts: tuple[Choice, ...]
    values: tuple[str, ...]  # the part value behind each option (same length as parts)
    min_size: int
    max_size: int
    by_parts: dict[tuple[str, ...], A]  # sorted part values -> the action
    hint: str = ""  # why a set may be refused ("discard exactly 2 cards")
    # how choosing no part at all reads ("Keep your hand"), when that is legal: a client
    # sends nothing for a select closed empty, so the table offers it as a button
    empty: Choice | None = None

    def resolve(self, positions: list[int]) -> A | None:
        """The action for the chosen option positions, or None when that set is not
        one of the legal ones (or a position is out of range)."""
        if len(set(positions)) != len(positions) or not all(
                0 <= i < len(self.values) for i in positions):
            return None
        return self.by_parts.get(tuple(sorted(self.values[i] for i in positions)))


@dataclass(frozen=True, slots=True)
class Menu(Generic[A]):
    """A seat's legal actions as the table shows them: single choices, each with its
    Choice, and multi-selects for subset choices. Every legal action is in exactly one."""

    singles: tuple[tuple[A, Choice], ...]
    subsets: tuple[SubsetMenu[A], ...] = ()


class Describer(Protocol[S_contra, A_contra]):
    """What `build_menu` asks of a ruleset: its words for an action and its parts."""

    def describe(self, state: S_contra, seat: str, action: A_contra) -> Choice: ...

    def describe_part(self, state: S_contra, seat: str, action: A_contra,
                      part: str) -> Choice: ...

    def subset_title(self, state: S_contra, seat: str, action: A_contra) -> tuple[str, str]: ...


S = TypeVar("S")


def subset_field(action: BaseModel) -> str | None:
    """The tuple field a subset action chooses the parts of (None: not a subset action)."""
    field: str | None = getattr(type(action), "subset_field", None)
    return field


def build_menu(rs: Describer[S, A], state: S, seat: str, legal: list[A]) -> Menu[A]:
    """`legal` grouped for display: subset actions that agree but for their parts become
    one multi-select, in the order of their first action; the rest stay single choices."""
    singles: list[tuple[A, Choice]] = []
    groups: dict[tuple[object, ...], list[A]] = {}
    # each entry: an action shown on its own, or (None, group key) for a subset group
    order: list[tuple[A | None, tuple[object, ...]]] = []
    for action in legal:
        field = subset_field(action)
        if field is None:
            order.append((action, ()))
            continue
        kind = type(action)
        skip = getattr(kind, "label_fields", ())
        rest = tuple((name, getattr(action, name)) for name in kind.model_fields
                     if name != field and name not in skip)
        group = (kind, rest)
        if group not in groups:
            groups[group] = []
            order.append((None, group))
        groups[group].append(action)
    subsets: list[SubsetMenu[A]] = []
    for single, group_key in order:
        if single is not None:
            singles.append((single, rs.describe(state, seat, single)))
            continue
        actions = groups[group_key]
        if len(actions) == 1:
            singles.append((actions[0], rs.describe(state, seat, actions[0])))
            continue
        subsets.append(_subset(rs, state, seat, actions))
    return Menu(singles=tuple(singles), subsets=tuple(subsets))


def _subset(rs: Describer[S, A], state: S, seat: str, actions: list[A]) -> SubsetMenu[A]:
    field = subset_field(actions[0])
    assert field is not None
    most: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    by_parts: dict[tuple[str, ...], A] = {}
    sizes = []
    for action in actions:
        parts = tuple(str(p) for p in getattr(action, field))
        sizes.append(len(parts))
        by_parts.setdefault(tuple(sorted(parts)), action)
        for value, n in Counter(parts).items():
            first_seen.setdefault(value, len(first_seen))
            most[value] = max(most[value], n)
    values = tuple(v for v in sorted(first_seen, key=first_seen.__getitem__)
                   for _ in range(most[v]))
    described: dict[str, Choice] = {}
    for v in values:
        if v not in described:
            described[v] = rs.describe_part(state, seat, actions[0], v)
    title, hint = rs.subset_title(state, seat, actions[0])
    empty = by_parts.get(())
    return SubsetMenu(title=title, parts=tuple(described[v] for v in values), values=values,
                      min_size=min(sizes), max_size=max(sizes), by_parts=by_parts, hint=hint,
                      empty=None if empty is None else rs.describe(state, seat, empty))
