"""One request never freezes the console: a ruling runs in a worker process with a time budget, and what a
log may ask for (floor calls, events, bytes of the answer) is capped, for the console and ``floorman mcp``
alike, with an answer that names the limit."""

from __future__ import annotations

import json
import operator
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.mcp.server import compare_hand, rule_hand
from floorman.service_limits import LIMITS, OverLimitError, ServiceLimits
from floorman.storage import Accounts, IncidentQuery, Incidents, PasswordHasher, open_database
from floorman.storage.rooms import EVERY_ROOM
from floorman.web.app import create_app
from floorman.web.ruling_jobs import rule_answer
from floorman.web.ruling_pool import RulingPool
from tests.web.conftest import FAST_HASH, PASSWORD, USERS, example
from tests.web.conftest import log_in as api_log_in

ERROR_KEYS = {"type", "message", "message_id", "params", "event", "field"}


def _with_floors(n: int, *, checks: int = 0) -> dict[str, Any]:
    log = example("four-card-flop")
    acts = [{"type": "act", "seat": 2 + k % 2 * 4, "action": "check"} for k in range(checks)]
    return {**log, "events": [*log["events"][:-1], *acts, *[{"type": "floor"}] * n, log["events"][-1]]}


def _error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text[:300]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS
    return body["error"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", ["/api/rule", "/api/compare"])
def test_a_log_calling_the_floor_past_the_limit_is_a_422_naming_it(dealer: TestClient, path: str) -> None:
    most = LIMITS.floor_calls_per_log
    assert dealer.post(path, json=_with_floors(most - 1)).status_code == 200  # the log's own call is the last one
    error = _error(dealer.post(path, json=_with_floors(5_000)), 422)
    assert error["type"] == "over_limit" and error["message_id"] == "error.limit.floor_calls_per_log"
    assert error["params"] == {"most": most, "got": 5_001} and error["field"] == "events"
    assert f"at most {most} times" in error["message"]


def test_a_log_longer_than_a_request_may_ask_is_a_422_in_the_readers_language(dealer: TestClient) -> None:
    response = dealer.post("/api/rule", json=_with_floors(0, checks=LIMITS.events_per_log),
                           headers={"Accept-Language": "vi"})
    error = _error(response, 422)
    assert error["message_id"] == "error.limit.events_per_log" and error["params"]["most"] == LIMITS.events_per_log
    assert "sự kiện" in error["message"]


def test_an_incident_whose_log_calls_the_floor_50000_times_is_refused_and_nothing_is_recorded(
        floor: TestClient, app: FastAPI) -> None:
    response = floor.post("/api/incidents", json={"log": _with_floors(50_000), "note": "a flood"})
    assert _error(response, 422)["message_id"] == "error.limit.floor_calls_per_log"
    with app.state.services.db.connect() as conn:
        assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 0
    assert floor.post("/api/incidents", json={"log": _with_floors(1)}).status_code == 201


def test_a_live_hand_cannot_be_made_to_call_the_floor_past_the_limit(dealer: TestClient) -> None:
    log = example("four-card-flop")
    header = {**log, "events": [e for e in log["events"] if e["type"] == "post"]}
    hand = dealer.post("/api/hands", json={"header": header}).json()
    seq = len(header["events"])
    response = dealer.post(f"/api/hands/{hand['id']}/events",
                           json={"seq": seq, "events": [{"type": "floor"}] * (LIMITS.floor_calls_per_log + 1)})
    assert _error(response, 422)["message_id"] == "error.limit.floor_calls_per_log"


def _console(db_path: Path, limits: ServiceLimits) -> FastAPI:
    """A console held to ``limits``, with the accounts of every console test."""
    app = create_app(db_path, password_cost=FAST_HASH, limits=limits)
    with open_database(db_path).transaction() as conn:
        for name, role in USERS.items():
            Accounts(conn, PasswordHasher(cost=FAST_HASH)).add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    return app


@pytest.fixture
def small_answers(db_path: Path) -> Iterator[TestClient]:
    with TestClient(_console(db_path, ServiceLimits(answer_bytes=10_000))) as client:
        yield api_log_in(client, "flo")


def test_an_answer_over_the_limit_is_a_413_naming_it(small_answers: TestClient) -> None:
    assert small_answers.post("/api/rule", json=_with_floors(0)).status_code == 200
    error = _error(small_answers.post("/api/compare", json=_with_floors(12)), 413)
    assert error["type"] == "too_large" and error["message_id"] == "error.limit.answer_bytes"
    assert error["params"]["most"] == 10_000 // 1024 and error["params"]["got"] > error["params"]["most"]
    response = small_answers.post("/api/incidents", json={"log": _with_floors(19)})
    assert _error(response, 413)["message_id"] == "error.limit.answer_bytes"


def test_a_body_over_the_limit_names_the_limit_in_the_one_error_shape(dealer: TestClient) -> None:
    response = dealer.post("/api/rule", content=b" " * (LIMITS.body_bytes + 1),
                           headers={"Content-Type": "application/json"})
    error = _error(response, 413)
    assert error["message_id"] == "error.limit.body_bytes" and error["params"]["most"] == LIMITS.body_bytes // 1024


def test_a_long_ruling_does_not_hold_up_other_requests(db_path: Path) -> None:
    """The ruling runs in a worker: while it runs, the event loop answers other requests (before, none was
    answered until the ruling ended)."""
    app = _console(db_path, ServiceLimits(floor_calls_per_log=100_000, events_per_log=100_000, answer_bytes=1 << 10,
                                          rule_seconds=300))
    body = json.dumps(_with_floors(20_000)).encode()
    with TestClient(app) as client:
        api_log_in(client, "dana")
        assert client.get("/api/rulebooks").status_code == 200
        done = threading.Event()
        heavy: list[int] = []

        def rule_it() -> None:
            heavy.append(client.post("/api/rule", content=body).status_code)
            done.set()

        worker = threading.Thread(target=rule_it, daemon=True)
        worker.start()
        time.sleep(0.3)
        answered_meanwhile = 0
        while not done.is_set():
            assert client.get("/api/rulebooks").status_code == 200
            if not done.is_set():
                answered_meanwhile += 1
        worker.join(timeout=120)
    assert heavy == [413]  # ruled in full, then refused for its answer's size
    assert answered_meanwhile >= 3


def test_a_job_past_its_time_budget_is_stopped_and_the_pool_goes_on() -> None:
    pool = RulingPool(1)
    try:
        start = time.monotonic()
        with pytest.raises(OverLimitError) as refused:
            pool.run(time.sleep, 60, seconds=0.5)
        assert refused.value.limit == "rule_seconds" and time.monotonic() - start < 30
        assert pool.run(operator.add, 2, 3, seconds=30) == 5
    finally:
        pool.close()


def test_an_error_of_floormans_comes_back_from_the_worker_whole() -> None:
    pool = RulingPool(1)
    try:
        with pytest.raises(OverLimitError) as refused:
            pool.run(rule_answer, json.dumps(_with_floors(30)).encode(), None, LIMITS, seconds=30)
        assert refused.value.params == {"most": LIMITS.floor_calls_per_log, "got": 31}
    finally:
        pool.close()


def test_floorman_mcp_holds_a_log_to_the_same_limits() -> None:
    for tool in (rule_hand, compare_hand):
        answer = tool(json.dumps(_with_floors(5_000)))
        assert answer.is_error
        assert answer.structured_content is not None
        error = answer.structured_content["error"]
        assert error["message_id"] == "error.limit.floor_calls_per_log" and error["params"]["got"] == 5_001
        assert not tool(json.dumps(_with_floors(2))).is_error
