"""Remedies the table can still carry out: a remedy written for the moment of an irregularity is not offered once
the hand has passed that moment (a street dealt over the cards, the showdown, the pot awarded); the ruling then
says what happened, why the text's remedy cannot be carried out, what the floor can still do, and leaves the
floor the call (issue 14, items 6 and 8).

The hands are the sweep's clean hands of each game (``tests/sweep_hands.py``) with one irregularity put in by
hand and the floor called at a chosen moment.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from floorman.engine.hand import Hand
from floorman.fold.table import Game
from floorman.formats import handlog
from floorman.law.rulings.feasible import too_late
from floorman.law.rulings.model import Remedy, RemedyKind
from tests.builders import FLOOR, last
from tests.sweep_hands import clean_hand

Event = dict[str, Any]
WHY = "The text gives its remedy for a moment the hand has passed"


def _hand(game: str, *, after: Callable[[Event], bool] | None = None, put: list[Event] | None = None,
          drop: Callable[[Event], bool] | None = None, until: Callable[[Event], bool], nth: int = 1) -> dict[str, Any]:
    """The clean hand of ``game`` with ``put`` after the first event ``after`` matches (and the first event ``drop``
    matches left out), cut after the ``nth`` event ``until`` matches, then the floor called."""
    log = copy.deepcopy(clean_hand(Game(game)))
    events: list[Event] = []
    put_in = dropped = False
    for event in log["events"]:
        if drop is not None and not dropped and drop(event):
            dropped = True
            continue
        events.append(event)
        if after is not None and not put_in and after(event):
            events += put or []
            put_in = True
    assert put_in or after is None, "the irregularity found no place in the hand"
    assert dropped or drop is None, "nothing to leave out of the hand"
    seen = 0
    for i, event in enumerate(events):
        if until(event):
            seen += 1
            if seen == nth:
                log["events"] = [*events[:i + 1], FLOOR]
                return log
    raise AssertionError("the hand has no such moment")


def _card(card: str) -> Callable[[Event], bool]:
    return lambda e: e.get("card") == card


def _is(kind: str, **fields: Any) -> Callable[[Event], bool]:
    return lambda e: e["type"] == kind and all(e.get(k) == v for k, v in fields.items())


SHOWDOWN = _is("show")
PUSHED = _is("pot_awarded")


def _steps(ruling: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["do"], r.get("seat")) for r in ruling["remedies"]]


def _too_late(ruling: dict[str, Any], now: str) -> None:
    """The ruling offers nothing the table cannot do, says why, what the floor can still do, and leaves it the call."""
    assert ruling["discretion"] is True
    assert any(reason.startswith(WHY) for reason in ruling["discretion_reasons"])
    assert "can no longer be carried out" in ruling["explanation"]
    assert now in ruling["explanation"]
    assert "không thể thực hiện được nữa" in ruling["explanation_vi"]


# --- An exposed hole card: replace it, use it as the burn, turn it up ... only while the cards are still the deal's --

def _flop_exposed(game: str, **cut: Any) -> dict[str, Any]:
    """Seat 4's first card (the fourth off the deck, not one of the first two) exposed by the dealer."""
    return _hand(game, after=_card("2s"), put=[{"type": "expose", "seat": 4, "card": "2s", "by": "dealer"}], **cut)


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha5"])
def test_an_exposed_hole_card_found_at_showdown_offers_no_replacement_and_is_the_floors_call(
        game: str, book: str) -> None:
    ruling = last(_flop_exposed(game, until=SHOWDOWN, nth=2), book)
    assert ruling["verdict"] == "continue"
    assert {"MD-FLOP-EXPOSE", "EXP-HOLE-SINGLE", "DEF-EXPOSED"} <= set(ruling["rules"])
    assert ruling["remedies"] == []
    _too_late(ruling, "read the hands as they lie")
    assert "the hands have been shown down" in ruling["explanation"].lower()


@pytest.mark.parametrize("book", ["wsop-2026", "rrop"])
def test_an_exposed_hole_card_found_once_the_flop_is_out_is_not_replaced_and_the_hand_plays_on(book: str) -> None:
    # found as the turn comes: the exposed card can no longer be the flop burn, nor the seat's hand be repaired
    ruling = last(_flop_exposed("omaha", until=_is("board"), nth=4), book)
    assert ruling["verdict"] == "continue" and "EXP-HOLE-SINGLE" in ruling["rules"]
    assert ruling["remedies"] == []
    _too_late(ruling, "let the hand play on with the cards as they lie")
    assert "The flop has since been dealt" in ruling["explanation"]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_an_exposed_hole_card_found_before_the_flop_is_still_replaced_and_burned(book: str) -> None:
    ruling = last(_flop_exposed("holdem", until=_is("act", seat=2)), book)
    assert ruling["verdict"] == "continue" and "EXP-HOLE-SINGLE" in ruling["rules"]
    assert _steps(ruling) == [("replace_card", 4), ("use_as_burn", 4), ("deal_without_burn", None)]
    assert ruling["discretion"] is False
    assert "can no longer be carried out" not in ruling["explanation"]


def test_an_exposed_hole_card_found_after_the_pot_was_awarded_leaves_the_award_to_the_floor() -> None:
    ruling = last(_flop_exposed("omaha8", until=PUSHED), "tda-2024")
    assert ruling["verdict"] == "continue" and "DISP-WINDOW" in ruling["rules"]
    assert ruling["remedies"] == []
    _too_late(ruling, "let the award stand")


def _stud_exposed(**cut: Any) -> dict[str, Any]:
    """Stud: seat 4's first down card exposed by the dealer; its door card is dealt face up all the same."""
    return _hand("stud", after=_card("3c"), put=[{"type": "expose", "seat": 4, "card": "3c", "by": "dealer"}], **cut)


@pytest.mark.parametrize(("book", "rule"), [("tda-2024", "STUD-DOWN-EXPOSED"), ("wsop-la-2026", "STUD-DOWN-EXPOSED"),
                                            ("rrop", "STUD-DOWN-EXPOSED")])
def test_a_stud_down_card_exposed_is_not_repaired_once_the_seat_has_its_door_card(book: str, rule: str) -> None:
    # the exposed card cannot become the upcard with the third card dealt down: the third card is already up
    ruling = last(_stud_exposed(until=_is("act", seat=2)), book)
    assert ruling["verdict"] == "continue" and rule in ruling["rules"]
    assert not {"turn_up_card", "deal_face_down"} & {do for do, _ in _steps(ruling)}
    _too_late(ruling, "let the hand play on")
    assert "seat 4 has since had its third street card" in ruling["explanation"].lower()


def test_a_stud_down_card_exposed_during_the_deal_becomes_the_upcard_under_tda() -> None:
    ruling = last(_stud_exposed(until=_is("expose")), "tda-2024")
    assert ruling["verdict"] == "continue" and "STUD-DOWN-EXPOSED" in ruling["rules"]
    assert _steps(ruling) == [("turn_up_card", 4), ("deal_face_down", 4)]
    assert ruling["discretion"] is False


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
@pytest.mark.parametrize("game", ["badugi", "2-7-triple-draw"])
def test_a_draw_card_exposed_on_the_deal_is_not_replaced_once_the_draw_has_begun(game: str, book: str) -> None:
    # seat 4's first card exposed; the floor is called as the first draw's betting begins
    log = _hand(game, after=_card("2s"), put=[{"type": "expose", "seat": 4, "card": "2s", "by": "dealer"}],
                until=_is("act"), nth=5)
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and {"DRAW-EXPOSED", "MD-DRAW"} <= set(ruling["rules"])
    assert "replace_card" not in {do for do, _ in _steps(ruling)}
    _too_late(ruling, "let the hand play on")
    assert "exposed a card of seat 4 on the initial deal" in ruling["explanation"]


def test_a_draw_card_exposed_on_the_deal_is_replaced_before_the_draw() -> None:
    log = _hand("badugi", after=_card("2s"), put=[{"type": "expose", "seat": 4, "card": "2s", "by": "dealer"}],
                until=_is("act", seat=2))
    ruling = last(log, "wsop-2026")
    assert _steps(ruling) == [("replace_card", 4)] and ruling["discretion"] is False


# --- Burns put right for the cards to come: only while a card is left to come ---------------------------------

def _no_turn_burn(game: str, **cut: Any) -> dict[str, Any]:
    """The turn dealt without a burn (the second burn of the hand left out)."""
    burns = iter(range(2))
    return _hand(game, drop=lambda e: e["type"] == "burn" and next(burns) == 1, **cut)


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_the_burn_order_is_not_restored_once_no_card_is_left_to_come(game: str, book: str) -> None:
    ruling = last(_no_turn_burn(game, until=SHOWDOWN, nth=2), book)
    assert ruling["verdict"] == "continue" and "BURN-STREET" in ruling["rules"]
    assert "restore_order" not in {do for do, _ in _steps(ruling)}
    _too_late(ruling, "read the hands as they lie")


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
def test_the_burn_order_is_restored_while_the_river_is_still_to_come(book: str) -> None:
    # the turn was acted on (it stands); the river is still to come, so the order can still be put right
    ruling = last(_no_turn_burn("holdem", until=_is("act", seat=4, action="check"), nth=2), book)
    assert ruling["verdict"] == "continue" and "BURN-STREET" in ruling["rules"]
    assert _steps(ruling) == [("restore_order", None)]
    assert ruling["discretion"] is False


def test_a_missing_turn_burn_at_showdown_under_wsop_still_says_the_board_stands() -> None:
    # nothing to restore under WSOP (one burn per street): the board standing is no step the table has to do
    ruling = last(_no_turn_burn("holdem", until=SHOWDOWN, nth=2), "wsop-2026")
    assert _steps(ruling) == [("board_stands", None)] and ruling["discretion"] is False


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026"])
def test_a_stud_burn_error_is_corrected_only_while_cards_are_to_come(book: str) -> None:
    # fifth street dealt without a burn (STUD-BURN-ERROR: corrected if possible)
    burns = iter(range(3))

    def drop(e: Event) -> bool:
        return e["type"] == "burn" and next(burns) == 1

    early = last(_hand("stud", drop=drop, until=_card("5h")), book)
    assert "STUD-BURN-ERROR" in early["rules"] and _steps(early) == [("restore_order", None)]
    burns = iter(range(3))
    late = last(_hand("stud", drop=drop, until=SHOWDOWN, nth=2), book)
    assert late["verdict"] == "continue" and "STUD-BURN-ERROR" in late["rules"]
    assert late["remedies"] == []
    _too_late(late, "read the hands as they lie")


# --- A four-card flop found late: the random pick out of play while the board is on the table -------------------

def _four_card_flop(**cut: Any) -> dict[str, Any]:
    return _hand("holdem", after=_card("4s"), put=[{"type": "board", "card": "Ah"}], **cut)


def test_a_four_card_flop_found_at_showdown_still_takes_a_card_out_at_random() -> None:
    ruling = last(_four_card_flop(until=SHOWDOWN, nth=2), "wsop-2026")
    assert "FLOP-4CARD" in ruling["rules"]
    assert [r for r in ruling["remedies"] if r["do"] == "scramble_and_pick_burn"] == [
        {"do": "scramble_and_pick_burn", "cards": 4, "out_of_play": True}]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
def test_a_four_card_flop_found_after_the_pot_was_awarded_takes_no_card_out(book: str) -> None:
    ruling = last(_four_card_flop(until=PUSHED), book)
    assert ruling["verdict"] == "continue" and "FLOP-4CARD" in ruling["rules"]
    assert ruling["remedies"] == []
    _too_late(ruling, "let the award stand")
    assert "Four cards were put out for the flop" in ruling["explanation"]


# --- The guard itself ----------------------------------------------------------------------------------------

def _state(game: str, **cut: Any) -> Any:
    return Hand(handlog.from_obj(_hand(game, **cut)))._state


def test_the_last_streets_cards_can_be_redone_until_the_pot_is_awarded() -> None:
    # LA-169: on the last round the burn error is corrected if found before the pot is awarded
    river = [Remedy.of(RemedyKind.USE_AS_BURN, street="river"), Remedy.of(RemedyKind.COMPLETE_BOARD, street="river")]
    at_showdown = _state("holdem", until=SHOWDOWN, nth=2)
    assert [too_late(at_showdown, step) for step in river] == [None, None]
    pushed = _state("holdem", until=PUSHED)
    assert {too_late(pushed, step).id for step in river} == {"remedy.too_late.pot_awarded"}  # type: ignore[union-attr]


def test_a_street_to_come_can_no_longer_be_dealt_once_it_is_out() -> None:
    on_turn = _state("holdem", until=_is("board"), nth=4)
    assert too_late(on_turn, Remedy.of(RemedyKind.DEAL_WITHOUT_BURN, street="river")) is None
    assert too_late(on_turn, Remedy.of(RemedyKind.USE_AS_BURN, seat=4, street="river")) is None
    why = too_late(on_turn, Remedy.of(RemedyKind.USE_AS_BURN, seat=4, street="turn"))
    assert why is not None and why.id == "remedy.too_late.street_dealt"
    why = too_late(on_turn, Remedy.of(RemedyKind.COMPLETE_BOARD, street="flop"))
    assert why is not None and dict(why.params) == {"street": "turn"}


def test_a_seat_that_folded_is_given_no_card() -> None:
    state = _state("holdem", until=_is("act", seat=4))  # seat 3 folded first
    why = too_late(state, Remedy.of(RemedyKind.REPLACE_CARD, seat=3))
    assert why is not None and why.id == "remedy.too_late.seat_out"
    assert too_late(state, Remedy.of(RemedyKind.REPLACE_CARD, seat=4)) is None


@pytest.mark.parametrize("kind", [RemedyKind.REDEAL, RemedyKind.RETURN_ALL_CHIPS, RemedyKind.NEW_DECK,
                                  RemedyKind.KILL_HAND, RemedyKind.REMOVE_CARD, RemedyKind.BOARD_STANDS,
                                  RemedyKind.PENALTY_POSSIBLE])
def test_steps_that_need_no_cards_in_play_are_never_too_late_before_the_next_hand(kind: RemedyKind) -> None:
    assert too_late(_state("holdem", until=PUSHED), Remedy.of(kind, seat=2)) is None


@pytest.mark.parametrize("book", ["tda-2024", "rrop"])
def test_a_stud_burn_error_is_not_corrected_once_the_next_street_is_out(book: str) -> None:
    # fifth street dealt without a burn, found as sixth street comes: fifth street's card can no longer be the one
    # that would have come
    burns = iter(range(3))
    log = _hand("stud", drop=lambda e: e["type"] == "burn" and next(burns) == 1, until=_card("6h"))
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and "STUD-BURN-ERROR" in ruling["rules"]
    assert ruling["remedies"] == []
    _too_late(ruling, "let the hand play on")
    assert "The sixth street has since been dealt" in ruling["explanation"]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
@pytest.mark.parametrize("game", ["holdem", "omaha8"])
def test_several_exposed_cards_found_after_substantial_action_are_each_replaced_at_the_floors_call(
        game: str, book: str) -> None:
    # seat 4's first card and seat 1's second exposed during the deal; found once the blinds have acted
    log = _hand(game, after=_card("3c"), put=[{"type": "expose", "seat": 4, "card": "2s", "by": "dealer"},
                                             {"type": "expose", "seat": 1, "card": "3c", "by": "dealer"}],
                until=_is("act", seat=2))
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert {"MD-FLOP-EXPOSE", "EXP-HOLE-SINGLE", "SA-MISDEAL-GATE"} <= set(ruling["rules"])
    assert _steps(ruling) == [("replace_card", 4), ("use_as_burn", 4), ("deal_without_burn", None),
                              ("replace_card", 1), ("use_as_burn", 1), ("deal_without_burn", None)]
    assert ruling["discretion"] is True
    assert any(r.startswith("No text says what becomes of several exposed down cards")
               for r in ruling["discretion_reasons"])
