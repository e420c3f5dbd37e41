"""A ruling is written whole or not at all: the hand's ruling event, the incident and the re-play are
one transaction, so a failure half-way leaves the hand and the incident log as they were."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.web import live_hands
from tests.web.conftest import example


class DiskGone(Exception):
    """Stands for the disk or the process failing between two writes of one ruling."""


def _floor_call(dealer: TestClient) -> tuple[int, int]:
    log = example("first-card-wrong-seat")
    posts = [e for e in log["events"] if e["type"] == "post"]
    rest = [e for e in log["events"] if e["type"] != "post"]
    hand = dealer.post("/api/hands", json={"header": {**log, "events": posts}}).json()
    body = dealer.post(f"/api/hands/{hand['id']}/events", json={"seq": hand["seq"], "events": rest}).json()
    assert body["pending_ruling"] == 0
    return hand["id"], body["seq"]


def test_a_ruling_that_fails_half_way_leaves_no_incident_and_no_ruling_event(
        dealer: TestClient, floor: TestClient, director: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    hand_id, seq = _floor_call(dealer)

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise DiskGone

    monkeypatch.setattr(live_hands, "start_replay", fail)
    with pytest.raises(DiskGone):
        floor.post(f"/api/hands/{hand_id}/ruling", json={"seq": seq, "replay": True})

    assert floor.get("/api/incidents?all=1").json()["total"] == 0
    hand = dealer.get(f"/api/hands/{hand_id}").json()
    assert hand["seq"] == seq and hand["pending_ruling"] == 0 and hand["closed_at"] is None
    chain = director.get("/api/incidents/verify").json()
    assert chain["entries"] == 0 and chain["intact"]

    monkeypatch.undo()
    done = floor.post(f"/api/hands/{hand_id}/ruling", json={"seq": seq, "replay": True})
    assert done.status_code == 201 and done.json()["incident"]["id"] == 1 and done.json()["replay"] is not None
