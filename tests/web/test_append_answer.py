"""An append answers with what changed (the events appended, the sequence number, the ruling so far), not the
whole log: its size does not grow with the hand."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import example


def test_an_append_to_a_long_hand_answers_with_what_changed_not_the_whole_log(dealer: TestClient) -> None:
    log = example("four-card-flop")
    posts = [e for e in log["events"] if e["type"] == "post"]
    created = dealer.post("/api/hands", json={"header": {**log, "events": posts}}).json()
    hand_id, seq = created["id"], created["seq"]
    seats = [p["seat"] for p in log["players"]]
    chatter = [{"type": "act", "seat": seats[i % len(seats)], "action": "check", "_sensor": i} for i in range(3000)]
    for at in range(0, len(chatter), 1000):
        response = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "events": chatter[at:at + 1000]})
        assert response.status_code == 201, response.text
        seq = response.json()["seq"]
    small = dealer.post(f"/api/hands/{hand_id}/events", json={"seq": seq, "event": {"type": "floor", "note": "last"}})
    assert small.status_code == 201
    body = small.json()
    assert "log" not in body
    assert [(a["seq"], a["event"]) for a in body["appended"]] == [(seq, {"type": "floor", "note": "last"})]
    assert body["seq"] == seq + 1 == len(posts) + 3001
    assert len(small.content) < 16 * 1024, len(small.content)
    whole = dealer.get(f"/api/hands/{hand_id}").json()["log"]["events"]  # the whole log is one GET away
    assert len(whole) == body["seq"] and whole[-1] == {"type": "floor", "note": "last"}
