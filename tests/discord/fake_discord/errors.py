"""Errors: Discord's API errors (the JSON body of a 4xx, with the nested ``errors`` tree of an
"Invalid Form Body"), and the assertion errors a test gets when the bot misbehaves or a helper
is asked for what a real client cannot do.
"""

from __future__ import annotations

from collections.abc import (
    Iterable,
    Iterator,
)

from .constants import JSON


class ApiError(Exception):
    """A Discord-style 4xx answer, raised inside a route handler."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def payload(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(path: str, code: str, message: str) -> ApiError:
    """Discord's 50035 "Invalid Form Body" error for the dotted field ``path``."""
    return ApiError(400, 50035, "Invalid Form Body", error_tree([(path, code, message)]))


def _unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


class BotError(AssertionError):
    """The bot logged an error (or raised) while handling something the test dispatched."""


class EmptySelectRefused(AssertionError):
    """A test tried to submit a select with nothing chosen that a real client cannot send."""


class InteractionNotAnswered(AssertionError):
    """The bot did not answer an interaction before the timeout."""



def _join(prefix: str, path: str) -> str:
    return ".".join(part for part in (prefix, path) if part)


def error_tree(items: Iterable[tuple[str, str, str]]) -> JSON:
    """Discord's nested ``errors`` object for (dotted path, code, message) triples."""
    tree: JSON = {}
    for path, code, message in items:
        node = tree
        for key in path.split(".") if path else []:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def flatten_errors(tree: JSON, prefix: str = "") -> Iterator[tuple[str, str, str]]:
    """The (dotted path, code, message) triples of an ``errors`` object."""
    for key, value in tree.items():
        if key == "_errors":
            for error in value:
                yield prefix, str(error.get("code")), str(error.get("message"))
        elif isinstance(value, dict):
            yield from flatten_errors(value, _join(prefix, key))

