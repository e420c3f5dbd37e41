"""The dataclasses of the core whose ``__init__`` is written out (so that the compiled core builds them
natively) take exactly their fields, with the fields' defaults, and set every one of them (a private field,
``_name``, is given by the parameter ``name``)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from enum import Enum
from typing import Any

import pytest

from floorman.audit.report import ChunkReport, FindingRow, HandAudit, Tally
from floorman.engine.hand import rule
from floorman.engine.result import Result
from floorman.errors import LogSyntaxError
from floorman.fold.events import Action
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog, Omission, RedealOf
from floorman.fold.rotation import RedealSeat, Redealt
from floorman.fold.seat import HoleCard, Seat, SeatState
from floorman.fold.state import ActionRecord, HandState
from floorman.fold.table import DealOrder, Family, Game, Level, Player, PlayerStatus, Street, Structure
from floorman.fold.view import view_of
from floorman.law.rulebooks import find_rulebook
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.model import Override, Remedy, RemedyKind, Ruling, Verdict
from floorman.locale import Message

WRITTEN_OUT = (HoleCard, SeatState, Seat, ActionRecord, HandLog, Result, Context, DealOrder, Player, FindingRow,
               HandAudit, ChunkReport, Message, Finding, RedealSeat, Ruling, Remedy, Decision)


def _required(cls: type) -> dict[str, Any]:
    """A value for each field without a default (any object will do: nothing checks it here)."""
    log = HandLog(game=Game.HOLDEM, seats=2, level=Level(big_blind=2), players=(Player(seat=1, name="An", stack=9),))
    samples: dict[str, Any] = {
        "card": "As", "at": 0, "seat": 1, "name": "An", "stack": 100, "status": PlayerStatus.PRESENT,
        "entitled": True, "present": True, "game": Game.HOLDEM, "seats": 2, "level": Level(big_blind=2),
        "players": (), "log": log, "rulebook": find_rulebook(None), "rulings": (), "findings": (), "redeal": None,
        "state": HandState(log), "_view": view_of(HandState(log)), "book": find_rulebook(None), "sa": False, "action": Action.FOLD, "in_turn": True,
        "street": Street.FLOP, "chips": 0, "family": Family.FLOP, "button": 2, "dead_button": False,
        "file": "hands.jsonl", "hand": "line 3", "irregularity": "boxed_card", "rules": ("BOX-1",),
        "verdict": "continue", "id": "ruling.misdeal.called", "hands": (), "count": 3, "tally": Tally(), "files": 1, "read_bytes": 100,
    }
    if cls is Seat:  # a frozen seat: its columns, bit sets, chips and marks
        samples |= {"faces": ("As",), "dealt_at": (3,), "card_streets": (None,), "positions": (None,), "up": 1,
                    "exposed": 0, "by_dealer": 0, "aside_set": 0, "replaced": 0, "aside": 0, "forced": 50,
                    "voluntary": 0, "street_bet": 50, "acted": False, "folded": False, "dead": False,
                    "dead_reason": "", "all_in": False, "owed_replacements": 0, "seated_during_hand": False}
    if cls is DealOrder:
        samples["seats"] = (1, 2)  # the seats dealt in, in order (a log's ``seats`` is how many the table has)
    if cls in (Finding, Ruling, Decision):  # the compiled core checks the enums' types
        samples |= {"irregularity": I.BOXED_CARD, "verdict": Verdict.CONTINUE, "citations": (), "remedies": (),
                    "substantial_action": False, "discretion": False}
    if cls is Decision:  # a decision is filled as the rules are read: lists
        samples |= {"rules": ["BOX-1"], "findings": []}
    samples |= {"do": RemedyKind.KILL_HAND, "how": Redealt.SAME} if cls in (Remedy, RedealSeat) else {}
    return {_param(f.name): samples[f.name] for f in dataclasses.fields(cls)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}


def _param(field: str) -> str:
    """The ``__init__`` parameter that gives a field."""
    return field.removeprefix("_")


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_written_out_init_takes_the_fields_in_order_with_their_kinds(cls: type) -> None:
    fields = dataclasses.fields(cls)
    try:
        params = list(inspect.signature(cls).parameters.values())
    except ValueError:
        params = []
    if [p.name for p in params] in ([], ["args", "kwargs"]):
        pytest.skip("compiled: the __init__ does not say its signature (the source, run pure, is checked)")
    assert [p.name for p in params] == [_param(f.name) for f in fields]
    for f, p in zip(fields, params, strict=True):
        keyword_only = p.kind is inspect.Parameter.KEYWORD_ONLY
        assert keyword_only == f.kw_only, f"{cls.__name__}.{f.name}: keyword-only differs"
        assert (p.default is inspect.Parameter.empty) == (
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING), f.name


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_written_out_init_sets_every_field_to_its_default(cls: type) -> None:
    required = _required(cls)
    made = cls(**required)
    for f in dataclasses.fields(cls):
        if _param(f.name) in required:
            assert getattr(made, f.name) is required[_param(f.name)], f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert getattr(made, f.name) == f.default_factory(), f.name
        else:
            assert getattr(made, f.name) == f.default, f.name


_FOR_NONE: dict[str, Any] = {
    "position": 3, "street": Street.FLOP, "button": 2, "button_should_be": 2, "structure": Structure.LIMIT,
    "rulebook": "tda", "redeal_of": RedealOf(count=2), "deck_back": "red", "game": "holdem", "table": "7",
    "dealer": "D-1", "verdict": Verdict.MISDEAL, "error": "line 3: not valid JSON", "error_event": 4,
    "error_field": "seat", "seat": 2, "card": "As", "count": 2, "level": 7, "time": "2026-12-04T21:05:00",
    "book": "tda-2024", "detail": b"{}",
    "reason": LogSyntaxError("error.json.invalid", reason="Expecting value", row=1, column=1, source="hands.jsonl"),
    "expected_seat": 3, "from_seat": 4, "note": Message.of("finding.boxed"), "how": "flashed",
    "order": DealOrder(family=Family.FLOP, seats=(1, 2), button=2, dead_button=False),
    "override": Override(at=5, verdict=Verdict.CONTINUE, reason="the players agreed"), "corrected_button": 3,
}
"""A value for each field whose default is ``None``."""


def _other_value(name: str, default: Any) -> Any:
    """A value of the field's type that is not its default (the compiled core checks the types)."""
    if default is None:
        return _FOR_NONE[name]
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return default + 7
    if isinstance(default, Enum):
        return next(member for member in type(default) if member is not default)
    if isinstance(default, str):
        return default + "x"
    if isinstance(default, frozenset):
        return frozenset({Omission.BURNS})
    if isinstance(default, (list, tuple)):
        return type(default)([None])
    return {"k": 1}


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_written_out_init_sets_each_field_given(cls: type) -> None:
    required = _required(cls)
    made = cls(**required)
    for f in dataclasses.fields(cls):
        if _param(f.name) in required:
            continue
        value = _other_value(f.name, getattr(made, f.name))
        again = cls(**required, **{f.name: value})
        assert getattr(again, f.name) is value, f.name


def test_frozen_values_stay_frozen() -> None:
    result = rule(HandLog(game=Game.HOLDEM, seats=2, button=1, level=Level(big_blind=2),
                          players=(Player(seat=1, name="An", stack=9), Player(seat=2, name="Bo", stack=9))))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.log.seats = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.findings = (Finding(at=0, irregularity=I.BOXED_CARD),)  # type: ignore[misc]


def test_a_message_travels_between_processes_as_it_is() -> None:
    message = Message.of("ruling.misdeal.called", cause=Message.of("cause.wrong_number_of_cards_2"), seats=(3, 5))
    again = pickle.loads(pickle.dumps(message))
    assert again == message and hash(again) == hash(message) and type(again) is Message
