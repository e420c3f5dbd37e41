"""A short button ruled on at the floor, then acting before it got its card; and two cards named as one street's
burn when one of them is the card the dealer burned.

The hand (tests/data/hands/button-acts-short-after-the-floor-premature-flop.json): nine seats, the button (seat 9)
dealt one card, seat 7's second card dealt face up, the flop's first card dealt before the betting was complete;
the floor is called, then the button checks holding one card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.law.rulings.model import RemedyKind, Verdict
from floorman.locale import say_all

HAND = Path(__file__).parent / "data" / "hands" / "button-acts-short-after-the-floor-premature-flop.json"


def _rulings(book: str) -> tuple:  # type: ignore[type-arg]
    return rule(handlog.loads(HAND.read_bytes()), rulebook=book).rulings


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "tda-2022"])
def test_cnt_btn_short_button_acting_after_the_floor_ruled_is_dead_and_said(book: str) -> None:
    first, last = _rulings(book)
    assert first.verdict is Verdict.CONTINUE
    assert (RemedyKind.DEAL_MISSING_CARD, 9) in [(r.do, r.fields.get("seat")) for r in first.remedies]
    assert last.verdict is Verdict.CONTINUE and "CNT-BTN-SHORT" in last.rules
    assert [(r.do, r.fields.get("seat")) for r in last.remedies] == [(RemedyKind.KILL_HAND, 9)]
    for lang in ("en", "vi"):
        text = say_all(last.explanation_messages, lang)
        assert text and "9" in text, (lang, text)


def test_cnt_btn_short_without_a_button_clause_the_action_makes_a_wrong_count_misdeal() -> None:
    last = _rulings("roberts")[-1]
    assert last.verdict is Verdict.MISDEAL
    assert {"MD-WRONG-COUNT", "CNT-BEFORE-SA"} <= set(last.rules)


def test_burn_one_per_street_names_the_card_the_dealer_burned_when_it_goes_back() -> None:
    first = _rulings("wsop-2026")[0]
    assert "BURN-ONE-PER-STREET" in first.rules
    english = say_all(first.explanation_messages, "en")
    assert "the card from seat 7 is that burn, and the card the dealer burned goes back into the stub" in english
    assert "seat None" not in english
    assert "ghế None" not in say_all(first.explanation_messages, "vi")
