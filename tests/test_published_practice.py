"""Where a book is silent and its floor has ruled otherwise than the literal fallback: the published practice is the
default, the floor's call, and the ruling names the literal alternative (rules.md, revised entries).

STUD-7TH-EXPOSED, WSOP-T [U]: the 2021 WSOP tournament floor replaced a seventh-street card the dealer exposed while
betting remained (TDA RP-10-B's procedure), where T-129 would reach LA-234 (all up, or declare). The other books keep
their own texts: TDA replaces it (RP-10-B), the cash books apply LA-234.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import last
from tests.test_counts import _seventh

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")


def _kinds(ruling: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["do"], r.get("seat")) for r in ruling["remedies"]]


def test_stud_7th_exposed_wsop_replaces_the_card_while_betting_remains_and_names_la_234() -> None:
    ruling = last(_seventh(all_in_seat=None, exposed_seat=3), "wsop-2026")
    assert ruling["verdict"] == "continue" and "STUD-7TH-EXPOSED" in ruling["rules"]
    assert _kinds(ruling) == [("replace_card", 3)]
    assert ruling["discretion"] is True
    assert any("2021 WSOP floor replaced the card" in why for why in ruling["discretion_reasons"])
    assert "as the WSOP tournament floor ruled in 2021" in ruling["explanation"]
    assert "The alternative is the letter of the fallback rule (Live-Action Rule 234" in ruling["explanation"]
    assert "điều 234 luật Live-Action" in ruling["explanation_vi"]
    cite = next(c for c in ruling["citations"] if c["rule"] == "STUD-7TH-EXPOSED")
    assert "2021" in cite["source"] and "Live-Action Rules 233 and 234" in cite["source"]


@pytest.mark.parametrize("book", BOOKS)
def test_stud_7th_exposed_each_book_with_betting_left(book: str) -> None:
    # one below the revision's reach (cash books, by the letter), at it (WSOP-T by practice), the TDA's own text
    ruling = last(_seventh(all_in_seat=None, exposed_seat=3), book)
    if book in ("wsop-2026", "tda-2024", "tda-2022"):
        assert ("replace_card", 3) in _kinds(ruling)
    else:
        assert ("replace_card", 3) not in _kinds(ruling) and ("deal_face_down", None) in _kinds(ruling)
    assert ruling["discretion"] is (book in ("wsop-2026", "rrop"))  # RRoP: no seventh-street rule retrieved


def test_stud_7th_exposed_wsop_does_not_replace_when_no_betting_remains() -> None:
    ruling = last(_seventh(all_in_seat=1, exposed_seat=2, seats=2), "wsop-2026")
    assert "STUD-7TH-EXPOSED" in ruling["rules"]
    assert ("replace_card", 2) not in _kinds(ruling)
    assert "kept" in ruling["explanation"] or "not replaced" in ruling["explanation"]
    assert ruling["discretion"] is True  # the whole seventh-street rule is the floor's under WSOP-T


def test_stud_7th_exposed_wsop_keeps_an_all_in_players_exposed_last_card() -> None:
    ruling = last(_seventh(all_in_seat=3, exposed_seat=3), "wsop-2026")
    assert not any(kind == "replace_card" for kind, _ in _kinds(ruling))
    assert "kept" in ruling["explanation"]
