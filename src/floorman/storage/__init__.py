"""The console's records in one SQLite file: accounts, hands and their events, the incident log.

Each store is a small class over one connection (``Accounts``, ``Hands``, ``Incidents``,
``StatsQueries``); ``Database`` opens connections and transactions and applies the migrations.
"""

from __future__ import annotations

from floorman.storage.accounts import Accounts, Role, Session, User
from floorman.storage.chain import ChainBreak, ChainStatus, ChainWatch, chain_status, verify_chain
from floorman.storage.database import Database, default_database_path, utc_now
from floorman.storage.errors import ConflictError, MigrationError, NotFoundError, StaleSequenceError, StorageError
from floorman.storage.hands import HandRecord, Hands, LoggedEvent, TableSummary
from floorman.storage.incidents import Incident, IncidentDraft, IncidentQuery, Incidents
from floorman.storage.passwords import PasswordHasher
from floorman.storage.stats import Counts, Grouping, Period, StatsCache, StatsQueries

__all__ = [
    "Accounts",
    "ChainBreak",
    "ChainStatus",
    "ChainWatch",
    "ConflictError",
    "Counts",
    "Database",
    "Grouping",
    "HandRecord",
    "Hands",
    "Incident",
    "IncidentDraft",
    "IncidentQuery",
    "Incidents",
    "LoggedEvent",
    "MigrationError",
    "NotFoundError",
    "PasswordHasher",
    "Period",
    "Role",
    "Session",
    "StaleSequenceError",
    "StatsCache",
    "StatsQueries",
    "StorageError",
    "TableSummary",
    "User",
    "chain_status",
    "default_database_path",
    "utc_now",
    "verify_chain",
]
