"""Boxed cards after the initial deal, to the end of the hand (BOX-LATE, BOX-SCRAP).

A boxed card met after the deal is a scrap of paper: it is mucked and the next card is used; in stud, a boxed card
dealt to a seat on a later street (seventh included) leaves that seat the next card, said as a step of the remedy.
No number of them is a misdeal once the deal is over; but three or more suggest a deck out of order (BOX-LATE, revised
[U]; TDA-35-E lets the house define other fouled-deck conditions): play on by default, the floor's call, with the deck
ruled fouled (the hand void, every chip back) named as the alternative.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9
from tests.test_stud_streets import _street, _stud, _third

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
BURN = {"type": "burn"}
BOXED = ["Kh", "Jd", "9c", "4s"]


def _holdem_boxed(n: int) -> dict[str, Any]:
    """Hold'em to the river with ``n`` boxed cards met at the burns after the deal (substantial action pre-flop)."""
    events: list[dict[str, Any]] = [*deal(NINE), act(3, "call", 2000), act(4, "call", 2000),
                                    *(act(s, "fold") for s in range(5, 10)), act(1, "fold"), act(2, "check")]
    boxed = iter(BOXED[:n])
    for cards in (3, 1, 1):
        events.append(BURN)
        for card in boxed:
            events.append({"type": "boxed", "card": card})
            if sum(1 for e in events if e["type"] == "boxed") in (2, 4):
                break  # at most two boxed cards at one burn
        events += [{"type": "board", "card": "??"} for _ in range(cards)]
        events += [act(3, "check"), act(4, "check")]
    return t9([*events, FLOOR])


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("n", "doubt"), [(2, False), (3, True), (4, True)])
def test_box_late_three_or_more_boxed_cards_after_the_deal_play_on_at_the_floors_call(
        book: str, n: int, doubt: bool) -> None:
    ruling = last(_holdem_boxed(n), book)
    assert ruling["verdict"] == "continue" and "BOX-LATE" in ruling["rules"]
    assert [r["card"] for r in ruling["remedies"] if r["do"] == "remove_card"] == BOXED[:n]
    assert ruling["discretion"] is doubt
    if doubt:
        assert "DEF-FOULED-DECK" in ruling["rules"]
        assert "The alternative is to rule the deck fouled" in ruling["explanation"]
        assert "tuyên bố bộ bài lỗi" in ruling["explanation_vi"]
    else:
        assert "DEF-FOULED-DECK" not in ruling["rules"]


def _stud_boxed_to_seat(street: int) -> dict[str, Any]:
    """Seven-card stud, three seats: on ``street`` (4 to 7) the card for seat 2 comes off the deck face up, boxed; the
    floor is called before seat 2 gets another."""
    events: list[dict[str, Any]] = [*_third(3), {"type": "post", "seat": 3, "blind": "bring_in", "amount": 200},
                                    act(1, "call"), act(2, "call")]
    for n in range(4, street + 1):
        up = n != 7
        dealt = _street([1, 2, 3], up=up)
        if n == street:
            dealt[2] = {"type": "deal", "seat": 2, "card": "5c", "boxed": True}
            events += dealt[:3]
            break
        events += [*dealt, *(act(s, "check") for s in (1, 2, 3))]
    return _stud([*events, FLOOR], seats=3)


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("street", [4, 6, 7])
def test_box_late_a_boxed_card_dealt_to_a_stud_seat_on_a_later_street_gives_the_seat_the_next_card(
        book: str, street: int) -> None:
    ruling = last(_stud_boxed_to_seat(street), book)
    assert ruling["verdict"] == "continue"
    assert {"BOX-LATE", "BOX-SCRAP"} <= set(ruling["rules"])
    assert {"do": "remove_card", "card": "5c", "where": "muck"} in ruling["remedies"]
    assert {"do": "replace_card", "seat": 2} in ruling["remedies"]
    assert "MD-WRONG-COUNT" not in ruling["rules"]  # the short seat is the boxed card's, not a wrong count
    assert ruling["discretion"] is False
    name = {4: "fourth", 6: "sixth", 7: "seventh"}[street]
    assert f"A boxed card dealt to seat 2 on {name} street is a scrap of paper" in ruling["explanation"]


def _stud_boxed_on_deal_and_fourth() -> dict[str, Any]:
    """Heads-up stud: a boxed card in the deck on the initial deal, a second at fourth street's first card, after
    the bring-in and one call (one player has acted: no substantial action by any book's test)."""
    third = [{"type": "deal", "seat": 1}, {"type": "boxed", "card": "Kd"}, {"type": "deal", "seat": 2},
             {"type": "deal", "seat": 1}, {"type": "deal", "seat": 2},
             {"type": "deal", "seat": 1, "card": "4c", "face_up": True},
             {"type": "deal", "seat": 2, "card": "Th", "face_up": True}]
    fourth = [BURN, {"type": "boxed", "card": "7s"}, {"type": "deal", "seat": 1, "card": "9c", "face_up": True},
              {"type": "deal", "seat": 2, "card": "Qh", "face_up": True}]
    bring_in = [{"type": "post", "seat": 1, "blind": "bring_in", "amount": 200}, act(2, "call", 200)]
    return _stud([*third, *bring_in, *fourth, FLOOR], seats=2)


def test_md_boxed_2_rrop_counts_two_boxed_cards_found_in_the_hand_before_substantial_action() -> None:
    """RRoP Misdeals 1(c): "two or more boxed cards ... are found", when not said: by the letter a misdeal, the
    floor's call (the tournament books' initial-deal reading is the alternative)."""
    ruling = last(_stud_boxed_on_deal_and_fourth(), "rrop")
    assert ruling["verdict"] == "misdeal" and "MD-BOXED-2" in ruling["rules"]
    assert {"do": "redeal"} in ruling["remedies"]
    assert ruling["discretion"] is True
    assert any("Misdeals 1(c)" in reason for reason in ruling["discretion_reasons"])


@pytest.mark.parametrize(("book", "verdict"), [("wsop-2026", "continue"), ("tda-2024", "continue"),
                                               ("wsop-la-2026", "misdeal")])
def test_md_boxed_2_a_boxed_card_after_the_initial_deal_counts_only_where_the_book_says_so(
        book: str, verdict: str) -> None:
    """T-88.a.1 and TDA-35-A1 count the initial deal only; LA-108 counts the cards needed for the hand."""
    assert last(_stud_boxed_on_deal_and_fourth(), book)["verdict"] == verdict
