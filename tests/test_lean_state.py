"""The fold keeps a lean state: no object per card or action, unless a reader asks for one.

A seat's cards are columns and bit sets; the actions are columns with a bit set of those out of turn.
``HoleCard`` and ``ActionRecord`` values are made only when asked (``seat.cards``, ``state.actions``),
and what they say is what the columns say.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import floorman.fold.seat
from floorman.engine.hand import Hand
from floorman.fold.log import HandLog
from floorman.fold.seat import HoleCard
from floorman.fold.state import ActionRecord
from floorman.formats import handlog
from floorman.law.rulings.judge import judge_hand as real_judge
from floorman.law.rulings.model import Verdict

ROOT = Path(__file__).parent
COMPILED = not floorman.fold.seat.__file__.endswith(".py")


def _logs() -> list[HandLog]:
    cases = sorted((ROOT / "cases").glob("*.json")) + sorted((ROOT / "scenarios" / "blind").glob("*.json"))
    out = []
    for path in cases:
        log = json.loads(path.read_text(encoding="utf-8")).get("log")
        if isinstance(log, dict):
            out.append(handlog.loads(json.dumps(log)))
    for path in sorted((ROOT.parent / "examples").glob("*.json")):
        out.append(handlog.loads(path.read_text(encoding="utf-8")))
    return out


LOGS = _logs()


def test_there_are_hands_to_fold() -> None:
    assert len(LOGS) > 300


@pytest.mark.skipif(COMPILED, reason="a compiled class cannot be patched; the source, run pure, is checked")
def test_folding_a_hand_makes_no_hole_card_nor_action_record(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    judging = [False]  # a ruling may ask for them; the fold may not

    def counted(cls: Any) -> Any:
        real = cls.__init__

        def init(self: object, **fields: object) -> None:
            if not judging[0]:
                made.append(cls.__name__)
            real(self, **fields)
        return init

    def judge(*args: Any, **kwargs: Any) -> Any:
        judging[0] = True
        try:
            return real_judge(*args, **kwargs)
        finally:
            judging[0] = False

    monkeypatch.setattr("floorman.engine.hand.judge_hand", judge)
    monkeypatch.setattr(HoleCard, "__init__", counted(HoleCard))
    monkeypatch.setattr(ActionRecord, "__init__", counted(ActionRecord))
    for log in LOGS:
        Hand(log)
    assert made == []


@pytest.mark.skipif(COMPILED, reason="a compiled class cannot be patched; the source, run pure, is checked")
def test_the_refusal_above_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    monkeypatch.setattr(HoleCard, "__init__", lambda self, **_: made.append("HoleCard"))
    hand = Hand(LOGS[0])
    assert hand.view.seats and all(isinstance(s.cards, tuple) for s in hand.view.seats.values())
    assert made, "asking for the cards makes them"


def test_hole_cards_asked_for_say_what_the_columns_say() -> None:
    checked = 0
    for log in LOGS:
        hand = Hand(log)
        for seat in (*hand._state.seats.values(), *hand.view.seats.values()):  # the fold's seats, and the frozen
            cards = seat.cards
            assert [c.card for c in cards] == list(seat.faces)
            assert [c.at for c in cards] == list(seat.dealt_at)
            assert sum(c.set_aside for c in cards) == seat.aside == seat.aside_set.bit_count()
            assert [c.card for c in seat.live_cards] == seat.live_faces()
            assert seat.held == len(seat.live_cards)
            assert [c.card for c in seat.live_cards if c.face_up] == seat.up_faces()
            assert all(not c.exposed_by_dealer or c.exposed for c in cards)
            checked += len(cards)
    assert checked > 1000


def test_actions_asked_for_say_what_the_columns_say() -> None:
    checked = 0
    for log in LOGS:
        hand = Hand(log)
        state = hand._state
        records = state.actions
        assert hand.view.actions == records
        assert [a.at for a in records] == state.acted_at
        assert [a.seat for a in records] == state.acted_seat
        assert [a.action for a in records] == state.acted_kind
        assert state.has_out_of_turn_action == any(not a.in_turn for a in records)
        for out_of_turn in (False, True):
            assert state.counted_actions(out_of_turn=out_of_turn) == [
                a.action for a in records if a.in_turn or out_of_turn]
        if records:
            upto = records[len(records) // 2].at
            assert state.counted_actions(out_of_turn=False, upto=upto) == [
                a.action for a in records if a.in_turn and a.at <= upto]
        for seat in state.seats:
            assert state.has_acted(seat) == any(a.seat == seat for a in records)
        checked += len(records)
    assert checked > 1000


def test_a_view_keeps_its_cards_and_actions_when_the_hand_goes_on() -> None:
    log = next(log for log in LOGS if sum(1 for _ in log.events) > 12)
    hand = Hand(replace(log, events=()))
    events = list(log.events)
    half = len(events) // 2
    hand.extend(events[:half])
    before = hand.view
    cards = {n: s.cards for n, s in before.seats.items()}
    actions = before.actions
    hand.extend(events[half:])
    assert {n: s.cards for n, s in before.seats.items()} == cards
    assert before.actions == actions
    assert hand.view.actions[:len(actions)] == actions


def test_a_ruling_asked_right_after_the_floor_ruled_is_the_one_judged_afresh() -> None:
    asked = 0
    for log in LOGS:
        hand = Hand(replace(log, events=()))
        for event in log.events:
            hand.push(event)
            ruling, redeal = hand._judge_now()
            fresh, fresh_redeal = hand.judged_now()
            assert (ruling, redeal) == (fresh, fresh_redeal), (log.hand_id, hand.events[-1])
            asked += ruling.verdict is not Verdict.CONTINUE and hand._standing is not None
    assert asked > 20, "rulings kept from the floor call were compared"
