"""Fixtures for the console's tests: an app over a fresh database, accounts of each role, and
clients logged in as them (with the CSRF header the API asks for)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the console's tests need the web extra (pip install -e '.[web]')")

from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.web.app import create_app
from tests.conftest import EXAMPLES
from tests.store.conftest import postgres_url  # noqa: F401  (a fresh PostgreSQL database)

FAST_HASH = 2**10
"""Tests hash passwords with a small scrypt cost; the format stores the cost, so checks still run scrypt."""
PASSWORD = "correct horse battery"
USERS = {"dana": Role.DEALER, "flo": Role.FLOOR, "dir": Role.DIRECTOR}


sqlite_only = pytest.mark.skipif(os.environ.get("FLOORMAN_TEST_STORE") == "postgres",
                                 reason="reads or writes the SQLite file behind the console's back")
"""For a test that opens the console's SQLite file itself (the store's contract covers PostgreSQL)."""


def example(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return obj


@pytest.fixture
def db_path(tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """The console's database: a fresh SQLite file, or with ``FLOORMAN_TEST_STORE=postgres`` a fresh
    PostgreSQL database (the console's tests then run on the other store)."""
    if os.environ.get("FLOORMAN_TEST_STORE") == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return tmp_path / "console.db"


@pytest.fixture
def app(db_path: Path) -> FastAPI:
    console = create_app(db_path, password_cost=FAST_HASH)
    db = open_database(db_path)
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for name, role in USERS.items():
            accounts.add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    return console


def log_in(client: TestClient, username: str, password: str = PASSWORD) -> TestClient:
    response = client.post("/api/session", json={"username": username, "password": password})
    assert response.status_code == 200, response.text
    client.headers["X-CSRF-Token"] = response.json()["csrf_token"]
    return client


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as anonymous:
        yield anonymous


@pytest.fixture
def as_user(app: FastAPI) -> Iterator[Callable[[str], TestClient]]:
    clients: list[TestClient] = []

    def make(username: str) -> TestClient:
        c = TestClient(app)
        clients.append(c)
        return log_in(c, username)

    yield make
    for c in clients:
        c.close()


@pytest.fixture
def dealer(as_user: Callable[[str], TestClient]) -> TestClient:
    return as_user("dana")


@pytest.fixture
def floor(as_user: Callable[[str], TestClient]) -> TestClient:
    return as_user("flo")


@pytest.fixture
def director(as_user: Callable[[str], TestClient]) -> TestClient:
    return as_user("dir")
