"""Nothing secret reaches the server's log: no password (right, wrong, or typed into the name field),
no session token or its hash, no CSRF token.

A real ``floorman serve`` writes its access log and warnings to a file; the test logs in and out
through the API and the login form, fails logins, changes and sets passwords, makes requests with
the session, then stops the server and searches everything it wrote.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.trust.live import PASSWORD, Client, LiveConsole, Response, live_console

WRONG = "Wrong-Guess-4711"
TYPED_AS_NAME = "River-Card-Secret-88"
NEW_USER_PASSWORD = "Turn-Card-Secret-52"
RESET_PASSWORD = "Flop-Card-Secret-19"


def _cookie(response: Response, name: str) -> str:
    match = re.search(rf"{name}=([^;]+)", response.headers.get("set-cookie", ""))
    assert match is not None, response.headers
    return match.group(1)


def _form_login(console: LiveConsole, username: str, password: str) -> list[str]:
    """Log in with the login page's form; the secrets it handed out (login token, session token)."""
    client = Client(console.port)
    page = client.request("GET", "/login", headers={"Accept": "text/html"})
    login_token = _cookie(page, "floorman_login_csrf")
    form = f"username={username}&password={password}&csrf_token={login_token}&next=/rules".encode()
    answer = client.request("POST", "/login", raw=form, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"floorman_login_csrf={login_token}"})
    assert answer.status == 303, answer.body[:300]
    session = _cookie(answer, "floorman_session")
    client.close()
    return [login_token, session]


def test_no_password_or_session_secret_is_ever_logged(tmp_path: Path) -> None:
    secrets: list[str] = [PASSWORD, WRONG, TYPED_AS_NAME, NEW_USER_PASSWORD, RESET_PASSWORD]
    with live_console(tmp_path) as console:
        stranger = Client(console.port)
        assert stranger.log_in("flo", WRONG).status == 401
        assert stranger.log_in(TYPED_AS_NAME, PASSWORD).status == 401
        assert stranger.request("GET", "/api/session", headers={"Cookie": "floorman_session=" + "x" * 43}).status == 401

        director = Client(console.port)
        assert director.log_in("dir").status == 200
        secrets += [director.cookie.split("=", 1)[1], director.csrf]
        assert director.request("GET", "/api/session").status == 200
        added = director.request("POST", "/api/users", {"username": "nam", "password": NEW_USER_PASSWORD,
                                                        "role": "dealer"})
        assert added.status == 201
        nam = Client(console.port)
        assert nam.log_in("nam", NEW_USER_PASSWORD).status == 200
        secrets += [nam.cookie.split("=", 1)[1], nam.csrf]
        assert director.request("PATCH", f"/api/users/{added.json()['id']}", {"password": RESET_PASSWORD}).status == 200
        assert nam.request("GET", "/api/hands").status == 401
        assert nam.log_in("nam", RESET_PASSWORD).status == 200
        secrets += [nam.cookie.split("=", 1)[1], nam.csrf]
        assert nam.request("DELETE", "/api/session").status == 200

        secrets += _form_login(console, "flo", PASSWORD)
        for client in (stranger, director, nam):
            client.close()
        console.stop()
        written = console.output()

    secrets += [hashlib.sha256(s.encode()).hexdigest() for s in list(secrets)]
    assert "POST /api/session" in written and "GET /api/session" in written, "the access log was not captured"
    assert "failed login for user 'flo'" in written, "the console's own warnings were not captured"
    assert "failed login for an unknown user name" in written
    leaked = [s for s in secrets if s in written]
    assert leaked == [], f"secrets in the server's log: {leaked}"
