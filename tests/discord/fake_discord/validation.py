"""Request validation: Discord's documented limits on messages, embeds, components, modals,
autocomplete choices and application commands, answered as Discord does (400, every broken
field at once).
"""

from __future__ import annotations

import re
from collections.abc import (
    Iterable,
    Iterator,
    Sequence,
)
from typing import Any

from .constants import _SELECT_TYPES, _SUBCOMMAND_TYPES, COMPONENTS_V2, JSON
from .errors import ApiError, _join, error_tree
from .world import UploadedFile

# --------------------------------------------------------------------------------------------
#
# Every check adds to a FormErrors; one request answers all of its errors at once, in
# Discord's 400 "Invalid Form Body" (50035) shape. The fake also lists them in
# FakeDiscord.limit_violations. Codes Discord documents are used as they are; for the
# cross-field select and command rules the codes are the fake's own descriptive names.

MAX_COMMANDS = {1: 100, 2: 15, 3: 15}  # per scope: chat input, user, message commands
_TEXT_INPUT = 4
_TEXT_DISPLAY = 10
_LABEL = 18
_MODAL_FIELDS = {3, 4, 5, 6, 7, 8, 19}  # what a modal label may hold (selects, text, upload)


class FormErrors:
    """The field errors of one request body."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str, str]] = []  # (dotted path, code, message)

    def add(self, path: str, code: str, message: str) -> None:
        self.found.append((path, code, message))

    def text(
        self, value: Any, path: str, high: int, *, low: int = 0, required: bool = False
    ) -> None:
        """A string of ``low``..``high`` characters; absent (or empty) only if not required."""
        if value is None or (required and value == ""):
            if required:
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return
        if not isinstance(value, str):
            self.add(path, "BASE_TYPE_STRING", "Must be a string.")
            return
        self._size(len(value), path, low, high)

    def array(
        self, value: Any, path: str, high: int | None, *, low: int = 0, required: bool = False
    ) -> list[Any]:
        """A list of ``low``..``high`` items (``None``: no maximum); returns it (``[]`` when
        absent or not a list)."""
        if value is None:
            if required:
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return []
        if not isinstance(value, list):
            self.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
            return []
        if high is not None:
            self._size(len(value), path, low, high)
        return value

    def number(self, value: Any, path: str, low: float, high: float) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.add(path, "NUMBER_TYPE_COERCE", f"Value {value!r} is not int.")
        elif value < low:
            self.add(
                path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}."
            )
        elif value > high:
            self.add(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {high}.")

    def _size(self, size: int, path: str, low: int, high: int) -> None:
        if low <= size <= high:
            return
        if low > 0:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
        else:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")

    def check(self, prefix: str = "") -> None:
        """Raise the 400 for everything found (paths under ``prefix``), if anything."""
        if self.found:
            items = [(_join(prefix, path), code, message) for path, code, message in self.found]
            raise ApiError(400, 50035, "Invalid Form Body", error_tree(items))



def _walk(components: Iterable[JSON], path: str) -> Iterator[tuple[str, JSON]]:
    """Every component with its dotted path, depth first (like :func:`iter_components`)."""
    for index, component in enumerate(components):
        where = f"{path}.{index}"
        if not isinstance(component, dict):
            continue
        yield where, component
        yield from _walk(component.get("components") or [], f"{where}.components")
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield f"{where}.{key}", component[key]
                inner = component[key].get("components") or []
                yield from _walk(inner, f"{where}.{key}.components")


# -- messages ------------------------------------------------------------------------------


def validate_message_fields(body: JSON, files: Sequence[UploadedFile] = ()) -> None:
    """Field limits for message create/edit bodies (content, embeds, components, ...)."""
    form = FormErrors()
    message_errors(form, body, files)
    form.check()


def message_errors(form: FormErrors, body: JSON, files: Sequence[UploadedFile] = ()) -> None:
    form.text(body.get("content"), "content", 2000)
    _embed_errors(form, form.array(body.get("embeds"), "embeds", 10))
    if isinstance(body.get("nonce"), str):
        form.text(body["nonce"], "nonce", 25)
    form.array(body.get("sticker_ids"), "sticker_ids", 3)
    _allowed_mentions_errors(form, body.get("allowed_mentions"))
    _attachment_errors(form, body.get("attachments"), files)
    components = form.array(body.get("components"), "components", 40)
    if int(body.get("flags") or 0) & COMPONENTS_V2:
        if body.get("content") or body.get("embeds"):
            form.add(
                "content",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with components v2",
            )
        _layout_errors(form, components)
    else:
        _action_row_errors(form, components)
    _component_errors(form, components, "components")


def ensure_not_empty(data: JSON) -> None:
    keys = ("content", "embeds", "components", "attachments", "sticker_items", "poll")
    if not any(data.get(key) for key in keys):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _embed_errors(form: FormErrors, embeds: list[Any]) -> None:
    total = 0
    for index, embed in enumerate(embeds):
        path = f"embeds.{index}"
        if not isinstance(embed, dict):
            form.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        counted: list[tuple[Any, str, int]] = [
            (embed.get("title"), "title", 256),
            (embed.get("description"), "description", 4096),
            ((embed.get("footer") or {}).get("text"), "footer.text", 2048),
            ((embed.get("author") or {}).get("name"), "author.name", 256),
        ]
        for value, name, limit in counted:
            form.text(value, f"{path}.{name}", limit)
        form.text(embed.get("url"), f"{path}.url", 2048)
        for index_, item in enumerate(form.array(embed.get("fields"), f"{path}.fields", 25)):
            for key, limit in (("name", 256), ("value", 1024)):
                form.text(item.get(key), f"{path}.fields.{index_}.{key}", limit, required=True)
                counted.append((item.get(key), key, limit))
        total += sum(len(value) for value, _, _ in counted if isinstance(value, str))
    if total > 6000:
        form.add("embeds", "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000")


def _allowed_mentions_errors(form: FormErrors, allowed: Any) -> None:
    if not isinstance(allowed, dict):
        return
    parse = allowed.get("parse") or []
    for key in ("users", "roles"):
        ids = form.array(allowed.get(key), f"allowed_mentions.{key}", 100)
        if ids and key in parse:
            form.add(
                "allowed_mentions",
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids...] are mutually exclusive.',
            )


def _attachment_errors(form: FormErrors, attachments: Any, files: Sequence[UploadedFile]) -> None:
    if len(files) > 10:
        form.add("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for index, entry in enumerate(form.array(attachments, "attachments", 10)):
        if isinstance(entry, dict):
            form.text(entry.get("filename"), f"attachments.{index}.filename", 1024, low=1)
            form.text(entry.get("description"), f"attachments.{index}.description", 1024)


def _action_row_errors(form: FormErrors, rows: list[Any]) -> None:
    """Legacy messages: up to 5 action rows, each 1-5 buttons or exactly one select."""
    if len(rows) > 5:
        form.add("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or row.get("type") != 1:
            form.add(
                f"components.{index}.type",
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows",
            )
            continue
        _row_width_errors(form, row, f"components.{index}")


def _row_width_errors(form: FormErrors, row: JSON, path: str) -> None:
    children = form.array(row.get("components"), f"{path}.components", 5, low=1, required=True)
    has_select = any(child.get("type") in _SELECT_TYPES for child in children)
    if has_select and len(children) > 1:
        form.add(
            f"{path}.components",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )


def _layout_errors(form: FormErrors, components: list[Any]) -> None:
    """Components v2: at most 40 components in all, 4000 characters of text displays."""
    every = list(_walk(components, "components"))
    if len(every) > 40:
        form.add(
            "components",
            "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
            "A message can hold at most 40 components",
        )
    text = sum(len(c.get("content") or "") for _, c in every if c.get("type") == _TEXT_DISPLAY)
    if text > 4000:
        form.add(
            "components",
            "COMPONENT_MAX_TOTAL_TEXT_EXCEEDED",
            "The text displays of a message can hold at most 4000 characters",
        )
    for path, component in every:
        if component.get("type") == 1:
            _row_width_errors(form, component, path)


def _component_errors(form: FormErrors, components: list[Any], path: str) -> None:
    """Per-component limits, and custom ids unique across the message or modal."""
    seen: set[str] = set()
    for where, component in _walk(components, path):
        _interactive_errors(form, component, where)
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str) or not custom_id:
            continue
        if custom_id in seen:
            form.add(
                f"{where}.custom_id",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                f"Component custom id cannot be duplicated ({custom_id!r})",
            )
        seen.add(custom_id)


def _interactive_errors(form: FormErrors, component: JSON, path: str) -> None:
    kind = component.get("type")
    is_link = kind == 2 and component.get("style") in (5, 6)  # link and premium buttons
    if kind in (2, 3, 4, 5, 6, 7, 8) and not is_link:
        form.text(component.get("custom_id"), f"{path}.custom_id", 100, low=1, required=True)
    if kind == 2:
        _button_errors(form, component, path)
    elif kind in _SELECT_TYPES:
        _select_errors(form, component, path)
    elif kind == _TEXT_INPUT:
        _text_input_errors(form, component, path)
    elif kind == _TEXT_DISPLAY:
        form.text(component.get("content"), f"{path}.content", 4000, low=1, required=True)


def _button_errors(form: FormErrors, button: JSON, path: str) -> None:
    form.text(button.get("label"), f"{path}.label", 80)
    style = button.get("style")
    if style != 6 and not button.get("label") and not button.get("emoji"):
        form.add(f"{path}.label", "BASE_TYPE_REQUIRED", "A button needs a label or emoji")
    if style == 5:
        form.text(button.get("url"), f"{path}.url", 512, low=1, required=True)


def _select_errors(form: FormErrors, select: JSON, path: str) -> None:
    form.text(select.get("placeholder"), f"{path}.placeholder", 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    form.number(low, f"{path}.min_values", 0, 25)
    form.number(high, f"{path}.max_values", 1, 25)
    if select.get("type") == 3:
        where = f"{path}.options"
        options = form.array(select.get("options"), where, 25, low=1, required=True)
        _select_option_errors(form, options, where)
        available: int | None = len(options)
        defaults = sum(1 for option in options if option.get("default"))
    else:
        where = f"{path}.default_values"
        available = None
        defaults = len(form.array(select.get("default_values"), where, 25))
    if not (isinstance(low, int) and isinstance(high, int)):
        return
    if low > high:
        form.add(
            f"{path}.min_values",
            "SELECT_COMPONENT_MIN_VALUES_ABOVE_MAX",
            f"min_values ({low}) must not exceed max_values ({high}).",
        )
    if available and high > available:
        form.add(
            f"{path}.max_values",
            "SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS",
            f"max_values ({high}) must not exceed the number of options ({available}).",
        )
    if defaults and not low <= defaults <= high:
        form.add(
            where,
            "SELECT_COMPONENT_DEFAULTS_OUT_OF_RANGE",
            f"{defaults} default values, but the select takes {low} to {high}.",
        )


def _select_option_errors(form: FormErrors, options: list[Any], path: str) -> None:
    values: set[Any] = set()
    for index, option in enumerate(options):
        form.text(option.get("label"), f"{path}.{index}.label", 100, low=1, required=True)
        form.text(option.get("value"), f"{path}.{index}.value", 100, low=1, required=True)
        form.text(option.get("description"), f"{path}.{index}.description", 100)
        if option.get("value") in values:
            form.add(
                f"{path}.{index}.value",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select option values must be unique",
            )
        values.add(option.get("value"))


def _text_input_errors(form: FormErrors, text_input: JSON, path: str) -> None:
    if text_input.get("style") not in (1, 2):
        form.add(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    form.text(text_input.get("label"), f"{path}.label", 45, low=1)
    form.text(text_input.get("value"), f"{path}.value", 4000)
    form.text(text_input.get("placeholder"), f"{path}.placeholder", 100)
    low, high = text_input.get("min_length"), text_input.get("max_length")
    form.number(low, f"{path}.min_length", 0, 4000)
    form.number(high, f"{path}.max_length", 1, 4000)
    if isinstance(low, int) and isinstance(high, int) and low > high:
        form.add(
            f"{path}.min_length",
            "TEXT_INPUT_MIN_LENGTH_ABOVE_MAX",
            f"min_length ({low}) must not exceed max_length ({high}).",
        )


# -- interaction callbacks -----------------------------------------------------------------


def validate_choices(choices: Any) -> None:
    """An autocomplete answer: up to 25 choices, names 1-100, string values up to 100."""
    form = FormErrors()
    _choice_errors(form, form.array(choices, "choices", 25), "choices")
    form.check()


def _choice_errors(form: FormErrors, choices: list[Any], path: str) -> None:
    for index, choice in enumerate(choices):
        form.text(choice.get("name"), f"{path}.{index}.name", 100, low=1, required=True)
        value = choice.get("value")
        if value is None:
            form.add(f"{path}.{index}.value", "BASE_TYPE_REQUIRED", "This field is required")
        elif isinstance(value, str):
            form.text(value, f"{path}.{index}.value", 100)


def validate_modal(data: JSON) -> None:
    """A modal: title 1-45, custom id 1-100, 1-5 top-level components, each an action row
    with one text input, a label around one field, or a text display."""
    form = FormErrors()
    form.text(data.get("title"), "title", 45, low=1, required=True)
    form.text(data.get("custom_id"), "custom_id", 100, low=1, required=True)
    rows = form.array(data.get("components"), "components", 5, low=1, required=True)
    for index, row in enumerate(rows):
        _modal_row_errors(form, row, f"components.{index}")
    _component_errors(form, rows, "components")
    form.check()


def _modal_row_errors(form: FormErrors, row: JSON, path: str) -> None:
    kind = row.get("type")
    if kind == 1:
        children = row.get("components") or []
        if len(children) != 1 or children[0].get("type") != _TEXT_INPUT:
            form.add(
                f"{path}.components",
                "MODAL_ACTION_ROW_INVALID",
                "A modal action row holds exactly one text input",
            )
        else:
            form.text(children[0].get("label"), f"{path}.components.0.label", 45, required=True)
    elif kind == _LABEL:
        form.text(row.get("label"), f"{path}.label", 45, low=1, required=True)
        form.text(row.get("description"), f"{path}.description", 100, low=1)
        if (row.get("component") or {}).get("type") not in _MODAL_FIELDS:
            form.add(f"{path}.component", "UNION_TYPE_CHOICES", "A label holds one modal field")
    elif kind != _TEXT_DISPLAY:
        form.add(f"{path}.type", "UNION_TYPE_CHOICES", "Not a modal component")


# -- application commands ------------------------------------------------------------------


_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


def _valid_command_name(name: str, is_chat_input: bool) -> bool:
    if not is_chat_input:  # context-menu names may have spaces and capitals
        return 1 <= len(name) <= 32
    return bool(_NAME_RE.match(name)) and name == name.lower()


def validate_command(command: JSON, path: str = "") -> None:
    """Name/description/option rules Discord enforces on command registration."""
    form = FormErrors()
    _command_errors(form, command, path)
    form.check()


def validate_commands(commands: Any) -> None:
    """A bulk overwrite: every command, no duplicated (name, type), per-type maximums."""
    form = FormErrors()
    listed = form.array(commands, "", None)
    for index, command in enumerate(listed):
        _command_errors(form, command, f"{index}")
    keys = [(command.get("name"), command.get("type", 1)) for command in listed]
    for index, key in enumerate(keys):
        if key in keys[:index]:
            form.add(
                f"{index}.name",
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({key[0]!r})",
            )
    for kind, limit in MAX_COMMANDS.items():
        if sum(1 for _, k in keys if k == kind) > limit:
            form.add(
                "", "APPLICATION_COMMANDS_TOO_MANY", f"At most {limit} commands of type {kind}"
            )
    form.check()


def _command_errors(form: FormErrors, command: JSON, path: str) -> None:
    is_chat_input = command.get("type", 1) == 1
    _name_errors(form, command.get("name"), _join(path, "name"), is_chat_input)
    if is_chat_input:
        form.text(command.get("description"), _join(path, "description"), 100, low=1, required=True)
    else:
        form.text(command.get("description"), _join(path, "description"), 100)
    where = _join(path, "options")
    _options_errors(form, form.array(command.get("options"), where, 25), where, parent=0)
    if is_chat_input and _command_size(command) > 4000:
        form.add(path, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)")


def _name_errors(form: FormErrors, name: Any, path: str, is_chat_input: bool) -> None:
    form.text(name, path, 32, low=1, required=True)
    if isinstance(name, str) and name and not _valid_command_name(name, is_chat_input):
        form.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _options_errors(form: FormErrors, options: list[Any], path: str, *, parent: int) -> None:
    """``parent``: 0 for the command itself, 1 under a subcommand, 2 under a group."""
    names = [option.get("name") for option in options]
    if len(set(names)) != len(names):
        form.add(path, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Duplicate names")
    required = [bool(option.get("required")) for option in options]
    if required != sorted(required, reverse=True):
        form.add(
            path, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be first"
        )
    nested = [option.get("type") in _SUBCOMMAND_TYPES for option in options]
    if any(nested) and not all(nested):
        form.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot be mixed with other options",
        )
    for index, option in enumerate(options):
        _option_errors(form, option, f"{path}.{index}", parent)


def _option_errors(form: FormErrors, option: JSON, path: str, parent: int) -> None:
    kind = option.get("type")
    _name_errors(form, option.get("name"), f"{path}.name", True)
    form.text(option.get("description"), f"{path}.description", 100, low=1, required=True)
    if (parent == 2 and kind != 1) or (parent == 1 and kind in _SUBCOMMAND_TYPES):
        form.add(f"{path}.type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Invalid nesting")
    if kind in _SUBCOMMAND_TYPES:
        children = form.array(option.get("options"), f"{path}.options", 25)
        _options_errors(form, children, f"{path}.options", parent=kind)
        return
    choices = form.array(option.get("choices"), f"{path}.choices", 25)
    _choice_errors(form, choices, f"{path}.choices")
    if choices and option.get("autocomplete"):
        form.add(
            f"{path}.autocomplete",
            "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
            "Autocomplete cannot be used with choices",
        )
    if kind == 3:
        form.number(option.get("min_length"), f"{path}.min_length", 0, 6000)
        form.number(option.get("max_length"), f"{path}.max_length", 1, 6000)


def _command_size(command: JSON) -> int:
    """Characters Discord counts towards a command's 4000: names, descriptions, choices."""
    size = len(str(command.get("name") or "")) + len(str(command.get("description") or ""))
    for choice in command.get("choices") or []:
        size += len(str(choice.get("name") or "")) + len(str(choice.get("value") or ""))
    return size + sum(_command_size(option) for option in command.get("options") or [])

