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

Blank lines count too: a run of them longer than a line may be is refused where it starts (a gzip of nothing
but line ends would otherwise be read to its end, gigabytes of it, for no hand at all).

>>> list(read_lines(io.BytesIO(b"ab\\n" + b"\\n" * 9 + b"cd\\n"), limit=4, source="x.jsonl"))
Traceback (most recent call last):
...
floorman.errors.LogSyntaxError: x.jsonl: line 2: more than 4 bytes of blank lines (the most floorman reads between two hands); not read

A device named as a file (``/dev/urandom``, ``/dev/zero``) is refused before anything is read from it:

>>> open_input("/dev/zero")
Traceback (most recent call last):
...
floorman.errors.LogSyntaxError: /dev/zero: not read: a device, not a regular file
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, BinaryIO, Literal

from floorman.errors import LogSyntaxError
from floorman.locale import Message

__all__ = ["MAX_FILE_BYTES", "MAX_HAND_BYTES", "Whole", "file_kind", "named", "open_input", "read_bounded",
           "read_file", "read_lines", "too_long"]

MAX_HAND_BYTES = 16 * 1024 * 1024
"""The most one hand's text may hold: a JSONL line, a ``.json`` document, a ``.phh`` file (16 MiB; a
hand of a few hundred events takes a few KiB)."""

MAX_FILE_BYTES = 256 * 1024 * 1024
"""The most a ``.phhs`` file (many hands, read whole) may hold once expanded (256 MiB)."""


Whole = Literal["hand", "line", "file", "blank", "house"]
"""What a reader refuses whole when it is too long: a hand's text, a line of a file, a file of many hands, a run of
blank lines, a house-rules file."""


def too_long(limit: int, what: Whole, *, source: str | None = None, line: int | None = None) -> LogSyntaxError:
    """The error that refuses a text past ``limit`` bytes (``what``: the hand, the line, the file)."""
    return LogSyntaxError(f"error.text.{what}_too_long", source=source, line=line, limit=limit)


def read_bounded(fp: IO[bytes] | io.BufferedIOBase, *, limit: int = MAX_HAND_BYTES, source: str | None = None,
                 what: Whole = "hand", size: int | None = None) -> bytes:
    """All of ``fp``, refused with ``LogSyntaxError`` past ``limit`` bytes (before more than that is held).

    ``size`` is what the file says it holds (a regular file's ``st_size``): that much and a byte more is read
    first, so a small file is read without a buffer of ``limit`` bytes; a file that grew is read on to the limit.
    """
    if size is not None and size < limit:
        data = fp.read(size + 1)
        if len(data) <= size:
            return data
        data += fp.read(limit + 1 - len(data))
    else:
        data = fp.read(limit + 1)
    if len(data) > limit:
        raise too_long(limit, what, source=source)
    return data


def read_lines(fp: IO[bytes] | io.BufferedIOBase, *, first: int = 1, limit: int = MAX_HAND_BYTES,
               source: str | None = None) -> Iterator[tuple[int, bytes]]:
    """The lines of ``fp`` with their numbers (from ``first``); a line longer than ``limit`` bytes stops the
    reading with ``LogSyntaxError`` naming its line, having held no more than ``limit`` bytes of it. Blank lines
    in a row may come as one text (each ``number`` is that of its text's first line), and more than ``limit``
    bytes of them in a row stop the reading too."""
    number = first
    blank, blank_from = 0, first  # the bytes of the blank lines since the last line that held something
    peek = getattr(fp, "peek", None)
    while line := fp.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            raise too_long(limit, "line", source=source, line=number)
        if not line.isspace():
            blank = 0
            yield number, line
            number += 1
            continue
        if not blank:
            blank_from = number
        if peek is not None:  # the blank lines after it, taken as one text (a run of them is read in blocks)
            ahead = peek(_BLOCK)[:_BLOCK]
            run = ahead[:len(ahead) - len(ahead.lstrip())]
            if (whole := run.rfind(b"\n") + 1) > 0:
                line += fp.read(whole)
        blank += len(line)
        if blank > limit:
            raise too_long(limit, "blank", source=source, line=blank_from)
        yield number, line
        number += line.count(b"\n") or 1


_BLOCK = 1 << 16
"""How much of a run of blank lines ``read_lines`` takes at a time."""


def file_kind(mode: int) -> Message | None:
    """What a file of this mode is when it is not one to read as a file (a device, a socket), else ``None``.

    A named pipe is read as standard input is; a device or a socket, named as a file, never is: reading
    ``/dev/urandom`` or ``/dev/zero`` would not end.
    """
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message.of("error.files.device")
    if stat.S_ISSOCK(mode):
        return Message.of("error.files.socket")
    return None


def open_input(path: str | Path) -> BinaryIO:
    """``path`` opened to read as bytes; a device or a socket is refused with ``LogSyntaxError`` naming it.

    ``OSError`` when it cannot be opened (missing, a folder, no permission).
    """
    fp = open(path, "rb")  # noqa: SIM115  (handed to the caller, who closes it)
    try:
        kind = file_kind(os.fstat(fp.fileno()).st_mode)
    except BaseException:
        fp.close()
        raise
    if kind is not None:
        fp.close()
        raise LogSyntaxError("error.files.not_a_file", source=str(path), kind=kind)
    return fp


def read_file(path: str | Path, *, limit: int = MAX_HAND_BYTES, what: Whole = "hand") -> bytes:
    """The whole file at ``path`` (``open_input``), refused with ``LogSyntaxError`` past ``limit`` bytes."""
    with open_input(path) as fp:
        try:
            return read_bounded(fp, limit=limit, source=str(path), what=what, size=os.fstat(fp.fileno()).st_size)
        except OSError as exc:
            raise named(exc, path) from None


def named(exc: OSError, path: str | Path) -> OSError:
    """``exc`` naming the file it happened to (a failed read says no file of its own)."""
    if exc.filename is not None:
        return exc
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))
