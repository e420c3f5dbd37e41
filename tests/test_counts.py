"""Short and long counts in every family: dead hands under WSOP, the in-sequence completion, skipped seats.

MD-WRONG-COUNT and CNT-BEFORE-SA (rules.md, revised): a wrong count is not a WSOP misdeal cause and T-108
makes the wrong-count hands dead (discretion: the floor may misdeal instead); TDA-35-A5 misdeals (only the
short button is excepted); LA-108 and RRoP Misdeals 1(e) misdeal unless the top card still goes to the short
seat in proper sequence, and WSOP completes such a deal too, before any action.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, act, deal, last, t9

SIX = [1, 2, 3, 4, 5, 6]


def _kinds(ruling: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["do"], r.get("seat")) for r in ruling["remedies"]]


def _six(events: list[dict[str, Any]], game: str = "holdem") -> dict[str, Any]:
    return t9(events, seats=6, button=6, game=game)


def _swap(order: list[int], rounds: int, *, into: int, short: int, at_round: int) -> list[dict[str, Any]]:
    """``rounds`` rounds in ``order``, except that on round ``at_round`` seat ``into`` takes ``short``'s card."""
    out = []
    for r in range(1, rounds + 1):
        for seat in order:
            out.append({"type": "deal", "seat": into if (r == at_round and seat == short) else seat})
    return out


def _stopped(order: list[int], rounds: int, *, after: int) -> list[dict[str, Any]]:
    """``rounds`` rounds in ``order``, the last of them stopped after seat ``after``."""
    events = deal(order, rounds - 1)
    for seat in order:
        events.append({"type": "deal", "seat": seat})
        if seat == after:
            break
    return events


def test_wsop_wrong_count_before_substantial_action_kills_the_hands_and_plays_on() -> None:
    # Omaha 6-max: seat 3 took seat 4's third card (five and three), noticed before any action
    log = _six([*_swap(SIX, 4, into=3, short=4, at_round=3), FLOOR], game="omaha")
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "continue"
    assert {"MD-WRONG-COUNT", "CNT-BEFORE-SA"} <= set(ruling["rules"])
    assert _kinds(ruling) == [("kill_hand", 3), ("kill_hand", 4)]
    assert ruling["discretion"] is True and not ruling["substantial_action"]
    assert any("misdeal" in reason for reason in ruling["discretion_reasons"])
    assert "misdeal instead" in ruling["explanation"]
    assert "misdeal" in ruling["explanation_vi"]


@pytest.mark.parametrize("book", ["tda-2024", "tda-2022", "wsop-la-2026", "rrop"])
def test_other_books_misdeal_a_wrong_count_the_top_card_cannot_fix(book: str) -> None:
    log = _six([*_swap(SIX, 4, into=3, short=4, at_round=3), FLOOR], game="omaha")
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal"
    assert "MD-WRONG-COUNT" in ruling["rules"]
    assert ("redeal", None) in _kinds(ruling)


def test_wsop_wrong_count_after_folds_short_of_substantial_action_is_still_dead_not_misdealt() -> None:
    # hold'em 9 seats: seat 6 got seat 7's second card; two folds (not SA) before the floor
    events = [*_swap(list(range(1, 10)), 2, into=6, short=7, at_round=2), act(3, "fold"), act(4, "fold"), FLOOR]
    ruling = last(t9(events), "wsop-2026")
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is False
    assert _kinds(ruling) == [("kill_hand", 6), ("kill_hand", 7)]
    assert ruling["discretion"] is True
    assert "CNT-BURN-AFTER-KILL" in ruling["rules"]


def test_short_deal_completed_in_sequence_where_the_book_allows_it() -> None:
    # 5-card Omaha: the dealer stopped after seat 3 on the fifth round; seat 4 says he has four
    events = [*_stopped(SIX, 5, after=3), {"type": "discover", "what": "wrong_count", "seat": 4, "count": 4}, FLOOR]
    log = _six(events, game="omaha5")
    for book in ("wsop-la-2026", "rrop"):
        ruling = last(log, book)
        assert ruling["verdict"] == "continue", book
        assert "MD-WRONG-COUNT" in ruling["rules"]
        assert _kinds(ruling) == [("deal_missing_card", 4), ("deal_missing_card", 5), ("deal_missing_card", 6)]
        assert ruling["discretion"] is False, book
        assert "proper sequence" in ruling["explanation"]
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and wsop["discretion"] is True
    assert "CNT-BEFORE-SA" in wsop["rules"]
    assert _kinds(wsop) == [("deal_missing_card", 4), ("deal_missing_card", 5), ("deal_missing_card", 6)]
    tda = last(log, "tda-2024")
    assert tda["verdict"] == "misdeal" and "MD-WRONG-COUNT" in tda["rules"]


def test_short_deal_after_an_action_is_completed_under_la_but_dead_under_wsop() -> None:
    # hold'em 6-max: the deal stopped after seat 3 on the second round and seat 3 (UTG) acted
    events = [*_stopped(SIX, 2, after=3), act(3, "fold"), FLOOR]
    log = _six(events)
    la = last(log, "wsop-la-2026")
    assert la["verdict"] == "continue"
    assert ("deal_missing_card", 4) in _kinds(la) and ("deal_missing_card", 5) in _kinds(la)
    assert ("deal_missing_card", 6) in _kinds(la)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and wsop["discretion"] is True
    assert ("kill_hand", 4) in _kinds(wsop) and ("kill_hand", 5) in _kinds(wsop)
    assert ("deal_missing_card", 6) in _kinds(wsop)  # the short button still gets his card (T-108)
    assert "CNT-BTN-SHORT" in wsop["rules"]


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
def test_short_seat_that_acted_cannot_be_completed_in_sequence(book: str) -> None:
    # the deal stopped after seat 2 on the second round; seat 3 (short, one card) acted: no SA yet
    events = [*_stopped(SIX, 2, after=2), act(3, "fold"), FLOOR]
    ruling = last(_six(events), book)
    assert ruling["verdict"] == "misdeal" and not ruling["substantial_action"]
    assert "MD-WRONG-COUNT" in ruling["rules"]


@pytest.mark.parametrize(("game", "cards"), [("omaha5", 5), ("badugi", 4), ("2-7-triple-draw", 5)])
def test_seat_skipped_on_a_middle_round_is_found_once_the_button_has_its_last_card(game: str, cards: int) -> None:
    events = [ev for i, ev in enumerate(deal(SIX, cards)) if i != 6 + 1] + [FLOOR]  # seat 2 skipped on round 2
    log = _six(events, game=game)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and _kinds(wsop) == [("kill_hand", 2)]
    assert wsop["discretion"] is True
    for book in ("tda-2024", "wsop-la-2026", "rrop"):
        ruling = last(log, book)
        assert ruling["verdict"] == "misdeal", (game, book)
        assert "MD-WRONG-COUNT" in ruling["rules"]


def _stud(events: list[dict[str, Any]], seats: int = 5) -> dict[str, Any]:
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, seats + 1)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, seats + 1)]
    return {"floorman": 1, "game": "stud8", "seats": seats, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": antes + events}


def _stud_deal(seats: int, skip: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    out = []
    for r in range(1, 4):
        for s in range(1, seats + 1):
            if skip != (r, s):
                out.append({"type": "deal", "seat": s, **({"face_up": True} if r == 3 else {})})
    return out


def test_stud_last_seat_short_its_door_card_is_completed_in_sequence() -> None:
    events = [*_stud_deal(5, skip=(3, 5)), {"type": "post", "seat": 2, "blind": "bring_in", "amount": 200}, FLOOR]
    log = _stud(events)
    for book in ("wsop-la-2026", "rrop", "wsop-2026"):
        ruling = last(log, book)
        assert ruling["verdict"] == "continue", book
        assert _kinds(ruling) == [("deal_missing_card", 5)], book
    assert last(log, "wsop-2026")["discretion"] is True
    assert last(log, "tda-2024")["verdict"] == "misdeal"


def test_stud_middle_seat_skipped_on_the_door_card_round_is_dead_under_wsop() -> None:
    events = [*_stud_deal(5, skip=(3, 2)), {"type": "post", "seat": 3, "blind": "bring_in", "amount": 200}, FLOOR]
    log = _stud(events)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and _kinds(wsop) == [("kill_hand", 2)] and wsop["discretion"] is True
    assert "STUD-CARD-COUNT" in wsop["rules"]
    for book in ("tda-2024", "wsop-la-2026", "rrop"):
        assert last(log, book)["verdict"] == "misdeal", book
