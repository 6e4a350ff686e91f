"""Game options in words ("Task deck: black", "Turn timer: 5 min") for the lobby and
anywhere else the bot shows them. Each game's kit holds its words (`GameKit.options`:
labels, value words, `/game new` choice names, notes, the lobby's menus); a key it does
not name is labelled from the field's description in the ruleset's Options model."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import BaseModel, ValidationError

from bot.absence import idle_text
from rules.core.kit import OptionWords
from rules.registry import get_kit


def _minutes(value: object) -> str:
    return f"{value} min" if value else "off"


# What every game's table has (bot.timers): its words
TIMER = "turn_timeout_minutes"
LABELS: dict[str, str] = {TIMER: "Turn timer"}
VALUES: dict[str, Callable[[object], str]] = {TIMER: _minutes}

# What the turn timer does for a silent player (the options key, kept with the game's
# options beside the timer): an AI player moves for them (the default) or they pass
TIMEOUT_MOVE = "timeout_move"
TIMEOUT_AI, TIMEOUT_PASS = "ai", "pass"
TIMEOUT_WORDS: Mapping[str, str] = {
    TIMEOUT_AI: "an AI player moves for a silent player",
    TIMEOUT_PASS: "a silent player passes (the default move)",
}
TIMEOUT_CHOICES: Mapping[str, str] = {  # as /game new and /game timer offer them
    TIMEOUT_AI: "An AI player moves for them",
    TIMEOUT_PASS: "They pass (the default move: pass, abstain...)",
}


def timeout_move(options: Mapping[str, object]) -> str:
    """What the turn timer does for a silent player in a game with these options: an AI
    player decides (the default) or they pass."""
    chosen = options.get(TIMEOUT_MOVE)
    return chosen if isinstance(chosen, str) and chosen in TIMEOUT_WORDS else TIMEOUT_AI


def timer_text(options: Mapping[str, object]) -> str:
    """"5 min, then an AI player moves for a silent player; after 3 timeouts in a row,
    Warden's crew plays the seat until its player returns" ("off" without a timer)."""
    minutes = options.get(TIMER)
    if not minutes:
        return _minutes(minutes)
    idle = idle_text(options)
    return (f"{_minutes(minutes)}, then {TIMEOUT_WORDS[timeout_move(options)]}"
            + (f"; {idle}" if idle else ""))


def words(ruleset: str) -> OptionWords:
    return get_kit(ruleset).options


def menu_label(ruleset: str, entry: str) -> str:
    """"threats" -> "Threats module"; "nerfed_reveal:extreme" -> "Nerfed Reveal
    (extreme)"."""
    key, _, level = entry.partition(":")
    return words(ruleset).labels[key] + (f" ({level})" if level else "")


def menu_chosen(options: Mapping[str, object], entries: tuple[str, ...]) -> list[str]:
    """The entries of a menu that the options turn on."""
    out = []
    for entry in entries:
        key, _, level = entry.partition(":")
        value = options.get(key, False)
        if (level and value == level) or (not level and value is True):
            out.append(entry)
    return out


def menu_options(chosen: list[str], entries: tuple[str, ...]) -> dict[str, object]:
    """The option values a menu's ticked entries mean (every entry of the menu set)."""
    out: dict[str, object] = {}
    for entry in entries:
        key, _, level = entry.partition(":")
        if level:
            out.setdefault(key, "off")
            if entry in chosen:
                out[key] = level
        else:
            out[key] = entry in chosen
    return out


def _label(names: OptionWords, key: str, description: str | None) -> str:
    label = names.labels.get(key) or LABELS.get(key)
    if label:
        return label
    if description:
        first = description.split(";")[0].split(",")[0].strip()
        return first[:1].upper() + first[1:]
    return key.replace("_", " ").capitalize()


def _value(names: OptionWords, key: str, value: object) -> str:
    said = names.values.get(key) or VALUES.get(key)
    if said is not None:
        return said(value)
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    return str(value).replace("_", " ")


def describe_options(ruleset: str, options: Mapping[str, object], *,
                     chosen_only: bool = False) -> list[str]:
    """One "Label: value" line per option of the ruleset's Options model, defaults
    included, in the model's order; keys the model does not know are left out. With
    `chosen_only`, the menus' modules and variants appear only when on."""
    kit = get_kit(ruleset)
    model: type[BaseModel] = kit.ruleset.Options
    fields = model.model_fields
    try:
        values = model.model_validate(
            {k: v for k, v in options.items() if k in fields}).model_dump()
    except ValidationError:
        values = {k: options.get(k, f.default) for k, f in fields.items()}
    toggles = kit.options.toggles
    return [f"{_label(kit.options, key, field.description)}: "
            + (timer_text(options) if key == TIMER else _value(kit.options, key, values.get(key)))
            for key, field in fields.items()
            if not (chosen_only and key in toggles and values.get(key) in (False, "off"))]


def choice_name(ruleset: str, key: str, value: object) -> str:
    """The name of one value of a Literal option of `ruleset` in `/game new` ("Solo
    (exactly 1 player)"), else the value as the lobby shows it, capitalised."""
    names = words(ruleset)
    named = names.choice_names.get(key, {}).get(str(value))
    if named:
        return named
    text = _value(names, key, value)
    return text[:1].upper() + text[1:]


def option_notes(ruleset: str, options: Mapping[str, object]) -> list[str]:
    """One line per chosen value that has a note (the mode, the board side), defaults
    included, in the model's order: what the choice means for the game."""
    kit = get_kit(ruleset)
    fields = kit.ruleset.Options.model_fields
    out = []
    for key, field in fields.items():
        note = kit.options.notes.get(key, {}).get(str(options.get(key, field.default)))
        if note:
            out.append(note)
    return out
