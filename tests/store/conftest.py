"""The store's contract tests run on every kind of store: SQLite (a fresh file) and PostgreSQL (a
fresh database on the server ``FLOORMAN_TEST_POSTGRES`` names, made and dropped per test).

``.ci/run`` starts a throwaway PostgreSQL cluster on a Unix socket and sets ``FLOORMAN_TEST_POSTGRES``
(``postgresql://USER@/postgres?host=/socket/folder``). Without it, the PostgreSQL half skips, saying
why, except in CI (``CI`` set), where it fails: there the contract must hold on both stores.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

SERVER_ENV = "FLOORMAN_TEST_POSTGRES"
STORES = ("sqlite", "postgres")


def postgres_server() -> str:
    """The test server's URL; skips (or, in CI, fails) when there is none."""
    url = os.environ.get(SERVER_ENV, "")
    if not url:
        why = f"no PostgreSQL server for the store's contract tests: set {SERVER_ENV} (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    pytest.importorskip("psycopg", reason="the PostgreSQL store needs the postgres extra (pip install -e '.[postgres]')")
    return url


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped afterwards."""
    import psycopg

    server = postgres_server()
    name = f"floorman_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield with_database(server, name)
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--db`` value of a fresh store of each kind (nothing created in it yet)."""
    if request.param == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return str(tmp_path / "console.db")
