"""Noise (NX-NOISE-*): noise markers in corridors."""

from __future__ import annotations

from rules.nemesis.profile import NemesisState


def noisy(s: NemesisState, corridor: str) -> bool:
    return corridor in s.noise


def set_noise(s: NemesisState, corridor: str, on: bool) -> None:
    if on and not s.graph.takes_noise(corridor):
        return
    if on and corridor not in s.noise:
        s.noise.append(corridor)
    elif not on and corridor in s.noise:
        s.noise.remove(corridor)
