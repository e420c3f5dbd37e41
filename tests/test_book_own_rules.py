"""A book's own rule for a procedure: where rules.md gives a book-specific rule id (SA-RRoP, SA-LA, PREM-RRoP),
a ruling under that book that rests on the procedure cites the book's own rule."""

from __future__ import annotations

import re
from typing import Any

import pytest

from floorman.law.rulebooks import find_rulebook, rulebooks
from tests.builders import FLOOR, NINE, act, deal, last, t9
from tests.conftest import ROOT

SUFFIX_BOOKS = {"RRoP": ("rrop",), "LA": ("wsop-la-2026",)}
"""The rules.md suffix of a book-specific rule id, and the books it names."""
OWN_IDS = sorted(set(re.findall(r"^\*\*([A-Z][A-Z0-9-]*-(?:RRoP|LA|WSOP|TDA))\*\*",
                                (ROOT / "docs" / "spec" / "rules.md").read_text(encoding="utf-8"), re.M)))


def test_the_reference_names_book_specific_rules() -> None:
    assert OWN_IDS == ["PREM-RRoP", "SA-LA", "SA-RRoP"]


@pytest.mark.parametrize("rule_id", OWN_IDS)
def test_every_book_specific_rule_is_cited_by_its_book_and_reached_by_a_ruling(rule_id: str) -> None:
    suffix = rule_id.rsplit("-", 1)[1]
    for book_id in SUFFIX_BOOKS[suffix]:
        book = find_rulebook(book_id)
        assert rule_id in book.cites, (rule_id, book_id)
        assert book.params.sa_rule == rule_id or rule_id in book.own.values(), (rule_id, book_id)
    for book in rulebooks().values():
        if book.id not in SUFFIX_BOOKS[suffix]:
            assert rule_id not in book.own.values() and book.params.sa_rule != rule_id, (rule_id, book.id)


def _premature(street: str, game: str = "omaha") -> dict[str, Any]:
    """Nine-handed: everyone folds to the blinds' opponents; the ``street`` card comes before the betting ends."""
    events = [*deal(NINE, 4 if game.startswith("omaha") else 2), act(3, "call", 2000),
              *(act(s, "fold") for s in range(4, 10)), act(1, "call", 2000), act(2, "check"),
              {"type": "burn"}, *({"type": "board", "card": c} for c in ("Kd", "8c", "7h"))]
    if street == "river":
        events += [act(1, "check"), act(2, "check"), act(3, "check"), {"type": "burn"}, {"type": "board", "card": "Ts"}]
    events += [act(1, "bet", 4000), {"type": "burn"}, {"type": "board", "card": "6s"}, FLOOR]
    return t9(events, game=game)


@pytest.mark.parametrize(("street", "game"), [("river", "omaha"), ("turn", "short-deck"), ("river", "holdem")])
def test_a_premature_turn_or_river_under_roberts_rules_cites_roberts_own_procedure(street: str, game: str) -> None:
    ruling = last(_premature(street, game), "rrop")
    assert ruling["verdict"] == "continue"
    assert f"PREM-{street.upper()}" in ruling["rules"] and "PREM-RRoP" in ruling["rules"]
    citation = next(c for c in ruling["citations"] if c["rule"] == "PREM-RRoP")
    assert "Robert's Rules" in citation["source"]
    assert any(r["do"] == "reshuffle_stub" for r in ruling["remedies"])
    assert ruling["discretion"] is False


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022"])
def test_other_books_do_not_cite_roberts_own_premature_card_procedure(book: str) -> None:
    ruling = last(_premature("river"), book)
    assert "PREM-RIVER" in ruling["rules"] and "PREM-RRoP" not in ruling["rules"]


@pytest.mark.parametrize(("book", "own"), [("rrop", "SA-RRoP"), ("wsop-la-2026", "SA-LA")])
def test_substantial_action_under_a_book_with_its_own_test_cites_it(book: str, own: str) -> None:
    log = t9([*deal([2, 3, 4, 5, 6, 7, 8, 9, 1], 2), act(3, "fold"), act(4, "call", 2000), act(5, "fold"), FLOOR],
             game="holdem")
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and own in ruling["rules"]
