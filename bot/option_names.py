"""Game options in words ("Task deck: black", "Turn timer: 5 min") for the lobby and
anywhere else the bot shows them. Labels come from a table, else from the field's
description in the ruleset's Options model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError


def _final_event(value: Any) -> str:
    if not value:
        return "random"
    from rules.darkmoon.cards import content

    names = {e.id: e.name for e in content().final_events}
    return names.get(str(value), str(value))


def _minutes(value: Any) -> str:
    return f"{value} min" if value else "off"


LABELS: dict[str, str] = {
    "final_event": "Final event",
    "task_deck": "Task deck",
    "turn_timeout_minutes": "Turn timer",
    "mode": "Mode",
}
VALUES: dict[str, Callable[[Any], str]] = {
    "final_event": _final_event,
    "task_deck": lambda v: "by player count" if v == "auto" else str(v),
    "turn_timeout_minutes": _minutes,
    "mode": lambda v: {"semi_coop": "semi-cooperative", "coop": "fully cooperative",
                       "solo": "solo"}.get(str(v), str(v).replace("_", " ")),
}


def _label(key: str, description: str | None) -> str:
    if key in LABELS:
        return LABELS[key]
    if description:
        first = description.split(";")[0].split(",")[0].strip()
        return first[:1].upper() + first[1:]
    return key.replace("_", " ").capitalize()


def _value(key: str, value: Any) -> str:
    if key in VALUES:
        return VALUES[key](value)
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    return str(value).replace("_", " ")


def describe_options(ruleset: str, options: dict[str, Any]) -> list[str]:
    """One "Label: value" line per option of the ruleset's Options model, defaults
    included, in the model's order; keys the model does not know are left out."""
    from rules import get_ruleset

    model: type[BaseModel] = get_ruleset(ruleset).Options
    fields = model.model_fields
    try:
        values = model.model_validate(
            {k: v for k, v in options.items() if k in fields}).model_dump()
    except ValidationError:
        values = {k: options.get(k, f.default) for k, f in fields.items()}
    return [f"{_label(key, field.description)}: {_value(key, values.get(key))}"
            for key, field in fields.items()]
