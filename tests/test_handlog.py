"""The hand log format v1: every log it allows is accepted, every other is rejected naming event and field."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest

from floorman.errors import LogFieldError, LogSyntaxError
from floorman.formats import handlog
from tests.conftest import EXAMPLES

BASE = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))


def with_change(path: list[Any], value: Any) -> dict[str, Any]:
    obj = copy.deepcopy(BASE)
    target = obj
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return obj


_DELETE = object()


def test_the_spec_examples_are_accepted_and_round_trip() -> None:
    for path in EXAMPLES.glob("*.json"):
        log = handlog.load(path)
        assert handlog.loads(handlog.dumps(log)) == log


@pytest.mark.parametrize(
    ("path", "value", "event", "field", "words"),
    [
        (["events", 3, "seat"], 12, 3, "seat", "expected a seat number from 1 to 6, got 12"),
        (["events", 3, "seat"], "2", 3, "seat", "got '2'"),
        (["events", 3, "card"], "Zz", 3, "card", "expected a card"),
        (["events", 3, "face_up"], "yes", 3, "face_up", "expected true or false"),
        (["events", 3, "type"], "teleport", 3, "type", "expected one of post, deal"),
        (["events", 3, "colour"], "red", 3, "colour", "unknown field"),
        (["events", 15, "action"], "shove", 15, "action", "expected one of 'fold'"),
        (["events", 15, "to"], _DELETE, 15, "to", "is required for a raise"),
        (["events", 15, "to"], -5, 15, "to", "0 or more"),
        (["events", 15, "to"], 10**20, 15, "to", "up to"),
        (["events", 15, "to"], True, 15, "to", "a number"),
        (["events", 15, "seat"], 7, 15, "seat", "expected a seat number from 1 to 6"),
        (["events", 0, "blind"], "big", 0, "blind", "expected one of 'sb'"),
        (["events", 0, "amount"], "200", 0, "amount", "a number"),
        (["events", 26, "note"], 5, 26, "note", "expected a string"),
        (["seats"], 11, None, "seats", "from 2 to 10"),
        (["button"], 0, None, "button", "from 1 to 6"),
        (["button"], _DELETE, None, "button", "is required"),
        (["game"], "whist", None, "game", "expected one of 'holdem'"),
        (["level", "small_blind"], -1, None, "level.small_blind", "0 or more"),
        (["level", "bigblind"], 5, None, "level.bigblind", "unknown field"),
        (["players", 0, "seat"], 2, None, "players[1].seat", "listed twice"),
        (["players", 0, "stack"], None, None, "players[0].stack", "is required"),
        (["players", 0, "status"], "asleep", None, "players[0].status", "expected one of 'present'"),
        (["deck"], "red", None, "deck", "expected an object"),
        (["omits"], ["bets"], None, "omits", "expected only burns"),
        (["events"], {}, None, "events", "expected a list"),
        (["surprise"], 1, None, "surprise", "unknown field"),
    ],
)
def test_rejections_name_the_event_index_and_the_field(
    path: list[Any], value: Any, event: int | None, field: str, words: str
) -> None:
    with pytest.raises(LogFieldError) as info:
        handlog.from_obj(with_change(path, value))
    err = info.value
    assert err.event == event
    assert err.field == field
    assert words in str(err)
    assert "\n" not in str(err)


def test_private_fields_are_kept_and_passed_through() -> None:
    obj = with_change(["_room"], {"name": "Saigon"})
    obj["events"][3]["_rfid"] = "A1B2"
    log = handlog.from_obj(obj)
    back = handlog.to_obj(log)
    assert back["_room"] == {"name": "Saigon"}
    assert back["events"][3]["_rfid"] == "A1B2"


def test_ruling_applied_must_point_at_an_earlier_floor_event() -> None:
    obj = copy.deepcopy(BASE)
    obj["events"].insert(3, {"type": "ruling_applied", "ruling": 0})
    with pytest.raises(LogFieldError) as info:
        handlog.from_obj(obj)
    assert info.value.event == 3 and info.value.field == "ruling"


def test_an_override_needs_a_verdict_and_a_reason() -> None:
    obj = copy.deepcopy(BASE)
    obj["events"].append({"type": "ruling_applied", "ruling": 0, "override": {"verdict": "misdeal"}})
    with pytest.raises(LogFieldError) as info:
        handlog.from_obj(obj)
    assert info.value.field == "override.reason"


def test_an_empty_seat_cannot_act_but_can_be_dealt_to() -> None:
    obj = copy.deepcopy(BASE)
    obj["players"] = [p for p in obj["players"] if p["seat"] != 5]
    obj["events"][7] = {"type": "deal", "seat": 5}
    obj["events"][17] = {"type": "act", "seat": 5, "action": "fold"}
    with pytest.raises(LogFieldError) as info:
        handlog.from_obj(obj)
    assert (info.value.event, info.value.field) == (17, "seat")
    assert "has no player" in str(info.value)


def test_a_player_seated_during_the_hand_may_act_after() -> None:
    obj = copy.deepcopy(BASE)
    obj["players"] = [p for p in obj["players"] if p["seat"] != 5]
    obj["events"][7] = {"type": "seat_player", "seat": 5, "name": "Tuan", "stack": 30000}
    assert handlog.from_obj(obj).players[-1].seat == 6


@pytest.mark.parametrize("text", [b"", b"{", b"\xff\xfe", b'{"floorman": 1,}', b"[" * 100000])
def test_text_that_is_not_json_is_a_syntax_error(text: bytes) -> None:
    with pytest.raises(LogSyntaxError):
        handlog.loads(text)


def test_decimal_amounts_survive_a_round_trip() -> None:
    obj = with_change(["level", "small_blind"], 0.25)
    text = json.dumps(obj).replace("0.25", "0.25")
    log = handlog.loads(text)
    assert str(log.level.small_blind) == "0.25"
    assert handlog.loads(handlog.dumps(log)) == log


def test_jsonl_errors_name_the_line() -> None:
    good = json.dumps(BASE)
    bad = json.dumps(with_change(["events", 3, "seat"], 99))
    stream = io.StringIO("\n".join([good, "", bad]) + "\n")
    hands = handlog.iter_jsonl(stream)
    assert next(hands).button == 6
    with pytest.raises(LogFieldError) as info:
        next(hands)
    assert info.value.line == 3
    assert str(info.value).startswith("line 3: event 3: field 'seat'")


def test_the_examples_jsonl_holds_every_example_log() -> None:
    with (EXAMPLES / "hands.jsonl").open(encoding="utf-8") as fp:
        from_jsonl = list(handlog.iter_jsonl(fp))
    singles = [handlog.load(p) for p in sorted(EXAMPLES.glob("*.json"))]
    assert from_jsonl == singles


def test_a_field_given_twice_is_refused_beside_fields_given_at_their_default() -> None:
    obj = copy.deepcopy(BASE)
    obj["events"][3] = {**obj["events"][3], "face_up": False, "boxed": False}
    text = json.dumps(obj)
    assert handlog.loads(text) == handlog.from_obj(obj)
    twice = text.replace('"boxed": false', '"boxed": false, "seat": 1', 1)
    with pytest.raises(LogFieldError) as info:
        handlog.loads(twice)
    assert (info.value.event, info.value.field) == (3, "seat")


@pytest.mark.parametrize("amount", ['"200"', '"2.50"'])
def test_an_amount_written_as_a_string_is_refused_beside_a_field_at_its_default(amount: str) -> None:
    obj = copy.deepcopy(BASE)
    obj["events"].append({"type": "muck", "seat": 1, "by": "player"})  # a string field at its default
    text = json.dumps(obj).replace(f'"amount": {obj["events"][0]["amount"]}', f'"amount": {amount}', 1)
    with pytest.raises(LogFieldError) as info:
        handlog.loads(text)
    assert (info.value.event, info.value.field) == (0, "amount")
    assert "a number" in str(info.value)
