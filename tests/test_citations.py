"""Complete citations: every ruling names every rule its outcome rests on, and only facts of the hand.

Dealing out an absent or penalized player cites ABS-DEALT-IN; a claim made after the pot is pushed
cites the dispute window (DISP-WINDOW, and FD-DISPUTE-WINDOW for a fouled deck); a book that states no
rule of its own (a dispute window, a joker) leaves the ruling to the floor and says so.
"""

from __future__ import annotations

from typing import Any

import pytest

import floorman
from floorman.formats import handlog
from tests.builders import FLOOR, act, last

LEVEL = {"small_blind": 100, "big_blind": 200}


def table(game: str, occupied: list[int], events: list[dict[str, Any]], *, button: int | None = None,
          status: dict[int, str] | None = None, seats: int = 6) -> dict[str, Any]:
    players = []
    for s in occupied:
        p: dict[str, Any] = {"seat": s, "name": f"P{s}", "stack": 10_000}
        if status and s in status:
            p["status"] = status[s]
        players.append(p)
    log: dict[str, Any] = {"floorman": 1, "game": game, "seats": seats, "level": dict(LEVEL),
                           "players": players, "events": events}
    if button is not None:
        log["button"] = button
    return log


def posts(sb: int, bb: int) -> list[dict[str, Any]]:
    return [{"type": "post", "seat": sb, "blind": "sb", "amount": 100},
            {"type": "post", "seat": bb, "blind": "bb", "amount": 200}]


def cards(seats: list[int], rounds: int, **faces: str) -> list[dict[str, Any]]:
    """``rounds`` rounds to ``seats``; ``faces`` maps "s<seat>r<round>" to the card dealt then."""
    out = []
    for r in range(1, rounds + 1):
        for s in seats:
            ev: dict[str, Any] = {"type": "deal", "seat": s}
            if f"s{s}r{r}" in faces:
                ev["card"] = faces[f"s{s}r{r}"]
            out.append(ev)
    return out




def reasons(log: dict[str, Any], book: str) -> set[str]:
    """The message ids of the last ruling's reasons for the floor's discretion."""
    ruling = floorman.rule(handlog.from_obj(log), rulebook=book).ruling
    return {m.id for m in ruling.discretion_messages}


# -- absent and penalized players are dealt in (ABS-DEALT-IN) ------------------------------------------------


@pytest.mark.parametrize(("book", "status"), [("tda-2024", "absent"), ("wsop-2026", "penalized"),
                                               ("rrop", "penalized")])
def test_skipping_an_absent_or_penalized_seat_cites_abs_dealt_in_with_discretion(book: str, status: str) -> None:
    seats = [1, 2, 3, 4, 5]
    dealt = [s for s in seats if s != 4]
    log = table("omaha", seats, [*posts(1, 2), *cards(dealt, 4), FLOOR], button=5, status={4: status})
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal" and {"do": "redeal"} in ruling["remedies"]
    assert ruling["rules"][0] == "MD-SEAT-DEALT-OUT" and "ABS-DEALT-IN" in ruling["rules"]
    assert ruling["discretion"] is True
    assert "ruling.dealt_out.absent_entitled" in reasons(log, book)


@pytest.mark.parametrize("book", ["rrop", "wsop-la-2026"])
def test_md_seat_dealt_out_an_away_player_who_posted_nothing_is_no_misdeal_under_a_cash_book(book: str) -> None:
    # LA-108, RRoP Misdeals 1(j): dealing a player out is a misdeal if he is present or has posted a blind or ante
    seats = [1, 2, 3, 4, 5]
    log = table("omaha", seats, [*posts(1, 2), *cards([1, 2, 3, 5], 4), FLOOR], button=5, status={4: "absent"})
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and "MD-SEAT-DEALT-OUT" in ruling["rules"]
    assert "MD-NOT-A-MISDEAL" in ruling["rules"] and ruling["discretion"] is True
    posted = table("omaha", seats, [*posts(1, 4), *cards([1, 2, 3, 5], 4), FLOOR], button=5, status={4: "absent"})
    assert last(posted, book)["verdict"] == "misdeal"


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024"])
def test_skipping_a_seat_whose_player_left_before_the_deal_is_read_as_absent(book: str) -> None:
    # rules.md open question 19 [I]: away from the table when the deal ended (moved to balance, gone) is absent
    seats = [1, 2, 3, 4, 5]
    log = table("omaha", seats, [{"type": "leave", "seat": 4}, *posts(1, 2), *cards([1, 2, 3, 5], 4), FLOOR], button=5)
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal" and "ABS-DEALT-IN" in ruling["rules"]
    assert ruling["discretion"] is True and "ruling.dealt_out.absent_entitled" in reasons(log, book)


def test_md_seat_dealt_out_a_player_who_left_before_the_deal_and_posted_nothing_is_no_misdeal_under_a_cash_book() -> None:
    seats = [1, 2, 3, 4, 5]
    log = table("omaha", seats, [{"type": "leave", "seat": 4}, *posts(1, 2), *cards([1, 2, 3, 5], 4), FLOOR], button=5)
    ruling = last(log, "wsop-la-2026")
    assert ruling["verdict"] == "continue" and "MD-NOT-A-MISDEAL" in ruling["rules"]


def test_skipping_a_present_seat_cites_no_absence_rule() -> None:
    seats = [1, 2, 3, 4, 5]
    log = table("omaha", seats, [*posts(1, 2), *cards([1, 2, 3, 5], 4), FLOOR], button=5)
    ruling = last(log, "wsop-2026")
    assert ruling["verdict"] == "misdeal" and "ABS-DEALT-IN" not in ruling["rules"]
    assert ruling["discretion"] is False


# -- the dispute window ---------------------------------------------------------------------------------------


def _played_out(extra: list[dict[str, Any]], **faces: str) -> list[dict[str, Any]]:
    """Razz, three seats: dealt, checked down to a showdown, the pot awarded, then ``extra``."""
    seats = [1, 2, 3]
    ev: list[dict[str, Any]] = [{"type": "post", "seat": s, "blind": "ante", "amount": 25} for s in seats]
    ev += cards(seats, 3, **faces)
    ev += [{"type": "post", "seat": 1, "blind": "bring_in", "amount": 50}, act(2, "call"), act(3, "call")]
    ev += [{"type": "show", "seat": 2}, {"type": "show", "seat": 3}, {"type": "pot_awarded"}]
    return ev + extra


def test_a_fouled_deck_claimed_after_the_pot_was_pushed_is_in_time_by_inference() -> None:
    # a duplicate in stud, found after the push and before the next hand
    log = table("razz", [1, 2, 3], _played_out([FLOOR], s2r1="7h", s3r2="7h"))
    for book in ("wsop-2026", "tda-2024"):
        ruling = last(log, book)
        assert ruling["verdict"] == "void" and {"do": "return_all_chips"} in ruling["remedies"]
        assert {"FD-DUP", "FD-DISPUTE-WINDOW", "DISP-WINDOW"} <= set(ruling["rules"])
        assert ruling["discretion"] is True
        assert "after the pot was awarded" in ruling["explanation"]
        assert "ruling.window_open.fouled_deck_claim_after_the_pot" in reasons(log, book)


def test_a_claim_after_the_push_that_is_no_fouled_deck_cites_the_dispute_window_only() -> None:
    # draw: the first card went to the wrong seat, claimed after everyone folded and the pot was pushed
    seats = [1, 2, 3, 4]
    ev = [*posts(1, 2), *cards([2, 3, 4, 1], 5), act(3, "fold"), act(4, "fold"), act(1, "fold"),
          {"type": "pot_awarded"}, FLOOR]
    ruling = last(table("2-7-single-draw", seats, ev, button=4), "wsop-la-2026")
    assert ruling["verdict"] == "continue" and "DISP-WINDOW" in ruling["rules"]
    assert "FD-DISPUTE-WINDOW" not in ruling["rules"] and "MD-FIRST-WRONG-SEAT" in ruling["rules"]


@pytest.mark.parametrize("book", ["rrop", "wsop-la-2026", "tda-2024"])
def test_after_the_next_hand_the_result_stands_and_no_claim_after_the_push_is_cited(book: str) -> None:
    log = table("razz", [1, 2, 3], _played_out([{"type": "next_hand"}, FLOOR], s2r1="7h", s3r2="7h"))
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and ruling["rules"][0] == "FD-DISPUTE-WINDOW"
    assert ruling["discretion"] is False and ruling["remedies"] == []


# -- cards that do not belong ---------------------------------------------------------------------------------


def test_a_joker_where_the_book_has_no_joker_rule_is_the_floors_call() -> None:
    seats = [1, 2, 3, 4]
    ev = [*posts(1, 2), *cards(seats, 2, s3r2="JK"), FLOOR]
    log = table("holdem", seats, ev, button=4)
    rrop, la = last(log, "rrop"), last(log, "wsop-la-2026")
    assert rrop["verdict"] == la["verdict"] == "continue"
    assert {"do": "replace_card", "seat": 3} in rrop["remedies"] and "NSC-JOKER" in rrop["rules"]
    assert rrop["discretion"] is True and la["discretion"] is False


def test_a_dead_hand_after_substantial_action_is_not_said_to_have_acted() -> None:
    # TDA: a joker found after substantial action in a hand whose player had not acted yet
    seats = [1, 2, 3, 4, 5, 6]
    ev = [*posts(1, 2), *cards(seats, 2, s5r2="JK"), act(3, "raise", 600), act(4, "call", 600), FLOOR]
    ruling = last(table("holdem", seats, ev, button=6), "tda-2024")
    assert ruling["substantial_action"] is True
    text = ruling["explanation"]
    assert "Seat 5 acted" not in text
    assert {"do": "kill_hand", "seat": 5} not in ruling["remedies"] or "Substantial action has taken place" in text


# -- blinds at the old level (LVL-NEW-HAND) -----------------------------------------------------------------


def test_blinds_at_the_old_level_before_substantial_action_are_corrected_with_discretion() -> None:
    # Omaha, level 100/200: the blinds went in at 50/100, noticed after one fold
    seats = [1, 2, 3, 4]
    ev = [{"type": "post", "seat": 1, "blind": "sb", "amount": 50},
          {"type": "post", "seat": 2, "blind": "bb", "amount": 100}, *cards(seats, 4), act(3, "fold"), FLOOR]
    ruling = last(table("omaha", seats, ev, button=4), "rrop")
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is False
    assert ruling["rules"][0] == "LVL-NEW-HAND" and ruling["discretion"] is True
    assert "corrected to" in ruling["explanation"]
    assert ruling["remedies"] == [{"do": "repost_blinds", "seat": 1, "blind": "sb", "amount": 100},
                                  {"do": "repost_blinds", "seat": 2, "blind": "bb", "amount": 200}]


def test_blinds_at_the_old_level_after_substantial_action_stand() -> None:
    # badugi, level 100/200: the blinds went in at 50/100 and three players acted before anyone spoke
    seats = [1, 2, 3, 4]
    ev = [{"type": "post", "seat": 1, "blind": "sb", "amount": 50},
          {"type": "post", "seat": 2, "blind": "bb", "amount": 100}, *cards(seats, 4),
          act(3, "call", 100), act(4, "fold"), act(1, "fold"), FLOOR]
    ruling = last(table("badugi", seats, ev, button=4), "wsop-2026")
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert "LVL-NEW-HAND" in ruling["rules"] and ruling["remedies"] == []
    assert "goes on at the amounts posted" in ruling["explanation"]
    # the text itself (LVL-NEW-HAND [V]) keeps the old level once SA has occurred: not the floor's call
    assert ruling["discretion"] is False and "discretion_reasons" not in ruling


@pytest.mark.parametrize(("book", "test_rule"), [("wsop-2026", "SA-DEF"), ("tda-2024", "SA-DEF"),
                                               ("wsop-la-2026", "SA-LA"), ("rrop", "SA-RRoP")])
@pytest.mark.parametrize("actions", [1, 2, 3], ids=["one_action", "two_actions", "three_actions"])
def test_blinds_at_the_old_level_cite_the_books_substantial_action_test_whether_corrected_or_kept(
        book: str, test_rule: str, actions: int) -> None:
    # hold'em, level 100/200, blinds posted at 50/100: corrected before substantial action, kept after it; either
    # way the book's test of substantial action decided it (SA-OTHER-EFFECTS), and the ruling cites that test
    seats = [1, 2, 3, 4, 5]
    acts = [act(3, "fold"), act(4, "call", 100), act(5, "fold")][:actions]
    ev = [{"type": "post", "seat": 1, "blind": "sb", "amount": 50},
          {"type": "post", "seat": 2, "blind": "bb", "amount": 100}, *cards(seats, 2), *acts, FLOOR]
    ruling = last(table("holdem", seats, ev, button=5), book)
    assert {"LVL-NEW-HAND", "SA-OTHER-EFFECTS", "SA-DEF", "DEF-SA", test_rule} <= set(ruling["rules"]), ruling["rules"]
    corrected = [r for r in ruling["remedies"] if r["do"] == "repost_blinds"]
    assert bool(corrected) is (not ruling["substantial_action"]), (ruling["substantial_action"], ruling["remedies"])


def test_a_short_stack_all_in_for_less_is_not_an_old_level() -> None:
    seats = [1, 2, 3]
    log = table("holdem", seats, [{"type": "post", "seat": 1, "blind": "sb", "amount": 100},
                                  {"type": "post", "seat": 2, "blind": "bb", "amount": 150}, *cards(seats, 2), FLOOR],
                button=3)
    log["players"][1]["stack"] = 150
    assert "LVL-NEW-HAND" not in last(log, "wsop-2026")["rules"]


# -- re-deal headers keep every status ----------------------------------------------------------------------


@pytest.mark.parametrize("book", ["wsop-2026", "tda-2024", "rrop"])
def test_a_redeal_keeps_penalties_and_leaves_out_a_player_seated_during_the_hand(book: str) -> None:
    from tests.builders import ruled
    log = table("holdem", [1, 2, 3, 4, 6], [*posts(1, 2), {"type": "seat_player", "seat": 5, "name": "P5", "stack": 9000},
                                            {"type": "deal", "seat": 2}, FLOOR],
                button=6, status={3: "penalized", 4: "absent"})
    header = ruled(log, book)["redeal"]
    statuses = {p["seat"]: p.get("status", "present") for p in header["players"]}
    assert 5 not in statuses and statuses[3] == "penalized"
    assert statuses[4] in ("absent", "redeal_dead")


# -- remedies the table can still carry out ------------------------------------------------------------------


def _stud_door_down(extra: list[dict[str, Any]]) -> dict[str, Any]:
    seats = [1, 2, 3]
    ev: list[dict[str, Any]] = [{"type": "post", "seat": s, "blind": "ante", "amount": 25} for s in seats]
    ev += cards(seats, 2, s1r1="2c", s1r2="3c", s2r1="4d", s2r2="5d", s3r1="6h", s3r2="7h")
    ev += [{"type": "deal", "seat": 1, "card": "Kc", "face_up": True}, {"type": "deal", "seat": 2, "card": "9s"},
           {"type": "deal", "seat": 3, "card": "Qs", "face_up": True}]
    return table("stud", seats, ev + extra, seats=8)


def test_a_door_card_dealt_down_is_repaired_while_the_starting_cards_are_all_there() -> None:
    ruling = last(_stud_door_down([FLOOR]), "tda-2024")
    assert any(r["do"] == "scramble_and_pick_burn" and r.get("seat") == 2 for r in ruling["remedies"])


def test_a_door_card_dealt_down_found_after_fourth_street_offers_no_repair_the_table_cannot_make() -> None:
    later = [{"type": "post", "seat": 2, "blind": "bring_in", "amount": 50}, act(3, "call", 50), act(1, "call", 50),
             {"type": "burn"}, *({"type": "deal", "seat": s, "face_up": True} for s in (1, 2, 3)), FLOOR]
    ruling = last(_stud_door_down(later), "tda-2024")
    assert "STUD-ALL-DOWN" in ruling["rules"]
    assert not any(r["do"] == "scramble_and_pick_burn" for r in ruling["remedies"])
    assert ruling["discretion"] is True and "plays on as dealt" in ruling["explanation"]
