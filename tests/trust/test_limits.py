"""Input the console refuses before it costs anything: bodies over the limit, ids past what the
database stores, filters that do not parse. Each is a 4xx in the one error shape, never a 500. And
input it accepts that could cost too much: a huge number in a log's free metadata."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.web.app import MAX_BODY_BYTES
from floorman.web.params import MAX_RECORD_ID
from tests.web.conftest import example

ERROR_KEYS = {"type", "message", "message_id", "params", "event", "field"}


def _error(response: object, status: int) -> dict[str, object]:
    assert response.status_code == status, response.text[:300]  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS
    return body["error"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", ["/api/rule", "/api/session", "/api/incidents"])
def test_a_body_over_the_limit_is_refused_with_413_before_it_is_read(dealer: TestClient, path: str) -> None:
    response = dealer.post(path, content=b"{" + b" " * MAX_BODY_BYTES + b"}",
                           headers={"Content-Type": "application/json"})
    assert _error(response, 413)["type"] == "too_large"


def test_a_body_over_the_limit_without_a_length_is_refused_as_it_streams_in(dealer: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b" " * 65536

    response = dealer.post("/api/rule", content=chunks(), headers={"Content-Type": "application/json"})
    assert "content-length" not in {k.lower() for k in response.request.headers}
    assert _error(response, 413)["type"] == "too_large"


def test_a_body_just_under_the_limit_is_read(dealer: TestClient) -> None:
    body = b'{"floorman": 1' + b" " * (MAX_BODY_BYTES - 100) + b"}"
    assert _error(dealer.post("/api/rule", content=body), 422)["type"] == "log_field_error"


@pytest.mark.parametrize("path", ["/api/hands/{id}", "/api/hands/{id}/events", "/api/incidents/{id}"])
@pytest.mark.parametrize("record_id", [MAX_RECORD_ID + 1, 10**30, 0, -1])
def test_an_id_the_database_cannot_hold_is_a_422(floor: TestClient, path: str, record_id: int) -> None:
    error = _error(floor.get(path.replace("{id}", str(record_id))), 422)
    assert error["type"] == "invalid_input" and error["field"] in ("hand_id", "incident_id")
    assert error["message_id"] == "error.web.params.record_id"


def test_the_largest_id_is_simply_not_found(floor: TestClient) -> None:
    assert _error(floor.get(f"/api/incidents/{MAX_RECORD_ID}"), 404)["type"] == "not_found"


def test_a_page_for_an_id_the_database_cannot_hold_is_an_error_page(floor: TestClient) -> None:
    response = floor.get(f"/hands/{10**30}")
    assert response.status_code == 422 and "text/html" in response.headers["content-type"]


def test_a_sequence_number_past_any_hand_is_a_422(dealer: TestClient) -> None:
    response = dealer.post("/api/hands/1/events", json={"seq": 10**30, "event": {"type": "burn"}})
    assert _error(response, 422)["field"] == "seq"


@pytest.mark.parametrize(("query", "field"), [
    ("since=2026-02-30", "since"), ("until=2026-13-01", "until"), ("since=yesterday", "since"),
    ("offset=-1", "offset"), ("offset=" + "9" * 40, "offset"), ("offset=1.5", "offset"), ("all=maybe", "all"),
    ("verdict=chop", "verdict"),
])
def test_a_filter_that_does_not_parse_is_a_422_naming_it(floor: TestClient, query: str, field: str) -> None:
    assert _error(floor.get(f"/api/incidents?{query}"), 422)["field"] == field


@pytest.mark.parametrize("query", ["since=2026-02-28&until=2026-03-01", "offset=0", "offset=25", "all=1", "all=true",
                                   "all=0", "verdict=misdeal"])
def test_filters_that_parse_are_applied(floor: TestClient, query: str) -> None:
    assert floor.get(f"/api/incidents?{query}").status_code == 200


def test_a_huge_number_in_a_logs_free_metadata_is_answered_at_once_as_the_cli_writes_it(dealer: TestClient) -> None:
    log = json.dumps({**example("four-card-flop"), "_trace": 7}).replace('"_trace": 7', '"_trace": 1E+999999999')
    answers: list[object] = []
    worker = threading.Thread(target=lambda: answers.append(dealer.post("/api/rule", content=log)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive(), "the number is being written out digit by digit"
    response = answers[0]
    assert response.status_code == 200  # type: ignore[attr-defined]
    expected = json.loads(ruling_json.dumps(rule(handlog.loads(log))))
    body = response.json()  # type: ignore[attr-defined]
    for ruling in body["rulings"] + expected["rulings"]:
        ruling.pop("explanation_vi", None)
    assert body == expected
