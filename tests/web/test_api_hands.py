"""Hands and their events over the API: appends at a sequence number, the floor's ruling, the
re-play, undo, and the next hand carried over."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import example


def start(client: TestClient, name: str = "first-card-wrong-seat") -> tuple[int, int, list[dict[str, Any]]]:
    """A hand from an example's header, blinds posted; its id, sequence number, and the example's other events."""
    log = example(name)
    posts = [e for e in log["events"] if e["type"] == "post"]
    rest = [e for e in log["events"] if e["type"] != "post"]
    response = client.post("/api/hands", json={"header": {**log, "events": posts}})
    assert response.status_code == 201, response.text
    return response.json()["id"], response.json()["seq"], rest


def play(client: TestClient, hand_id: int, seq: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "events": events})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def test_a_new_hand_from_a_bare_header_posts_the_blinds(dealer: TestClient) -> None:
    log = example("four-card-flop")
    response = dealer.post("/api/hands", json={"header": {**log, "events": []}})
    assert response.status_code == 201
    posts = response.json()["log"]["events"]
    assert [(e["seat"], e["blind"], e["amount"]) for e in posts] == [(1, "sb", 200), (2, "bb", 400),
                                                                     (2, "bb_ante", 400)]


def test_an_append_at_the_expected_number_is_logged(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest[:1])
    assert body["seq"] == seq + 1
    events = dealer.get(f"/api/hands/{hand_id}/events").json()
    assert events["seq"] == seq + 1 and events["events"][-1]["event"] == rest[0]


def test_a_stale_sequence_number_gets_409(dealer: TestClient, floor: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    play(floor, hand_id, seq, rest[:1])
    response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "event": rest[1]})
    assert response.status_code == 409
    assert response.json()["error"]["type"] == "stale_sequence"


def test_an_unreadable_event_gets_422_naming_its_index_and_field(dealer: TestClient) -> None:
    hand_id, seq, _ = start(dealer)
    response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "event": {"type": "deal", "seat": 40}})
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["event"], error["field"]) == (seq, "seat")
    assert dealer.get(f"/api/hands/{hand_id}").json()["seq"] == seq


def test_the_ruling_so_far_follows_every_event(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest[:-2])
    assert body["ruling"]["rulings"][-1]["verdict"] == "misdeal"
    assert body["substantial_action"] == {"counted": 0, "target": 3, "reached": False}


def test_the_floor_rules_and_the_misdeal_replays_from_the_redeal_header(dealer: TestClient, floor: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest)
    assert body["pending_ruling"] == 0
    response = floor.post(f"/api/hands/{hand_id}/ruling", json={"seq": body["seq"], "replay": True})
    assert response.status_code == 201, response.text
    outcome = response.json()
    incident = outcome["incident"]
    assert (incident["final_verdict"], incident["table"], incident["hand"], incident["dealer"], incident["floor"]) == (
        "misdeal", "12", "12-0457", "D-031", "flo")
    assert incident["causes"] == ["first_card_wrong_seat"]
    assert incident["log"]["events"][-1] == {"type": "ruling_applied", "ruling": 0}
    replay = outcome["replay"]
    assert replay["log"]["redeal_of"] == {"hand": "12-0457", "count": 1}
    assert replay["log"]["button"] == 6 and [e["type"] for e in replay["log"]["events"]] == ["post"] * 3
    assert replay["replay_of"] == hand_id and outcome["hand"]["over"]


def test_a_dealer_cannot_record_a_ruling_or_an_override(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest)
    response = dealer.post(f"/api/hands/{hand_id}/ruling",
                           json={"seq": body["seq"], "override": {"verdict": "continue", "reason": "table agreed"}})
    assert response.status_code == 403


def test_an_override_is_recorded_with_its_reason(dealer: TestClient, floor: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest)
    response = floor.post(f"/api/hands/{hand_id}/ruling", json={
        "seq": body["seq"], "override": {"verdict": "continue", "reason": "all players agreed to play on"}})
    incident = response.json()["incident"]
    assert incident["verdict"] == "misdeal" and incident["final_verdict"] == "continue"
    assert incident["override"] == {"verdict": "continue", "reason": "all players agreed to play on"}
    assert incident["ruling"]["rulings"][-1]["override"]["reason"] == "all players agreed to play on"
    assert not response.json()["hand"]["over"] and response.json()["replay"] is None


def test_an_override_must_differ_from_the_book(dealer: TestClient, floor: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest)
    response = floor.post(f"/api/hands/{hand_id}/ruling", json={
        "seq": body["seq"], "override": {"verdict": "misdeal", "reason": "same"}})
    assert response.status_code == 422 and response.json()["error"]["field"] == "verdict"


def test_nothing_is_logged_while_the_floor_call_waits_for_the_ruling(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest)
    response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": body["seq"], "event": {"type": "burn"}})
    assert response.status_code == 409


def test_a_ruling_without_a_floor_call_is_refused(floor: TestClient) -> None:
    hand_id, seq, _ = start(floor)
    assert floor.post(f"/api/hands/{hand_id}/ruling", json={"seq": seq}).status_code == 409


def test_undo_takes_back_the_last_tap(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    deals = [e for e in rest if e["type"] == "deal"]
    body = play(dealer, hand_id, seq, deals)
    response = dealer.post(f"/api/hands/{hand_id}/undo", json={"seq": body["seq"]})
    assert response.status_code == 200
    assert len(response.json()["removed"]) == len(deals) and response.json()["hand"]["seq"] == seq


def test_undo_with_a_stale_number_gets_409(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    play(dealer, hand_id, seq, rest[:1])
    assert dealer.post(f"/api/hands/{hand_id}/undo", json={"seq": seq}).status_code == 409


def test_only_the_floor_takes_back_a_floor_call_and_a_recorded_ruling_stays(dealer: TestClient,
                                                                          floor: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    before = play(dealer, hand_id, seq, rest[:-1])
    body = dealer.post(f"/api/hands/{hand_id}/floor", json={"seq": before["seq"]}).json()
    assert dealer.post(f"/api/hands/{hand_id}/undo", json={"seq": body["seq"]}).status_code == 409
    taken = floor.post(f"/api/hands/{hand_id}/undo", json={"seq": body["seq"]})
    assert taken.status_code == 200 and taken.json()["removed"][0]["type"] == "floor"
    again = floor.post(f"/api/hands/{hand_id}/floor", json={"seq": body["seq"] - 1}).json()
    floor.post(f"/api/hands/{hand_id}/ruling", json={"seq": again["seq"]})
    assert floor.post(f"/api/hands/{hand_id}/undo", json={"seq": again["seq"] + 1}).status_code == 409


def test_the_next_hand_carries_the_table_over(dealer: TestClient) -> None:
    start(dealer)
    response = dealer.post("/api/hands/next?table=12")
    assert response.status_code == 201
    log = response.json()["log"]
    assert (log["hand"], log["button"], log["dealer"]) == ("12-0458", 1, "D-031")
    assert [(e["seat"], e["blind"]) for e in log["events"]] == [(2, "sb"), (3, "bb"), (3, "bb_ante")]


def test_a_table_with_no_hand_cannot_be_carried_over(dealer: TestClient) -> None:
    response = dealer.post("/api/hands/next?table=99")
    assert response.status_code == 422 and response.json()["error"]["field"] == "table"


def test_hands_are_listed_newest_first(dealer: TestClient) -> None:
    first, _, _ = start(dealer)
    second, _, _ = start(dealer, "four-card-flop")
    assert [h["id"] for h in dealer.get("/api/hands").json()["hands"]][:2] == [second, first]
    assert dealer.get("/api/hands/999").status_code == 404
