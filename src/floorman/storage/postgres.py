"""PostgreSQL as the console's store, for a group of rooms and more than one console server.

Needs the extra ``floorman[postgres]`` (psycopg 3 and its connection pool). The stores above run the
same code as on SQLite: each statement goes through ``postgres_sql`` (``floorman.storage.sql``) and
rows come back readable by position and by name.

Writers take turns as on SQLite: a write transaction begins by taking one advisory lock held until
it ends (``pg_advisory_xact_lock``), so the sequence-number check of a hand and the incident log's
chain see every write committed before theirs, whichever server made it. Reads take no lock.

Floor calls go through ``NOTIFY floorman_floor_calls``; each server LISTENs on one connection of its
own, opened at the first subscription, and hands what it hears to its subscriptions.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from floorman.storage.address import StoreAddress, StoreKind, parse_store_address
from floorman.storage.database import Database
from floorman.storage.errors import StorageError, StoreUnavailableError, check_storable
from floorman.storage.floor_calls import CHANNEL, FloorCall, FloorCalls
from floorman.storage.sql import Row, postgres_sql

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

__all__ = [
    "POOL_SIZE", "WRITE_LOCK", "PostgresConnection", "PostgresDatabase", "PostgresFloorCalls", "read_only_postgres",
]

POOL_SIZE = 8
"""Connections a console server holds at most (a request holds one for a few milliseconds)."""

CONNECT_TIMEOUT_S = 10
WRITE_LOCK = 0x666C6F6F72
"""The advisory lock every write transaction holds ("floor" in ASCII)."""

log = logging.getLogger("floorman.storage")


def _psycopg() -> Any:
    try:
        import psycopg
        import psycopg_pool
    except ImportError as exc:
        raise StorageError("error.storage.postgres.postgresql_needs_postgres_extra", exc=exc) \
            from None
    return psycopg, psycopg_pool


_SERVER_GONE = frozenset({"57P01", "57P02", "57P03"})
"""SQLSTATEs of a server shutting down, crashing or starting up (an administrator's or a crash's restart)."""


def _is_lost(exc: Exception) -> bool:
    """Whether an error of psycopg (or its pool) means the server could not be reached or the connection was lost
    (a restart), rather than a statement the server refused."""
    sqlstate = getattr(exc, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith("08") or sqlstate in _SERVER_GONE


class _Cursor:
    """A statement's result, with rows read like ``sqlite3.Row``."""

    __slots__ = ("_cursor", "_index")

    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self._cursor = cursor
        description = cursor.description or ()
        self._index = {column.name: i for i, column in enumerate(description)}

    @property
    def rowcount(self) -> int:
        return int(self._cursor.rowcount)

    def fetchone(self) -> Row | None:
        values = self._cursor.fetchone()
        return None if values is None else Row(self._index, values)

    def fetchall(self) -> list[Row]:
        return [Row(self._index, values) for values in self._cursor.fetchall()]

    def __iter__(self) -> Iterator[Row]:
        for values in self._cursor:
            yield Row(self._index, values)


class PostgresConnection:
    """A psycopg connection (in autocommit mode) as the stores use a connection."""

    __slots__ = ("raw",)

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    @property
    def in_transaction(self) -> bool:
        from psycopg import pq

        return self.raw.info.transaction_status is not pq.TransactionStatus.IDLE

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> _Cursor:
        check_storable(parameters)
        return _Cursor(self.raw.execute(postgres_sql(sql), tuple(parameters)))


class PostgresDatabase(Database):
    """One PostgreSQL database, reached through a pool of ``POOL_SIZE`` connections."""

    kind = StoreKind.POSTGRES

    def __init__(self, url: str | StoreAddress, *, pool_size: int = POOL_SIZE) -> None:
        self.address = url if isinstance(url, StoreAddress) else parse_store_address(url)
        self.url = self.address.target
        psycopg, psycopg_pool = _psycopg()
        self._psycopg = psycopg
        self._pool_timeout = psycopg_pool.PoolTimeout
        self.pool: ConnectionPool[Any] = psycopg_pool.ConnectionPool(
            self.url, min_size=1, max_size=pool_size, kwargs={"autocommit": True}, open=False,
            name="floorman", timeout=CONNECT_TIMEOUT_S * 3, check=psycopg_pool.ConnectionPool.check_connection,
        )
        try:
            self.pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
        except psycopg_pool.PoolTimeout:
            self.pool.close()
            reason = self._why_not()
            raise StorageError("error.storage.postgres.cannot_reach_postgresql_server_2", shown=self.shown,
                               reason=reason) from None

    def _why_not(self) -> str:
        try:
            self._psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT_S).close()
        except self._psycopg.Error as exc:
            return " ".join(str(exc).split()) or type(exc).__name__
        return "no connection within the time allowed"

    @property
    def shown(self) -> str:
        return self.address.shown

    @contextmanager
    def connect(self) -> Iterator[PostgresConnection]:
        """A connection of the pool, checked before it is handed out (one lost to a server restart is replaced).
        A connection lost during the request, or a server that cannot be reached, is ``StoreUnavailableError``
        (the console answers 503 ``store_unavailable``; nothing half-done is kept: the transaction was rolled
        back with the connection)."""
        try:
            with self.pool.connection() as raw:
                yield PostgresConnection(raw)
        except (self._psycopg.OperationalError, self._pool_timeout) as exc:
            if not _is_lost(exc):
                raise
            raise StoreUnavailableError("error.storage.postgres.unreachable", reason="unreachable", shown=self.shown,
                                        exc=exc) from exc

    @contextmanager
    def transaction(self) -> Iterator[PostgresConnection]:
        with self.connect() as conn:
            conn.execute("BEGIN")
            try:
                conn.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.raw.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        if self._floor_calls is not None:
            self._floor_calls.close()
        self.pool.close()

    def _make_floor_calls(self) -> FloorCalls:
        return PostgresFloorCalls(self)


class PostgresFloorCalls(FloorCalls):
    """Floor calls through PostgreSQL's NOTIFY, heard by every server LISTENing on the database."""

    def __init__(self, db: PostgresDatabase) -> None:
        super().__init__()
        self.db = db
        self._listener: threading.Thread | None = None
        self._started = threading.Event()
        self._stop = threading.Event()
        self._start_lock = threading.Lock()

    def publish(self, call: FloorCall) -> None:
        with self.db.connect() as conn:
            conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, call.to_json()))

    def _listening(self) -> None:
        with self._start_lock:
            if self._listener is None or not self._listener.is_alive():
                self._started.clear()
                self._listener = threading.Thread(target=self._listen, name="floorman-floor-calls", daemon=True)
                self._listener.start()
        self._started.wait(CONNECT_TIMEOUT_S)

    def _listen(self) -> None:
        """Hear NOTIFYs until closed; a lost connection is opened again (calls sent meanwhile are missed,
        and the floor devices read the tables' state again when they reconnect)."""
        psycopg = self.db._psycopg
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.db.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._started.set()
                    while not self._stop.is_set():
                        for notify in conn.notifies(timeout=0.5):
                            self._hear(notify.payload)
            except psycopg.Error as exc:
                log.warning("floor calls: lost the PostgreSQL listener (%s); listening again", exc)
                self._started.set()
                self._stop.wait(1.0)

    def _hear(self, payload: str) -> None:
        try:
            call = FloorCall.from_obj(json.loads(payload))
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("floor calls: ignored a notification that is not a floor call (%s)", exc)
            return
        self.heard(call)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=2)


@contextmanager
def read_only_postgres(address: StoreAddress) -> Iterator[PostgresConnection]:
    """One connection whose transactions may only read, to a database that holds an incident log."""
    psycopg, _ = _psycopg()
    try:
        raw = psycopg.connect(address.target, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
    except psycopg.Error as exc:
        raise StorageError("error.storage.postgres.cannot_reach_postgresql_server", shown=address.shown,
                           names=' '.join(str(exc).split())) from None
    with raw:
        conn = PostgresConnection(raw)
        conn.execute("SET default_transaction_read_only = on")
        found = conn.execute("SELECT to_regclass('incidents')").fetchone()
        if found is None or found[0] is None:
            raise StorageError("error.storage.postgres.not_floorman_database_incident", shown=address.shown)
        yield conn
