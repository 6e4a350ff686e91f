"""A fast deep copy for game states built from pydantic models, lists and dicts.

`apply` copies the state before changing it. pydantic's deep copy walks every object
through `copy.deepcopy`; a state here only holds models, lists, dicts and immutable
values (str, int, bool, None, Literal, tuples of those, frozen models). For each model
class we work out once which fields can hold something mutable and copy only those;
lists and dicts of plain values are copied in one go. Nothing mutable is shared with
the original.
"""

from __future__ import annotations

import types
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__
_PLAIN_TYPES = (str, int, bool, float, type(None))


def clone(value: M) -> M:
    return _clone(value)  # type: ignore[no-any-return]


def _clone(value: Any) -> Any:
    kind = type(value)
    plan = _PLANS.get(kind)
    if plan is None:
        if kind is list:
            if not value or type(value[0]) in _PLAIN_TYPES:
                return value[:]
            return [_clone(v) for v in value]
        if kind is dict:
            if not value or type(next(iter(value.values()))) in _PLAIN_TYPES:
                return dict(value)
            return {k: _clone(v) for k, v in value.items()}
        if kind in _PLAIN_TYPES or kind is tuple:
            return value
        if kind is set:
            return set(value)
        plan = _PLANS[kind] = _mutable_fields(kind)
    if plan is _FROZEN:
        return value
    data = value.__dict__.copy()
    for name in plan:
        item = data[name]
        if type(item) is list and (not item or type(item[0]) in _PLAIN_TYPES):
            data[name] = item[:]  # the common case, without a call
        elif item is not None:
            data[name] = _clone(item)
    new = _new(kind)
    _set(new, "__dict__", data)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", value.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_private__", None)
    return new


_FROZEN: tuple[str, ...] = ("<frozen>",)
_PLANS: dict[type, tuple[str, ...]] = {}
_new = object.__new__


def _mutable_fields(kind: type[BaseModel]) -> tuple[str, ...]:
    """Fields of a model class that may hold mutable values (_FROZEN: none at all)."""
    if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
        raise TypeError(f"cannot clone a {kind.__name__}")
    if kind.model_config.get("frozen"):
        return _FROZEN
    return tuple(name for name, info in kind.model_fields.items()
                 if not _immutable(info.annotation))


def _immutable(ann: Any) -> bool:
    if ann in _PLAIN_TYPES:
        return True
    origin = get_origin(ann)
    if origin is Literal:
        return True
    if origin is Annotated:
        return _immutable(get_args(ann)[0])
    if origin in (Union, types.UnionType):
        return all(_immutable(arg) for arg in get_args(ann))
    if origin is tuple:
        return all(_immutable(arg) for arg in get_args(ann) if arg is not Ellipsis)
    return isinstance(ann, type) and issubclass(ann, BaseModel) and bool(
        ann.model_config.get("frozen"))
