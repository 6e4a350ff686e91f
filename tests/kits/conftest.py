"""Shared setup for the kits' tests.

The helpers every board test uses (``playouts.py``: seeded random games' views;
``text_spy.py``: the texts a drawing wrote) live in tests/renders, beside the shared
drawing's tests; pytest runs with ``--import-mode=importlib`` and ``tests/`` is not a
package, so that directory is put on ``sys.path`` once, before the test modules here are
collected (as tests/renders/conftest.py does for its own).
"""

from __future__ import annotations

import sys
from pathlib import Path

_HELPERS = str(Path(__file__).resolve().parent.parent / "renders")
if _HELPERS not in sys.path:
    sys.path.insert(0, _HELPERS)
