"""Bundled fonts, tried per glyph in this order (see renders/glyphs.py):

* DejaVu Sans Condensed, regular and bold (Latin, Greek, Cyrillic, Arabic, Hebrew...):
  LICENSE-DejaVu.txt;
* Droid Sans Fallback (CJK: about 21,000 Han characters, kana, all 11,172 Hangul
  syllables; 3.4 MB): LICENSE-Apache-2.0.txt;
* Noto Sans Symbols 2 (monochrome symbols): LICENSE-OFL.txt;
* Noto Color Emoji, cut to the single code point emoji (3 MB): LICENSE-OFL.txt.

A package only so that setuptools' `"*" = ["*.ttf"]` package-data rule ships the files.
"""
