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
from tests.builders import last

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


def act(seat: int, action: str, to: int | None = None) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "act", "seat": seat, "action": action}
    if to is not None:
        ev["to"] = to
    return ev


FLOOR = {"type": "floor"}


def reasons(log: dict[str, Any], book: str) -> set[str]:
    """The message ids of the last ruling's reasons for the floor's discretion."""
    ruling = floorman.rule(handlog.from_obj(log), rulebook=book).ruling
    return {m.id for m in ruling.discretion_messages}


# -- absent and penalized players are dealt in (ABS-DEALT-IN) ------------------------------------------------


@pytest.mark.parametrize(("book", "status"), [("tda-2024", "absent"), ("wsop-2026", "penalized"),
                                               ("rrop", "absent")])
def test_skipping_an_absent_or_penalized_seat_cites_abs_dealt_in_with_discretion(book: str, status: str) -> None:
    seats = [1, 2, 3, 4, 5]
    dealt = [s for s in seats if s != 4]
    log = table("omaha", seats, [*posts(1, 2), *cards(dealt, 4), FLOOR], button=5, status={4: status})
    ruling = last(log, book)
    assert ruling["verdict"] == "misdeal" and {"do": "redeal"} in ruling["remedies"]
    assert ruling["rules"][0] == "MD-SEAT-DEALT-OUT" and "ABS-DEALT-IN" in ruling["rules"]
    assert ruling["discretion"] is True
    assert "ruling.dealt_out.absent_entitled" in reasons(log, book)


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
