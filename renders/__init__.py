"""Board pictures: `render_board(view, names) -> PNG bytes` asks the view's game kit
(`GameKit.board`); the modules here hold the drawing every game's board shares (colours
and text, glyphs and fonts, display names, box geometry, PNG encoding, the summary's
shape). A game's own drawing lives in its kit package (kits/<game>/)."""

from __future__ import annotations

from PIL import Image
from pydantic import BaseModel

from rules.core.kit import Names
from rules.registry import get_kit


def render_board(view: BaseModel, names: Names = None) -> bytes:
    return get_kit(str(getattr(view, "ruleset", ""))).board(view, names)


def render_image(view: BaseModel, names: Names = None) -> Image.Image:
    """The board as a Pillow image (tests and tools)."""
    kit = get_kit(str(getattr(view, "ruleset", "")))
    image = kit.image(view, names)
    if not isinstance(image, Image.Image):
        raise TypeError(f"the {kit.name} kit's image is a {type(image).__name__}, not a "
                        "Pillow image")
    return image


__all__ = ["render_board", "render_image"]
