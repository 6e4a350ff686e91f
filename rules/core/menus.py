"""Grouping a seat's legal actions for display: single choices and subset choices.

An action class whose choice is "which of these parts" declares the name of its tuple
field in `subset_field` (for example the cards of a discard, the dice of a submit). The
legal actions of such a class that agree on every other field become one multi-select
(`SubsetMenu`): its options are the parts (a value that appears twice in one action, such
as two dice showing the same face, gets two options), and a chosen set is matched with
the action taking exactly that multiset of parts. A lone subset action stays a single
choice. When taking no part at all is one of the legal sets (keep the hand after
passing), the menu says how that choice reads (`SubsetMenu.empty`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.contract import Action, Choice, Menu, SubsetMenu


def subset_field(action: Action) -> str | None:
    return getattr(type(action), "subset_field", None)


def build_menu(rs: Any, state: Any, seat: str, legal: list[Action]) -> Menu:
    singles: list[tuple[Action, Choice]] = []
    groups: dict[tuple[Any, ...], list[Action]] = {}
    order: list[tuple[Any, ...] | Action] = []
    for action in legal:
        field = subset_field(action)
        if field is None:
            order.append(action)
            continue
        rest = tuple((name, getattr(action, name)) for name in type(action).model_fields
                     if name != field and name not in getattr(type(action), "label_fields",
                                                              ()))
        key = (type(action), rest)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(action)
    subsets: list[SubsetMenu] = []
    for item in order:
        if isinstance(item, Action):
            singles.append((item, rs.describe(state, seat, item)))
            continue
        actions = groups[item]
        if len(actions) == 1:
            singles.append((actions[0], rs.describe(state, seat, actions[0])))
            continue
        subsets.append(_subset(rs, state, seat, actions))
    return Menu(singles=tuple(singles), subsets=tuple(subsets))


def _subset(rs: Any, state: Any, seat: str, actions: list[Action]) -> SubsetMenu:
    field = subset_field(actions[0])
    assert field is not None
    most: Counter[str] = Counter()
    first_seen: dict[str, int] = {}
    by_parts: dict[tuple[str, ...], Action] = {}
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
