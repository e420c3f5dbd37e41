"""The table across hands, under every book and in every family of games: one rotation model (``floorman.fold.rotation``).

- Heads-up the small blind is the button and is dealt last, the big blind first, wherever the disc stands, on the
  first heads-up hand after a bust-out too (DEAL-ORDER-HU, DEAL-HU-ADJUST). Stud has no button: the deal starts at
  seat 1 whatever a disc says (DEAL-ORDER-STUD).
- The next hand's button after a bust-out that makes the table heads-up, and after two bust-outs in one hand: the
  big blind goes to the player due, nobody takes it twice in a row, the small blind may be dead and the button on an
  empty seat (DEAL-DEADBUTTON, DEAL-HU-ADJUST).
- Who is in a re-deal: a player at his seat by the last card of the original deal is, one who came back before that
  card is present (not dealt out), one who left after the deal is dealt in and absent (RD-ABSENT,
  RD-PRESENT-THEN-ABSENT, ABS-AT-SEAT).
- The level of a re-deal is the original hand's, even when the clock moved before the re-deal began (RD-LIMITS over
  LVL-NEW-HAND).
- A button moved on for a re-deal is put back (RD-BUTTON); a misplaced button carried into a re-deal is the floor's
  correction before substantial action as in any hand (MD-BUTTON-POSITION).
"""

from __future__ import annotations

from typing import Any

import pytest

from floorman.fold.rotation import HandAtTable, blinds_due, deal_order, hand_level, next_hand, redeal_seat
from floorman.fold.table import Family, Level, PlayerStatus
from floorman.law.rulebooks import BOOK_IDS, find_rulebook
from tests.builders import ruled

HOLE = {"holdem": 2, "omaha": 4, "2-7-single-draw": 5, "badugi": 4}
BUTTON_GAMES = list(HOLE)
STUD_GAMES = ["stud", "razz"]
LEVEL = {"small_blind": 100, "big_blind": 200}


def log_of(game: str, *, seats: int = 9, button: int | None, players: dict[int, str | None], events: list[dict[str, Any]],
           **header: Any) -> dict[str, Any]:
    """A v1.1 log: ``players`` maps each occupied seat to its status (None: present)."""
    level = dict(LEVEL) if game in HOLE else {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400}
    log: dict[str, Any] = {
        "floorman": 1.1, "game": game, "seats": seats, "level": level,
        "players": [{"seat": s, "name": f"P{s}", "stack": 10_000, **({"status": st} if st else {})}
                    for s, st in players.items()],
        "events": events,
    }
    if button is not None:
        log["button"] = button
    log.update(header)
    return log


def posts(small: int | None, big: int, **amounts: int) -> list[dict[str, Any]]:
    out = [{"type": "post", "seat": small, "blind": "sb", "amount": amounts.get("sb", 100)}] if small else []
    return [*out, {"type": "post", "seat": big, "blind": "bb", "amount": amounts.get("bb", 200)}]


def deal(order: list[int], cards: int) -> list[dict[str, Any]]:
    return [{"type": "deal", "seat": s} for _ in range(cards) for s in order]


def last(result: dict[str, Any]) -> dict[str, Any]:
    ruling: dict[str, Any] = result["rulings"][-1]
    return ruling


def kinds(result: dict[str, Any]) -> list[str]:
    return [f["irregularity"] for f in result["findings"]]


FLOOR = {"type": "floor"}


# --- heads-up with the disc on an empty seat ------------------------------------------------------------------------


def test_deal_order_hu_the_small_blind_is_the_button_and_is_dealt_last_whatever_seat_the_disc_is_on() -> None:
    # seats 1 and 7 are left; the disc is on seat 4, emptied by a bust-out
    order = deal_order(family=Family.FLOP, seats=9, button=4, entitled=(1, 7))
    assert order.seats == (1, 7) and order.button == 7 and order.heads_up
    posted = deal_order(family=Family.DRAW, seats=9, button=4, entitled=(1, 7), small_blind=1)
    assert posted.seats == (7, 1) and posted.button == 1
    stud = deal_order(family=Family.STUD, seats=9, button=4, entitled=(1, 7))
    assert stud.seats == (1, 7) and stud.button is None and not stud.heads_up


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", BUTTON_GAMES)
def test_deal_order_hu_with_the_disc_on_an_empty_seat_the_big_blind_is_dealt_first(game: str, book: str) -> None:
    # the first heads-up hand after seat 4 busted: seat 7 is the small blind and the button, seat 1 the big blind
    log = log_of(game, button=4, players={1: None, 7: None},
                 events=posts(7, 1) + deal([1, 7], HOLE[game]) + [FLOOR])
    result = ruled(log, book)
    assert last(result)["verdict"] == "continue", last(result)
    assert "first_card_wrong_seat" not in kinds(result) and "out_of_sequence" not in kinds(result)


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", BUTTON_GAMES)
def test_deal_order_hu_the_small_blind_dealt_first_with_the_disc_on_an_empty_seat_is_a_misdeal(game: str,
                                                                                                   book: str) -> None:
    log = log_of(game, button=4, players={1: None, 7: None},
                 events=[*posts(7, 1), {"type": "deal", "seat": 7}, FLOOR])
    ruling = last(ruled(log, book))
    assert ruling["verdict"] == "misdeal" and "MD-FIRST-WRONG-SEAT" in ruling["rules"]
    assert "DEAL-ORDER-HU" in ruling["rules"]


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", STUD_GAMES)
def test_deal_order_stud_has_no_button_so_a_disc_changes_nothing_heads_up(game: str, book: str) -> None:
    antes = [{"type": "post", "seat": s, "blind": "ante", "amount": 25} for s in (1, 7)]
    log = log_of(game, button=None, players={1: None, 7: None}, events=antes + deal([1, 7], 3) + [FLOOR])
    result = ruled(log, book)
    assert last(result)["verdict"] == "continue", last(result)
    assert not {"first_card_wrong_seat", "out_of_sequence"} & set(kinds(result))


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_deal_order_hu_after_the_flop_the_big_blind_acts_first_with_the_disc_on_an_empty_seat(game: str,
                                                                                                  book: str) -> None:
    board = [{"type": "burn"}] + [{"type": "board"} for _ in range(3)]
    acts = [{"type": "act", "seat": 7, "action": "call", "to": 200}, {"type": "act", "seat": 1, "action": "check"}]
    flop = [{"type": "act", "seat": 1, "action": "check"}, {"type": "act", "seat": 7, "action": "check"}]
    log = log_of(game, button=4, players={1: None, 7: None},
                 events=posts(7, 1) + deal([1, 7], HOLE[game]) + acts + board + flop + [FLOOR])
    result = ruled(log, book)
    assert "out_of_turn" not in " ".join(kinds(result)) and last(result)["verdict"] == "continue", kinds(result)


# --- the next hand's button after bust-outs --------------------------------------------------------------------------


def test_deal_hu_adjust_the_small_blinds_bust_out_leaves_the_big_blind_to_the_player_due() -> None:
    three = HandAtTable(family=Family.FLOP, seats=9, button=1, small_blind=4, big_blind=7, dealt=(1, 4, 7))
    assert next_hand(HandAtTable(**{**_fields(three), "busted": frozenset({4})})).button == 7
    nxt = next_hand(HandAtTable(**{**_fields(three), "busted": frozenset({7})}))
    assert (nxt.button, nxt.small_blind, nxt.big_blind, nxt.order.seats) == (4, 4, 1, (1, 4))
    nxt = next_hand(HandAtTable(**{**_fields(three), "busted": frozenset({1})}))
    assert (nxt.button, nxt.big_blind) == (7, 4)  # not seat 4's: seat 7 had the big blind, 4 takes it


def test_deal_deadbutton_two_bust_outs_in_one_hand_leave_a_dead_small_blind_and_a_dead_button() -> None:
    five = HandAtTable(family=Family.FLOP, seats=9, button=1, small_blind=3, big_blind=5, dealt=(1, 3, 5, 7, 9),
                       busted=frozenset({3, 5}))
    nxt = next_hand(five)
    assert (nxt.button, nxt.small_blind, nxt.big_blind) == (3, None, 7)
    assert nxt.order.seats == (7, 9, 1) and nxt.order.dead_button and nxt.certain
    two = HandAtTable(family=Family.FLOP, seats=9, button=1, small_blind=3, big_blind=5, dealt=(1, 3, 5, 7),
                      busted=frozenset({3, 5}))
    hu = next_hand(two)
    assert (hu.button, hu.small_blind, hu.big_blind, hu.order.seats) == (1, 1, 7, (7, 1))


def test_deal_order_stud_the_next_hand_has_no_button() -> None:
    nxt = next_hand(HandAtTable(family=Family.STUD, seats=8, button=None, small_blind=None, big_blind=None,
                                dealt=(2, 4, 6), busted=frozenset({4})))
    assert nxt.button is None and nxt.order.seats == (2, 6) and nxt.small_blind is None


def _fields(after: HandAtTable) -> dict[str, Any]:
    return {name: getattr(after, name) for name in after.__dataclass_fields__}


def _bust_hand(game: str, next_button: int, *, busted: tuple[int, ...], seats: tuple[int, ...] = (1, 4, 7),
               button: int = 1, sb: int = 4, bb: int = 7) -> dict[str, Any]:
    """A hand in which every seat in ``busted`` moves all in preflop and loses; the others call it down and share the
    pot. The next hand's button is recorded at ``next_button``."""
    stacks = {s: (1_000 if s in busted else 10_000) for s in seats}
    players = [{"seat": s, "name": f"P{s}", "stack": stacks[s]} for s in seats]
    order = [s for s in [*seats[seats.index(button) + 1:], *seats[:seats.index(button) + 1]]]
    events = posts(sb, bb) + deal(order, HOLE[game])
    first = order[2 % len(order)] if len(order) > 2 else order[1]
    acting = [*order[order.index(first):], *order[:order.index(first)]]
    for s in acting:
        events.append({"type": "act", "seat": s, "action": "raise" if s in busted and s == acting[0] else "call",
                       "to": 1_000})
    board = [{"type": "burn"}] + [{"type": "board"} for _ in range(3)]
    if game in ("holdem", "omaha"):
        events += [*board, {"type": "burn"}, {"type": "board"}, {"type": "burn"}, {"type": "board"}]
    winners = [s for s in seats if s not in busted]
    pot = 1_000 * len(seats)
    shares = [{"seat": s, "amount": pot // len(winners)} for s in winners]
    shares[0]["amount"] += pot - sum(x["amount"] for x in shares)
    events += [{"type": "pot_awarded", "shares": shares}, {"type": "next_hand", "button": next_button}]
    return {"floorman": 1.1, "game": game, "seats": 9, "button": button, "level": dict(LEVEL), "players": players,
            "events": events}


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_deal_hu_adjust_after_the_bust_out_that_makes_the_table_heads_up_the_button_is_the_small_blind(
        game: str, book: str) -> None:
    # seat 4 (the small blind) busts: seat 7 had the big blind, so seat 1 takes it and seat 7 is the button
    right = ruled(_bust_hand(game, 7, busted=(4,)), book)
    assert not {"next_button_misplaced", "button_moved_on_redeal"} & set(kinds(right)), kinds(right)
    wrong = ruled(_bust_hand(game, 4, busted=(4,)), book)  # the disc moved on to the empty seat as three-handed
    assert "next_button_misplaced" in kinds(wrong)
    ruling = last(wrong)
    assert {"DEAL-HU-ADJUST", "DEAL-ORDER-HU"} <= set(ruling["rules"])
    assert {"do": "move_button", "seat": 7} in ruling["remedies"]


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_deal_deadbutton_after_two_bust_outs_in_one_hand_the_button_goes_to_the_small_blinds_seat(
        game: str, book: str) -> None:
    # five seats, seats 3 and 5 (the blinds) bust: the big blind goes to seat 7, the small blind is dead and the
    # button goes to seat 3, now empty
    five = (1, 3, 5, 7, 9)
    right = ruled(_bust_hand(game, 3, busted=(3, 5), seats=five, sb=3, bb=5), book)
    assert "next_button_misplaced" not in kinds(right), kinds(right)
    wrong = ruled(_bust_hand(game, 7, busted=(3, 5), seats=five, sb=3, bb=5), book)
    assert "next_button_misplaced" in kinds(wrong)
    assert {"do": "move_button", "seat": 3} in last(wrong)["remedies"]


@pytest.mark.parametrize("book", BOOK_IDS)
def test_deal_hu_adjust_two_bust_outs_that_leave_two_players_keep_the_button_off_the_big_blind(book: str) -> None:
    four = (1, 3, 5, 7)
    right = ruled(_bust_hand("holdem", 1, busted=(3, 5), seats=four, sb=3, bb=5), book)
    assert "next_button_misplaced" not in kinds(right), kinds(right)
    wrong = ruled(_bust_hand("holdem", 3, busted=(3, 5), seats=four, sb=3, bb=5), book)
    assert {"do": "move_button", "seat": 1} in last(wrong)["remedies"]


# --- who is in the re-deal -------------------------------------------------------------------------------------------


def test_rd_absent_a_player_back_before_the_last_card_is_present_for_the_redeal() -> None:
    for switch in ("dead", "play"):
        back = redeal_seat(status=PlayerStatus.ABSENT, away_for_deal=False, present_now=True, dead_by_ruling=False,
                           redeal_absent=switch)
        assert back.status is PlayerStatus.PRESENT
        gone = redeal_seat(status=PlayerStatus.PRESENT, away_for_deal=False, present_now=False,
                           dead_by_ruling=False, redeal_absent=switch)
        assert gone.status is PlayerStatus.ABSENT  # dealt in, absent (RD-PRESENT-THEN-ABSENT)


def _misdeal_after_the_deal(game: str, away: dict[int, str | None], moves: list[dict[str, Any]],
                            late: list[dict[str, Any]], *, moved_at: int = 3) -> dict[str, Any]:
    """Six seats, button 6 (stud: no button); ``moves`` happen during the deal, after its first ``moved_at`` cards
    and before its last; the whole deal began at seat 2, not seat 1 (a misdeal in every book), and the floor is
    called once it is complete, before any action; ``late`` happens after the deal."""
    players = {s: away.get(s) for s in range(1, 7)}
    ring = [2, 3, 4, 5, 6, 1]
    if game in HOLE:
        cards = deal(ring, HOLE[game])
        forced = posts(1, 2)
    else:
        cards = [{"type": "deal", "seat": s, **({"face_up": True} if n == 2 else {})} for n in range(3) for s in ring]
        forced = [{"type": "post", "seat": s, "blind": "ante", "amount": 25} for s in range(1, 7)]
    events = forced + cards[:moved_at] + moves + cards[moved_at:] + late + [FLOOR]
    return log_of(game, seats=6, button=None if game in STUD_GAMES else 6, players=players, events=events)


REDEAL_GAMES = ["holdem", "omaha", "badugi", "stud"]


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", REDEAL_GAMES)
def test_abs_at_seat_a_player_back_before_the_last_card_of_the_deal_is_in_the_redeal_and_present(
        game: str, book: str) -> None:
    # the book's deadline card: the last card of the deal, or the first where the book says so (ABS-AT-SEAT)
    first_card = find_rulebook(book).params.absent_deadline == "first_card"
    log = _misdeal_after_the_deal(game, {4: "absent"}, [{"type": "arrive", "seat": 4}], [],
                                  moved_at=0 if first_card else 3)
    result = ruled(log, book)
    assert result["rulings"][0]["verdict"] == "misdeal", last(result)
    seats = {p["seat"]: p.get("status", "present") for p in result["redeal"]["players"]}
    assert seats[4] == "present", seats


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", REDEAL_GAMES)
def test_rd_present_then_absent_a_player_who_left_after_the_deal_is_dealt_in_absent(game: str, book: str) -> None:
    log = _misdeal_after_the_deal(game, {}, [], [{"type": "leave", "seat": 4}])
    result = ruled(log, book)
    seats = {p["seat"]: p.get("status", "present") for p in result["redeal"]["players"]}
    assert seats[4] == "absent", seats


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", REDEAL_GAMES)
def test_rd_absent_a_player_away_at_the_last_card_is_dealt_in_as_the_book_says(game: str, book: str) -> None:
    log = _misdeal_after_the_deal(game, {4: "absent"}, [], [{"type": "arrive", "seat": 4}])
    result = ruled(log, book)
    seats = {p["seat"]: p.get("status", "present") for p in result["redeal"]["players"]}
    expected = "redeal_dead" if find_rulebook(book).params.redeal_absent == "dead" else "present"
    assert seats[4] == expected, seats


# --- the level of a re-deal ------------------------------------------------------------------------------------------


def test_rd_limits_a_redeal_keeps_the_original_level_and_lvl_new_hand_gives_a_new_hand_the_new_one() -> None:
    old, new = Level(small_blind=100, big_blind=200), Level(small_blind=200, big_blind=400)
    assert hand_level(header=old, changed_before_start=new, redeal=True) == old
    assert hand_level(header=old, changed_before_start=new, redeal=False) == new


def _redeal_after_the_clock_moved(game: str, amounts: dict[str, int]) -> dict[str, Any]:
    change = {"type": "level_change", "level": {"small_blind": 200, "big_blind": 400} if game in HOLE else
              {"ante": 50, "bring_in": 100, "small_bet": 400, "big_bet": 800}}
    if game in HOLE:
        forced = posts(1, 2, **amounts)
    else:
        forced = [{"type": "post", "seat": s, "blind": "ante", "amount": amounts.get("ante", 25)} for s in (1, 2, 3)]
    events = [change, {"type": "hand_began", "how": "riffle"}, *forced,
              *deal([1, 2, 3], HOLE.get(game, 3)), FLOOR]
    return log_of(game, seats=3, button=None if game in STUD_GAMES else 3, players={1: None, 2: None, 3: None},
                  events=events, redeal_of={"hand": "T1-7", "count": 1})


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha", "2-7-single-draw", "stud"])
def test_rd_limits_a_redeal_begun_after_the_clock_moved_is_played_at_the_original_level(game: str, book: str) -> None:
    kept = ruled(_redeal_after_the_clock_moved(game, {}), book)
    assert "blinds_at_old_level" not in kinds(kept) and last(kept)["verdict"] == "continue", kinds(kept)
    assert "level_changed_during_hand" not in kinds(kept)
    moved = ruled(_redeal_after_the_clock_moved(game, {"sb": 200, "bb": 400, "ante": 50}), book)
    assert "blinds_at_old_level" in kinds(moved)
    assert {"RD-LIMITS", "RD-EXACT"} <= set(last(moved)["rules"])


@pytest.mark.parametrize("book", BOOK_IDS)
def test_lvl_new_hand_a_new_hand_begun_after_the_clock_moved_is_played_at_the_new_level(book: str) -> None:
    log = _redeal_after_the_clock_moved("holdem", {})
    del log["redeal_of"]
    result = ruled(log, book)
    assert "blinds_at_old_level" in kinds(result) and "RD-LIMITS" not in last(result)["rules"]


# --- the button of a re-deal -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha", "badugi"])
def test_rd_button_a_button_moved_on_for_the_redeal_is_put_back(game: str, book: str) -> None:
    log = log_of(game, seats=6, button=6, players={s: None for s in range(1, 7)},
                 events=[*posts(1, 2), {"type": "deal", "seat": 2}, FLOOR, {"type": "next_hand", "button": 1}])
    result = ruled(log, book)
    assert result["rulings"][0]["verdict"] == "misdeal"
    assert "button_moved_on_redeal" in kinds(result)
    assert {"do": "move_button", "seat": 6} in last(result)["remedies"] and "RD-BUTTON" in last(result)["rules"]


@pytest.mark.parametrize("book", BOOK_IDS)
@pytest.mark.parametrize("game", ["holdem", "omaha", "badugi"])
def test_md_button_position_a_misplaced_button_carried_into_a_redeal_is_found_there(game: str, book: str) -> None:
    # the re-deal's header kept the original's button, one seat short of where the rotation put it
    log = log_of(game, seats=6, button=5, players={s: None for s in range(1, 7)}, button_should_be=6,
                 redeal_of={"hand": "T1-7", "count": 1}, events=[*posts(6, 1), FLOOR])
    result = ruled(log, book)
    assert "MD-BUTTON-POSITION" in last(result)["rules"], last(result)


def test_blinds_due_follow_the_button_and_heads_up_the_button_posts_the_small_blind() -> None:
    assert blinds_due(family=Family.FLOP, seats=6, button=6, entitled=range(1, 7)).small_blind == 1
    hu = blinds_due(family=Family.FLOP, seats=6, button=4, entitled=(2, 5))
    assert (hu.small_blind, hu.big_blind) == (5, 2)
    assert blinds_due(family=Family.STUD, seats=6, button=None, entitled=(2, 5)).small_blind is None
