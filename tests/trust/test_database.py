"""The database under the console: a commit is on disk before it returns, a connection is reused only
when it was left clean, and the incident page's chain watch goes on from what it already checked."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from floorman.storage import (
    EVERY_ROOM,
    ChainWatch,
    Counts,
    Database,
    Grouping,
    IncidentDraft,
    Incidents,
    Period,
    StaleSequenceError,
    StatsCache,
    StatsQueries,
    open_database,
)
from floorman.storage.database import POOL_SIZE

NOW = "2026-06-01T21:00:00+00:00"


def _database(tmp_path: Path) -> Database:
    db = open_database(tmp_path / "console.db")
    db.migrate()
    return db


def _record(db: Database, n: int) -> None:
    with db.transaction() as conn:
        Incidents(conn, rooms=EVERY_ROOM).record(IncidentDraft(
            table_name="7", hand_number=f"7-{n}", dealer="D-1", floor_person="flo", rulebook="tda-2024",
            verdict="continue", final_verdict="continue", rules=["FLOP-4CARD"], causes=["four_card_flop"],
            substantial_action=True, log={"events": []}, ruling={"rulings": []}), now=NOW)


def test_every_connection_syncs_the_log_at_each_commit(tmp_path: Path) -> None:
    db = _database(tmp_path)
    with db.connect() as conn:
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_connection_left_clean_is_reused_and_the_pool_is_bounded(tmp_path: Path) -> None:
    db = _database(tmp_path)
    with db.connect() as first:
        pass
    with db.connect() as again:
        assert again is first
    held = [db.connect() for _ in range(POOL_SIZE + 3)]
    connections = [h.__enter__() for h in held]
    assert len({id(c) for c in connections}) == POOL_SIZE + 3
    for h in held:
        h.__exit__(None, None, None)
    assert len(db._idle) == POOL_SIZE
    db.close()
    assert db._idle == []


def test_a_connection_that_saw_an_error_is_closed_not_reused(tmp_path: Path) -> None:
    db = _database(tmp_path)
    with pytest.raises(StaleSequenceError), db.transaction() as conn:
        failed = conn
        raise StaleSequenceError("someone logged first", expected=0, actual=1)
    with pytest.raises(sqlite3.ProgrammingError):
        failed.execute("SELECT 1")
    with db.connect() as conn:
        assert conn is not failed and not conn.in_transaction


def test_a_block_that_leaves_a_transaction_open_does_not_hand_it_on(tmp_path: Path) -> None:
    db = _database(tmp_path)
    with db.connect() as conn:
        conn.execute("BEGIN")
        left = conn
    with db.connect() as conn:
        assert conn is not left and not conn.in_transaction


def _edit(db: Database, statement: str) -> None:
    raw = sqlite3.connect(db.path)
    raw.execute("DROP TRIGGER IF EXISTS incidents_are_never_updated")
    raw.execute("DROP TRIGGER IF EXISTS incidents_are_never_deleted")
    raw.execute(statement)
    raw.commit()
    raw.close()


def test_the_chain_watch_checks_a_new_row_at_once(tmp_path: Path) -> None:
    db = _database(tmp_path)
    for n in range(3):
        _record(db, n)
    watch = ChainWatch(full_every=3600.0, clock=lambda: 0.0)
    with db.connect() as conn:
        assert watch.status(conn).entries == 3
    _record(db, 3)
    _edit(db, "UPDATE incidents SET dealer = 'D-9' WHERE id = 4")
    with db.connect() as conn:
        status = watch.status(conn)
    assert status.broken is not None and status.broken.incident_id == 4


def test_the_chain_watch_sees_an_older_row_changed_at_the_next_full_walk(tmp_path: Path) -> None:
    db = _database(tmp_path)
    for n in range(3):
        _record(db, n)
    now = [0.0]
    watch = ChainWatch(full_every=60.0, clock=lambda: now[0])
    with db.connect() as conn:
        assert watch.status(conn).broken is None
    _record(db, 3)
    _edit(db, "UPDATE incidents SET note = 'edited' WHERE id = 1")
    with db.connect() as conn:
        status = watch.status(conn)
        assert (status.entries, status.broken) == (4, None), "rows it checked are trusted until the full walk"
        now[0] = 61.0
        status = watch.status(conn)
    assert status.broken is not None and status.broken.incident_id == 1


def test_the_chain_watch_walks_it_all_when_the_row_it_went_on_from_is_gone(tmp_path: Path) -> None:
    db = _database(tmp_path)
    for n in range(3):
        _record(db, n)
    watch = ChainWatch(full_every=3600.0, clock=lambda: 0.0)
    with db.connect() as conn:
        assert watch.status(conn).entries == 3
    _edit(db, "DELETE FROM incidents WHERE id = 3")
    with db.connect() as conn:
        assert watch.status(conn).entries == 2


def test_the_chain_watch_walks_the_history_again_a_step_per_view(tmp_path: Path) -> None:
    db = _database(tmp_path)
    for n in range(5):
        _record(db, n)
    now = [0.0]
    watch = ChainWatch(full_every=60.0, step=2, clock=lambda: now[0])
    with db.connect() as conn:
        assert watch.status(conn).entries == 5
    _edit(db, "UPDATE incidents SET note = 'edited' WHERE id = 4")
    now[0] = 61.0
    with db.connect() as conn:
        assert watch.status(conn).broken is None, "the first step reads rows 1 and 2 only"
        status = watch.status(conn)
    assert status.broken is not None and status.broken.incident_id == 4


def test_the_statistics_are_counted_again_only_when_an_incident_or_a_hand_is_added(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = _database(tmp_path)
    _record(db, 0)
    cache = StatsCache()
    period = Period(since="2026-06-01", until="2026-06-30")
    counted: list[Period] = []
    counts = StatsQueries.counts

    def counting(self: StatsQueries, p: Period) -> Counts:
        counted.append(p)
        return counts(self, p)

    monkeypatch.setattr(StatsQueries, "counts", counting)
    with db.connect() as conn:
        first = cache.counts(conn, period, rooms=EVERY_ROOM)
        assert cache.counts(conn, period, rooms=EVERY_ROOM) is first and len(counted) == 1
    _record(db, 1)
    with db.connect() as conn:
        again = cache.counts(conn, period, rooms=EVERY_ROOM)
    assert len(counted) == 2 and sum(again.irregularities[Grouping.TABLE].values()) == 2
