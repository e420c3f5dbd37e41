"""Scenarios written from the rulebook texts alone, and the open disagreements with the engine.

Each file in tests/scenarios/blind/ was written from rules.md and the books' own texts, expectations
first, by people who had not read the engine. Where the engine's ruling departs from a scenario, the
departure was triaged against the text and recorded in a TRIAGE-*.toml ledger: ``engine-wrong`` (the
text says what the scenario expects; the engine is to be fixed) or ``text-unclear`` (both readings are
defensible; the scenario keeps the default it argues for). A scenario judged wrong against the text was
corrected in its file, never to match the engine, and its row stays as ``scenario-wrong``, the record
of what was misread; such a scenario must agree now.

The tests hold the ledger exact both ways: a scenario/book pair that is not in the ledger must agree
with the engine, and a pair in the ledger must still disagree (once the engine is fixed, its row is
taken out). So the ledger is always the true list of what is left to fix.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

import floorman
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from tests.conftest import ROOT
from tests.scenario_check import problems

BLIND = ROOT / "tests" / "scenarios" / "blind"
SCENARIOS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(BLIND.glob("*.json"))]
TRIAGES = ("engine-wrong", "text-unclear")
CORRECTED = "scenario-wrong"
"""A row kept as the record of a scenario corrected against the text: it must agree now."""
WRITTEN_FROM_THE_TEXTS = ("blind-a", "blind-b", "blind-c", "blind-d", "blind-e", "blind-f", "blind-g", "blind-h",
                         "blind-i", "blind-j", "blind-k", "blind-l",
                         "blind-m")
"""The author sets of set (a): scenarios written from rules.md and the books alone (set (b), published rulings, is apart)."""


def _rows() -> list[dict[str, Any]]:
    return [row for path in sorted(BLIND.glob("TRIAGE-*.toml"))
            for row in tomllib.loads(path.read_text(encoding="utf-8")).get("disagreement", [])]


ROWS = _rows()
LEDGER = {(row["id"], row["book"]): row for row in ROWS if row["triage"] != CORRECTED}
PAIRS = [
    pytest.param(case, book, id=f"{case['id']}-{book}")
    for case in SCENARIOS
    for book in case["expect"]
]


def _problems(case: dict[str, Any], book: str) -> list[str]:
    log = handlog.from_obj(case["log"])
    result = ruling_json.to_obj(floorman.rule(log, rulebook=book))
    return problems(case["expect"][book], result)


@pytest.mark.parametrize(("case", "book"), PAIRS)
def test_blind_scenario_agrees_or_is_a_triaged_disagreement(case: dict[str, Any], book: str) -> None:
    found = _problems(case, book)
    row = LEDGER.get((case["id"], book))
    if row is None:
        assert found == [], f"{case['id']} under {book}: {found} (not in the triage ledger)"
    else:
        assert found, (f"{case['id']} under {book} now agrees with the engine: take its row out of the "
                       f"ledger ({row['triage']}: {row['reading']})")


def test_every_ledger_row_names_a_scenario_and_book_and_says_why() -> None:
    expected = {(case["id"], book) for case in SCENARIOS for book in case["expect"]}
    for row in ROWS:
        case_id, book = row["id"], row["book"]
        assert (case_id, book) in expected, f"ledger row {case_id}/{book} names no scenario expectation"
        assert row["triage"] in (*TRIAGES, CORRECTED), f"{case_id}/{book}: triage {row['triage']!r}"
        assert row["reading"].strip(), f"{case_id}/{book}: no reading of the text"
        if row["triage"] == CORRECTED:
            assert (case_id, book) not in LEDGER, f"{case_id}/{book} is both corrected and open"


def test_the_scenarios_written_from_the_texts_alone_number_at_least_150() -> None:
    written = [case for case in SCENARIOS if case["author_set"] in WRITTEN_FROM_THE_TEXTS]
    assert len(written) >= 150, f"{len(written)} scenarios by {', '.join(WRITTEN_FROM_THE_TEXTS)}"


def test_every_blind_scenario_argues_from_the_text() -> None:
    for case in SCENARIOS:
        assert case.get("reading", "").strip(), f"{case['id']}: no reading"
        assert case["expect"], f"{case['id']}: no expectation"
        for book, want in case["expect"].items():
            assert want.get("confidence") in ("certain", "likely"), f"{case['id']}/{book}: confidence"
