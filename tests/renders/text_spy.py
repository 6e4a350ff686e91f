"""What the boards rasterise: every text goes through `renders.glyphs.mask`, so a spy
there sees each text and its size. Cached frames and tiles would hide the texts drawn
into them, so the caches given are cleared first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from renders import glyphs


@contextmanager
def spy_texts(record: Callable[[str, int], None],
              *caches: Callable[[], None]) -> Iterator[None]:
    """`record(text, size)` for each text rasterised meanwhile, after clearing `caches`."""
    real = glyphs.mask

    def spy(text: str, size: int, bold: bool) -> Any:
        record(text, size)
        return real(text, size, bold)

    glyphs.mask = spy  # type: ignore[assignment]
    for clear in caches:
        clear()
    try:
        yield
    finally:
        glyphs.mask = real  # type: ignore[assignment]


@contextmanager
def text_sizes(*caches: Callable[[], None]) -> Iterator[list[int]]:
    """The size of every text (not blank) rasterised meanwhile."""
    sizes: list[int] = []
    with spy_texts(lambda text, size: sizes.append(size) if text.strip() else None, *caches):
        yield sizes


@contextmanager
def drawn_texts(*caches: Callable[[], None]) -> Iterator[list[str]]:
    """Every text rasterised meanwhile."""
    texts: list[str] = []
    with spy_texts(lambda text, size: texts.append(text), *caches):
        yield texts
