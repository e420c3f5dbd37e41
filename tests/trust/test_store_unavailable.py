"""A database that cannot be written: the console does not start on a read-only one, and while running
it answers 503 with one clear message for a read-only file or a full disk, loses nothing it acknowledged,
and carries on once the database can be written again."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.cli import main
from floorman.storage import StoreUnavailableError
from floorman.storage.database import SqliteDatabase as Database
from floorman.web.app import create_app
from tests.web.conftest import example

_OPEN = Database._open


def _read_only(self: Database) -> sqlite3.Connection:
    """A connection as to a file made read-only: SQLite opens it for reading only."""
    conn = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                           check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


def _full(self: Database) -> sqlite3.Connection:
    """A connection to a disk with no room left: the file may not grow by one page."""
    conn = _OPEN(self)
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    return conn


@pytest.fixture
def ready(db_path: Path) -> Path:
    create_app(db_path)  # created and migrated
    return db_path


def test_the_console_refuses_to_start_on_a_read_only_database(ready: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Database, "_open", _read_only)
    with pytest.raises(StoreUnavailableError, match="read-only"):
        create_app(ready)
    result = CliRunner().invoke(main, ["serve", "--db", str(ready)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "read-only" in lines[0] and "Traceback" not in result.output


def _hand(client: TestClient) -> tuple[int, int, list[dict[str, object]]]:
    log = example("four-card-flop")
    posts = [e for e in log["events"] if e["type"] == "post"]
    response = client.post("/api/hands", json={"header": {**log, "events": posts}})
    assert response.status_code == 201, response.text
    return response.json()["id"], response.json()["seq"], [e for e in log["events"] if e["type"] != "post"]


def _pool(app: FastAPI) -> Database:
    db: Database = app.state.services.db
    return db


@pytest.fixture
def quiet(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    with caplog.at_level(logging.WARNING, logger="floorman"):
        yield caplog


@pytest.mark.parametrize(("opener", "reason", "words"), [(_read_only, "read_only", "read-only"),
                                                          (_full, "full", "disk is full")])
def test_a_write_that_cannot_be_made_answers_503_loses_nothing_and_the_console_carries_on(
        app: FastAPI, dealer: TestClient, monkeypatch: pytest.MonkeyPatch, quiet: pytest.LogCaptureFixture,
        opener: object, reason: str, words: str) -> None:
    hand_id, seq, rest = _hand(dealer)
    acknowledged = []
    for event in rest[:3]:
        response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "events": [event]})
        assert response.status_code == 201
        seq = response.json()["seq"]
        acknowledged.append(event)
    monkeypatch.setattr(Database, "_open", opener)
    _pool(app).close()  # the pooled connections go: the next ones see the database as it is now
    refused = 0
    for event in rest[3:6]:
        note = {**event, "_pad": "x" * 20_000}  # big enough to need a new page
        response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "events": [note]})
        if response.status_code == 201:  # a full disk may still hold a small write in a page it has
            seq = response.json()["seq"]
            acknowledged.append(note)
            continue
        refused += 1
        assert response.status_code == 503
        error = response.json()["error"]
        assert error["type"] == "store_unavailable" and words in error["message"]
        assert "\n" not in error["message"]
    assert refused
    assert dealer.get(f"/api/hands/{hand_id}/events").status_code == 200  # reading goes on meanwhile
    assert not [r for r in quiet.records if r.exc_info]  # no traceback in the log: one clear line
    assert any(words in r.getMessage() for r in quiet.records)
    monkeypatch.setattr(Database, "_open", _OPEN)
    _pool(app).close()
    response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "events": [rest[6]]})
    assert response.status_code == 201, response.text  # space is back: the console carries on
    acknowledged.append(rest[6])
    logged = [e["event"] for e in dealer.get(f"/api/hands/{hand_id}/events").json()["events"]]
    assert [e for e in logged if e["type"] != "post"] == acknowledged  # nothing lost, nothing twice
