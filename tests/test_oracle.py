"""Every oracle scenario, under every rulebook it names, as the floor would rule it."""

from __future__ import annotations

from typing import Any

import pytest

import floorman
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from tests.conftest import load_cases
from tests.scenario_check import problems

CASES = load_cases()
PARAMS = [
    pytest.param(case, book, id=f"{case['id']}-{book}")
    for case in CASES
    if case.get("log") is not None
    for book in case["expect"]
]


@pytest.mark.parametrize(("case", "book"), PARAMS)
def test_oracle_scenario(case: dict[str, Any], book: str) -> None:
    log = handlog.from_obj(case["log"])
    result = ruling_json.to_obj(floorman.rule(log, rulebook=book))
    assert problems(case["expect"][book], result) == []


def test_every_scenario_file_has_a_log_or_says_why_not() -> None:
    for case in CASES:
        assert case.get("log") is not None or case.get("skip"), case["id"]
