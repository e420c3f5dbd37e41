"""A record id in a path has one spelling: every other is a 422 naming the parameter, before the session
is looked up or any record read, so no spelling of an id reaches another record (or the server's 500)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.web.params import MAX_RECORD_ID

MALFORMED = ("1.0", "%201", "1%20", "+1", "01", "-1", "0", "1_0", "%C2%B2", "%D9%A1", "0x1", "1e0", "9" * 30,
             str(MAX_RECORD_ID + 1), "%00", "1%0A")
"""``1.0``, `` 1``, ``1 ``, ``+1``, a leading zero, a sign, zero, an underscore, ``²``, an Arabic-Indic one, hex,
an exponent, thirty nines, one past the largest id, a NUL, a new line."""
ROUTES = (("GET", "/api/hands/{}"), ("GET", "/api/hands/{}/events"), ("POST", "/api/hands/{}/events"),
          ("POST", "/api/hands/{}/ruling"), ("GET", "/api/incidents/{}"), ("POST", "/api/incidents/{}/corrections"),
          ("PATCH", "/api/users/{}"), ("POST", "/api/users/{}/unlock"), ("GET", "/api/drill/{}"),
          ("GET", "/hands/{}"), ("POST", "/hands/{}/ruling"), ("GET", "/incidents/{}"),
          ("POST", "/incidents/{}/correct"), ("POST", "/floor/calls/{}/acknowledge"), ("GET", "/drill/1/{}"))


@pytest.mark.parametrize("spelling", MALFORMED)
@pytest.mark.parametrize(("method", "route"), ROUTES, ids=lambda x: str(x))
def test_a_path_id_spelled_any_other_way_is_a_422_naming_the_parameter(
        director: TestClient, method: str, route: str, spelling: str) -> None:
    response = director.request(method, route.format(spelling), json={} if method != "GET" else None,
                                headers={"Accept": "application/json"})
    assert response.status_code == 422, (route, spelling, response.status_code, response.text[:200])
    if route.startswith("/api/"):
        error = response.json()["error"]
        assert error["message_id"] == "error.web.params.record_id"
        assert error["field"] in ("hand_id", "incident_id", "user_id", "drill_id")


@pytest.mark.parametrize("spelling", ["1.0", "%201", "+1", "%C2%B2", "9" * 39])
def test_a_malformed_id_is_refused_before_the_session_is_asked_for(app: FastAPI, spelling: str) -> None:
    """Nobody logged in: the id is refused first (422), not the login (401), and never a 500."""
    with TestClient(app) as stranger:
        response = stranger.get(f"/api/incidents/{spelling}")
    assert response.status_code == 422, response.text


def test_the_one_spelling_of_an_id_still_reaches_the_record(director: TestClient) -> None:
    assert director.get("/api/incidents/1").status_code == 404
    assert director.get(f"/api/incidents/{MAX_RECORD_ID}").status_code == 404
    assert director.get("/api/users/1").status_code == 405  # the users are listed, not read one by one
