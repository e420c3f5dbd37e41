"""Vietnamese rulings: every explanation and every remedy step in Vietnamese, from the same facts as the English."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

import floorman
from floorman.cli import main
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import BOOK_IDS
from floorman.law.rulings.model import Remedy, RemedyKind, Verdict
from floorman.locale import translations
from floorman.words.rulings import VERDICT_FORMS, VERDICTS, remedy_text, result_lines, verdict_words
from tests.conftest import EXAMPLES, load_cases
from tests.strategies import hand_logs

CASES = load_cases()
PARAMS = [
    pytest.param(case, book, id=f"{case['id']}-{book}")
    for case in CASES
    if case.get("log") is not None
    for book in case["expect"]
]

ENGLISH_WORDS = ("the", "was", "is", "are", "and", "which", "must", "has", "not", "with", "his", "seat", "of")
"""Plain English words that are not poker terms: none belongs in a Vietnamese sentence."""
ENGLISH = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)

FULL_FIELDS: dict[str, Any] = {
    "seat": 3, "amount": 2000, "card": "As", "street": "turn", "cards": 4, "where": "muck",
}


def english_left_in(text: str) -> list[str]:
    return ENGLISH.findall(text)


def seats_in_english(text: str) -> set[str]:
    return set(re.findall(r"\bseat (\d+)", text, re.IGNORECASE))


def seats_in_vietnamese(text: str) -> set[str]:
    return set(re.findall(r"\bghế (\d+)", text, re.IGNORECASE))


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


@pytest.mark.parametrize(("case", "book"), PARAMS)
def test_every_scenario_ruling_has_a_vietnamese_explanation_naming_the_same_seats(case: dict[str, Any], book: str) -> None:
    log = handlog.from_obj(case["log"])
    for ruling in floorman.rule(log, rulebook=book).rulings:
        vi = ruling.explain("vi")
        assert vi.strip(), "no Vietnamese explanation"
        assert english_left_in(vi) == [], vi
        assert seats_in_vietnamese(vi) == seats_in_english(ruling.explanation), (ruling.explanation, vi)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand_logs())
def test_generated_hands_get_vietnamese_explanations_naming_the_same_seats(obj: dict[str, Any]) -> None:
    log = handlog.from_obj(obj)
    for book in BOOK_IDS:
        for ruling in floorman.rule(log, rulebook=book).rulings:
            vi = ruling.explain("vi")
            assert vi.strip()
            assert english_left_in(vi) == [], vi
            assert seats_in_vietnamese(vi) == seats_in_english(ruling.explanation), (ruling.explanation, vi)


def test_substantial_action_is_glossed_once_in_a_vietnamese_ruling() -> None:
    ruling = floorman.rule(floorman.load(EXAMPLES / "first-card-wrong-seat.json")).ruling
    assert ruling.explain("vi").count("Substantial Action (hành động đáng kể)") == 1


@pytest.mark.parametrize("kind", list(RemedyKind), ids=lambda k: k.value)
def test_every_remedy_kind_has_a_vietnamese_step(kind: RemedyKind) -> None:
    remedy = Remedy.of(kind, **FULL_FIELDS)
    vi = remedy_text(remedy, lang="vi")
    assert vi.strip()
    assert vi != remedy_text(remedy)
    assert vi != kind.value.replace("_", " ")
    assert english_left_in(vi) == [], vi
    if "seat" in remedy_text(remedy).lower():
        assert seats_in_vietnamese(vi) == {"3"}, vi


def test_remedy_text_is_english_by_default() -> None:
    remedy = Remedy.of(RemedyKind.KILL_HAND, seat=4)
    assert remedy_text(remedy) == "Kill seat 4's hand (muck it); chips it put in stay in the pot."
    assert "ghế 4" in remedy_text(remedy, lang="vi")


def test_every_verdict_has_its_words_in_every_form_in_both_languages_once() -> None:
    assert tuple(v.value for v in Verdict) == VERDICTS
    for form in VERDICT_FORMS:
        for verdict in VERDICTS:
            key = f"verdict.{form}.{verdict}"
            for lang in ("en", "vi"):
                assert key in translations(lang)._catalog, (lang, key)  # type: ignore[attr-defined]
            assert verdict_words(verdict, "vi", form) != key
    assert verdict_words("misdeal", "vi") == "HỦY VÁN (misdeal): hủy lần chia này và chia lại"
    assert verdict_words("void", "vi") == "VÔ HIỆU (void): bộ bài lỗi, trả lại toàn bộ chip"
    assert verdict_words("continue", "vi").startswith("TIẾP TỤC")
    assert verdict_words("continue") == "PLAY ON"


def test_rule_lang_vi_prints_vietnamese_headings_and_the_books_rule_ids() -> None:
    code, out = run("rule", str(EXAMPLES / "four-card-flop.json"), "--lang", "vi", "--no-color")
    assert code == 0
    for heading in ("TIẾP TỤC", "Cần làm:", "Luật áp dụng:", "Substantial Action (hành động đáng kể):"):
        assert heading in out
    assert "FLOP-4CARD" in out
    assert "Luật giải đấu WSOP 2026, điều 89" in out and "Tournament Rule" not in out  # the book's number, said in Vietnamese
    assert "flop bốn lá" in out
    assert "What to do:" not in out


def test_rule_without_lang_still_prints_english() -> None:
    code, out = run("rule", str(EXAMPLES / "four-card-flop.json"), "--no-color")
    assert code == 0
    assert "What to do:" in out
    assert "Rules:" in out
    assert "Cần làm:" not in out


def test_rule_lang_vi_prints_the_misdeal_verdict_and_remedy_steps_in_vietnamese() -> None:
    code, out = run("rule", str(EXAMPLES / "first-card-wrong-seat.json"), "--lang", "vi", "--no-color")
    assert code == 0
    assert "HỦY VÁN (misdeal): hủy lần chia này và chia lại" in out
    assert "Trả lại 400 chip cho ghế 3." in out
    assert "Chia lại y hệt ván bài" in out


def test_rule_rejects_an_unknown_language() -> None:
    code, _ = run("rule", str(EXAMPLES / "four-card-flop.json"), "--lang", "fr")
    assert code == 2


def test_compare_lang_vi_prints_vietnamese_headings() -> None:
    code, out = run("compare", str(EXAMPLES / "two-folds-then-wrong-first-card.json"), "--lang", "vi")
    assert code == 0
    assert "phán quyết" in out
    assert "tiếp tục" in out
    assert "Các bộ luật không thống nhất" in out
    assert "MD-FIRST-WRONG-SEAT" in out


def test_compare_without_lang_still_prints_english() -> None:
    code, out = run("compare", str(EXAMPLES / "two-folds-then-wrong-first-card.json"))
    assert code == 0
    assert "verdict" in out
    assert "The books disagree on the verdict" in out


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_result_lines_in_vietnamese_leave_no_english_heading(path: Any) -> None:
    lines = result_lines(floorman.rule(floorman.load(path)), color=False, lang="vi")
    text = "\n".join(lines)
    for english in ("What to do:", "Rules:", "Substantial action:", "Floor's call:", "PLAY ON", "cancel the deal"):
        assert english not in text


def test_ruling_object_has_explanation_vi_right_after_explanation() -> None:
    obj = ruling_json.to_obj(floorman.rule(floorman.load(EXAMPLES / "four-card-flop.json")))
    for ruling in obj["rulings"]:
        keys = list(ruling)
        assert keys[keys.index("explanation") + 1] == "explanation_vi"
        assert ruling["explanation_vi"].startswith("Dealer chia bốn lá bài cho flop")


def test_rule_json_carries_explanation_vi_unescaped() -> None:
    code, out = run("rule", str(EXAMPLES / "two-boxed-cards.json"), "--json")
    assert code == 0
    assert "lá bài bị lật ngửa trong bộ bài" in out
    assert "ván bài bị hủy" in json.loads(out)["rulings"][-1]["explanation_vi"]
