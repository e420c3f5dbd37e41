"""Every misdeal cause found once substantial action has occurred: the hand plays on, and the ruling says why.

SA-MISDEAL-GATE (T-88.c, TDA-35-D, RRoP Misdeals 2, LA-109): once substantial action (SA-DEF) has occurred a misdeal
cannot be declared. A ruling that plays on because of it rests on both rules and cites them, whatever the cause
(boxed cards, exposed cards, the first card to the wrong seat, a seat dealt out, a wrong count, ...), the family
and the book, and its explanation says that substantial action bars the misdeal the cause would otherwise be.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
GATE = {"SA-DEF", "SA-MISDEAL-GATE"}
FLOP_SA = [act(3, "fold"), act(4, "call", 2000), act(5, "fold")]
STUD_SA = [act(2, "complete"), act(3, "call"), act(4, "fold")]
BRING_IN = {"type": "post", "seat": 1, "blind": "bring_in", "amount": 200}


def _two_boxed_omaha(after: list[dict[str, Any]]) -> dict[str, Any]:
    events = deal(NINE, 4)
    events.insert(3, {"type": "boxed", "card": "7c"})
    events.insert(20, {"type": "boxed", "card": "Jh"})
    return t9([*events, *after, FLOOR], game="omaha")


def _stud(after: list[dict[str, Any]], *, exposed: tuple[int, ...] = (), boxed: tuple[int, ...] = ()) -> dict[str, Any]:
    """Razz, five seats: three starting cards each (the n-th card off the deck exposed or followed by a boxed card)."""
    events: list[dict[str, Any]] = []
    n = 0
    for r in range(1, 4):
        for seat in range(1, 6):
            n += 1
            events.append({"type": "deal", "seat": seat, **({"face_up": True} if r == 3 or n in exposed else {})})
            if n in boxed:
                events.append({"type": "boxed", "card": "Kc" if n == boxed[0] else "Qd"})
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, 6)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, 6)]
    return {"floorman": 1, "game": "razz", "seats": 5, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": [*antes, *events, BRING_IN, *after, FLOOR]}


Build = Callable[[list[dict[str, Any]]], dict[str, Any]]

CAUSES: dict[str, tuple[Build, list[dict[str, Any]], tuple[str, ...]]] = {
    # cause: (the hand given the actions that follow the deal, the actions that make SA, the books it is a misdeal in)
    "two boxed cards, Omaha": (_two_boxed_omaha, FLOP_SA, BOOKS),
    "two boxed cards, stud": (lambda after: _stud(after, boxed=(2, 7)), STUD_SA, BOOKS),
    "first card off the deck exposed": (
        lambda after: t9([*deal(NINE, 2, c1={"face_up": True, "card": "Ah"}), *after, FLOOR]), FLOP_SA, BOOKS),
    "two down cards exposed, Omaha hi-lo": (
        lambda after: t9([*deal(NINE, 4, c5={"face_up": True, "card": "Ah"}, c14={"face_up": True, "card": "Kd"}),
                          *after, FLOOR], game="omaha8"), FLOP_SA, BOOKS),
    "second exposed card in a draw game": (
        lambda after: t9([*deal(NINE, 4, c3={"face_up": True, "card": "Ah"}, c20={"face_up": True, "card": "Kd"}),
                          *after, FLOOR], game="badugi"), FLOP_SA, BOOKS),
    "stud down card exposed": (lambda after: _stud(after, exposed=(3,)), STUD_SA, ("wsop-2026",)),
    "all three stud starting cards exposed": (
        lambda after: _stud(after, exposed=(3, 8)), STUD_SA, ("wsop-2026", "wsop-la-2026", "rrop")),
    "first card to the wrong seat": (
        lambda after: t9([*deal([2, 3, 4, 5, 6, 7, 8, 9, 1], 2), *after, FLOOR]), FLOP_SA, BOOKS),
    "entitled seat dealt out": (
        lambda after: t9([*deal([1, 2, 3, 4, 6, 7, 8, 9], 2), *after, FLOOR]), FLOP_SA, BOOKS),
    "cards to an empty seat": (lambda after: t9([*deal(NINE, 2), *after, FLOOR], empty=(7,)), FLOP_SA, BOOKS),
    "two extra cards": (
        lambda after: t9([*deal(NINE, 2), {"type": "deal", "seat": 1}, {"type": "deal", "seat": 2}, *after, FLOOR]),
        FLOP_SA, BOOKS),
    "wrong count": (
        lambda after: t9([*deal(NINE, 1), *({"type": "deal", "seat": 3 if s == 4 else s} for s in NINE), *after,
                          FLOOR]), FLOP_SA, ("wsop-la-2026", "tda-2024", "tda-2022", "rrop")),
    "a joker": (
        lambda after: t9([*deal(NINE, 2), *after, {"type": "discover", "what": "non_standard", "card": "JK",
                                                   "seat": 6}, FLOOR]), FLOP_SA, ("tda-2024", "tda-2022")),
    "a foreign back in the stub": (
        lambda after: t9([*deal(NINE, 2), *after, {"type": "discover", "what": "foreign_back", "where": "stub",
                                                   "card": "Qs"}, FLOOR]),
        FLOP_SA, ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022")),
    "button out of position": (lambda after: t9([*deal(NINE, 2), *after, FLOOR], button_should_be=8), FLOP_SA, BOOKS),
}
PAIRS = [pytest.param(cause, book, id=f"{cause}-{book}") for cause, (_, _, books) in CAUSES.items() for book in books]


@pytest.mark.parametrize(("cause", "book"), PAIRS)
def test_a_misdeal_cause_found_after_substantial_action_cites_the_gate_and_says_it_bars_the_misdeal(
    cause: str, book: str
) -> None:
    build, sa_actions, _ = CAUSES[cause]
    before = last(build([]), book)
    assert before["verdict"] == "misdeal", (cause, book, before["verdict"])
    assert set(before["rules"]) >= GATE
    after = last(build(sa_actions), book)
    assert after["verdict"] == "continue" and after["substantial_action"] is True
    assert set(after["rules"]) >= GATE, (cause, book, after["rules"])
    assert {c["rule"] for c in after["citations"]} == set(after["rules"])
    assert "can no longer be called a misdeal" in after["explanation"]
    assert not any(r["do"] == "redeal" for r in after["remedies"])


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
def test_two_boxed_cards_found_after_substantial_action_say_the_misdeal_is_barred_not_that_the_count_fell_short(
    book: str,
) -> None:
    ruling = last(_stud(STUD_SA, boxed=(4, 9)), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert {"MD-BOXED-2", "BOX-COUNT", "BOX-SCRAP", "SA-DEF", "SA-MISDEAL-GATE"} <= set(ruling["rules"])
    assert ruling["discretion"] is False
    assert [r["do"] for r in ruling["remedies"]] == ["remove_card", "remove_card"]
    text = ruling["explanation"]
    when = {"rrop": "in the hand (the book does not say when)"}.get(book, "on the initial deal")  # RRoP 1(c): "found"
    assert f"2 boxed cards were found {when}" in text
    assert "would be a misdeal" in text and "substantial action has occurred" in text
    assert "a misdeal takes" not in text  # the threshold was met: no count "short of" it
    assert text.count("A boxed card was found in the deck during the deal") == 1


def test_one_boxed_card_after_substantial_action_is_a_scrap_with_no_misdeal_to_bar() -> None:
    events = deal(NINE, 4)
    events.insert(5, {"type": "boxed", "card": "7c"})
    ruling = last(t9([*events, *FLOP_SA, FLOOR], game="omaha"), "wsop-la-2026")
    assert ruling["verdict"] == "continue"
    assert "SA-MISDEAL-GATE" not in ruling["rules"] and "BOX-COUNT" not in ruling["rules"]
    assert "1 boxed card counted: a misdeal takes 2." in ruling["explanation"]


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026", "rrop"])
def test_cards_thrown_into_a_blind_after_substantial_action_leave_no_redeal_and_cite_the_gate(book: str) -> None:
    def hand(after: list[dict[str, Any]]) -> dict[str, Any]:
        thrown = {"type": "discover", "what": "mixed", "seat": 2, "from_seat": 3}
        return t9([*deal(NINE, 2), act(3, "fold"), thrown, *after, FLOOR])

    before = last(hand([]), book)
    assert before["verdict"] == "misdeal" and [r["do"] for r in before["remedies"]] == ["redeal"]
    after = last(hand([act(4, "call", 2000), act(5, "fold")]), book)
    assert after["verdict"] == "continue" and after["substantial_action"] is True
    assert {"MD-THROWN-INTO-BLIND", "SA-DEF", "SA-MISDEAL-GATE"} <= set(after["rules"])
    assert "re-deal the rule allows is no longer open" in after["explanation"]
    assert after["remedies"] == []


EXPOSED_PAST_THE_COUNT: dict[str, tuple[Build, tuple[int, ...], tuple[str, ...]]] = {
    # the hand, the seats whose exposed cards are replaced, the streets their exposed cards burn (flop games only)
    "hold'em, seats 4 and 7": (
        lambda after: t9([*deal(NINE, 2, c4={"face_up": True, "card": "9c"}, c16={"face_up": True, "card": "Td"}),
                          *after, FLOOR]), (4, 7), ("flop", "turn")),
    "Omaha hi-lo, seats 4 and 6": (
        lambda after: t9([*deal(NINE, 4, c4={"face_up": True, "card": "Ah"}, c15={"face_up": True, "card": "Kd"}),
                          *after, FLOOR], game="omaha8"), (4, 6), ("flop", "turn")),
    "badugi, seats 3 (folded since) and 2": (
        lambda after: t9([*deal(NINE, 4, c3={"face_up": True, "card": "Ah"}, c20={"face_up": True, "card": "Kd"}),
                          *after, FLOOR], game="badugi"), (2,), ()),
}


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("hand", list(EXPOSED_PAST_THE_COUNT))
def test_exposed_down_cards_at_the_misdeal_count_after_substantial_action_are_replaced_at_the_floors_call(
        hand: str, book: str) -> None:
    build, seats, burns = EXPOSED_PAST_THE_COUNT[hand]
    ruling = last(build(FLOP_SA), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert GATE | {"DEF-EXPOSED"} <= set(ruling["rules"])
    assert ("EXP-HOLE-SINGLE" in ruling["rules"]) is bool(burns)  # a flop game's rule, not a draw game's
    assert ruling["discretion"] is True and ruling["discretion_reasons"]
    assert [r["seat"] for r in ruling["remedies"] if r["do"] == "replace_card"] == list(seats)
    assert [r["street"] for r in ruling["remedies"] if r["do"] == "use_as_burn"] == list(burns)
    assert any("No text says what becomes of several exposed down cards" in why
               or "no rule says what becomes of exposed cards" in why for why in ruling["discretion_reasons"])
    assert not any(r["do"] == "redeal" for r in ruling["remedies"])


def test_one_exposed_down_card_after_substantial_action_is_replaced_on_the_text_with_no_discretion() -> None:
    ruling = last(t9([*deal(NINE, 2, c4={"face_up": True, "card": "9c"}), *FLOP_SA, FLOOR]), "wsop-la-2026")
    assert ruling["verdict"] == "continue"
    assert "SA-MISDEAL-GATE" not in ruling["rules"]
    assert ruling["discretion"] is False
    assert [r["do"] for r in ruling["remedies"]] == ["replace_card", "use_as_burn", "deal_without_burn"]
