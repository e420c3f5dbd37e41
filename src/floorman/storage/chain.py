"""The hash chain over the incident log: each row carries the SHA-256 of its content and the
previous row's hash, so a row changed, removed or slipped in afterwards breaks the chain there.

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
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CHAINED_COLUMNS", "GENESIS", "ChainBreak", "ChainStatus", "chain_status", "row_hash", "verify_chain"]

GENESIS = "0" * 64
"""The previous hash of the first incident."""

CHAINED_COLUMNS = (
    "id", "recorded_at", "table_name", "hand_number", "dealer", "floor_person", "rulebook", "verdict",
    "override_verdict", "override_reason", "final_verdict", "rules", "causes", "substantial_action", "log",
    "ruling", "note", "hand_id", "corrects",
)
"""Every column the hash covers: all but the two hashes themselves."""


def row_hash(content: Mapping[str, Any], prev_hash: str) -> str:
    """SHA-256 over the previous hash and the row's content as canonical JSON."""
    canonical = json.dumps(dict(content), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{prev_hash}\n{canonical}".encode()).hexdigest()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainBreak:
    """The first link that does not hold: the incident id and what is wrong with it."""

    incident_id: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainStatus:
    entries: int
    head: str
    """The last row's hash: write it down to detect a truncated log later."""
    broken: ChainBreak | None


def verify_chain(conn: sqlite3.Connection) -> ChainBreak | None:
    """Walk the incident log in order; the first broken link, or None when every link holds."""
    return chain_status(conn).broken


def chain_status(conn: sqlite3.Connection) -> ChainStatus:
    prev = GENESIS
    count = 0
    columns = ", ".join(CHAINED_COLUMNS)
    for row in conn.execute(f"SELECT {columns}, prev_hash, row_hash FROM incidents ORDER BY id"):
        count += 1
        content = {name: row[name] for name in CHAINED_COLUMNS}
        if row["prev_hash"] != prev:
            return ChainStatus(entries=count, head=prev, broken=ChainBreak(
                incident_id=row["id"], reason="its previous-hash does not match the row before it "
                                              "(a row was removed, inserted or reordered)"))
        if row_hash(content, prev) != row["row_hash"]:
            return ChainStatus(entries=count, head=prev, broken=ChainBreak(
                incident_id=row["id"], reason="its content no longer matches its hash (the row was changed)"))
        prev = row["row_hash"]
    return ChainStatus(entries=count, head=prev, broken=None)
