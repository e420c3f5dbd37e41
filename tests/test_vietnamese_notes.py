"""The rulebooks' own notes in Vietnamese: why a rule is the floor's call, what a book leaves a rule to, its name."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

import floorman
from floorman.cli import main
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law import rulebooks as rulebooks_module
from floorman.law.rulebooks import BOOK_IDS, find_rulebook, rulebooks
from floorman.locale import Message, say
from tests.conftest import EXAMPLES, load_cases

MARKERS = (" the ", " is ", " and ", " which ", " must ", " not ")
"""Plain English words that give away an English sentence inside a Vietnamese one."""

CASES = load_cases()
PARAMS = [
    pytest.param(case, book, id=f"{case['id']}-{book}")
    for case in CASES
    if case.get("log") is not None
    for book in case["expect"]
]
BOOKS = [pytest.param(book_id, id=book_id) for book_id in BOOK_IDS]


def english_left_in(text: str) -> list[str]:
    padded = f" {text.lower()} "
    return [m.strip() for m in MARKERS if m in padded]


def vietnamese(text: str) -> bool:
    return bool(re.search(r"[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", text.lower()))


@pytest.mark.parametrize("book_id", BOOKS)
def test_every_book_has_a_vietnamese_name_and_description(book_id: str) -> None:
    book = find_rulebook(book_id)
    for en, vi in ((book.name, book.name_in("vi")), (book.description, book.description_in("vi"))):
        assert vi.strip() and vi != en
        assert vietnamese(vi), vi
        assert english_left_in(vi) == [], vi


@pytest.mark.parametrize("book_id", BOOKS)
@pytest.mark.parametrize("table", ["discretion", "silent"])
def test_every_note_of_every_book_has_a_vietnamese_twin(book_id: str, table: str) -> None:
    book = find_rulebook(book_id)
    en = {rule_id: say(Message.of(note)) for rule_id, note in getattr(book, table).items()}
    vi = {rule_id: say(Message.of(note), "vi") for rule_id, note in getattr(book, table).items()}
    for rule_id, text in vi.items():
        assert text.strip() and text != en[rule_id], (rule_id, text)
        assert vietnamese(text), (rule_id, text)
        assert english_left_in(text) == [], (rule_id, text)


@pytest.mark.parametrize("book_id", BOOKS)
def test_discretion_reason_speaks_either_language(book_id: str) -> None:
    book = find_rulebook(book_id)
    for rule_id in book.discretion:
        assert book.discretion_reason(rule_id) == say(Message.of(book.discretion[rule_id]))
        assert book.discretion_reason(rule_id, lang="vi") == say(Message.of(book.discretion[rule_id]), "vi")
    assert book.discretion_reason("DEF-STUB", lang="vi") is None


@pytest.mark.parametrize("book_id", BOOKS)
def test_a_silent_rule_is_cited_in_vietnamese_and_a_cited_rule_keeps_the_books_numbers(book_id: str) -> None:
    book = find_rulebook(book_id)
    for rule_id in book.silent:
        if book.fallback is not None and rule_id in find_rulebook(book.fallback).cites:
            continue
        c = book.citation(rule_id)
        assert c.source == f"{book.short}: {book.silent_note(rule_id)}"
        assert c.source_in("vi") == f"{book.short}: {book.silent_note(rule_id, 'vi')}"
    for rule_id, c in book.cites.items():  # the book's own number, said in Vietnamese
        said = book.citation(rule_id).source_in("vi")
        assert said != c.source and vietnamese(said), (rule_id, said)
        assert all(n in said for n in re.findall(r"\d+(?:[.-]\w+)*", c.source)), (rule_id, said)


def test_a_rule_cited_through_the_fallback_book_says_so_in_vietnamese() -> None:
    c = find_rulebook("wsop").citation("SA-LA")
    assert c.via == "T-129"
    assert c.source.endswith("applied through WSOP 2026 T-129")
    assert c.source_in("vi").endswith("áp dụng qua WSOP 2026 T-129")


def _broken(table: str, rule_id: str, message_id: str) -> Any:
    real = rulebooks_module._read

    def read(name: str) -> dict[str, Any]:
        raw = real(name)
        raw[table][rule_id] = message_id
        return raw

    return read


@pytest.mark.parametrize("table", ["discretion", "silent"])
@pytest.mark.parametrize("message_id", ["book.nowhere", "ruling.summary.clean.typo", "The words themselves"])
def test_a_note_the_catalog_does_not_say_is_refused_naming_the_book_and_the_rule(
    table: str, message_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book names each note by a message id the catalog says in English and in Vietnamese."""
    book = find_rulebook("wsop-2026")
    rule_id = next(iter(getattr(book, table)))
    monkeypatch.setattr(rulebooks_module, "_read", _broken(table, rule_id, message_id))
    with pytest.raises(ValueError, match=rf"wsop-2026.*{rule_id}.*no message id"):
        rulebooks_module._book("wsop-2026")


@pytest.mark.parametrize(("field", "value"), [("source", "Poker TDA Rules 2022, Rule 36"), ("gloss", "book.nowhere")])
def test_a_source_line_in_words_is_refused_naming_the_book_and_the_rule(
    field: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book's source line is said from its number; a line of its own, or a gloss, is a message of the catalog."""
    real = rulebooks_module._read

    def read(name: str) -> dict[str, Any]:
        raw = real(name)
        raw["cite"]["DEF-SA"] = {"number": "36", field: value}
        return raw

    monkeypatch.setattr(rulebooks_module, "_read", read)
    with pytest.raises(ValueError, match=r"tda-2022: \[cite\] 'DEF-SA'.*no message id"):
        rulebooks_module._book("tda-2022")


def test_a_number_no_numbering_of_the_book_reads_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = rulebooks_module._read

    def read(name: str) -> dict[str, Any]:
        raw = real(name)
        raw["cite"]["DEF-SA"] = {"number": "Section 4"}
        return raw

    monkeypatch.setattr(rulebooks_module, "_read", read)
    with pytest.raises(ValueError, match=r"rrop: \[cite\] 'DEF-SA'.*'Section 4' starts with no prefix"):
        rulebooks_module._book("rrop")


def test_every_book_names_its_notes_by_message_id_and_keeps_no_words_of_its_own() -> None:
    for book_id in BOOK_IDS:
        raw = rulebooks_module._read(f"{book_id}.toml")
        assert not {"name_vi", "description_vi", "silent_vi", "discretion_vi"} & raw.keys(), book_id
        for table in ("silent", "discretion"):
            assert all(v.startswith(f"book.{book_id.replace('-', '_')}.{table}.") for v in raw[table].values())
        book = find_rulebook(book_id)
        for rule_id in book.discretion:
            message = book.discretion_message(rule_id)
            assert message is not None and say(message, "vi") == book.discretion_reason(rule_id, "vi")


@pytest.mark.parametrize(("case", "book"), PARAMS)
def test_every_scenario_ruling_gives_its_discretion_reasons_in_vietnamese(case: dict[str, Any], book: str) -> None:
    log = handlog.from_obj(case["log"])
    for ruling in floorman.rule(log, rulebook=book).rulings:
        assert len(ruling.reasons("vi")) == len(ruling.discretion_reasons)
        assert ruling.discretion == bool(ruling.reasons("vi"))
        for en, vi in zip(ruling.discretion_reasons, ruling.reasons("vi"), strict=True):
            assert vi.strip() and vi != en
            assert english_left_in(vi) == [], vi
        for c in ruling.citations:
            assert english_left_in(c.source_in("vi")) == [] or c.source_in("vi") == c.source, c.source_in("vi")


def test_the_ruling_json_carries_the_vietnamese_reasons_and_silent_sources() -> None:
    log = floorman.load(EXAMPLES / "missing-flop-burn-after-check.json")
    ruling = ruling_json.to_obj(floorman.rule(log, rulebook="wsop-2026"))["rulings"][-1]
    keys = list(ruling)
    assert keys.index("discretion_reasons_vi") == keys.index("discretion_reasons") + 1
    assert len(ruling["discretion_reasons_vi"]) == len(ruling["discretion_reasons"]) >= 1
    assert all(c["source_vi"].startswith("Luật giải đấu WSOP 2026, ") for c in ruling["citations"]), (
        "WSOP 2026 cites each of these rules itself, its number said in Vietnamese")
    ruling = ruling_json.to_obj(floorman.rule(log, rulebook="rrop"))["rulings"][-1]
    for c in ruling["citations"]:
        if "source_vi" in c:
            assert c["source_vi"] != c["source"]
    silent = [c for c in ruling["citations"] if find_rulebook("rrop").is_silent(c["rule"])]
    assert silent and all("source_vi" in c for c in silent)
    assert json.loads(json.dumps(ruling, ensure_ascii=False)) == ruling


def test_a_ruling_without_discretion_writes_no_vietnamese_reasons() -> None:
    obj = ruling_json.to_obj(floorman.rule(floorman.load(EXAMPLES / "first-card-wrong-seat.json")))
    ruling = obj["rulings"][-1]
    assert "discretion_reasons" not in ruling and "discretion_reasons_vi" not in ruling


def test_rule_lang_vi_shows_the_books_reason_in_vietnamese() -> None:
    book = find_rulebook("wsop-2026")
    path = str(EXAMPLES / "missing-flop-burn-after-check.json")
    result = CliRunner().invoke(main, ["rule", path, "--lang", "vi", "--no-color"])
    assert result.exit_code == 0
    assert "Quyền quyết định của floor: " + str(book.discretion_reason("FLOP-NOBURN", "vi")) in result.stdout
    assert str(book.discretion_reason("FLOP-NOBURN")) not in result.stdout
    english = CliRunner().invoke(main, ["rule", path, "--no-color"]).stdout
    assert "Floor's call: " + str(book.discretion_reason("FLOP-NOBURN")) in english


def test_explain_lang_vi_gives_each_books_note_in_vietnamese() -> None:
    result = CliRunner().invoke(main, ["explain", "FLOP-SHORT", "--lang", "vi"])
    assert result.exit_code == 0
    for book in rulebooks().values():
        assert str(book.silent_note("FLOP-SHORT", "vi")) in result.stdout
        assert str(book.discretion_reason("FLOP-SHORT", "vi")) in result.stdout
        assert str(book.silent_note("FLOP-SHORT")) not in result.stdout
