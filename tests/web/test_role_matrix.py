"""Every route's role check and every change's CSRF check, route by route.

``API`` and ``PAGES`` say the least role each route needs; the routes the app really has must be
exactly these. Each role below the least gets 403 (the API's ``forbidden``; the error page), even
with the right CSRF token; the least role itself gets past the check. Every change made without
the session's CSRF token (the API's header, the page's form field) is refused with 403.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

import floorman.web.routes
from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.web.app import create_app
from tests.web.conftest import FAST_HASH, PASSWORD, USERS, log_in

D, F, DIR = Role.DEALER, Role.FLOOR, Role.DIRECTOR
API: dict[tuple[str, str], Role] = {
    ("POST", "/api/rule"): D, ("POST", "/api/compare"): D, ("GET", "/api/rulebooks"): D, ("GET", "/api/rules"): D,
    ("GET", "/api/rules/{rule_id}"): D, ("GET", "/api/hands"): D, ("POST", "/api/hands"): D,
    ("POST", "/api/hands/next"): D, ("GET", "/api/hands/{hand_id}"): D, ("GET", "/api/hands/{hand_id}/events"): D,
    ("POST", "/api/hands/{hand_id}/events"): D, ("POST", "/api/hands/{hand_id}/floor"): D,
    ("POST", "/api/hands/{hand_id}/undo"): D, ("POST", "/api/hands/{hand_id}/ruling"): F,
    ("POST", "/api/hands/{hand_id}/replay"): F, ("GET", "/api/incidents"): F, ("POST", "/api/incidents"): F,
    ("GET", "/api/incidents/{incident_id}"): F, ("POST", "/api/incidents/{incident_id}/corrections"): F,
    ("GET", "/api/incidents/export.csv"): F, ("GET", "/api/incidents/export.json"): F,
    ("GET", "/api/incidents/verify"): DIR, ("GET", "/api/users"): DIR, ("POST", "/api/users"): DIR,
    ("PATCH", "/api/users/{user_id}"): DIR, ("POST", "/api/users/{user_id}/unlock"): DIR,
    ("GET", "/api/session"): D, ("DELETE", "/api/session"): D,
    ("GET", "/api/openapi.json"): D,
    ("POST", "/api/drill"): D, ("GET", "/api/drill/results"): DIR, ("GET", "/api/drill/{drill_id}"): D,
    ("POST", "/api/drill/{drill_id}/answers"): D, ("GET", "/api/drill/{drill_id}/summary"): D,
    ("GET", "/api/floor/stream"): F,
}
PUBLIC = {("POST", "/api/session"), ("GET", "/login"), ("POST", "/login"), ("GET", "/setup"), ("POST", "/setup"),
          ("POST", "/language")}
PAGES: dict[tuple[str, str], Role] = {
    ("POST", "/logout"): D, ("GET", "/users"): DIR, ("POST", "/users"): DIR, ("POST", "/users/{user_id}"): DIR,
    ("POST", "/users/{user_id}/unlock"): DIR,
    ("GET", "/"): D, ("GET", "/hands/new"): D, ("POST", "/hands"): D, ("POST", "/hands/next"): D,
    ("GET", "/hands/{hand_id}"): D, ("POST", "/hands/{hand_id}/deal"): D, ("POST", "/hands/{hand_id}/deal-error"): D, ("POST", "/hands/{hand_id}/act"): D,
    ("POST", "/hands/{hand_id}/event"): D, ("POST", "/hands/{hand_id}/floor"): D,
    ("POST", "/hands/{hand_id}/undo"): D, ("POST", "/hands/{hand_id}/ruling"): F,
    ("POST", "/hands/{hand_id}/replay"): F, ("GET", "/incidents"): F, ("GET", "/incidents/{incident_id}"): F,
    ("POST", "/incidents/{incident_id}/correct"): F, ("GET", "/rules"): D, ("GET", "/rules/differences"): D,
    ("GET", "/rules/{rule_id}"): D, ("GET", "/stats"): F,
    ("GET", "/drill"): D, ("POST", "/drill"): D, ("GET", "/drill/results"): DIR, ("GET", "/drill/{drill_id}"): D,
    ("GET", "/drill/{drill_id}/summary"): D, ("GET", "/drill/{drill_id}/{number}"): D,
    ("POST", "/drill/{drill_id}/{number}"): D,
    ("GET", "/what-happened"): F, ("POST", "/what-happened"): F, ("GET", "/what-happened/ruling"): F,
    ("POST", "/what-happened/confirm"): F,
    ("GET", "/floor"): F, ("POST", "/floor/calls/{call_id}/acknowledge"): F,
}
ROUTERS = [importlib.import_module(f"floorman.web.routes.{m.name}")
           for m in pkgutil.iter_modules(floorman.web.routes.__path__)]
"""Every module of ``floorman.web.routes``: a new one is checked without being named here."""
NAME = {role: name for name, role in USERS.items()}


def _concrete(path: str) -> str:
    return re.sub(r"\{(hand_id|incident_id|user_id|drill_id|number|call_id)\}", "1", path).replace("{rule_id}", "SA-DEF")


@dataclass(frozen=True)
class Console:
    app: FastAPI

    def client(self, role: Role) -> Iterator[TestClient]:
        with TestClient(self.app) as c:
            yield log_in(c, NAME[role])


@pytest.fixture(scope="module")
def console(tmp_path_factory: pytest.TempPathFactory) -> Console:
    """One console for the module: every call below either is refused or changes nothing that matters."""
    path = tmp_path_factory.mktemp("roles") / "console.db"
    app = create_app(path, password_cost=FAST_HASH, stream_seconds=0.2)
    with open_database(path).transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for name, role in USERS.items():
            accounts.add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    return Console(app)


def _send(client: TestClient, method: str, path: str, *, csrf: bool) -> int:
    """The status of one call: JSON for the API, a form for a page, with or without the session's token."""
    url = _concrete(path) + ("?table=1" if path.endswith("/next") else "")
    token = client.headers.get("X-CSRF-Token", "")
    if path.startswith("/api/"):
        headers = {} if csrf else {"X-CSRF-Token": ""}
        body = None if method in ("GET", "DELETE") else {}
        return client.request(method, url, json=body, headers=headers).status_code
    if method == "GET":
        return client.get(url, follow_redirects=False).status_code
    form = {"csrf_token": token} if csrf else {}
    return client.post(url, data=form, headers={"X-CSRF-Token": ""}, follow_redirects=False).status_code


def test_the_tables_name_every_route_the_console_has() -> None:
    routes = {(m, r.path) for module in ROUTERS if hasattr(module, "router") for r in module.router.routes
              if isinstance(r, APIRoute) for m in r.methods}
    assert routes == set(API) | set(PAGES) | PUBLIC


@pytest.mark.parametrize(("method", "path"), sorted(API | PAGES), ids=lambda x: str(x))
def test_a_role_below_the_routes_least_role_gets_403_and_the_least_role_gets_past(
        console: Console, method: str, path: str) -> None:
    least = (API | PAGES)[(method, path)]
    for role in Role:
        for client in console.client(role):
            status = _send(client, method, path, csrf=True)
            if role.allows(least):
                assert status not in (401, 403), (role.value, status)
            else:
                assert status == 403, (role.value, status)


@pytest.mark.parametrize(("method", "path"), sorted(k for k in API | PAGES if k[0] != "GET"), ids=lambda x: str(x))
def test_a_change_without_the_sessions_csrf_token_is_refused(console: Console, method: str, path: str) -> None:
    least = (API | PAGES)[(method, path)]
    for client in console.client(least):
        status = _send(client, method, path, csrf=False)
        assert status == 403, status
        if path.startswith("/api/"):
            assert client.get("/api/session").status_code == 200, "the refused call must not end the session"


@pytest.mark.parametrize("path", ["/login", "/setup", "/language"])
def test_a_form_posted_before_login_without_the_login_token_is_refused(console: Console, path: str) -> None:
    with TestClient(console.app) as stranger:
        stranger.get("/login")
        response = stranger.post(path, data={"username": "dir", "password": PASSWORD, "locale": "vi"},
                                 follow_redirects=False)
        assert response.status_code == 403
        assert "floorman_session" not in response.headers.get("set-cookie", "")
