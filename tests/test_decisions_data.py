"""The law is data: rule ids live in the rulebook files and the decision rows, never in the engine's code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from floorman.errors import HouseRulesError
from floorman.fold.findings import Irregularity
from floorman.fold.table import Street
from floorman.law.rulebooks import catalog, rulebooks
from floorman.law.rulebooks.decisions import TAGS, decision_rows, row
from floorman.law.rulings.model import Condition, RemedyKind
from tests.conftest import ROOT, load_cases

PACKAGE = ROOT / "src" / "floorman"
RULE_SHAPE = re.compile(r"^[A-Z]+(-(?:[A-Z0-9]+|RRoP))+$")
NOT_RULES = {"RULE-ID"}
"""Strings shaped like a rule id that are not one: the CLI's metavar for a rule id."""


def _string_literals(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module but its docstrings (module, class, function and attribute ones)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    return [
        (node.lineno, node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def _rule_pattern() -> re.Pattern[str]:
    ids = sorted(catalog(), key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9-])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9-])")


def test_the_engine_code_holds_no_rule_id_literal() -> None:
    """No string in the code is a rule id (help text may name one as an example, in a sentence)."""
    named = _rule_pattern()
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _string_literals(path)
        if text not in NOT_RULES and (RULE_SHAPE.match(text) or named.fullmatch(text))
    ]
    assert found == []


def test_the_guard_sees_a_rule_id_written_in_code(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Cites FLOP-4CARD in prose."""\nRULES = ("FLOP-4CARD", "PREM-RRoP")\n', encoding="utf-8")
    assert [text for _, text in _string_literals(module) if _rule_pattern().fullmatch(text)] == ["FLOP-4CARD", "PREM-RRoP"]


def test_every_row_cites_known_rules_with_a_known_tag_and_remedy() -> None:
    rules = set(catalog())
    for key, r in decision_rows().items():
        assert r.tag in TAGS, key
        for rule in (*r.rules, *([r.about] if r.about else [])):
            assert rule in rules or rule == "{sa_rule}", (key, rule)
        for step in r.remedies:
            RemedyKind(step.do)
            street, when = step.fields.get("street", "{street}"), step.fields.get("when")
            assert street.startswith("{") or Street(street), (key, street)
            assert when is None or Condition(when), (key, when)


def test_every_irregularity_has_the_row_that_maps_it_to_its_rules() -> None:
    for irregularity in Irregularity:
        assert row(f"{irregularity.value}.found").rules, irregularity


def test_every_rule_id_is_reachable_from_the_data() -> None:
    """Every rule of the reference is cited by a decision row or chosen by a book as its substantial-action test."""
    in_rows = {rule for r in decision_rows().values() for rule in r.rules}
    chosen = {book.params.sa_rule for book in rulebooks().values()}
    assert set(catalog()) - in_rows - chosen == set()


@pytest.mark.parametrize("book", sorted(rulebooks()))
def test_a_book_tags_only_rows_that_exist(book: str) -> None:
    rows = decision_rows()
    for key, tag in rulebooks()[book].tags.items():
        assert key in rows and tag in TAGS


def test_discretion_follows_the_row_tag_under_the_book() -> None:
    """A firm row a book makes the floor's call is doubtful under that book only."""
    wsop, tda = rulebooks()["wsop-2026"], rulebooks()["tda-2024"]
    stands = row("button_misplaced.stands")
    assert stands.tag == "V"
    assert wsop.tag_of(stands) == "I" and tda.tag_of(stands) == "V"


def test_a_house_rule_retags_a_row_with_data_only() -> None:
    """A room that has its own procedure for a short flop makes that row firm: no longer the floor's call."""
    from floorman.engine.hand import rule
    from floorman.formats import handlog, house

    case = next(c for c in load_cases() if c.get("log") and c["log"]["hand"] and _has_short_flop(c))
    log = handlog.from_obj(case["log"])
    assert rule(log, rulebook="wsop-2026").ruling.discretion
    room = house.loads('base = "wsop-2026"\n[tags]\n"short_flop.found" = "V"\n', name="room.toml")
    assert not rule(log, rulebook=room).ruling.discretion
    with pytest.raises(HouseRulesError, match="no decision row"):
        house.loads('[tags]\n"no_such.row" = "I"\n')


def _has_short_flop(case: dict[str, object]) -> bool:
    from floorman.engine.hand import rule
    from floorman.formats import handlog

    return any(f.irregularity.value == "short_flop" for f in rule(handlog.from_obj(case["log"])).ruling.findings)
