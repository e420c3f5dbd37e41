"""Counts for the statistics page: hands dealt and irregularities, by dealer, table, cause and day.

An irregularity is a current incident (not replaced by a correction) whose ruling found at least
one irregularity; a floor call that found nothing wrong is not counted.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Grouping", "Period", "StatsQueries"]


class Grouping(StrEnum):
    DEALER = "dealer"
    TABLE = "table"
    DAY = "day"


_HAND_KEY = {Grouping.DEALER: "dealer", Grouping.TABLE: "table_name", Grouping.DAY: "substr(created_at, 1, 10)"}
_INCIDENT_KEY = {Grouping.DEALER: "dealer", Grouping.TABLE: "table_name",
                 Grouping.DAY: "substr(recorded_at, 1, 10)"}
_CURRENT = ("NOT EXISTS (SELECT 1 FROM incidents c WHERE c.corrects = i.id) AND json_array_length(i.causes) > 0")


@dataclass(frozen=True, slots=True, kw_only=True)
class Period:
    """Inclusive ISO dates (UTC days)."""

    since: str
    until: str


class StatsQueries:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def hands(self, group: Grouping, period: Period) -> dict[str, int]:
        key = _HAND_KEY[group]
        rows = self.conn.execute(
            f"SELECT {key} AS k, COUNT(*) FROM hands WHERE substr(created_at, 1, 10) BETWEEN ? AND ? GROUP BY k",
            (period.since, period.until),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def irregularities(self, group: Grouping, period: Period) -> dict[str, int]:
        key = _INCIDENT_KEY[group]
        rows = self.conn.execute(
            f"SELECT {key} AS k, COUNT(*) FROM incidents i WHERE {_CURRENT} "
            "AND substr(recorded_at, 1, 10) BETWEEN ? AND ? GROUP BY k",
            (period.since, period.until),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def causes(self, period: Period) -> dict[str, int]:
        rows = self.conn.execute(
            f"SELECT j.value, COUNT(*) FROM incidents i, json_each(i.causes) j WHERE {_CURRENT} "
            "AND substr(recorded_at, 1, 10) BETWEEN ? AND ? GROUP BY j.value",
            (period.since, period.until),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    def total_hands(self, period: Period) -> int:
        return sum(self.hands(Grouping.TABLE, period).values())
