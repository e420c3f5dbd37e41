"""The fold records facts, the law rules on them, and ``Hand`` is the session above both.

A floor call and a ruling applied are events the fold records; what a ruling does at the table (a hand killed, the
hand called off or ended, findings settled) comes back to the fold as a fact. What the log records beyond the hand
(the next hand's button and made-up blinds, a pot awarded in parts) is kept by the fold as it was, and read by the
law under the book when it rules: the fold's own findings are the same under every book.
"""

from __future__ import annotations

from typing import Any

from floorman.engine.hand import Hand
from floorman.fold.findings import Irregularity as I
from floorman.formats import handlog
from floorman.law.rulebooks import BOOK_IDS
from floorman.law.rulebooks.decisions import finding_rules
from tests.builders import FLOOR, NINE, act, deal, t9

LIMP = [act(s, "fold") for s in range(3, 9)] + [act(9, "call", 2000), act(1, "call", 2000), act(2, "check")]


def _hand(log: dict[str, Any], book: str = "wsop-2026") -> Hand:
    return Hand(handlog.from_obj(log), rulebook=book)


def _v11(events: list[dict[str, Any]]) -> dict[str, Any]:
    log = t9(events)
    log["floorman"] = 1.1
    return log


def test_a_floor_call_and_a_ruling_applied_are_recorded_by_the_fold() -> None:
    # the first card to the big blind: misdeal, applied as ruled
    hand = _hand(t9([{"type": "deal", "seat": 2}, FLOOR, {"type": "ruling_applied", "ruling": 0}]))
    state = hand._state
    assert state.floors == [4]
    assert state.applied == ((5, 0, None),)
    assert state.called_off_at == 4 and state.hand_over
    assert hand.rulings[0].verdict.value == "misdeal"


def test_an_override_to_play_on_is_recorded_and_lets_the_hand_go_on() -> None:
    events = [{"type": "deal", "seat": 2}, FLOOR,
              {"type": "ruling_applied", "ruling": 0, "override": {"verdict": "continue", "reason": "agreed"}},
              {"type": "deal", "seat": 3}]
    hand = _hand(t9(events))
    state = hand._state
    assert state.applied == ((5, 0, "continue"),)
    assert state.called_off_at is None and not state.hand_over
    assert not any(f.irregularity is I.PLAYED_ON_AFTER_RULING for f in hand.findings)


def test_play_after_the_hand_was_called_off_is_found_once() -> None:
    hand = _hand(t9([{"type": "deal", "seat": 2}, FLOOR, {"type": "deal", "seat": 3}, {"type": "deal", "seat": 4}]))
    played_on = [f for f in hand.findings if f.irregularity is I.PLAYED_ON_AFTER_RULING]
    assert [f.at for f in played_on] == [5]
    assert hand._state.called_off_at == 4


def test_a_hand_a_ruling_kills_is_a_fact_the_fold_records() -> None:
    # seat 6 away when the deal ended, dealt in: the floor kills the hand (ABS-AT-SEAT) and the hand goes on
    events = [{"type": "leave", "seat": 6}, *deal(NINE), FLOOR]
    hand = _hand(t9(events))
    ruling = hand.rulings[0]
    assert ruling.verdict.value == "continue"
    assert [r.fields.get("seat") for r in ruling.remedies if r.do.value == "kill_hand"] == [6]
    seat = hand._state.seats[6]
    assert seat.dead and seat.dead_reason == "ruling" and 6 not in hand._state.live_seats
    assert hand._state.settled == frozenset(range(len(hand._state.findings)))


def test_what_the_log_records_beyond_the_hand_is_the_laws_reading_not_the_folds() -> None:
    # blinds made up in the next hand: a tournament book leaves none to miss, a cash book leaves the seat's own
    log = _v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 1, "made_up": [2, 5]}])
    folded = {book: _hand(log, book)._state.findings for book in BOOK_IDS}
    assert all(found == folded[BOOK_IDS[0]] for found in folded.values()), "the fold is the same under every book"
    assert not any(f.irregularity is I.MISSED_BLINDS_MADE_UP for f in folded[BOOK_IDS[0]])
    made_up = {book: [f.seat for f in _hand(log, book).findings if f.irregularity is I.MISSED_BLINDS_MADE_UP]
               for book in BOOK_IDS}
    assert made_up["wsop-2026"] == [2, 5]
    assert made_up["wsop-la-2026"] == [2]


def test_the_laws_findings_stand_where_the_log_recorded_them() -> None:
    # the next hand's button on the wrong seat, then an event the log records after the next hand began
    log = _v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 3},
                                    {"type": "deal", "seat": 4}])
    kinds = [f.irregularity for f in _hand(log).findings]
    assert kinds == [I.NEXT_BUTTON_MISPLACED, I.EVENT_AFTER_NEXT_HAND]


def test_a_next_hand_finding_the_floor_ruled_on_is_not_ruled_on_again() -> None:
    log = _v11(deal(NINE) + LIMP + [{"type": "pot_awarded"}, {"type": "next_hand", "button": 3}, FLOOR])
    hand = _hand(log)
    assert [f.irregularity for f in hand.rulings[0].findings] == [I.NEXT_BUTTON_MISPLACED]
    record = hand._state.next_hand
    assert record is not None and hand._state.settled_records == {record.at}
    assert hand.ruling().findings == ()


def test_a_findings_rules_are_the_laws_reading_of_its_facts() -> None:
    hand = _hand(t9([{"type": "deal", "seat": 2}]))
    first = hand.findings[0]
    assert first.irregularity is I.FIRST_CARD_WRONG_SEAT and first.order is not None
    assert finding_rules(first) == ("MD-FIRST-WRONG-SEAT", "DEAL-ORDER-FLOP")
    heads_up = {"floorman": 1, "game": "holdem", "seats": 6, "button": 2, "level": {"small_blind": 1, "big_blind": 2},
                "players": [{"seat": 2, "name": "An", "stack": 100}, {"seat": 5, "name": "Bo", "stack": 100}],
                "events": [{"type": "post", "seat": 2, "blind": "sb", "amount": 1},
                           {"type": "post", "seat": 5, "blind": "bb", "amount": 2},
                           {"type": "deal", "seat": 5},
                           {"type": "expose", "seat": 5, "card": "Ah", "how": "flashed"}]}
    exposed = next(f for f in _hand(heads_up).findings if f.irregularity is I.EXPOSED_HOLE_CARD)
    assert exposed.how == "flashed" and exposed.order is not None and exposed.order.heads_up
    assert finding_rules(exposed) == ("DEF-EXPOSED", "EXP-FLASH", "DEAL-ORDER-HU")
