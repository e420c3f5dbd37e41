"""Stud: a seat passed over on a later street (fourth to seventh) is found and its card count ruled.

STUD-CARD-COUNT (T-108, LA-235): a stud hand with fewer than six cards at showdown is dead, and only a hand missing
just its final card may be ruled live; CNT-AFTER-SA-DEAD: after substantial action a hand with the wrong number of
cards is dead. A street's deal is over once its betting has begun, a later street has been dealt or the hands are
tabled: a seat still in (all in included) that holds fewer cards than are due by then was passed over.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, act, last

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
BURN = {"type": "burn"}


def _stud(events: list[dict[str, Any]], *, seats: int, game: str = "stud", stacks: dict[int, int] | None = None,
          ) -> dict[str, Any]:
    players = [{"seat": s, "name": f"P{s}", "stack": (stacks or {}).get(s, 30000)} for s in range(1, seats + 1)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, seats + 1)]
    return {"floorman": 1, "game": game, "seats": seats, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": [*antes, *events]}


def _third(seats: int) -> list[dict[str, Any]]:
    out = []
    for r in range(1, 4):
        out += [{"type": "deal", "seat": s, **({"face_up": True} if r == 3 else {})} for s in range(1, seats + 1)]
    return out


def _street(to: list[int], *, up: bool = True) -> list[dict[str, Any]]:
    return [BURN, *({"type": "deal", "seat": s, **({"face_up": True} if up else {})} for s in to)]


def _kinds(ruling: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["do"], r.get("seat")) for r in ruling["remedies"]]


def _fourth_skipped(found_at_fifth: bool, *, fourth: tuple[int, ...] = (1, 2, 4)) -> dict[str, Any]:
    """Razz, four seats, everyone calls third street; fourth street goes to ``fourth`` (seat 3 gets no card)."""
    events = [*_third(4), {"type": "post", "seat": 4, "blind": "bring_in", "amount": 200},
              act(1, "call"), act(2, "call"), act(3, "call"), *_street(list(fourth))]
    if found_at_fifth:
        events += [act(1, "check"), act(2, "check"), act(3, "check"), act(4, "check"), *_street([1, 2, 3, 4])]
    return _stud([*events, FLOOR], seats=4, game="razz")


@pytest.mark.parametrize("book", BOOKS)
def test_stud_card_count_a_seat_passed_over_on_one_street_gets_its_card_while_the_order_can_be_put_back(
        book: str) -> None:
    # passed over on fourth street, found once fifth is out: every card since the starting cards is face up, so the
    # order can be put back (rules.md STUD-CARD-COUNT, revised [U]: the 2009 WSOP floor's ruling)
    ruling = last(_fourth_skipped(found_at_fifth=True), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "STUD-CARD-COUNT" in ruling["rules"] and "CNT-AFTER-SA-DEAD" not in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", 3)]
    assert ruling["discretion"] is True
    assert "Seat 3 had 3 cards once fourth street was dealt, where 4 were due" in ruling["explanation"]
    assert "the order can still be put back" in ruling["explanation"]
    assert "The alternative is the letter of the rule" in ruling["explanation"]
    assert "thứ tự chia vẫn còn khôi phục được" in ruling["explanation_vi"]


def test_a_stud_seat_the_deal_has_not_reached_yet_on_a_street_being_dealt_is_no_finding() -> None:
    # the floor is called while fourth street is being dealt, before the last seat's card: seat 3 may still get its
    ruling = last(_fourth_skipped(found_at_fifth=False, fourth=(1, 2)), "wsop-2026")
    assert ruling["verdict"] == "continue" and ruling["remedies"] == []
    assert ruling["rules"] == ["DEAL-ORDER-STUD"]


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("game", "seats", "fourth", "skipped"), [
    ("razz", 4, (1, 2, 4), (3,)),  # the deal went round to the last seat, past seat 3
    ("stud8", 6, (2, 3, 5, 6), (1, 4)),  # two seats passed over, the first seat among them
])
def test_a_stud_seat_passed_over_on_the_street_being_dealt_gets_the_next_card_before_it_acts(
        book: str, game: str, seats: int, fourth: tuple[int, ...], skipped: tuple[int, ...]) -> None:
    events = [*_third(seats), {"type": "post", "seat": seats, "blind": "bring_in", "amount": 200},
              *(act(s, "call") for s in range(1, seats)), *_street(list(fourth))]
    ruling = last(_stud([*events, FLOOR], seats=seats, game=game), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert {"MD-WRONG-COUNT", "STUD-CARD-COUNT"} <= set(ruling["rules"])
    assert "CNT-AFTER-SA-DEAD" not in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", s) for s in skipped]
    assert ruling["discretion"] is True and any("No text names" in why for why in ruling["discretion_reasons"])
    assert "passed over on that street" in ruling["explanation"]


def test_stud_card_count_a_seat_passed_over_that_has_acted_on_the_street_gets_its_card_while_the_order_can_be_put_back(
        ) -> None:
    events = [*_third(4), {"type": "post", "seat": 4, "blind": "bring_in", "amount": 200},
              act(1, "call"), act(2, "call"), act(3, "call"), *_street([1, 2, 4]),
              act(1, "check"), act(2, "check"), act(3, "check")]
    ruling = last(_stud([*events, FLOOR], seats=4, game="razz"), "tda-2024")
    assert "STUD-CARD-COUNT" in ruling["rules"] and "CNT-AFTER-SA-DEAD" not in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", 3)]
    assert ruling["discretion"] is True


def _all_in_skipped(skipped: list[str], *, showdown: bool, seats: int = 3, seventh_bet: bool = True) -> dict[str, Any]:
    """Stud hi-lo: seat 2 is all in on fourth street; it gets no card on the ``skipped`` streets."""
    everyone = list(range(1, seats + 1))
    events = [*_third(seats), {"type": "post", "seat": 1, "blind": "bring_in", "amount": 200},
              *(act(s, "call") for s in everyone[1:]), *_street(everyone), act(1, "check"), act(2, "all_in"), *(act(s, "call") for s in everyone[2:]),
              act(1, "call")]
    for street in ("fifth", "sixth", "seventh"):
        to = [s for s in everyone if s != 2 or street not in skipped]
        events += _street(to, up=street != "seventh")
        if street != "seventh" or seventh_bet:
            events += [act(s, "check") for s in everyone if s != 2]
    if showdown:
        events += [{"type": "show", "seat": s, "cards": ["??"]} for s in everyone]
    return _stud([*events, FLOOR], seats=seats, game="stud8", stacks={2: 1100})


@pytest.mark.parametrize("book", BOOKS)
def test_stud_card_count_an_all_in_seat_passed_over_on_later_streets_is_dead_at_showdown(book: str) -> None:
    ruling = last(_all_in_skipped(["fifth", "sixth", "seventh"], showdown=True), book)
    assert ruling["verdict"] == "continue"
    assert "STUD-CARD-COUNT" in ruling["rules"]
    assert _kinds(ruling) == [("kill_hand", 2)]
    assert ruling["discretion"] is True  # the floor's call either way (rules.md STUD-CARD-COUNT, revised [U])
    assert "fewer than 6 cards is dead" in ruling["explanation"]
    assert "can no longer be put back in order" in ruling["explanation"]


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("skipped", "live"), [
    (["sixth"], True),  # one street, found before seventh: the order can be put back
    (["fifth", "sixth"], False),  # two streets: dead (the 2004 WSOP floor's ruling)
])
def test_stud_card_count_one_street_missed_is_given_two_streets_missed_are_dead(
        book: str, skipped: list[str], live: bool) -> None:
    events = _all_in_skipped(skipped, showdown=False)
    cut = max(i for i, e in enumerate(events["events"]) if e.get("type") == "burn")
    events["events"] = [*events["events"][:cut], FLOOR]  # the floor is called before seventh street is dealt
    ruling = last(events, book)
    assert ruling["verdict"] == "continue" and ruling["discretion"] is True
    assert _kinds(ruling) == ([("deal_missing_card", 2)] if live else [("kill_hand", 2)])


@pytest.mark.parametrize("book", BOOKS)
def test_stud_card_count_one_street_missed_is_dead_once_the_final_card_is_dealt_down(book: str) -> None:
    # passed over on fifth only and found after seventh street went out face down: the order cannot be put back
    ruling = last(_all_in_skipped(["fifth"], showdown=False, seventh_bet=False), book)
    assert _kinds(ruling) == [("kill_hand", 2)] and ruling["discretion"] is True


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_an_all_in_stud_seat_missing_only_its_last_card_at_showdown_may_be_ruled_live(book: str) -> None:
    ruling = last(_all_in_skipped(["seventh"], showdown=True), book)
    assert ruling["verdict"] == "continue" and "STUD-CARD-COUNT" in ruling["rules"]
    assert not any(kind == "kill_hand" for kind, _ in _kinds(ruling))
    assert ruling["discretion"] is True


def test_an_all_in_stud_seat_passed_over_on_sixth_is_found_when_seventh_street_is_dealt() -> None:
    # no showdown yet and no betting on seventh: the sixth-street card is the one known to be missing
    ruling = last(_all_in_skipped(["sixth", "seventh"], showdown=False, seventh_bet=False), "wsop-la-2026")
    assert _kinds(ruling) == [("kill_hand", 2)]
    assert "Seat 2 had 5 cards once sixth street was dealt, where 6 were due" in ruling["explanation"]


def test_a_short_stub_community_card_is_owed_to_no_seat() -> None:
    # seven players to seventh street: 45 cards out and a stub of 7, so the last card is a community card
    seats = 7
    everyone = list(range(1, seats + 1))
    events = [*_third(seats), {"type": "post", "seat": 1, "blind": "bring_in", "amount": 200},
              *(act(s, "call") for s in everyone[1:])]
    for _ in range(3):
        events += [*_street(everyone), *(act(s, "check") for s in everyone)]
    events += [BURN, {"type": "board", "card": "??"}, *(act(s, "check") for s in everyone)]
    ruling = last(_stud([*events, FLOOR], seats=seats), "wsop-2026")
    assert not any(kind == "kill_hand" for kind, _ in _kinds(ruling))
    assert "STUD-CARD-COUNT" not in ruling["rules"]
