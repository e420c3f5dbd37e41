"""The store's contract, held by SQLite and PostgreSQL alike: every test runs on both (``store``).

Migrations from empty and from the version before rooms; optimistic concurrency on a hand (two
writers, two servers: one wins, the other is told its view is stale, 409 over HTTP); the incident log
append-only and one intact chain per room under concurrent writers; a session made on one server
good on another; floor calls heard; and a SIGKILL of a real ``floorman serve`` mid-write losing
nothing it acknowledged.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from floorman.storage import (
    EVERY_ROOM,
    Accounts,
    ConflictError,
    Database,
    FloorCall,
    FloorCallLog,
    Hands,
    IncidentDraft,
    IncidentQuery,
    Incidents,
    MigrationError,
    PasswordHasher,
    Period,
    Role,
    StaleSequenceError,
    StatsQueries,
    chain_status,
    open_database,
)
from floorman.storage.chain import CHAINED_COLUMNS, GENESIS, row_hash
from floorman.storage.drill_scores import DrillAnswer, DrillOptions, DrillScores
from floorman.storage.migrations import MIGRATIONS, applied_migrations
from floorman.storage.sql import database_errors
from tests.trust.live import Client, LiveConsole, free_port, seed_accounts
from tests.trust.test_append_race import _new_hand, _race
from tests.trust.test_crash import Ledger, _write

NOW = "2026-06-01T21:00:00+00:00"
ROUNDS = 8


@pytest.fixture
def db(store: str) -> Iterator[Database]:
    database = open_database(store)
    database.migrate()
    yield database
    database.close()


@pytest.fixture
def second(store: str, db: Database) -> Iterator[Database]:
    """Another handle on the same store, with connections of its own: what a second server has."""
    database = open_database(store)
    yield database
    database.close()


def draft(note: str, *, room_id: int = 1, corrects: int | None = None) -> IncidentDraft:
    return IncidentDraft(
        table_name="T3", hand_number="812", dealer="Lan", floor_person="Minh", rulebook="wsop-2025",
        verdict="misdeal", final_verdict="misdeal", rules=("WSOP-R88",), causes=("four_card_flop",),
        substantial_action=False, log={"events": [{"type": "deal"}]}, ruling={"rulings": []}, note=note,
        room_id=room_id, corrects=corrects)


def add_room(db: Database, slug: str) -> int:
    with db.transaction() as conn:
        return int(conn.execute("INSERT INTO rooms (slug, name, created_at) VALUES (?, ?, ?) RETURNING id",
                                (slug, slug.title(), NOW)).fetchone()[0])


def at_once(jobs: list[Callable[[], Any]]) -> list[Any]:
    """Run the jobs in threads released together; what each returned or raised, in order."""
    barrier = threading.Barrier(len(jobs), timeout=10)
    results: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = jobs[i]()
        except BaseException as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a job did not finish"
    return results


# -- migrations --------------------------------------------------------------------------------------


def test_migrations_from_empty_apply_each_migration_once(store: str) -> None:
    db = open_database(store)
    try:
        assert db.migrate() == [m.name for m in MIGRATIONS]
        assert db.migrate() == []
        with db.connect() as conn:
            assert applied_migrations(conn) == [m.name for m in MIGRATIONS]
            for table in ("users", "sessions", "hands", "hand_events", "incidents", "drills", "drill_answers",
                          "rooms", "room_roles"):
                assert conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == (table == "rooms")
            assert conn.execute("SELECT slug FROM rooms").fetchone()[0] == "main"
    finally:
        db.close()


def test_two_servers_starting_at_once_migrate_the_database_once(store: str) -> None:
    first, other = open_database(store), open_database(store)
    try:
        applied = at_once([first.migrate, other.migrate])
        assert not any(isinstance(a, BaseException) for a in applied), applied
        assert sorted(applied[0] + applied[1]) == sorted(m.name for m in MIGRATIONS)
    finally:
        first.close()
        other.close()


def _old_incident(conn: Any, incident_id: int, prev: str, note: str) -> str:
    """An incident as the version before rooms wrote it (no room column)."""
    content: dict[str, Any] = {
        "id": incident_id, "recorded_at": NOW, "table_name": "T1", "hand_number": str(incident_id),
        "dealer": "Lan", "floor_person": "Minh", "rulebook": "wsop-2025", "verdict": "misdeal",
        "override_verdict": None, "override_reason": None, "final_verdict": "misdeal", "rules": '["WSOP-R88"]',
        "causes": '["four_card_flop"]', "substantial_action": 0, "log": '{"events":[]}', "ruling": "{}",
        "note": note, "hand_id": 1, "corrects": None,
    }
    digest = row_hash(content, prev)
    columns = ", ".join((*CHAINED_COLUMNS, "prev_hash", "row_hash"))
    marks = ", ".join("?" for _ in range(len(CHAINED_COLUMNS) + 2))
    conn.execute(f"INSERT INTO incidents ({columns}) VALUES ({marks})", (*content.values(), prev, digest))
    return digest


def test_migration_from_the_version_before_rooms_keeps_every_record_in_the_first_room(store: str) -> None:
    db = open_database(store)
    try:
        assert db.migrate(upto="0005_drill_answers")[-1] == "0005_drill_answers"
        with db.transaction() as conn:
            conn.execute("INSERT INTO users (username, password_hash, role, created_at) VALUES ('ann', 'x', "
                         "'floor', ?)", (NOW,))
            conn.execute("INSERT INTO hands (table_name, hand_number, dealer, header, created_at) "
                         "VALUES ('T1', '1', 'Lan', '{}', ?)", (NOW,))
            conn.execute("INSERT INTO hand_events (hand_id, seq, batch, event, logged_at) "
                         "VALUES (1, 0, 0, '{\"type\":\"deal\"}', ?)", (NOW,))
            head = GENESIS
            for n in (1, 2, 3):
                head = _old_incident(conn, n, head, f"before rooms {n}")
        assert db.migrate(upto="0006_rooms") == ["0006_rooms"]
        with db.connect() as conn:
            assert Hands(conn, rooms=EVERY_ROOM).get(1).room_id == 1 and len(Hands(conn, rooms=EVERY_ROOM).events(1)) == 1
            assert [i.room_id for i in Incidents(conn, rooms=EVERY_ROOM).search(IncidentQuery())] == [1, 1, 1]
            status = chain_status(conn, room_id=1)
            assert status.broken is None and status.entries == 3 and status.head == head
        with db.transaction() as conn:  # the chain goes on from where the old version left it
            fourth = Incidents(conn, rooms=EVERY_ROOM).record(draft("after rooms"), now=NOW)
        assert fourth.id == 4 and fourth.prev_hash == head
    finally:
        db.close()


def test_a_database_written_by_a_newer_floorman_is_refused(db: Database) -> None:
    with db.transaction() as conn:
        conn.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ('9999_hologram_tables', ?)", (NOW,))
    with pytest.raises(MigrationError, match="9999_hologram_tables"):
        db.migrate()


# -- optimistic concurrency ----------------------------------------------------------------------------


def test_two_writers_appending_to_one_hand_one_wins_the_other_is_stale(db: Database, second: Database) -> None:
    for round_ in range(ROUNDS):
        with db.transaction() as conn:
            hand = Hands(conn, rooms=EVERY_ROOM).create({"game": "nlhe"}, table_name="T1", hand_number=str(round_), dealer="Lan",
                                      now=NOW, user_id=None)

        def tap(store: Database, who: str, hand_id: int = hand.id) -> int:
            with store.transaction() as conn:
                return Hands(conn, rooms=EVERY_ROOM).append(hand_id, [{"type": "deal", "by": who}], expected_seq=0, now=NOW,
                                          user_id=None)

        results = at_once([lambda: tap(db, "a"), lambda: tap(second, "b")])
        assert sorted(type(r).__name__ for r in results) == ["StaleSequenceError", "int"], results
        stale = next(r for r in results if isinstance(r, StaleSequenceError))
        assert (stale.expected, stale.actual) == (0, 1)
        with db.connect() as conn:
            assert len(Hands(conn, rooms=EVERY_ROOM).events(hand.id)) == 1


@pytest.fixture
def two_servers(store: str, tmp_path: Path) -> Iterator[tuple[LiveConsole, LiveConsole]]:
    """Two ``floorman serve`` processes on one store (SQLite: one file; PostgreSQL: one database)."""
    seed_accounts(store)
    servers = (LiveConsole(db=store, log=tmp_path / "a.log", port=free_port()),
               LiveConsole(db=store, log=tmp_path / "b.log", port=free_port()))
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


def test_two_servers_appending_to_one_hand_one_wins_the_other_gets_409(
        two_servers: tuple[LiveConsole, LiveConsole]) -> None:
    a, b = two_servers
    dealer, floor = Client(a.port), Client(b.port)
    try:
        assert dealer.log_in("dana").status == 200 and floor.log_in("flo").status == 200
        for round_ in range(ROUNDS):
            hand_id, seq, deals = _new_hand(dealer, f"T{round_}")
            answers = _race([dealer, floor], f"/api/hands/{hand_id}/events",
                            [{"seq": seq, "event": deals[0]}, {"seq": seq, "event": deals[0]}])
            assert sorted(r.status for r in answers) == [201, 409], [r.body for r in answers]
            loser = next(r for r in answers if r.status == 409)
            assert loser.json()["error"]["type"] == "stale_sequence"
            events = floor.request("GET", f"/api/hands/{hand_id}/events").json()
            assert events["seq"] == seq + 1
    finally:
        dealer.close()
        floor.close()


def test_a_session_made_on_one_server_is_good_on_the_other(two_servers: tuple[LiveConsole, LiveConsole]) -> None:
    a, b = two_servers
    on_a = Client(a.port)
    assert on_a.log_in("flo").status == 200
    on_b = Client(b.port, cookie=on_a.cookie, csrf=on_a.csrf)
    try:
        assert on_b.request("GET", "/api/session").json()["user"]["username"] == "flo"
        hand_id, _, _ = _new_hand(on_b, "T9")  # a change (CSRF checked) made on the other server
        assert on_a.request("GET", f"/api/hands/{hand_id}").status == 200
        assert on_b.request("DELETE", "/api/session").status in (200, 204)
        assert on_a.request("GET", "/api/session").status == 401  # logged out on one, out on both
    finally:
        on_a.close()
        on_b.close()


# -- the incident log ----------------------------------------------------------------------------------


def test_the_incident_log_keeps_one_intact_chain_per_room_under_concurrent_writers(
        db: Database, second: Database) -> None:
    rooms = (1, add_room(db, "riverside"))
    per_writer = 12

    def write(store: Database, room: int, label: str) -> list[int]:
        ids = []
        for n in range(per_writer):
            with store.transaction() as conn:
                ids.append(Incidents(conn, rooms=EVERY_ROOM).record(draft(f"{label}-{n}", room_id=room), now=NOW).id)
        return ids

    jobs = [lambda s=s, r=r, k=k: write(s, r, f"{k}-{r}") for k, s in enumerate((db, second)) for r in rooms]
    results = at_once(jobs * 2)
    assert not any(isinstance(r, BaseException) for r in results), results
    ids = sorted(i for r in results for i in r)
    assert ids == list(range(1, len(jobs) * 2 * per_writer + 1))
    with db.connect() as conn:
        for room in rooms:
            status = chain_status(conn, room_id=room)
            assert status.broken is None and status.entries == 2 * 2 * per_writer, status
            found = Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(rooms=(room,)))
            assert found == status.entries


def test_the_incident_log_refuses_to_change_or_lose_an_entry(db: Database) -> None:
    with db.transaction() as conn:
        kept = Incidents(conn, rooms=EVERY_ROOM).record(draft("as recorded"), now=NOW)
    for statement in ("UPDATE incidents SET note = 'rewritten' WHERE id = ?", "DELETE FROM incidents WHERE id = ?"):
        with pytest.raises(database_errors(), match="append-only"), db.transaction() as conn:
            conn.execute(statement, (kept.id,))
    with db.connect() as conn:
        assert Incidents(conn, rooms=EVERY_ROOM).get(kept.id) == kept
        assert chain_status(conn).broken is None


TOLD = {"version": 1, "entered": {"mishap": "four_card_flop", "acted": 0, "chips_in": 0, "note": "Tiếng Việt"},
        "assumed": [{"what": "closing", "events": [20, 21]}], "sa_rests_on": "closing"}


def test_a_told_hand_s_record_is_kept_whole_with_its_incident_and_the_hash_covers_it(db: Database) -> None:
    with db.transaction() as conn:
        logged = Incidents(conn, rooms=EVERY_ROOM).record(draft("logged at the table"), now=NOW)
        told = Incidents(conn, rooms=EVERY_ROOM).record(replace(draft("told to the floor"), told=TOLD), now=NOW)
    with db.connect() as conn:
        store = Incidents(conn, rooms=EVERY_ROOM)
        assert store.get(told.id).told == TOLD and store.get(logged.id).told is None
        assert [i.told for i in store.search(IncidentQuery(), summary=True)] == [None, None]
        assert chain_status(conn).broken is None
        content = {name: conn.execute(f"SELECT {name} FROM incidents WHERE id = ?", (told.id,)).fetchone()[0]
                   for name in (*CHAINED_COLUMNS, "told")}
    assert row_hash(content, told.prev_hash) == told.row_hash  # the record is under the hash
    assert row_hash({k: v for k, v in content.items() if k != "told"}, told.prev_hash) != told.row_hash
    with pytest.raises(database_errors(), match="append-only"), db.transaction() as conn:
        conn.execute("UPDATE incidents SET told = NULL WHERE id = ?", (told.id,))


def test_migration_to_told_records_keeps_every_older_entry_and_its_hash(store: str) -> None:
    db = open_database(store)
    try:
        db.migrate(upto="0009_incident_text")
        with db.transaction() as conn:
            old = [Incidents(conn, rooms=EVERY_ROOM).record(draft(f"before {n}"), now=NOW) for n in (1, 2)]
        assert db.migrate() == ["0010_incident_told"]
        with db.transaction() as conn:
            Incidents(conn, rooms=EVERY_ROOM).record(replace(draft("after"), told=TOLD), now=NOW)
        with db.connect() as conn:
            store_ = Incidents(conn, rooms=EVERY_ROOM)
            assert [store_.get(i.id) for i in old] == [replace(i, told=None) for i in old]
            status = chain_status(conn)
            assert status.broken is None and status.entries == 3
    finally:
        db.close()


def test_a_correction_stays_in_the_room_of_the_entry_it_corrects(db: Database) -> None:
    other = add_room(db, "riverside")
    with db.transaction() as conn:
        first = Incidents(conn, rooms=EVERY_ROOM).record(draft("first call"), now=NOW)
    with pytest.raises(ConflictError, match="another room"), db.transaction() as conn:
        Incidents(conn, rooms=EVERY_ROOM).record(draft("moved", room_id=other, corrects=first.id), now=NOW)


def test_search_filters_and_counts_read_alike_on_every_store(db: Database) -> None:
    with db.transaction() as conn:
        for note, table in (("Burn card flashed", "T1"), ("second deck", "t1"), ("100% sure", "T2")):
            Incidents(conn, rooms=EVERY_ROOM).record(IncidentDraft(**{**_fields(draft(note)), "table_name": table}), now=NOW)
    with db.connect() as conn:
        incidents = Incidents(conn, rooms=EVERY_ROOM)
        assert [i.note for i in incidents.search(IncidentQuery(text="burn"))] == ["Burn card flashed"]
        assert [i.note for i in incidents.search(IncidentQuery(text="100%"))] == ["100% sure"]
        assert incidents.count(IncidentQuery(table_name="t1")) == 2
        assert incidents.count(IncidentQuery(cause="four_card_flop")) == 3
        assert incidents.count(IncidentQuery(cause="boxed_card")) == 0
        assert incidents.distinct("table_name") in (["T1", "t1", "T2"], ["t1", "T1", "T2"])
        assert StatsQueries(conn, rooms=EVERY_ROOM).causes(Period(since="2026-06-01", until="2026-06-01")) == {"four_card_flop": 3}


def _fields(d: IncidentDraft) -> dict[str, Any]:
    return {name: getattr(d, name) for name in IncidentDraft.__dataclass_fields__}


def test_user_names_are_one_whatever_their_case(db: Database) -> None:
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=2**10))
        ann = accounts.add("Ann", "river card 1", Role.FLOOR, now=NOW)
        assert accounts.find("ANN") == ann
        with pytest.raises(ConflictError, match="already"):
            accounts.add("aNN", "river card 2", Role.DEALER, now=NOW)


def test_a_drill_question_is_answered_once(db: Database) -> None:
    with db.transaction() as conn:
        user = Accounts(conn, PasswordHasher(cost=2**10)).add("dana", "river card 1", Role.DEALER, now=NOW)
        scores = DrillScores(conn)
        drill = scores.start(user.id, DrillOptions(seed="s", count=3, rulebook="wsop-2025"), now=NOW)
        answer = DrillAnswer(drill_id=drill.id, user_id=user.id, question_index=0, question_id="q", topic="flop",
                             rulebook="wsop-2025", given_verdict="misdeal", given_choice=None, verdict_right=True,
                             remedy_right=False, points=1, answered_at=NOW)
        scores.record(drill, answer)
    with pytest.raises(ConflictError, match="already answered"), db.transaction() as conn:
        DrillScores(conn).record(drill, answer)


# -- floor calls ---------------------------------------------------------------------------------------


def call(note: str) -> FloorCall:
    return FloorCall(room_id=1, hand_id=7, table_name="T3", hand_number="812", note=note, called_by="dana",
                     called_at=NOW)


def test_a_floor_call_published_is_heard_by_every_subscriber(db: Database) -> None:
    with db.floor_calls.subscribe() as first, db.floor_calls.subscribe() as other:
        db.floor_calls.publish(call("four cards on the flop"))
        assert first.get(timeout=5) == call("four cards on the flop")
        assert other.get(timeout=5) == call("four cards on the flop")
        assert first.get(timeout=0.1) is None


def test_a_closed_subscription_hears_nothing_more(db: Database) -> None:
    heard = db.floor_calls.subscribe()
    heard.close()
    db.floor_calls.publish(call("after"))
    assert heard.get(timeout=0.2) is None


# -- SIGKILL -------------------------------------------------------------------------------------------


def test_a_server_killed_mid_write_loses_nothing_it_acknowledged(store: str, tmp_path: Path) -> None:
    seed_accounts(store)
    console = LiveConsole(db=store, log=tmp_path / "server.log", port=free_port())
    draw = random.Random(20261201)
    ledger = Ledger()
    try:
        console.start()
        sessions = [Client(console.port) for _ in range(2)]
        for client, name in zip(sessions, ("flo", "mai"), strict=True):
            assert client.log_in(name).status == 200
        for crash in range(3):
            stop = threading.Event()
            writers = [threading.Thread(target=_write, args=(s, console.port, f"k{crash}-{n}", ledger, stop))
                       for n, s in enumerate(sessions)]
            for thread in writers:
                thread.start()
            time.sleep(draw.uniform(0.5, 1.2))
            console.kill()
            stop.set()
            for thread in writers:
                thread.join(timeout=30)
            assert ledger.failures == [], ledger.failures
            console.start()
        for client in sessions:
            client.close()
    finally:
        console.stop()
    db = open_database(store)
    try:
        with db.connect() as conn:
            rows = {r["note"]: (r["id"], r["row_hash"]) for r in conn.execute("SELECT id, note, row_hash FROM incidents")}
            status = chain_status(conn)
    finally:
        db.close()
    assert len(ledger.acknowledged) >= 10, "too few writes to call this a test"
    lost = sorted(note for note, link in ledger.acknowledged.items() if rows.get(note) != link)
    assert lost == []
    assert set(rows) <= set(ledger.acknowledged) | ledger.in_doubt
    assert status.broken is None and status.entries == len(rows)


# -- PostgreSQL: more than one server ------------------------------------------------------------------


def test_a_floor_call_published_through_one_server_is_heard_on_another(postgres_url: str) -> None:
    one, other = open_database(postgres_url), open_database(postgres_url)
    try:
        one.migrate()
        with other.floor_calls.subscribe() as heard, one.floor_calls.subscribe() as heard_here:
            one.floor_calls.publish(call("a card with a red back"))
            assert heard.get(timeout=5) == call("a card with a red back")
            assert heard_here.get(timeout=5) == call("a card with a red back")
    finally:
        one.close()
        other.close()


def test_a_floor_call_made_at_one_console_server_reaches_the_floor_devices_of_another(
        postgres_url: str, tmp_path: Path) -> None:
    seed_accounts(postgres_url)
    devices = open_database(postgres_url)  # the floor devices' server, on its own connections
    console = LiveConsole(db=postgres_url, log=tmp_path / "server.log", port=free_port())
    dealer = Client(0)
    try:
        with devices.floor_calls.subscribe() as heard:
            console.start()
            dealer.port = console.port
            assert dealer.log_in("dana").status == 200
            hand_id, seq, _ = _new_hand(dealer, "T12")
            answer = dealer.request("POST", f"/api/hands/{hand_id}/floor", {"seq": seq, "note": "flop of four"})
            assert answer.status == 201, answer.body
            got = heard.get(timeout=10)
        assert got is not None and (got.hand_id, got.table_name, got.note, got.called_by) == (
            hand_id, "T12", "flop of four", "dana")
        assert got.room_id == 1
    finally:
        dealer.close()
        console.stop()
        devices.close()


def test_the_floor_call_log_opens_raises_again_once_and_answers_alike_on_every_store(
        db: Database, second: Database) -> None:
    with db.transaction() as conn:
        hand = Hands(conn, rooms=EVERY_ROOM).create({"game": "nlhe"}, table_name="T9", hand_number="9-1", dealer="Lan", now=NOW,
                                  user_id=None)
        call = FloorCallLog(conn, rooms=EVERY_ROOM).open(room_id=1, hand_id=hand.id, call_index=0, table_name="T9", hand_number="9-1",
                                       note="four cards on the flop", user_id=None, now=NOW)
    later = "2026-06-01T21:01:00+00:00"
    with db.transaction() as conn:
        assert FloorCallLog(conn, rooms=EVERY_ROOM).raise_again(due_before="2026-06-01T20:59:00+00:00", now=later) == []
        (raised,) = FloorCallLog(conn, rooms=EVERY_ROOM).raise_again(due_before=NOW, now=later)
    with second.transaction() as conn:  # raised once: the other server finds nothing due
        assert FloorCallLog(conn, rooms=EVERY_ROOM).raise_again(due_before=NOW, now=later) == []
    with second.transaction() as conn:
        answered = FloorCallLog(conn, rooms=EVERY_ROOM).acknowledge(call.id, username="flo", now="2026-06-01T21:01:30+00:00")
    with db.connect() as conn:
        assert FloorCallLog(conn, rooms=EVERY_ROOM).open_calls() == []
        times = FloorCallLog(conn, rooms=EVERY_ROOM).response_times(since="2026-06-01", until="2026-06-01")
    assert raised.raised_times == 1 and answered.response_seconds == 90
    assert (times.answered, times.median, times.raised_again) == (1, 90, 1)


def test_a_floor_call_made_through_one_server_reaches_a_floor_device_reading_the_other(
        postgres_url: str, tmp_path: Path) -> None:
    """The floor device's Server-Sent Events stream on server B shows a call the dealer made on server A."""
    seed_accounts(postgres_url)
    a = LiveConsole(db=postgres_url, log=tmp_path / "a.log", port=free_port())
    b = LiveConsole(db=postgres_url, log=tmp_path / "b.log", port=free_port())
    dealer = Client(0)
    stream: http.client.HTTPConnection | None = None
    try:
        a.start()
        b.start()
        dealer.port = a.port
        floor = Client(b.port)
        assert dealer.log_in("dana").status == 200 and floor.log_in("flo").status == 200
        stream = http.client.HTTPConnection("127.0.0.1", b.port, timeout=15)
        stream.request("GET", "/api/floor/stream", headers={"Cookie": floor.cookie, "Accept": "text/event-stream"})
        device = stream.getresponse()
        assert device.status == 200 and device.getheader("content-type", "").startswith("text/event-stream")
        assert device.readline().startswith(b"retry:")  # the stream is open before the call is made
        hand_id, seq, _ = _new_hand(dealer, "T21")
        answer = dealer.request("POST", f"/api/hands/{hand_id}/floor", {"seq": seq, "note": "a boxed card"})
        assert answer.status == 201, answer.body
        deadline = time.monotonic() + 15
        seen: list[str] = []
        while time.monotonic() < deadline:
            line = device.readline().decode()
            seen.append(line)
            if line.startswith("data:") and seen[-2:-1] == ["event: call\n"]:
                call_shown = json.loads(line[len("data:"):])
                break
        else:
            raise AssertionError(f"no call on the other server's stream: {seen}")
        assert call_shown["hand_id"] == hand_id and call_shown["table"] == "T21", call_shown
        floor.close()
    finally:
        if stream is not None:
            stream.close()
        dealer.close()
        a.stop()
        b.stop()
