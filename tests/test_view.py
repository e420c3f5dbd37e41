"""What the engine hands out about a hand is a frozen view (``HandView``), not the fold's working state.

The view has every field of the fold's ``HandState`` under the same name, but those the fold keeps for its own
reckoning (``PRIVATE_TO_THE_FOLD``, each with its reason), and each of its seats every field of ``SeatState``: a field
added to the state and forgotten in the view fails here. A view says what the state says, nothing in it is a list, a
dict or a set that a later event could change, and a view taken early says the same after the hand goes on.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from floorman.engine.hand import Hand, replay, rule
from floorman.fold.log import HandLog
from floorman.fold.seat import Seat, SeatState
from floorman.fold.state import HandState
from floorman.fold.table import PlayerStatus
from floorman.fold.view import PRIVATE_TO_THE_FOLD, HandView, view_of
from floorman.formats import handlog

ROOT = Path(__file__).parent
WORKED_OUT = frozenset({"next_to_act", "pot", "uncalled", "live_seats"})
"""The view's fields that the fold works out when it makes the view (the state answers them when asked)."""


def _logs() -> list[HandLog]:
    out = [handlog.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT.parent / "examples").glob("*.json"))]
    for path in sorted((ROOT / "cases").glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8")).get("log")
        if isinstance(log, dict):
            out.append(handlog.from_obj(log))
    return out


LOGS = _logs()


def fields_of(obj: object) -> tuple[str, ...]:
    """The names of an object's fields: a dataclass's, or the attributes of an instance (compiled with mypyc, its
    class lists them)."""
    if dataclasses.is_dataclass(obj):
        return tuple(f.name for f in dataclasses.fields(obj))
    names: tuple[str, ...] | None = getattr(type(obj), "__mypyc_attrs__", None)
    return names if names is not None else tuple(vars(obj))


def plain(value: Any) -> Any:
    """A value written out the same whether it is the state's (lists, sets, dicts, ``SeatState``) or the view's
    (tuples, frozen sets, read-only mappings, ``Seat``)."""
    if isinstance(value, (SeatState, Seat)):
        return tuple(sorted((name, plain(getattr(value, name))) for name in fields_of(value)))
    if isinstance(value, Mapping):
        return tuple(sorted((repr(k), plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(plain(v)) for v in value))
    return repr(value)


def said(hand: HandState | HandView) -> str:
    """Everything a state or a view holds that both hold (the fold's private fields and the worked-out ones left
    out, and the log, which both share)."""
    names = set(fields_of(hand)) - PRIVATE_TO_THE_FOLD - WORKED_OUT - {"log"}
    return repr(sorted((name, plain(getattr(hand, name))) for name in names))


def test_the_view_has_every_field_of_the_state_but_those_private_to_the_fold() -> None:
    state_fields = set(fields_of(HandState(LOGS[0])))
    view_fields = {f.name for f in dataclasses.fields(HandView)}
    missing = state_fields - view_fields - PRIVATE_TO_THE_FOLD
    assert not missing, f"fields of HandState neither in HandView nor private to the fold: {sorted(missing)}"
    assert state_fields >= PRIVATE_TO_THE_FOLD, "a field said to be private to the fold is no field of it"
    assert not PRIVATE_TO_THE_FOLD & view_fields
    assert view_fields - state_fields == WORKED_OUT
    assert len(PRIVATE_TO_THE_FOLD) <= 3, "a field kept from the view says why, beside it in fold/view.py"


def test_a_field_added_to_the_state_alone_is_found() -> None:
    state = HandState(LOGS[0])
    try:
        state.forgotten = 1  # type: ignore[attr-defined]
    except AttributeError:
        pytest.skip("compiled: an instance takes no new attribute (the source, run pure, is checked)")
    assert set(fields_of(state)) - {f.name for f in dataclasses.fields(HandView)} - PRIVATE_TO_THE_FOLD == {
        "forgotten"}


def test_a_seat_of_the_view_has_every_field_of_the_folds_seat() -> None:
    seat = SeatState(seat=1, name="An", stack=100, status=PlayerStatus.PRESENT, entitled=True, present=True)
    assert set(fields_of(seat)) == {f.name for f in dataclasses.fields(Seat)}
    assert plain(seat.frozen()) == plain(seat)


def test_a_view_says_what_the_state_says() -> None:
    for log in LOGS:
        hand = Hand(log)
        view = hand.view
        assert said(view) == said(hand._state), log.hand_id
        state = hand._state
        assert (view.pot, view.uncalled, view.live_seats) == (state.pot, state.uncalled, state.live_seats)
        assert view.actions == state.actions and view.contested_pot == state.contested_pot


def _changeable(value: Any) -> bool:
    if isinstance(value, (list, dict, set, bytearray, SeatState, HandState)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return any(_changeable(v) for v in value)
    if isinstance(value, Mapping):
        return type(value) is not MappingProxyType or any(_changeable(v) for v in value.values())
    return False


def test_nothing_in_a_view_can_be_changed() -> None:
    seats = 0
    for log in LOGS:
        view = rule(log).view
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.pot = 0  # type: ignore[misc]
        for name in fields_of(view):
            assert not _changeable(getattr(view, name)), name
        for seat in view.seats.values():
            assert isinstance(seat, Seat)
            assert not any(_changeable(getattr(seat, name)) for name in fields_of(seat)), seat.seat
            seats += 1
        with pytest.raises(TypeError):
            view.seats[1] = next(iter(view.seats.values()))  # type: ignore[index]
    assert seats > 500


def test_the_check_above_can_fail() -> None:
    assert _changeable((1, [2])) and _changeable({1: 2}) and _changeable(MappingProxyType({1: {2}}))
    assert not _changeable((1, frozenset({2}), MappingProxyType({1: (2,)})))


def test_a_view_taken_early_says_the_same_when_the_hand_goes_on() -> None:
    moved = 0
    for log in LOGS:
        events = list(log.events)
        hand = Hand(replace(log, events=()))
        hand.extend(events[:len(events) // 2])
        early, result = hand.view, hand.result()
        seen = said(early), said(result.view)
        hand.extend(events[len(events) // 2:])
        assert (said(early), said(result.view)) == seen, log.hand_id
        moved += said(hand.view) != seen[0]
    assert moved == len(LOGS) > 100, "every hand went on after its views were taken"


def test_a_result_makes_its_view_once() -> None:
    result = rule(LOGS[0])
    assert result.view is result.view
    assert said(result.view) == said(Hand(LOGS[0]).result().view)
    assert said(replay(LOGS[0])) == said(view_of(Hand(LOGS[0])._state))
