"""Logins, sessions, roles, CSRF and the security headers: nothing but the login page and static
assets without a login, and each role only what it may do."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.web.app import create_app
from floorman.web.login_limiter import LoginLimiter
from floorman.web.routes.account_pages import safe_next
from tests.web.conftest import FAST_HASH, PASSWORD, log_in

API_CALLS = [
    ("post", "/api/rule"), ("post", "/api/compare"), ("get", "/api/rules"), ("get", "/api/rules/SA-DEF"),
    ("get", "/api/rulebooks"), ("get", "/api/hands"), ("post", "/api/hands"), ("post", "/api/hands/next?table=1"),
    ("get", "/api/hands/1"), ("get", "/api/hands/1/events"), ("post", "/api/hands/1/events"),
    ("post", "/api/hands/1/floor"), ("post", "/api/hands/1/undo"), ("post", "/api/hands/1/ruling"),
    ("post", "/api/hands/1/replay"), ("get", "/api/incidents"), ("post", "/api/incidents"),
    ("get", "/api/incidents/1"), ("post", "/api/incidents/1/corrections"), ("get", "/api/incidents/export.csv"),
    ("get", "/api/incidents/export.json"), ("get", "/api/incidents/verify"), ("get", "/api/users"),
    ("post", "/api/users"), ("patch", "/api/users/1"), ("post", "/api/users/1/unlock"), ("get", "/api/session"), ("delete", "/api/session"),
    ("get", "/api/openapi.json"), ("get", "/api/floor/stream"),
    ("post", "/api/drill"), ("get", "/api/drill/results"), ("get", "/api/drill/1"),
    ("post", "/api/drill/1/answers"), ("get", "/api/drill/1/summary"),
]
PAGES = ["/", "/hands/new", "/hands/1", "/incidents", "/incidents/1", "/rules", "/rules/SA-DEF",
         "/rules/differences", "/stats", "/users", "/drill", "/drill/results", "/drill/1", "/drill/1/1",
         "/drill/1/summary"]


@pytest.mark.parametrize(("method", "path"), API_CALLS)
def test_every_api_call_needs_a_login(client: TestClient, method: str, path: str) -> None:
    response = getattr(client, method)(path)
    assert response.status_code in (401, 422), (path, response.text)
    if response.status_code == 401:
        assert response.json()["error"]["type"] == "login_required"


def test_every_api_route_is_in_the_list_above(app: FastAPI) -> None:
    document = app.openapi()
    listed = {re.sub(r"\?.*", "", p) for _, p in API_CALLS}
    for path in document["paths"]:
        concrete = path.replace("{hand_id}", "1").replace("{incident_id}", "1").replace("{user_id}", "1")
        concrete = concrete.replace("{drill_id}", "1")
        concrete = concrete.replace("{rule_id}", "SA-DEF")
        assert concrete in listed, path


@pytest.mark.parametrize("path", PAGES)
def test_every_page_sends_a_stranger_to_the_login_page(client: TestClient, path: str) -> None:
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"].startswith("/login?next=")


@pytest.mark.parametrize("path", ["/login", "/static/css/console.css", "/static/js/console.js"])
def test_the_login_page_and_static_assets_are_public(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 200


def test_a_wrong_password_is_refused(client: TestClient) -> None:
    response = client.post("/api/session", json={"username": "flo", "password": "not the password"})
    assert response.status_code == 401


def test_failed_logins_are_rate_limited(db_path: object) -> None:
    app = create_app(db_path, password_cost=FAST_HASH,  # type: ignore[arg-type]
                     login_limiter=LoginLimiter(max_failures=3, window_seconds=600))
    with TestClient(app) as c:
        for _ in range(3):
            assert c.post("/api/session", json={"username": "mallory", "password": "guess"}).status_code == 401
        response = c.post("/api/session", json={"username": "mallory", "password": "guess"})
        assert response.status_code == 429
        assert int(response.headers["retry-after"]) > 0
        assert response.json()["error"]["type"] == "rate_limited"


def test_the_session_cookie_is_httponly_and_samesite_lax(client: TestClient) -> None:
    response = client.post("/api/session", json={"username": "flo", "password": PASSWORD})
    cookie = response.headers["set-cookie"]
    assert "floorman_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie


def test_the_session_cookie_is_secure_over_tls(app: FastAPI) -> None:
    with TestClient(app, base_url="https://console.local") as c:
        cookie = c.post("/api/session", json={"username": "flo", "password": PASSWORD}).headers["set-cookie"]
    assert "Secure" in cookie


def test_a_change_without_the_csrf_header_is_refused(client: TestClient) -> None:
    log_in(client, "flo")
    del client.headers["X-CSRF-Token"]
    response = client.post("/api/hands", json={"header": {}})
    assert response.status_code == 403 and response.json()["error"]["type"] == "csrf_failed"


def test_a_page_form_without_the_csrf_token_is_refused(floor: TestClient) -> None:
    response = floor.post("/hands/next", data={"table": "1"})
    assert response.status_code == 403


def test_a_login_form_without_its_token_is_refused(client: TestClient) -> None:
    response = client.post("/login", data={"username": "flo", "password": PASSWORD})
    assert response.status_code == 403


def test_the_login_form_logs_in_and_goes_where_it_was_asked(client: TestClient) -> None:
    page = client.get("/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    response = client.post("/login", data={"username": "flo", "password": PASSWORD, "csrf_token": token.group(1),
                                           "next": "/rules"}, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/rules"
    assert client.get("/rules").status_code == 200


def test_logging_out_ends_the_session(floor: TestClient) -> None:
    assert floor.delete("/api/session").status_code == 200
    assert floor.get("/api/session").status_code == 401


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil", "javascript:alert(1)"])
def test_after_login_only_local_paths_are_followed(target: str) -> None:
    assert safe_next(target) == "/"
    assert safe_next("/incidents?table=12") == "/incidents?table=12"


def test_a_dealer_cannot_see_the_incident_log_or_the_users(dealer: TestClient) -> None:
    assert dealer.get("/api/incidents").status_code == 403
    assert dealer.get("/api/users").status_code == 403
    assert dealer.get("/incidents", follow_redirects=False).status_code == 403


def test_a_floor_person_cannot_verify_the_chain_or_manage_users(floor: TestClient) -> None:
    assert floor.get("/api/incidents/verify").status_code == 403
    assert floor.post("/api/users", json={"username": "x", "password": "12345678", "role": "dealer"}).status_code == 403


def test_a_director_manages_users(director: TestClient, client: TestClient) -> None:
    created = director.post("/api/users", json={"username": "nam", "password": "river card 9", "role": "dealer"})
    assert created.status_code == 201
    user_id = created.json()["id"]
    assert director.post("/api/users", json={"username": "NAM", "password": "river card 9",
                                             "role": "dealer"}).status_code == 409
    assert director.patch(f"/api/users/{user_id}", json={"role": "floor"}).json()["role"] == "floor"
    log_in(client, "nam", "river card 9")
    assert director.patch(f"/api/users/{user_id}", json={"active": False}).status_code == 200
    assert client.get("/api/session").status_code == 401


def test_the_last_director_keeps_the_role(director: TestClient) -> None:
    me = director.get("/api/session").json()["user"]["id"]
    response = director.patch(f"/api/users/{me}", json={"role": "dealer"})
    assert response.status_code == 409


def test_every_response_carries_a_csp_without_unsafe_inline(client: TestClient) -> None:
    headers = client.get("/login").headers
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"


def test_pages_have_no_inline_script_or_style(floor: TestClient) -> None:
    for path in ["/login", "/", "/hands/new", "/rules", "/rules/differences", "/stats", "/incidents"]:
        html = floor.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert " style=" not in html and "<style" not in html, path
        assert not re.search(r"\son[a-z]+=", html), path


def test_a_new_database_offers_the_first_director_account_from_this_computer(tmp_path: object) -> None:
    app = create_app(tmp_path / "new.db", password_cost=FAST_HASH)  # type: ignore[operator]
    with TestClient(app, client=("127.0.0.1", 5000)) as c:
        page = c.get("/login")
        assert "/setup" in page.text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]
        response = c.post("/setup", data={"username": "boss", "password": "director pass", "csrf_token": token},
                          follow_redirects=False)
        assert response.status_code == 303
        assert c.get("/api/session").json()["user"]["role"] == "director"
        again = c.post("/setup", data={"username": "eve", "password": "director pass", "csrf_token": token})
        assert again.status_code == 403


def test_the_first_account_cannot_be_made_from_another_computer(tmp_path: object) -> None:
    app = create_app(tmp_path / "new.db", password_cost=FAST_HASH)  # type: ignore[operator]
    with TestClient(app, client=("192.0.2.10", 5000)) as c:
        page = c.get("/login")
        assert "/setup" not in page.text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]
        response = c.post("/setup", data={"username": "eve", "password": "director pass", "csrf_token": token})
        assert response.status_code == 403
