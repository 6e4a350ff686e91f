"""Shared setup for the render tests.

pytest runs with ``--import-mode=importlib`` and ``tests/`` is not a package, so the
helpers next to this file (``text_spy.py``) are made importable by putting this
directory on ``sys.path`` once, before the test modules of this directory are collected.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
