"""Rooms on every store: a room's staff see and rule on their room's hands only, a group director on
every room's; statistics per room and across rooms; ``floorman db copy`` moving a room with its chain;
``--db`` refusing what is neither a file nor a PostgreSQL URL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from floorman.cli import main
from floorman.storage import (
    EVERY_ROOM,
    Accounts,
    Database,
    Hands,
    IncidentQuery,
    Incidents,
    PasswordHasher,
    Period,
    Role,
    StatsQueries,
    chain_status,
    open_database,
)
from floorman.storage.rooms import Rooms
from floorman.web.app import create_app
from tests.store.test_contract import NOW, TOLD, draft
from tests.web.conftest import FAST_HASH, PASSWORD, example, log_in

STAFF = {"dana": ("main", Role.DEALER), "flo": ("main", Role.FLOOR), "rita": ("riverside", Role.FLOOR),
         "rosa": ("riverside", Role.DIRECTOR), "dir": (None, Role.DIRECTOR)}


@pytest.fixture
def clients(store: str) -> Iterator[dict[str, TestClient]]:
    """A console over ``store`` with two rooms, staff in each and a group director, each logged in."""
    app = create_app(store, password_cost=FAST_HASH)
    db = open_database(store)
    with db.transaction() as conn:
        Rooms(conn).add("riverside", "Riverside", now=NOW)
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for name, (room, role) in STAFF.items():
            user = accounts.add(name, PASSWORD, role, now=NOW)
            if room is not None:
                accounts.set_room_role(user.id, Rooms(conn).named(room).id, role)
    db.close()
    made = {name: log_in(TestClient(app), name) for name in STAFF}
    yield made
    for client in made.values():
        client.close()
    app.state.services.db.close()


def _hand_awaiting_a_ruling(dealer: TestClient) -> tuple[int, int]:
    log = example("four-card-flop")
    body = dealer.post("/api/hands", json={"header": {**log, "events": []}, "post_blinds": False}).json()
    hand_id = body["id"]
    answer = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": body["seq"], "events": log["events"]})
    assert answer.status_code == 201, answer.text
    assert answer.json()["pending_ruling"] is not None  # the example ends with the floor called
    return hand_id, answer.json()["seq"]


def test_a_floor_person_of_one_room_neither_sees_nor_rules_on_another_rooms_hands(
        clients: dict[str, TestClient]) -> None:
    hand_id, seq = _hand_awaiting_a_ruling(clients["dana"])
    rita, flo, director = clients["rita"], clients["flo"], clients["dir"]
    assert rita.get(f"/api/hands/{hand_id}").status_code == 404
    assert hand_id not in [h["id"] for h in rita.get("/api/hands").json()["hands"]]
    assert rita.post(f"/api/hands/{hand_id}/ruling", json={"seq": seq}).status_code == 404
    assert director.get(f"/api/hands/{hand_id}").json()["id"] == hand_id
    assert [h["room_id"] for h in director.get("/api/hands").json()["hands"]] == [1]
    ruled = flo.post(f"/api/hands/{hand_id}/ruling", json={"seq": seq})
    assert ruled.status_code == 201, ruled.text
    incident = ruled.json()["incident"]
    assert incident["room_id"] == 1
    assert rita.get(f"/api/incidents/{incident['id']}").status_code == 404
    assert rita.get("/api/incidents").json()["total"] == 0
    assert flo.get("/api/incidents").json()["total"] == 1
    assert director.get(f"/api/incidents/{incident['id']}").status_code == 200


def test_a_hand_started_by_a_rooms_staff_belongs_to_their_room(clients: dict[str, TestClient]) -> None:
    log = example("four-card-flop")
    started = clients["rita"].post("/api/hands", json={"header": {**log, "events": []}})
    assert started.status_code == 201, started.text
    listed = clients["dir"].get("/api/hands").json()["hands"]
    assert [(h["id"], h["room_id"]) for h in listed] == [(started.json()["id"], 2)]
    assert clients["flo"].get("/api/hands").json()["hands"] == []


def _room_figures(html: str) -> dict[str, tuple[str, str]]:
    """The statistics page's per-room rows: hands and irregularities, by room slug."""
    return {slug: (hands, found) for slug, hands, found in re.findall(
        r'<tr data-room="([^"]+)"><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td>', html)}


def test_the_statistics_page_shows_each_rooms_figures_beside_every_rooms(clients: dict[str, TestClient]) -> None:
    for dealer, floor in (("dana", "flo"), ("rita", "rita")):
        hand_id, seq = _hand_awaiting_a_ruling(clients[dealer])
        assert clients[floor].post(f"/api/hands/{hand_id}/ruling", json={"seq": seq}).status_code == 201
    _hand_awaiting_a_ruling(clients["rita"])
    director = clients["dir"].get("/stats")
    assert director.status_code == 200
    assert _room_figures(director.text) == {"main": ("1", "1"), "riverside": ("2", "1")}
    assert re.search(r'<tr data-room=""><th>Every room</th><td>3</td><td>2</td>', director.text)
    clients["dir"].cookies.delete("floorman_lang")
    in_vietnamese = clients["dir"].get("/stats", headers={"Accept-Language": "vi"}).text
    assert "Theo phòng" in in_vietnamese and "Tất cả các phòng" in in_vietnamese
    assert _room_figures(in_vietnamese) == {"main": ("1", "1"), "riverside": ("2", "1")}
    one_room = clients["rita"].get("/stats").text
    assert 'data-testid="room-stats"' not in one_room and _room_figures(one_room) == {}
    assert re.search(r'big-number">2</span><span>hands logged', one_room)  # riverside's hands, not main's


def _setup_fields(client: TestClient, **more: str) -> dict[str, str]:
    page = client.get("/hands/new").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    fields = {"csrf_token": token.group(1), "table": "9", "hand": "9-1", "dealer": "D-9", "game": "holdem",
              "rulebook": "wsop-2026", "seats": "2", "button": "1", "small_blind": "100", "big_blind": "200",
              "name_1": "Lan", "stack_1": "5000", "status_1": "present",
              "name_2": "Minh", "stack_2": "5000", "status_2": "present"}
    return fields | more


def test_the_setup_form_offers_the_accounts_rooms_and_starts_the_hand_in_the_one_picked(
        clients: dict[str, TestClient]) -> None:
    director = clients["dir"]
    page = director.get("/hands/new").text
    offered = re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', page.split('data-testid="setup-room"')[1]
                         .split("</select>")[0])
    assert [room for room, _ in offered] == ["1", "2"]
    assert 'data-testid="setup-room"' not in clients["rita"].get("/hands/new").text  # one room: nothing to pick
    started = director.post("/hands", data=_setup_fields(director, room="2"), follow_redirects=False)
    assert started.status_code == 303, started.text
    hand_id = int(started.headers["location"].split("?")[0].rsplit("/", 1)[1])
    assert [(h["id"], h["room_id"]) for h in director.get("/api/hands").json()["hands"]] == [(hand_id, 2)]
    assert clients["rita"].get(f"/api/hands/{hand_id}").status_code == 200
    assert clients["flo"].get(f"/api/hands/{hand_id}").status_code == 404


def test_the_setup_form_refuses_a_room_the_account_does_not_work_in(clients: dict[str, TestClient]) -> None:
    flo = clients["flo"]
    for room in ("2", "99", "x"):
        refused = flo.post("/hands", data=_setup_fields(flo, room=room), follow_redirects=False)
        assert refused.status_code == 404, refused.text
    assert clients["dir"].post("/hands", data=_setup_fields(clients["dir"], room="99")).status_code == 404
    assert clients["dir"].get("/api/hands").json()["hands"] == []


def test_a_rooms_director_checks_the_rooms_chain_and_the_group_director_every_chain(
        clients: dict[str, TestClient]) -> None:
    hand_id, seq = _hand_awaiting_a_ruling(clients["dana"])
    assert clients["flo"].post(f"/api/hands/{hand_id}/ruling", json={"seq": seq}).status_code == 201
    mine = clients["rosa"].get("/api/incidents/verify").json()
    assert list(mine["rooms"]) == ["riverside"] and mine["entries"] == 0 and mine["intact"]
    every = clients["dir"].get("/api/incidents/verify").json()
    assert list(every["rooms"]) == ["main", "riverside"] and every["entries"] == 1 and every["intact"]
    assert every["head"] == every["rooms"]["main"]["head"] == clients["flo"].get(
        "/api/incidents/export.json").json()["chain_head"]
    assert clients["rosa"].get(f"/api/hands/{hand_id}").status_code == 404


def test_statistics_count_per_room_and_across_rooms(store: str) -> None:
    db = open_database(store)
    try:
        db.migrate()
        with db.transaction() as conn:
            riverside = Rooms(conn).add("riverside", "Riverside", now=NOW).id
            for room, n in ((1, 2), (riverside, 3)):
                for k in range(n):
                    Hands(conn, rooms=EVERY_ROOM).create({}, table_name=f"T{k}", hand_number="1", dealer="Lan", now=NOW,
                                       user_id=None, room_id=room)
                Incidents(conn, rooms=EVERY_ROOM).record(draft(f"room {room}", room_id=room), now=NOW)
        period = Period(since="2026-06-01", until="2026-06-01")
        with db.connect() as conn:
            assert StatsQueries(conn, rooms=EVERY_ROOM).by_room(period) == {1: (2, 1), riverside: (3, 1)}
            assert StatsQueries(conn, rooms=EVERY_ROOM).total_hands(period) == 5
            assert StatsQueries(conn, rooms=(riverside,)).total_hands(period) == 3
            assert StatsQueries(conn, rooms=(riverside,)).causes(period) == {"four_card_flop": 1}
    finally:
        db.close()


def _single_room_console(path: Path) -> str:
    """An SQLite console as one room runs it: accounts, a hand with its events, three incidents, a correction."""
    db = open_database(path)
    db.migrate()
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        floor = accounts.add("flo", PASSWORD, Role.FLOOR, now=NOW)
        accounts.add("boss", PASSWORD, Role.DIRECTOR, now=NOW)
        hand = Hands(conn, rooms=EVERY_ROOM).create({"game": "nlhe"}, table_name="T1", hand_number="7", dealer="Lan", now=NOW,
                                  user_id=floor.id)
        Hands(conn, rooms=EVERY_ROOM).append(hand.id, [{"type": "deal"}, {"type": "deal"}], expected_seq=0, now=NOW, user_id=floor.id)
        first = Incidents(conn, rooms=EVERY_ROOM).record(draft("first"), now=NOW)
        Incidents(conn, rooms=EVERY_ROOM).record(replace(draft("second"), told=TOLD), now=NOW)  # a hand told to the floor
        Incidents(conn, rooms=EVERY_ROOM).record(draft("first, corrected", corrects=first.id), now=NOW)
        head = chain_status(conn).head
    db.close()
    return head


def _copy(*args: str) -> Any:
    return CliRunner().invoke(main, ["db", "copy", *args])


def test_db_copy_moves_a_room_with_its_chain_and_its_staff(store: str, tmp_path: Path) -> None:
    source = tmp_path / "room.db"
    head = _single_room_console(source)
    result = _copy(str(source), store)
    assert result.exit_code == 0, result.output
    assert f"chain intact on arrival, head {head}" in result.output
    target: Database = open_database(store)
    try:
        with target.connect() as conn:
            status = chain_status(conn, room_id=1)
            assert (status.entries, status.head, status.broken) == (3, head, None)
            assert [e.event for e in Hands(conn, rooms=EVERY_ROOM).events(1)] == [{"type": "deal"}, {"type": "deal"}]
            assert Incidents(conn, rooms=EVERY_ROOM).get(1).corrected_by == 3
            assert Incidents(conn, rooms=EVERY_ROOM).get(2).told == TOLD  # the record of a told hand comes along
            boss = Accounts(conn, PasswordHasher(cost=FAST_HASH)).authenticate("boss", PASSWORD)
            assert boss is not None and boss.rooms == ((1, Role.DIRECTOR),)  # the room's director, not the group's
        with target.transaction() as conn:  # new records go on after the copied ids
            assert Hands(conn, rooms=EVERY_ROOM).create({}, table_name="T2", hand_number="1", dealer="", now=NOW, user_id=None).id == 2
        again = _copy(str(source), store)
        assert again.exit_code == 2 and "already holds records" in again.output
        with target.connect() as conn:
            assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 3
    finally:
        target.close()


def test_db_copy_refuses_a_room_whose_ids_the_target_holds_and_writes_nothing(store: str, tmp_path: Path) -> None:
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    _single_room_console(first)
    _single_room_console(second)
    with open_database(second).transaction() as conn:
        Rooms(conn).add("riverside", "Riverside", now=NOW)
    assert _copy(str(first), store).exit_code == 0
    refused = _copy(str(second), store, "--room", "main")
    assert refused.exit_code == 2 and "already holds records" in refused.output
    other = tmp_path / "c.db"
    _single_room_console(other)
    db = open_database(other)
    with db.transaction() as conn:  # the same records, filed in a room of another name
        conn.execute("UPDATE rooms SET slug = 'riverside' WHERE id = 1")
    db.close()
    clash = _copy(str(other), store)
    assert clash.exit_code == 2 and "one of room 'riverside''s ids" in clash.output, clash.output
    target = open_database(store)
    try:
        with target.connect() as conn:
            assert Rooms(conn).find("riverside") is None
            assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 3
    finally:
        target.close()


@pytest.mark.parametrize("value", ["mysql://floor@db/floorman", "postgresql://", "redis://localhost"])
def test_db_is_a_file_or_a_postgresql_url_and_anything_else_is_refused_in_one_line(value: str) -> None:
    for command in (["users", "list"], ["verify-log"], ["rooms", "list"], ["serve"]):
        result = CliRunner().invoke(main, [*command, "--db", value])
        assert result.exit_code == 2, (command, result.output)
        assert result.output.count("\n") == 1 and result.output.startswith("floorman: --db"), result.output


def test_verify_log_walks_every_rooms_chain(store: str) -> None:
    db = open_database(store)
    try:
        db.migrate()
        with db.transaction() as conn:
            riverside = Rooms(conn).add("riverside", "Riverside", now=NOW).id
            Incidents(conn, rooms=EVERY_ROOM).record(draft("main room"), now=NOW)
            for n in range(2):
                Incidents(conn, rooms=EVERY_ROOM).record(draft(f"riverside {n}", room_id=riverside), now=NOW)
            heads = {room: chain_status(conn, room_id=room).head for room in (1, riverside)}
    finally:
        db.close()
    result = CliRunner().invoke(main, ["verify-log", "--db", store])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"room main: incident log intact: 1 entry, head {heads[1]}",
                                          f"room riverside: incident log intact: 2 entries, head {heads[riverside]}"]


def test_what_happened_at_a_table_carries_over_the_table_of_the_floor_persons_own_room(
        clients: dict[str, TestClient]) -> None:
    log = example("four-card-flop")
    main_table = {**log, "table": "9", "events": []}
    river_table = {**log, "table": "9", "button": 4, "events": [],
                   "players": [{**p, "name": f"River {p['seat']}", "stack": 99000} for p in log["players"][:4]]}
    mine = clients["dana"].post("/api/hands", json={"header": main_table}).json()["id"]
    theirs = clients["rita"].post("/api/hands", json={"header": river_table}).json()["id"]
    flo, rita = clients["flo"], clients["rita"]
    page = flo.get("/what-happened?table=9")
    assert page.status_code == 200
    assert "6 players" in page.text and "4 players" not in page.text
    assert "4 players" in rita.get("/what-happened?table=9").text
    assert clients["rosa"].get("/what-happened?table=12").status_code == 422
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    ruled = flo.post("/what-happened", data={"csrf_token": token.group(1), "table": "9", "mishap": "four_card_flop"},
                     follow_redirects=False)
    assert ruled.status_code == 303, ruled.text  # to the draft's ruling: nothing is filed before Confirm
    preview = flo.get(urljoin("http://testserver/what-happened", str(ruled.headers["location"])))
    assert preview.status_code == 200, preview.text
    form = preview.text[preview.text.index('data-testid="draft"'):]
    form = form[:form.index("</form>")]
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form):
        fields.setdefault(name, []).append(unescape(value))
    confirmed = flo.post("/what-happened/confirm", data={**fields, "decision": "confirm"}, follow_redirects=False)
    assert confirmed.status_code == 303, confirmed.text
    filed = re.search(r"/hands/(\d+)", str(confirmed.headers["location"]))
    assert filed is not None, confirmed.headers["location"]
    reconstructed = int(filed[1])
    every = {h["id"]: h for h in clients["dir"].get("/api/hands").json()["hands"]}
    assert every[reconstructed]["room_id"] == 1
    assert every[reconstructed]["table"] == "9"
    assert every[mine]["closed_at"] is not None and every[theirs]["closed_at"] is None
    assert flo.get(f"/api/hands/{reconstructed}").json()["log"]["players"][0]["name"] == "Lan"
