"""What the stores see of a database: a connection that runs SQL with ``?`` marks and gives rows read
by position and by name, whichever database is underneath.

The stores (``Accounts``, ``Hands``, ``Incidents``, ...) write their SQL once, as SQLite reads it.
On SQLite they get the ``sqlite3`` connection itself; on PostgreSQL they get a ``PostgresConnection``,
which hands each statement to ``postgres_sql`` first. That turns the few things the two dialects spell
differently:

- the parameter marks: ``?`` becomes ``%s`` (and a literal ``%`` is doubled);
- ``LIKE`` becomes ``ILIKE`` (SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not);
- ``json_each(X) AS a`` (the elements of a JSON array, read as ``a.value``) becomes
  ``json_array_elements_text(X::json) AS a(value)``.

``COLLATE NOCASE`` is left as it is: the PostgreSQL schema defines a collation ``nocase`` (ICU,
case-insensitive), and PostgreSQL folds the unquoted name to it.

>>> postgres_sql("SELECT id FROM users WHERE username = ? AND note LIKE ?")
'SELECT id FROM users WHERE username = %s AND note ILIKE %s'
>>> postgres_sql("SELECT j.value FROM incidents i, json_each(i.causes) AS j WHERE i.note != '50% ?'")
"SELECT j.value FROM incidents i, json_array_elements_text(i.causes::json) AS j(value) WHERE i.note != '50%% ?'"
"""

from __future__ import annotations

import re
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, Protocol

__all__ = ["Connection", "Cursor", "Row", "database_errors", "integrity_errors", "postgres_sql"]


class Cursor(Protocol):
    """The result of one statement."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection as the stores use it (``sqlite3.Connection`` is one as it stands)."""

    @property
    def in_transaction(self) -> bool: ...

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...


class Row:
    """One row of a PostgreSQL result, read like ``sqlite3.Row``: ``row[0]`` or ``row["name"]``."""

    __slots__ = ("_index", "_values")

    def __init__(self, index: dict[str, int], values: Sequence[Any]) -> None:
        self._index = index
        self._values = values

    def __getitem__(self, key: int | str) -> Any:
        if isinstance(key, str):
            return self._values[self._index[key]]
        return self._values[key]

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def keys(self) -> list[str]:
        return list(self._index)

    def __repr__(self) -> str:
        return f"Row({dict(zip(self._index, self._values, strict=True))!r})"


_QUOTED = re.compile(r"('(?:[^']|'')*')")
_LIKE = re.compile(r"\bLIKE\b")
_EACH = re.compile(r"\bjson_each\(([^()]*)\)\s+AS\s+(\w+)")


@lru_cache(maxsize=1024)
def postgres_sql(sql: str) -> str:
    """``sql`` as written for SQLite, in PostgreSQL's dialect (string literals are left alone but for ``%``)."""
    parts = _QUOTED.split(sql)
    for i, part in enumerate(parts):
        part = part.replace("%", "%%")
        if i % 2 == 0:  # outside a string literal
            part = part.replace("?", "%s")
            part = _LIKE.sub("ILIKE", part)
            part = _EACH.sub(r"json_array_elements_text(\1::json) AS \2(value)", part)
        parts[i] = part
    return "".join(parts)


def integrity_errors() -> tuple[type[Exception], ...]:
    """What an insert raises when it breaks a key or a constraint, on either database (psycopg's
    errors only once psycopg is loaded: no PostgreSQL connection exists before)."""
    psycopg = sys.modules.get("psycopg")
    return (sqlite3.IntegrityError,) if psycopg is None else (sqlite3.IntegrityError, psycopg.IntegrityError)


def database_errors() -> tuple[type[Exception], ...]:
    """What any statement may raise, on either database."""
    psycopg = sys.modules.get("psycopg")
    return (sqlite3.Error,) if psycopg is None else (sqlite3.Error, psycopg.Error)
