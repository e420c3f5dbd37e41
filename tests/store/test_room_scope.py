"""The store keeps to the rooms it is made with, on every kind of store: another room's hand, its events,
its incident, its correction, its floor call, the names its filters offer and its response times are not
found, not listed and not written to, and nothing is made in a room outside the scope."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from floorman.storage import (
    EVERY_ROOM,
    Database,
    FloorCallLog,
    Hands,
    IncidentQuery,
    Incidents,
    NotFoundError,
    StaleSequenceError,
    open_database,
)
from tests.store.test_contract import NOW, add_room, draft


@pytest.fixture
def two_rooms(store: str) -> Iterator[tuple[Database, int, int, int, int]]:
    """A store with a hand, its events, an incident and an open floor call in each of rooms 1 and 2:
    the database, main's hand and incident ids, riverside's hand and incident ids."""
    db = open_database(store)
    db.migrate()
    riverside = add_room(db, "riverside")
    ids: list[int] = []
    with db.transaction() as conn:
        for room in (1, riverside):
            hands, calls = Hands(conn, rooms=EVERY_ROOM), FloorCallLog(conn, rooms=EVERY_ROOM)
            hand = hands.create({}, table_name="T1", hand_number=f"{room}", dealer=f"D{room}", now=NOW, user_id=None,
                                room_id=room)
            hands.append(hand.id, [{"type": "deal"}], expected_seq=0, now=NOW, user_id=None)
            calls.open(room_id=room, hand_id=hand.id, call_index=0, table_name="T1", hand_number=f"{room}", note="",
                       user_id=None, now=NOW)
            incident = Incidents(conn, rooms=EVERY_ROOM).record(
                draft(f"room {room}", room_id=room), now=NOW)
            ids += [hand.id, incident.id]
    yield db, *ids  # type: ignore[misc]
    db.close()


def test_a_hand_of_another_room_is_not_found_read_or_written(two_rooms: tuple[Database, int, int, int, int]) -> None:
    db, main_hand, _, river_hand, _ = two_rooms
    with db.transaction() as conn:
        hands = Hands(conn, rooms=(1,))
        assert hands.get(main_hand).room_id == 1
        with pytest.raises(NotFoundError):
            hands.get(river_hand)
        assert hands.events(river_hand) == [] and hands.count_events(river_hand) == 0
        assert hands.room_of(river_hand) is None
        with pytest.raises(NotFoundError):
            hands.append(river_hand, [{"type": "deal"}], expected_seq=1, now=NOW, user_id=None)
        with pytest.raises(NotFoundError):
            hands.remove_last_batch(river_hand, expected_seq=1)
        with pytest.raises(NotFoundError):
            hands.close(river_hand, now=NOW)
        with pytest.raises(NotFoundError):
            hands.create({}, table_name="T9", hand_number="1", dealer="", now=NOW, user_id=None, room_id=2)
        with pytest.raises(NotFoundError):
            hands.create({}, table_name="T9", hand_number="1", dealer="", now=NOW, user_id=None, replay_of=river_hand)
        assert [h.id for h in hands.recent()] == [main_hand]
        assert [t.last_hand_id for t in hands.tables()] == [main_hand]
        assert hands.last_at_table("T1") is not None and hands.last_at_table("T1").id == main_hand  # type: ignore[union-attr]
        with pytest.raises(StaleSequenceError):  # its own room's hand is still written to as before
            hands.append(main_hand, [{"type": "deal"}], expected_seq=0, now=NOW, user_id=None)
    with db.connect() as conn:
        assert Hands(conn, rooms=EVERY_ROOM).count_events(river_hand) == 1
        assert Hands(conn, rooms=EVERY_ROOM).get(river_hand).closed_at is None
        assert Hands(conn, rooms=()).recent() == []


def test_an_incident_of_another_room_is_not_found_listed_or_corrected(
        two_rooms: tuple[Database, int, int, int, int]) -> None:
    db, _, main_incident, _, river_incident = two_rooms
    with db.transaction() as conn:
        incidents = Incidents(conn, rooms=(1,))
        with pytest.raises(NotFoundError):
            incidents.get(river_incident)
        with pytest.raises(NotFoundError):
            incidents.history(river_incident)
        assert incidents.room_of(river_incident) is None
        everything = IncidentQuery(current_only=False)
        assert [i.id for i in incidents.search(everything)] == [main_incident]
        assert incidents.count(everything) == 1 and [i.id for i in incidents.each(everything)] == [main_incident]
        assert incidents.count(IncidentQuery(ids=(river_incident,))) == 0
        assert incidents.count(IncidentQuery(rooms=(2,))) == 0  # a query cannot widen the store's scope
        assert incidents.distinct("dealer") == ["Lan"] and len(Incidents(conn, rooms=EVERY_ROOM).search(everything)) == 2
        with pytest.raises(NotFoundError):
            incidents.record(draft("into riverside", room_id=2), now=NOW)
        with pytest.raises(NotFoundError):
            incidents.record(draft("corrects riverside", room_id=1, corrects=river_incident), now=NOW)
    with db.connect() as conn:
        assert Incidents(conn, rooms=EVERY_ROOM).count(IncidentQuery(current_only=False)) == 2


def test_a_floor_call_of_another_room_is_not_found_acknowledged_or_counted(
        two_rooms: tuple[Database, int, int, int, int]) -> None:
    db, main_hand, _, river_hand, _ = two_rooms
    with db.transaction() as conn:
        every = FloorCallLog(conn, rooms=EVERY_ROOM)
        river_call = every.of_hand(river_hand)[0].id
        calls = FloorCallLog(conn, rooms=(1,))
        assert [c.hand_id for c in calls.open_calls()] == [main_hand]
        assert calls.of_hand(river_hand) == [] and calls.room_of(river_call) is None
        with pytest.raises(NotFoundError):
            calls.get(river_call)
        with pytest.raises(NotFoundError):
            calls.acknowledge(river_call, username="flo", now=NOW)
        assert calls.acknowledge_hand(river_hand, username="flo", now=NOW) == []
        assert calls.withdraw(river_hand, 0) == []
        with pytest.raises(NotFoundError):
            calls.open(room_id=2, hand_id=river_hand, call_index=1, table_name="T1", hand_number="2", note="",
                       user_id=None, now=NOW)
        every.acknowledge(river_call, username="rita", now=NOW)
        assert calls.response_times(since="2026-06-01", until="2026-06-01").answered == 0
        assert every.response_times(since="2026-06-01", until="2026-06-01").answered == 1
        assert every.get(river_call).acknowledged_by == "rita"
