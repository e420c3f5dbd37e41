"""The console's records: accounts, rooms, hands and their events, the incident log, the calls to
the floor.

Each store is a small class over one connection (``Accounts``, ``Hands``, ``Incidents``,
``FloorCallLog``, ``StatsQueries``); ``Database`` opens connections and transactions and applies the migrations, on
SQLite (one file, the default) or PostgreSQL (``postgresql://``, for many rooms and servers).
"""

from __future__ import annotations

from floorman.storage.accounts import AccountAdmin, Accounts, Role, Session, User
from floorman.storage.address import StoreAddress, StoreKind, parse_store_address
from floorman.storage.chain import ChainBreak, ChainStatus, ChainWatch, chain_status, verify_chain
from floorman.storage.database import Database, default_database_path, utc_now
from floorman.storage.errors import (
    ConflictError,
    MigrationError,
    NotFoundError,
    StaleSequenceError,
    StorageError,
    StoreAddressError,
    StoreUnavailableError,
    UnstorableTextError,
)
from floorman.storage.floor_call_log import FloorCallLog, LoggedCall, ResponseTimes
from floorman.storage.floor_calls import FloorCall, FloorCalls, Subscription
from floorman.storage.hands import HandRecord, Hands, LoggedEvent, TableSummary
from floorman.storage.incidents import Incident, IncidentDraft, IncidentQuery, Incidents
from floorman.storage.passwords import PasswordHasher
from floorman.storage.rooms import EVERY_ROOM, RoomScope
from floorman.storage.sql import Connection
from floorman.storage.stats import Counts, Grouping, Period, StatsCache, StatsQueries
from floorman.storage.stores import open_database, read_only

__all__ = [
    "EVERY_ROOM",
    "AccountAdmin",
    "Accounts",
    "ChainBreak",
    "ChainStatus",
    "ChainWatch",
    "ConflictError",
    "Connection",
    "Counts",
    "Database",
    "FloorCall",
    "FloorCallLog",
    "FloorCalls",
    "Grouping",
    "HandRecord",
    "Hands",
    "Incident",
    "IncidentDraft",
    "IncidentQuery",
    "Incidents",
    "LoggedCall",
    "LoggedEvent",
    "MigrationError",
    "NotFoundError",
    "PasswordHasher",
    "Period",
    "ResponseTimes",
    "Role",
    "RoomScope",
    "Session",
    "StaleSequenceError",
    "StatsCache",
    "StatsQueries",
    "StorageError",
    "StoreAddress",
    "StoreAddressError",
    "StoreKind",
    "StoreUnavailableError",
    "Subscription",
    "TableSummary",
    "UnstorableTextError",
    "User",
    "chain_status",
    "default_database_path",
    "open_database",
    "parse_store_address",
    "read_only",
    "utc_now",
    "verify_chain",
]
