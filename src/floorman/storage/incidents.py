"""The incident log: every floor ruling, append-only and hash-chained, one chain per room.

Ids count across the whole database; each room's entries form a chain of their own (an entry's
previous hash is that of the room's entry before it), so a room's log can be checked, exported and
moved to another database on its own (``floorman db copy``).

A correction is a new entry that points to the one it corrects (``corrects``); the old entry stays
as it was, and searches show the latest version by default. The table refuses UPDATE and DELETE
(triggers), and the hash chain shows any change made behind its back.

An ``Incidents`` is made with the rooms it may reach (``floorman.storage.rooms.RoomScope``): every read
(one entry, its history, a search, a count, an export, the names a filter offers) and every write (an
entry, a correction) keeps to them; another room's entry is not found.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.storage.chain import CHAINED_COLUMNS, GENESIS, chained_content, row_hash
from floorman.storage.errors import ConflictError, NotFoundError
from floorman.storage.rooms import RoomScope, check_in_scope, scope_clause
from floorman.storage.sql import Connection

__all__ = ["Incident", "IncidentDraft", "IncidentQuery", "Incidents"]


@dataclass(frozen=True, slots=True, kw_only=True)
class IncidentDraft:
    """What the floor recorded, before the log gives it an id and a place in the chain."""

    table_name: str
    hand_number: str
    dealer: str
    floor_person: str
    rulebook: str
    verdict: str
    final_verdict: str
    rules: Sequence[str]
    causes: Sequence[str]
    substantial_action: bool
    log: Mapping[str, Any]
    ruling: Mapping[str, Any]
    override_verdict: str | None = None
    override_reason: str | None = None
    note: str = ""
    hand_id: int | None = None
    corrects: int | None = None
    room_id: int = 1
    told: Mapping[str, Any] | None = None
    """A hand told to the floor rather than logged: what the floor entered and what was assumed to complete it
    (``floorman.web.told_facts``); None for a logged hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Incident:
    id: int
    recorded_at: str
    table_name: str
    hand_number: str
    dealer: str
    floor_person: str
    rulebook: str
    verdict: str
    override_verdict: str | None
    override_reason: str | None
    final_verdict: str
    rules: tuple[str, ...]
    causes: tuple[str, ...]
    substantial_action: bool
    log: Mapping[str, Any]
    ruling: Mapping[str, Any]
    note: str
    hand_id: int | None
    corrects: int | None
    corrected_by: int | None
    prev_hash: str
    row_hash: str
    room_id: int = 1
    told: Mapping[str, Any] | None = None

    def to_obj(self, *, full: bool = True) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "id": self.id, "recorded_at": self.recorded_at, "table": self.table_name, "hand": self.hand_number,
            "dealer": self.dealer, "floor": self.floor_person, "rulebook": self.rulebook, "verdict": self.verdict,
            "override": ({"verdict": self.override_verdict, "reason": self.override_reason}
                         if self.override_verdict else None),
            "final_verdict": self.final_verdict, "rules": list(self.rules), "causes": list(self.causes),
            "substantial_action": self.substantial_action, "note": self.note, "hand_id": self.hand_id,
            "corrects": self.corrects, "corrected_by": self.corrected_by,
            "prev_hash": self.prev_hash, "row_hash": self.row_hash, "room_id": self.room_id,
        }
        if full:
            obj["log"] = self.log
            obj["ruling"] = self.ruling
            obj["told"] = self.told
        return obj


@dataclass(frozen=True, slots=True, kw_only=True)
class IncidentQuery:
    """Search and filters; every field narrows the list, None or empty means any."""

    text: str = ""
    table_name: str = ""
    dealer: str = ""
    floor_person: str = ""
    verdict: str = ""
    cause: str = ""
    since: str = ""
    """ISO date (inclusive) of the first day."""
    until: str = ""
    """ISO date (inclusive) of the last day."""
    current_only: bool = True
    """Hide entries that a later correction replaced."""
    limit: int = 100
    offset: int = 0
    ids: tuple[int, ...] = field(default=())
    rooms: tuple[int, ...] | None = None
    """The rooms whose entries to show, within the store's own (None: all of the store's rooms)."""


_INDEXED = 3
"""The shortest word the index of trigrams finds (a shorter one is looked for in every entry's words)."""

_SELECT = ("SELECT i.*, (SELECT MIN(c.id) FROM incidents c WHERE c.corrects = i.id) AS corrected_by "
           "FROM incidents i")
_SUMMARY_SELECT = _SELECT.replace("i.*", ", ".join(
    f"'{{}}' AS {c}" if c in ("log", "ruling") else f"i.{c}"
    for c in (*CHAINED_COLUMNS, "prev_hash", "row_hash", "room_id")) + ", NULL AS told")
"""The same rows with an empty log and ruling and no account: a list shows none of them, and they are most of a
row."""


def _incident(row: Any) -> Incident:
    return Incident(
        id=row["id"], recorded_at=row["recorded_at"], table_name=row["table_name"], hand_number=row["hand_number"],
        dealer=row["dealer"], floor_person=row["floor_person"], rulebook=row["rulebook"], verdict=row["verdict"],
        override_verdict=row["override_verdict"], override_reason=row["override_reason"],
        final_verdict=row["final_verdict"], rules=tuple(json.loads(row["rules"])),
        causes=tuple(json.loads(row["causes"])), substantial_action=bool(row["substantial_action"]),
        log=json.loads(row["log"]), ruling=json.loads(row["ruling"]), note=row["note"], hand_id=row["hand_id"],
        corrects=row["corrects"], corrected_by=row["corrected_by"], prev_hash=row["prev_hash"],
        row_hash=row["row_hash"], room_id=row["room_id"],
        told=_told(row),
    )


def _told(row: Any) -> Mapping[str, Any] | None:
    """A row's record of a hand told to the floor (none in a database not yet migrated to have one)."""
    raw = row["told"] if "told" in set(row.keys()) else None
    return json.loads(raw) if raw is not None else None


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class Incidents:
    """The incidents table, over one connection, within ``rooms``."""

    def __init__(self, conn: Connection, *, rooms: RoomScope) -> None:
        self.conn = conn
        self.rooms = rooms

    def record(self, draft: IncidentDraft, *, now: str) -> Incident:
        """Append one incident to the chain. Call inside a write transaction (``Database.transaction``)."""
        if not self.conn.in_transaction:
            raise RuntimeError("record incidents inside a write transaction, so the chain stays in order")
        check_in_scope(self.rooms, draft.room_id)
        if draft.corrects is not None:
            old = self.get(draft.corrects)
            if old.corrected_by is not None:
                raise ConflictError(
                    "error.storage.incidents.incident_was_already_corrected", id=old.id, corrected_by=old.corrected_by)
            if old.room_id != draft.room_id:
                raise ConflictError("error.storage.incidents.incident_another_room_s", id=old.id)
        last = self.conn.execute("SELECT row_hash FROM incidents WHERE room_id = ? ORDER BY id DESC LIMIT 1",
                                 (draft.room_id,)).fetchone()
        prev = last["row_hash"] if last is not None else GENESIS
        new_id = int(self.conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM incidents").fetchone()[0])
        content: dict[str, Any] = {
            "id": new_id, "recorded_at": now, "table_name": draft.table_name, "hand_number": draft.hand_number,
            "dealer": draft.dealer, "floor_person": draft.floor_person, "rulebook": draft.rulebook,
            "verdict": draft.verdict, "override_verdict": draft.override_verdict,
            "override_reason": draft.override_reason, "final_verdict": draft.final_verdict,
            "rules": _dumps(list(draft.rules)), "causes": _dumps(list(draft.causes)),
            "substantial_action": int(draft.substantial_action), "log": _dumps(dict(draft.log)),
            "ruling": _dumps(dict(draft.ruling)), "note": draft.note, "hand_id": draft.hand_id,
            "corrects": draft.corrects,
        }
        assert tuple(content) == CHAINED_COLUMNS
        if draft.told is not None:
            content["told"] = _dumps(dict(draft.told))
        digest = row_hash(chained_content(content), prev)
        columns = ", ".join((*content, "prev_hash", "row_hash", "room_id"))
        marks = ", ".join("?" for _ in range(len(content) + 3))
        self.conn.execute(f"INSERT INTO incidents ({columns}) VALUES ({marks})",
                          (*content.values(), prev, digest, draft.room_id))
        return self.get(new_id)

    def get(self, incident_id: int) -> Incident:
        where, args = scope_clause(self.rooms, "i.room_id")
        row = self.conn.execute(f"{_SELECT} WHERE i.id = ?{where}", (incident_id, *args)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.incidents.incident", incident_id=incident_id)
        return _incident(row)

    def room_of(self, incident_id: int) -> int | None:
        """The room of an incident, or None when there is no such incident in the store's rooms."""
        where, args = scope_clause(self.rooms)
        row = self.conn.execute(f"SELECT room_id FROM incidents WHERE id = ?{where}", (incident_id, *args)).fetchone()
        return None if row is None else int(row[0])

    def history(self, incident_id: int) -> list[Incident]:
        """The entry, the entries it corrects and the ones correcting it, oldest first."""
        chain = [self.get(incident_id)]
        while chain[0].corrects is not None:
            chain.insert(0, self.get(chain[0].corrects))
        while chain[-1].corrected_by is not None:
            chain.append(self.get(chain[-1].corrected_by))
        return chain

    def _where(self, query: IncidentQuery) -> tuple[str, list[Any]]:
        scope, scope_args = scope_clause(self.rooms, "i.room_id")
        clauses: list[str] = [f"1 = 1{scope}"]
        args: list[Any] = [*scope_args]
        if query.current_only:
            clauses.append("NOT EXISTS (SELECT 1 FROM incidents c WHERE c.corrects = i.id)")
        for column, value in (("table_name", query.table_name), ("dealer", query.dealer),
                              ("floor_person", query.floor_person), ("final_verdict", query.verdict)):
            if value:
                clauses.append(f"i.{column} = ? COLLATE NOCASE")
                args.append(value)
        if query.cause:
            clauses.append("EXISTS (SELECT 1 FROM json_each(i.causes) AS e WHERE e.value = ?)")
            args.append(query.cause)
        if query.since:
            clauses.append("substr(i.recorded_at, 1, 10) >= ?")
            args.append(query.since)
        if query.until:
            clauses.append("substr(i.recorded_at, 1, 10) <= ?")
            args.append(query.until)
        if query.rooms is not None:
            clauses.append(f"i.room_id IN ({', '.join('?' for _ in query.rooms)})" if query.rooms else "0 = 1")
            args.extend(query.rooms)
        if query.ids:
            clauses.append(f"i.id IN ({', '.join('?' for _ in query.ids)})")
            args.extend(query.ids)
        for word in query.text.split():  # each word somewhere in the entry's texts, found through their index
            word = word.replace("%", "").replace("_", "")
            body = "t.body" if len(word) >= _INDEXED else "(t.body || '')"  # shorter than a trigram: a scan
            clauses.append(f"i.id IN (SELECT t.rowid FROM incident_text t WHERE {body} LIKE ?)")
            args.append(f"%{word}%")
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", args

    def search(self, query: IncidentQuery, *, summary: bool = False) -> list[Incident]:
        """The matching entries, newest first; with ``summary`` their log and ruling are left empty."""
        where, args = self._where(query)
        rows = self.conn.execute(f"{_SUMMARY_SELECT if summary else _SELECT}{where} ORDER BY i.id DESC LIMIT ? OFFSET ?",
                                 (*args, query.limit, query.offset))
        return [_incident(r) for r in rows]

    def count(self, query: IncidentQuery) -> int:
        where, args = self._where(query)
        return int(self.conn.execute(f"SELECT COUNT(*) FROM incidents i{where}", args).fetchone()[0])

    def each(self, query: IncidentQuery) -> Iterator[Incident]:
        """Every matching incident, oldest first, without a limit (for exports)."""
        where, args = self._where(query)
        for row in self.conn.execute(f"{_SELECT}{where} ORDER BY i.id", args):
            yield _incident(row)

    def distinct(self, column: str) -> list[str]:
        if column not in ("table_name", "dealer", "floor_person"):
            raise ValueError(column)
        where, args = scope_clause(self.rooms)
        return [r[0] for r in self.conn.execute(
            f"SELECT {column} FROM incidents WHERE {column} != ''{where} GROUP BY {column} "
            f"ORDER BY {column} COLLATE NOCASE", args)]
