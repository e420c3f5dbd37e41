"""Faults answered alike on every store: a text holding a NUL character is refused by SQLite as by
PostgreSQL (nothing of the write is kept), over the console as a 422; a PostgreSQL connection lost to a
server restart is replaced before it is used, and a connection lost during a request is a 503
``store_unavailable``, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.storage import (
    EVERY_ROOM,
    Accounts,
    Database,
    IncidentQuery,
    Incidents,
    PasswordHasher,
    Role,
    StoreUnavailableError,
    UnstorableTextError,
    open_database,
)
from floorman.storage.rooms import Rooms
from floorman.web.app import create_app
from tests.store.test_contract import NOW, draft
from tests.web.conftest import FAST_HASH, PASSWORD, example, log_in


@pytest.fixture
def db(store: str) -> Iterator[Database]:
    database = open_database(store)
    database.migrate()
    yield database
    database.close()


@pytest.mark.parametrize("text", ["T3\x00", "\x00", "a\x00b" * 10])
def test_a_text_holding_a_nul_is_refused_alike_on_every_store_and_nothing_is_kept(db: Database, text: str) -> None:
    with pytest.raises(UnstorableTextError), db.transaction() as conn:
        Incidents(conn, rooms=EVERY_ROOM).record(draft("kept before"), now=NOW)
        Incidents(conn, rooms=EVERY_ROOM).record(draft(text), now=NOW)
    with pytest.raises(UnstorableTextError), db.transaction() as conn:
        Accounts(conn, PasswordHasher(cost=FAST_HASH)).add(text, PASSWORD, Role.FLOOR, now=NOW)
    with pytest.raises(UnstorableTextError), db.transaction() as conn:
        Rooms(conn).add("riverside", text, now=NOW)
    with db.connect() as conn:
        assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 0
        assert Accounts(conn).count() == 0
        assert [room.slug for room in Rooms(conn).all()] == ["main"]


def test_a_nul_in_a_json_column_is_kept_as_json_writes_it(db: Database) -> None:
    """A log's or a ruling's texts are stored as JSON, where a NUL is the escape ``\\u0000``: kept on every store."""
    with db.transaction() as conn:
        recorded = Incidents(conn, rooms=EVERY_ROOM).record(
            draft("ok").__class__(**{**_fields(draft("ok")), "log": {"events": [{"note": "a\x00b"}]}}), now=NOW)
    with db.connect() as conn:
        assert Incidents(conn, rooms=EVERY_ROOM).get(recorded.id).log == {"events": [{"note": "a\x00b"}]}


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}


@pytest.fixture
def console(store: str) -> Iterator[TestClient]:
    app = create_app(store, password_cost=FAST_HASH)
    with open_database(store).transaction() as conn:
        Accounts(conn, PasswordHasher(cost=FAST_HASH)).add("flo", PASSWORD, Role.FLOOR, now=NOW)
    with TestClient(app) as client:
        yield log_in(client, "flo")
    app.state.services.db.close()


def test_a_nul_sent_to_the_console_is_a_422_on_every_store(console: TestClient) -> None:
    response = console.post("/api/incidents", json={"log": example("four-card-flop"), "note": "seat 3\u0000"})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["type"] == "invalid_text" and error["message_id"] == "error.storage.nul_in_text"
    log = {**example("four-card-flop"), "table": "T\u00003"}
    assert console.post("/api/hands", json={"header": {**log, "events": []}}).status_code == 422
    assert console.get("/api/incidents").json()["total"] == 0


def _drop_connections(url: str) -> None:
    """What a restart of the server does to the console's connections: every one of them is ended."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def test_connections_lost_to_a_server_restart_are_replaced_before_use(postgres_url: str) -> None:
    db = open_database(postgres_url)
    try:
        db.migrate()
        with db.connect() as conn:
            assert conn.execute("SELECT 1").fetchone()[0] == 1
        _drop_connections(postgres_url)
        for _ in range(3):
            with db.connect() as conn:
                assert conn.execute("SELECT COUNT(*) FROM users").fetchone()[0] == 0
    finally:
        db.close()


def test_a_connection_lost_during_a_request_is_store_unavailable_and_nothing_is_kept(postgres_url: str) -> None:
    db = open_database(postgres_url)
    try:
        db.migrate()
        with pytest.raises(StoreUnavailableError) as lost, db.transaction() as conn:
            Incidents(conn, rooms=EVERY_ROOM).record(draft("half-done"), now=NOW)
            _drop_connections(postgres_url)
            Incidents(conn, rooms=EVERY_ROOM).record(draft("never"), now=NOW)
        assert lost.value.reason == "unreachable" and lost.value.message_id == "error.storage.postgres.unreachable"
        with db.connect() as conn:
            assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 0
    finally:
        db.close()


def test_the_console_answers_after_a_server_restart(postgres_url: str) -> None:
    app = create_app(postgres_url, password_cost=FAST_HASH)
    with open_database(postgres_url).transaction() as conn:
        Accounts(conn, PasswordHasher(cost=FAST_HASH)).add("flo", PASSWORD, Role.FLOOR, now=NOW)
    try:
        with TestClient(app) as client:
            log_in(client, "flo")
            assert client.get("/api/incidents").status_code == 200
            _drop_connections(postgres_url)
            assert client.get("/api/incidents").status_code == 200
            answer = client.post("/api/incidents", json={"log": example("four-card-flop")})
            assert answer.status_code == 201, answer.text
    finally:
        app.state.services.db.close()
