"""Action keys: every action model turns into a short stable string and back.

An action class declares its `kind` (a class constant, the first word of its keys) and
plain fields (int, str, bool, optional values and tuples of those). Its key is ``kind``
followed by the field values in declaration order: ``vote:strong``,
``retrieve:2,1,1,0``, ``submit:0+2``. Actions are only ever stored as keys (move logs,
buttons, the regression recordings), never as JSON.

Building an action class with the same fields again gives back the same (frozen)
instance (the metaclass `_Interning`): the legal lists built on every move then cost no new
models, their keys are worked out once, and `apply` recognises a listed action by
identity.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import cache, cached_property
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import ValidationError
from pydantic._internal._model_construction import ModelMetaclass

from rules.core.contract import Action, IllegalAction

_SEAT_REF = re.compile(r"<@([^>]+)>")


def seat_ref(seat: str) -> str:
    """How labels and texts name a seat; the bot swaps it for a mention or a name."""
    return f"<@{seat}>"


def replace_seat_refs(text: str, name_of: Callable[[str], object]) -> str:
    """Replace every seat reference in `text` by `name_of(seat)`."""
    return _SEAT_REF.sub(lambda m: str(name_of(m.group(1))), text)


def _encode(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple | list):
        return "+".join(_encode(v) for v in value) if value else "~"
    text = str(value)
    if any(ch in text for ch in ":,+~") or text == "-":
        raise ValueError(f"action field value {text!r} cannot go in a key")
    return text


# (class, *field items) -> the action built with them (see _Interning)
_INTERNED: dict[tuple[object, ...], KeyedAction] = {}
_INTERN_LIMIT = 100_000


@cache
def _field_names(cls: type[KeyedAction]) -> tuple[str, ...]:
    """The fields of an action class that go into its keys, in order."""
    return tuple(name for name in cls.model_fields if name not in cls.label_fields)


class _Interning(ModelMetaclass):
    """Building an action class gives back the action built with the same fields before
    without entering pydantic at all (`__new__` and `__init__` below make and remember
    it the first time): the legal lists of every move build many."""

    def __call__(cls, /, **fields: object) -> Any:
        try:
            hit = _INTERNED.get((cls, *fields.items()))
        except TypeError:  # an unhashable value (a list for a tuple field): no sharing
            hit = None
        if hit is not None:
            return hit
        return super().__call__(**fields)


class KeyedAction(Action, metaclass=_Interning):
    """An action whose key is derived from its fields (see module docstring)."""

    kind: ClassVar[str]  # each concrete action class sets it (unique within its codec)
    tuple_fields: ClassVar[frozenset[str]] = frozenset()
    # fields that only describe the action for people; they are not part of the key
    label_fields: ClassVar[frozenset[str]] = frozenset()
    # the tuple field holding "which parts" when this action is one of a subset choice
    # (the table shows such actions as one multi-select: see rules/core/menus.py)
    subset_field: ClassVar[str | None] = None

    def __init__(self, /, **fields: object) -> None:
        super().__init__(**fields)
        if len(_INTERNED) > _INTERN_LIMIT:
            _INTERNED.clear()
        with suppress(TypeError):  # an unhashable value: not shared (see _Interning)
            _INTERNED[(type(self), *fields.items())] = self

    @cached_property
    def key(self) -> str:
        values = [_encode(getattr(self, name)) for name in _field_names(type(self))]
        return self.kind if not values else f"{self.kind}:{','.join(values)}"

    @classmethod
    def from_key_parts(cls, parts: list[str]) -> Self:
        """The action whose key has these field parts; IllegalAction for anything that is
        not one (a wrong count, a value no key can hold, a value of the wrong type)."""
        names = _field_names(cls)
        if len(parts) != len(names):
            raise IllegalAction(_MALFORMED)
        data: dict[str, object] = {}
        for name, raw in zip(names, parts, strict=True):
            if raw == "-":
                data[name] = None
            elif name in cls.tuple_fields:
                items = () if raw == "~" else tuple(raw.split("+"))
                if not all(_fits(item) for item in items):
                    raise IllegalAction(_MALFORMED)
                data[name] = items
            elif _fits(raw):
                data[name] = raw
            else:
                raise IllegalAction(_MALFORMED)
        try:
            action = cls.model_validate(data)
            action.key  # noqa: B018 - a value that validates but cannot go back in a key
        except (ValidationError, ValueError, TypeError) as exc:
            raise IllegalAction(_MALFORMED) from exc
        return action


_MALFORMED = "That choice is not in the expected form; pick one from the list."
_SHOWN_KEY = 40  # how much of an unknown key an error message repeats


def _fits(raw: str) -> bool:
    """A raw part can be a field value of a key (see `_encode`)."""
    return raw != "-" and not any(ch in raw for ch in ":,+~")


A = TypeVar("A", bound=KeyedAction)


class ActionCodec(Generic[A]):
    """Turns keys back into actions for one ruleset's set of action classes (`A`: the
    base class they share)."""

    def __init__(self, classes: Iterable[type[A]]) -> None:
        self._by_kind: dict[str, type[A]] = {}
        for cls in classes:
            kind = getattr(cls, "kind", None)
            if not isinstance(kind, str) or kind in self._by_kind:
                raise ValueError(f"{cls.__name__} needs a kind of its own")
            self._by_kind[kind] = cls
        self._parsed: dict[str, A] = {}  # actions are frozen values

    @property
    def kinds(self) -> frozenset[str]:
        """Every action kind of the ruleset (the bot checks a command fits the game)."""
        return frozenset(self._by_kind)

    def parse(self, key: str) -> A:
        """The action with this key; IllegalAction (with a short reason) for any text
        that is not the key of an action of these classes."""
        hit = self._parsed.get(key) if isinstance(key, str) else None
        if hit is not None:
            return hit
        action = self._parse(key)
        if len(self._parsed) > _INTERN_LIMIT:
            self._parsed.clear()
        self._parsed[key] = action
        return action

    def _parse(self, key: str) -> A:
        if not isinstance(key, str):
            raise IllegalAction(_MALFORMED)
        kind, _, rest = key.strip().partition(":")
        cls = self._by_kind.get(kind)
        if cls is None:
            shown = key.strip()
            if len(shown) > _SHOWN_KEY:
                shown = shown[:_SHOWN_KEY - 1] + "…"
            raise IllegalAction(f"I don't know the move '{shown}'. Pick one from the list.")
        parts = rest.split(",") if rest else []
        return cls.from_key_parts(parts)
