"""DEAD-UNCALLED: a hand killed before its last bet or raise is called gets back the part no one matched.

T-91 ("may be entitled to the raise back, but will forfeit the amount of the call"), T-108 and TDA-65-A ("the
uncalled amount will be returned"); LA and RRoP are silent, and the engine returns it there as the floor's call.
"""

from __future__ import annotations

from typing import Any

import pytest

import floorman
from floorman.formats import handlog
from floorman.law.rulebooks import BOOK_IDS, find_rulebook
from floorman.law.rulings.model import RemedyKind, Ruling

_PLAYERS = [{"seat": s, "name": n, "stack": 10000} for s, n in zip(range(1, 7), ["Ann", "Bao", "Chi", "Dev", "Eva", "Fay"], strict=True)]
_BLINDS = [{"type": "post", "seat": 1, "blind": "sb", "amount": 100}, {"type": "post", "seat": 2, "blind": "bb", "amount": 200}]
_BUTTON_SHORT = [{"type": "deal", "seat": s} for s in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5)]
"""The button (seat 6) gets one card: a hand that acts is dead (CNT-BTN-SHORT)."""


def _ruling(actions: list[dict[str, Any]], book: str) -> Ruling:
    obj = {"floorman": 1, "game": "holdem", "seats": 6, "button": 6,
           "level": {"number": 3, "small_blind": 100, "big_blind": 200}, "players": _PLAYERS,
           "events": [*_BLINDS, *_BUTTON_SHORT, *actions, {"type": "floor", "note": "the button has one card"}]}
    return floorman.rule(handlog.from_obj(obj), rulebook=book).ruling


def _steps(ruling: Ruling) -> list[dict[str, Any]]:
    return [r.to_obj() for r in ruling.remedies]


_RAISED = [{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 4, "action": "fold"},
           {"type": "act", "seat": 5, "action": "call"}, {"type": "act", "seat": 6, "action": "raise", "to": 600}]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_dead_uncalled_a_hand_killed_before_its_raise_is_called_gets_back_what_no_one_matched(book: str) -> None:
    ruling = _ruling(_RAISED, book)
    assert _steps(ruling) == [{"do": "kill_hand", "seat": 6}, {"do": "return_chips", "seat": 6, "amount": 400}]
    assert "DEAD-UNCALLED" in ruling.rules
    assert any(c.rule == "DEAD-UNCALLED" for c in ruling.citations)


def test_dead_uncalled_is_the_floors_call_where_the_book_says_may_or_nothing() -> None:
    """T-91 "may be entitled"; LA and RRoP silent: the floor's call. TDA-65-A "will be returned": firm."""
    called = {book: _ruling(_RAISED, book).discretion for book in BOOK_IDS}
    assert called == {"wsop-2026": True, "wsop-la-2026": True, "rrop": True, "tda-2024": False, "tda-2022": False}
    reasons = _ruling(_RAISED, "wsop-2026").discretion_messages
    assert any(m.id == "book.wsop_2026.discretion.dead_uncalled" for m in reasons)


def test_dead_uncalled_each_book_cites_its_own_rule_or_says_it_is_silent() -> None:
    assert find_rulebook("wsop-2026").citation("DEAD-UNCALLED").number == "91, 108"
    assert find_rulebook("tda-2024").citation("DEAD-UNCALLED").number == "65-A, 15-B"
    assert find_rulebook("tda-2022").citation("DEAD-UNCALLED").number == "65-A"
    for book in ("wsop-la-2026", "rrop"):
        assert find_rulebook(book).is_silent("DEAD-UNCALLED")
        assert find_rulebook(book).silent_note("DEAD-UNCALLED", "vi")


def test_dead_uncalled_a_raise_someone_called_gives_nothing_back() -> None:
    called = [*_RAISED, {"type": "act", "seat": 1, "action": "call"}]
    ruling = _ruling(called, "tda-2024")
    assert {"do": "kill_hand", "seat": 6} in _steps(ruling)
    assert all(r.do is not RemedyKind.RETURN_CHIPS for r in ruling.remedies)
    assert "DEAD-UNCALLED" not in ruling.rules


def test_dead_uncalled_a_hand_that_only_called_gives_nothing_back() -> None:
    limped = [{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 4, "action": "fold"},
              {"type": "act", "seat": 5, "action": "fold"}, {"type": "act", "seat": 6, "action": "call"}]
    ruling = _ruling(limped, "wsop-2026")
    assert {"do": "kill_hand", "seat": 6} in _steps(ruling)
    assert all(r.do is not RemedyKind.RETURN_CHIPS for r in ruling.remedies)


def test_dead_uncalled_the_ruling_says_in_both_languages_what_goes_back() -> None:
    ruling = _ruling(_RAISED, "tda-2024")
    said = [m for m in ruling.explanation_messages if m.id == "ruling.dead_hand.uncalled_returned"]
    assert len(said) == 1
    assert "400" in ruling.explain("en") and "400" in ruling.explain("vi")


# -- a hand the dealer mucks while it is still in play (T-91, TDA-65-A, LA-114: the dealer kills an unprotected hand)

_FULL_DEAL = [{"type": "deal", "seat": s} for s in (1, 2, 3, 4, 5, 6) * 2]
_RAISE_THEN_MUCKED = [{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 4, "action": "call"},
                      {"type": "act", "seat": 5, "action": "raise", "to": 800},
                      {"type": "muck", "seat": 5, "by": "dealer"}]


def _dealer_mucked(actions: list[dict[str, Any]], book: str) -> floorman.Result:
    obj = {"floorman": 1.1 if any(a["type"] == "muck_retrieved" for a in actions) else 1, "game": "holdem", "seats": 6, "button": 6,
           "level": {"number": 3, "small_blind": 100, "big_blind": 200}, "players": _PLAYERS,
           "events": [*_BLINDS, *_FULL_DEAL, *actions, {"type": "floor", "note": "the dealer mucked a live hand"}]}
    return floorman.rule(handlog.from_obj(obj), rulebook=book)


@pytest.mark.parametrize("book", BOOK_IDS)
def test_dead_uncalled_a_live_hand_the_dealer_mucks_is_dead_and_gets_back_its_unmatched_raise(book: str) -> None:
    result = _dealer_mucked(_RAISE_THEN_MUCKED, book)
    ruling = result.ruling
    assert ruling.verdict.value == "continue"
    assert _steps(ruling) == [{"do": "kill_hand", "seat": 5}, {"do": "return_chips", "seat": 5, "amount": 600}]
    assert "DEAD-UNCALLED" in ruling.rules
    assert [(f.irregularity.value, f.seat) for f in result.findings] == [("hand_mucked_by_dealer", 5)]
    assert "seat 5" in ruling.explain("en") and "ghế 5" in ruling.explain("vi")


def test_dead_uncalled_a_dealer_mucked_raise_is_the_floors_call_where_the_book_says_may_or_nothing() -> None:
    called = {book: _dealer_mucked(_RAISE_THEN_MUCKED, book).ruling.discretion for book in BOOK_IDS}
    assert called == {"wsop-2026": True, "wsop-la-2026": True, "rrop": True, "tda-2024": False, "tda-2022": False}


def test_dead_uncalled_a_hand_the_dealer_mucks_after_it_called_is_dead_with_nothing_back() -> None:
    called = [{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 4, "action": "call"},
              {"type": "muck", "seat": 4, "by": "dealer"}]
    ruling = _dealer_mucked(called, "tda-2024").ruling
    assert _steps(ruling) == [{"do": "kill_hand", "seat": 4}]
    assert ruling.rules[0] == "DEAD-UNCALLED"


def test_dead_uncalled_a_dealer_muck_taken_back_and_identified_plays() -> None:
    taken_back = [*_RAISE_THEN_MUCKED, {"type": "muck_retrieved", "seat": 5, "identified": "kept_apart"}]
    result = _dealer_mucked(taken_back, "wsop-2026")
    assert _steps(result.ruling) == []
    assert "DEAD-UNCALLED" not in result.ruling.rules and "EXP-AFTER-DEAL" in result.ruling.rules


def test_dead_uncalled_the_last_hand_left_mucked_by_the_dealer_is_no_irregularity() -> None:
    """Everyone else folded: the pot is his, and the dealer gathering his cards kills nothing."""
    won = [{"type": "act", "seat": s, "action": "fold"} for s in (3, 4, 5, 6, 1)] + [{"type": "muck", "seat": 2, "by": "dealer"}]
    result = _dealer_mucked(won, "wsop-2026")
    assert result.findings == ()
    assert result.ruling.remedies == ()


def test_dead_uncalled_a_muck_by_the_player_himself_is_no_irregularity() -> None:
    thrown = [{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 4, "action": "call"},
              {"type": "muck", "seat": 4, "by": "player"}]
    result = _dealer_mucked(thrown, "wsop-2026")
    assert result.findings == ()
