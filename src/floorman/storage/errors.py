"""What the stores raise: the input or the request cannot be carried out as asked.

All of them are ``FloormanError`` leaves, so the web layer maps them to HTTP responses in the same
single place as the errors of the core::

    StorageError                 the root of the store's errors
    ├── NotFoundError            no hand, incident or user with that id or name
    ├── StaleSequenceError       an append named a sequence number the hand has moved past
    ├── ConflictError            the request contradicts the record (a second correction, a taken name)
    ├── MigrationError           the database was written by a newer floorman
    ├── StoreAddressError        a --db value that is neither a file path nor a supported URL
    ├── UnstorableTextError      a text holds a NUL character, which no store keeps (refused alike on every store)
    └── StoreUnavailableError    the database cannot be written now: read-only, the disk is full, or the
                                 server cannot be reached
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from floorman.errors import FloormanError
from floorman.locale import Message

__all__ = [
    "ConflictError", "MigrationError", "NotFoundError", "StaleSequenceError", "StorageError", "StoreAddressError",
    "StoreUnavailableError", "UnstorableTextError", "check_storable",
]


class StorageError(FloormanError):
    """The root of every error the stores raise."""


class NotFoundError(StorageError):
    """No record with that id or name."""


class StaleSequenceError(StorageError):
    """The hand has more (or fewer) events than the writer expected: someone else logged first."""

    def __init__(self, message: str | Message, /, *, expected: int, actual: int, **params: Any) -> None:
        super().__init__(message, **params)
        self.expected = expected
        self.actual = actual


class ConflictError(StorageError):
    """The request contradicts what is on record."""


class MigrationError(StorageError):
    """The database schema cannot be brought to this version of floorman."""


class StoreAddressError(StorageError):
    """A ``--db`` value names neither a file path nor a supported kind of store."""


class UnstorableTextError(StorageError):
    """A text to be stored holds a NUL character (U+0000): PostgreSQL keeps no such text, so neither store does."""


def check_storable(parameters: Sequence[Any]) -> None:
    """Raise ``UnstorableTextError`` when a text among a statement's ``parameters`` holds a NUL character.

    >>> check_storable(("T3", 12, None))
    >>> check_storable(("T3" + chr(0),))
    Traceback (most recent call last):
    ...
    floorman.storage.errors.UnstorableTextError: a text holds a NUL character (U+0000), which is not stored
    """
    for value in parameters:
        if type(value) is str and "\x00" in value:
            raise UnstorableTextError("error.storage.nul_in_text")


class StoreUnavailableError(StorageError):
    """The database cannot be written now: the file is read-only, the disk (or the file's page limit) is full, or
    the database server cannot be reached (restarting, or gone).

    Nothing of the write was recorded (its transaction is rolled back) and nothing recorded before is
    touched; ``reason`` is ``"read_only"``, ``"full"`` or ``"unreachable"``.
    """

    def __init__(self, message: str | Message, /, *, reason: str, **params: Any) -> None:
        super().__init__(message, **params)
        self.reason = reason
