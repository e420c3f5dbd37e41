"""Counts for the statistics page: hands dealt and irregularities, by dealer, table, cause and day.

An irregularity is a current incident (not replaced by a correction) whose ruling found at least
one irregularity; a floor call that found nothing wrong is not counted.

A period is read as a range of the stored times (``since <= time < the day after until``), so the
queries walk the time indexes (``hands_by_time``, ``incidents_for_stats``) rather than every row.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from floorman.storage.rooms import RoomScope, scope_clause
from floorman.storage.sql import Connection

__all__ = ["Counts", "Grouping", "Period", "StatsCache", "StatsQueries"]


class Grouping(StrEnum):
    DEALER = "dealer"
    TABLE = "table"
    DAY = "day"


_HAND_KEY = {Grouping.DEALER: "dealer", Grouping.TABLE: "table_name", Grouping.DAY: "substr(created_at, 1, 10)"}
_INCIDENT_KEY = {Grouping.DEALER: "i.dealer", Grouping.TABLE: "i.table_name",
                 Grouping.DAY: "substr(i.recorded_at, 1, 10)"}
_CURRENT = ("NOT EXISTS (SELECT 1 FROM incidents c WHERE c.corrects = i.id) AND i.causes != '[]' "
            "AND i.recorded_at >= ? AND i.recorded_at < ?")


@dataclass(frozen=True, slots=True, kw_only=True)
class Period:
    """Inclusive ISO dates (UTC days)."""

    since: str
    until: str

    @property
    def bounds(self) -> tuple[str, str]:
        """The stored times in the period: from the first day's start to (not including) the day after the last."""
        return self.since, (date.fromisoformat(self.until) + timedelta(days=1)).isoformat()


class StatsQueries:
    """The counts of ``rooms`` (``EVERY_ROOM``: across every room), kept to them like every store of a room's
    records (``floorman.storage.rooms.RoomScope``)."""

    def __init__(self, conn: Connection, *, rooms: RoomScope) -> None:
        self.conn = conn
        self.rooms = rooms

    def _rooms(self, alias: str) -> tuple[str, tuple[int, ...]]:
        return scope_clause(self.rooms, f"{alias}room_id")

    def hands(self, group: Grouping, period: Period) -> dict[str, int]:
        key = _HAND_KEY[group]
        where, rooms = self._rooms("")
        rows = self.conn.execute(
            f"SELECT {key} AS k, COUNT(*) FROM hands WHERE created_at >= ? AND created_at < ?{where} GROUP BY k",
            (*period.bounds, *rooms),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def irregularities(self, group: Grouping, period: Period) -> dict[str, int]:
        key = _INCIDENT_KEY[group]
        where, rooms = self._rooms("i.")
        rows = self.conn.execute(
            f"SELECT {key} AS k, COUNT(*) FROM incidents i WHERE {_CURRENT}{where} GROUP BY k",
            (*period.bounds, *rooms),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def causes(self, period: Period) -> dict[str, int]:
        where, rooms = self._rooms("i.")
        rows = self.conn.execute(
            f"SELECT j.value, COUNT(*) FROM incidents i, json_each(i.causes) AS j "
            f"WHERE {_CURRENT}{where} GROUP BY j.value",
            (*period.bounds, *rooms),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def by_room(self, period: Period) -> dict[int, tuple[int, int]]:
        """Hands dealt and irregularities in each room (of ``rooms``), by room id."""
        hands_where, rooms = self._rooms("")
        incidents_where, _ = self._rooms("i.")
        dealt = {int(r[0]): int(r[1]) for r in self.conn.execute(
            f"SELECT room_id, COUNT(*) FROM hands WHERE created_at >= ? AND created_at < ?{hands_where} "
            "GROUP BY room_id", (*period.bounds, *rooms))}
        found = {int(r[0]): int(r[1]) for r in self.conn.execute(
            f"SELECT i.room_id, COUNT(*) FROM incidents i WHERE {_CURRENT}{incidents_where} GROUP BY i.room_id",
            (*period.bounds, *rooms))}
        return {room: (dealt.get(room, 0), found.get(room, 0)) for room in sorted(dealt.keys() | found.keys())}

    def total_hands(self, period: Period) -> int:
        return sum(self.hands(Grouping.TABLE, period).values())

    def version(self) -> tuple[int, int]:
        """What the counts depend on: the last incident and the last hand (both tables only grow)."""
        row = self.conn.execute(
            "SELECT (SELECT COALESCE(MAX(id), 0) FROM incidents), (SELECT COALESCE(MAX(id), 0) FROM hands)").fetchone()
        return int(row[0]), int(row[1])

    def counts(self, period: Period) -> Counts:
        return Counts(hands={g: self.hands(g, period) for g in Grouping},
                      irregularities={g: self.irregularities(g, period) for g in Grouping},
                      causes=self.causes(period))


@dataclass(frozen=True, slots=True, kw_only=True)
class Counts:
    """Everything the statistics page counts for one period."""

    hands: Mapping[Grouping, Mapping[str, int]]
    irregularities: Mapping[Grouping, Mapping[str, int]]
    causes: Mapping[str, int]


class StatsCache:
    """The counts of the latest ``size`` periods asked for, kept while no incident or hand is added
    (a correction is a new incident, so it counts as added)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[Period, RoomScope, tuple[int, int]], Counts] = OrderedDict()
        self._lock = threading.Lock()

    def counts(self, conn: Connection, period: Period, *, rooms: RoomScope) -> Counts:
        queries = StatsQueries(conn, rooms=rooms)
        key = (period, rooms, queries.version())
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        counts = queries.counts(period)
        with self._lock:
            self._kept[key] = counts
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return counts
