"""Hand log version 1.2: a pot awarded during a break (``pot_awarded.during_break``) and the time of a floor call after
the award (``floor.seconds_after_award``). Every version 1 and 1.1 log stays valid; a bad value is refused naming the
event index and the field; a log that uses 1.2 is written back as 1.2."""

from __future__ import annotations

import json
from typing import Any

import pytest

import floorman
from floorman.errors import LogFieldError
from floorman.fold.log import Version
from floorman.formats import handlog
from tests.conftest import ROOT


def _log(version: Any, events: list[dict[str, Any]]) -> str:
    return json.dumps({"floorman": version, "game": "holdem", "seats": 2, "button": 1,
                       "level": {"small_blind": 1, "big_blind": 2},
                       "players": [{"seat": 1, "name": "Ann", "stack": 100}, {"seat": 2, "name": "Bao", "stack": 100}],
                       "events": events})


IN_BREAK = [{"type": "pot_awarded", "during_break": True}, {"type": "floor", "seconds_after_award": 45}]


def test_a_version_1_2_log_round_trips_with_its_break_and_its_time() -> None:
    log = handlog.loads(_log(1.2, IN_BREAK))
    assert log.version is Version.V1_2
    again = json.loads(handlog.dumps(log))
    assert again["floorman"] == 1.2
    assert again["events"] == IN_BREAK


@pytest.mark.parametrize("version", [1, 1.1])
def test_a_log_of_an_earlier_version_giving_a_1_2_field_is_refused_naming_the_event_and_field(version: float) -> None:
    with pytest.raises(LogFieldError, match=r"event 0: field 'during_break': is new in hand log version 1.2"):
        handlog.loads(_log(version, IN_BREAK))
    with pytest.raises(LogFieldError, match=r"event 1: field 'seconds_after_award': is new in hand log version 1.2"):
        handlog.loads(_log(version, [{"type": "pot_awarded"}, {"type": "floor", "seconds_after_award": 3}]))


@pytest.mark.parametrize(("events", "where"), [
    ([{"type": "pot_awarded", "during_break": "yes"}], "event 0: field 'during_break': expected true or false"),
    ([{"type": "pot_awarded", "during_break": None}], "event 0: field 'during_break'"),
    ([{"type": "pot_awarded"}, {"type": "floor", "seconds_after_award": -1}],
     "event 1: field 'seconds_after_award': expected a whole number from 0 to 86400"),
    ([{"type": "pot_awarded"}, {"type": "floor", "seconds_after_award": 12.5}], "event 1: field 'seconds_after_award'"),
    ([{"type": "floor", "seconds_after_award": 10}], "event 0: field 'seconds_after_award': says how long after the pot"),
])
def test_a_bad_1_2_value_is_refused_naming_the_event_index_and_field(events: list[dict[str, Any]], where: str) -> None:
    with pytest.raises(LogFieldError, match=where.replace("(", r"\(")):
        handlog.loads(_log(1.2, events))


@pytest.mark.parametrize("version", [1, 1.1])
def test_earlier_logs_stay_valid_and_are_written_back_in_their_own_version(version: float) -> None:
    log = handlog.loads(_log(version, [{"type": "pot_awarded"}, {"type": "floor"}]))
    assert json.loads(handlog.dumps(log))["floorman"] == version


def test_a_log_built_with_a_1_2_field_is_written_as_1_2() -> None:
    log = handlog.from_obj(json.loads(_log(1.2, IN_BREAK)))
    assert handlog.needs_v1_2(log)
    assert not handlog.needs_v1_2(handlog.loads(_log(1.1, [{"type": "pot_awarded"}])))


V1_2_EXAMPLES = {
    "hand-finished-in-a-break.json": ("continue", "DISP-WINDOW", "correct_award", True),
    "claim-after-the-break-minute.json": ("continue", "DISP-WINDOW", None, False),
}


def test_the_v1_2_examples_declare_their_version_round_trip_and_rule_as_their_readme_says() -> None:
    folder = ROOT / "examples" / "v1.2"
    assert {p.name for p in folder.glob("*.json")} == set(V1_2_EXAMPLES)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    for name, (verdict, rule, remedy, doubt) in V1_2_EXAMPLES.items():
        assert f"`{name}`" in readme
        log = floorman.load(folder / name)
        assert log.version is Version.V1_2
        assert handlog.loads(handlog.dumps(log)) == log
        ruling = floorman.rule(log).ruling
        assert (ruling.verdict.value, ruling.rules[0]) == (verdict, rule), name
        assert ruling.discretion is doubt, name
        assert [r.do.value for r in ruling.remedies][:1] == ([remedy] if remedy else []), name
