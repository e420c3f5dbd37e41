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


# -- floorman mcp on standard input and output ---------------------------------------------------------------

INITIALIZE = {"jsonrpc": "2.0", "id": "init", "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_LINES: list[tuple[bytes, object, int | None]] = [
    # the line, the id its answer must carry, the error code it must carry (None: a result)
    (b"this is not json", None, -32700),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"', None, -32700),
    (b'{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "x": "\xff"}', None, -32700),
    (b"[1, 2]", None, -32600),
    (b"42", None, -32600),
    (b'{"jsonrpc": "2.0", "id": 3}', 3, -32600),
    (b'{"jsonrpc": "1.0", "id": 4, "method": "tools/list"}', 4, -32600),
    (b'{"jsonrpc": "2.0", "id": 5, "id": 6, "method": "tools/list"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "explain", '
     b'"arguments": {"rule_id": "\\ud800"}}}', 7, -32600),
    (b'{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "rule", '
     b'"arguments": {"log": {"floorman": 1, "floorman": 1}}}}', 8, -32600),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', None, -32600),
    (b'{"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": [1]}', 9, -32600),
    (b'{"jsonrpc": "2.0", "id": 10, "method": "no/such"}', 10, -32601),
    (b"", None, None),  # a blank line is passed over, unanswered
    (b'{"jsonrpc": "2.0", "id": 11, "method": "tools/list"}', 11, None),
]


def test_floorman_mcp_answers_every_malformed_line_with_a_json_rpc_error_and_every_id() -> None:
    pytest.importorskip("mcp", reason="floorman mcp needs the mcp extra")
    import os
    import select
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    text = b"\n".join([json.dumps(INITIALIZE).encode(), b'{"jsonrpc": "2.0", "method": "notifications/initialized"}',
                       *(line for line, _, _ in MCP_LINES)]) + b"\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-c", "from floorman.cli import main; main()", "mcp"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(text)
    proc.stdin.flush()
    out, deadline = b"", time.monotonic() + 60
    while b'"id":11' not in out and time.monotonic() < deadline:
        if select.select([proc.stdout], [], [], 1)[0]:
            chunk = os.read(proc.stdout.fileno(), 1 << 20)
            if not chunk:
                break
            out += chunk
    proc.stdin.close()
    try:
        proc.wait(timeout=20)
    finally:
        proc.kill()
    answers = [json.loads(line) for line in out.decode("utf-8").splitlines()]
    got = sorted(((a.get("id") is None, str(a.get("id"))), a["error"]["code"] if "error" in a else None)
                 for a in answers if a.get("id") != "init")
    want = sorted(((id_ is None, str(id_)), code) for line, id_, code in MCP_LINES if line)
    assert got == want, answers
    for answer in answers:
        if "error" in answer and answer["error"]["code"] in (-32700, -32600):
            assert answer["error"]["message"] and "\n" not in answer["error"]["message"]
            assert answer["error"]["data"]["message_id"]


def test_a_hand_started_or_continued_with_a_lone_surrogate_or_a_key_twice_is_a_422(dealer: TestClient) -> None:
    header = json.dumps({"header": LOG})
    for body in (header.replace('"D-031', '"\\ud800D-031', 1), header.replace('"seats": 6', '"seats": 6, "seats": 7', 1)):
        response = _post(dealer, "/api/hands", body)
        assert response.status_code == 422, response.text
    started = dealer.post("/api/hands", json={"header": {**LOG, "events": []}})
    assert started.status_code == 201, started.text
    path = f"/api/hands/{started.json()['id']}/floor"
    response = _post(dealer, path, '{"seq": 0, "seq": 1, "note": "x"}')
    assert response.status_code == 422 and response.json()["error"]["field"] == "seq", response.text
