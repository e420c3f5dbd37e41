"""``floorman db copy``: move one room's records from one database to another (an SQLite file to
PostgreSQL, typically), keeping every id and hash, and check the room's chain on arrival.

What moves: the room's hands and their events, its incident log (every row as it was: its id, its
hashes, its content), and the accounts that worked there. An account whose name the target already
has is left as it is there; an account new to the target arrives with its password hash and works
in the copied room only, with the role it had (a director of a single-room console becomes that
room's director, not the group's). Sessions and drill scores stay behind.

Everything is written in one transaction. Before it commits, the room's chain is walked in the
target: the same number of entries, the same head, every link holding; otherwise nothing is kept.
Ids are kept because the chain covers them (an incident names its hand by id): a target that
already holds a hand or an incident with one of the room's ids is refused, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from floorman.locale import Message
from floorman.storage.accounts import Accounts, Role
from floorman.storage.address import StoreKind
from floorman.storage.chain import CHAINED_COLUMNS, LATER_CHAINED_COLUMNS, chain_status
from floorman.storage.database import Database, utc_now
from floorman.storage.errors import ConflictError, StorageError
from floorman.storage.rooms import Rooms
from floorman.storage.sql import Connection, integrity_errors

__all__ = ["CopyReport", "copy_room"]

_HAND_COLUMNS = ("id", "table_name", "hand_number", "dealer", "header", "replay_of", "created_at", "created_by",
                 "closed_at")
_EVENT_COLUMNS = ("hand_id", "seq", "batch", "event", "logged_by", "logged_at")
_INCIDENT_COLUMNS = (*CHAINED_COLUMNS, *LATER_CHAINED_COLUMNS, "prev_hash", "row_hash")


@dataclass(frozen=True, slots=True, kw_only=True)
class CopyReport:
    room: str
    hands: int
    events: int
    incidents: int
    accounts_added: tuple[str, ...]
    accounts_kept: tuple[str, ...]
    """Accounts the target had already: left as they were there."""
    head: str
    """The room's chain head, the same in both databases."""


def _insert(conn: Connection, table: str, columns: tuple[str, ...], values: tuple[Any, ...]) -> None:
    marks = ", ".join("?" for _ in columns)
    conn.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)


def copy_room(source: Database, target: Database, *, room: str | None = None,
              progress: Callable[[Message], None] = lambda message: None) -> CopyReport:
    """Copy room ``room`` (by short name; the source's only room when None) from ``source`` to ``target``;
    ``progress`` hears what was read before it is written (a message of the catalog, said by the caller)."""
    source.migrate()
    target.migrate()
    with source.connect() as src:
        rooms = Rooms(src).all()
        if room is None:
            if len(rooms) != 1:
                raise ConflictError("error.storage.copying.source_rooms_name_one", count=len(rooms),
                                    names=', '.join(r.slug for r in rooms))
            picked = rooms[0]
        else:
            picked = Rooms(src).named(room)
        before = chain_status(src, room_id=picked.id)
        if before.broken is not None:
            raise StorageError("error.storage.copying.source_s_chain_room", slug=repr(picked.slug),
                               incident_id=before.broken.incident_id, reason=before.broken.message)
        hands = src.execute(f"SELECT {', '.join(_HAND_COLUMNS)} FROM hands WHERE room_id = ? ORDER BY id",
                            (picked.id,)).fetchall()
        events = src.execute(
            f"SELECT {', '.join('e.' + c for c in _EVENT_COLUMNS)} FROM hand_events e JOIN hands h "
            "ON h.id = e.hand_id WHERE h.room_id = ? ORDER BY e.hand_id, e.seq", (picked.id,)).fetchall()
        incidents = src.execute(f"SELECT {', '.join(_INCIDENT_COLUMNS)} FROM incidents WHERE room_id = ? "
                                "ORDER BY id", (picked.id,)).fetchall()
        users = Accounts(src).all()
        hashes = {int(r[0]): r[1] for r in src.execute("SELECT id, password_hash FROM users")}
    progress(Message.of("cli.db.reading", slug=picked.slug, hands=len(hands), events=len(events),
                        incidents=len(incidents), accounts=len(users)))
    try:
        with target.transaction() as dst:
            rooms_there = Rooms(dst)
            arrived = rooms_there.find(picked.slug) or rooms_there.add(picked.slug, picked.name, now=utc_now())
            held = dst.execute("SELECT (SELECT COUNT(*) FROM hands WHERE room_id = ?) + "
                               "(SELECT COUNT(*) FROM incidents WHERE room_id = ?)",
                               (arrived.id, arrived.id)).fetchone()[0]
            if held:
                raise ConflictError("error.storage.copying.target_s_room_already", slug=repr(picked.slug))
            accounts = Accounts(dst)
            user_ids: dict[int, int] = {}
            added: list[str] = []
            kept: list[str] = []
            for user in users:
                there = accounts.find(user.username)
                if there is not None:
                    user_ids[user.id] = there.id
                    kept.append(user.username)
                    continue
                row = dst.execute(
                    "INSERT INTO users (username, password_hash, role, locale, active, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    (user.username, hashes[user.id], user.role.value, user.locale, int(user.active),
                     user.created_at)).fetchone()
                user_ids[user.id] = int(row[0])
                role: Role | None = user.role_in(picked.id)
                if role is not None:
                    accounts.set_room_role(user_ids[user.id], arrived.id, role)
                added.append(user.username)
            for hand in hands:
                values = dict(zip(_HAND_COLUMNS, hand, strict=True))
                values["created_by"] = user_ids.get(values["created_by"]) if values["created_by"] else None
                _insert(dst, "hands", (*_HAND_COLUMNS, "room_id"), (*values.values(), arrived.id))
            for event in events:
                values = dict(zip(_EVENT_COLUMNS, event, strict=True))
                values["logged_by"] = user_ids.get(values["logged_by"]) if values["logged_by"] else None
                _insert(dst, "hand_events", _EVENT_COLUMNS, tuple(values.values()))
            for incident in incidents:
                _insert(dst, "incidents", (*_INCIDENT_COLUMNS, "room_id"), (*incident, arrived.id))
            if target.kind is StoreKind.POSTGRES:  # ids named above: the identity counters go on after them
                for table in ("hands", "users", "rooms"):
                    dst.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                f"GREATEST((SELECT COALESCE(MAX(id), 0) FROM {table}), 1))")
            after = chain_status(dst, room_id=arrived.id)
            if after.broken is not None or (after.entries, after.head) != (before.entries, before.head):
                raise StorageError("error.storage.copying.room_did_not_arrive", slug=repr(picked.slug),
                                   entries=after.entries, head=after.head, entries2=before.entries, head2=before.head)
    except integrity_errors() as exc:
        raise ConflictError("error.storage.copying.target_already_holds_record", slug=repr(picked.slug),
                            exc=exc) from None
    return CopyReport(room=picked.slug, hands=len(hands), events=len(events), incidents=len(incidents),
                      accounts_added=tuple(added), accounts_kept=tuple(kept), head=after.head)
