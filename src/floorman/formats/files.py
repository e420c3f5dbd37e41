"""Hand files of every format, plain or gzipped: which format a path holds, and the hands in it.

A path's format is its suffix, read through a trailing ``.gz``:

>>> format_of("day2/table-14.jsonl.gz"), format_of("pluribus/30/12.phh")
(<HandFormat.JSONL: 'jsonl'>, <HandFormat.PHH: 'phh'>)
>>> format_of("notes.txt")
Traceback (most recent call last):
...
floorman.errors.LogSyntaxError: notes.txt: expected a .json, .jsonl, .phh or .phhs file (or the same .gz), got '.txt'

``hand_texts`` cuts a file into the texts a reader turns into hands (one per JSONL line, the
whole file otherwise), and ``read_hands`` reads each into a ``HandLog`` or the ``LogError``
that says why it cannot be read, so that one bad hand never hides the others.

Reading is bounded: a JSONL line, a ``.json`` document or a ``.phh`` file holds at most
``MAX_HAND_BYTES`` (a ``.phhs`` file ``MAX_FILE_BYTES``), counted after a ``.gz`` is expanded; past
that the reading stops with a ``LogSyntaxError`` naming the file and line, before the text is held
in memory. A folder's files that are not regular files (a named pipe, a socket, a device) are
not opened: reading one could wait forever.
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

from floorman.errors import LogError, LogFieldError, LogSyntaxError
from floorman.fold.log import HandLog
from floorman.formats import handlog, phh
from floorman.formats._bounded import (
    MAX_FILE_BYTES,
    MAX_HAND_BYTES,
    named,
    open_input,
    read_bounded,
    read_file,
    read_lines,
)
from floorman.formats.checks import utf8_reason
from floorman.formats.phh import PhhError
from floorman.locale import Message

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_HAND_BYTES",
    "HandFormat",
    "HandText",
    "ReadHand",
    "format_of",
    "hand_label",
    "hand_texts",
    "is_gzipped",
    "is_hand_file",
    "not_regular",
    "open_input",
    "read_bounded",
    "read_file",
    "read_hands",
    "read_lines",
    "walk",
    "walk_files",
]


class HandFormat(StrEnum):
    """The formats a hand file can be in."""

    JSON = "json"
    """One hand log (hand-log v1)."""
    JSONL = "jsonl"
    """One hand log per line."""
    PHH = "phh"
    """One PHH hand history."""
    PHHS = "phhs"
    """Many PHH hands, one ``[section]`` each."""


_SUFFIXES = {f".{f.value}": f for f in HandFormat}


def _name(path: str | Path) -> str:
    """``Path(path).name``, read straight from a string that plainly ends in a name (an audit asks it of every file)."""
    if isinstance(path, str):
        name = os.path.basename(path)
        if name not in ("", ".", "..") and not path.endswith("."):
            return name
    return Path(path).name


def _suffix(path: str | Path) -> str:
    name = _name(path).lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return os.path.splitext(name)[1]


def is_hand_file(path: str | Path) -> bool:
    """Whether the name is that of a hand file (``.json``, ``.jsonl``, ``.phh``, ``.phhs``, or one gzipped)."""
    return _suffix(path) in _SUFFIXES


def format_of(path: str | Path) -> HandFormat:
    """The format a path's name says it holds."""
    suffix = _suffix(path)
    if suffix not in _SUFFIXES:
        raise LogSyntaxError("error.files.suffix", source=str(path),
                             got=repr(suffix) if suffix else Message.of("error.files.no_suffix"))
    return _SUFFIXES[suffix]


def is_gzipped(path: str | Path) -> bool:
    return str(path).lower().endswith(".gz")


def _cannot_list(path: str, exc: OSError) -> LogSyntaxError:
    return LogSyntaxError("error.files.unreadable", source=path, reason=exc.strerror or type(exc).__name__)


def _folder(folder: str) -> Iterator[tuple[str, LogError | None]]:
    """The hand files of a folder and of the folders in it (not through links), as ``os.walk`` orders them; a
    folder that cannot be listed, or an entry that cannot be looked at, comes with the error that says so."""
    try:
        with os.scandir(folder) as found:
            entries = sorted(found, key=lambda e: e.name)
    except OSError as exc:
        yield folder, _cannot_list(folder, exc)
        return
    prefix = str(Path(folder) / "_")[:-1]  # what Path(folder) / name puts before the name
    subfolders = []
    for entry in entries:
        try:
            if entry.is_dir():
                if not entry.is_symlink():
                    subfolders.append(prefix + entry.name)
                continue
            if is_hand_file(entry.name):
                yield prefix + entry.name, None if entry.is_file() else not_regular(prefix + entry.name)
        except OSError as exc:
            yield prefix + entry.name, _cannot_list(prefix + entry.name, exc)
    for sub in subfolders:
        yield from _folder(sub)


def walk(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every hand file under ``paths`` to read, in a stable order (``walk_files`` without those skipped)."""
    for name, skipped in walk_files(paths):
        if skipped is None:
            yield Path(name)


def walk_files(paths: Iterable[str | Path]) -> Iterator[tuple[str, LogError | None]]:
    """Every hand file under ``paths``, in a stable order, with ``None`` when it is to be read, else the error
    that says why it is not.

    A file named on its own is always taken, so that a wrong name is reported rather than ignored
    (and a named pipe given by name is read, as standard input is). Inside a folder only hand files
    are taken; one that is not a regular file (a named pipe, a socket, a device) comes with its
    error: the caller names it and reads on, since opening it could wait forever. So does a folder
    that cannot be listed (no permission): its hands are not silently left out.
    """
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            yield str(path), None
            continue
        yield from _folder(str(path))


def not_regular(path: str | Path) -> LogSyntaxError:
    """The error that names a file skipped for not being a regular file."""
    kind = "fifo" if Path(path).is_fifo() else "socket" if Path(path).is_socket() else \
        "device" if Path(path).is_block_device() or Path(path).is_char_device() else "other"
    return LogSyntaxError("error.files.not_regular", source=str(path), kind=Message.of(f"error.files.{kind}"))


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class HandText:
    """The text of one hand (or, for ``.phhs``, of every section of the file), and where it is.

    Its ``__init__`` is written out so that the compiled build makes one natively (one a JSONL
    line), and it says how to pickle it (``__reduce__``: texts travel to worker processes).
    """

    format: HandFormat
    text: bytes
    line: int | None = None
    """The line of a JSONL file (1-based)."""
    read_to: int = 0
    """How far into the file on disk (compressed bytes for a ``.gz``) reading has gone: for progress."""

    def __init__(self, *, format: HandFormat, text: bytes, line: int | None = None, read_to: int = 0) -> None:
        object.__setattr__(self, "format", format)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "read_to", read_to)

    def __reduce__(self) -> tuple[Any, ...]:
        return _hand_text, (self.format, self.text, self.line, self.read_to)


def _hand_text(format: HandFormat, text: bytes, line: int | None, read_to: int) -> HandText:
    """A ``HandText`` unpickled."""
    return HandText(format=format, text=text, line=line, read_to=read_to)


def hand_texts(path: str | Path) -> Iterator[HandText]:
    """The file cut into texts to read: one per JSONL line (blank lines skipped), else the whole file.

    Bounded by ``MAX_HAND_BYTES`` a text (``MAX_FILE_BYTES`` a ``.phhs`` file), blank lines counted:
    past it, ``LogSyntaxError``. So is a device named as a file (``open_input``) and a ``.gz`` file
    that is cut short or not gzip at all, naming the file.
    """
    fmt = format_of(path)
    source = str(path)
    with open_input(path) as raw:
        fp: IO[bytes] | io.BufferedIOBase = gzip.GzipFile(fileobj=raw, mode="rb") if is_gzipped(path) else raw
        try:
            if fmt is not HandFormat.JSONL:
                whole = fmt is HandFormat.PHHS
                size = None if fp is not raw else os.fstat(raw.fileno()).st_size
                text = read_bounded(fp, limit=MAX_FILE_BYTES if whole else MAX_HAND_BYTES, source=source,
                                    what="file" if whole else "hand", size=size)
                yield HandText(format=fmt, text=text, read_to=raw.tell())
                return
            for number, line in read_lines(fp, source=source):
                if line.strip():
                    yield HandText(format=fmt, text=line, line=number, read_to=raw.tell())
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            raise _not_gzip(source, exc) from None
        except OSError as exc:
            raise named(exc, source) from None


def _not_gzip(source: str, exc: Exception) -> LogSyntaxError:
    """A ``.gz`` file that cannot be expanded: cut short (``EOFError``), corrupt (``zlib.error``) or not gzip."""
    if isinstance(exc, EOFError):
        return LogSyntaxError("error.files.gzip_cut", source=source)
    return LogSyntaxError("error.files.gzip_bad", source=source, reason=" ".join(str(exc).split())[:120])


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class ReadHand:
    """One hand as read: the log, or the error that says why it cannot be read (its ``__init__`` written out,
    as ``HandText``'s is)."""

    hand: str
    """The hand's id, else where it is in its file (``line 12``, ``[5]``, the file's name)."""
    log: HandLog | None = None
    error: LogError | None = None

    def __init__(self, *, hand: str, log: HandLog | None = None, error: LogError | None = None) -> None:
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "error", error)


def _stem(source: str) -> str:
    """The file's name without its suffixes (``.phh``, ``.json``, and ``.gz``)."""
    name = _name(source)
    if name.lower().endswith(".gz"):
        name = name[:-3]
    dot = name.rfind(".")  # what Path(name).stem leaves
    return name[:dot] if 0 < dot < len(name) - 1 else name


def hand_label(item: HandText, source: str) -> str:
    """What names a JSON hand without an id: its line in a JSONL file, else its file's name."""
    return f"line {item.line}" if item.line is not None else _stem(source)


def _phh_error(exc: PhhError, source: str) -> LogFieldError:
    return exc.error(source=source)


def _decode(text: bytes, source: str) -> str:
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogSyntaxError("error.text.not_utf8", source=source, reason=utf8_reason(exc.reason),
                             byte=exc.start) from None


def read_hands(item: HandText, *, source: str) -> Iterator[ReadHand]:
    """Read the hands of one text; each unreadable hand comes back with its error, named by file and hand.

    A hand is named by its id; a JSONL line without one by its line (``line 12``), a ``.json``
    or ``.phh`` hand by its file's name (``12`` for ``12.phh``) and a ``.phhs`` hand by its section. A text that cannot be read at
    all (not UTF-8, not TOML) is one error with an empty hand name.
    """
    if item.format in (HandFormat.JSON, HandFormat.JSONL):
        try:
            log = handlog.loads(item.text)
        except LogError as exc:
            yield ReadHand(hand=hand_label(item, source), error=exc.located(line=item.line, source=source))
            return
        yield ReadHand(hand=log.hand_id or hand_label(item, source), log=log)
        return
    try:
        text = _decode(item.text, source)
        single = item.format is HandFormat.PHH
        tables = [(None, phh.parse_phh(text))] if single else phh.parse_phhs(text)
    except LogError as exc:
        yield ReadHand(hand="", error=exc)
        return
    except PhhError as exc:
        yield ReadHand(hand="", error=_phh_error(exc, source))
        return
    for section, table in tables:
        if "hand" in table:
            label, name = str(table["hand"]), None
        else:  # the hand takes the name of its section, or of its file
            label = name = section if section is not None else _stem(source)
        try:
            log = phh.read_log(table, hand=name)
        except PhhError as exc:
            yield ReadHand(hand=label, error=_phh_error(exc, source))
            continue
        except LogError as exc:
            yield ReadHand(hand=label, error=exc.located(source=source))
            continue
        yield ReadHand(hand=label, log=log)
