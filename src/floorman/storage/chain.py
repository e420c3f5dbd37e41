"""The hash chain over the incident log: each row carries the SHA-256 of its content and the
previous row's hash, so a row changed, removed or slipped in afterwards breaks the chain there.

Each room has a chain of its own (its rows in id order, the first linked to ``GENESIS``); a row
moved to another room breaks both chains. The functions take the room (``room_id``, the first room
by default); ``chain_statuses`` walks every room's.

>>> first = row_hash({"id": 1, "note": "four-card flop"}, GENESIS)
>>> second = row_hash({"id": 2, "note": "misdeal"}, first)
>>> row_hash({"id": 1, "note": "four-card flop"}, GENESIS) == first
True
>>> row_hash({"id": 1, "note": "three-card flop"}, GENESIS) == first
False
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from floorman.locale import Message, say
from floorman.storage.sql import Connection

__all__ = [
    "CHAINED_COLUMNS", "GENESIS", "LATER_CHAINED_COLUMNS", "ChainBreak", "ChainBreakKind", "ChainStatus", "ChainWatch", "chain_status", "chain_statuses",
    "chained_content", "link_of", "row_hash", "verify_chain",
]

GENESIS = "0" * 64
"""The previous hash of the first incident."""

CHAINED_COLUMNS = (
    "id", "recorded_at", "table_name", "hand_number", "dealer", "floor_person", "rulebook", "verdict",
    "override_verdict", "override_reason", "final_verdict", "rules", "causes", "substantial_action", "log",
    "ruling", "note", "hand_id", "corrects",
)
"""Every column the hash covers: all but the two hashes themselves (and the later ones, below)."""

LATER_CHAINED_COLUMNS = ("told",)
"""Columns added to the incident log since its first release. The hash covers each where the row has it (not
NULL): a row written before the column was added has none, and its hash is what it always was."""


def chained_content(row: Mapping[str, Any]) -> dict[str, Any]:
    """What a row's hash covers: every chained column, and each later one the row has.

    >>> chained_content({**{name: None for name in CHAINED_COLUMNS}, "told": None}) == dict.fromkeys(CHAINED_COLUMNS)
    True
    >>> chained_content({**{name: None for name in CHAINED_COLUMNS}, "told": "{}"})["told"]
    '{}'
    """
    content = {name: row[name] for name in CHAINED_COLUMNS}
    named = set(row.keys())  # a database row's own names (``in`` on an ``sqlite3.Row`` looks at its values)
    for name in LATER_CHAINED_COLUMNS:
        if name in named and row[name] is not None:
            content[name] = row[name]
    return content


def row_hash(content: Mapping[str, Any], prev_hash: str) -> str:
    """SHA-256 over the previous hash and the row's content as canonical JSON."""
    canonical = json.dumps(dict(content), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{prev_hash}\n{canonical}".encode()).hexdigest()


class ChainBreakKind(StrEnum):
    """What is wrong with a link (its words: ``chain.<kind>`` in the catalog)."""

    LINK_MOVED = "link_moved"
    """Its previous-hash is not the row before it: a row was removed, inserted or reordered."""
    CONTENT_CHANGED = "content_changed"
    """Its content no longer matches its hash: the row was changed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainBreak:
    """The first link that does not hold: the incident id and what is wrong with it.

    >>> broken = ChainBreak(incident_id=3, kind=ChainBreakKind.CONTENT_CHANGED)
    >>> broken.reason
    'its content no longer matches its hash (the row was changed)'
    >>> broken.says("vi")
    'nội dung của nó không còn khớp với hash (dòng đã bị sửa)'
    """

    incident_id: int
    kind: ChainBreakKind

    @property
    def message(self) -> Message:
        """What is wrong, as a message of the catalog."""
        return Message.of(f"chain.{self.kind.value}")

    @property
    def reason(self) -> str:
        """What is wrong, in English (the JSON and the console's record say this)."""
        return self.says("en")

    def says(self, lang: str) -> str:
        """What is wrong, in ``lang``."""
        return say(self.message, lang)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainStatus:
    entries: int
    head: str
    """The last row's hash: write it down to detect a truncated log later."""
    broken: ChainBreak | None
    last_id: int = 0
    """The id of the last row that holds (0 for none): where a later check may go on from."""


def verify_chain(conn: Connection, *, room_id: int = 1) -> ChainBreak | None:
    """Walk a room's incident log in order; the first broken link, or None when every link holds."""
    return chain_status(conn, room_id=room_id).broken


def chain_status(conn: Connection, *, since: ChainStatus | None = None, room_id: int | None = 1) -> ChainStatus:
    """Walk a room's chain from the first row, or go on from an intact status checked before (``since``):
    then only the rows after it are read, so rows it covered are trusted as they were. ``room_id`` None
    walks a database from before rooms (one chain, no room column)."""
    return _walk(conn, since, limit=None, room_id=room_id)[0]


def chain_statuses(conn: Connection) -> dict[int, ChainStatus]:
    """Every room's chain, walked whole, by room id (rooms without entries included)."""
    rooms = [int(r[0]) for r in conn.execute(
        "SELECT id FROM rooms UNION SELECT DISTINCT room_id FROM incidents ORDER BY 1")]
    return {room: chain_status(conn, room_id=room) for room in rooms}


def _walk(conn: Connection, since: ChainStatus | None, *, limit: int | None,
          room_id: int | None) -> tuple[ChainStatus, bool]:
    """Walk on from ``since`` (or the start) over at most ``limit`` rows; the status, and whether the
    walk reached the last row (or a broken link)."""
    start = since if since is not None and since.broken is None else ChainStatus(entries=0, head=GENESIS, broken=None)
    prev, count, last_id = start.head, start.entries, start.last_id
    in_room = "" if room_id is None else "room_id = ? AND "
    # every column: a database part way through its migrations may not have the later chained ones yet
    query = f"SELECT * FROM incidents WHERE {in_room}id > ? ORDER BY id"
    args = (last_id,) if room_id is None else (room_id, last_id)
    rows = conn.execute(query + " LIMIT ?", (*args, limit)) if limit is not None else conn.execute(query, args)
    seen = 0
    for row in rows:
        count += 1
        seen += 1
        content = chained_content(row)
        if row["prev_hash"] != prev:
            return ChainStatus(entries=count, head=prev, last_id=last_id, broken=ChainBreak(
                incident_id=row["id"], kind=ChainBreakKind.LINK_MOVED)), True
        if row_hash(content, prev) != row["row_hash"]:
            return ChainStatus(entries=count, head=prev, last_id=last_id, broken=ChainBreak(
                incident_id=row["id"], kind=ChainBreakKind.CONTENT_CHANGED)), True
        prev, last_id = row["row_hash"], row["id"]
    return ChainStatus(entries=count, head=prev, broken=None, last_id=last_id), limit is None or seen < limit


class ChainWatch:
    """The chain's status for a page shown often, at a small and bounded cost per view.

    The first view walks the whole chain. After that, each view checks the rows added since the view
    before, and once ``full_every`` seconds have passed since the last complete walk, a new walk from
    the first row goes on in steps of ``step`` rows, one step per view, so that no view pays for the
    whole history at once. A change behind the app's back to an older row shows when that walk
    passes it; ``chain_status``, ``floorman verify-log`` and the API's verify call walk it all at once.
    One watch follows one room's chain (``room_id``).
    """

    def __init__(self, *, full_every: float = 60.0, step: int = 100,
                 clock: Callable[[], float] = time.monotonic, room_id: int = 1) -> None:
        self.room_id = room_id
        self.full_every = full_every
        self.step = step
        self.clock = clock
        self._known: ChainStatus | None = None
        """The status of the whole chain as last known (extended view by view with the new rows)."""
        self._rewalk: ChainStatus | None = None
        """How far the walk from the first row has come, while one is under way."""
        self._walked_at = 0.0
        self._lock = threading.Lock()

    def status(self, conn: Connection) -> ChainStatus:
        with self._lock:
            now = self.clock()
            known = self._known
            if known is None or known.broken is not None or (known.entries and link_of(conn, known.head) is None):
                known = chain_status(conn, room_id=self.room_id)  # first view, a break to look at again, or the head is gone
                self._rewalk, self._walked_at = None, now
            else:
                known = chain_status(conn, since=known, room_id=self.room_id)
                if self._rewalk is None and now - self._walked_at >= self.full_every:
                    self._rewalk = ChainStatus(entries=0, head=GENESIS, broken=None)
                if self._rewalk is not None:
                    self._rewalk, done = _walk(conn, self._rewalk, limit=self.step, room_id=self.room_id)
                    if self._rewalk.broken is not None:
                        known = self._rewalk
                    if done:
                        self._rewalk, self._walked_at = None, now
            self._known = known
            return known


def link_of(conn: Connection, digest: str) -> int | None:
    """The id of the incident whose hash is ``digest`` (a head written down earlier), or None.

    The chain cannot show entries cut from its end by itself: a head noted at some time must still
    be a link of the chain later, or the log was cut back (or rewritten) since.
    """
    row = conn.execute("SELECT id FROM incidents WHERE row_hash = ?", (digest.strip().lower(),)).fetchone()
    return None if row is None else int(row[0])
