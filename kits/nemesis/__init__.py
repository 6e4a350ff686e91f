"""What both Nemesis games' kits share (as rules/nemesis does for their rules): the
board's frame, panels and pieces (board.py, pieces.py), the summary's lines
(summary.py), the private sheet's parts (sheet.py) and the `/rules` facts of rooms and
items (help.py)."""
