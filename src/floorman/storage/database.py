"""The SQLite file behind the console: where it lives, how it is opened, and transactions.

Every connection runs with foreign keys on and a busy timeout; a file database runs in WAL mode
so that readers never wait for the writer. ``transaction()`` takes the write lock at once
(``BEGIN IMMEDIATE``), so two writers racing on one hand are serialized by the database.

>>> db = Database(":memory:")
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

import os
import sqlite3
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from floorman.storage.migrations import migrate

__all__ = ["Database", "default_database_path", "utc_now"]

BUSY_TIMEOUT_MS = 10_000


def utc_now() -> str:
    """The current time as stored: ISO 8601 in UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def default_database_path() -> Path:
    """``floorman.db`` in the user's data folder (XDG on Linux, Application Support, LOCALAPPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "floorman" / "floorman.db"


class Database:
    """One SQLite database: a file path, or ``":memory:"`` (one shared connection, for tests)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.in_memory = self.path == ":memory:"
        self._lock = threading.RLock()
        self._shared: sqlite3.Connection | None = None
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
                               timeout=BUSY_TIMEOUT_MS / 1000)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if not self.in_memory:
            conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """A connection in autocommit mode, for reads."""
        if self._shared is not None:
            with self._lock:
                yield self._shared
            return
        conn = self._open()
        try:
            yield conn
        finally:
            conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        with self.connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def migrate(self) -> list[str]:
        """Bring the schema up to date; the names of the migrations applied now."""
        with self.connect() as conn:
            return migrate(conn, now=utc_now())

    def journal_mode(self) -> str:
        with self.connect() as conn:
            return str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower()

    def close(self) -> None:
        if self._shared is not None:
            self._shared.close()
            self._shared = None
