"""The database behind the console: SQLite (a file, the default) or PostgreSQL (a server, for
several rooms and several console servers), opened from one ``--db`` value, with transactions.

``Database`` is the one interface; ``open_database(target)`` (``floorman.storage.stores``) takes a file
path, ``":memory:"`` or a ``postgresql://`` URL and gives the store for it: a ``SqliteDatabase`` (here)
or a ``PostgresDatabase`` (``floorman.storage.postgres``). Both offer the same four things, and
everything above them (accounts, hands, the incident log, statistics) runs the same code on either:

- ``connect()``: a connection in autocommit mode, for reads;
- ``transaction()``: a write transaction, committed when the block ends, rolled back if it raises.
  Writers take turns: SQLite's ``BEGIN IMMEDIATE`` takes the file's write lock, PostgreSQL's takes
  one advisory lock for the database, so two writers racing on one hand (or on the incident
  log's chain) are serialized by the database, whichever server they run in;
- ``migrate()``: the schema brought up to date (``floorman.storage.migrations``);
- ``floor_calls``: floor calls published and heard (``floorman.storage.floor_calls``).

On SQLite every connection runs with foreign keys on and a busy timeout; a file database runs in
WAL mode so that readers never wait for the writer. A commit is on disk before it returns
(``synchronous = FULL``: the write-ahead log is synced at every commit), so what the console has
acknowledged survives the server being killed and the laptop losing power alike. PostgreSQL gives
the same promise with its default ``synchronous_commit``.

>>> db = SqliteDatabase(":memory:")
>>> db.migrate()[:1]
['0001_accounts']
>>> with db.transaction() as conn:
...     _ = conn.execute("INSERT INTO users (username, password_hash, role, created_at) "
...                      "VALUES ('ann', 'x', 'floor', '2026-01-01T00:00:00+00:00')")
>>> with db.connect() as conn:
...     conn.execute("SELECT username FROM users").fetchone()[0]
'ann'
"""

from __future__ import annotations

import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from floorman.storage.address import StoreAddress, StoreKind, default_database_path
from floorman.storage.errors import StorageError, StoreUnavailableError, check_storable
from floorman.storage.floor_calls import FloorCalls, LocalFloorCalls
from floorman.storage.migrations import migrate
from floorman.storage.sql import Connection

__all__ = ["Database", "SqliteDatabase", "default_database_path", "read_only_sqlite", "utc_now"]

SQLITE_READONLY = 8
SQLITE_FULL = 13


def unavailable(exc: sqlite3.Error, path: str) -> StoreUnavailableError | None:
    """The ``StoreUnavailableError`` an SQLite error means (the file read-only, the disk full), or None."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return None
    if code & 0xFF == SQLITE_READONLY:
        return StoreUnavailableError("error.storage.database.database_read_only_nothing", reason="read_only", path=path)
    if code & 0xFF == SQLITE_FULL:
        return StoreUnavailableError("error.storage.database.disk_full_was_not", reason="full", path=path)
    return None


BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 8
"""Idle connections a file database keeps open for reuse (opening one costs about a quarter of a millisecond)."""


def utc_now() -> str:
    """The current time as stored: ISO 8601 in UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Database(ABC):
    """The store's one interface; ``open_database(target)`` opens the kind of store ``target`` names."""

    kind: StoreKind
    _floor_calls: FloorCalls | None = None

    @abstractmethod
    def connect(self) -> AbstractContextManager[Connection]:
        """A connection in autocommit mode, for reads."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def close(self) -> None:
        """Give back every connection held."""

    @property
    @abstractmethod
    def shown(self) -> str:
        """Where the database is, as it may be printed (no password)."""

    def check_writable(self) -> None:  # noqa: B027  (a store that can tell says so; the others are written to)
        """Raise ``StoreUnavailableError`` when the store cannot be written now (a read-only file, a full disk)."""

    def migrate(self, *, upto: str | None = None) -> list[str]:
        """Bring the schema up to date (or up to migration ``upto``); the names of the migrations applied now."""
        return migrate(self, now=utc_now(), upto=upto)

    @property
    def floor_calls(self) -> FloorCalls:
        """Floor calls made through any console server on this database, published and heard."""
        if self._floor_calls is None:
            self._floor_calls = self._make_floor_calls()
        return self._floor_calls

    def _make_floor_calls(self) -> FloorCalls:
        return LocalFloorCalls()


class _CheckedConnection(sqlite3.Connection):
    """An SQLite connection that refuses a text holding a NUL character, as PostgreSQL does: a record is
    accepted or refused alike on every store (``UnstorableTextError``)."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        check_storable(tuple(parameters.values()) if isinstance(parameters, Mapping) else parameters)
        return super().execute(sql, parameters)


class SqliteDatabase(Database):
    """One SQLite database: a file path, or ``":memory:"`` (one shared connection, for tests)."""

    kind = StoreKind.SQLITE

    def __init__(self, path: str | Path | StoreAddress) -> None:
        self.path = path.target if isinstance(path, StoreAddress) else str(path)
        self.in_memory = self.path == ":memory:"
        self._lock = threading.RLock()
        self._shared: sqlite3.Connection | None = None
        self._idle: list[sqlite3.Connection] = []
        if self.in_memory:
            self._shared = self._open()
        else:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = self._open()
            try:
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise sqlite3.OperationalError(f"cannot switch {self.path} to WAL mode (got {mode})")
            finally:
                conn.close()

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                               timeout=BUSY_TIMEOUT_MS / 1000, factory=_CheckedConnection)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if not self.in_memory:
            conn.execute("PRAGMA synchronous = FULL")
        return conn

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection in autocommit mode, for reads.

        Connections are kept for reuse (``POOL_SIZE`` idle at most): one goes back to the pool only
        when the block ended normally and outside a transaction; after an error it is closed, so
        nothing it held (a cursor kept alive by a traceback, a half-done transaction) is handed on.
        """
        if self._shared is not None:
            with self._lock, self._translated():
                yield self._shared
            return
        with self._lock:
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            with self._translated():
                conn = self._open()
        clean = False
        try:
            with self._translated():
                yield conn
            clean = not conn.in_transaction
        finally:
            with self._lock:
                keep = clean and len(self._idle) < POOL_SIZE
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """SQLite's read-only and full-disk errors raised as ``StoreUnavailableError``, one clear line each."""
        try:
            yield
        except sqlite3.Error as exc:
            translated = unavailable(exc, self.path)
            if translated is None:
                raise
            raise translated from exc

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        with self.connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:  # some errors (a full disk, an I/O error) have rolled back already
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @property
    def shown(self) -> str:
        return self.path

    def check_writable(self) -> None:
        """Raise ``StoreUnavailableError`` unless a write can be made now (it writes the header back as it was)."""
        with self.transaction() as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            conn.execute(f"PRAGMA user_version = {version}")

    def journal_mode(self) -> str:
        with self.connect() as conn:
            return str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()

    def close(self) -> None:
        """Close the idle connections (and the shared one of a database in memory)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
        if self._shared is not None:
            self._shared.close()
            self._shared = None


@contextmanager
def read_only_sqlite(path: str | Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing SQLite floorman database (nothing is created or migrated).

    Raises ``StorageError`` when there is no file at ``path``, when it is not an SQLite database,
    or when it holds no incident log.
    """
    file = Path(path)
    if not file.is_file():
        raise StorageError("error.storage.database.database", file=file)
    try:
        conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                               timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as exc:
        raise StorageError("error.storage.database.cannot_open_database", file=file, exc=exc) from None
    try:
        conn.row_factory = sqlite3.Row
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            found = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'incidents'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StorageError("error.storage.database.not_floorman_database", file=file, exc=exc) from None
        if found is None:
            raise StorageError("error.storage.database.not_floorman_database_incident", file=file)
        yield conn
    finally:
        conn.close()
