"""schemathesis against the console's OpenAPI document, logged in as a director.

Every operation of ``/api/openapi.json`` gets generated requests, valid and invalid, derandomized
and bounded (``EXAMPLES`` each); every answer must be what the document says: no server error, a
documented status, the documented content type and schema (errors in the one error shape),
invalid input refused with a 4xx, and no call that needs a login answering without one.

Each request carries a fresh director session made in the database, so a generated call that logs
out, switches an account off or changes a password cannot lock the rest of the run out.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("schemathesis", reason="the API fuzz test needs schemathesis (the test extra)")

import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, settings

from floorman.storage import Accounts, Database, PasswordHasher, Role, open_database
from floorman.web.app import create_app
from tests.web.conftest import FAST_HASH, PASSWORD, example

EXAMPLES = 12
"""Generated requests per operation (there are about 30 operations)."""


@dataclass
class Fuzzed:
    app: FastAPI
    db: Database
    _names: itertools.count[int]

    def auth(self) -> tuple[str, str]:
        """A new session for an active director (a new director if the run switched them all off):
        its token (the cookie) and its CSRF token."""
        with self.db.transaction() as conn:
            accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
            user = next((u for u in accounts.all() if u.active and u.role is Role.DIRECTOR), None)
            if user is None:
                user = accounts.add(f"director-{next(self._names)}", PASSWORD, Role.DIRECTOR,
                                    now=datetime.now(UTC).isoformat(timespec="seconds"))
            token, session = accounts.open_session(user, now=datetime.now(UTC))
        return token, session.csrf_token

    def headers(self) -> dict[str, str]:
        token, csrf = self.auth()
        return {"Cookie": f"floorman_session={token}", "X-CSRF-Token": csrf}


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    """A console with a director, a floor person, a hand and an incident, so ids 1 exist."""
    path: Path = tmp_path_factory.mktemp("fuzz") / "console.db"
    app = create_app(path, password_cost=FAST_HASH)
    db = open_database(path)
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        accounts.add("dir", PASSWORD, Role.DIRECTOR, now="2026-06-01T12:00:00+00:00")
        accounts.add("flo", PASSWORD, Role.FLOOR, now="2026-06-01T12:00:00+00:00")
    fuzzed = Fuzzed(app=app, db=db, _names=itertools.count(1))
    RUNNING.append(fuzzed)

    with TestClient(app, headers=fuzzed.headers()) as client:
        log = example("first-card-wrong-seat")
        assert client.post("/api/hands", json={"header": {**log, "events": []}}).status_code == 201
        assert client.post("/api/incidents", json={"log": log}).status_code == 201
    yield fuzzed
    RUNNING.remove(fuzzed)


def _served_document() -> Any:
    """The document as ``GET /api/openapi.json`` serves it to a logged-in user (from a console in memory)."""
    console = create_app(":memory:", password_cost=FAST_HASH)
    fuzzed = Fuzzed(app=console, db=console.state.services.db, _names=itertools.count(1))
    return schemathesis.openapi.from_asgi("/api/openapi.json", console, headers=fuzzed.headers())


schema = _served_document()
fuzzed_schema = schema.exclude(path="/api/floor/stream")
"""Every operation but the floor-call stream, which never ends (a browser test reads it: tests/web/test_e2e_floor.py)."""
RUNNING: list[Fuzzed] = []
"""The console under test, while its fixture is up (the auth provider below needs its database)."""


@schema.auth(refresh_interval=None)
class DirectorSession:
    """Every generated request is sent with a fresh director session: its cookie and its CSRF header."""

    def get(self, case: Any, ctx: Any) -> tuple[str, str] | None:
        return RUNNING[-1].auth() if RUNNING else None

    def set(self, case: Any, data: tuple[str, str], ctx: Any) -> None:
        token, csrf = data
        case.cookies = {**(case.cookies or {}), "floorman_session": token}
        case.headers = {**(case.headers or {}), "X-CSRF-Token": csrf}


CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_headers_conformance,
    schemathesis.checks.response_schema_conformance,
    schemathesis.checks.negative_data_rejection,
    schemathesis.checks.ignored_auth,
]


@fuzzed_schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None, print_blob=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_every_api_call_answers_as_the_openapi_document_says(case: Any, fuzzed: Fuzzed) -> None:
    case.call_and_validate(app=fuzzed.app, checks=CHECKS)


def test_the_document_declares_the_login_and_the_error_shape_for_every_operation() -> None:
    document = schema.raw_schema
    assert set(document["components"]["securitySchemes"]) == {"session", "csrf"}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            errors = {code: r for code, r in operation["responses"].items() if code.startswith(("4", "5"))}
            assert errors, (method, path)
            for response in errors.values():
                assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
            if (method, path) == ("post", "/api/session"):
                assert operation["security"] == [] and "429" in errors
            else:
                assert {"401", "403"} <= set(errors) and operation["security"][0].keys() >= {"session"}
                assert ("csrf" in operation["security"][0]) == (method != "get")
