"""Two devices log the same tap on one hand at the same moment: exactly one wins, the other gets 409
and, after reloading the hand, logs its tap at the new sequence number.

Two real clients (each its own connection and session) against a real ``floorman serve``, released
together by a barrier, round after round on fresh hands.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from tests.trust.live import Client, Response, live_console
from tests.web.conftest import example

ROUNDS = 20
BARRIER_SECONDS = 10.0


def _new_hand(client: Client, table: str) -> tuple[int, int, list[dict[str, Any]]]:
    """A hand at ``table`` with its blinds posted; its id, its sequence number and the deals to come."""
    log = example("four-card-flop")
    posts = [e for e in log["events"] if e["type"] == "post"]
    deals = [e for e in log["events"] if e["type"] == "deal"]
    response = client.request("POST", "/api/hands", {"header": {**log, "table": table, "events": posts}})
    assert response.status == 201, response.body
    body = response.json()
    return body["id"], body["seq"], deals


def _race(clients: list[Client], path: str, bodies: list[dict[str, Any]]) -> list[Response]:
    """Each client sends its body at the same moment; the answers in the clients' order."""
    barrier = threading.Barrier(len(clients), timeout=BARRIER_SECONDS)
    answers: list[Response | BaseException | None] = [None] * len(clients)

    def send(i: int) -> None:
        try:
            barrier.wait()
            answers[i] = clients[i].request("POST", path, bodies[i])
        except BaseException as exc:
            answers[i] = exc

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=BARRIER_SECONDS + 15)
    assert not any(t.is_alive() for t in threads), "a client did not finish"
    for answer in answers:
        if not isinstance(answer, Response):
            raise AssertionError(f"a client failed: {answer!r}")
    return [a for a in answers if isinstance(a, Response)]


def test_two_clients_appending_at_once_one_wins_the_other_gets_409_and_retries(tmp_path: Path) -> None:
    with live_console(tmp_path) as console:
        dealer, floor = Client(console.port), Client(console.port)
        assert dealer.log_in("dana").status == 200 and floor.log_in("flo").status == 200
        wins = {"dana": 0, "flo": 0}
        for round_ in range(ROUNDS):
            hand_id, seq, deals = _new_hand(dealer, f"race-{round_}")
            path = f"/api/hands/{hand_id}/events"
            answers = _race([dealer, floor], path, [{"seq": seq, "event": deals[0]}, {"seq": seq, "event": deals[0]}])
            statuses = sorted(a.status for a in answers)
            assert statuses == [201, 409], [(a.status, a.body[:200]) for a in answers]
            loser = next(a for a in answers if a.status == 409)
            assert loser.json()["error"]["type"] == "stale_sequence"
            winner_index = [a.status for a in answers].index(201)
            wins[("dana", "flo")[winner_index]] += 1
            assert answers[winner_index].json()["seq"] == seq + 1

            retrier = (dealer, floor)[1 - winner_index]
            reloaded = retrier.request("GET", f"/api/hands/{hand_id}/events").json()
            assert reloaded["seq"] == seq + 1
            retried = retrier.request("POST", path, {"seq": reloaded["seq"], "event": deals[1]})
            assert retried.status == 201, retried.body
            events = retrier.request("GET", path).json()["events"]
            assert [e["seq"] for e in events] == list(range(seq + 2))
            assert [e["event"] for e in events[seq:]] == deals[:2]
        dealer.close()
        floor.close()
    assert sum(wins.values()) == ROUNDS
