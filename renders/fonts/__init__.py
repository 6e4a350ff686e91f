"""Bundled fonts (DejaVu Sans Condensed, see LICENSE-DejaVu.txt).

A package only so that setuptools' `"*" = ["*.ttf"]` package-data rule ships the files.
"""
