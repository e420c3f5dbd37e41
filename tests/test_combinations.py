"""Two irregularities at once, draw-game exposures and rulings that rest on what no text covers.

Each test is a hand none of the blind scenarios deals (another game, book, table or timing) and checks the
verdict, the rules cited, the remedies and whether (and why) the floor has the call.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import NAMES, act, deal, last

BOOKS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
FLOP_ONLY = {"MD-FLOP-EXPOSE", "EXP-HOLE-SINGLE", "EXP-REPLACEMENT-EXPOSED", "DEAL-ORDER-FLOP"}


def table(events: list[dict[str, Any]], *, game: str, seats: int = 6, button: int = 4,
          level: dict[str, int] | None = None, stacks: dict[int, int] | None = None) -> dict[str, Any]:
    """A six-handed table with the button on seat 4: blinds on seats 5 and 6, then ``events``."""
    sb, bb = button % seats + 1, (button + 1) % seats + 1
    return {
        "floorman": 1, "game": game, "seats": seats, "button": button,
        "level": level or {"number": 3, "small_blind": 100, "big_blind": 200},
        "players": [{"seat": s, "name": NAMES[s - 1], "stack": (stacks or {}).get(s, 20000)}
                    for s in range(1, seats + 1)],
        "events": [{"type": "post", "seat": sb, "blind": "sb", "amount": 100},
                   {"type": "post", "seat": bb, "blind": "bb", "amount": 200}, *events],
    }


ORDER = [5, 6, 1, 2, 3, 4]
PREFLOP = [act(1, "raise", 600), act(2, "fold"), act(3, "fold"), act(4, "fold"), act(5, "fold"), act(6, "call", 600)]


def board(*cards: str) -> list[dict[str, Any]]:
    return [{"type": "board", "card": c} for c in cards]


BURN = {"type": "burn", "card": "??"}


def remedies(ruling: dict[str, Any]) -> list[str]:
    return [r["do"] for r in ruling["remedies"]]


# --- A flop with too many cards that also came without a burn --------------------------------------------

@pytest.mark.parametrize("book", ["tda-2022", "wsop-2026"])
def test_a_four_card_flop_without_a_burn_is_one_scramble_and_the_floors_call(book: str) -> None:
    log = table([*deal(ORDER, 4), *PREFLOP, *board("Kd", "8c", "3h", "Ts"), {"type": "floor"}], game="omaha8")
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert {"FLOP-4CARD", "FLOP-NOBURN"} <= set(ruling["rules"])
    assert ruling["remedies"] == [{"do": "scramble_and_pick_burn", "cards": 4, "street": "turn"},
                                  {"do": "deal_without_burn", "street": "turn"}]
    assert ruling["discretion"] is True
    assert any("without a burn and with too many cards" in r for r in ruling["discretion_reasons"])


def test_a_four_card_flop_without_a_burn_under_robert_s_rules_is_dealt_again_once() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, *board("Kd", "8c", "3h", "Ts"), act(6, "check"), {"type": "floor"}],
                game="holdem")
    ruling = last(log, "rrop")
    assert ruling["verdict"] == "continue"
    assert remedies(ruling) == ["reshuffle_stub", "deal_without_burn"]
    assert "board_stands" not in remedies(ruling)
    assert ruling["discretion"] is True


def test_a_four_card_flop_found_after_flop_action_is_the_floors_call() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, BURN, *board("Kd", "8c", "6h", "Ts"), act(6, "check"),
                 act(1, "bet", 800), {"type": "floor"}], game="short-deck")
    ruling = last(log, "tda-2022")
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "FLOP-4CARD" in ruling["rules"]
    assert remedies(ruling) == ["scramble_and_pick_burn", "deal_without_burn"]
    assert ruling["discretion"] is True
    assert any("gives no timing" in r for r in ruling["discretion_reasons"])


def test_a_four_card_flop_before_any_flop_action_is_firm() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, BURN, *board("Kd", "8c", "3h", "Ts"), {"type": "floor"}], game="holdem")
    ruling = last(log, "tda-2022")
    assert ruling["rules"][0] == "FLOP-4CARD"
    assert ruling["discretion"] is False


# --- A premature street dealt without its burn ----------------------------------------------------------

@pytest.mark.parametrize("book", ["tda-2022", "wsop-la-2026"])
def test_a_premature_turn_without_a_burn_is_burned_and_dealt_again_at_the_floors_call(book: str) -> None:
    log = table([*deal(ORDER, 4), *PREFLOP, BURN, *board("Kd", "8c", "3h"), act(6, "check"),
                 *board("Js"), {"type": "floor"}], game="omaha")
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert {"PREM-TURN", "PREM-NOPLAY"} <= set(ruling["rules"])
    assert ruling["remedies"] == [{"do": "reshuffle_stub", "cards": 1, "street": "turn"},
                                  {"do": "redeal_board", "street": "turn"}]
    assert ruling["discretion"] is True
    assert any("no card was burned" in r for r in ruling["discretion_reasons"])


def test_a_premature_turn_with_its_burn_keeps_the_burn_and_is_firm() -> None:
    log = table([*deal(ORDER, 4), *PREFLOP, BURN, *board("Kd", "8c", "3h"), act(6, "check"),
                 BURN, *board("Js"), {"type": "floor"}], game="omaha")
    ruling = last(log, "tda-2022")
    assert remedies(ruling) == ["use_as_burn", "reshuffle_stub", "deal_without_burn"]
    assert ruling["discretion"] is False


# --- Draw games: the draw rules, on the initial deal and in the draw -----------------------------------

DRAW_LEVEL = {"number": 5, "small_blind": 100, "big_blind": 200, "small_bet": 200, "big_bet": 400}
DRAW_PREDRAW = [act(1, "call", 200), act(2, "fold"), act(3, "fold"), act(4, "fold"), act(5, "fold"),
                act(6, "check")]


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2022"])
def test_a_card_exposed_in_the_draw_is_replaced_under_the_draw_rule_at_the_floors_call(book: str) -> None:
    events = [*deal(ORDER, 4), *DRAW_PREDRAW, {"type": "discard", "seat": 6, "count": 1},
              {"type": "deal", "seat": 6}, {"type": "discard", "seat": 1, "count": 2},
              {"type": "deal", "seat": 1}, {"type": "deal", "seat": 1, "card": "Ah", "face_up": True},
              {"type": "floor"}]
    ruling = last(table(events, game="badugi", level=DRAW_LEVEL), book)
    assert ruling["verdict"] == "continue"
    assert "DRAW-EXPOSED" in ruling["rules"] and "DEF-EXPOSED" in ruling["rules"]
    assert not FLOP_ONLY & set(ruling["rules"])
    assert ruling["remedies"] == [{"do": "replace_card", "seat": 1}]
    assert ruling["discretion"] is True
    assert any("in a draw is replaced the same way" in r for r in ruling["discretion_reasons"])


def test_an_exposed_replacement_on_a_draw_deal_is_the_second_exposure_of_the_draw_rule() -> None:
    events = [*deal(ORDER, 5, c9={"card": "9c", "face_up": True}), {"type": "deal", "seat": 1, "card": "Kd",
                                                                     "face_up": True}, {"type": "floor"}]
    ruling = last(table(events, game="2-7-single-draw", level=DRAW_LEVEL), "wsop-2026")
    assert ruling["verdict"] == "misdeal"
    assert "MD-DRAW" in ruling["rules"] and "DRAW-EXPOSED" in ruling["rules"]
    assert not FLOP_ONLY & set(ruling["rules"])
    assert remedies(ruling) == ["redeal"]


def test_one_exposed_card_on_a_draw_deal_is_replaced_without_flop_rules() -> None:
    events = [*deal(ORDER, 5, c2={"card": "9c", "face_up": True}), {"type": "floor"}]
    ruling = last(table(events, game="2-7-single-draw", level=DRAW_LEVEL), "wsop-2026")
    assert ruling["verdict"] == "continue"
    assert ruling["remedies"] == [{"do": "replace_card", "seat": 6}]
    assert not FLOP_ONLY & set(ruling["rules"])
    assert ruling["discretion"] is False


# --- A board run out with no substantial action ------------------------------------------------------------

THREE = [2, 3, 1]
"""Three-handed, button on seat 1: the blinds on seats 2 and 3 are all in on their posts."""


def _three_handed(events: list[dict[str, Any]]) -> dict[str, Any]:
    log = table(events, game="holdem", seats=3, button=1, stacks={2: 100, 3: 200})
    return log


@pytest.mark.parametrize("book", BOOKS)
def test_an_exposed_card_in_a_hand_run_out_without_substantial_action_is_the_floors_call(book: str) -> None:
    events = [*deal(THREE, 2, c6={"card": "9c", "face_up": True}), act(1, "fold"),
              BURN, *board("Kd", "8c", "3h"), BURN, *board("2s"), {"type": "floor"}]
    ruling = last(_three_handed(events), book)
    assert ruling["substantial_action"] is False
    assert ruling["verdict"] == "continue"
    assert "SA-MISDEAL-GATE" in ruling["rules"] and "EXP-HOLE-SINGLE" in ruling["rules"]
    assert ruling["discretion"] is True
    assert any("still be misdealt" in r or "can still be called" in r for r in ruling["discretion_reasons"])


@pytest.mark.parametrize("book", BOOKS)
def test_a_misdeal_cause_in_a_hand_run_out_without_substantial_action_is_the_floors_call(book: str) -> None:
    events = [*deal(THREE, 2, c1={"card": "9c", "face_up": True}), act(1, "fold"),
              BURN, *board("Kd", "8c", "3h"), {"type": "floor"}]
    ruling = last(_three_handed(events), book)
    assert ruling["verdict"] == "misdeal"
    assert "MD-FLOP-EXPOSE" in ruling["rules"] and "SA-MISDEAL-GATE" in ruling["rules"]
    assert ruling["discretion"] is True


def test_the_same_exposed_card_with_substantial_action_does_not_leave_the_misdeal_open() -> None:
    events = [*deal(ORDER, 2, c9={"card": "9c", "face_up": True}), *PREFLOP, BURN, *board("Kd", "8c", "3h"),
              {"type": "floor"}]
    ruling = last(table(events, game="holdem"), "wsop-la-2026")
    assert ruling["substantial_action"] is True
    assert "SA-MISDEAL-GATE" not in ruling["rules"]
    assert not any("still be misdealt" in r for r in ruling.get("discretion_reasons", []))


# --- Found late: once the next street is out ---------------------------------------------------------------

@pytest.mark.parametrize("book", ["tda-2022", "rrop", "wsop-la-2026"])
def test_a_four_card_flop_found_after_the_turn_takes_a_card_out_of_play_and_the_turn_stands(book: str) -> None:
    log = table([*deal(ORDER, 5), *PREFLOP, BURN, *board("Kd", "8c", "3h", "Ts"), act(6, "check"),
                 act(1, "check"), BURN, *board("2s"), act(6, "check"), {"type": "floor"}], game="omaha5")
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert "FLOP-4CARD" in ruling["rules"]
    assert ruling["remedies"] == [{"do": "scramble_and_pick_burn", "cards": 4, "out_of_play": True}]
    assert not {"BURN-STREET", "FLOP-EXTRA-BURN"} & set(ruling["rules"])
    assert ruling["discretion"] is True


def test_a_premature_turn_found_after_the_turn_was_dealt_again_leaves_the_board_as_dealt() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, BURN, *board("Kd", "8c", "3h"), act(6, "check"),
                 BURN, *board("Js"), act(1, "check"), BURN, *board("2s"), act(6, "check"), {"type": "floor"}],
                game="holdem")
    ruling = last(log, "tda-2022")
    assert ruling["verdict"] == "continue"
    assert "PREM-TURN" in ruling["rules"]
    assert not {"use_as_burn", "reshuffle_stub", "deal_without_burn", "redeal_board"} & set(remedies(ruling))
    assert ruling["discretion"] is True
    assert any("after the street had been dealt again" in r for r in ruling["discretion_reasons"])


# --- A procedure nobody carried out sets no card aside ---------------------------------------------------

def test_an_exposed_card_never_replaced_is_no_flop_burn_so_a_flop_without_a_burn_is_a_missing_burn() -> None:
    events = [*deal(ORDER, 2, c9={"card": "9c", "face_up": True}), *PREFLOP, *board("Kd", "8c", "3h"),
              act(6, "check"), {"type": "floor"}]
    ruling = last(table(events, game="holdem"), "tda-2022")
    assert "FLOP-NOBURN" in ruling["rules"] and "EXP-HOLE-SINGLE" in ruling["rules"]
    assert {"do": "board_stands", "street": "flop", "next_street": "turn"} in ruling["remedies"]


def test_an_exposed_card_replaced_is_the_flop_burn_so_a_flop_without_a_burn_is_right() -> None:
    events = [*deal(ORDER, 2, c9={"card": "9c", "face_up": True}), {"type": "deal", "seat": 1, "card": "2d"},
              *PREFLOP, *board("Kd", "8c", "3h"), {"type": "floor"}]
    ruling = last(table(events, game="holdem"), "tda-2022")
    assert "FLOP-NOBURN" not in ruling["rules"] and "DEAL-BURN-ORDER" not in ruling["rules"]


def test_a_four_card_flop_after_two_burns_is_one_scramble() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, BURN, BURN, *board("Kd", "8c", "3h", "Ts"), {"type": "floor"}],
                game="holdem")
    ruling = last(log, "wsop-la-2026")
    assert {"FLOP-4CARD", "FLOP-EXTRA-BURN"} <= set(ruling["rules"])
    assert remedies(ruling) == ["scramble_and_pick_burn", "deal_without_burn"]
    assert ruling["discretion"] is True


def test_a_flop_dealt_without_a_burn_found_once_the_turn_is_out_stands_with_no_advice_for_the_turn() -> None:
    log = table([*deal(ORDER, 2), *PREFLOP, *board("Kd", "8c", "3h"), act(6, "check"), act(1, "check"),
                 BURN, *board("2s"), {"type": "floor"}], game="holdem")
    ruling = last(log, "tda-2022")
    assert {"do": "board_stands", "street": "flop"} in ruling["remedies"]


def test_a_boxed_card_at_a_seat_that_then_got_its_card_needs_no_replacement() -> None:
    events = [{"type": "deal", "seat": 5, "card": "Qs", "boxed": True}, *deal(ORDER, 2), *PREFLOP,
              {"type": "floor"}]
    ruling = last(table(events, game="holdem"), "tda-2022")
    assert ruling["remedies"] == [{"do": "remove_card", "card": "Qs", "where": "muck"}]


def test_a_boxed_card_mid_deal_is_replaced_by_the_next_card() -> None:
    events = [*deal(ORDER, 1), {"type": "deal", "seat": 5, "card": "Qs", "boxed": True}, {"type": "floor"}]
    ruling = last(table(events, game="holdem"), "tda-2022")
    assert {"do": "replace_card", "seat": 5} in ruling["remedies"]


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026", "rrop"])
@pytest.mark.parametrize(("game", "rounds", "exposed_card", "extra_to"), [
    ("omaha", 4, 9, 6),  # seat 1's second card exposed; the extra card to seat 6
    ("holdem", 2, 10, 5),  # seat 2's second card exposed; the extra card to seat 5, the first dealt
])
def test_an_exposed_card_and_an_extra_card_in_one_deal_burn_one_card_for_the_flop_at_the_floors_call(
        book: str, game: str, rounds: int, exposed_card: int, extra_to: int) -> None:
    dealt = deal(ORDER, rounds, **{f"c{exposed_card}": {"face_up": True, "card": "Qs"}})
    exposed_seat = ORDER[(exposed_card - 1) % len(ORDER)]
    ruling = last(table([*dealt, {"type": "deal", "seat": extra_to}, {"type": "floor"}], game=game), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is False
    assert {"EXP-HOLE-SINGLE", "CNT-ONE-EXTRA", "BURN-ONE-PER-STREET"} <= set(ruling["rules"])
    assert ruling["discretion"] is True
    assert any("seen face up cannot go back into the stub" in why for why in ruling["discretion_reasons"])
    assert ruling["remedies"] == [
        {"do": "replace_card", "seat": exposed_seat},
        {"do": "use_as_burn", "seat": exposed_seat, "card": "Qs", "street": "flop"},
        {"do": "deal_without_burn", "street": "flop"},
    ]
    assert f"the card taken back from seat {extra_to} goes back on top of the stub" in ruling["explanation"]
