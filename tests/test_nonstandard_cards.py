"""Cards that do not belong (a joker; a 2 to 5 in short deck), under every book, at every moment they can be found.

rules.md's defaults (MD-NONSTANDARD, NSC-JOKER, NSC-SHORTDECK, NSC-LIABILITY): TDA makes such a card a misdeal before
substantial action and a scrap of paper after it; WSOP (Live-Action Rule 119 through T-129) and the Live-Action
rules make a joker a scrap of paper, replaced in a hand whose player has not acted, the hand dead once he has; a book
with no rule of its own for the kind of card (RRoP for a joker; WSOP, the Live-Action rules and RRoP for a low card
in short deck) is ruled by the joker rule, and the ruling says it is the floor's call, and why. A card found where
it plays no part (the stub, the burns) is taken out; one on the board is replaced by the next card off the stub.
"""

from __future__ import annotations

from typing import Any

import pytest

from floorman.law.rulebooks import BOOK_IDS, find_rulebook
from tests.builders import FLOOR, act, last

SEATS = (1, 2, 3, 4)
"""Four players, button seat 4: seat 1 small blind, seat 2 big blind, seat 3 first to act."""
CLEAN = ("6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc")
FLOP = ("Qh", "Kh", "Ah")
MISDEAL_BEFORE_SA = {"tda-2024", "tda-2022"}
"""The books that make a card that does not belong a misdeal before substantial action (TDA-35-A6)."""


def _log(game: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"floorman": 1, "game": game, "seats": 6, "button": 4, "level": {"small_blind": 100, "big_blind": 200},
            "players": [{"seat": s, "name": f"P{s}", "stack": 10_000} for s in SEATS],
            "events": [{"type": "post", "seat": 1, "blind": "sb", "amount": 100},
                       {"type": "post", "seat": 2, "blind": "bb", "amount": 200}, *events]}


def _deal(odd: str | None = None, seat: int = 3, upto: int = 8) -> list[dict[str, Any]]:
    """The initial deal, card by card; ``seat``'s second card is ``odd`` when given; ``upto`` cards of it."""
    out = []
    for n in range(upto):
        s = SEATS[n % 4]
        out.append({"type": "deal", "seat": s, "card": odd if odd and n >= 4 and s == seat else CLEAN[n]})
    return out


_PREFLOP = [act(3, "call", 200), act(4, "call", 200), act(1, "call", 200), act(2, "check")]
_CHECKS = [act(s, "check") for s in (1, 2, 3, 4)]


def _flop(odd: str | None = None) -> list[dict[str, Any]]:
    cards = [odd if odd and i == 1 else c for i, c in enumerate(FLOP)]
    return [{"type": "burn", "card": "6h"}, *({"type": "board", "card": c} for c in cards)]


def _stub(odd: str) -> dict[str, Any]:
    return {"type": "discover", "what": "non_standard", "card": odd, "where": "stub"}


MOMENTS = {
    # found in the deal, before any action: in a seat's hand
    "in_the_deal": (lambda c: [*_deal(c, upto=7), FLOOR], "hand", 3, False),
    "deal_complete": (lambda c: [*_deal(c), FLOOR], "hand", 3, False),
    # found in the stub, before and after substantial action; among the burns
    "in_the_stub": (lambda c: [*_deal(), _stub(c), FLOOR], "stub", None, False),
    "in_the_stub_after_sa": (lambda c: [*_deal(), *_PREFLOP, _stub(c), FLOOR], "stub", None, True),
    "among_the_burns": (lambda c: [*_deal(), *_PREFLOP, {"type": "burn", "card": c},
                                   *({"type": "board", "card": x} for x in FLOP), FLOOR], "burns", None, True),
    # on the board (the flop comes after substantial action)
    "on_the_board": (lambda c: [*_deal(), *_PREFLOP, *_flop(c), FLOOR], "board", None, True),
    # after substantial action, in the hand of a player who has not acted yet (the big blind), and of one who has
    "after_sa_not_acted": (lambda c: [*_deal(c, seat=2), act(3, "call", 200), act(4, "call", 200),
                                      act(1, "call", 200), FLOOR], "hand", 2, True),
    "after_sa_acted": (lambda c: [*_deal(c), *_PREFLOP, FLOOR], "hand", 3, True),
    # tabled at showdown
    "at_showdown": (lambda c: [*_deal("??"), *_PREFLOP, *_flop(), *_CHECKS, {"type": "burn"},
                               {"type": "board", "card": "Th"}, *_CHECKS, {"type": "burn"},
                               {"type": "board", "card": "Jh"}, *_CHECKS,
                               {"type": "show", "seat": 3, "cards": ["8c", c]}, FLOOR], "hand", 3, True),
}

CARDS = {
    "joker_in_holdem": ("holdem", "JK"),
    "joker_in_short_deck": ("short-deck", "JK"),
    "low_card_in_short_deck": ("short-deck", "4s"),
}


def _silent(book: str, card: str) -> bool:
    """The book states no rule of its own for this kind of card (rules.md NSC-JOKER, NSC-SHORTDECK)."""
    rule = "NSC-JOKER" if card == "JK" else "NSC-SHORTDECK"
    return find_rulebook(book).is_indirect(rule)


def test_the_books_the_audit_runs_over_are_every_book() -> None:
    assert set(BOOK_IDS) == {"wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop"}
    assert [b for b in BOOK_IDS if _silent(b, "JK")] == ["rrop"]
    assert [b for b in BOOK_IDS if _silent(b, "4s")] == ["wsop-2026", "wsop-la-2026", "rrop"]


@pytest.mark.parametrize("kind", CARDS)
@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("book", BOOK_IDS)
def test_a_card_that_does_not_belong_is_ruled_by_the_books_default_at_every_moment(
        book: str, moment: str, kind: str) -> None:
    game, card = CARDS[kind]
    events, where, seat, sa = MOMENTS[moment]
    ruling = last(_log(game, events(card)), book)
    rules, remedies = ruling["rules"], ruling["remedies"]
    assert ruling["substantial_action"] is sa
    assert "MD-NONSTANDARD" in rules
    assert "NSC-JOKER" in rules  # the joker rule: the book's own, or the default where it is silent
    assert ("NSC-SHORTDECK" in rules) is (card != "JK")
    silent = _silent(book, card)
    if book in MISDEAL_BEFORE_SA and not sa:
        assert ruling["verdict"] == "misdeal"
        assert {"SA-MISDEAL-GATE", "RD-EXACT"} <= set(rules) and remedies[-1] == {"do": "redeal"}
        assert ruling["discretion"] is False
        return
    assert ruling["verdict"] == "continue"
    if where in ("stub", "burns"):
        assert remedies == [{"do": "remove_card", "card": card, "where": where}]
        assert ruling["discretion"] is True  # the rules speak of a card in play: taken out by inference
    elif where == "board":
        assert remedies == [{"do": "remove_card", "card": card, "where": "board"},
                            {"do": "complete_board", "street": "flop", "cards": 1}]
        assert ruling["discretion"] is True  # whether a new burn comes first is not stated
    elif moment in ("after_sa_acted", "at_showdown") or (sa and book in MISDEAL_BEFORE_SA):
        assert remedies == [{"do": "remove_card", "card": card, "where": "hand"}, {"do": "kill_hand", "seat": seat}]
        assert "CNT-AFTER-SA-DEAD" in rules
        not_acted = moment == "after_sa_not_acted"  # TDA: the scrap leaves the hand short; dead by inference
        assert ruling["discretion"] is (silent or not_acted)
    else:
        assert remedies == [{"do": "remove_card", "card": card, "where": "hand"}, {"do": "replace_card", "seat": seat}]
        assert "CNT-AFTER-SA-DEAD" not in rules
        assert ruling["discretion"] is silent
    if ruling["discretion"]:
        assert ruling["discretion_reasons"] and ruling["discretion_reasons_vi"]
        if silent:
            assert any("rule" in r for r in ruling["discretion_reasons"])
    assert {c["rule"] for c in ruling["citations"]} == set(rules)


def test_a_card_found_in_the_stub_is_said_to_be_there_not_on_the_board() -> None:
    ruling = last(_log("short-deck", [*_deal(), _stub("3d"), FLOOR]), "wsop-la-2026")
    assert "in the stub" in ruling["explanation"] and "board" not in ruling["explanation"]
    assert "stub" in ruling["explanation_vi"]


def test_a_joker_in_short_deck_is_ruled_by_the_joker_rule_alone() -> None:
    # the Live-Action rules state the joker rule (LA-119): no low card, nothing left to the floor
    ruling = last(_log("short-deck", [*_deal("JK"), FLOOR]), "wsop-la-2026")
    assert ruling["discretion"] is False and "NSC-SHORTDECK" not in ruling["rules"]
    assert "short deck does not use" not in ruling["explanation"]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_a_joker_in_a_draw_game_where_the_misdeal_causes_leave_draw_games_to_the_house(book: str) -> None:
    # 2-7 single draw, five cards each from the small blind; seat 3's last card is a joker, found before any action
    dealt = [{"type": "deal", "seat": s, "card": "JK" if (s == 3 and n == 4) else "??"} for n in range(5)
             for s in SEATS]
    ruling = last(_log("2-7-single-draw", [*dealt, FLOOR]), book)
    if book in MISDEAL_BEFORE_SA:  # TDA-35-A leaves draw games to house rules (MD-DRAW): the misdeal is read for it
        assert ruling["verdict"] == "misdeal" and "MD-DRAW" in ruling["rules"]
        assert ruling["discretion"] is True and ruling["discretion_reasons"]
    else:
        assert ruling["verdict"] == "continue" and "MD-DRAW" not in ruling["rules"]
        assert ruling["remedies"] == [{"do": "remove_card", "card": "JK", "where": "hand"},
                                      {"do": "replace_card", "seat": 3}]
        assert ruling["discretion"] is (book == "rrop")
