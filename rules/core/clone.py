"""A fast deep copy for game states built from pydantic models, dataclasses, lists and
dicts.

`apply` copies the state before changing it, so the copy is on every move's path.
pydantic's deep copy walks every object through `copy.deepcopy`; a state here only
holds models, lists, dicts and immutable values (str, int, bool, None, Literal, tuples
of those, frozen models). For each model class we generate, once, a copy function from
its field annotations: immutable fields are shared, a `list[str]` is sliced, a
`dict[str, Hero]` becomes a dict comprehension calling Hero's copier, and so on, with
no type tests at copy time. Nothing mutable is shared with the original, except
inside a field marked copy-on-write (below).

Copy-on-write: a field annotated `Annotated[..., COPY_ON_WRITE]` is not copied deeply.
A dict field's copy is a new dict holding the same entries (most moves change one
player, if any, of several); any other field's value is shared as it is. The engine
changes such a part only through `own_entry` / `own_field`, which hand back the part
for this state alone, copying it the first time one apply changes it. A state
remembers (in its `owned` slot: never dumped, never compared) the parts it copied
itself; copying the state clears that, since from then on the two states share them.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import (
    Annotated,
    Any,
    Literal,
    TypeGuard,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import BaseModel

from rules.core.model import EngineState, StateModel

M = TypeVar("M", bound=BaseModel)


class CopyOnWrite:
    """The marker of a copy-on-write field (see the module docstring)."""

    def __repr__(self) -> str:
        return "COPY_ON_WRITE"


COPY_ON_WRITE = CopyOnWrite()

_PLAIN_TYPES = (str, int, bool, float, type(None))
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def clone(value: M) -> M:
    copier = _COPIERS.get(type(value))
    return (_copy_any(value) if copier is None else copier(value))


def own_entry(state: Any, name: str, key: str) -> Any:
    """`state.<name>[key]` (`name` a copy-on-write dict field) ready to change: this
    state's own copy, made on the first call since the state was last copied."""
    entries = state.__dict__[name]
    value = entries[key]
    owned = getattr(state, "owned", None)
    if owned is None:
        owned = set()
        object.__setattr__(state, "owned", owned)
    elif (name, key) in owned:
        return value
    value = entries[key] = _part_copier(type(state), name, True)(value)
    owned.add((name, key))
    return value


def own_field(state: Any, name: str) -> Any:
    """`state.<name>` (a copy-on-write field holding one model or dataclass, or None)
    ready to change, like `own_entry`."""
    value = state.__dict__[name]
    if value is None:
        return None
    owned = getattr(state, "owned", None)
    if owned is None:
        owned = set()
        object.__setattr__(state, "owned", owned)
    elif name in owned:
        return value
    value = state.__dict__[name] = _part_copier(type(state), name, False)(value)
    owned.add(name)
    return value


_PART_COPIERS: dict[tuple[type[BaseModel], str, bool], Callable[[Any], Any]] = {}


def _part_copier(kind: type[BaseModel], name: str, entry: bool) -> Callable[[Any], Any]:
    """The copy function of field `name` of model `kind` (`entry`: of one entry of that
    dict field), generated from the field's annotation like a model's copier."""
    copier = _PART_COPIERS.get((kind, name, entry))
    if copier is None:
        ann = kind.model_fields[name].annotation
        if entry:
            ann = get_args(ann)[1]
        namespace: dict[str, object] = {"copy_any": _copy_any}
        expr = _expression(ann, "x", 0, namespace) or "x"
        copier = _PART_COPIERS[(kind, name, entry)] = _define(
            ["def copy(x):", f"    return {expr}"], namespace)
    return copier


def _copy_any(value: Any) -> Any:
    """Copy a value whose type is only known at run time (union members, Any)."""
    kind = type(value)
    copier = _COPIERS.get(kind)
    if copier is None:
        if kind in _PLAIN_TYPES or kind is tuple:
            return value
        if kind is list:
            return [_copy_any(v) for v in value]
        if kind is dict:
            return {k: _copy_any(v) for k, v in value.items()}
        if kind is set:
            return set(value)
        copier = _copier_of(kind)
    return copier(value)


def _identity(value: Any) -> Any:
    return value


def _compile(kind: type) -> Callable[[Any], Any]:
    """Generate the copy function of one model or dataclass."""
    namespace: dict[str, object] = {"kind": kind, "new": object.__new__,
                                 "put": object.__setattr__, "copy_any": _copy_any}
    if _frozen(kind):
        return _identity
    if dataclasses.is_dataclass(kind):
        return _compile_dataclass(kind, namespace)
    if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
        raise TypeError(f"cannot clone a {kind.__name__}")
    lines = ["def copy(v):", "    d = v.__dict__.copy()"]
    for name, info in kind.model_fields.items():
        if any(isinstance(m, CopyOnWrite) for m in info.metadata):
            expr = _shallow(info.annotation, "x")
        else:
            expr = _expression(info.annotation, "x", 0, namespace)
        if expr is not None:
            lines.append(f"    x = d[{name!r}]")
            lines.append(f"    d[{name!r}] = {expr}")
    # a StateModel never changes its fields-set (see model.py), so the copy may share it;
    # its __setattr__ is object's, so plain assignments set its slots (faster than calls)
    state = issubclass(kind, StateModel)
    fields_set = "v.__pydantic_fields_set__" if state else "v.__pydantic_fields_set__.copy()"
    sets = {"__dict__": "d", "__pydantic_extra__": "None",
            "__pydantic_fields_set__": fields_set, "__pydantic_private__": "None"}
    if issubclass(kind, EngineState):
        # the copy starts owning no copy-on-write part (set: reading an unset slot of a
        # pydantic model goes through its slow __getattr__)
        sets.update({slot: "None" for slot in EngineState.__slots__})
        # the original shares its copy-on-write parts with the copy from now on
        lines.append("    v.owned = None")
    lines.append("    n = new(kind)")
    lines += [f"    n.{slot} = {value}" if state else f"    put(n, {slot!r}, {value})"
              for slot, value in sets.items()]
    lines.append("    return n")
    return _define(lines, namespace)


def _compile_dataclass(kind: type, namespace: dict[str, object]) -> Callable[[Any], Any]:
    """A state part: a slotted dataclass, copied field by field."""
    hints = get_type_hints(kind)
    lines = ["def copy(v):", "    n = new(kind)"]
    for f in dataclasses.fields(kind):
        expr = _expression(hints[f.name], "x", 0, namespace)
        if expr is None:
            lines.append(f"    n.{f.name} = v.{f.name}")
        else:
            lines.append(f"    x = v.{f.name}")
            lines.append(f"    n.{f.name} = {expr}")
    lines.append("    return n")
    return _define(lines, namespace)


def _define(lines: list[str], namespace: dict[str, object]) -> Callable[[Any], Any]:
    """Compile the generated `copy` function."""
    exec("\n".join(lines), namespace)
    copier = namespace["copy"]
    assert callable(copier)
    return copier


def _copier_of(kind: type) -> Callable[[Any], Any]:
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _compile(kind)
    return copier


def _shallow(ann: object, var: str) -> str | None:
    """Source that copies a copy-on-write field: a dict's entries and any other value
    are shared (see `own_entry`, `own_field`)."""
    if get_origin(ann) is dict:
        return f"{var}.copy()"
    return None


def _expression(ann: object, var: str, depth: int, namespace: dict[str, object]) -> str | None:
    """Source that copies `var` of type `ann`; None when the value is immutable."""
    if _immutable(ann):
        return None
    origin = get_origin(ann)
    args = get_args(ann)
    if origin is Annotated:
        return _expression(args[0], var, depth, namespace)
    if origin in (Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) == 1 and len(members) < len(args):  # Optional[X]
            inner = _expression(members[0], var, depth, namespace)
            return None if inner is None else f"(None if {var} is None else {inner})"
        if all(_is_model(m) for m in members):
            # a union of models (the frames of a stack): one lookup of the member's copier
            name = f"copiers_{len(namespace)}"
            by_type: dict[type, Callable[[Any], Any]] = {m: _copier_of(m) for m in members}
            if len(members) < len(args):
                by_type[type(None)] = _identity
            namespace[name] = by_type
            return f"{name}.get(type({var}), copy_any)({var})"
        return f"copy_any({var})"
    item = f"i{depth}"
    if origin is list:
        inner = (_expression(args[0], item, depth + 1, namespace) if args
                 else f"copy_any({item})")
        return f"{var}[:]" if inner is None else f"[{inner} for {item} in {var}]"
    if origin is dict:
        inner = (_expression(args[1], item, depth + 1, namespace) if args
                 else f"copy_any({item})")
        if inner is None:
            return f"{var}.copy()"
        return f"{{k{depth}: {inner} for k{depth}, {item} in {var}.items()}}"
    if origin is set:
        return f"set({var})"
    if _is_model(ann):
        # the annotated model: call its copier directly (a subclass goes the long way)
        name = f"{ann.__name__}_{len(namespace)}"
        namespace[name], namespace[f"copy_{name}"] = ann, _copier_of(ann)
        return f"(copy_{name}({var}) if type({var}) is {name} else copy_any({var}))"
    return f"copy_any({var})"


def _is_model(ann: object) -> TypeGuard[type]:
    """A pydantic model or dataclass type (copied by its generated copier)."""
    return isinstance(ann, type) and (issubclass(ann, BaseModel) or dataclasses.is_dataclass(ann))


def _immutable(ann: object) -> bool:
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
    return isinstance(ann, type) and _frozen(ann)


def _frozen(kind: type) -> bool:
    """A frozen pydantic model or frozen dataclass: shared, never copied."""
    if dataclasses.is_dataclass(kind):
        return bool(kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]  # set by @dataclass, not in typeshed
    return issubclass(kind, BaseModel) and bool(kind.model_config.get("frozen"))
