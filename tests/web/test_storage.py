"""The SQLite store: named migrations recorded once, WAL mode, sequence numbers, passwords, sessions."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from floorman.storage import (
    EVERY_ROOM,
    Accounts,
    Hands,
    MigrationError,
    PasswordHasher,
    Role,
    StaleSequenceError,
    default_database_path,
    open_database,
)
from floorman.storage.migrations import MIGRATIONS

NOW = "2026-06-01T20:00:00+00:00"


def test_a_new_database_gets_every_migration_by_name_once(tmp_path: Path) -> None:
    db = open_database(tmp_path / "x.db")
    assert db.migrate() == [m.name for m in MIGRATIONS]
    assert db.migrate() == []
    with db.connect() as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY name")]
    assert names == [m.name for m in MIGRATIONS]


def test_a_file_database_runs_in_wal_mode(tmp_path: Path) -> None:
    assert open_database(tmp_path / "x.db").journal_mode() == "wal"


def test_a_database_from_a_newer_floorman_is_refused(tmp_path: Path) -> None:
    db = open_database(tmp_path / "x.db")
    db.migrate()
    with db.transaction() as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_from_the_future', ?)", (NOW,))
    with pytest.raises(MigrationError, match="9999_from_the_future"):
        db.migrate()


def test_the_default_database_lives_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if default_database_path().parent.parent == tmp_path:
        assert default_database_path() == tmp_path / "floorman" / "floorman.db"


def test_two_writers_on_one_hand_conflict_in_the_database(tmp_path: Path) -> None:
    db = open_database(tmp_path / "x.db")
    db.migrate()
    header = {"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {}, "players": []}
    with db.transaction() as conn:
        hand = Hands(conn, rooms=EVERY_ROOM).create(header, table_name="1", hand_number="1", dealer="", now=NOW, user_id=None)
        Hands(conn, rooms=EVERY_ROOM).append(hand.id, [{"type": "burn"}], expected_seq=0, now=NOW, user_id=None)
    with db.transaction() as conn, pytest.raises(StaleSequenceError) as caught:
        Hands(conn, rooms=EVERY_ROOM).append(hand.id, [{"type": "burn"}], expected_seq=0, now=NOW, user_id=None)
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    with db.connect() as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO hand_events VALUES (?, 0, 9, '{}', NULL, ?)", (hand.id, NOW))


def test_passwords_are_salted_scrypt_hashes() -> None:
    hasher = PasswordHasher(cost=2**10)
    first, second = hasher.hash("same password"), hasher.hash("same password")
    assert first != second and first.startswith("scrypt$1024$8$1$")
    assert hasher.verify("same password", second) and not hasher.verify("Same password", second)
    assert not hasher.verify("same password", "md5$abc")
    assert PasswordHasher(cost=2**11).needs_rehash(first)


def test_a_session_is_stored_only_as_a_hash_and_expires(tmp_path: Path) -> None:
    db = open_database(tmp_path / "x.db")
    db.migrate()
    now = datetime(2026, 6, 1, 20, tzinfo=UTC)
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=2**10))
        user = accounts.add("ann", "long enough", Role.FLOOR, now=NOW)
        token, _ = accounts.open_session(user, now=now)
        stored = [r[0] for r in conn.execute("SELECT token_hash FROM sessions")]
        assert token not in stored and len(stored[0]) == 64
        assert accounts.session(token, now=now + timedelta(hours=11)) is not None
        assert accounts.session(token, now=now + timedelta(hours=13)) is None


def test_a_user_name_is_unique_whatever_the_case(tmp_path: Path) -> None:
    db = open_database(tmp_path / "x.db")
    db.migrate()
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=2**10))
        accounts.add("Ann", "long enough", Role.FLOOR, now=NOW)
        with pytest.raises(Exception, match="already a user"):
            accounts.add("ann", "long enough", Role.DEALER, now=NOW)
        assert accounts.authenticate("ANN", "long enough") is not None


def test_an_in_memory_database_works_for_scripts() -> None:
    db = open_database(":memory:")
    db.migrate()
    with db.connect() as conn:
        assert conn.execute("SELECT COUNT(*) FROM incidents").fetchone()[0] == 0
