"""Opening the store a ``--db`` value names: SQLite (``floorman.storage.database``) or PostgreSQL
(``floorman.storage.postgres``), both behind the one interface ``Database``.

>>> db = open_database(":memory:")
>>> db.kind, db.migrate()[0]
(<StoreKind.SQLITE: 'sqlite'>, '0001_accounts')
>>> db.migrate()  # every migration is applied once
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from floorman.storage.address import StoreAddress, StoreKind, parse_store_address
from floorman.storage.database import Database, SqliteDatabase, read_only_sqlite
from floorman.storage.postgres import PostgresDatabase, read_only_postgres
from floorman.storage.sql import Connection

__all__ = ["open_database", "read_only"]


def open_database(target: str | Path | StoreAddress) -> Database:
    """The database a ``--db`` value names (parsed if it is not yet), not yet migrated."""
    address = target if isinstance(target, StoreAddress) else parse_store_address(target)
    if address.kind is StoreKind.POSTGRES:
        return PostgresDatabase(address)
    return SqliteDatabase(address)


@contextmanager
def read_only(target: str | Path | StoreAddress) -> Iterator[Connection]:
    """A read-only connection to an existing floorman database (nothing is created or migrated).

    Raises ``StorageError`` when there is no database there (no file, no server), when it is not an
    SQLite or PostgreSQL database, or when it holds no incident log.
    """
    address = target if isinstance(target, StoreAddress) else parse_store_address(target)
    if address.kind is StoreKind.POSTGRES:
        with read_only_postgres(address) as pg:
            yield pg
    else:
        with read_only_sqlite(address.target) as lite:
            yield lite
