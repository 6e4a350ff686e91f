"""Shared setup for the rules tests.

The tests mirror the packages of ``rules/``: ``core/``, the Nemesis family layer
``nemesis/``, one folder per game (``darkmoon/``, ``lockdown/``,
``nemesis_original/``) and the computer players' ``agents/``, each holding its helpers
beside its tests.

pytest runs with ``--import-mode=importlib`` and ``tests/`` is not a package, so the
helper modules are imported by their plain names (``from lockdown_helpers import ...``):
each of these folders is put on ``sys.path`` once, before the test modules below it
are collected. Helper module names are therefore unique across the folders.
"""

from __future__ import annotations

import sys
from pathlib import Path

HELPER_DIRS = ("core", "nemesis", "darkmoon", "lockdown", "nemesis_original", "agents")

_HERE = Path(__file__).resolve().parent
for _name in HELPER_DIRS:
    _path = str(_HERE / _name)
    if _path not in sys.path:
        sys.path.insert(0, _path)
