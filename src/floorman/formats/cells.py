"""Cells of a CSV report a spreadsheet will open: text that a spreadsheet would run as a formula is quoted.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by spreadsheets as a
formula (``=HYPERLINK(...)`` in a dealer's name runs when the report is opened); a leading ``'`` makes it text.
One function guards every CSV floorman writes: the console's incident export and ``floorman audit --csv``.

>>> guarded_cell("=HYPERLINK(\\"http://x\\")"), guarded_cell("@SUM(A1)"), guarded_cell("dealer 7"), guarded_cell(12)
('\\'=HYPERLINK("http://x")', "'@SUM(A1)", 'dealer 7', 12)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["FORMULA_STARTS", "guarded_cell"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a cell starts with when a spreadsheet would read it as a formula."""

T = TypeVar("T")


def guarded_cell(value: T) -> T | str:
    """``value`` as a CSV cell: text a spreadsheet would run as a formula behind a ``'``; anything else as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
