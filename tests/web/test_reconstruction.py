"""Fast reconstruction: one tap deals a round, the whole hand or a street, with what went wrong;
the table carried over to the next hand; the substantial-action meter."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.engine.hand import Hand, rule
from floorman.formats import handlog
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.web.problems import InvalidInput
from floorman.web.quick_deal import DealFlaws, board_street, initial_deal, stud_street
from floorman.web.sa_meter import sa_meter
from floorman.web.table_setup import blind_posts, carried_over
from tests.web.conftest import example


def header(name: str = "first-card-wrong-seat") -> dict[str, Any]:
    log = example(name)
    return {**log, "events": [e for e in log["events"] if e["type"] == "post"]}


def ruled(obj: dict[str, Any], events: list[dict[str, Any]]) -> str:
    log = handlog.from_obj({**obj, "events": [*obj["events"], *events, {"type": "floor"}]})
    return rule(log).ruling.verdict.value


def state_of(obj: dict[str, Any]) -> Any:
    return Hand(handlog.from_obj(obj)).view


def hand_of(obj: dict[str, Any], book: Rulebook) -> Hand:
    return Hand(handlog.from_obj(obj), rulebook=book)


def test_a_correct_deal_is_clean() -> None:
    obj = header()
    events = initial_deal(state_of(obj))
    assert [e["seat"] for e in events] == [1, 2, 3, 4, 5, 6] * 2
    assert ruled(obj, events) == "continue"


@pytest.mark.parametrize(("flaws", "irregularity"), [
    (DealFlaws(first_seat=2), "first_card_wrong_seat"),
    (DealFlaws(skipped_seat=6), "seat_dealt_out"),
    (DealFlaws(face_up=(1, 1)), "exposed_hole_card"),
    (DealFlaws(boxed=(2, 1)), "boxed_card"),
])
def test_each_flaw_is_found_by_the_engine(flaws: DealFlaws, irregularity: str) -> None:
    obj = header()
    log = handlog.from_obj({**obj, "events": [*obj["events"], *initial_deal(state_of(obj), flaws=flaws)]})
    assert irregularity in {f.irregularity.value for f in rule(log).findings}


def test_one_round_then_the_rest_continues_the_dealers_rotation() -> None:
    obj = header()
    first = initial_deal(state_of(obj), rounds=1, flaws=DealFlaws(first_seat=2))
    obj = {**obj, "events": [*obj["events"], *first]}
    rest = initial_deal(state_of(obj))
    assert [e["seat"] for e in first + rest] == [2, 3, 4, 5, 6, 1] * 2


def test_a_finished_deal_cannot_be_dealt_again() -> None:
    obj = header()
    obj = {**obj, "events": [*obj["events"], *initial_deal(state_of(obj))]}
    with pytest.raises(InvalidInput):
        initial_deal(state_of(obj))


def test_a_four_card_flop_from_one_tap() -> None:
    log = example("four-card-flop")
    before_flop = {**log, "events": log["events"][:21]}
    events = board_street(state_of(before_flop), cards=4)
    assert events == [{"type": "burn"}] + [{"type": "board"}] * 4
    assert ruled(before_flop, events) == "continue"
    result = rule(handlog.from_obj({**before_flop, "events": [*before_flop["events"], *events]}))
    assert "four_card_flop" in {f.irregularity.value for f in result.findings}


def test_stud_streets_are_dealt_to_the_players_still_in() -> None:
    obj = {"floorman": 1, "game": "stud", "seats": 3, "level": {"ante": 10, "bring_in": 20, "small_bet": 40},
           "players": [{"seat": s, "name": f"P{s}", "stack": 1000} for s in (1, 2, 3)], "events": []}
    deal = initial_deal(state_of(obj))
    assert [e.get("face_up", False) for e in deal] == [False] * 6 + [True] * 3
    with pytest.raises(InvalidInput):
        board_street(state_of(obj))
    assert stud_street(state_of({**obj, "events": deal}))[0] == {"type": "burn"}


def test_the_next_hand_moves_the_button_and_posts_the_blinds() -> None:
    setup = carried_over(example("misdeal-absent-player-and-new-arrival"))
    log = setup.validated()
    assert setup.button == 1 and log.button == 1
    assert [(p["seat"], p["blind"]) for p in blind_posts(log)][:2] == [(2, "sb"), (3, "bb")]


def test_heads_up_the_button_posts_the_small_blind() -> None:
    log = handlog.from_obj(example("heads-up-correct-deal"))
    posts = blind_posts(log)
    assert (posts[0]["seat"], posts[0]["blind"]) == (log.button, "sb")


def test_the_meter_counts_toward_the_books_threshold() -> None:
    wsop = find_rulebook("wsop-2026")
    obj = header()
    obj = {**obj, "events": [*obj["events"], *initial_deal(state_of(obj))]}
    assert (sa_meter(hand_of(obj, wsop)).counted, sa_meter(hand_of(obj, wsop)).target) == (0, 3)
    folded = {**obj, "events": [*obj["events"], {"type": "act", "seat": 3, "action": "fold"}]}
    assert (sa_meter(hand_of(folded, wsop)).target, sa_meter(hand_of(folded, wsop)).other_target) == (3, 2)
    called = {**obj, "events": [*obj["events"], {"type": "act", "seat": 3, "action": "call"}]}
    assert sa_meter(hand_of(called, wsop)).target == 2
    both = {**called, "events": [*called["events"], {"type": "act", "seat": 4, "action": "fold"}]}
    assert sa_meter(hand_of(both, wsop)).reached
    assert sa_meter(hand_of(folded, find_rulebook("rrop"))).target == 2
