"""Reading bounded: no hand's text is held in memory past a documented size, whatever the file holds.

>>> import io
>>> read_bounded(io.BytesIO(b"x" * 10), limit=4, source="big.json")
Traceback (most recent call last):
...
floorman.errors.LogSyntaxError: big.json: the hand is longer than 4 bytes (the most floorman reads); not read
>>> list(read_lines(io.BytesIO(b"ab\\ncdefgh\\n"), limit=4, source="x.jsonl"))
Traceback (most recent call last):
...
floorman.errors.LogSyntaxError: x.jsonl: line 2: the line is longer than 4 bytes (the most floorman reads); not read
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import IO, Literal

from floorman.errors import LogSyntaxError

__all__ = ["MAX_FILE_BYTES", "MAX_HAND_BYTES", "Whole", "read_bounded", "read_lines", "too_long"]

MAX_HAND_BYTES = 16 * 1024 * 1024
"""The most one hand's text may hold: a JSONL line, a ``.json`` document, a ``.phh`` file (16 MiB; a
hand of a few hundred events takes a few KiB)."""

MAX_FILE_BYTES = 256 * 1024 * 1024
"""The most a ``.phhs`` file (many hands, read whole) may hold once expanded (256 MiB)."""


Whole = Literal["hand", "line", "file"]
"""What a reader refuses whole when it is too long: a hand's text, a line of a file, a file of many hands."""


def too_long(limit: int, what: Whole, *, source: str | None = None, line: int | None = None) -> LogSyntaxError:
    """The error that refuses a text past ``limit`` bytes (``what``: the hand, the line, the file)."""
    return LogSyntaxError(f"error.text.{what}_too_long", source=source, line=line, limit=limit)


def read_bounded(fp: IO[bytes] | io.BufferedIOBase, *, limit: int = MAX_HAND_BYTES, source: str | None = None,
                 what: Whole = "hand") -> bytes:
    """All of ``fp``, refused with ``LogSyntaxError`` past ``limit`` bytes (before more than that is held)."""
    data = fp.read(limit + 1)
    if len(data) > limit:
        raise too_long(limit, what, source=source)
    return data


def read_lines(fp: IO[bytes] | io.BufferedIOBase, *, first: int = 1, limit: int = MAX_HAND_BYTES,
               source: str | None = None) -> Iterator[tuple[int, bytes]]:
    """The lines of ``fp`` with their numbers (from ``first``); a line longer than ``limit`` bytes stops the
    reading with ``LogSyntaxError`` naming its line, having held no more than ``limit`` bytes of it."""
    number = first
    while line := fp.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            raise too_long(limit, "line", source=source, line=number)
        yield number, line
        number += 1
