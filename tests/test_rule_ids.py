"""Every rule id of the rules reference is implemented in a rulebook and exercised by a test."""

from __future__ import annotations

import json
import re
from functools import cache

import floorman
from floorman.formats import handlog
from floorman.law.rulebooks import BOOK_IDS, catalog, rulebooks
from floorman.law.rulebooks.decisions import decision_rows
from tests.conftest import CASES, EXAMPLES, ROOT

RULES_MD = ROOT / "docs" / "spec" / "rules.md"


def reference_ids() -> set[str]:
    """The ids the rules reference defines: bold headers and the re-deal items defined inline."""
    text = RULES_MD.read_text(encoding="utf-8")
    ids = set(re.findall(r"^\*\*([A-Z]+(?:-[A-Za-z0-9]+)+)\*\*", text, flags=re.M))
    ids |= set(re.findall(r"^\*\*(DEF-STUB) / (DEF-BURN)\*\*", text, flags=re.M)[0])
    ids |= set(re.findall(r"^- \*\*(RD-[A-Z-]+)\*\*", text, flags=re.M))
    ids |= set(re.findall(r"^\*\*(SA-RRoP|PREM-RRoP)\*\*", text, flags=re.M))
    return ids


@cache
def exercised() -> frozenset[str]:
    """Every rule id that some scenario's ruling or finding rests on, under some rulebook."""
    seen: set[str] = set()
    logs = [json.loads(p.read_text(encoding="utf-8")) for p in CASES.glob("*.json")]
    objs = [c["log"] for c in logs if c.get("log")] + [
        json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES.glob("*.json")
    ]
    for obj in objs:
        log = handlog.from_obj(obj)
        for book in BOOK_IDS:
            result = floorman.rule(log, rulebook=book)
            for ruling in result.rulings:
                seen |= set(ruling.rules)
    return frozenset(seen)


def test_the_reference_defines_over_a_hundred_rule_ids() -> None:
    assert len(reference_ids()) >= 100


def test_every_reference_rule_id_is_in_the_catalog_and_nothing_else() -> None:
    assert reference_ids() == set(catalog())


def test_every_rule_id_is_cited_or_explained_by_every_rulebook() -> None:
    for book in rulebooks().values():
        for rule_id in catalog():
            assert rule_id in book.cites or rule_id in book.silent, (book.id, rule_id)


def test_every_rule_id_is_implemented_by_the_engine() -> None:
    """Cited by a decision row (src/floorman/law/rulebooks/data/decisions.toml), or chosen by a rulebook as its
    substantial-action rule."""
    rows = {rule for r in decision_rows().values() for rule in r.rules}
    chosen = {book.params.sa_rule for book in rulebooks().values()}
    for rule_id in catalog():
        assert rule_id in rows or rule_id in chosen, rule_id


def test_every_rule_id_is_cited_by_at_least_one_rulebook_or_marked_as_an_inference() -> None:
    for rule_id, rule in catalog().items():
        cited = any(rule_id in book.cites for book in rulebooks().values())
        assert cited or rule.tag in ("I", "U"), rule_id


def test_every_rule_id_is_exercised_by_a_scenario() -> None:
    missing = set(catalog()) - exercised()
    assert not missing, sorted(missing)


def test_every_rulebook_file_validates_against_one_schema() -> None:
    for book in rulebooks().values():
        assert book.params.sa_rule in catalog()
        assert set(book.discretion) <= set(catalog())
        assert set(book.silent) <= set(catalog())
        assert set(book.cites) <= set(catalog())
        for cite in book.cites.values():
            assert cite.number and cite.source
