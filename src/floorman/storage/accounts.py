"""User accounts, their roles, and login sessions.

A session is known to the database only by the SHA-256 of its token: the token itself lives in the
user's cookie and nowhere else, so a copy of the database opens no session.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from functools import lru_cache
from typing import Any

from floorman.storage.errors import ConflictError, NotFoundError
from floorman.storage.passwords import PasswordHasher
from floorman.storage.rooms import FIRST_ROOM, RoomScope, check_in_scope
from floorman.storage.sql import Connection

__all__ = ["AccountAdmin", "Accounts", "Role", "Session", "User", "hash_token"]

SESSION_HOURS = 12
"""A session lasts one long shift."""


class Role(StrEnum):
    """What a user may do; each role may do everything the roles before it may."""

    DEALER = "dealer"
    FLOOR = "floor"
    DIRECTOR = "director"

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    def allows(self, needed: Role) -> bool:
        return self.rank >= needed.rank


@dataclass(frozen=True, slots=True, kw_only=True)
class User:
    id: int
    username: str
    role: Role
    """The account's role: in every room, or (with ``rooms``) its highest in any of them."""
    locale: str | None
    active: bool
    created_at: str
    rooms: tuple[tuple[int, Role], ...] = ()
    """The rooms the account works in, with its role in each; none: every room, with ``role``."""

    def role_in(self, room_id: int) -> Role | None:
        """The account's role in a room, or None when it does not work there."""
        if not self.rooms:
            return self.role
        return dict(self.rooms).get(room_id)

    @property
    def room_ids(self) -> tuple[int, ...] | None:
        """The rooms whose hands and incidents the account sees (None: every room)."""
        return tuple(room for room, _ in self.rooms) if self.rooms else None

    @property
    def home_room(self) -> int:
        """The room a hand this account starts belongs to: its first room (the first room for group staff)."""
        return self.rooms[0][0] if self.rooms else FIRST_ROOM

    def rooms_at(self, needed: Role) -> RoomScope:
        """The rooms where the account holds ``needed`` or more: None (every room) for the group's staff who
        hold it, none at all for those who do not."""
        if not self.rooms:
            return None if self.role.allows(needed) else ()
        return tuple(room for room, role in self.rooms if role.allows(needed))


@dataclass(frozen=True, slots=True, kw_only=True)
class Session:
    user: User
    csrf_token: str
    expires_at: str
    reach: RoomScope = ()
    """The rooms this session's request may read and write: the account's rooms, or (``at``) those where it
    holds the role a request needs; the stores are made with them."""

    def at(self, needed: Role) -> Session:
        """The session as a request that needs ``needed`` sees it: its reach narrowed to the rooms where the
        account holds that role (none: the account holds it nowhere)."""
        return replace(self, reach=self.user.rooms_at(needed))

    @property
    def home_room(self) -> int:
        """The room a record this session makes belongs to by default: the first of its reach."""
        return self.reach[0] if self.reach else self.user.home_room


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _user(row: Any) -> User:
    return User(id=row["id"], username=row["username"], role=Role(row["role"]), locale=row["locale"],
                active=bool(row["active"]), created_at=row["created_at"])


@lru_cache(maxsize=8)
def _decoy(hasher: PasswordHasher) -> str:
    """A hash of no one's password at this hasher's cost, made once."""
    return hasher.hash(secrets.token_urlsafe(16))


def _clean_name(username: str) -> str:
    name = username.strip()
    if not name or len(name) > 64 or any(c.isspace() for c in name):
        raise ConflictError("error.storage.accounts.user_name_characters_spaces")
    return name


class Accounts:
    """The users and sessions tables, over one connection."""

    def __init__(self, conn: Connection, hasher: PasswordHasher | None = None) -> None:
        self.conn = conn
        self.hasher = hasher or PasswordHasher()

    # -- users -------------------------------------------------------------------------

    def _with_rooms(self, row: Any) -> User:
        user = _user(row)
        rooms = tuple((int(r[0]), Role(r[1])) for r in self.conn.execute(
            "SELECT room_id, role FROM room_roles WHERE user_id = ? ORDER BY room_id", (user.id,)))
        if not rooms:
            return user
        return replace(user, rooms=rooms, role=max((role for _, role in rooms), key=lambda r: r.rank))

    def set_room_role(self, user_id: int, room_id: int, role: Role | None) -> None:
        """Give the account ``role`` in a room (None: take the room away); its sessions end."""
        self.get(user_id)
        self.conn.execute("DELETE FROM room_roles WHERE user_id = ? AND room_id = ?", (user_id, room_id))
        if role is not None:
            self.conn.execute("INSERT INTO room_roles (user_id, room_id, role) VALUES (?, ?, ?)",
                              (user_id, room_id, role.value))
        self.end_sessions(user_id)

    def count(self) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM users").fetchone()[0])

    def add(self, username: str, password: str, role: Role, *, now: str) -> User:
        name = _clean_name(username)
        if len(password) < 8:
            raise ConflictError("error.storage.accounts.password_needs_at_least")
        if self.find(name) is not None:
            raise ConflictError("error.storage.accounts.already_user_named", name=repr(name))
        cur = self.conn.execute(
            "INSERT INTO users (username, password_hash, role, created_at) VALUES (?, ?, ?, ?) RETURNING id",
            (name, self.hasher.hash(password), role.value, now),
        )
        return self.get(int(cur.fetchone()[0]))

    def get(self, user_id: int) -> User:
        row = self.conn.execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.accounts.user", user_id=user_id)
        return self._with_rooms(row)

    def find(self, username: str) -> User | None:
        row = self.conn.execute("SELECT * FROM users WHERE username = ?", (username.strip(),)).fetchone()
        return None if row is None else self._with_rooms(row)

    def all(self) -> list[User]:
        rows = self.conn.execute("SELECT * FROM users ORDER BY username COLLATE NOCASE").fetchall()
        return [self._with_rooms(r) for r in rows]

    def authenticate(self, username: str, password: str) -> User | None:
        """The active user with this name and password, or None (the same cost either way: an unknown
        name is checked against a stored decoy hash, one scrypt like a known name, so the time a
        refusal takes does not tell whether the name exists). Only reads: it may run outside a transaction,
        so that the scrypt work holds no lock (``new_hash_if_due`` and ``store_hash`` upgrade a weaker hash)."""
        row = self.conn.execute("SELECT * FROM users WHERE username = ?", (username.strip(),)).fetchone()
        if row is None:
            self.hasher.verify(password, _decoy(self.hasher))
            return None
        if not self.hasher.verify(password, row["password_hash"]) or not row["active"]:
            return None
        return self._with_rooms(row)

    def new_hash_if_due(self, user_id: int, password: str) -> str | None:
        """A hash of ``password`` at this hasher's cost when the stored one is weaker (else None); only reads."""
        row = self.conn.execute("SELECT password_hash FROM users WHERE id = ?", (user_id,)).fetchone()
        if row is None or not self.hasher.needs_rehash(row["password_hash"]):
            return None
        return self.hasher.hash(password)

    def store_hash(self, user_id: int, password_hash: str) -> None:
        """Store a hash made by ``new_hash_if_due`` (in the write transaction, with no scrypt inside it)."""
        self.conn.execute("UPDATE users SET password_hash = ? WHERE id = ?", (password_hash, user_id))

    def set_password(self, user_id: int, password: str) -> None:
        if len(password) < 8:
            raise ConflictError("error.storage.accounts.password_needs_at_least")
        self.get(user_id)
        self.conn.execute("UPDATE users SET password_hash = ? WHERE id = ?", (self.hasher.hash(password), user_id))
        self.end_sessions(user_id)

    def set_role(self, user_id: int, role: Role) -> None:
        self.get(user_id)
        self.conn.execute("UPDATE users SET role = ? WHERE id = ?", (role.value, user_id))
        self.end_sessions(user_id)

    def set_active(self, user_id: int, active: bool) -> None:
        self.get(user_id)
        self.conn.execute("UPDATE users SET active = ? WHERE id = ?", (int(active), user_id))
        if not active:
            self.end_sessions(user_id)

    def set_locale(self, user_id: int, locale: str | None) -> None:
        self.conn.execute("UPDATE users SET locale = ? WHERE id = ?", (locale, user_id))

    # -- sessions ----------------------------------------------------------------------

    def open_session(self, user: User, *, now: datetime) -> tuple[str, Session]:
        """A new session: the token for the cookie, and the session as stored."""
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(32)
        expires = (now + timedelta(hours=SESSION_HOURS)).astimezone(UTC).isoformat(timespec="seconds")
        self.conn.execute(
            "INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            (hash_token(token), user.id, csrf, now.astimezone(UTC).isoformat(timespec="seconds"), expires),
        )
        return token, Session(user=user, csrf_token=csrf, expires_at=expires, reach=user.room_ids)

    def session(self, token: str, *, now: datetime) -> Session | None:
        """The open session with this token, or None; a read only (expired ones go at ``purge_expired``)."""
        row = self.conn.execute(
            "SELECT s.csrf_token, s.expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id "
            "WHERE s.token_hash = ?", (hash_token(token),),
        ).fetchone()
        if row is None or not row["active"] or datetime.fromisoformat(row["expires_at"]) <= now:
            return None
        user = self._with_rooms(row)
        return Session(user=user, csrf_token=row["csrf_token"], expires_at=row["expires_at"], reach=user.room_ids)

    def close_session(self, token: str) -> None:
        self.conn.execute("DELETE FROM sessions WHERE token_hash = ?", (hash_token(token),))

    def end_sessions(self, user_id: int) -> None:
        self.conn.execute("DELETE FROM sessions WHERE user_id = ?", (user_id,))

    def purge_expired(self, *, now: datetime) -> int:
        stamp = now.astimezone(UTC).isoformat(timespec="seconds")
        return self.conn.execute("DELETE FROM sessions WHERE expires_at <= ?", (stamp,)).rowcount


class AccountAdmin:
    """The accounts as one director administers them: the group director (a director given no room) every
    account; a room's director the accounts that work only in rooms they direct. Another account is not
    found, as if it were not there, so nobody lists, changes, switches off, unlocks or sets the password of
    an account with rooms beyond their own.

    A new account belongs to the rooms its creator directs (with its role in each), or to the rooms named
    among them; only the group director, who directs every room, makes an account of the whole group (by
    default) or names any room. A role is given per room: changed on a room's account, it is changed in each
    of its rooms. The last director who administers an account keeps the role.
    """

    def __init__(self, accounts: Accounts, admin: User) -> None:
        self.accounts = accounts
        self.admin = admin
        self.directed = admin.rooms_at(Role.DIRECTOR)
        """The rooms the administrator directs (None: every room, the group director)."""

    def administers(self, target: User) -> bool:
        if self.directed is None:
            return True
        return bool(target.rooms) and all(room in self.directed for room, _ in target.rooms)

    def get(self, user_id: int) -> User:
        """The account, if the administrator administers it; otherwise ``NotFoundError``."""
        target = self.accounts.get(user_id)
        if not self.administers(target):
            raise NotFoundError("error.storage.accounts.user", user_id=user_id)
        return target

    def all(self) -> list[User]:
        return [user for user in self.accounts.all() if self.administers(user)]

    def add(self, username: str, password: str, role: Role, *, now: str, rooms: tuple[int, ...] = ()) -> User:
        """A new account with ``role`` in ``rooms``, or by default in the administrator's own rooms (for the
        group director: the whole group). Rooms the administrator does not direct are not found."""
        for room in rooms:
            check_in_scope(self.directed, room)
        chosen = rooms or self.directed
        user = self.accounts.add(username, password, role, now=now)
        for room in chosen or ():
            self.accounts.set_room_role(user.id, room, role)
        return self.accounts.get(user.id)

    def set_role(self, user_id: int, role: Role) -> None:
        """The account's role: in each of its rooms (a room's account), or in every room (the group's)."""
        target = self.get(user_id)
        if target.role is Role.DIRECTOR and role is not Role.DIRECTOR and not self._another_director_over(target):
            raise ConflictError("error.accounts.last_director")
        if target.rooms:
            for room, _ in target.rooms:
                self.accounts.set_room_role(user_id, room, role)
        self.accounts.set_role(user_id, role)

    def _another_director_over(self, target: User) -> bool:
        """Whether an active director other than ``target`` would still administer ``target``'s rooms (so a
        room, or the group, is never left without one)."""
        return any(user.active and user.id != target.id and AccountAdmin(self.accounts, user).administers(target)
                   for user in self.accounts.all() if user.role is Role.DIRECTOR)

    def set_active(self, user_id: int, active: bool) -> None:
        target = self.get(user_id)
        if not active and target.id == self.admin.id:
            raise ConflictError("error.accounts.own_account")
        self.accounts.set_active(user_id, active)

    def set_password(self, user_id: int, password: str) -> None:
        self.get(user_id)
        self.accounts.set_password(user_id, password)

    def set_locale(self, user_id: int, locale: str | None) -> None:
        self.get(user_id)
        self.accounts.set_locale(user_id, locale)
