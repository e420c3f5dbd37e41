"""Ruling on a hand leaves nothing for the garbage collector: every object the engine makes is freed by
its last reference, so an audit's memory and time do not wait on collections (the compiled core too,
where a nested function and the variables it shares would hold each other)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from floorman.engine.hand import Hand, rule
from floorman.fold.log import HandLog
from floorman.formats import handlog

ROOT = Path(__file__).resolve().parent.parent


def _logs() -> Iterator[tuple[str, HandLog]]:
    for path in sorted((ROOT / "examples").glob("*.json")) + sorted((ROOT / "tests" / "cases").glob("*.json")):
        try:
            yield path.name, handlog.loads(path.read_bytes())
        except Exception:  # a case file that is not a hand log (or one the reader refuses): not this test's
            continue
    for number, line in enumerate((ROOT / "examples" / "hands.jsonl").read_bytes().splitlines(), start=1):
        if line.strip():
            yield f"hands.jsonl:{number}", handlog.loads(line)


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _garbage() -> int:
    """How many objects only the collector could free (found now, then freed)."""
    return gc.collect()


@pytest.mark.usefixtures("collector_off")
def test_ruling_on_a_whole_log_leaves_no_cycles() -> None:
    logs = list(_logs())
    assert len(logs) > 20
    rule(logs[0][1])  # what is made once, on the first ruling (the catalog compiled from its source), is not a ruling's
    _garbage()
    for name, log in logs:
        result = rule(log)
        assert result.rulings, name
        del result
        assert _garbage() == 0, name


@pytest.mark.usefixtures("collector_off")
def test_the_live_api_leaves_no_cycles() -> None:
    _garbage()
    for name, log in _logs():
        hand = Hand(replace(log, events=()))
        for event in log.events:
            hand.push(event)
            hand.ruling()
        hand.result()
        _ = hand.view, hand.findings
        del hand
        assert _garbage() == 0, name
