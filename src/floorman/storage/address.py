"""Where the console's records live, as given to ``--db``: one parse for every command.

A value is a file path (the SQLite database; created if missing), ``sqlite:///PATH``, or a
``postgresql://`` (or ``postgres://``) URL naming a PostgreSQL database. Anything else is refused in
one line: a URL of a store floorman does not speak is not quietly taken for a file in a folder
called ``mysql:``.

>>> parse_store_address("console.db")
StoreAddress(kind=<StoreKind.SQLITE: 'sqlite'>, target='console.db')
>>> parse_store_address("sqlite:///srv/floor/console.db").target
'/srv/floor/console.db'
>>> parse_store_address("postgresql://floor@db.casino.example/floorman").kind
<StoreKind.POSTGRES: 'postgres'>
>>> parse_store_address("postgresql://floor:secret@db/floorman").shown
'postgresql://floor:***@db/floorman'
>>> parse_store_address("./mysql:x.db").target          # a path that only looks like a URL
'./mysql:x.db'
>>> parse_store_address("mysql://floor@db/floorman")
Traceback (most recent call last):
...
floorman.storage.errors.StoreAddressError: --db 'mysql://floor@db/floorman': not a file path, and mysql is not a kind of store floorman supports (supported: a file path, sqlite:///PATH, postgresql://...)
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from floorman.locale import Message
from floorman.storage.errors import StoreAddressError

__all__ = ["StoreAddress", "StoreKind", "default_database_path", "parse_store_address", "shown_value"]

SCHEME = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]+):")
"""A URL scheme: two characters at least, so that a Windows drive (``C:``) stays a path."""

SHOWN_CHARS = 100
"""How much of an offending value an error message repeats."""

POSTGRES_SCHEMES = ("postgresql", "postgres")


class StoreKind(StrEnum):
    """The kinds of store the console can keep its records in."""

    SQLITE = "sqlite"
    POSTGRES = "postgres"


SUPPORTED = Message.of("error.storage.address.supported")
"""What ``--db`` accepts, as said in its refusals (in the reader's language)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class StoreAddress:
    """A parsed ``--db`` value: the kind of store and its target (for SQLite, the file path or
    ``:memory:``; for PostgreSQL, the connection URL as given)."""

    kind: StoreKind
    target: str

    def __str__(self) -> str:
        return self.shown

    @property
    def shown(self) -> str:
        """The target as it may be printed: a password in a URL is masked."""
        if self.kind is not StoreKind.POSTGRES:
            return self.target
        parts = urlsplit(self.target)
        if parts.password is None:
            return self.target
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def default_database_path() -> Path:
    """``floorman.db`` in the user's data folder (XDG on Linux, Application Support, LOCALAPPDATA)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "floorman" / "floorman.db"


def shown_value(value: str, limit: int = SHOWN_CHARS) -> str:
    """``value`` quoted for an error message, cut to about ``limit`` characters."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}... ({len(value):,} characters)"


def _sqlite_url(value: str) -> StoreAddress:
    rest = value[len("sqlite://"):] if value.lower().startswith("sqlite://") else ""
    if not rest.startswith("/") or rest == "/":
        raise StoreAddressError("error.storage.address.db_sqlite_url_sqlite", value=shown_value(value))
    return StoreAddress(kind=StoreKind.SQLITE, target=rest)


def _postgres_url(value: str) -> StoreAddress:
    masked = StoreAddress(kind=StoreKind.POSTGRES, target=value).shown
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018  (reading it checks it)
    except ValueError as exc:
        raise StoreAddressError("error.storage.address.db_not_postgresql_url", value=shown_value(masked),
                                exc=exc) from None
    if not parts.netloc and "host=" not in parts.query:
        raise StoreAddressError("error.storage.address.db_postgresql_url_names", value=shown_value(masked))
    return StoreAddress(kind=StoreKind.POSTGRES, target=value)


def parse_store_address(value: str | Path | None, *, default: Path | None = None) -> StoreAddress:
    """The store named by a ``--db`` value (``None``: ``default``, the user's data folder when not given).

    Raises ``StoreAddressError`` for an empty value, a folder, a URL of an unsupported kind, or a
    malformed supported URL.
    """
    if value is None:
        return StoreAddress(kind=StoreKind.SQLITE, target=str(default or default_database_path()))
    if isinstance(value, Path):
        value = str(value)
    if not value.strip():
        raise StoreAddressError("error.storage.address.db_database_named_give")
    if "\x00" in value:
        raise StoreAddressError("error.storage.address.db_file_path_holds", value=shown_value(value))
    if value == ":memory:":
        return StoreAddress(kind=StoreKind.SQLITE, target=value)
    match = SCHEME.match(value)
    if match is not None:
        scheme = match["scheme"].lower()
        if scheme == StoreKind.SQLITE:
            return _sqlite_url(value)
        if scheme in POSTGRES_SCHEMES:
            return _postgres_url(value)
        raise StoreAddressError("error.storage.address.db_not_file_path", value=shown_value(value), scheme=scheme,
                                supported=SUPPORTED)
    if Path(value).is_dir():
        raise StoreAddressError("error.storage.address.db_folder_not_database", value=shown_value(value))
    return StoreAddress(kind=StoreKind.SQLITE, target=value)
