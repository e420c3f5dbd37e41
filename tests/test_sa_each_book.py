"""Each book's own test of substantial action, in every game family (SA-DEF, SA-LA, SA-RRoP).

WSOP-T (T-88.c) and TDA-36 count *actions* in turn: two with chips in, or three of any kind. LA-109 counts actions in
button games but *participants* in stud ("two participants after the forced bet have acted"), and RRoP counts players
in every game ("two players have acted"). So one stud player who calls on third street and checks on fourth has made
substantial action under WSOP-T and TDA, and not under LA-109 or RRoP, where it takes a second player. A forced bet
(blind, ante, bring-in, a straddle, a bring-in completed) is not an action. The ruling says which test it applied.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
COUNTS_ACTIONS_IN_STUD = ("wsop-2026", "tda-2024", "tda-2022")
COUNTS_PLAYERS_IN_STUD = ("wsop-la-2026", "rrop")
TEST_OF = {"wsop-2026": "SA-DEF", "tda-2024": "SA-DEF", "tda-2022": "SA-DEF", "wsop-la-2026": "SA-LA", "rrop": "SA-RRoP"}
BURN = {"type": "burn"}


def _stud(after: list[dict[str, Any]], *, game: str = "razz", seats: int = 2, bring_in: int = 2,
          complete: bool = False) -> dict[str, Any]:
    """Heads-up (or ``seats``-handed) stud with two boxed cards on the initial deal, a misdeal cause before substantial
    action under every book; then the bring-in (or a completion in its place) and ``after``."""
    events: list[dict[str, Any]] = []
    n = 0
    for r in range(1, 4):
        for seat in range(1, seats + 1):
            n += 1
            events.append({"type": "deal", "seat": seat, **({"face_up": True} if r == 3 else {})})
            if n in (2, 4):
                events.append({"type": "boxed", "card": "Kc" if n == 2 else "Qd"})
    players = [{"seat": s, "name": f"P{s}", "stack": 30000} for s in range(1, seats + 1)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, seats + 1)]
    forced = act(bring_in, "complete") if complete else {
        "type": "post", "seat": bring_in, "blind": "bring_in", "amount": 200}
    return {"floorman": 1, "game": game, "seats": seats, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": [*antes, *events, forced, *after, FLOOR]}


def _fourth(seats: int = 2) -> list[dict[str, Any]]:
    return [BURN, *({"type": "deal", "seat": s, "face_up": True} for s in range(1, seats + 1))]


ONE_BELOW = [act(1, "call")]
AT = [act(1, "call"), *_fourth(), act(1, "check")]
ONE_ABOVE = [*AT, act(2, "check")]


@pytest.mark.parametrize("game", ["razz", "stud", "stud8"])
@pytest.mark.parametrize("book", BOOKS)
def test_sa_def_one_player_calling_third_and_checking_fourth_is_substantial_action_counting_actions(
        book: str, game: str) -> None:
    ruling = last(_stud(AT, game=game), book)
    test = ruling["substantial_action_test"]
    assert test["rule"] == TEST_OF[book]
    if book in COUNTS_ACTIONS_IN_STUD:
        assert test["counts"] == "actions"
        assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
        assert {"MD-BOXED-2", "SA-MISDEAL-GATE"} <= set(ruling["rules"])
    else:
        assert test["counts"] == "participants"
        assert ruling["verdict"] == "misdeal" and ruling["substantial_action"] is False
        assert "only 1 player has acted" in ruling["explanation"]
        assert "mới có 1 người chơi hành động" in ruling["explanation_vi"]


@pytest.mark.parametrize("book", BOOKS)
def test_sa_la_and_sa_rrop_one_call_on_third_street_is_no_substantial_action_under_any_book(book: str) -> None:
    ruling = last(_stud(ONE_BELOW), book)
    assert ruling["verdict"] == "misdeal" and ruling["substantial_action"] is False
    assert TEST_OF[book] in ruling["rules"]


@pytest.mark.parametrize("book", BOOKS)
def test_sa_la_and_sa_rrop_a_second_participant_acting_is_substantial_action_under_every_book(book: str) -> None:
    ruling = last(_stud(ONE_ABOVE), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "SA-MISDEAL-GATE" in ruling["rules"]


@pytest.mark.parametrize("book", BOOKS)
def test_sa_def_a_bring_in_completed_in_its_place_is_the_forced_bet_not_an_action(book: str) -> None:
    # the bring-in's seat completes instead of posting the bring-in: still the forced bet; one call after it is one
    # action (one participant) under every book
    ruling = last(_stud([act(1, "call")], complete=True), book)
    assert ruling["verdict"] == "misdeal" and ruling["substantial_action"] is False
    # counted as an action, the completion and the call would be substantial action: the misdeal rests on the reading
    assert ruling["discretion"] is True and ruling["discretion_reasons"]


@pytest.mark.parametrize("book", BOOKS)
def test_sa_la_the_bring_in_player_acting_later_is_the_second_participant(book: str) -> None:
    # three-handed razz: seat 1 calls the bring-in, seat 2 folds: two actions with chips in (every book), two players
    ruling = last(_stud([act(1, "call"), act(2, "fold")], seats=3, bring_in=3), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True


def _holdem_straddle(after: list[dict[str, Any]]) -> dict[str, Any]:
    events = [{"type": "post", "seat": 3, "blind": "straddle", "amount": 4000}]
    d = deal(NINE, 2)
    d.insert(3, {"type": "boxed", "card": "7c"})
    d.insert(12, {"type": "boxed", "card": "Jh"})
    return t9([*events, *d, *after, FLOOR])


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("after", "reached"), [
    ([act(4, "call", 4000)], False),  # one action: below every book's test
    ([act(4, "call", 4000), act(5, "fold")], True),  # two with chips in: SA-DEF, SA-LA; two players: SA-RRoP
    ([act(4, "fold"), act(5, "fold")], None),  # two folds: only RRoP counts them
])
def test_sa_def_a_straddle_is_a_forced_bet_and_the_count_starts_after_it(
        book: str, after: list[dict[str, Any]], reached: bool | None) -> None:
    ruling = last(_holdem_straddle(after), book)
    want = (book == "rrop") if reached is None else reached
    assert ruling["substantial_action"] is want
    assert ruling["verdict"] == ("continue" if want else "misdeal")
    assert ruling["substantial_action_test"]["counts"] == ("participants" if book == "rrop" else "actions")


def _draw(after: list[dict[str, Any]], game: str = "2-7-single-draw") -> dict[str, Any]:
    """Three-handed draw (button 3, blinds on seats 1 and 2) with two boxed cards on the deal, then ``after``."""
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in (1, 2, 3)]
    d = deal([1, 2, 3], 5 if game != "badugi" else 4)
    d.insert(2, {"type": "boxed", "card": "Kc"})
    d.insert(6, {"type": "boxed", "card": "Qd"})
    posts = [{"type": "post", "seat": 1, "blind": "sb", "amount": 100}, {"type": "post", "seat": 2, "blind": "bb",
                                                                            "amount": 200}]
    return {"floorman": 1, "game": game, "seats": 3, "button": 3, "players": players,
            "level": {"number": 1, "small_blind": 100, "big_blind": 200, "small_bet": 200, "big_bet": 400},
            "events": [*posts, *d, *after, FLOOR]}


@pytest.mark.parametrize("game", ["2-7-single-draw", "2-7-triple-draw", "badugi"])
@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("after", "reached"), [
    ([act(3, "call", 200)], False),  # one below: one action, one player, under every book
    ([act(3, "call", 200), act(1, "fold")], True),  # at: two actions with chips in (SA-DEF, SA-LA), two players (RRoP)
    ([act(3, "fold"), act(1, "fold")], None),  # two folds: substantial action only under RRoP
])
def test_sa_def_in_draw_games_each_books_test(book: str, game: str, after: list[dict[str, Any]],
                                              reached: bool | None) -> None:
    ruling = last(_draw(after, game), book)
    want = (book == "rrop") if reached is None else reached
    assert ruling["substantial_action"] is want
    assert ruling["verdict"] == ("continue" if want else "misdeal")
    assert ruling["substantial_action_test"] == {
        "rule": TEST_OF[book], "counts": "participants" if book == "rrop" else "actions"}
