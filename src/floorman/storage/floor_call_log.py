"""The log of calls to the floor: who called from which table and hand, when, how often the call was
raised again, and who acknowledged it when (the response time the statistics show). Telling the
floor's devices of a call is ``Database.floor_calls`` (``floorman.storage.floor_calls``).

A call is raised again at most once per interval even with several servers: ``raise_again`` moves
``last_raised_at`` only from the value it read, so two writers racing on one call conflict in the
database and one of them wins.

A ``FloorCallLog`` is made with the rooms it may reach (``floorman.storage.rooms.RoomScope``): another
room's call is not found, not listed, not acknowledged and not counted in its response times.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from floorman.storage.errors import ConflictError, NotFoundError
from floorman.storage.rooms import RoomScope, check_in_scope, scope_clause
from floorman.storage.sql import Connection

__all__ = ["FloorCallLog", "LoggedCall", "ResponseTimes"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggedCall:
    id: int
    room_id: int
    hand_id: int
    call_index: int
    """Which floor call of the hand (0 = its first), as the hand's rulings count them."""
    table_name: str
    hand_number: str
    note: str
    called_at: str
    raised_times: int
    last_raised_at: str
    acknowledged_at: str | None
    acknowledged_by: str | None

    @property
    def is_open(self) -> bool:
        return self.acknowledged_at is None

    @property
    def response_seconds(self) -> int | None:
        if self.acknowledged_at is None:
            return None
        spent = datetime.fromisoformat(self.acknowledged_at) - datetime.fromisoformat(self.called_at)
        return max(0, round(spent.total_seconds()))


@dataclass(frozen=True, slots=True, kw_only=True)
class ResponseTimes:
    """How fast the floor answered the calls of a period, in seconds."""

    answered: int
    median: int | None
    slowest: int | None
    raised_again: int
    """Calls that had to be raised again before someone acknowledged them."""


def _call(row: Any) -> LoggedCall:
    return LoggedCall(
        id=row["id"], room_id=row["room_id"], hand_id=row["hand_id"], call_index=row["call_index"], table_name=row["table_name"],
        hand_number=row["hand_number"], note=row["note"], called_at=row["called_at"],
        raised_times=row["raised_times"], last_raised_at=row["last_raised_at"],
        acknowledged_at=row["acknowledged_at"], acknowledged_by=row["acknowledged_by"],
    )


class FloorCallLog:
    """The floor_call_log table, over one connection, within ``rooms``."""

    def __init__(self, conn: Connection, *, rooms: RoomScope) -> None:
        self.conn = conn
        self.rooms = rooms

    def open(self, *, room_id: int, hand_id: int, call_index: int, table_name: str, hand_number: str, note: str,
             user_id: int | None, now: str) -> LoggedCall:
        check_in_scope(self.rooms, room_id)
        row = self.conn.execute(
            "INSERT INTO floor_call_log (room_id, hand_id, call_index, table_name, hand_number, note, called_by, "
            "called_at, last_raised_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (room_id, hand_id, call_index, table_name, hand_number, note, user_id, now, now),
        ).fetchone()
        return self.get(int(row[0]))

    def get(self, call_id: int) -> LoggedCall:
        where, args = scope_clause(self.rooms)
        row = self.conn.execute(f"SELECT * FROM floor_call_log WHERE id = ?{where}", (call_id, *args)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.floor_call_log.floor_call", call_id=call_id)
        return _call(row)

    def of_hand(self, hand_id: int) -> list[LoggedCall]:
        where, args = scope_clause(self.rooms)
        rows = self.conn.execute(f"SELECT * FROM floor_call_log WHERE hand_id = ?{where} ORDER BY id", (hand_id, *args))
        return [_call(r) for r in rows]

    def open_calls(self) -> list[LoggedCall]:
        """Every call of the store's rooms nobody has acknowledged, the oldest first."""
        where, args = scope_clause(self.rooms)
        rows = self.conn.execute(f"SELECT * FROM floor_call_log WHERE acknowledged_at IS NULL{where} ORDER BY id",
                                 args)
        return [_call(r) for r in rows]

    def room_of(self, call_id: int) -> int | None:
        """The room of a call, or None when there is no such call in the store's rooms."""
        where, args = scope_clause(self.rooms)
        row = self.conn.execute(f"SELECT room_id FROM floor_call_log WHERE id = ?{where}", (call_id, *args)).fetchone()
        return None if row is None else int(row[0])

    def acknowledge(self, call_id: int, *, username: str, now: str) -> LoggedCall:
        """Someone is on the way; acknowledging a call twice keeps the first answer."""
        call = self.get(call_id)
        if not call.is_open:
            raise ConflictError("error.storage.floor_call_log.already_answered_call",
                                acknowledged_by=call.acknowledged_by)
        self.conn.execute("UPDATE floor_call_log SET acknowledged_at = ?, acknowledged_by = ? "
                          "WHERE id = ? AND acknowledged_at IS NULL", (now, username, call_id))
        return self.get(call_id)

    def acknowledge_hand(self, hand_id: int, *, username: str, now: str) -> list[int]:
        """The floor ruled on the hand: its open calls are answered (the ids)."""
        where, args = scope_clause(self.rooms)
        ids = [int(r[0]) for r in self.conn.execute(
            f"SELECT id FROM floor_call_log WHERE hand_id = ? AND acknowledged_at IS NULL{where}", (hand_id, *args))]
        self.conn.execute("UPDATE floor_call_log SET acknowledged_at = ?, acknowledged_by = ? "
                          f"WHERE hand_id = ? AND acknowledged_at IS NULL{where}", (now, username, hand_id, *args))
        return ids

    def withdraw(self, hand_id: int, call_index: int) -> list[int]:
        """The call was taken back (the floor event undone): it is no longer waiting (the ids)."""
        where, args = scope_clause(self.rooms)
        ids = [int(r[0]) for r in self.conn.execute(
            f"SELECT id FROM floor_call_log WHERE hand_id = ? AND call_index >= ?{where}", (hand_id, call_index, *args))]
        self.conn.execute("DELETE FROM floor_call_log WHERE hand_id = ? AND call_index >= ? AND acknowledged_at IS NULL"
                          f"{where}", (hand_id, call_index, *args))
        return ids

    def raise_again(self, *, due_before: str, now: str) -> list[LoggedCall]:
        """The open calls last raised before ``due_before``, raised again now (those this writer raised)."""
        raised = []
        for call in self.open_calls():
            if call.last_raised_at > due_before:
                continue
            cur = self.conn.execute(
                "UPDATE floor_call_log SET raised_times = raised_times + 1, last_raised_at = ? "
                "WHERE id = ? AND last_raised_at = ? AND acknowledged_at IS NULL",
                (now, call.id, call.last_raised_at))
            if cur.rowcount:
                raised.append(self.get(call.id))
        return raised

    def response_times(self, *, since: str, until: str) -> ResponseTimes:
        """Calls made from ``since`` to ``until`` (days, YYYY-MM-DD, inclusive) and answered."""
        where, args = scope_clause(self.rooms)
        rows = self.conn.execute(
            "SELECT * FROM floor_call_log WHERE acknowledged_at IS NOT NULL AND substr(called_at, 1, 10) BETWEEN ? AND ?"
            f"{where}", (since, until, *args))
        calls = [_call(r) for r in rows]
        seconds = sorted(s for s in (c.response_seconds for c in calls) if s is not None)
        median = seconds[(len(seconds) - 1) // 2] if seconds else None
        return ResponseTimes(answered=len(seconds), median=median, slowest=seconds[-1] if seconds else None,
                             raised_again=sum(1 for c in calls if c.raised_times))
