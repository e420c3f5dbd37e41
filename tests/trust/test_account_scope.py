"""Account administration keeps to the rooms: a room's director lists, adds, changes, switches off and
unlocks the accounts of their own rooms only; only the group director (a director given no room) reaches
the others; nobody sets the password of an account with more rooms than their own; a new account belongs
to the rooms of the director who adds it; drill results, filters and exports show the session's rooms."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import TypeAlias

import pytest
from fastapi.testclient import TestClient

from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.storage.rooms import Rooms
from floorman.web.app import create_app
from tests.web.conftest import FAST_HASH, PASSWORD, example, log_in

NOW = "2026-06-01T12:00:00+00:00"
STAFF = {"dana": ("main", Role.DEALER), "flo": ("main", Role.FLOOR), "mona": ("main", Role.DIRECTOR),
         "rita": ("riverside", Role.FLOOR), "rosa": ("riverside", Role.DIRECTOR), "dir": (None, Role.DIRECTOR)}
NEW_PASSWORD = "taken over at last"
Console: TypeAlias = tuple[dict[str, TestClient], dict[str, int], TestClient]


@pytest.fixture
def console(db_path: str) -> Iterator[Console]:
    """Two rooms with their staff and a group director, each logged in; the account ids; a client not logged in."""
    app = create_app(db_path, password_cost=FAST_HASH)
    db = open_database(db_path)
    ids = {}
    with db.transaction() as conn:
        Rooms(conn).add("riverside", "Riverside", now=NOW)
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for name, (room, role) in STAFF.items():
            user = accounts.add(name, PASSWORD, role, now=NOW)
            ids[name] = user.id
            if room is not None:
                accounts.set_room_role(user.id, Rooms(conn).named(room).id, role)
    db.close()
    clients = {name: log_in(TestClient(app), name) for name in STAFF}
    stranger = TestClient(app)
    yield clients, ids, stranger
    for client in (*clients.values(), stranger):
        client.close()
    app.state.services.db.close()


def test_a_rooms_director_lists_the_accounts_of_their_room_and_the_group_director_every_account(console: Console) -> None:
    clients, _, _ = console
    assert sorted(u["username"] for u in clients["rosa"].get("/api/users").json()["users"]) == ["rita", "rosa"]
    assert sorted(u["username"] for u in clients["mona"].get("/api/users").json()["users"]) == ["dana", "flo", "mona"]
    assert len(clients["dir"].get("/api/users").json()["users"]) == len(STAFF)
    page = clients["rosa"].get("/users").text
    assert "rita" in page and "dana" not in page and ">dir<" not in page


def test_a_rooms_director_cannot_take_over_the_group_director_or_another_rooms_staff(console: Console) -> None:
    clients, ids, stranger = console
    rosa = clients["rosa"]
    for target in ("dir", "flo", "mona"):
        for change in ({"password": NEW_PASSWORD}, {"active": False}, {"role": "dealer"}, {"locale": "vi"}):
            assert rosa.patch(f"/api/users/{ids[target]}", json=change).status_code == 404, (target, change)
        assert rosa.post(f"/api/users/{ids[target]}/unlock").status_code == 404
    form = re.search(r'name="csrf_token" value="([^"]+)"', rosa.get("/users").text)
    assert form is not None
    assert rosa.post(f"/users/{ids['dir']}", data={"csrf_token": form.group(1), "password": NEW_PASSWORD,
                                                   "active": "0"}).status_code == 404
    assert rosa.post(f"/users/{ids['dir']}/unlock", data={"csrf_token": form.group(1)}).status_code == 404
    assert stranger.post("/api/session", json={"username": "dir", "password": NEW_PASSWORD}).status_code == 401
    assert clients["dir"].get("/api/session").status_code == 200  # still logged in: nothing was changed
    assert rosa.patch(f"/api/users/{ids['rita']}", json={"password": NEW_PASSWORD}).status_code == 200
    assert stranger.post("/api/session", json={"username": "rita", "password": NEW_PASSWORD}).status_code == 200


def test_nobody_sets_the_password_of_an_account_with_more_rooms_than_their_own(console: Console) -> None:
    clients, _, _ = console
    added = clients["dir"].post("/api/users", json={"username": "roam", "password": PASSWORD, "role": "floor",
                                                    "rooms": ["main", "riverside"]})
    assert added.status_code == 201, added.text
    assert [r["room_id"] for r in added.json()["rooms"]] == [1, 2]
    for director in ("rosa", "mona"):
        assert clients[director].patch(f"/api/users/{added.json()['id']}",
                                       json={"password": NEW_PASSWORD}).status_code == 404
    assert clients["dir"].patch(f"/api/users/{added.json()['id']}", json={"password": NEW_PASSWORD}).status_code == 200


def test_a_new_account_belongs_to_the_rooms_of_the_director_who_adds_it(console: Console) -> None:
    clients, _, stranger = console
    rosa = clients["rosa"]
    added = rosa.post("/api/users", json={"username": "rick", "password": PASSWORD, "role": "director"})
    assert added.status_code == 201, added.text
    assert added.json()["rooms"] == [{"room_id": 2, "role": "director"}]
    for rooms in (["main"], ["nowhere"], ["riverside", "main"]):
        refused = rosa.post("/api/users", json={"username": "rex", "password": PASSWORD, "role": "director",
                                                "rooms": rooms})
        assert refused.status_code == 422 and refused.json()["error"]["field"] == "rooms", refused.text
    form = re.search(r'name="csrf_token" value="([^"]+)"', rosa.get("/users").text)
    assert form is not None
    assert rosa.post("/users", data={"csrf_token": form.group(1), "username": "ria", "password": PASSWORD,
                                     "role": "floor"}, follow_redirects=False).status_code == 303
    users = {u["username"]: u for u in clients["dir"].get("/api/users").json()["users"]}
    assert "rex" not in users and users["ria"]["rooms"] == [{"room_id": 2, "role": "floor"}]
    hand = clients["dana"].post("/api/hands", json={"header": {**example("four-card-flop"), "events": []}}).json()
    rick = log_in(stranger, "rick")
    assert rick.get(f"/api/hands/{hand['id']}").status_code == 404
    assert rick.get("/api/hands").json()["hands"] == []
    assert sorted(u["username"] for u in rick.get("/api/users").json()["users"]) == ["ria", "rick", "rita", "rosa"]
    group = clients["dir"].post("/api/users", json={"username": "gus", "password": PASSWORD, "role": "floor"})
    assert group.status_code == 201 and group.json()["rooms"] == []  # the group director's: every room


def test_a_role_is_changed_in_the_rooms_of_the_account(console: Console) -> None:
    clients, ids, stranger = console
    changed = clients["rosa"].patch(f"/api/users/{ids['rita']}", json={"role": "dealer"})
    assert changed.status_code == 200, changed.text
    assert changed.json()["rooms"] == [{"room_id": 2, "role": "dealer"}] and changed.json()["role"] == "dealer"
    rita = log_in(stranger, "rita")
    assert rita.get("/api/incidents").status_code == 403


def _ruled(clients: dict[str, TestClient], dealer: str, floor: str) -> None:
    log = example("four-card-flop")
    body = clients[dealer].post("/api/hands", json={"header": {**log, "dealer": f"D-{dealer}", "events": []},
                                                   "post_blinds": False}).json()
    seq = clients[dealer].post(f"/api/hands/{body['id']}/events",
                               json={"seq": body["seq"], "events": log["events"]}).json()["seq"]
    assert clients[floor].post(f"/api/hands/{body['id']}/ruling", json={"seq": seq}).status_code == 201


def test_drill_results_filters_and_exports_show_the_sessions_rooms(console: Console) -> None:
    clients, _, _ = console
    for name in ("flo", "rita"):
        drill = clients[name].post("/api/drill", json={"count": 1, "seed": 7}).json()
        assert clients[name].post(f"/api/drill/{drill['drill']}/answers",
                                  json={"index": 0, "verdict": "misdeal"}).status_code == 201
    assert [u["username"] for u in clients["rosa"].get("/api/drill/results").json()["users"]] == ["rita"]
    assert [u["username"] for u in clients["dir"].get("/api/drill/results").json()["users"]] == ["flo", "rita"]
    assert "flo" not in clients["rosa"].get("/drill/results").text.replace("floor", "")
    clients["dana"].post("/api/hands", json={"header": {**example("four-card-flop"), "events": []}})
    _ruled(clients, "dana", "flo")
    _ruled(clients, "rita", "rita")
    page = clients["rosa"].get("/incidents").text
    assert "D-rita" in page and "D-dana" not in page
    exported = list(csv.DictReader(io.StringIO(clients["rosa"].get("/api/incidents/export.csv").text)))
    assert [row["dealer"] for row in exported] == ["D-rita"]
    assert [i["dealer"] for i in clients["dir"].get("/api/incidents/export.json").json()["incidents"]] == [
        "D-dana", "D-rita"]
    assert [i["dealer"] for i in clients["flo"].get("/api/incidents/export.json").json()["incidents"]] == ["D-dana"]


def test_the_group_keeps_a_director_and_so_does_each_room(console: Console) -> None:
    """The group director is not demoted while room directors remain (they cannot administer the group's
    accounts); a room's only director keeps the role while no other director administers the room."""
    clients, ids, _ = console
    assert clients["dir"].patch(f"/api/users/{ids['dir']}", json={"role": "floor"}).status_code == 409
    assert clients["rosa"].patch(f"/api/users/{ids['rosa']}", json={"role": "floor"}).status_code == 200
    second = clients["dir"].post("/api/users", json={"username": "dora", "password": PASSWORD, "role": "director"})
    assert second.status_code == 201, second.text
    assert clients["dir"].patch(f"/api/users/{ids['dir']}", json={"role": "floor"}).status_code == 200
