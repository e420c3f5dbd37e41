"""The same contract for every JSON a client sends: a key given twice, a lone surrogate, text that is not JSON.

``POST /api/rule`` reads its body with the hand-log reader, which refuses a field given twice and half a UTF-16
surrogate pair; the incident API reads its bodies with that same reader (no second JSON path), so it refuses them
the same way, with a 422 naming the field. ``floorman mcp`` reads each line of standard input with it too: a
line that is not JSON is a JSON-RPC parse error (-32700), one that is not a request an invalid-request error
(-32600), and a request with an id is never left unanswered.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import example

LOG = example("four-card-flop")
LOG_TEXT = json.dumps(LOG)
HEADERS = {"Content-Type": "application/json"}


def _twice_in_the_log() -> str:
    return LOG_TEXT.replace('"seats": ', '"seats": 9, "seats": ', 1)


BODIES_REFUSED: dict[str, tuple[str, str | None]] = {
    # name: (the body, the field the error names)
    "a key of the body twice": ('{"log": ' + LOG_TEXT + ', "note": "a", "note": "b"}', "note"),
    "a key of the log twice": ('{"log": ' + _twice_in_the_log() + "}", "log.seats"),
    "a lone surrogate in the note": ('{"log": ' + LOG_TEXT + ', "note": "dealer \\ud800 said"}', "note"),
    "a lone surrogate in the log": ('{"log": ' + LOG_TEXT.replace('"D-031', '"\\udfffD-031', 1) + "}", None),
    "NaN in the log": ('{"log": ' + LOG_TEXT.replace('"seats": 6', '"seats": NaN', 1) + "}", None),
}
NOT_JSON = {"not JSON": '{"log": ', "not UTF-8": '{"log": {}, "note": "\xff"}', "a list": "[1, 2]"}


def _post(client: TestClient, path: str, body: str) -> Any:
    data = body.encode("utf-8", "surrogatepass") if "\xff" not in body else body.encode("latin-1")
    return client.post(path, content=data, headers=HEADERS)


@pytest.mark.parametrize("name", list(BODIES_REFUSED))
def test_the_incident_api_refuses_what_the_rule_api_refuses_with_a_422(floor: TestClient, name: str) -> None:
    body, field = BODIES_REFUSED[name]
    response = _post(floor, "/api/incidents", body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["message"] and "\n" not in error["message"]
    if field is not None:
        assert error["field"] == field or field in error["message"], error
    assert floor.get("/api/incidents").json()["total"] == 0


@pytest.mark.parametrize("name", list(NOT_JSON))
def test_a_body_that_is_not_a_json_object_is_refused_as_the_rule_api_refuses_it(floor: TestClient, name: str) -> None:
    rule = _post(floor, "/api/rule", NOT_JSON[name])
    incident = _post(floor, "/api/incidents", NOT_JSON[name])
    assert (incident.status_code, incident.json()["error"]["type"]) in {
        (rule.status_code, rule.json()["error"]["type"]), (422, "invalid_request")}, incident.text
    assert incident.status_code in (400, 422)


def test_a_key_given_twice_is_refused_by_the_rule_api_and_the_incident_api_alike(floor: TestClient) -> None:
    rule = _post(floor, "/api/rule", _twice_in_the_log())
    incident = _post(floor, "/api/incidents", '{"log": ' + _twice_in_the_log() + "}")
    assert rule.status_code == incident.status_code == 422
    assert rule.json()["error"]["message_id"] == incident.json()["error"]["message_id"] == "error.log.field_twice"


def test_a_correction_with_a_key_twice_or_a_lone_surrogate_is_a_422(floor: TestClient) -> None:
    recorded = floor.post("/api/incidents", json={"log": LOG}).json()
    path = f"/api/incidents/{recorded['id']}/corrections"
    for body in ('{"verdict": "misdeal", "verdict": "void", "reason": "two cards"}',
                 '{"verdict": "misdeal", "reason": "seat \\udc00 two"}'):
        response = _post(floor, path, body)
        assert response.status_code == 422, (body, response.text)
    good = floor.post(path, json={"verdict": "misdeal", "reason": "two cards off the deck"})
    assert good.status_code == 201, good.text


def test_a_well_formed_body_is_still_recorded(floor: TestClient) -> None:
    response = _post(floor, "/api/incidents", json.dumps({"log": LOG, "note": "Thẻ bài lộ, bàn 7"}))
    assert response.status_code == 201, response.text
    assert response.json()["note"] == "Thẻ bài lộ, bàn 7"
