"""The call reaches the floor: a dealer's call is paged to the floor's stream at once with the table,
the hand so far and the engine's ruling; someone acknowledges it; a call nobody answers is raised
again; the statistics show open calls and response times; no one else reads the stream."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.storage import EVERY_ROOM, Accounts, FloorCall, FloorCallLog, PasswordHasher, open_database
from floorman.web.app import create_app
from floorman.web.floor_desk import floor_stream, raise_overdue
from floorman.web.services import ConsoleServices
from tests.web.conftest import FAST_HASH, PASSWORD, USERS, log_in
from tests.web.test_pages import form_token, seq_of, setup_table, tap


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def console(tmp_path: Path, clock: Clock) -> FastAPI:
    app = create_app(tmp_path / "console.db", password_cost=FAST_HASH, clock=clock, page_again_after=60)
    with open_database(tmp_path / "console.db").transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for name, role in USERS.items():
            accounts.add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    return app


@pytest.fixture
def users(console: FastAPI) -> Iterator[dict[str, TestClient]]:
    clients = {name: log_in(TestClient(console), name) for name in USERS}
    yield clients
    for c in clients.values():
        c.close()


def svc_of(app: FastAPI) -> ConsoleServices:
    services: ConsoleServices = app.state.services
    return services


def called(users: dict[str, TestClient]) -> str:
    """Table 7: the first card to seat 2, then the dealer calls the floor; the hand's page."""
    page = setup_table(users["flo"])
    tap(users["dana"], page, "deal", deal="all", first_seat="2")
    assert tap(users["dana"], page, "floor", note="seat 1 says he was skipped").status_code == 200
    return page


async def _take(stream: AsyncIterator[str], count: int) -> list[str]:
    events = []
    while len(events) < count:
        chunk = await asyncio.wait_for(anext(stream), timeout=5)
        if chunk.startswith("event:"):
            events.append(chunk)
    return events


def _data(chunk: str) -> tuple[str, dict[str, Any]]:
    fields = dict(line.split(": ", 1) for line in chunk.strip().split("\n"))
    return fields["event"], json.loads(fields["data"])


def test_a_call_is_open_until_someone_acknowledges_it(console: FastAPI, users: dict[str, TestClient],
                                                      clock: Clock) -> None:
    page = called(users)
    board = users["flo"].get("/floor").text
    assert "Table 7" in board and "MISDEAL" in board and "seat 1 says he was skipped" in board
    assert "First card dealt to the wrong seat" in board
    assert "The floor has been paged at" in users["dana"].get(page).text
    with svc_of(console).db.connect() as conn:
        (call,) = FloorCallLog(conn, rooms=EVERY_ROOM).open_calls()
    clock.now += timedelta(seconds=42)
    answered = users["flo"].post(f"/floor/calls/{call.id}/acknowledge",
                                 data={"csrf_token": form_token(users["flo"])}, follow_redirects=False)
    assert answered.status_code == 303 and answered.headers["location"].startswith(page)
    assert "flo is on the way." in users["dana"].get(page).text
    assert 'data-testid="no-calls"' in users["flo"].get("/floor").text
    again = users["dir"].post(f"/floor/calls/{call.id}/acknowledge", data={"csrf_token": form_token(users["dir"])})
    assert again.status_code == 409 and "flo already answered this call" in again.text
    stats = users["dir"].get("/stats?since=2026-06-01&until=2026-06-01").text
    assert 'data-testid="open-calls">0<' in stats and 'data-testid="median-response">42 s<' in stats


def test_only_floor_staff_read_the_stream(client: TestClient, users: dict[str, TestClient]) -> None:
    anonymous = client.get("/api/floor/stream")
    assert anonymous.status_code == 401 and "event:" not in anonymous.text
    assert anonymous.headers["content-type"].startswith("application/json")
    dealer = users["dana"].get("/api/floor/stream")
    assert dealer.status_code == 403 and "event:" not in dealer.text
    assert users["dana"].get("/floor", follow_redirects=False).status_code == 403


@pytest.fixture
def client(console: FastAPI) -> Iterator[TestClient]:
    with TestClient(console) as anonymous:
        yield anonymous


def test_the_stream_pages_the_call_with_the_hand_and_the_ruling_then_its_answer(
        console: FastAPI, users: dict[str, TestClient]) -> None:
    svc = svc_of(console)
    en = svc.translators["en"]
    page = called(users)

    async def scenario() -> list[tuple[str, dict[str, Any]]]:
        stream = floor_stream(svc, en, is_gone=lambda: False, rooms=EVERY_ROOM)
        first = await _take(stream, 1)
        with svc.db.transaction() as conn:
            (call,) = FloorCallLog(conn, rooms=EVERY_ROOM).open_calls()
            FloorCallLog(conn, rooms=EVERY_ROOM).acknowledge(call.id, username="flo", now="2026-06-01T20:00:30+00:00")
        svc.db.floor_calls.publish(FloorCall(room_id=1, hand_id=call.hand_id, table_name="7", hand_number="7-0100",
                                             note="", called_by="flo", called_at="2026-06-01T20:00:30+00:00",
                                             kind="answered"))
        second = await _take(stream, 1)
        await stream.aclose()
        return [_data(c) for c in first + second]

    (kind, call), (answered_kind, answered) = asyncio.run(scenario())
    assert kind == "call" and call["table"] == "7" and call["url"] == page and call["headline"] == "MISDEAL"
    assert call["causes"] == ["First card dealt to the wrong seat"] and call["again"] is False
    assert call["lines"][-1] == "Floor called: seat 1 says he was skipped"
    assert any("cards dealt to seats 2 3 4 5 6 1" in line for line in call["lines"])
    assert (answered_kind, answered["id"]) == ("answered", call["id"])


def test_a_call_nobody_answers_is_raised_again(console: FastAPI, users: dict[str, TestClient], clock: Clock) -> None:
    svc = svc_of(console)
    called(users)
    assert raise_overdue(svc) == []
    clock.now += timedelta(seconds=59)
    assert raise_overdue(svc) == []
    clock.now += timedelta(seconds=1)
    (raised,) = raise_overdue(svc)
    assert raised.raised_times == 1 and raised_overdue_again(svc) == []
    clock.now += timedelta(seconds=60)
    (raised,) = raise_overdue(svc)
    assert raised.raised_times == 2
    assert "paged again 2 times" in users["flo"].get("/floor").text


def raised_overdue_again(svc: ConsoleServices) -> list[Any]:
    return raise_overdue(svc)


def test_the_raised_call_is_paged_again_on_the_stream(console: FastAPI, users: dict[str, TestClient],
                                                      clock: Clock) -> None:
    svc = svc_of(console)
    called(users)

    async def scenario() -> tuple[str, dict[str, Any]]:
        stream = floor_stream(svc, svc.translators["vi"], is_gone=lambda: False, rooms=EVERY_ROOM)
        await _take(stream, 1)
        clock.now += timedelta(seconds=61)
        await asyncio.to_thread(raise_overdue, svc)
        (again,) = await _take(stream, 1)
        await stream.aclose()
        return _data(again)

    kind, call = asyncio.run(scenario())
    assert kind == "call" and call["again"] is True and call["raised_times"] == 1
    assert call["answer_label"] == "Tôi đến ngay" and call["title"].startswith("Gọi floor: bàn 7")


def test_the_ruling_answers_the_call_and_taking_the_call_back_withdraws_it(
        console: FastAPI, users: dict[str, TestClient]) -> None:
    page = called(users)
    html = users["flo"].get(page).text
    users["flo"].post(f"{page}/undo", data={"csrf_token": form_token(users["flo"], page), "seq": seq_of(html)})
    with svc_of(console).db.connect() as conn:
        assert FloorCallLog(conn, rooms=EVERY_ROOM).open_calls() == []
    tap(users["dana"], page, "floor")
    html = users["flo"].get(page).text
    users["flo"].post(f"{page}/ruling", data={"csrf_token": form_token(users["flo"], page), "seq": seq_of(html),
                                              "decision": "confirm"})
    with svc_of(console).db.connect() as conn:
        assert FloorCallLog(conn, rooms=EVERY_ROOM).open_calls() == []
        (call,) = FloorCallLog(conn, rooms=EVERY_ROOM).of_hand(int(page.rsplit("/", 1)[1]))
    assert call.acknowledged_by == "flo"


def test_the_dealers_polling_of_the_hand_carries_the_call_and_who_answered_it(
        console: FastAPI, users: dict[str, TestClient], clock: Clock) -> None:
    page = called(users)
    polled = f"/api/hands/{page.rsplit('/', 1)[1]}/events"
    call = users["dana"].get(polled).json()["floor_call"]
    assert call["acknowledged_by"] is None and call["raised_times"] == 0
    seq = users["dana"].get(polled).json()["seq"]
    with svc_of(console).db.connect() as conn:
        (logged,) = FloorCallLog(conn, rooms=EVERY_ROOM).open_calls()
    clock.now += timedelta(seconds=30)
    users["flo"].post(f"/floor/calls/{logged.id}/acknowledge", data={"csrf_token": form_token(users["flo"])})
    answered = users["dana"].get(polled).json()
    assert answered["seq"] == seq
    assert answered["floor_call"]["acknowledged_by"] == "flo" and answered["floor_call"]["acknowledged_at"]
    assert 'data-answered-by="flo"' in users["dana"].get(page).text
