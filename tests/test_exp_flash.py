"""EXP-FLASH (LA-123): a card the dealer flashes is an exposed card, in stud as in flop and draw games.

A stud down card flashed on the initial deal is ruled as any exposed down card (STUD-DOWN-EXPOSED: WSOP-T misdeal by
T-88.a.6, TDA upcard, LA and RRoP cash the third card down), and the ruling rests on the flash rule too.
"""

from __future__ import annotations

import pytest

from tests.builders import last
from tests.test_stud_streets import _stud


def _flashed_first_down_card() -> dict:
    events = [{"type": "deal", "seat": s} for s in range(1, 5)]
    events.append({"type": "expose", "seat": 4, "card": "6h", "by": "dealer", "how": "flashed"})
    return _stud([*events, {"type": "floor"}], seats=6)


@pytest.mark.parametrize(("book", "verdict"), [("wsop-2026", "misdeal"), ("tda-2024", "continue"),
                                               ("wsop-la-2026", "continue"), ("rrop", "continue")])
def test_exp_flash_a_stud_down_card_flashed_by_the_dealer_is_exposed(book: str, verdict: str) -> None:
    ruling = last(_flashed_first_down_card(), book)
    assert ruling["verdict"] == verdict
    assert {"EXP-FLASH", "STUD-DOWN-EXPOSED"} <= set(ruling["rules"])


def test_exp_flash_a_stud_down_card_dealt_face_up_is_not_a_flash() -> None:
    events = [{"type": "deal", "seat": 1}, {"type": "deal", "seat": 2, "face_up": True}]
    ruling = last(_stud([*events, {"type": "floor"}], seats=6))
    assert "STUD-DOWN-EXPOSED" in ruling["rules"]
    assert "EXP-FLASH" not in ruling["rules"]
