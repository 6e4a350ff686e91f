"""Board images for the rulesets: `render_board(view, names) -> PNG bytes`.

Dispatches on `view.ruleset` to the ruleset's own module (renders/<ruleset>.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any


def render_board(view: Any, names: Mapping[str, str] | None = None) -> bytes:
    module = import_module(f"renders.{view.ruleset}")
    return module.render_board(view, names)  # type: ignore[no-any-return]


def render_image(view: Any, names: Mapping[str, str] | None = None) -> Any:
    module = import_module(f"renders.{view.ruleset}")
    return module.render_image(view, names)


__all__ = ["render_board", "render_image"]
