"""The deal order everywhere in the deal: who is dealt in, in what order, and who is the button.

Any seat that takes two cards in a row is out of sequence (MD-OUT-OF-SEQUENCE), except the button
(DEAL-BTN-CONSEC); heads-up the big blind is dealt first; with a dead button no seat is the button;
a seat skipped in a later round of the deal is found as well as one skipped in the first.
"""

from __future__ import annotations

from typing import Any

import pytest

from floorman.engine.hand import Hand
from floorman.fold.table import Family, deal_order
from floorman.formats import handlog
from tests.builders import last

LEVEL = {"small_blind": 100, "big_blind": 200}


def table(game: str, seats: int, button: int | None, occupied: list[int], posts: list[tuple[int, str, int]],
          events: list[dict[str, Any]]) -> dict[str, Any]:
    players = [{"seat": s, "name": f"P{s}", "stack": 10_000} for s in occupied]
    pre = [{"type": "post", "seat": s, "blind": b, "amount": a} for s, b, a in posts]
    log: dict[str, Any] = {"floorman": 1, "game": game, "seats": seats, "level": dict(LEVEL),
                           "players": players, "events": pre + events}
    if button is not None:
        log["button"] = button
    return log


def cards(*seats: int) -> list[dict[str, Any]]:
    return [{"type": "deal", "seat": s} for s in seats]


FLOOR = [{"type": "floor"}]


def _rules(ruling: dict[str, Any]) -> list[str]:
    rules: list[str] = ruling["rules"]
    return rules


# -- the one place that knows the order ------------------------------------------------------------


def test_deal_order_names_the_button_only_where_a_dealt_in_seat_holds_it() -> None:
    live = deal_order(family=Family.FLOP, seats=6, button=4, entitled=(1, 2, 4, 6))
    assert live.seats == (6, 1, 2, 4) and live.button == 4 and not live.dead_button
    dead = deal_order(family=Family.DRAW, seats=6, button=3, entitled=(1, 2, 4, 6))
    assert dead.seats == (4, 6, 1, 2) and dead.button is None and dead.dead_button
    assert dead.dealt_last == 2 and not dead.is_button(2)
    stud = deal_order(family=Family.STUD, seats=8, button=None, entitled=(3, 5, 7))
    assert stud.seats == (3, 5, 7) and stud.button is None and not stud.heads_up


def test_heads_up_the_big_blind_is_dealt_first_and_the_button_last() -> None:
    order = deal_order(family=Family.FLOP, seats=9, button=7, entitled=(3, 7))
    assert order.heads_up and order.seats == (3, 7) and order.button == 7


def test_the_hand_the_drill_and_the_state_read_one_order() -> None:
    from floorman.drill.hands import deal_order as drill_order
    log = table("omaha", 6, 3, [1, 2, 4, 5, 6], [(4, "sb", 100), (5, "bb", 200)], [])
    state = Hand(handlog.from_obj(log)).view
    assert tuple(drill_order(log)) == state.order.seats == (4, 5, 6, 1, 2)
    assert state.order.button is None and state.order.dead_button


# -- two cards in a row --------------------------------------------------------------------------------


OMAHA_6 = [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_button_skipped_in_a_later_round_and_given_two_in_a_row_is_not_a_misdeal(book: str) -> None:
    # Omaha, button on 6: the button is skipped in round two and takes two cards at the end of round three
    deal = cards(*OMAHA_6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 6, *OMAHA_6)
    log = table("omaha", 6, 6, OMAHA_6, [(1, "sb", 100), (2, "bb", 200)], deal + FLOOR)
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert "DEAL-BTN-CONSEC" in _rules(ruling) and "MD-OUT-OF-SEQUENCE" not in _rules(ruling)
    assert ruling["discretion"] is False and ruling["remedies"] == []


def test_button_two_in_a_row_is_the_floors_call_where_the_book_writes_no_exception() -> None:
    deal = cards(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 6)
    log = table("holdem", 6, 6, OMAHA_6, [(1, "sb", 100), (2, "bb", 200)], deal + FLOOR)
    ruling = last(log, "rrop")
    assert ruling["verdict"] == "continue" and "DEAL-BTN-CONSEC" in _rules(ruling)
    assert ruling["discretion"] is True


def test_button_three_in_a_row_is_out_of_sequence() -> None:
    ruling = last(table("omaha", 6, 6, OMAHA_6, [(1, "sb", 100), (2, "bb", 200)],
                        cards(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 6, 6, 1, 2, 3, 4, 5, 6) + FLOOR))
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert {"do": "redeal"} in ruling["remedies"]


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026", "rrop"])
def test_a_seat_skipped_in_a_later_round_is_out_of_sequence(book: str) -> None:
    # Omaha: seat 3 is skipped in round three and given its card after seat 4
    deal = cards(*OMAHA_6, *OMAHA_6, 1, 2, 4, 3, 5, 6, *OMAHA_6)
    ruling = last(table("omaha", 6, 6, OMAHA_6, [(1, "sb", 100), (2, "bb", 200)], deal + FLOOR), book)
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert {"do": "redeal"} in ruling["remedies"] and ruling["discretion"] is False


def test_a_seat_that_is_not_the_button_taking_two_in_a_row_is_out_of_sequence() -> None:
    # draw (2-7 single draw, five cards): seat 3 is skipped in round three and takes two in a row in round four
    seats = [1, 2, 3, 4]
    deal = cards(*seats, *seats, 1, 2, 4, 1, 2, 3, 3, 4, *seats)
    log = table("2-7-single-draw", 4, 4, seats, [(1, "sb", 100), (2, "bb", 200)], deal + FLOOR)
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert ruling["discretion"] is False
    assert "Seat 3 was dealt 2 cards in a row" in ruling["explanation"]


def test_stud_has_no_button_to_take_two_in_a_row() -> None:
    seats = [2, 4, 6]
    deal = cards(2, 4, 2, 4, 6, 6) + [{"type": "deal", "seat": s, "face_up": True} for s in seats]
    log = table("stud", 8, None, seats, [(2, "ante", 25), (4, "ante", 25), (6, "ante", 25)], deal + FLOOR)
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert "DEAL-BTN-CONSEC" not in _rules(ruling)


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_dead_button_the_seat_dealt_last_is_not_the_button(book: str) -> None:
    # Omaha, button on empty seat 5: seat 4 is dealt last, skipped in round one and given two in a row after round two
    seats = [1, 2, 3, 4, 6]
    deal = cards(6, 1, 2, 3, 6, 1, 2, 3, 4, 4, *[6, 1, 2, 3, 4] * 2)
    log = table("omaha", 6, 5, seats, [(6, "sb", 100), (1, "bb", 200)], deal + FLOOR)
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert "DEAL-BTN-CONSEC" in _rules(ruling) and {"do": "redeal"} in ruling["remedies"]
    assert ruling["discretion"] is True
    assert "button (seat 4)" not in ruling["explanation"] and "Seat 4 was dealt 2 cards in a row" in ruling["explanation"]


@pytest.mark.parametrize("game", ["holdem", "badugi"])
def test_heads_up_the_big_blind_taking_two_in_a_row_is_out_of_sequence_with_discretion(game: str) -> None:
    n = 2 if game == "holdem" else 4
    deal = cards(5, 5, 2, 2, *[5, 2] * (n - 2))
    log = table(game, 6, 2, [2, 5], [(2, "sb", 100), (5, "bb", 200)], deal + FLOOR)
    ruling = last(log, "tda-2024")
    assert ruling["verdict"] == "misdeal" and _rules(ruling)[0] == "MD-OUT-OF-SEQUENCE"
    assert ruling["discretion"] is True and {"do": "redeal"} in ruling["remedies"]


def test_a_dead_button_seat_short_a_card_is_not_called_the_button() -> None:
    seats = [1, 2, 3, 4, 6]
    deal = [*cards(6, 1, 2, 3, 4, 6, 1, 2, 3), {"type": "act", "seat": 2, "action": "fold"}]
    state = Hand(handlog.from_obj(table("holdem", 6, 5, seats, [(6, "sb", 100), (1, "bb", 200)], deal))).view
    kinds = {f.irregularity.value for f in state.findings if f.seat == 4}
    assert "button_short" not in kinds and "wrong_card_count" in kinds


def test_a_dead_small_blind_deal_cites_the_dead_button_rule() -> None:
    # button 6, small-blind seat 1 empty: the big blind on seat 2 takes the first card
    seats = [2, 3, 4, 6]
    log = table("holdem", 6, 6, seats, [(2, "bb", 200)], cards(2, 3, 4, 6, 2, 3, 4, 6) + FLOOR)
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "continue" and "DEAL-DEADBUTTON" in _rules(ruling)
