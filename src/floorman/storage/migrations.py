"""The schema as named migrations, applied in order and recorded in ``schema_migrations``.

A migration is never edited once released: a change to the schema is a new migration at the end.
A database that records a migration this version does not know was written by a newer floorman,
and is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from floorman.storage.errors import MigrationError

__all__ = ["MIGRATIONS", "Migration", "applied_migrations", "migrate"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Migration:
    name: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(name="0001_accounts", statements=(
        """CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL UNIQUE COLLATE NOCASE,
            password_hash TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('dealer', 'floor', 'director')),
            locale TEXT,
            active INTEGER NOT NULL DEFAULT 1,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            csrf_token TEXT NOT NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL
        )""",
        "CREATE INDEX sessions_by_user ON sessions (user_id)",
    )),
    Migration(name="0002_hands", statements=(
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            table_name TEXT NOT NULL,
            hand_number TEXT NOT NULL,
            dealer TEXT NOT NULL DEFAULT '',
            header TEXT NOT NULL,
            replay_of INTEGER REFERENCES hands(id),
            created_at TEXT NOT NULL,
            created_by INTEGER REFERENCES users(id),
            closed_at TEXT
        )""",
        "CREATE INDEX hands_by_table ON hands (table_name, id)",
        "CREATE INDEX hands_by_time ON hands (created_at)",
        """CREATE TABLE hand_events (
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            seq INTEGER NOT NULL CHECK (seq >= 0),
            batch INTEGER NOT NULL,
            event TEXT NOT NULL,
            logged_by INTEGER REFERENCES users(id),
            logged_at TEXT NOT NULL,
            PRIMARY KEY (hand_id, seq)
        )""",
    )),
    Migration(name="0003_incidents", statements=(
        """CREATE TABLE incidents (
            id INTEGER PRIMARY KEY,
            recorded_at TEXT NOT NULL,
            table_name TEXT NOT NULL,
            hand_number TEXT NOT NULL,
            dealer TEXT NOT NULL,
            floor_person TEXT NOT NULL,
            rulebook TEXT NOT NULL,
            verdict TEXT NOT NULL,
            override_verdict TEXT,
            override_reason TEXT,
            final_verdict TEXT NOT NULL,
            rules TEXT NOT NULL,
            causes TEXT NOT NULL,
            substantial_action INTEGER NOT NULL,
            log TEXT NOT NULL,
            ruling TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            hand_id INTEGER REFERENCES hands(id),
            corrects INTEGER REFERENCES incidents(id),
            prev_hash TEXT NOT NULL,
            row_hash TEXT NOT NULL UNIQUE
        )""",
        "CREATE INDEX incidents_by_time ON incidents (recorded_at)",
        "CREATE INDEX incidents_by_corrects ON incidents (corrects)",
        """CREATE TRIGGER incidents_are_never_updated BEFORE UPDATE ON incidents
           BEGIN SELECT RAISE(ABORT, 'incidents are append-only: record a correction instead'); END""",
        """CREATE TRIGGER incidents_are_never_deleted BEFORE DELETE ON incidents
           BEGIN SELECT RAISE(ABORT, 'incidents are append-only: record a correction instead'); END""",
    )),
    Migration(name="0004_incident_indexes", statements=(
        # the incident log's filter lists (tables, dealers, floor staff) read these, not the whole log
        "CREATE INDEX incidents_by_table ON incidents (table_name COLLATE NOCASE)",
        "CREATE INDEX incidents_by_dealer ON incidents (dealer COLLATE NOCASE)",
        "CREATE INDEX incidents_by_floor ON incidents (floor_person COLLATE NOCASE)",
        # the statistics page counts from this alone (a row's log and ruling are most of its size)
        "CREATE INDEX incidents_for_stats ON incidents (recorded_at, dealer, table_name, causes)",
    )),
    Migration(name="0005_drill_answers", statements=(
        # a drill is its arguments: the questions are made again from the seed and the options
        """CREATE TABLE drills (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id),
            seed TEXT NOT NULL,
            topic TEXT,
            rulebook TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (count >= 1),
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE drill_answers (
            id INTEGER PRIMARY KEY,
            drill_id INTEGER NOT NULL REFERENCES drills(id),
            user_id INTEGER NOT NULL REFERENCES users(id),
            seed TEXT NOT NULL,
            options TEXT NOT NULL,
            question_index INTEGER NOT NULL CHECK (question_index >= 0),
            question_id TEXT NOT NULL,
            topic TEXT NOT NULL,
            rulebook TEXT NOT NULL,
            given_verdict TEXT,
            given_choice INTEGER,
            verdict_right INTEGER NOT NULL CHECK (verdict_right IN (0, 1)),
            remedy_right INTEGER NOT NULL CHECK (remedy_right IN (0, 1)),
            points INTEGER NOT NULL CHECK (points BETWEEN 0 AND 2),
            answered_at TEXT NOT NULL,
            UNIQUE (drill_id, question_index)
        )""",
        "CREATE INDEX drill_answers_by_user ON drill_answers (user_id, topic)",
        """CREATE TRIGGER drill_answers_are_never_updated BEFORE UPDATE ON drill_answers
           BEGIN SELECT RAISE(ABORT, 'drill answers are append-only'); END""",
        """CREATE TRIGGER drill_answers_are_never_deleted BEFORE DELETE ON drill_answers
           BEGIN SELECT RAISE(ABORT, 'drill answers are append-only'); END""",
    )),
)


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    return [row[0] for row in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]


def migrate(conn: sqlite3.Connection, *, now: str) -> list[str]:
    """Apply every pending migration, each in its own transaction; the names applied."""
    done = set(applied_migrations(conn))
    known = {m.name for m in MIGRATIONS}
    unknown = sorted(done - known)
    if unknown:
        raise MigrationError(
            f"the database records migration {unknown[0]!r}, which this floorman does not know: "
            "it was written by a newer version"
        )
    applied: list[str] = []
    for migration in MIGRATIONS:
        if migration.name in done:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("SELECT 1 FROM schema_migrations WHERE name = ?", (migration.name,)).fetchone():
                conn.execute("ROLLBACK")
                continue
            for statement in migration.statements:
                conn.execute(statement)
            conn.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", (migration.name, now))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        applied.append(migration.name)
    return applied
