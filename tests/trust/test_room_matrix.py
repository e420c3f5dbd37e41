"""The room boundary, cell by cell: every route that names a record x every account (each role in each of
two rooms, each role of the group, nobody) x the record of each room x every spelling of its id, on both
stores; then every list, export, filter and stream x every account. No cell may be wrong:

- an id spelled any way but the one (``1.0``, ``%201``, ``1%20``, ``+1``, ``01``, ``²``, thirty nines ...) is
  a 422, whoever asks, before anything else runs;
- nobody logged in is sent to log in (401 from the API, the login page for a page);
- an account that holds the route's role in no room gets 403;
- an account that holds it, but not in the record's room, gets 404 (another room's record is not there);
- an account that holds it in the record's room reaches that record (and no other): the answer names it;
- a list, an export, a filter's names or a floor stream shows no record of a room outside the account's.

After the walk every record is as it was: no write went through to a room it should not have reached (the
writes in the walk are ones the record refuses in its own room, a stale sequence number, a corrected entry, an
acknowledged call, so that they change nothing where they are allowed). ``test_the_walk_tried_every_cell``
says how many cells were tried and how many were wrong.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.storage import (
    EVERY_ROOM,
    Accounts,
    FloorCallLog,
    Hands,
    IncidentQuery,
    Incidents,
    PasswordHasher,
    Role,
    chain_status,
    open_database,
)
from floorman.storage.rooms import Rooms
from floorman.web.app import create_app
from tests.store.conftest import postgres_server, with_database
from tests.web.conftest import FAST_HASH, PASSWORD, example, log_in

D, F, DIR = Role.DEALER, Role.FLOOR, Role.DIRECTOR
ROOMS = ("main", "river")
"""The two rooms (``river`` is the slug ``riverside``); each has its staff, tables and records."""
SLUG = {"main": "main", "river": "riverside"}
PRINCIPALS = (*(f"{room}-{role.value}" for room in ROOMS for role in Role), *(f"group-{role.value}" for role in Role),
              "mixed", "nobody")
"""Each role of each room, each role of the group (no room: every room), an account with a role of its own in
each room (``MIXED``), and nobody logged in."""
MIXED = {"main": Role.DEALER, "river": Role.DIRECTOR}
"""The roles of ``mixed``: a dealer in one room, the director of the other."""
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def spellings(record_id: int) -> dict[str, str]:
    """The one spelling of an id and the others that once reached the record (as sent in a path)."""
    quoted_superscript = "".join(f"%{b:02X}" for b in str(record_id).translate(SUPERSCRIPT).encode())
    return {"canonical": str(record_id), "point-zero": f"{record_id}.0", "space-before": f"%20{record_id}",
            "space-after": f"{record_id}%20", "plus": f"%2B{record_id}", "leading-zero": f"0{record_id}",
            "superscript": quoted_superscript, "thirty-nines": "9" * 30, "newline": f"{record_id}%0A"}


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    """With ``{id}`` for the record's id."""
    kind: str
    """hand, incident, call, user or drill: which record the id names."""
    least: Role
    body: dict[str, Any] | None = None
    form: dict[str, str] | None = None

    @property
    def is_api(self) -> bool:
        return self.path.startswith("/api/")


STALE = {"seq": 9999}
"""A sequence number no hand has reached: a change allowed in the record's room is refused there as stale."""
ROUTES = (
    Route("GET", "/api/hands/{id}", "hand", D),
    Route("GET", "/api/hands/{id}/events", "hand", D),
    Route("POST", "/api/hands/{id}/events", "hand", D, body={**STALE, "event": {"type": "burn"}}),
    Route("POST", "/api/hands/{id}/floor", "hand", D, body=STALE),
    Route("POST", "/api/hands/{id}/undo", "hand", D, body=STALE),
    Route("POST", "/api/hands/{id}/ruling", "hand", F, body=STALE),
    Route("POST", "/api/hands/{id}/replay", "hand", F, body={}),
    Route("GET", "/api/incidents/{id}", "incident", F),
    Route("POST", "/api/incidents/{id}/corrections", "incident", F, body={"verdict": "void", "reason": "again"}),
    Route("PATCH", "/api/users/{id}", "user", DIR, body={"locale": "en"}),
    Route("POST", "/api/users/{id}/unlock", "user", DIR, body={}),
    Route("GET", "/api/drill/{id}", "drill", D),
    Route("POST", "/api/drill/{id}/answers", "drill", D, body={"index": 0, "verdict": "misdeal"}),
    Route("GET", "/api/drill/{id}/summary", "drill", D),
    Route("GET", "/hands/{id}", "hand", D),
    *(Route("POST", f"/hands/{{id}}/{change}", "hand", D, form={"seq": "9999"})
      for change in ("deal", "deal-error", "act", "event", "floor", "undo")),
    Route("POST", "/hands/{id}/ruling", "hand", F, form={"seq": "9999"}),
    Route("POST", "/hands/{id}/replay", "hand", F, form={"seq": "9999"}),
    Route("GET", "/incidents/{id}", "incident", F),
    Route("POST", "/incidents/{id}/correct", "incident", F, form={"verdict": "void", "reason": "again"}),
    Route("POST", "/floor/calls/{id}/acknowledge", "call", F, form={}),
    Route("POST", "/users/{id}", "user", DIR, form={}),
    Route("POST", "/users/{id}/unlock", "user", DIR, form={}),
    Route("GET", "/drill/{id}", "drill", D),
    Route("GET", "/drill/{id}/summary", "drill", D),
    Route("GET", "/drill/{id}/1", "drill", D),
    Route("POST", "/drill/{id}/1", "drill", D, form={"verdict": "misdeal"}),
)
LISTS = (("/api/hands", D), ("/api/incidents?all=1", F), ("/api/incidents/export.csv?all=1", F),
         ("/api/incidents/export.json?all=1", F), ("/api/incidents/verify", DIR), ("/api/users", DIR),
         ("/api/drill/results", DIR), ("/api/floor/stream", F), ("/", D), ("/incidents?all=1", F), ("/floor", F),
         ("/stats", F), ("/users", DIR), ("/drill/results", DIR), ("/hands/new?table=T-MAIN", D),
         ("/hands/new?table=T-RIVER", D), ("/what-happened?table=T-MAIN", F), ("/what-happened?table=T-RIVER", F))
"""The routes that list records (with the least role each needs)."""
MARKERS = {"main": ("T-MAIN", "D-MAIN", "main-dealer", "main-floor"),
           "river": ("T-RIVER", "D-RIVER", "river-dealer", "river-floor")}
"""What shows that a room's record is in an answer: its table, its dealer, its staff's names."""


@dataclass
class Walk:
    """The console of one store, its records, and the cells walked on it."""

    store: str
    """sqlite or postgres."""
    address: str
    """The store's ``--db`` value."""
    clients: dict[str, TestClient]
    records: dict[tuple[str, str], int]
    """(kind, room) -> the id of the room's record of that kind."""
    tried: int = 0
    wrong: list[str] = field(default_factory=list)


CELLS: dict[str, tuple[int, int]] = {}
"""Per store: cells tried, cells wrong (filled by the walks, reported by the last test)."""


def _holder(principal: str) -> tuple[str | None, Role | None]:
    """The principal's room (None: the group's, or each its own for ``mixed``) and role (None: nobody)."""
    if principal == "nobody":
        return None, None
    if principal == "mixed":
        return None, Role.DIRECTOR
    room, role = principal.split("-")
    return (None if room == "group" else room), Role(role)


def roles_of(principal: str) -> dict[str, Role]:
    """The principal's role in each room it works in (the group's staff: every room; nobody: none)."""
    if principal == "mixed":
        return dict(MIXED)
    home, role = _holder(principal)
    if role is None:
        return {}
    return {room: role for room in ROOMS if home is None or home == room}


def rooms_at(principal: str, least: Role) -> tuple[str, ...]:
    return tuple(room for room, role in roles_of(principal).items() if role.allows(least))


def expected(route: Route, principal: str, room: str, walk: Walk) -> str:
    """``allowed``, or the status the cell must answer: 401 (the login page for a page), 403 or 404."""
    if principal == "nobody":
        return "login"
    if route.kind == "drill":  # a drill is its owner's: the room's dealer
        return "allowed" if principal == f"{room}-dealer" else "404"
    reach = rooms_at(principal, route.least)
    if not reach:
        return "403"
    return "allowed" if room in reach else "404"


def _send(walk: Walk, route: Route, principal: str, path: str) -> Any:
    client = walk.clients[principal]
    if route.is_api:
        return client.request(route.method, path, json=route.body if route.method != "GET" else None)
    if route.method == "GET":
        return client.get(path, follow_redirects=False)
    token = client.headers.get("X-CSRF-Token", "")
    return client.post(path, data={**(route.form or {}), "csrf_token": token}, follow_redirects=False)


def _judge(route: Route, want: str, response: Any, record_id: int, spelled: str) -> str | None:
    """What is wrong with the cell's answer, or None."""
    status = response.status_code
    if spelled != "canonical":
        return None if status == 422 else f"expected 422, got {status}"
    if want == "login":
        ok = status == 401 if route.is_api else (status == 303 and "/login" in response.headers.get("location", ""))
        return None if ok else f"expected a login, got {status}"
    if want in ("403", "404"):
        return None if status == int(want) else f"expected {want}, got {status}"
    if status in (401, 403, 404, 422) or status >= 500:
        return f"expected the record, got {status}"
    if route.method == "GET" and route.is_api and route.kind in ("hand", "incident"):
        body = response.json()
        named = body.get("id") if "/events" not in route.path else None
        if named is not None and named != record_id:
            return f"answered record {named}, not {record_id}"
    location, prefix = response.headers.get("location", ""), route.path.split("{id}")[0]
    went = location[len(prefix):].split("?")[0].split("/")[0] if location.startswith(prefix) else str(record_id)
    return None if went == str(record_id) else f"went to {location}, not record {record_id}"


def _floor_at(log: dict[str, Any]) -> int:
    return max(i for i, e in enumerate(log["events"]) if e["type"] == "floor")


def _called(dealer: TestClient, log: dict[str, Any], hand_number: str) -> int:
    """A hand of ``log`` logged up to its floor call, and the floor called from the table (the call is open)."""
    started = dealer.post("/api/hands", json={"header": {**log, "hand": hand_number, "events": []},
                                              "post_blinds": False}).json()
    seq = dealer.post(f"/api/hands/{started['id']}/events",
                      json={"seq": started["seq"], "events": log["events"][:_floor_at(log)]}).json()["seq"]
    assert dealer.post(f"/api/hands/{started['id']}/floor", json={"seq": seq}).status_code == 201
    return int(started["id"])


@pytest.fixture(scope="module", params=("sqlite", "postgres"))
def walk(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Walk]:
    """Two rooms with staff of each role, group staff, and in each room: a hand waiting for the floor (its
    call open), an acknowledged call, an incident that was corrected, a dealer's answered drill."""
    dropped: list[str] = []
    if request.param == "postgres":
        import psycopg

        server = postgres_server()
        name = f"floorman_matrix_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        dropped.append(name)
        store = with_database(server, name)
    else:
        store = str(tmp_path_factory.mktemp("matrix") / "console.db")
    app = create_app(store, password_cost=FAST_HASH, stream_seconds=0.3)
    db = open_database(store)
    ids: dict[tuple[str, str], int] = {}
    with db.transaction() as conn:
        riverside = Rooms(conn).add("riverside", "Riverside", now="2026-06-01T12:00:00+00:00").id
        accounts = Accounts(conn, PasswordHasher(cost=FAST_HASH))
        for principal in PRINCIPALS[:-1]:
            home, role = _holder(principal)
            assert role is not None
            user = accounts.add(principal, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
            if home is not None or principal == "mixed":
                for room, held in roles_of(principal).items():
                    accounts.set_room_role(user.id, 1 if room == "main" else riverside, held)
            if principal.endswith("-dealer") and home is not None:
                ids[("user", home)] = user.id
    db.close()
    clients = {p: (TestClient(app, raise_server_exceptions=False) if p == "nobody"
               else log_in(TestClient(app, raise_server_exceptions=False), p)) for p in PRINCIPALS}
    for room in ROOMS:
        upper = "MAIN" if room == "main" else "RIVER"
        dealer, floor = clients[f"{room}-dealer"], clients[f"{room}-floor"]
        log = {**example("four-card-flop"), "table": f"T-{upper}", "dealer": f"D-{upper}"}
        floor_at = _floor_at(log)
        ids[("hand", room)] = _called(dealer, log, "1")
        answered = _called(dealer, log, "2")
        call = floor.get(f"/api/hands/{answered}/events").json()["floor_call"]
        assert call is not None
        ruled = floor.post(f"/api/hands/{answered}/ruling", json={"seq": floor_at + 1})
        assert ruled.status_code == 201, ruled.text
        incident = ruled.json()["incident"]["id"]
        assert floor.post(f"/api/incidents/{incident}/corrections",
                          json={"verdict": "void", "reason": "the flop was shown"}).status_code == 201
        ids[("incident", room)] = incident
        drill = dealer.post("/api/drill", json={"count": 1, "seed": 11}).json()["drill"]
        assert dealer.post(f"/api/drill/{drill}/answers", json={"index": 0, "verdict": "misdeal"}).status_code == 201
        ids[("drill", room)] = drill
    db = open_database(store)
    with db.connect() as conn:
        for room in ROOMS:
            calls = FloorCallLog(conn, rooms=EVERY_ROOM).of_hand(ids[("hand", room)] + 1)
            assert calls and calls[-1].acknowledged_at is not None
            ids[("call", room)] = calls[-1].id
    db.close()
    yield Walk(store=request.param, address=store, clients=clients, records=ids)
    for client in clients.values():
        client.close()
    app.state.services.db.close()
    for name in dropped:
        import psycopg

        with psycopg.connect(postgres_server(), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _snapshot(store: str) -> dict[str, Any]:
    """Everything a write could have changed: each hand's events and closing, each chain, each call, each account."""
    db = open_database(store)
    try:
        with db.connect() as conn:
            hands = Hands(conn, rooms=EVERY_ROOM)
            return {
                "hands": [(h.id, h.closed_at, hands.count_events(h.id)) for h in hands.recent(limit=1000)],
                "chains": [chain_status(conn, room_id=room).head for room in (1, 2)],
                "incidents": Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)),
                "calls": [(c.id, c.acknowledged_at, c.acknowledged_by)
                          for h in hands.recent(limit=1000) for c in FloorCallLog(conn, rooms=EVERY_ROOM).of_hand(h.id)],
                "users": [(u.id, u.active, u.rooms, u.role) for u in Accounts(conn).all()],
                "passwords": [tuple(r) for r in conn.execute("SELECT id, password_hash FROM users ORDER BY id")],
            }
    finally:
        db.close()


def _record(walk: Walk, cell: str, problem: str | None) -> None:
    walk.tried += 1
    if problem is not None:
        walk.wrong.append(f"{cell}: {problem}")
    tried, wrong = CELLS.get(walk.store, (0, 0))
    CELLS[walk.store] = (tried + 1, wrong + (problem is not None))


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: f"{r.method} {r.path}")
def test_every_account_reaches_its_own_rooms_record_by_its_one_spelling_and_nothing_else(
        walk: Walk, route: Route) -> None:
    before = _snapshot(walk.address)
    wrong_before = len(walk.wrong)
    for principal in PRINCIPALS:
        for room in ROOMS:
            record_id = walk.records[(route.kind, room)]
            want = expected(route, principal, room, walk)
            for name, spelled in spellings(record_id).items():
                path = route.path.replace("{id}", spelled)
                response = _send(walk, route, principal, path)
                _record(walk, f"{walk.store} {route.method} {path} as {principal} ({room}'s, {name})",
                        _judge(route, want, response, record_id, name))
    after = _snapshot(walk.address)
    assert after == before, "a refused or stale change wrote something"
    assert walk.wrong[wrong_before:] == []


def _shown_rooms(principal: str, least: Role) -> tuple[str, ...] | None:
    """The rooms whose records a list may show the principal (None: refused)."""
    return rooms_at(principal, least) or None


def _read(client: TestClient, path: str) -> tuple[int, str]:
    if path == "/api/floor/stream":
        with client.stream("GET", path) as response:
            return response.status_code, "".join(response.iter_text())
    response = client.get(path, follow_redirects=False)
    return response.status_code, response.text


@pytest.mark.parametrize(("path", "least"), LISTS, ids=lambda x: str(x))
def test_lists_exports_filters_and_streams_show_only_the_accounts_rooms(walk: Walk, path: str, least: Role) -> None:
    wrong_before = len(walk.wrong)
    for principal in PRINCIPALS:
        status, text = _read(walk.clients[principal], path)
        shown = _shown_rooms(principal, least)
        cell = f"{walk.store} GET {path} as {principal}"
        if shown is None:
            ok = status in ((401,) if path.startswith("/api/") else (303,)) if principal == "nobody" else status == 403
            _record(walk, cell, None if ok else f"expected a refusal, got {status}")
            continue
        typed = path.split("table=")[1] if "table=" in path else None
        other_table = typed is not None and not any(typed == MARKERS[room][0] for room in shown)
        leaked = [m for room in ROOMS if room not in shown for m in MARKERS[room] if m in text
                  and m not in (principal, typed)]
        refused_well = status == 422 and other_table  # another room's table: nothing to carry over
        problem = None if (status < 400 or refused_well) and not leaked else f"status {status}, shows {leaked}"
        _record(walk, cell, problem)
    assert walk.wrong[wrong_before:] == []


def test_the_walk_tried_every_cell(walk: Walk) -> None:
    """The figures: every cell tried on this store, none wrong (printed with ``-s``)."""
    tried, wrong = CELLS[walk.store]
    per_route = len(PRINCIPALS) * len(ROOMS) * len(spellings(1))
    assert tried == len(ROUTES) * per_route + len(LISTS) * len(PRINCIPALS)
    assert wrong == 0, walk.wrong[:20]
    print(f"{walk.store}: {tried} access cells tried, {wrong} wrong")
