"""What every part of the Lockdown board shares: the sections' colours and where a room
box writes its name."""

from __future__ import annotations

from renders.common import RGB

SECTION: dict[int | None, RGB] = {1: (52, 112, 200), 2: (34, 150, 132), 3: (128, 84, 200),
                                  None: (96, 104, 124)}
NAME_TOP = 5   # a room box's first name line, below its top
NAME_STEP = 24  # between name lines
