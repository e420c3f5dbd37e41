"""The rooms of a group: each has its tables, its staff and its own incident chain.

A database made before rooms has one room, ``main`` (id 1), which every older hand and incident
belongs to. An account given no room works in every room with its role (the group's staff: a group
director sees every room); an account given rooms works in those only, with a role in each
(``Accounts.set_room_role``).

>>> from floorman.storage.database import SqliteDatabase
>>> db = SqliteDatabase(":memory:")
>>> _ = db.migrate()
>>> with db.transaction() as conn:
...     riverside = Rooms(conn).add("riverside", "Riverside poker room", now="2026-06-01T12:00:00+00:00")
...     [room.slug for room in Rooms(conn).all()]
['main', 'riverside']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from floorman.storage.errors import ConflictError, NotFoundError
from floorman.storage.sql import Connection

__all__ = ["EVERY_ROOM", "FIRST_ROOM", "Room", "RoomScope", "Rooms", "check_in_scope", "scope_clause"]

FIRST_ROOM = 1
"""The room of every record made before rooms, and of a group account's new hands."""

RoomScope = tuple[int, ...] | None
"""The rooms a store may read and write: some rooms (none at all: nothing), or ``EVERY_ROOM``.

Every store of a room's records (``Hands``, ``Incidents``, ``FloorCallLog``) is made with one and keeps to
it in every read and write: a row of another room is not found, as if it were not there, and a record
cannot be made in another room. The console makes its stores with the rooms of the session (those where
its account holds the role the request needs); the command line, which runs on the database itself,
with ``EVERY_ROOM``."""
EVERY_ROOM: RoomScope = None
"""The scope of the whole database (the command line, the console's own floor-call watch)."""


def scope_clause(rooms: RoomScope, column: str = "room_id") -> tuple[str, tuple[int, ...]]:
    """The SQL ``AND`` clause keeping the rows of ``rooms`` whose room is in ``column``, and its arguments.

    >>> scope_clause(EVERY_ROOM), scope_clause((2, 3), "h.room_id"), scope_clause(())
    (('', ()), (' AND h.room_id IN (?, ?)', (2, 3)), (' AND 0 = 1', ()))
    """
    if rooms is None:
        return "", ()
    if not rooms:
        return " AND 0 = 1", ()
    return f" AND {column} IN ({', '.join('?' for _ in rooms)})", tuple(rooms)


def check_in_scope(rooms: RoomScope, room_id: int) -> None:
    """Raise ``NotFoundError`` unless ``room_id`` is one of ``rooms`` (a record is never made in another room)."""
    if rooms is not None and room_id not in rooms:
        raise NotFoundError("error.storage.rooms.room_outside_scope", room_id=room_id)

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Room:
    id: int
    slug: str
    """The room's short name, as typed at the command line (``--room riverside``)."""
    name: str
    created_at: str


def _room(row: Any) -> Room:
    return Room(id=int(row["id"]), slug=row["slug"], name=row["name"], created_at=row["created_at"])


class Rooms:
    """The rooms table, over one connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def add(self, slug: str, name: str, *, now: str) -> Room:
        slug = slug.strip().lower()
        if not _SLUG.match(slug):
            raise ConflictError("error.storage.rooms.room_s_short_name", slug=repr(slug))
        if self.find(slug) is not None:
            raise ConflictError("error.storage.rooms.already_room", slug=repr(slug))
        row = self.conn.execute("INSERT INTO rooms (slug, name, created_at) VALUES (?, ?, ?) RETURNING id",
                                (slug, name.strip() or slug, now)).fetchone()
        return self.get(int(row[0]))

    def get(self, room_id: int) -> Room:
        row = self.conn.execute("SELECT * FROM rooms WHERE id = ?", (room_id,)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.rooms.room", room_id=room_id)
        return _room(row)

    def find(self, slug: str) -> Room | None:
        row = self.conn.execute("SELECT * FROM rooms WHERE slug = ?", (slug.strip(),)).fetchone()
        return None if row is None else _room(row)

    def named(self, slug: str) -> Room:
        """The room with this short name, or ``NotFoundError`` naming the rooms there are."""
        room = self.find(slug)
        if room is None:
            known = ", ".join(r.slug for r in self.all())
            raise NotFoundError("error.storage.rooms.room_rooms", slug=repr(slug), known=known)
        return room

    def all(self) -> list[Room]:
        return [_room(r) for r in self.conn.execute("SELECT * FROM rooms ORDER BY id")]
