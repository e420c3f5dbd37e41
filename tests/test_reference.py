"""The rule reference shown by the command line, the console's API and the MCP server: search, books, switches."""

from __future__ import annotations

import dataclasses

import pytest

from floorman.law.rulebooks import catalog, find_rule, find_rulebook, rulebooks
from floorman.law.rulebooks.params import Params
from floorman.words.reference import explain_lines, rulebook_obj, search_rules, switches_obj


@pytest.mark.parametrize(("words", "first"), [
    ("four card flop", "FLOP-4CARD"),
    ("joker", "NSC-JOKER"),
    ("MD-FIRST-WRONG-SEAT", "MD-FIRST-WRONG-SEAT"),
    ("md-first-wrong-seat", "MD-FIRST-WRONG-SEAT"),
    ("flop bốn lá", "FLOP-4CARD"),
])
def test_search_puts_the_rule_named_by_its_words_first(words: str, first: str) -> None:
    assert search_rules(words)[0].rule.id == first


def test_search_finds_vietnamese_words_typed_with_or_without_accents() -> None:
    with_accents = [h.rule.id for h in search_rules("lá bài đốt")]
    assert with_accents and with_accents == [h.rule.id for h in search_rules("la bai dot")]
    assert all("burn" in f"{find_rule(r).title} {find_rule(r).paraphrase}".lower() for r in with_accents[:3])


def test_search_ranks_best_first_and_respects_the_limit() -> None:
    hits = search_rules("substantial action", limit=4)
    assert len(hits) == 4
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_search_finds_nothing_for_words_no_rule_has() -> None:
    assert search_rules("xylophone zeppelin") == []
    assert search_rules("") == []


def test_a_rulebook_object_lists_every_rule_with_its_citation_and_every_switch() -> None:
    for book in rulebooks().values():
        obj = rulebook_obj(book)
        assert [r["rule"] for r in obj["rules"]] == list(catalog())
        assert all(r["source"] == book.citation(r["rule"]).source for r in obj["rules"])
        assert set(obj["switches"]) == {f.name for f in dataclasses.fields(Params)}
        assert all(s["value"] == getattr(book.params, name) for name, s in obj["switches"].items())


def test_switches_say_which_values_a_house_may_choose() -> None:
    switches = switches_obj(find_rulebook("tda").params)
    assert switches["one_extra_card"] == {"value": "misdeal", "type": "one of", "allowed": ["burn", "misdeal"]}
    assert switches["sa_pair_allows_check_fold"]["type"] == "true or false"
    assert switches["sa_any_actions"]["type"] == "whole number"


def test_explain_lines_carry_each_books_citation_and_discretion_in_vietnamese() -> None:
    lines = explain_lines(find_rule("MD-THROWN-INTO-BLIND"), "vi")
    assert lines[0].startswith("MD-THROWN-INTO-BLIND: ")
    assert any("quyền quyết định của floor" in line for line in lines)
    assert len(lines) == 3 + len(rulebooks())


def test_floorman_rules_search_lists_the_rules_found_best_first() -> None:
    import json

    from click.testing import CliRunner

    from floorman.cli import main

    found = CliRunner().invoke(main, ["rules", "--search", "flop bốn lá", "--rulebook", "tda", "--json"])
    assert found.exit_code == 0
    rows = json.loads(found.output)["rules"]
    assert rows[0]["rule"] == "FLOP-4CARD" and rows[0]["source"] == find_rulebook("tda").citation("FLOP-4CARD").source
    assert [r["rule"] for r in rows] == [h.rule.id for h in search_rules("flop bốn lá", limit=len(catalog()))]
    text = CliRunner().invoke(main, ["rules", "-s", "joker"])
    assert text.output.splitlines()[0].endswith("3 rules found by 'joker'")  # NSC-SHORTDECK's citations name the joker
    assert text.output.splitlines()[1].startswith("NSC-JOKER")
