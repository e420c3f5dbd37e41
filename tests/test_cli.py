"""The command line: the same rulings as the library, one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import floorman
from floorman.cli import main
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import catalog
from tests.conftest import EXAMPLES, load_cases
from tests.scenario_check import problems

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))
EXPECTED_WSOP = {
    "one-boxed-card": "continue",
    "two-boxed-cards": "misdeal",
    "first-card-wrong-seat": "misdeal",
    "heads-up-correct-deal": "continue",
    "exposed-first-card": "misdeal",
    "exposed-third-card-flop-burn": "continue",
    "three-folds-then-wrong-first-card": "continue",
    "fold-call-then-wrong-first-card": "continue",
    "duplicate-card-on-river": "void",
    "foreign-back-in-stub-before-sa": "misdeal",
    "foreign-back-in-stub-after-sa": "continue",
    "four-card-flop": "continue",
    "missing-flop-burn-before-action": "continue",
    "missing-flop-burn-after-check": "continue",
    "misdeal-absent-player-and-new-arrival": "misdeal",
    "two-folds-then-wrong-first-card": "misdeal",
    "stud-down-card-exposed": "misdeal",
}


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_every_example_is_listed_with_its_expected_verdict() -> None:
    assert {p.stem for p in EXAMPLE_FILES} == set(EXPECTED_WSOP)


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_rule_json_answers_every_example_as_the_library_does(path: Path) -> None:
    code, out, _ = run("rule", str(path), "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["rulings"][-1]["verdict"] == EXPECTED_WSOP[path.stem]
    library = ruling_json.to_obj(floorman.rule(floorman.load(path)))
    assert obj == json.loads(json.dumps(library))


@pytest.mark.parametrize("case", [c for c in load_cases() if c.get("log")][:40], ids=lambda c: c["id"])
def test_rule_json_from_standard_input_meets_the_scenario(case: dict[str, object]) -> None:
    code, out, _ = run("rule", "-", "--json", stdin=json.dumps(case["log"]))
    assert code == 0
    expect = case["expect"]
    assert isinstance(expect, dict)
    assert problems(expect["wsop-2026"], json.loads(out)) == []


def test_rule_human_output_puts_the_verdict_first_then_steps_then_rules() -> None:
    code, out, _ = run("rule", str(EXAMPLES / "first-card-wrong-seat.json"), "--no-color")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("MISDEAL")
    steps = lines.index("What to do:")
    rules = lines.index("Rules:")
    assert steps < rules
    assert lines[steps + 1].strip().startswith("1. Give seat 3 back 400 chips")
    assert "WSOP 2026 Tournament Rule 88.a.3" in out


def test_rule_colours_the_verdict_only_when_asked() -> None:
    _, plain, _ = run("rule", str(EXAMPLES / "four-card-flop.json"), "--no-color")
    _, colored, _ = run("rule", str(EXAMPLES / "four-card-flop.json"), "--color")
    assert "\033[" not in plain
    assert "\033[" in colored


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "not valid JSON"),
        ('{"floorman": 1}', "field 'game': is required"),
        ('{"floorman": 2, "game": "holdem"}', "field 'floorman'"),
        ('[1, 2]', "expected a JSON object"),
    ],
)
def test_unreadable_logs_exit_2_with_one_line_and_no_traceback(text: str, needle: str) -> None:
    code, out, err = run("rule", "-", stdin=text)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
    assert "Traceback" not in err


def test_an_error_inside_an_event_names_the_file_the_event_index_and_the_field(tmp_path: Path) -> None:
    obj = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))
    obj["events"][7]["card"] = "1x"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(obj), encoding="utf-8")
    code, _, err = run("rule", str(bad))
    assert code == 2
    assert err.strip() == (f"floorman: {bad}: event 7: field 'card': expected a card such as 'As', 'Td', '??' or "
                           "'JK', got '1x'")


def test_a_missing_file_exits_2() -> None:
    code, _, err = run("rule", "no-such-hand.json")
    assert code == 2
    assert "no-such-hand.json" in err


def test_an_unknown_rulebook_exits_2() -> None:
    code, _, err = run("rule", str(EXAMPLES / "four-card-flop.json"), "--rulebook", "vegas-1999")
    assert code == 2
    assert "no rulebook 'vegas-1999'" in err


def test_rulebook_aliases_pick_the_newest_edition() -> None:
    _, out, _ = run("rule", str(EXAMPLES / "four-card-flop.json"), "--rulebook", "tda", "--json")
    assert json.loads(out)["rulebook"]["id"] == "tda-2024"


def test_rules_lists_every_rule_id_with_its_citation() -> None:
    code, out, _ = run("rules", "--json")
    assert code == 0
    rows = json.loads(out)["rules"]
    assert [r["rule"] for r in rows] == list(catalog())
    assert all(r["source"] for r in rows)


def test_explain_shows_the_rule_in_every_book_and_in_vietnamese() -> None:
    code, out, _ = run("explain", "FLOP-4CARD")
    assert code == 0
    assert "WSOP 2026 Tournament Rule 89" in out
    assert "Poker TDA Rules 2024" in out
    _, vi, _ = run("explain", "flop-4card", "--lang", "vi")
    assert "flop" in vi.lower() and "bốn" in vi


def test_explain_names_the_evidence_tag_in_words_not_a_letter() -> None:
    _, out, _ = run("explain", "FLOP-4CARD")
    _, vi, _ = run("explain", "FLOP-4CARD", "--lang", "vi")
    assert out.splitlines()[0].endswith("[verified]") and vi.splitlines()[0].endswith("[đã kiểm chứng]")
    assert "[V]" not in out + vi


def test_explain_an_unknown_rule_exits_2() -> None:
    code, _, err = run("explain", "MD-NOTHING")
    assert code == 2
    assert "no rule 'MD-NOTHING'" in err


def test_compare_shows_the_rrop_two_folds_disagreement(tmp_path: Path) -> None:
    case = next(c for c in load_cases() if c["id"] == "O-SA-01")
    path = tmp_path / "two-folds.json"
    path.write_text(json.dumps(case["log"]), encoding="utf-8")
    code, out, _ = run("compare", str(path), "--json")
    assert code == 0
    verdicts = {o["rulebook"]["id"]: o["rulings"][-1]["verdict"] for o in json.loads(out)["compare"]}
    assert verdicts == {"wsop-2026": "misdeal", "wsop-la-2026": "misdeal", "tda-2024": "misdeal",
                        "tda-2022": "misdeal", "rrop": "continue"}
    _, table, _ = run("compare", str(path))
    assert "disagree" in table


def test_house_rules_flip_a_switch_and_are_named_in_the_ruling(tmp_path: Path) -> None:
    house = tmp_path / "room.toml"
    house.write_text('name = "Saigon Room"\nbase = "tda-2024"\n[switches]\none_extra_card = "burn"\n', encoding="utf-8")
    case = next(c for c in load_cases() if c["id"] == "O-CN-02")
    log = tmp_path / "extra.json"
    log.write_text(json.dumps(case["log"]), encoding="utf-8")
    _, tda, _ = run("rule", str(log), "--rulebook", "tda", "--json")
    code, out, _ = run("rule", str(log), "--house", str(house), "--json")
    assert code == 0
    assert json.loads(tda)["rulings"][-1]["verdict"] == "misdeal"
    obj = json.loads(out)
    assert obj["rulings"][-1]["verdict"] == "continue"
    assert obj["rulebook"]["id"] == "tda-2024"
    assert obj["rulebook"]["house"] == "Saigon Room"
    assert obj["rulebook"]["switches"] == ["one_extra_card = burn"]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('base = "nowhere"\n', "no rulebook 'nowhere'"),
        ('[switches]\nno_such_switch = 1\n', "unknown switch 'no_such_switch'"),
        ('[switches]\none_extra_card = "keep"\n', "must be one of"),
        ("base = [", "not valid TOML"),
    ],
)
def test_a_bad_house_file_exits_2_with_one_line(tmp_path: Path, text: str, needle: str) -> None:
    house = tmp_path / "bad.toml"
    house.write_text(text, encoding="utf-8")
    code, _, err = run("rule", str(EXAMPLES / "four-card-flop.json"), "--house", str(house))
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1


def test_an_unreadable_file_whose_name_holds_a_line_break_still_gets_one_line() -> None:
    code, _, err = run("rule", "no\nsuch.json")
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "no\\nsuch.json" in err
