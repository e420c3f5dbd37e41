"""Remedies that reach the next hand, and a pot awarded in parts (hand log v1.1), ruled on against the hand's ruling.

``next_hand.button`` after a misdeal is the re-deal's button: it does not move (RD-BUTTON), or goes where it belongs
when the misdeal was the misplaced button (RD-BUTTON-ERROR-EXCEPTION); after a fouled deck the engine's default
re-plays the hand with the same button (FD-AFTERMATH, the floor's call). After a hand that was played the button
follows the big blind to this hand's small blind (DEAL-DEADBUTTON), heads-up to the other player (DEAL-ORDER-HU);
a misplaced button that stood is not moved back where the book says so (MD-BUTTON-POSITION, TDA-34-A).
``next_hand.made_up`` under a tournament book makes up blinds no one can miss (ABS-DEALT-IN, DEAL-DEADBUTTON).
``pot_awarded.shares`` must come to the pot (DISP-WINDOW). A record that agrees with the ruling adds nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from floorman.law.rulebooks import BOOK_IDS
from tests.builders import FLOOR, NINE, act, deal, ruled, t9

LIMP = [act(s, "fold") for s in range(3, 9)] + [act(9, "call", 2000), act(1, "call", 2000), act(2, "check")]
"""Everyone folds to the button, who calls; the blinds complete and check: substantial action, flop next."""
SILENT_ON_REDEAL = {"wsop-la-2026", "rrop"}
"""Books that state no re-deal rule of their own (RD-BUTTON)."""
SILENT_ON_DEAD_BUTTON = {"tda-2022", "rrop"}
"""Books that state no dead-button rule of their own (DEAL-DEADBUTTON)."""
TOURNAMENT = {"wsop-2026", "tda-2024", "tda-2022"}


def v11(events: list[dict[str, Any]], **header: Any) -> dict[str, Any]:
    log = t9(events, **header)
    log["floorman"] = 1.1
    return log


def table(game: str, seats: list[int], button: int, sb: int | None, bb: int, events: list[dict[str, Any]],
          **header: Any) -> dict[str, Any]:
    """A six-seat table with ``seats`` occupied, blinds 100/200 posted by ``sb`` (None: dead) and ``bb``."""
    posts = ([{"type": "post", "seat": sb, "blind": "sb", "amount": 100}] if sb else []) + [
        {"type": "post", "seat": bb, "blind": "bb", "amount": 200}]
    log = {"floorman": 1.1, "game": game, "seats": 6, "button": button, "level": {"small_blind": 100, "big_blind": 200},
           "players": [{"seat": s, "name": f"P{s}", "stack": 10_000} for s in seats], "events": posts + events}
    log.update(header)
    return log


def outcome(log: dict[str, Any], book: str) -> tuple[dict[str, Any], list[str]]:
    result = ruled(log, book)
    return result["rulings"][-1], [f["irregularity"] for f in result["findings"]]


# --- the re-deal keeps the button -------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BOOK_IDS)
def test_a_button_moved_for_the_redeal_of_a_misdealt_hand_is_put_back(book: str) -> None:
    # the first card went to seat 2 (the big blind): misdeal; the re-deal is dealt with the button moved on to seat 1
    log = v11([{"type": "deal", "seat": 2}, FLOOR, {"type": "next_hand", "button": 1}])
    result = ruled(log, book)
    assert result["rulings"][0]["verdict"] == "misdeal"
    ruling, kinds = result["rulings"][-1], [f["irregularity"] for f in result["findings"]]
    assert "button_moved_on_redeal" in kinds
    assert ruling["verdict"] == "continue" and {"RD-BUTTON", "RD-EXACT"} <= set(ruling["rules"])
    assert {"do": "move_button", "seat": 9} in ruling["remedies"]
    assert ruling["discretion"] is (book in SILENT_ON_REDEAL)
    assert "does not move" in ruling["explanation"] and "ghế 9" in ruling["explanation_vi"]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_a_redeal_with_the_button_where_it_was_adds_nothing(book: str) -> None:
    kept = outcome(v11([{"type": "deal", "seat": 2}, FLOOR, {"type": "next_hand", "button": 9}]), book)
    plain = outcome(v11([{"type": "deal", "seat": 2}, FLOOR, {"type": "next_hand"}]), book)
    assert kept == plain and "button_moved_on_redeal" not in kept[1]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
def test_a_redeal_after_a_misplaced_button_takes_the_corrected_button(book: str) -> None:
    # omaha, six seats: the button should be on seat 6 but was left on seat 5; the floor is called before any action
    seats = [1, 2, 3, 4, 5, 6]
    dealt = [{"type": "deal", "seat": s} for _ in range(4) for s in (1, 2, 3, 4, 5, 6)]
    base = dict(game="omaha", seats=seats, button=5, sb=1, bb=2, button_should_be=6)
    wrong = outcome(table(events=[*dealt, FLOOR, {"type": "next_hand", "button": 5}], **base), book)
    right = outcome(table(events=[*dealt, FLOOR, {"type": "next_hand", "button": 6}], **base), book)
    ruling, kinds = wrong
    assert "button_moved_on_redeal" in kinds and "button_moved_on_redeal" not in right[1]
    assert "RD-BUTTON-ERROR-EXCEPTION" in ruling["rules"]
    assert {"do": "move_button", "seat": 6} in ruling["remedies"]
    assert "where it belongs" in ruling["explanation"]
    assert ruling["discretion"] is True and ruling["discretion_reasons"]  # RD-BUTTON-ERROR-EXCEPTION is [I]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_the_replay_after_a_fouled_deck_keeps_the_button_by_default_the_floors_call(book: str) -> None:
    log = v11([*deal(NINE, c1={"card": "As"}, c2={"card": "As"}), FLOOR, {"type": "next_hand", "button": 1}])
    result = ruled(log, book)
    assert result["rulings"][0]["verdict"] == "void"
    ruling = result["rulings"][-1]
    assert "FD-AFTERMATH" in ruling["rules"] and {"do": "move_button", "seat": 9} in ruling["remedies"]
    assert ruling["discretion"] is True
    assert ruling["discretion_reasons"] and ruling["discretion_reasons_vi"]


# --- the rotation ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("went", [2, 9], ids=["moved_twice", "not_moved"])
def test_a_next_button_moved_twice_or_not_moved_is_in_the_wrong_place(book: str, went: int) -> None:
    ruling, kinds = outcome(v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": went}]),
                            book)
    assert kinds == ["next_button_misplaced"]
    assert ruling["verdict"] == "continue"
    assert ruling["rules"] == ["MD-BUTTON-POSITION", "BTN-MOVE-ERR", "DEAL-DEADBUTTON"]
    assert ruling["remedies"] == [{"do": "move_button", "seat": 1}]
    assert ruling["discretion"] is (book in SILENT_ON_DEAD_BUTTON)
    assert f"went to seat {went}" in ruling["explanation"]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_a_next_button_on_this_hands_small_blind_adds_nothing(book: str) -> None:
    ruling, kinds = outcome(v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 1}]),
                            book)
    assert kinds == [] and ruling["remedies"] == [] and ruling["discretion"] is False


def test_with_a_dead_small_blind_the_button_goes_to_the_empty_seat_between() -> None:
    # draw, seats 1 to 4 and 6 occupied, button 4, seat 5 empty (dead small blind), big blind 6
    seats = [1, 2, 3, 4, 6]
    dealt = [{"type": "deal", "seat": s} for _ in range(5) for s in (6, 1, 2, 3, 4)]
    acts = [act(1, "call", 200), act(2, "fold"), act(3, "fold"), act(4, "call", 200), act(6, "check")]
    right = outcome(table("2-7-single-draw", seats, 4, None, 6, [*dealt, *acts, {"type": "next_hand", "button": 5}]),
                    "tda-2024")
    assert right[1] == []
    ruling, kinds = outcome(table("2-7-single-draw", seats, 4, None, 6,
                                  [*dealt, *acts, {"type": "next_hand", "button": 6}]), "tda-2024")
    assert kinds == ["next_button_misplaced"] and ruling["remedies"] == [{"do": "move_button", "seat": 5}]


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026"])
def test_heads_up_the_button_passes_to_the_other_player(book: str) -> None:
    # heads-up omaha: seat 3 is the button and small blind, seat 5 the big blind
    dealt = [{"type": "deal", "seat": s} for _ in range(4) for s in (5, 3)]
    events = [*dealt, act(3, "call", 200), act(5, "check")]
    stayed = outcome(table("omaha", [3, 5], 3, 3, 5, [*events, {"type": "next_hand", "button": 3}]), book)
    passed = outcome(table("omaha", [3, 5], 3, 3, 5, [*events, {"type": "next_hand", "button": 5}]), book)
    assert passed[1] == []
    ruling, kinds = stayed
    assert kinds == ["next_button_misplaced"] and "DEAL-ORDER-HU" in ruling["rules"]
    assert ruling["remedies"] == [{"do": "move_button", "seat": 5}] and ruling["discretion"] is False


def _stood(went: int, *, behind: bool = False) -> dict[str, Any]:
    # hold'em, six seats, the button due on seat 6: moved twice, to seat 1 (blinds 2 and 3), or left behind on seat 5
    # (blinds 6 and 1); the two players after the big blind call (substantial action), the floor lets the error
    # stand, and the hand is played out
    order = (6, 1, 2, 3, 4, 5) if behind else (2, 3, 4, 5, 6, 1)
    dealt = [{"type": "deal", "seat": s} for _ in range(2) for s in order]
    first, second, *rest = order[2:]
    acts = [act(first, "call", 200), act(second, "call", 200), FLOOR, *(act(s, "fold") for s in rest),
            act(order[0], "fold"), act(order[1], "check")]
    return table("holdem", list(range(1, 7)), 5 if behind else 1, order[0], order[1],
                 [*dealt, *acts, {"type": "pot_awarded"}, {"type": "next_hand", "button": went}], button_should_be=6)


@pytest.mark.parametrize("book", ["tda-2024", "tda-2022"])
def test_under_tda_a_button_moved_too_far_that_stood_is_not_moved_back(book: str) -> None:
    assert ruled(_stood(2), book)["rulings"][0]["verdict"] == "continue"
    assert outcome(_stood(2), book)[1] == ["button_misplaced"]
    ruling, kinds = outcome(_stood(6), book)
    assert kinds == ["button_misplaced", "next_button_misplaced"]
    assert {"MD-BUTTON-POSITION", "SA-OTHER-EFFECTS"} <= set(ruling["rules"])
    assert ruling["remedies"] == [{"do": "move_button", "seat": 2}]
    assert ruling["discretion"] is (book == "tda-2022")  # TDA-34-A's own example; TDA 2022 has no dead-button rule
    assert "not moved back" in ruling["explanation"]


@pytest.mark.parametrize("book", ["tda-2024", "tda-2022"])
def test_under_tda_a_button_left_behind_that_stood_moves_on_once_not_twice(book: str) -> None:
    assert outcome(_stood(6, behind=True), book)[1] == ["button_misplaced"]
    ruling, kinds = outcome(_stood(1, behind=True), book)
    assert kinds == ["button_misplaced", "next_button_misplaced"]
    assert ruling["remedies"] == [{"do": "move_button", "seat": 6}]
    assert ruling["discretion"] is True and "not twice to catch up" in ruling["explanation"]
    assert any("read from it" in r for r in ruling["discretion_reasons"])


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026", "rrop"])
@pytest.mark.parametrize("behind", [False, True])
def test_where_the_book_sets_each_position_the_button_after_a_misplaced_one_is_the_floors_placement(
        book: str, behind: bool) -> None:
    for went in range(1, 7):
        assert outcome(_stood(went, behind=behind), book)[1] == ["button_misplaced"]


# --- blinds made up ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BOOK_IDS)
def test_blinds_made_up_in_a_tournament_are_owed_by_no_one(book: str) -> None:
    log = v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 1, "made_up": [3, 5]}])
    ruling, kinds = outcome(log, book)
    if book not in TOURNAMENT:  # a cash game: missed blinds are made up; seats 3 and 5 posted none in this hand
        assert kinds == [] and ruling["remedies"] == []
        return
    assert kinds == ["missed_blinds_made_up", "missed_blinds_made_up"]
    assert ruling["rules"] == ["ABS-DEALT-IN", "DEAL-DEADBUTTON"]
    assert ruling["remedies"] == [{"do": "no_blinds_owed", "seat": 3}, {"do": "no_blinds_owed", "seat": 5}]
    assert ruling["discretion"] is True and ruling["discretion_reasons"]


@pytest.mark.parametrize("book", sorted(set(BOOK_IDS) - TOURNAMENT))
def test_abs_dealt_in_a_cash_book_owes_no_made_up_blind_for_a_seat_whose_blind_was_posted(book: str) -> None:
    """LA-160 (RRoP alike): a player makes up the blinds he missed. Seat 2's big blind of this hand was posted, so the
    next hand's made_up owes nothing for it; seat 5 posted none, and what he owes the log cannot say."""
    log = v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 1, "made_up": [2, 5]}])
    ruling, kinds = outcome(log, book)
    assert kinds == ["missed_blinds_made_up"]
    assert ruling["remedies"] == [{"do": "no_blinds_owed", "seat": 2}]
    assert "ABS-DEALT-IN" in ruling["rules"]
    assert ruling["discretion"] is True


# --- a pot awarded in parts --------------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize(("shares", "adds_up"), [((4000, 4000), True), ((5000, 5000), False), ((4000, 3000), False)],
                         ids=["the_pot", "more_than_the_pot", "less_than_the_pot"])
def test_a_split_award_must_come_to_the_pot(book: str, shares: tuple[int, int], adds_up: bool) -> None:
    awarded = [{"seat": 1, "amount": shares[0]}, {"seat": 9, "amount": shares[1]}]
    ruling, kinds = outcome(v11(deal(NINE) + LIMP + [{"type": "pot_awarded", "shares": awarded}]), book)
    raked = sum(shares) < 8000 and book not in TOURNAMENT  # a cash game may take a rake
    if adds_up or raked:
        assert kinds == [] and ruling["remedies"] == []
        return
    assert kinds == ["award_not_adding_up"]
    assert ruling["rules"] == ["DISP-WINDOW"] and ruling["discretion"] is True
    assert ruling["remedies"] == [{"do": "correct_award", "amount": 8000}]
    assert f"{sum(shares):,}" in ruling["explanation"]
    assert "8,000" in ruling["explanation"]


def test_a_split_that_does_not_add_up_found_after_the_next_hand_began_stands() -> None:
    log = v11(deal(NINE) + LIMP + [{"type": "pot_awarded", "shares": [{"seat": 1, "amount": 6000}]},
                                   {"type": "next_hand", "button": 1}])
    ruling, kinds = outcome(log, "wsop-2026")
    assert kinds == ["award_not_adding_up"]
    assert ruling["rules"][0] == "FD-DISPUTE-WINDOW" and ruling["remedies"] == []
