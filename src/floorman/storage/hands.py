"""Hands logged at the tables: the header of each, and its events stored by (hand, sequence number).

An append names the sequence number it expects the next event to get (the number of events the
writer has seen). If another device logged first, the numbers no longer match and the append is
refused with ``StaleSequenceError``; the primary key (hand, seq) makes the race impossible to lose
silently. Events logged by one tap share a batch number, so undo takes back the whole tap.

A ``Hands`` is made with the rooms it may reach (``floorman.storage.rooms.RoomScope``): every read and
write keeps to them, so another room's hand is not found, its events are not read, and nothing is
appended to it, whichever way its id came in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.storage.errors import NotFoundError, StaleSequenceError
from floorman.storage.rooms import RoomScope, check_in_scope, scope_clause
from floorman.storage.sql import Connection

__all__ = ["HandRecord", "Hands", "LoggedEvent", "TableSummary"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    id: int
    table_name: str
    hand_number: str
    dealer: str
    header: Mapping[str, Any]
    replay_of: int | None
    created_at: str
    closed_at: str | None
    room_id: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggedEvent:
    seq: int
    batch: int
    event: Mapping[str, Any]
    logged_at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSummary:
    table_name: str
    last_hand_id: int
    hand_number: str
    dealer: str
    hands: int
    last_at: str


def _record(row: Any) -> HandRecord:
    return HandRecord(
        id=row["id"], table_name=row["table_name"], hand_number=row["hand_number"], dealer=row["dealer"],
        header=json.loads(row["header"]), replay_of=row["replay_of"], created_at=row["created_at"],
        closed_at=row["closed_at"], room_id=row["room_id"],
    )


class Hands:
    """The hands and hand_events tables, over one connection, within ``rooms``."""

    def __init__(self, conn: Connection, *, rooms: RoomScope) -> None:
        self.conn = conn
        self.rooms = rooms

    def _scope(self, column: str = "room_id") -> tuple[str, tuple[int, ...]]:
        return scope_clause(self.rooms, column)

    def create(
        self, header: Mapping[str, Any], *, table_name: str, hand_number: str, dealer: str, now: str,
        user_id: int | None, replay_of: int | None = None, room_id: int = 1,
    ) -> HandRecord:
        """A new hand in room ``room_id`` (one of the store's rooms); ``header`` is a hand log without its
        events (they are appended)."""
        check_in_scope(self.rooms, room_id)
        if replay_of is not None:
            self.get(replay_of)
        body = {k: v for k, v in header.items() if k != "events"}
        cur = self.conn.execute(
            "INSERT INTO hands (table_name, hand_number, dealer, header, replay_of, created_at, created_by, room_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table_name, hand_number, dealer, json.dumps(body, ensure_ascii=False), replay_of, now, user_id,
             room_id),
        )
        return self.get(int(cur.fetchone()[0]))

    def get(self, hand_id: int) -> HandRecord:
        where, args = self._scope()
        row = self.conn.execute(f"SELECT * FROM hands WHERE id = ?{where}", (hand_id, *args)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.hands.hand", hand_id=hand_id)
        return _record(row)

    def events(self, hand_id: int) -> list[LoggedEvent]:
        """The hand's events in order (none for a hand outside the store's rooms)."""
        where, args = self._scope("h.room_id")
        rows = self.conn.execute(
            "SELECT e.seq, e.batch, e.event, e.logged_at FROM hand_events e JOIN hands h ON h.id = e.hand_id "
            f"WHERE e.hand_id = ?{where} ORDER BY e.seq", (hand_id, *args)
        )
        return [LoggedEvent(seq=r["seq"], batch=r["batch"], event=json.loads(r["event"]), logged_at=r["logged_at"])
                for r in rows]

    def count_events(self, hand_id: int) -> int:
        where, args = self._scope("h.room_id")
        return int(self.conn.execute(
            f"SELECT COUNT(*) FROM hand_events e JOIN hands h ON h.id = e.hand_id WHERE e.hand_id = ?{where}",
            (hand_id, *args)).fetchone()[0])

    def _check_seq(self, hand_id: int, expected: int) -> int:
        self.get(hand_id)
        actual = self.count_events(hand_id)
        if actual != expected:
            raise StaleSequenceError("error.storage.hands.hand_events_but_change", expected=expected, actual=actual,
                                     hand_id=hand_id, the_actual=actual, the_expected=expected)
        return actual

    def append(
        self, hand_id: int, events: Sequence[Mapping[str, Any]], *, expected_seq: int, now: str,
        user_id: int | None,
    ) -> int:
        """Append events as one batch (one tap); the new sequence number (the event count)."""
        seq = self._check_seq(hand_id, expected_seq)
        batch_row = self.conn.execute(
            "SELECT COALESCE(MAX(batch), -1) + 1 FROM hand_events WHERE hand_id = ?", (hand_id,)
        ).fetchone()
        batch = int(batch_row[0])
        for offset, event in enumerate(events):
            self.conn.execute(
                "INSERT INTO hand_events (hand_id, seq, batch, event, logged_by, logged_at) VALUES (?, ?, ?, ?, ?, ?)",
                (hand_id, seq + offset, batch, json.dumps(dict(event), ensure_ascii=False), user_id, now),
            )
        return seq + len(events)

    def remove_last_batch(self, hand_id: int, *, expected_seq: int) -> list[LoggedEvent]:
        """Take back the last tap; the events removed (none when the hand has none)."""
        self._check_seq(hand_id, expected_seq)
        events = self.events(hand_id)
        if not events:
            return []
        batch = events[-1].batch
        removed = [e for e in events if e.batch == batch]
        self.conn.execute("DELETE FROM hand_events WHERE hand_id = ? AND batch = ?", (hand_id, batch))
        return removed

    def close(self, hand_id: int, *, now: str) -> None:
        self.get(hand_id)
        self.conn.execute("UPDATE hands SET closed_at = ? WHERE id = ? AND closed_at IS NULL", (now, hand_id))

    def last_at_table(self, table_name: str) -> HandRecord | None:
        """The last hand at a table (of the store's rooms: tables are named within their room)."""
        where, args = self._scope()
        row = self.conn.execute(
            f"SELECT * FROM hands WHERE table_name = ?{where} ORDER BY id DESC LIMIT 1", (table_name, *args)
        ).fetchone()
        return None if row is None else _record(row)

    def room_of(self, hand_id: int) -> int | None:
        """The room of a hand, or None when there is no such hand in the store's rooms."""
        where, args = self._scope()
        row = self.conn.execute(f"SELECT room_id FROM hands WHERE id = ?{where}", (hand_id, *args)).fetchone()
        return None if row is None else int(row[0])

    def replays_of(self, hand_id: int) -> list[HandRecord]:
        where, args = self._scope()
        return [_record(r) for r in self.conn.execute(
            f"SELECT * FROM hands WHERE replay_of = ?{where} ORDER BY id", (hand_id, *args))]

    def tables(self) -> list[TableSummary]:
        """Every table of the store's rooms with its last hand."""
        where, args = self._scope()
        where = where.replace(" AND", " WHERE", 1)
        rows = self.conn.execute(
            "SELECT h.table_name, h.id, h.hand_number, h.dealer, h.created_at, c.n FROM hands h "
            "JOIN (SELECT table_name, MAX(id) AS last_id, COUNT(*) AS n FROM hands"
            f"{where} GROUP BY room_id, table_name) c "
            "ON c.last_id = h.id ORDER BY h.table_name COLLATE NOCASE", args
        )
        return [TableSummary(table_name=r[0], last_hand_id=r[1], hand_number=r[2], dealer=r[3], last_at=r[4],
                             hands=r[5]) for r in rows]

    def recent(self, *, table_name: str | None = None, limit: int = 50) -> list[HandRecord]:
        """The latest hands of the store's rooms (at one table), newest first."""
        where, args = self._scope()
        if table_name is None:
            rows = self.conn.execute(f"SELECT * FROM hands WHERE 1 = 1{where} ORDER BY id DESC LIMIT ?",
                                     (*args, limit))
        else:
            rows = self.conn.execute(
                f"SELECT * FROM hands WHERE table_name = ?{where} ORDER BY id DESC LIMIT ?", (table_name, *args, limit))
        return [_record(r) for r in rows]

