"""The ruling object of hand-log section 3, as JSON.

>>> from floorman.formats import handlog
>>> from floorman.engine.hand import rule
>>> log = handlog.load("examples/first-card-wrong-seat.json")
>>> obj = to_obj(rule(log))
>>> obj["rulings"][-1]["verdict"], obj["findings"][0]["irregularity"]
('misdeal', 'first_card_wrong_seat')
"""

from __future__ import annotations

import json
from typing import IO, Any

from floorman.engine.result import Result
from floorman.fold.findings import Finding
from floorman.formats import handlog
from floorman.formats.handlog import JsonEncoder
from floorman.law.rulebooks import Citation
from floorman.law.rulebooks.decisions import finding_rules
from floorman.law.rulings.model import Ruling
from floorman.locale import in_every_lang

__all__ = ["dump", "dumps", "finding_to_obj", "ruling_to_obj", "to_obj"]


def finding_to_obj(f: Finding) -> dict[str, Any]:
    obj: dict[str, Any] = {"at": f.at, "irregularity": f.irregularity.value, "rules": list(finding_rules(f))}
    for key in ("seat", "card", "count", "position", "expected_seat", "from_seat"):
        value = getattr(f, key)
        if value is not None:
            obj[key] = value
    if f.street is not None:
        obj["street"] = f.street.value
    return obj


def _citation_to_obj(c: Citation) -> dict[str, str]:
    """The rule and its source; ``source_<lang>`` too for each other language where its line differs (a book
    silent on the rule, or citing it through its fallback: a note of the catalog)."""
    obj = {"rule": c.rule, "source": c.source}
    if c.is_said:
        obj.update((key, said) for key, said in in_every_lang("source", c.source_in).items() if said != c.source)
    return obj


def ruling_to_obj(r: Ruling) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "at": r.at,
        "verdict": r.verdict.value,
        "rules": list(r.rules),
        "citations": [_citation_to_obj(c) for c in r.citations],
        "substantial_action": r.substantial_action,
        "substantial_action_test": {"rule": r.substantial_action_test, "counts": r.substantial_action_counts},
        "discretion": r.discretion,
        "remedies": [m.to_obj() for m in r.remedies],
        **in_every_lang("explanation", r.explain),
    }
    if r.discretion_messages:
        obj.update(in_every_lang("discretion_reasons", lambda lang: list(r.reasons(lang))))
    if r.override is not None:
        obj["override"] = {
            "at": r.override.at,
            "verdict": r.override.verdict.value,
            "reason": r.override.reason,
            "summary": r.override.summary(r.verdict),
        }
    return obj


def to_obj(result: Result) -> dict[str, Any]:
    book = result.rulebook
    rulebook: dict[str, Any] = {"id": book.id, "name": book.name}
    if book.house is not None:
        rulebook["house"] = book.house
        rulebook["switches"] = list(book.house_switches)
    obj: dict[str, Any] = {
        "floorman": 1,
        "rulebook": rulebook,
        "rulings": [ruling_to_obj(r) for r in result.rulings],
        "findings": [finding_to_obj(f) for f in result.findings],
    }
    for key in ("hand", "table", "dealer"):
        if key in result.log.meta:
            obj[key] = result.log.meta[key]
    if result.redeal is not None:
        obj["redeal"] = handlog.to_obj(result.redeal)
    return obj


def dumps(result: Result, *, indent: int | None = 1) -> str:
    return json.dumps(to_obj(result), cls=JsonEncoder, indent=indent, ensure_ascii=False)


def dump(result: Result, fp: IO[str]) -> None:
    fp.write(dumps(result))
    fp.write("\n")
