"""The audit's work cut into chunks, and the worker processes that do it.

The parent does as little as it can: it walks the folders (names only: it opens no file and
looks at the size of ``.jsonl`` and ``.phhs`` files only), packs the names into chunks of
about ``CHUNK_HANDS`` hands and hands them to the workers, which read, decode and rule on the
hands and send back only what the report shows (flagged and unreadable hands) with their
chunk's counts in a ``Tally``. What the parent reads itself:

- a big plain ``.jsonl`` file, to cut it into line ranges (``Lines``) at line ends, so that
  its hands spread over the workers and every hand keeps its line number;
- a big ``.jsonl.gz`` file (gzip cannot be entered in the middle), whose lines go out as texts;
- everything, when the workers may not see the same files (``read=True``: a Dask cluster).

A ``.phh`` or ``.json`` file is one hand; a ``.phhs`` file, whatever its size, is read whole
by one worker. Chunks come back in input order, and only a bounded number is in flight, so
memory stays flat however many hands go through.
"""

from __future__ import annotations

import gc
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from floorman.audit.report import ChunkReport, HandAudit, Tally, audit_hand, unreadable
from floorman.engine.result import Result
from floorman.errors import LogError
from floorman.formats.files import HandFormat, HandText, hand_texts, read_hands, read_lines, walk_files
from floorman.law.rulebooks import Rulebook

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "CHUNK_HANDS",
    "Chunk",
    "Item",
    "Lines",
    "audit_chunk",
    "audit_chunks",
    "chunks",
    "hand_files",
    "input_bytes",
]

CHUNK_HANDS = 100
"""How many hands go to a worker at a time: enough that a chunk's round trip costs little beside its
hands, few enough that the last chunks leave no worker idle for long."""

HAND_BYTES = 1024
"""About how many bytes of a ``.jsonl`` or ``.phhs`` file one hand takes (to weigh files without reading them)."""

GZIP_RATIO = 4
"""About how many times smaller a gzipped hand file is (the same estimate, for ``.gz`` files)."""

_BLOCK = 1 << 20
"""How much of a big ``.jsonl`` file the parent reads at a time to find where its line ranges end."""

_SUFFIXES = frozenset({".json", ".jsonl", ".phh", ".phhs"})


@dataclass(frozen=True, slots=True, init=False)
class Lines:
    """Lines of a plain ``.jsonl`` file for a worker to read: the bytes from ``start`` to ``end``.

    Its ``__init__`` is written out and its pickling said, as ``Chunk``'s are (see there).
    """

    file: str
    start: int
    end: int
    """Just after a line end (or the end of the file)."""
    line: int
    """The number of the range's first line in the file (1-based)."""
    lines: int
    """How many lines the range holds (blank ones included)."""

    def __init__(self, file: str, start: int, end: int, line: int, lines: int) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "lines", lines)

    def __reduce__(self) -> tuple[Any, ...]:
        return Lines, (self.file, self.start, self.end, self.line, self.lines)


Item: TypeAlias = str | Lines | tuple[str, HandText] | HandAudit
"""What a chunk holds: a file to read whole, lines of a file, a text already read with its file, or the
record of input the parent found unreadable."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Chunk:
    """A unit of work: hand files, line ranges and texts, in input order.

    Its ``__init__`` is written out so that the compiled build makes one natively, and it says how
    to pickle it (``__reduce__``): chunks travel to worker processes.
    """

    items: tuple[Item, ...] = ()
    hands: int = 0
    """About how many hands the items hold: counted for texts and line ranges (blank lines included), one for a
    ``.phh`` or ``.json`` file, guessed by size for a ``.jsonl`` or ``.phhs`` file read whole."""
    files: int = 0
    """How many files this chunk starts."""
    read_bytes: int = 0
    """Bytes on disk of the chunk's line ranges and texts (for progress; a worker adds the files it reads whole)."""

    def __init__(self, *, items: tuple[Item, ...] = (), hands: int = 0, files: int = 0, read_bytes: int = 0) -> None:
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "read_bytes", read_bytes)

    def __reduce__(self) -> tuple[Any, ...]:
        return _chunk, (self.items, self.hands, self.files, self.read_bytes)


def _chunk(items: tuple[Item, ...], hands: int, files: int, read_bytes: int) -> Chunk:
    """A ``Chunk`` unpickled."""
    return Chunk(items=items, hands=hands, files=files, read_bytes=read_bytes)


# -- the walk ---------------------------------------------------------------------------------------

def _suffix_of(name: str) -> tuple[str, bool]:
    """A file name's suffix as ``formats.files`` reads it (``.phh``; empty when none) and whether it is gzipped.

    What ``os.path.splitext`` gives, faster: the text from the last dot, when a name other than dots comes before it.
    """
    lower = name.lower()
    gzipped = lower.endswith(".gz")
    stem, dot, ext = (lower[:-3] if gzipped else lower).rpartition(".")
    return ("." + ext if dot and stem.strip(".") else ""), gzipped


def _walk(paths: Iterable[str | Path]) -> Iterator[tuple[str, str, bool, LogError | None]]:
    """(name, suffix, gzipped, skipped) of every file ``formats.files.walk_files`` finds, in its order (``skipped``:
    the error of a file or folder not to be read)."""
    for name, skipped in walk_files(paths):
        yield name, *_suffix_of(os.path.basename(name)), skipped


def hand_files(paths: Iterable[str | Path]) -> Iterator[str]:
    """Every hand file under ``paths``, as ``formats.files.walk`` finds them, as strings."""
    for name, _, _, skipped in _walk(paths):
        if skipped is None:
            yield name


def input_bytes(paths: Iterable[str | Path]) -> int:
    """The size on disk of every hand file under ``paths`` (what progress is measured against)."""
    total = 0
    for name, _, _, skipped in _walk(paths):
        if skipped is None:
            with suppress(OSError):
                total += os.stat(name).st_size
    return total


# -- chunks -----------------------------------------------------------------------------------------

class _Packer:
    """Items in, chunks of about ``size`` hands out."""

    def __init__(self, size: int) -> None:
        self.size = max(size, 1)
        self.items: list[Item] = []
        self.hands = 0
        self.files = 0
        self.read_bytes = 0

    @property
    def room(self) -> int:
        return max(self.size - self.hands, 1)

    def add(self, item: Item, *, hands: int = 1, read_bytes: int = 0) -> Chunk | None:
        """Add an item; the chunk when it is full."""
        self.items.append(item)
        self.hands += hands
        self.read_bytes += read_bytes
        return self.cut() if self.hands >= self.size else None

    def cut(self) -> Chunk:
        chunk = Chunk(items=tuple(self.items), hands=self.hands, files=self.files, read_bytes=self.read_bytes)
        self.items, self.hands, self.files, self.read_bytes = [], 0, 0, 0
        return chunk


def _cannot_read(name: str, exc: OSError | EOFError) -> HandAudit:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return unreadable(name, "", LogError("error.files.unreadable", source=name, reason=reason))


def _texts(name: str, pack: _Packer) -> Iterator[Chunk]:
    """The file's texts, read here (a ``.jsonl`` line, or the whole file), and the chunks they fill."""
    done = 0
    try:
        for item in hand_texts(name):
            full = pack.add((name, item), read_bytes=item.read_to - done)
            done = item.read_to
            if full is not None:
                yield full
    except LogError as exc:
        pack.items.append(unreadable(name, "", exc))
    except (OSError, EOFError) as exc:
        pack.items.append(_cannot_read(name, exc))
    with suppress(OSError):
        pack.read_bytes += max(os.stat(name).st_size - done, 0)


def _line_ranges(name: str, first: int, size: int) -> Iterator[Lines]:
    """The file in ranges of whole lines: ``first`` lines, then ``size`` lines each, then the rest."""
    start, line, want, got, offset, line_end = 0, 1, first, 0, 0, 0
    with open(name, "rb") as fp:
        while block := fp.read(_BLOCK):
            at = block.find(b"\n")
            while at >= 0:
                got += 1
                line_end = offset + at + 1
                if got == want:
                    yield Lines(name, start, line_end, line, got)
                    start, line, want, got = line_end, line + got, size, 0
                at = block.find(b"\n", at + 1)
            offset += len(block)
    if offset > start:  # the last lines, the very last one perhaps without its line end
        yield Lines(name, start, offset, line, got + int(offset > line_end))


def _lines(name: str, pack: _Packer) -> Iterator[Chunk]:
    """A big plain ``.jsonl`` file as line ranges, and the chunks they fill."""
    done = 0
    try:
        for lines in _line_ranges(name, pack.room, pack.size):
            full = pack.add(lines, hands=lines.lines, read_bytes=lines.end - done)
            done = lines.end
            if full is not None:
                yield full
    except OSError as exc:
        pack.items.append(_cannot_read(name, exc))
        with suppress(OSError):
            pack.read_bytes += max(os.stat(name).st_size - done, 0)


def chunks(paths: Iterable[str | Path], *, size: int = CHUNK_HANDS, read: bool = False) -> Iterator[Chunk]:
    """Cut the input into chunks of about ``size`` hands, in input order.

    Files go out by name, for the worker to read; a big plain ``.jsonl`` file goes out as line
    ranges, and a big ``.jsonl.gz`` file as its lines, read here. With ``read`` every file is
    read here and its texts go out (a ``.jsonl`` line each, the whole file otherwise), for
    workers that cannot see the files.
    """
    pack = _Packer(size)
    for name, suffix, gzipped, skipped in _walk(paths):
        pack.files += 1
        if skipped is not None:  # a named pipe in a folder (opening it could wait forever), a folder not listed
            full = pack.add(unreadable(name, "", skipped), hands=0)
            if full is not None:
                yield full
            continue
        if read:
            yield from _texts(name, pack)
            continue
        if suffix not in (".jsonl", ".phhs"):
            full = pack.add(name)  # one hand (or an error the worker reports)
            if full is not None:
                yield full
            continue
        try:
            hands = max(os.stat(name).st_size * (GZIP_RATIO if gzipped else 1) // HAND_BYTES, 1)
        except OSError:
            hands = 1
        if suffix == ".phhs" or hands <= pack.size:
            full = pack.add(name, hands=hands)
            if full is not None:
                yield full
        elif gzipped:
            yield from _texts(name, pack)
        else:
            yield from _lines(name, pack)
    if pack.items or pack.files or pack.read_bytes:
        yield pack.cut()


# -- workers ----------------------------------------------------------------------------------------

class _Sink:
    """The records of one chunk as they come: all counted, those the report shows kept."""

    def __init__(self, *, every_hand: bool, detail: Callable[[Result], bytes] | None = None) -> None:
        self.every_hand = every_hand
        self.detail = detail
        self.shown: list[HandAudit] = []
        self.tally = Tally()
        self.count = 0

    def take(self, hand: HandAudit) -> None:
        self.count += 1
        self.tally.add(hand)
        if self.every_hand or hand.error is not None or hand.findings:
            self.shown.append(hand)

    def text(self, file: str, item: HandText, rulebook: Rulebook | None) -> None:
        for read in read_hands(item, source=file):
            if read.error is not None:
                self.take(unreadable(file, read.hand, read.error))
            elif read.log is not None:
                self.take(audit_hand(read.log, file=file, hand=read.hand, rulebook=rulebook, detail=self.detail))


def _audit_file(name: str, sink: _Sink, rulebook: Rulebook | None) -> int:
    """Read and rule on every hand of a file; the bytes on disk it accounts for."""
    texts = hand_texts(name)
    done = 0
    while True:
        try:
            item = next(texts)
        except StopIteration:
            break
        except LogError as exc:
            sink.take(unreadable(name, "", exc))
            break
        except (OSError, EOFError) as exc:
            sink.take(_cannot_read(name, exc))
            break
        done = item.read_to
        sink.text(name, item, rulebook)
    with suppress(OSError):
        done += max(os.stat(name).st_size - done, 0)
    return done


def _range_lines(lines: Lines) -> Iterator[HandText]:
    """The texts of a line range, one line at a time (blank lines skipped)."""
    with open(lines.file, "rb") as fp:
        fp.seek(lines.start)
        at = lines.start
        for number, line in read_lines(fp, first=lines.line, source=lines.file):
            at += len(line)
            if line.strip():
                yield HandText(format=HandFormat.JSONL, text=line, line=number, read_to=at)
            if at >= lines.end:
                break


def _audit_lines(lines: Lines, sink: _Sink, rulebook: Rulebook | None) -> None:
    """Read and rule on every hand of a line range of a ``.jsonl`` file."""
    texts = _range_lines(lines)
    while True:
        try:
            item = next(texts)
        except StopIteration:
            break
        except LogError as exc:
            sink.take(unreadable(lines.file, "", exc))
            break
        except OSError as exc:
            sink.take(_cannot_read(lines.file, exc))
            break
        sink.text(lines.file, item, rulebook)


def audit_chunk(
    chunk: Chunk, rulebook: Rulebook | None = None, *, every_hand: bool = False,
    detail: Callable[[Result], bytes] | None = None,
) -> ChunkReport:
    """Read and rule on every hand of a chunk; the report carries flagged and unreadable hands (or ``every_hand``).

    ``detail`` is ``audit_hand``'s: what to keep of each flagged hand's result (it must pickle, to reach workers).
    """
    sink = _Sink(every_hand=every_hand, detail=detail)
    read_bytes = chunk.read_bytes
    for item in chunk.items:
        if isinstance(item, str):
            read_bytes += _audit_file(item, sink, rulebook)
        elif isinstance(item, Lines):
            _audit_lines(item, sink, rulebook)
        elif isinstance(item, HandAudit):
            sink.take(item)
        else:
            sink.text(*item, rulebook)
    sink.tally.files = chunk.files
    return ChunkReport(hands=tuple(sink.shown), count=sink.count, tally=sink.tally, files=chunk.files,
                       read_bytes=read_bytes)


_worker_book: Rulebook | None = None
_worker_detail: Callable[[Result], bytes] | None = None


def _start_worker(rulebook: Rulebook | None, detail: Callable[[Result], bytes] | None = None) -> None:
    global _worker_book, _worker_detail
    _worker_book = rulebook
    _worker_detail = detail
    gc.freeze()  # the worker's modules and book live as long as it does (as the parent's, in ``audit``)


def _audit_in_worker(chunk: Chunk, every_hand: bool) -> ChunkReport:
    return audit_chunk(chunk, _worker_book, every_hand=every_hand, detail=_worker_detail)


def audit_chunks(
    paths: Iterable[str | Path], *, jobs: int = 1, rulebook: Rulebook | None = None, size: int = CHUNK_HANDS,
    every_hand: bool = False, detail: Callable[[Result], bytes] | None = None,
) -> Iterator[ChunkReport]:
    """The audit chunk by chunk, in input order; ``jobs`` worker processes when above 1.

    Each report carries the hands the report shows (flagged or unreadable), or every hand
    with ``every_hand``, and counts them all; ``detail`` is ``audit_hand``'s.
    """
    work = chunks(paths, size=size)
    if jobs <= 1:
        for chunk in work:
            yield audit_chunk(chunk, rulebook, every_hand=every_hand, detail=detail)
        return
    # Linux forks workers that already hold floorman and its rulebooks (a fresh interpreter costs most of a
    # second each); elsewhere they start fresh. Start a pool before any thread of your own when you can.
    from concurrent.futures import ProcessPoolExecutor  # (only here: one job starts without them)
    from multiprocessing import get_context

    context = get_context("fork" if sys.platform == "linux" else "spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker,
                               initargs=(rulebook, detail))
    pending: deque[Future[ChunkReport]] = deque()
    try:
        for chunk in work:
            pending.append(pool.submit(_audit_in_worker, chunk, every_hand))
            if len(pending) >= 3 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
