"""A console hand takes the events hand log version 1.1 added: a tablet logs them into a hand whose header is
version 1, the hand's log then declares 1.1, and the ruling reads them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_api_hands import play, start
from tests.web.test_pages import setup_table, tap


def test_a_tablet_logs_v1_1_events_into_a_console_hand_and_the_floor_rules_on_them(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer, "four-card-flop")
    deal = [e for e in rest if e["type"] == "deal"][:12]
    body = play(dealer, hand_id, seq, [*deal, {"type": "deal_completed"}])
    body = play(dealer, hand_id, body["seq"], [
        {"type": "discover", "what": "wrong_count", "seat": 1, "count": 1, "caused_by": "player", "by_seat": 4}])
    hand = dealer.get(f"/api/hands/{hand_id}").json()
    assert hand["log"]["floorman"] == 1.1
    assert [e["type"] for e in hand["log"]["events"]][-2:] == ["deal_completed", "discover"]
    assert [f["irregularity"] for f in hand["ruling"]["findings"]] == ["wrong_count_caused_by_player"]
    ruling = hand["ruling"]["rulings"][-1]
    assert ruling["verdict"] == "continue"
    assert ruling["remedies"] == [{"do": "kill_hand", "seat": 1}, {"do": "kill_hand", "seat": 4}]


def test_a_console_hand_with_only_version_1_events_stays_version_1(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    play(dealer, hand_id, seq, rest[:2])
    assert dealer.get(f"/api/hands/{hand_id}").json()["log"]["floorman"] == 1


def test_the_consoles_buttons_log_v1_1_events_and_its_event_list_says_them(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    for kind in ("deal_completed", "stub_rebuilt", "card_off_table"):
        assert tap(floor, page, "event", kind=kind).status_code == 200, kind
    tap(floor, page, "event", kind="wrong_count_player", seat="3", count="1")
    html = floor.get(page).text
    for words in ("The deal is complete", "The stub was dropped and put back in order", "Card found off the table",
                  "Seat 3 holds 1 cards (a player took or swapped cards)"):
        assert words in html, words


def test_a_tablet_logging_a_pot_awarded_during_a_break_makes_the_hand_version_1_2(dealer: TestClient) -> None:
    hand_id, seq, rest = start(dealer)
    body = play(dealer, hand_id, seq, rest[:2])
    play(dealer, hand_id, body["seq"], [{"type": "pot_awarded", "during_break": True}])
    hand = dealer.get(f"/api/hands/{hand_id}").json()
    assert hand["log"]["floorman"] == 1.2
    assert hand["log"]["events"][-1] == {"type": "pot_awarded", "during_break": True}
