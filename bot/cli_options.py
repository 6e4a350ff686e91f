"""`--option key=value` for the command-line tools (simulate, bench): each value is read
as its field's type in the ruleset's Options model (int, str, bool, Literal, optional),
then the whole set is validated by the model. Any problem raises OptionError whose text
names the bad key or value and lists every option with the values it takes."""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from rules import Ruleset, get_ruleset, list_rulesets
from rules.agents import MEASURED, can_determinize

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")
NONE = ("none", "")


class OptionError(ValueError):
    """A bad ruleset, option key or value; the text is shown to the user as is."""


def ruleset_named(name: str) -> Ruleset:
    try:
        return get_ruleset(name)
    except KeyError:
        raise OptionError(f"There is no ruleset '{name}'. Known rulesets: "
                          f"{', '.join(list_rulesets())}.") from None


def _split(annotation: Any) -> tuple[Any, bool]:
    """(the type inside an optional, whether None is allowed)."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        optional = len(args) < len(get_args(annotation))
        if len(args) == 1:
            return args[0], optional
    return annotation, False


def _bounds(field: FieldInfo) -> tuple[Any, Any]:
    low = high = None
    for meta in field.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    return low, high


def accepted(field: FieldInfo) -> str:
    """What a field takes, in words: "semi_coop|coop|solo", "a whole number 0-1440"."""
    kind, optional = _split(field.annotation)
    if get_origin(kind) is Literal:
        text = "|".join(str(a) for a in get_args(kind))
    elif kind is bool:
        text = "true|false"
    elif kind in (int, float):
        low, high = _bounds(field)
        text = "a whole number" if kind is int else "a number"
        if low is not None and high is not None:
            text += f" {low}-{high}"
        elif low is not None:
            text += f" from {low}"
        elif high is not None:
            text += f" up to {high}"
    else:
        text = "text"
    return text + ("|none" if optional else "")


def options_help(rs: Ruleset) -> str:
    """One line per option of the ruleset: key=values (description; default)."""
    lines = []
    for key, field in rs.Options.model_fields.items():
        about = f"{field.description}; " if field.description else ""
        takes = accepted(field)
        takes = f"<{takes}>" if " " in takes else takes
        lines.append(f"  {key}={takes} ({about}default {field.default})")
    return f"Options of {rs.title}:\n" + "\n".join(lines)


def _convert(field: FieldInfo, text: str) -> Any:
    """The typed value of `text` for `field`; ValueError when it does not read as one."""
    kind, optional = _split(field.annotation)
    if optional and text.strip().lower() in NONE:
        return None
    if get_origin(kind) is Literal:
        for arg in get_args(kind):
            if str(arg) == text:
                return arg
        raise ValueError(text)
    if kind is bool:
        word = text.strip().lower()
        if word in TRUE + FALSE:
            return word in TRUE
        raise ValueError(text)
    if kind is int:
        return int(text.strip())
    if kind is float:
        return float(text.strip())
    return text


def parse_options(rs: Ruleset, pairs: Sequence[str]) -> BaseModel:
    """The ruleset's Options from `key=value` texts (the defaults for keys not given)."""
    fields = rs.Options.model_fields
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"--option takes key=value, not '{pair}'.\n" + options_help(rs))
        if key not in fields:
            raise OptionError(f"{rs.title} has no option '{key}'.\n" + options_help(rs))
        if key in values:
            raise OptionError(f"The option '{key}' is given twice.")
        try:
            values[key] = _convert(fields[key], text)
        except ValueError:
            raise OptionError(f"'{text}' is not a value of {key} in {rs.title}: it takes "
                              f"{accepted(fields[key])}.\n" + options_help(rs)) from None
    try:
        return rs.Options.model_validate(values)
    except ValidationError as exc:
        err = exc.errors()[0]
        why = str(err.get("msg", "invalid")).removeprefix("Value error, ").rstrip(".")
        key = ".".join(str(p) for p in err.get("loc", ()))
        if key:
            problem = f"{key}={values.get(key, '')} is not valid for {rs.title}: {why}."
        else:  # a rule over several options (a module needs the expansion...)
            given = " ".join(f"{k}={pair_value}" for k, pair_value in _given(pairs))
            problem = f"{given} cannot be played in {rs.title}: {why}."
        raise OptionError(problem + "\n" + options_help(rs)) from None


def _given(pairs: Sequence[str]) -> list[tuple[str, str]]:
    return [(key.strip(), text) for key, _, text in (p.partition("=") for p in pairs)]


def rulesets_help() -> str:
    """Every ruleset with its options (for `simulate --help`)."""
    blocks = [f"{name}: {options_help(get_ruleset(name))}" for name in list_rulesets()]
    return "Rulesets and their options (--option KEY=VALUE):\n\n" + "\n\n".join(blocks)


def check_table(rs: Ruleset, options: BaseModel, players: int) -> None:
    """Refuse a player count the ruleset (or, when it says so, the chosen mode) cannot
    seat, before any game is dealt."""
    if not rs.min_players <= players <= rs.max_players:
        raise OptionError(f"{rs.title} takes {rs.min_players}-{rs.max_players} players, "
                          f"not {players}.")
    problem = rs.check_players(options, players)
    if problem:
        raise OptionError(str(problem))


def parse_agents(text: str, rs: Ruleset, players: int) -> list[str]:
    """`--agents`: one agent name for every seat, or one per seat, comma-separated
    (names of rules.agents.MEASURED: ai, random, default, policy), or SIDE=NAME entries
    (the agent of each side a seat is dealt, e.g. uninfected=ai,infected=random; one
    plain name: the other sides').
    Refuses an unknown name, a count that is neither 1 nor the number of players, and
    the `ai` at a ruleset it cannot play yet."""
    names = [name.strip() for name in text.split(",")]
    agents = [name.rpartition("=")[2] for name in names]
    unknown = [name for name in agents if name not in MEASURED]
    if unknown:
        raise OptionError(f"There is no agent '{unknown[0]}'. Agents: {', '.join(MEASURED)}.")
    plain = len(names) - sum("=" in name for name in names)
    if plain < len(names) and plain > 1:
        raise OptionError("--agents with SIDE=NAME entries takes at most one plain name "
                          "(the agent of the other sides).")
    if plain == len(names) and len(names) not in (1, players):
        raise OptionError(f"--agents takes one name for every seat or one per seat ({players}"
                          f" players), not {len(names)}.")
    if "ai" in agents and not can_determinize(rs):
        raise OptionError(f"The ai cannot play {rs.title} yet: its ruleset has no "
                          "determinize (a computer player reads no hidden part of a game).")
    return names
