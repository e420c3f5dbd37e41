"""Short and long counts in every family: dead hands under WSOP, the in-sequence completion, skipped seats.

MD-WRONG-COUNT and CNT-BEFORE-SA (rules.md, revised): a wrong count is not a WSOP misdeal cause and T-108
makes the wrong-count hands dead (discretion: the floor may misdeal instead); TDA-35-A5 misdeals (only the
short button is excepted); LA-108 and RRoP Misdeals 1(e) misdeal unless the top card still goes to the short
seat in proper sequence, and WSOP completes such a deal too, before any action.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from floorman.fold.table import Game
from tests.builders import FLOOR, NINE, act, deal, last, t9
from tests.sweep_hands import clean_hand

SIX = [1, 2, 3, 4, 5, 6]


def _kinds(ruling: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["do"], r.get("seat")) for r in ruling["remedies"]]


def _six(events: list[dict[str, Any]], game: str = "holdem") -> dict[str, Any]:
    return t9(events, seats=6, button=6, game=game)


def _swap(order: list[int], rounds: int, *, into: int, short: int, at_round: int) -> list[dict[str, Any]]:
    """``rounds`` rounds in ``order``, except that on round ``at_round`` seat ``into`` takes ``short``'s card."""
    out = []
    for r in range(1, rounds + 1):
        for seat in order:
            out.append({"type": "deal", "seat": into if (r == at_round and seat == short) else seat})
    return out


def _stopped(order: list[int], rounds: int, *, after: int) -> list[dict[str, Any]]:
    """``rounds`` rounds in ``order``, the last of them stopped after seat ``after``."""
    events = deal(order, rounds - 1)
    for seat in order:
        events.append({"type": "deal", "seat": seat})
        if seat == after:
            break
    return events


def test_wsop_wrong_count_before_substantial_action_kills_the_hands_and_plays_on() -> None:
    # Omaha 6-max: seat 3 took seat 4's third card (five and three), noticed before any action
    log = _six([*_swap(SIX, 4, into=3, short=4, at_round=3), FLOOR], game="omaha")
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "continue"
    assert {"MD-WRONG-COUNT", "CNT-BEFORE-SA"} <= set(ruling["rules"])
    assert _kinds(ruling) == [("kill_hand", 3), ("kill_hand", 4)]
    assert ruling["discretion"] is True and not ruling["substantial_action"]
    assert any("misdeal" in reason for reason in ruling["discretion_reasons"])
    assert "misdeal instead" in ruling["explanation"]
    assert "misdeal" in ruling["explanation_vi"]


@pytest.mark.parametrize("book", ["tda-2024", "tda-2022", "wsop-la-2026", "rrop"])
def test_other_books_misdeal_a_wrong_count_the_top_card_cannot_fix(book: str) -> None:
    log = _six([*_swap(SIX, 4, into=3, short=4, at_round=3), FLOOR], game="omaha")
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal"
    assert "MD-WRONG-COUNT" in ruling["rules"]
    assert ("redeal", None) in _kinds(ruling)


def test_wsop_wrong_count_after_folds_short_of_substantial_action_is_still_dead_not_misdealt() -> None:
    # hold'em 9 seats: seat 6 got seat 7's second card; two folds (not SA) before the floor
    events = [*_swap(list(range(1, 10)), 2, into=6, short=7, at_round=2), act(3, "fold"), act(4, "fold"), FLOOR]
    ruling = last(t9(events), "wsop-2026")
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is False
    assert _kinds(ruling) == [("kill_hand", 6), ("kill_hand", 7)]
    assert ruling["discretion"] is True
    assert "CNT-BURN-AFTER-KILL" in ruling["rules"]


def test_short_deal_completed_in_sequence_where_the_book_allows_it() -> None:
    # 5-card Omaha: the dealer stopped after seat 3 on the fifth round; seat 4 says he has four
    events = [*_stopped(SIX, 5, after=3), {"type": "discover", "what": "wrong_count", "seat": 4, "count": 4}, FLOOR]
    log = _six(events, game="omaha5")
    for book in ("wsop-la-2026", "rrop"):
        ruling = last(log, book)
        assert ruling["verdict"] == "continue", book
        assert "MD-WRONG-COUNT" in ruling["rules"]
        assert _kinds(ruling) == [("deal_missing_card", 4), ("deal_missing_card", 5), ("deal_missing_card", 6)]
        assert ruling["discretion"] is False, book
        assert "proper sequence" in ruling["explanation"]
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and wsop["discretion"] is True
    assert "CNT-BEFORE-SA" in wsop["rules"]
    assert _kinds(wsop) == [("deal_missing_card", 4), ("deal_missing_card", 5), ("deal_missing_card", 6)]
    tda = last(log, "tda-2024")
    assert tda["verdict"] == "misdeal" and "MD-WRONG-COUNT" in tda["rules"]


def test_short_deal_after_an_action_is_completed_under_la_but_dead_under_wsop() -> None:
    # hold'em 6-max: the deal stopped after seat 3 on the second round and seat 3 (UTG) acted
    events = [*_stopped(SIX, 2, after=3), act(3, "fold"), FLOOR]
    log = _six(events)
    la = last(log, "wsop-la-2026")
    assert la["verdict"] == "continue"
    assert ("deal_missing_card", 4) in _kinds(la) and ("deal_missing_card", 5) in _kinds(la)
    assert ("deal_missing_card", 6) in _kinds(la)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and wsop["discretion"] is True
    assert ("kill_hand", 4) in _kinds(wsop) and ("kill_hand", 5) in _kinds(wsop)
    assert ("deal_missing_card", 6) in _kinds(wsop)  # the short button still gets his card (T-108)
    assert "CNT-BTN-SHORT" in wsop["rules"]


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
def test_short_seat_that_acted_cannot_be_completed_in_sequence(book: str) -> None:
    # the deal stopped after seat 2 on the second round; seat 3 (short, one card) acted: no SA yet
    events = [*_stopped(SIX, 2, after=2), act(3, "fold"), FLOOR]
    ruling = last(_six(events), book)
    assert ruling["verdict"] == "misdeal" and not ruling["substantial_action"]
    assert "MD-WRONG-COUNT" in ruling["rules"]


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
def test_short_button_before_substantial_action_is_a_wrong_count_where_the_book_has_no_button_clause(book: str) -> None:
    # Omaha 6-max: the deal stopped one card short of the button; nobody has acted. LA-108 and RRoP Misdeals
    # 1(e) have no button clause: the in-sequence exception of the wrong count completes the deal
    events = [*_stopped(SIX, 4, after=5), {"type": "discover", "what": "wrong_count", "seat": 6, "count": 3}, FLOOR]
    ruling = last(_six(events, game="omaha"), book)
    assert ruling["verdict"] == "continue" and not ruling["substantial_action"]
    assert "MD-WRONG-COUNT" in ruling["rules"] and "CNT-BTN-SHORT" not in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", 6)]
    assert ruling["discretion"] is False


@pytest.mark.parametrize("book", ["tda-2024", "wsop-2026"])
def test_short_button_before_substantial_action_rests_on_the_button_clause_where_the_book_has_one(book: str) -> None:
    events = [*_stopped(SIX, 4, after=5), {"type": "discover", "what": "wrong_count", "seat": 6, "count": 3}, FLOOR]
    ruling = last(_six(events, game="omaha"), book)
    assert ruling["verdict"] == "continue"
    assert "CNT-BTN-SHORT" in ruling["rules"] and "MD-WRONG-COUNT" not in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", 6)]


def test_short_button_that_acted_before_substantial_action_is_a_misdeal_without_a_button_clause() -> None:
    # hold'em three-handed: the button (first to act) got one card and calls; no substantial action yet
    events = [*_stopped([1, 2, 3], 2, after=2), act(3, "call", 2000), FLOOR]
    log = t9(events, seats=3, button=3)
    la = last(log, "wsop-la-2026")
    assert la["verdict"] == "misdeal" and not la["substantial_action"]
    assert "MD-WRONG-COUNT" in la["rules"] and "CNT-BTN-SHORT" not in la["rules"]
    tda = last(log, "tda-2024")
    assert tda["verdict"] == "continue" and "CNT-BTN-SHORT" in tda["rules"]
    assert ("kill_hand", 3) in _kinds(tda)


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop", "tda-2024", "wsop-2026"])
def test_short_button_after_substantial_action_is_the_dead_hand_exception_under_every_book(book: str) -> None:
    # hold'em 9 seats: the button has one card and says so after three calls (CNT-AFTER-SA-DEAD's exception)
    events = [*_stopped(NINE, 2, after=8), act(3, "call", 2000), act(4, "call", 2000), act(5, "call", 2000), FLOOR]
    ruling = last(t9(events), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"]
    assert "CNT-BTN-SHORT" in ruling["rules"]
    assert _kinds(ruling) == [("deal_missing_card", 9)]


@pytest.mark.parametrize(("game", "cards"), [("omaha5", 5), ("badugi", 4), ("2-7-triple-draw", 5)])
def test_seat_skipped_on_a_middle_round_is_found_once_the_button_has_its_last_card(game: str, cards: int) -> None:
    events = [ev for i, ev in enumerate(deal(SIX, cards)) if i != 6 + 1] + [FLOOR]  # seat 2 skipped on round 2
    log = _six(events, game=game)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and _kinds(wsop) == [("kill_hand", 2)]
    assert wsop["discretion"] is True
    for book in ("tda-2024", "wsop-la-2026", "rrop"):
        ruling = last(log, book)
        assert ruling["verdict"] == "misdeal", (game, book)
        assert "MD-WRONG-COUNT" in ruling["rules"]


def _stud(events: list[dict[str, Any]], seats: int = 5) -> dict[str, Any]:
    players = [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, seats + 1)]
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in range(1, seats + 1)]
    return {"floorman": 1, "game": "stud8", "seats": seats, "players": players,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "events": antes + events}


def _stud_deal(seats: int, skip: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    out = []
    for r in range(1, 4):
        for s in range(1, seats + 1):
            if skip != (r, s):
                out.append({"type": "deal", "seat": s, **({"face_up": True} if r == 3 else {})})
    return out


def test_stud_last_seat_short_its_door_card_is_completed_in_sequence() -> None:
    events = [*_stud_deal(5, skip=(3, 5)), {"type": "post", "seat": 2, "blind": "bring_in", "amount": 200}, FLOOR]
    log = _stud(events)
    for book in ("wsop-la-2026", "rrop", "wsop-2026"):
        ruling = last(log, book)
        assert ruling["verdict"] == "continue", book
        assert _kinds(ruling) == [("deal_missing_card", 5)], book
    assert last(log, "wsop-2026")["discretion"] is True
    assert last(log, "tda-2024")["verdict"] == "misdeal"


def test_stud_middle_seat_skipped_on_the_door_card_round_is_dead_under_wsop() -> None:
    events = [*_stud_deal(5, skip=(3, 2)), {"type": "post", "seat": 3, "blind": "bring_in", "amount": 200}, FLOOR]
    log = _stud(events)
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and _kinds(wsop) == [("kill_hand", 2)] and wsop["discretion"] is True
    assert "STUD-CARD-COUNT" in wsop["rules"]
    for book in ("tda-2024", "wsop-la-2026", "rrop"):
        assert last(log, book)["verdict"] == "misdeal", book


# --- Replacements belong to the initial deal (DEF-INITIAL-DEAL [I]) ---------------------------------------

def _exposed_then_boxed(replacement: list[dict[str, Any]], before: list[dict[str, Any]] | None = None,
                        game: str = "omaha") -> dict[str, Any]:
    """6-max: seat 2's card boxed on the first pass, seat 5's third card dealt face up, then ``replacement``."""
    events = deal(SIX, 4 if game == "omaha" else 2,
                  c2={"card": "9d", "boxed": True}, c17={"face_up": True, "card": "Jc"})
    events.insert(2, {"type": "deal", "seat": 2})  # the boxed card's replacement off the next card
    return _six([*events, *(before or []), *replacement, FLOOR], game=game)


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
def test_boxed_replacement_counts_toward_initial_deal_threshold(book: str) -> None:
    # the exposed card's replacement, given after the last starting card, is found face up in the deck
    log = _exposed_then_boxed([{"type": "boxed", "card": "Qs"}, {"type": "deal", "seat": 5, "replacement": True}])
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal"
    assert {"MD-BOXED-2", "DEF-INITIAL-DEAL"} <= set(ruling["rules"])
    assert ("redeal", None) in _kinds(ruling)
    assert ruling["discretion"] is True
    assert any("replacement" in reason for reason in ruling["discretion_reasons"])


def test_boxed_replacement_after_the_first_action_still_counts_with_the_initial_deal() -> None:
    # hold'em: the replacement comes after UTG folded (no substantial action), dealt to the seat face up in the deck
    log = _exposed_then_boxed([{"type": "deal", "seat": 5, "card": "Qs", "boxed": True, "replacement": True}],
                              before=[act(3, "fold")], game="holdem")
    ruling = last(log, "tda-2024")
    assert ruling["verdict"] == "misdeal" and not ruling["substantial_action"]
    assert {"MD-BOXED-2", "DEF-INITIAL-DEAL"} <= set(ruling["rules"]) and ruling["discretion"] is True


def test_one_exposed_card_and_a_boxed_replacement_reach_no_threshold_but_leave_the_floor_the_call() -> None:
    events = deal(SIX, 2, c9={"face_up": True, "card": "Jc"})
    log = _six([*events, {"type": "deal", "seat": 3, "card": "Qs", "boxed": True, "replacement": True},
                {"type": "deal", "seat": 3, "replacement": True}, FLOOR])
    ruling = last(log, "wsop-la-2026")
    assert ruling["verdict"] == "continue"
    assert {"BOX-COUNT", "EXP-HOLE-SINGLE", "DEF-INITIAL-DEAL"} <= set(ruling["rules"])
    assert ruling["discretion"] is True


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
def test_exposed_replacement_is_the_second_exposed_card_of_the_initial_deal(book: str) -> None:
    events = deal(SIX, 4, c22={"face_up": True, "card": "Jc"})
    log = _six([*events, {"type": "deal", "seat": 4, "card": "Qd", "face_up": True, "replacement": True}, FLOOR],
               game="omaha8")
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal"
    assert {"EXP-REPLACEMENT-EXPOSED", "DEF-INITIAL-DEAL"} <= set(ruling["rules"])
    assert ruling["discretion"] is True


# --- Stud seventh street (STUD-7TH-EXPOSED) ------------------------------------------------------------------

def _seventh(all_in_seat: int | None, exposed_seat: int, seats: int = 3) -> dict[str, Any]:
    """Stud to seventh street; ``all_in_seat`` goes all in on sixth; ``exposed_seat``'s last card dealt face up."""
    events: list[dict[str, Any]] = _stud_deal(seats)
    events += [{"type": "post", "seat": 1, "blind": "bring_in", "amount": 200}]
    events += [act(s, "complete" if s == 2 else "call") for s in [*range(2, seats + 1), 1]]
    for street in range(4, 7):
        events.append({"type": "burn"})
        events += [{"type": "deal", "seat": s, "face_up": True} for s in range(1, seats + 1)]
        if street == 6 and all_in_seat is not None:
            order = [*range(1, seats + 1)]
            events += [act(s, "all_in" if s == all_in_seat else "bet" if s == 1 else "call") for s in order]
            events += [act(s, "call") for s in order if s < all_in_seat]
        else:
            events += [act(s, "check") for s in range(1, seats + 1)]
    events.append({"type": "burn"})
    events += [{"type": "deal", "seat": s, **({"face_up": True} if s == exposed_seat else {})}
               for s in range(1, seats + 1)]
    return _stud([*events, FLOOR], seats=seats)


def test_tda_replaces_a_seventh_street_card_only_while_betting_remains() -> None:
    heads_up_all_in = _seventh(all_in_seat=1, exposed_seat=2, seats=2)
    ruling = last(heads_up_all_in, "tda-2024")
    assert ruling["verdict"] == "continue" and "STUD-7TH-EXPOSED" in ruling["rules"]
    assert ("replace_card", 2) not in _kinds(ruling) and "not replaced" in ruling["explanation"]
    betting_left = _seventh(all_in_seat=None, exposed_seat=3)
    assert ("replace_card", 3) in _kinds(last(betting_left, "tda-2024"))


@pytest.mark.parametrize("book", ["wsop-2026", "wsop-la-2026"])
def test_an_all_in_players_exposed_last_card_is_kept(book: str) -> None:
    ruling = last(_seventh(all_in_seat=3, exposed_seat=3), book)
    assert ruling["verdict"] == "continue" and "STUD-7TH-EXPOSED" in ruling["rules"]
    assert not any(kind == "replace_card" for kind, _ in _kinds(ruling))
    assert not any(kind == "deal_face_up" for kind, _ in _kinds(ruling))
    assert "all in" in ruling["explanation"] and "kept" in ruling["explanation"]


# --- Counts on later streets: stud's last card, the draw -------------------------------------------------------

def _stud_to_seventh(skip: int, acted_after: list[int]) -> dict[str, Any]:
    """Stud hi-lo, 4 seats, all checked through sixth; seat ``skip`` passed over on seventh street."""
    events = [*_stud_deal(4), {"type": "post", "seat": 1, "blind": "bring_in", "amount": 200},
              act(2, "call"), act(3, "call"), act(4, "call"), act(1, "check")]
    for _ in range(3):
        events += [{"type": "burn"}, *({"type": "deal", "seat": s, "face_up": True} for s in range(1, 5))]
        events += [act(s, "check") for s in range(1, 5)]
    events += [{"type": "burn"}, *({"type": "deal", "seat": s} for s in range(1, 5) if s != skip)]
    events += [act(s, "check") for s in acted_after]
    return _stud([*events, FLOOR], seats=4)


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
def test_stud_hand_missing_only_its_final_card_may_be_ruled_live(book: str) -> None:
    ruling = last(_stud_to_seventh(skip=4, acted_after=[1, 2]), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "STUD-CARD-COUNT" in ruling["rules"] and ruling["discretion"] is True
    assert _kinds(ruling) == [("deal_missing_card", 4)]
    assert not any(kind == "kill_hand" for kind, _ in _kinds(ruling))


def test_stud_seat_that_acted_without_its_final_card_plays_its_six_cards() -> None:
    ruling = last(_stud_to_seventh(skip=2, acted_after=[1, 2, 3]), "wsop-la-2026")
    assert ruling["verdict"] == "continue" and "STUD-CARD-COUNT" in ruling["rules"]
    assert _kinds(ruling) == [] and ruling["discretion"] is True


@pytest.mark.parametrize(("game", "cards"), [("badugi", 4), ("2-7-triple-draw", 5)])
def test_a_draw_hand_that_takes_a_card_too_many_at_the_draw_is_dead(game: str, cards: int) -> None:
    events = [*deal(SIX, cards), act(3, "call"), act(4, "fold"), act(5, "fold"), act(6, "fold"), act(1, "fold"),
              act(2, "check"), {"type": "discard", "seat": 2, "count": 2}, {"type": "deal", "seat": 2},
              {"type": "deal", "seat": 2}, {"type": "deal", "seat": 2},
              {"type": "discard", "seat": 3, "count": 1}, {"type": "deal", "seat": 3}, act(2, "check"), FLOOR]
    for book in ("wsop-2026", "tda-2024", "rrop"):
        ruling = last(_six(events, game=game), book)
        assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True, book
        assert "CNT-AFTER-SA-DEAD" in ruling["rules"], book
        assert _kinds(ruling) == [("kill_hand", 2)], book


def _draw_short(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """2-7 single draw, 6-max: seat 4 passed over on the third round, then ``actions``."""
    events = [ev for i, ev in enumerate(deal(SIX, 5)) if i != 12 + 3]
    return _six([*events, *actions, FLOOR], game="2-7-single-draw")


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
def test_a_draw_hand_short_before_the_draw_is_live_after_substantial_action(book: str) -> None:
    ruling = last(_draw_short([act(3, "call"), act(4, "call"), act(5, "fold")]), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "CNT-AFTER-SA-DEAD" in ruling["rules"]
    assert not any(kind == "kill_hand" for kind, _ in _kinds(ruling))
    assert "short before the draw is live" in ruling["explanation"]


def test_a_draw_hand_short_before_substantial_action_is_dead_under_wsop_and_a_misdeal_under_tda() -> None:
    # the draw exception is written for the time after substantial action (CNT-AFTER-SA-DEAD); before it
    # the WSOP default of CNT-BEFORE-SA (T-108: dead) applies
    log = _draw_short([])
    wsop = last(log, "wsop-2026")
    assert wsop["verdict"] == "continue" and wsop["discretion"] is True
    assert _kinds(wsop) == [("kill_hand", 4)]
    assert last(log, "tda-2024")["verdict"] == "misdeal"


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_stud_misdeal_that_rests_on_the_bring_in_not_counting_is_the_floors_call(book: str) -> None:
    # stud hi-lo, 5 seats: seat 3's first down card dealt face up; bring-in, then two folds (three with it)
    events = _stud_deal(5)
    events[2] = {"type": "deal", "seat": 3, "face_up": True}
    log = _stud([*events, {"type": "post", "seat": 4, "blind": "bring_in", "amount": 200},
                 act(5, "fold"), act(1, "fold"), FLOOR])
    ruling = last(log, book)
    if book == "wsop-2026":  # T-88.a.6: a stud down card exposed is a misdeal before SA
        assert ruling["verdict"] == "misdeal" and not ruling["substantial_action"]
        assert "SA-DEF" in ruling["rules"] and ruling["discretion"] is True
        assert ruling["discretion_reasons"]
    else:  # TDA RP-10-A: the card becomes the upcard, no misdeal to doubt
        assert ruling["verdict"] == "continue"


def test_stud_misdeal_before_any_action_after_the_bring_in_is_not_in_doubt() -> None:
    events = _stud_deal(5)
    events[2] = {"type": "deal", "seat": 3, "face_up": True}
    log = _stud([*events, {"type": "post", "seat": 4, "blind": "bring_in", "amount": 200}, FLOOR])
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "misdeal" and ruling["discretion"] is False


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
def test_a_stud_hand_with_more_than_seven_cards_is_dead(book: str) -> None:
    log = _stud_to_seventh(skip=0, acted_after=[])
    log["events"].insert(-1, {"type": "deal", "seat": 3})  # seat 3 gets an eighth card
    log["events"].insert(-1, act(1, "check"))
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert ruling["rules"][0] == "STUD-CARD-COUNT"
    assert _kinds(ruling) == [("kill_hand", 3)]
    assert ruling["discretion"] is False


# --- A draw hand short after the draw (CNT-AFTER-SA-DEAD: only a hand short *before* the draw is live) ----------

def _short_at_the_draw(game: str, card: str, until: Callable[[dict[str, Any]], bool], nth: int = 1) -> dict[str, Any]:
    """The sweep's clean hand of ``game``: seat 4 discards one card at the first draw and is not given ``card``."""
    log = copy.deepcopy(clean_hand(Game(game)))
    events = [e for e in log["events"] if e.get("card") != card]
    cut = [i for i, e in enumerate(events) if until(e)][nth - 1]
    log["events"] = [*events[:cut + 1], FLOOR]
    return log


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"])
@pytest.mark.parametrize(("game", "card"), [("badugi", "6h"), ("2-7-triple-draw", "7h")])
def test_a_draw_hand_short_after_the_draw_is_dead(game: str, card: str, book: str) -> None:
    # found once seat 4 has acted after the first draw: it holds a card too few
    ruling = last(_short_at_the_draw(game, card, until=lambda e: e["type"] == "act", nth=7), book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert {"CNT-AFTER-SA-DEAD", "CNT-BURN-AFTER-KILL", "MD-WRONG-COUNT"} <= set(ruling["rules"])
    assert _kinds(ruling) == [("kill_hand", 4)]
    assert ruling["discretion"] is False
    assert "seat 4 holds" in ruling["explanation"] and "is dead" in ruling["explanation"]
    assert "short before the draw is live" not in ruling["explanation"]


def test_a_draw_hand_short_after_the_draw_is_found_at_showdown() -> None:
    ruling = last(_short_at_the_draw("2-7-single-draw", "7h", until=lambda e: e["type"] == "show", nth=2), "tda-2024")
    assert "CNT-AFTER-SA-DEAD" in ruling["rules"] and _kinds(ruling) == [("kill_hand", 4)]


def test_a_draw_still_going_on_is_no_short_hand() -> None:
    # seat 4 has discarded and the dealer is still serving the draw: nothing is wrong yet
    ruling = last(_short_at_the_draw("badugi", "6h", until=lambda e: e["type"] == "discard", nth=3), "wsop-2026")
    assert "CNT-AFTER-SA-DEAD" not in ruling["rules"] and _kinds(ruling) == []


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
@pytest.mark.parametrize(("game", "card"), [("badugi", "6h"), ("2-7-triple-draw", "7h")])
def test_a_draw_hand_short_changed_and_found_before_its_player_acts_is_dead_at_the_floors_call(
        game: str, card: str, book: str) -> None:
    # the betting after the first draw has begun, seat 4 (short) has not acted on it yet
    ruling = last(_short_at_the_draw(game, card, until=lambda e: e["type"] == "act", nth=6), book)
    assert ruling["verdict"] == "continue" and "CNT-AFTER-SA-DEAD" in ruling["rules"]
    assert _kinds(ruling) == [("kill_hand", 4)]
    assert ruling["discretion"] is True
    assert any("no text says whether the dealer may still complete it" in r for r in ruling["discretion_reasons"])


def test_a_wrong_count_told_after_the_draw_is_the_draws_not_the_deals() -> None:
    # 2-7 single draw: seat 4 says he holds four cards once the draw is dealt, before anyone acts on it
    log = _short_at_the_draw("2-7-single-draw", "7h", until=lambda e: e.get("card") == "7d")
    log["events"].insert(-1, {"type": "discover", "what": "wrong_count", "seat": 4, "count": 4})
    for book in ("wsop-2026", "wsop-la-2026"):
        ruling = last(log, book)
        assert "CNT-AFTER-SA-DEAD" in ruling["rules"] and _kinds(ruling) == [("kill_hand", 4)], book
        assert ruling["discretion"] is True and "short before the draw is live" not in ruling["explanation"]
