"""BOX-REPLACE: a boxed card on the initial deal is simply skipped; the next card below it goes to the same seat.

hand-log.md lets a log mark that next card ``replacement: true`` (a card given to replace one set aside). Marked or
not, it is the seat's own card in the deal's sequence, not a card dealt out of turn (MD-OUT-OF-SEQUENCE): one boxed
card and one exposed card reach no misdeal (BOX-COUNT).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, NINE, last, t9

BOOKS = ("wsop-2026", "tda-2024", "wsop-la-2026", "rrop")


def _boxed_then_exposed(*, marked: bool) -> dict[str, Any]:
    events: list[dict[str, Any]] = []
    for r in range(2):
        for seat in NINE:
            if r == 0 and seat == 4:
                events.append({"type": "deal", "seat": 4, "card": "7c", "boxed": True})
                events.append({"type": "deal", "seat": 4, **({"replacement": True} if marked else {})})
            elif r == 1 and seat == 3:
                events.append({"type": "deal", "seat": 3, "card": "Qs", "face_up": True})
            else:
                events.append({"type": "deal", "seat": seat})
    return t9([*events, FLOOR])


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("marked", [True, False])
def test_box_replace_the_next_card_marked_replacement_is_in_sequence(book: str, marked: bool) -> None:
    ruling = last(_boxed_then_exposed(marked=marked), book)
    assert ruling["verdict"] == "continue"
    assert "MD-OUT-OF-SEQUENCE" not in ruling["rules"]
    assert {"BOX-REPLACE", "BOX-COUNT", "EXP-HOLE-SINGLE"} <= set(ruling["rules"])
    assert {"do": "replace_card", "seat": 3} in [{k: r.get(k) for k in ("do", "seat")} for r in ruling["remedies"]]

