"""Dispute windows per book and per kind of dispute (DISP-WINDOW, FD-DISPUTE-WINDOW).

WSOP-T (T-76): the right to dispute a hand ends when the next hand begins, whatever the dispute. TDA-22 (2024): the
reading of a tabled hand until the next hand begins, but accounting errors in calculating and awarding the pot until
substantial action in the next hand. So an award that does not add up (``pot_awarded.shares``), raised after
``next_hand`` (whose substantial action the log cannot record), is in time under TDA 2024 and too late under WSOP-T.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
KEEPS_ACCOUNTING_OPEN = ("tda-2024",)
STATES_NO_ACCOUNTING_WINDOW = ("wsop-la-2026", "rrop")
"""LA and RRoP state no window for disputing the award: closed as T-76 by analogy, the floor's call."""
BURN = {"type": "burn"}


def _checked_down(*, shares: list[dict[str, int]], after: list[dict[str, Any]]) -> dict[str, Any]:
    """Seats 3 to 9 fold, the small blind calls, the big blind checks, then it is checked down and shown; the pot is
    6,000 (two bets of 2,000 and the big blind's ante)."""
    events: list[dict[str, Any]] = [*deal(NINE), *(act(s, "fold") for s in range(3, 10)), act(1, "call", 2000),
                                    act(2, "check")]
    for n in (3, 1, 1):
        events += [BURN, *({"type": "board", "card": "??"} for _ in range(n)), act(1, "check"), act(2, "check")]
    events += [{"type": "show", "seat": 1, "cards": ["??"]}, {"type": "show", "seat": 2, "cards": ["??"]},
               {"type": "pot_awarded", "shares": shares}, *after, FLOOR]
    return t9(events, floorman=1.1)


OVER = [{"seat": 1, "amount": 3500}, {"seat": 2, "amount": 3000}]  # 500 more than the pot: wrong under every book
EVEN = [{"seat": 1, "amount": 3000}, {"seat": 2, "amount": 3000}]


@pytest.mark.parametrize("book", BOOKS)
def test_disp_window_an_award_that_does_not_add_up_is_in_time_before_the_next_hand_under_every_book(
        book: str) -> None:
    ruling = last(_checked_down(shares=OVER, after=[]), book)
    assert "DISP-WINDOW" in ruling["rules"]
    assert {"do": "correct_award", "amount": 6000} in ruling["remedies"]
    assert ruling["discretion"] is True


@pytest.mark.parametrize("book", BOOKS)
def test_disp_window_an_award_that_does_not_add_up_raised_after_the_next_hand_began(book: str) -> None:
    ruling = last(_checked_down(shares=OVER, after=[{"type": "next_hand"}]), book)
    assert ruling["verdict"] == "continue" and "DISP-WINDOW" in ruling["rules"]
    if book in KEEPS_ACCOUNTING_OPEN:  # TDA-22: accounting errors until substantial action in the next hand
        assert {"do": "correct_award", "amount": 6000} in ruling["remedies"]
        assert "DEF-SA" in ruling["rules"]
        assert "may be disputed until substantial action in the next hand" in ruling["explanation"]
        assert "khiếu nại vẫn còn trong thời hạn" in ruling["explanation_vi"]
    else:  # T-76: every dispute of the hand ends when the next hand begins
        assert not any(r["do"] == "correct_award" for r in ruling["remedies"])
        assert "the right to dispute this hand has ended" in ruling["explanation"]
    assert ruling["discretion"] is (book not in ("wsop-2026", "tda-2022"))


@pytest.mark.parametrize("book", STATES_NO_ACCOUNTING_WINDOW)
def test_disp_window_an_award_dispute_after_the_next_hand_is_the_floors_call_where_the_book_states_no_window(
        book: str) -> None:
    ruling = last(_checked_down(shares=OVER, after=[{"type": "next_hand"}]), book)
    assert ruling["verdict"] == "continue" and ruling["discretion"] is True
    assert not any(r["do"] == "correct_award" for r in ruling["remedies"])
    assert "the award stands as paid" in ruling["explanation"]
    reasons = " ".join(ruling["discretion_reasons"])
    assert "until substantial action in the next hand" in reasons and "correct the award" in reasons
    assert "sửa lại việc trao pot" in " ".join(ruling["discretion_reasons_vi"])


@pytest.mark.parametrize("book", STATES_NO_ACCOUNTING_WINDOW)
def test_fd_dispute_window_a_duplicate_after_the_next_hand_stays_firm_where_no_window_is_stated(book: str) -> None:
    # O-FD-04: the fouled-deck close is firm under every book; only the award is the floor's call
    dup = [{"type": "next_hand"}, {"type": "discover", "what": "duplicate", "card": "As", "where": "stub"}]
    ruling = last(_checked_down(shares=EVEN, after=dup), book)
    assert ruling["verdict"] == "continue" and ruling["discretion"] is False
    assert "FD-DISPUTE-WINDOW" in ruling["rules"]


@pytest.mark.parametrize("book", BOOKS)
def test_disp_window_an_award_that_adds_up_is_no_dispute_after_the_next_hand(book: str) -> None:
    ruling = last(_checked_down(shares=EVEN, after=[{"type": "next_hand"}]), book)
    assert ruling["remedies"] == [] and "DISP-WINDOW" not in ruling["rules"]
    assert ruling["discretion"] is False


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_fd_dispute_window_a_duplicate_found_after_the_next_hand_began_is_too_late_under_tda_too(book: str) -> None:
    # not an accounting error: under TDA-22 too the hand's other disputes end when the next hand begins
    dup = [{"type": "next_hand"}, {"type": "discover", "what": "duplicate", "card": "As", "where": "stub"}]
    ruling = last(_checked_down(shares=EVEN, after=dup), book)
    assert ruling["verdict"] == "continue"
    assert {"FD-DISPUTE-WINDOW", "DISP-WINDOW"} <= set(ruling["rules"])
    assert "the right to dispute this hand has ended" in ruling["explanation"]


# --- a hand that finished during a break (hand log 1.2; TDA-22) ---------------------------------------------------

BREAK_CLAUSE = {"tda-2024": 60}
"""The books with a break clause and its seconds after the award (TDA-22: one minute); the others have none."""


def _in_break(*, shares: list[dict[str, int]], seconds: int | None, after: list[dict[str, Any]] = ()) -> dict[str, Any]:
    """The checked-down hand, its pot awarded during a break; the floor called ``seconds`` after the award."""
    log = _checked_down(shares=shares, after=list(after))
    log["floorman"] = 1.2
    events = [dict(e) for e in log["events"]]
    for event in events:
        if event["type"] == "pot_awarded":
            event["during_break"] = True
    if seconds is not None:
        events[-1]["seconds_after_award"] = seconds
    log["events"] = events
    return log


@pytest.mark.parametrize("book", BOOKS)
def test_disp_window_a_hand_finished_in_a_break_is_disputed_within_the_minute_after_the_award(book: str) -> None:
    ruling = last(_in_break(shares=OVER, seconds=45), book)
    assert {"do": "correct_award", "amount": 6000} in ruling["remedies"]
    if book in BREAK_CLAUSE:
        assert "within the 60 seconds the book allows" in ruling["explanation"]
        assert "trong vòng 60 giây" in ruling["explanation_vi"]


@pytest.mark.parametrize("book", BOOKS)
def test_disp_window_a_hand_finished_in_a_break_is_too_late_past_the_minute_under_tda_only(book: str) -> None:
    ruling = last(_in_break(shares=OVER, seconds=75), book)
    assert ruling["verdict"] == "continue" and "DISP-WINDOW" in ruling["rules"]
    if book in BREAK_CLAUSE:  # TDA-22: "the right to any dispute ends 1 minute after the pot is awarded"
        assert ruling["remedies"] == [] and ruling["discretion"] is False
        assert "75 seconds after the pot was awarded" in ruling["explanation"]
        assert "the result stands" in ruling["explanation"]
    else:  # no break clause: the hand's window runs until the next hand begins
        assert {"do": "correct_award", "amount": 6000} in ruling["remedies"]


def test_disp_window_a_break_without_the_time_of_the_call_is_heard_at_the_floors_call_naming_the_alternative() -> None:
    ruling = last(_in_break(shares=OVER, seconds=None), "tda-2024")
    assert {"do": "correct_award", "amount": 6000} in ruling["remedies"]
    assert ruling["discretion"] is True
    assert "if it was more than 60 seconds after the award" in ruling["explanation"]
    assert any("does not give the time of the call" in r for r in ruling["discretion_reasons"])


def test_fd_dispute_window_a_duplicate_claimed_past_the_minute_of_a_break_stands_as_played() -> None:
    dup = [{"type": "discover", "what": "duplicate", "card": "As", "where": "stub"}]
    ruling = last(_in_break(shares=EVEN, seconds=120, after=dup), "tda-2024")
    assert ruling["verdict"] == "continue" and ruling["remedies"] == []
    assert "FD-DUP" in ruling["rules"] and "DISP-WINDOW" in ruling["rules"]


def test_disp_window_after_a_break_the_next_hand_keeps_no_accounting_error_open() -> None:
    """TDA-22 keeps accounting errors open until substantial action in the next hand, but a hand that finished during
    a break may be disputed only for a minute after the award: by the next hand that minute is long gone."""
    ruling = last(_in_break(shares=OVER, seconds=None, after=[{"type": "next_hand"}]), "tda-2024")
    assert not any(r["do"] == "correct_award" for r in ruling["remedies"])
    assert "ended 60 seconds after the pot was awarded" in ruling["explanation"]
