"""Properties of the engine over generated hand logs."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

import floorman
from floorman.engine.hand import Hand
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import BOOK_IDS
from tests.strategies import hand_logs

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hand_logs())
def test_sa_latch_never_unlatches(obj: dict[str, Any]) -> None:
    log = handlog.from_obj(obj)
    for book in BOOK_IDS:
        hand = Hand(handlog.from_obj({**obj, "events": []}), rulebook=book)
        seen = False
        for event in log.events:
            hand.push(event)
            now = hand.substantial_action
            assert now or not seen
            seen = now


@SETTINGS
@given(hand_logs())
def test_void_returns_exactly_what_each_seat_put_in(obj: dict[str, Any]) -> None:
    obj["events"].append({"type": "discover", "what": "duplicate", "card": "Ah"})
    obj["events"].append({"type": "floor"})
    result = floorman.rule(handlog.from_obj(obj))
    ruling = result.ruling
    if ruling.verdict.value != "void":
        return
    returned = {r.fields["seat"]: r.fields["amount"] for r in ruling.remedies if r.do.value == "return_chips"}
    assert returned == result.view.contributed()
    assert sum(returned.values()) == result.view.pot


@SETTINGS
@given(hand_logs())
def test_misdeal_returns_voluntary_chips_and_keeps_forced_bets(obj: dict[str, Any]) -> None:
    result = floorman.rule(handlog.from_obj(obj))
    ruling = result.ruling
    if ruling.verdict.value != "misdeal":
        return
    returned = {r.fields["seat"]: r.fields["amount"] for r in ruling.remedies if r.do.value == "return_chips"}
    assert returned == result.view.voluntary()
    assert result.redeal is not None
    posts = [e for e in result.log.events if type(e).__name__ == "BlindPosted"]
    assert list(result.redeal.events) == posts
    assert result.redeal.button == result.log.button
    assert result.redeal.level == result.log.level


@SETTINGS
@given(hand_logs(), hand_logs(with_floors=False))
def test_a_ruling_at_a_floor_event_never_changes_when_events_are_appended(
    obj: dict[str, Any], more: dict[str, Any]
) -> None:
    first = floorman.rule(handlog.from_obj(obj))
    longer = {**obj, "events": obj["events"] + more["events"][3:]}
    second = floorman.rule(handlog.from_obj(longer))
    at_floor = [r for r in first.rulings if r.at is not None]
    assert [ruling_json.ruling_to_obj(r) for r in at_floor] == [
        ruling_json.ruling_to_obj(r) for r in second.rulings[: len(at_floor)]
    ]


@SETTINGS
@given(hand_logs())
def test_logs_round_trip_through_json_with_identical_rulings(obj: dict[str, Any]) -> None:
    log = handlog.from_obj(obj)
    again = handlog.loads(handlog.dumps(log))
    assert again == log
    assert ruling_json.to_obj(floorman.rule(again)) == ruling_json.to_obj(floorman.rule(log))


@SETTINGS
@given(hand_logs())
def test_changing_only_the_rulebook_never_changes_the_findings(obj: dict[str, Any]) -> None:
    """Facts about the deal; "played on after the ruling" is a fact about a ruling, so it is left out."""
    log = handlog.from_obj(obj)

    def facts(book: str) -> list[dict[str, Any]]:
        found = floorman.rule(log, rulebook=book).findings
        return [ruling_json.finding_to_obj(f) for f in found if f.irregularity.value != "played_on_after_ruling"]

    base = facts("wsop-2026")
    for book in BOOK_IDS[1:]:
        assert facts(book) == base


@SETTINGS
@given(hand_logs())
def test_the_live_api_and_the_one_call_rule_agree(obj: dict[str, Any]) -> None:
    log = handlog.from_obj(obj)
    hand = Hand(handlog.from_obj({**obj, "events": []}))
    for event in log.events:
        hand.push(event)
    assert ruling_json.to_obj(hand.result()) == ruling_json.to_obj(floorman.rule(log))
    assert ruling_json.ruling_to_obj(hand.ruling()) == ruling_json.ruling_to_obj(floorman.rule(log).ruling) or \
        isinstance(log.events[-1], floorman.fold.events.FloorCalled)
