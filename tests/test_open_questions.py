"""Questions the texts leave open (rules.md section 20, [U]): each decided, the floor's call, the alternative said.

- A stud seat passed over on a round of the initial deal (MD-WRONG-COUNT, MD-OUT-OF-SEQUENCE, MD-STUD-DOWNCARD): its
  door card came face up in the door-card round, as every door card does, so no down card was exposed. Under WSOP-T
  (no wrong-count misdeal; T-108) the short hand is dead and play goes on, the floor's call, with the misdeal of the
  out-of-sequence rule (LA-108 through T-129) named as the alternative; TDA-35-A5, LA-108 and RRoP 1(e): misdeal.
- A card the dealer exposes during a draw round (DRAW-EXPOSED speaks of the initial deal): replaced after the others
  draw, the floor's call, keeping it named as the alternative.
- A turn that comes off as two stuck cards: the second is a river dealt before its betting (PREM-RIVER): it goes back
  into the stub, the floor's call.
- A player both absent and dealt out (MD-SEAT-DEALT-OUT, ABS-DEALT-IN): a misdeal before substantial action, the
  floor's call (his hand would have been killed at the end of the deal).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
BURN = {"type": "burn"}


def _stud_skipped(round_: int) -> dict[str, Any]:
    """Razz, four seats: seat 3 is passed over on round ``round_`` (1 or 2) of the deal and gets its door card face up
    in the door-card round; the floor is called before the bring-in."""
    events: list[dict[str, Any]] = []
    for r in range(1, 4):
        events += [{"type": "deal", "seat": s, **({"face_up": True} if r == 3 else {})}
                   for s in range(1, 5) if not (r == round_ and s == 3)]
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, 5)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, 5)]
    return {"floorman": 1, "game": "razz", "seats": 4, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": [*antes, *events, FLOOR]}


@pytest.mark.parametrize("round_", [1, 2])
@pytest.mark.parametrize("book", BOOKS)
def test_md_wrong_count_a_stud_seat_passed_over_on_a_round_of_the_deal_is_short_not_exposed(
        book: str, round_: int) -> None:
    ruling = last(_stud_skipped(round_), book)
    assert "MD-WRONG-COUNT" in ruling["rules"]
    assert "MD-STUD-DOWNCARD" not in ruling["rules"]  # the door card came face up in its own round
    if book == "wsop-2026":
        assert ruling["verdict"] == "continue"
        assert {"do": "kill_hand", "seat": 3} in ruling["remedies"]
        assert ruling["discretion"] is True and "MD-OUT-OF-SEQUENCE" in ruling["rules"]
        assert "read by the out-of-sequence rule (Live-Action Rule 108" in ruling["explanation"]
        assert "luật chia sai thứ tự" in ruling["explanation_vi"]
    else:
        assert ruling["verdict"] == "misdeal"


def test_md_stud_downcard_a_down_card_dealt_face_up_in_a_down_round_is_still_exposed() -> None:
    # one below the reading: nobody passed over, seat 3's second card dealt face up: T-88.a.6
    events = _stud_skipped(0)
    events["events"][4 + 4 + 2] = {"type": "deal", "seat": 3, "face_up": True}
    ruling = last(events, "wsop-2026")
    assert ruling["verdict"] == "misdeal" and "MD-STUD-DOWNCARD" in ruling["rules"]


def _draw_exposed() -> dict[str, Any]:
    """2-7 single draw, three seats: everyone draws one; seat 3's drawn card is dealt face up."""
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in (1, 2, 3)]
    events: list[dict[str, Any]] = [{"type": "post", "seat": 1, "blind": "sb", "amount": 100},
                                    {"type": "post", "seat": 2, "blind": "bb", "amount": 200},
                                    *deal([1, 2, 3], 5), act(3, "call", 200), act(1, "call", 200), act(2, "check")]
    for s in (1, 2, 3):
        events += [{"type": "discard", "seat": s, "count": 1}, {"type": "deal", "seat": s, **(
            {"face_up": True, "card": "Kd"} if s == 3 else {})}]
    return {"floorman": 1, "game": "2-7-single-draw", "seats": 3, "button": 3, "players": players,
            "level": {"number": 1, "small_blind": 100, "big_blind": 200}, "events": [*events, FLOOR]}


@pytest.mark.parametrize("book", BOOKS)
def test_draw_exposed_a_card_exposed_in_a_draw_round_is_replaced_at_the_floors_call(book: str) -> None:
    ruling = last(_draw_exposed(), book)
    assert ruling["verdict"] == "continue" and "DRAW-EXPOSED" in ruling["rules"]
    assert {"do": "replace_card", "seat": 3} in ruling["remedies"]
    assert ruling["discretion"] is True
    assert "the alternative is that seat 3 keeps the card" in ruling["explanation"]


@pytest.mark.parametrize("book", BOOKS)
def test_prem_river_a_turn_of_two_stuck_cards_sends_the_second_back_at_the_floors_call(book: str) -> None:
    events: list[dict[str, Any]] = [*deal(NINE), act(3, "call", 2000), *(act(s, "fold") for s in range(4, 10)),
                                    act(1, "call", 2000), act(2, "check"), BURN,
                                    *({"type": "board", "card": c} for c in ("Jc", "7d", "2s")),
                                    act(1, "check"), act(2, "check"), act(3, "check"), BURN,
                                    {"type": "board", "card": "Qh"}, {"type": "board", "card": "4c"}]
    ruling = last(t9([*events, FLOOR]), book)
    assert ruling["verdict"] == "continue" and "PREM-RIVER" in ruling["rules"]
    assert any(r["do"] == "reshuffle_stub" for r in ruling["remedies"])
    assert ruling["discretion"] is True


def _river_of(cards: tuple[str, ...]) -> dict[str, Any]:
    events: list[dict[str, Any]] = [*deal(NINE), act(3, "call", 2000), *(act(s, "fold") for s in range(4, 10)),
                                    act(1, "call", 2000), act(2, "check")]
    for street in (("Jc", "7d", "2s"), ("Qh",), cards):
        events += [BURN, *({"type": "board", "card": c} for c in street), act(1, "check"), act(2, "check"),
                   act(3, "check")]
    return t9([*events[:-3], FLOOR])


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("cards", "extra"), [(("4c",), False), (("4c", "9s"), True), (("4c", "9s", "Td"), True)])
def test_def_stub_a_river_of_two_stuck_cards_takes_the_first_as_the_river_at_the_floors_call(
        book: str, cards: tuple[str, ...], extra: bool) -> None:
    ruling = last(_river_of(cards), book)
    assert ruling["verdict"] == "continue"
    if not extra:  # one below: a river of one card is no irregularity
        assert ruling["remedies"] == [] and ruling["discretion"] is False
        return
    assert "DEF-STUB" in ruling["rules"] and ruling["discretion"] is True
    assert [r["card"] for r in ruling["remedies"] if r["do"] == "remove_card"] == list(cards[1:])
    assert "the first is the river" in ruling["explanation"]
    assert "The alternative is to scramble the two cards and pick the river at random" in ruling["explanation"]
