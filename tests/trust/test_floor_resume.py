"""Floor streams resume: every event carries an id, and a floor device that reconnects with it as
``Last-Event-ID`` is sent only what it missed; a call it was paged with (and put off with *Later*) does not
page it again, while a call raised again, a new call and an answer do."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.storage import EVERY_ROOM, Accounts, FloorCallLog, PasswordHasher, open_database
from floorman.web.app import create_app
from floorman.web.floor_desk import MAX_EVENT_ID_CHARS, floor_stream, raise_overdue
from tests.web.conftest import FAST_HASH, PASSWORD, USERS, log_in
from tests.web.test_floor_calls import Clock, _data, called, svc_of
from tests.web.test_pages import setup_table, tap


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def console(tmp_path: Path, clock: Clock) -> FastAPI:
    app = create_app(tmp_path / "console.db", password_cost=FAST_HASH, clock=clock, page_again_after=60)
    with open_database(tmp_path / "console.db").transaction() as conn:
        for name, role in USERS.items():
            Accounts(conn, PasswordHasher(cost=FAST_HASH)).add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    return app


@pytest.fixture
def users(console: FastAPI) -> Iterator[dict[str, TestClient]]:
    clients = {name: log_in(TestClient(console), name) for name in USERS}
    yield clients
    for client in clients.values():
        client.close()


async def _until_quiet(stream: AsyncIterator[str]) -> list[str]:
    """The events the stream sends before its first keep-alive (or its end): what it had to say."""
    events = []
    while True:
        try:
            chunk = await asyncio.wait_for(anext(stream), timeout=30)
        except StopAsyncIteration:
            return events
        if chunk.startswith(": keep-alive"):
            return events
        if chunk.startswith("event:"):
            events.append(chunk)


def _id(chunk: str) -> str:
    return next(line.removeprefix("id: ") for line in chunk.split("\n") if line.startswith("id: "))


def test_every_event_carries_an_id_and_a_reconnect_is_sent_only_what_it_missed(
        console: FastAPI, users: dict[str, TestClient], clock: Clock, monkeypatch: Any) -> None:
    import floorman.web.floor_desk as desk

    monkeypatch.setattr(desk, "HEARTBEAT_SECONDS", 0.2)
    svc = svc_of(console)
    en = svc.translators["en"]
    called(users)

    async def first_visit() -> str:
        stream = floor_stream(svc, en, is_gone=lambda: False, rooms=EVERY_ROOM)
        (call,) = await _until_quiet(stream)
        await stream.aclose()
        assert _data(call)[0] == "call"
        return _id(call)

    last = asyncio.run(first_visit())
    assert last.startswith("c")

    async def reconnect(last_event_id: str | None) -> list[tuple[str, dict[str, Any]]]:
        stream = floor_stream(svc, en, is_gone=lambda: False, rooms=EVERY_ROOM, last_event_id=last_event_id)
        events = await _until_quiet(stream)
        await stream.aclose()
        return [_data(e) for e in events]

    assert asyncio.run(reconnect(last)) == []  # the call put off with Later is not paged again
    assert [kind for kind, _ in asyncio.run(reconnect(None))] == ["call"]  # a device seen for the first time is
    assert [kind for kind, _ in asyncio.run(reconnect("x" * (MAX_EVENT_ID_CHARS + 1)))] == ["call"]

    clock.now += timedelta(seconds=61)
    raise_overdue(svc)  # nobody answered: raised again while the device was away
    page = setup_table(users["flo"], table="9")
    tap(users["dana"], page, "deal", deal="all", first_seat="1")
    tap(users["dana"], page, "floor", note="a new call meanwhile")
    missed = asyncio.run(reconnect(last))
    assert [(kind, data["again"]) for kind, data in missed] == [("call", True), ("call", False)]
    assert missed[1][1]["note"] == "a new call meanwhile"


def test_an_answer_given_while_the_device_was_away_is_sent_on_reconnect(
        console: FastAPI, users: dict[str, TestClient], monkeypatch: Any) -> None:
    import floorman.web.floor_desk as desk

    monkeypatch.setattr(desk, "HEARTBEAT_SECONDS", 0.2)
    svc = svc_of(console)
    called(users)

    async def visit(last_event_id: str | None) -> list[str]:
        stream = floor_stream(svc, svc.translators["en"], is_gone=lambda: False, rooms=EVERY_ROOM,
                              last_event_id=last_event_id)
        events = await _until_quiet(stream)
        await stream.aclose()
        return events

    (call,) = asyncio.run(visit(None))
    with svc.db.transaction() as conn:
        (logged,) = FloorCallLog(conn, rooms=EVERY_ROOM).open_calls()
        FloorCallLog(conn, rooms=EVERY_ROOM).acknowledge(logged.id, username="flo", now="2026-06-01T20:00:30+00:00")
    (answered,) = asyncio.run(visit(_id(call)))
    assert _data(answered) == ("answered", {"id": logged.id}) and _id(answered) == "c"
    assert asyncio.run(visit(_id(answered))) == []


def test_over_http_the_stream_reads_last_event_id(tmp_path: Path) -> None:
    app = create_app(tmp_path / "console.db", password_cost=FAST_HASH, stream_seconds=1.0)
    with open_database(tmp_path / "console.db").transaction() as conn:
        for name, role in USERS.items():
            Accounts(conn, PasswordHasher(cost=FAST_HASH)).add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    with TestClient(app) as flo, TestClient(app) as dana:
        log_in(flo, "flo")
        log_in(dana, "dana")
        called({"flo": flo, "dana": dana})
        first = flo.get("/api/floor/stream").text
        ids = [line.removeprefix("id: ") for line in first.split("\n") if line.startswith("id: ")]
        assert len(ids) == 1 and "event: call" in first
        again = flo.get("/api/floor/stream", headers={"Last-Event-ID": ids[0]}).text
        assert "event: call" not in again
