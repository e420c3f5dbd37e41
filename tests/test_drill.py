"""Ruling drills on real hands (floorman.drill): generation, answers, scoring, the terminal session.

The expected rule families are written out here, from docs/spec/rules.md, not read from the
drill package: the test checks the engine's answer against the reference, not against itself.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.cli.drill import drill_cmd
from floorman.drill import (
    Answer,
    DrillError,
    Kind,
    Moment,
    Question,
    Topic,
    Verdict,
    bundled_hands,
    load_hands,
    make_questions,
    make_scenarios,
    parse_verdict,
    rebuild,
    score,
    summarize,
)
from floorman.drill.choices import choice_verdict, signature
from floorman.engine.hand import rule
from floorman.fold.table import GAMES, Family
from floorman.formats import handlog
from floorman.law.rulebooks import BOOK_IDS
from tests.conftest import ROOT

DRILL = ROOT / "src" / "floorman" / "drill"
PHH = ROOT / "tests" / "data" / "phh"

EXPECTED_RULES = {
    Kind.WRONG_SEAT: {"MD-FIRST-WRONG-SEAT"},
    Kind.EXPOSED: {"MD-FLOP-EXPOSE", "EXP-HOLE-SINGLE", "MD-STUD-DOWNCARD", "STUD-DOWN-EXPOSED", "MD-DRAW",
                   "DRAW-EXPOSED"},
    Kind.BOXED: {"MD-BOXED-2", "BOX-SCRAP"},
    Kind.FOUR_CARD_FLOP: {"FLOP-4CARD"},
    Kind.MISSING_BURN: {"FLOP-NOBURN", "BURN-STREET", "STUD-BURN-ERROR"},
    Kind.PREMATURE: {"PREM-FLOP", "PREM-TURN", "PREM-RIVER", "PREM-STUD"},
    Kind.DUPLICATE: {"FD-DUP"},
    Kind.FOREIGN_BACK: {"FD-FOREIGN-BACK-HAND", "FD-FOREIGN-BACK-STUB"},
    Kind.ABSENT: {"ABS-AT-SEAT"},
}
"""What the engine must cite for each irregularity put into a hand (flop, stud and draw games)."""

DEAL_KINDS = (Kind.WRONG_SEAT, Kind.EXPOSED, Kind.BOXED, Kind.DUPLICATE, Kind.FOREIGN_BACK, Kind.ABSENT)


@cache
def _questions(kind: Kind, moment: Moment, *, rulebook: str | None = None, seeds: int = 3) -> tuple[Question, ...]:
    out: list[Question] = []
    for seed in range(seeds):
        out += make_questions(seed=seed, count=6, kinds=[kind], moments=[moment], rulebook=rulebook)
    return tuple(out)


def _answers(questions: tuple[Question, ...], *, right: bool = True) -> str:
    lines = []
    for q in questions:
        given = q.answer.verdict if right else (Verdict.CONTINUE if q.answer.verdict is not Verdict.CONTINUE
                                                 else Verdict.MISDEAL)
        offered = q.choices_for(given)  # the remedies of the verdict given, numbered from 1
        number = offered.index(q.answer.choice) + 1 if q.answer.choice in offered else 1
        lines += [{"misdeal": "m", "void": "v", "continue": "p"}[given.value], str(number)]
    return "\n".join(lines) + "\n"


# --- the hands ------------------------------------------------------------------------------


def test_every_bundled_hand_rebuilds_into_a_clean_log_with_burns_and_deal_order() -> None:
    hands = bundled_hands()
    assert len(hands) == len(list((DRILL / "data").glob("*.phh")))
    for hand in hands:
        log = rebuild(hand.obj())
        assert log is not None, hand.source
        assert "deal_order" not in log.get("omits", []), hand.source
        family = GAMES[handlog.from_obj(log).game].family
        if family is not Family.DRAW:
            assert "omits" not in log
            assert any(e["type"] == "burn" for e in log["events"]) or not any(
                e["type"] == "board" for e in log["events"]), hand.source
        assert not rule(handlog.from_obj(log)).findings, hand.source


def test_rebuild_deals_from_the_buttons_left_one_card_at_a_time() -> None:
    hand = next(h for h in bundled_hands() if h.source == "pluribus-41b-195.phh")
    obj = hand.obj()
    obj["events"] = [e for e in obj["events"] if e["type"] != "deal"][:2] + sorted(
        (e for e in obj["events"] if e["type"] == "deal"), key=lambda e: e["seat"]) + [
        e for e in obj["events"] if e["type"] != "deal"][2:]
    log = rebuild(obj)
    assert log is not None
    seats = [e["seat"] for e in log["events"] if e["type"] == "deal"]
    assert seats == [1, 2, 3, 4, 5, 6] * 2


def test_the_bundled_provenance_names_every_bundled_file_and_the_mit_licence() -> None:
    text = (DRILL / "data" / "PROVENANCE.md").read_text(encoding="utf-8")
    assert "MIT License" in text and "d782667cfcbb5b4e26c4ccb22978a04768f6eacc" in text
    for path in (DRILL / "data").glob("*.phh"):
        assert f"`{path.name}`" in text, path.name


def test_the_bundled_hands_are_unchanged_copies_of_the_test_sample() -> None:
    sample = {p.read_bytes() for p in PHH.rglob("*.phh")}
    for path in (DRILL / "data").glob("*.phh"):
        assert path.read_bytes() in sample, path.name


def test_load_hands_reads_a_phh_file_a_jsonl_file_and_a_folder(tmp_path: Path) -> None:
    one = load_hands(PHH / "dwan-ivey-2009.phh")
    assert [h.source for h in one] == ["dwan-ivey-2009.phh"]
    lines = "\n".join(json.dumps(handlog.to_obj(q.log)) for q in make_questions(seed=1, count=2)) + "\n"
    (tmp_path / "mine.jsonl").write_text(lines, encoding="utf-8")
    assert [h.source for h in load_hands(tmp_path / "mine.jsonl")] == ["mine.jsonl:1", "mine.jsonl:2"]
    folder = load_hands(PHH / "wsop", limit=5, seed=3)
    assert len(folder) == 5 and folder == load_hands(PHH / "wsop", limit=5, seed=3)


# --- scenarios ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.value)
def test_generated_scenarios_are_valid_hand_logs_that_round_trip(kind: Kind) -> None:
    for q in (*_questions(kind, Moment.BEFORE, seeds=2), *_questions(kind, Moment.AFTER, seeds=2)):
        assert handlog.from_obj(handlog.to_obj(q.log)) == q.log
        assert handlog.loads(handlog.dumps(q.log)) == q.log
        assert type(q.log.events[-1]).__name__ == "FloorCalled"
        assert q.log.rulebook == q.rulebook


@pytest.mark.parametrize("moment", list(Moment), ids=lambda m: m.value)
@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.value)
def test_the_engines_answer_cites_the_rule_family_of_the_injected_irregularity(kind: Kind, moment: Moment) -> None:
    questions = _questions(kind, moment)
    assert questions
    for q in questions:
        assert EXPECTED_RULES[kind] & set(q.answer.ruling.rules), (q.id, q.answer.ruling.rules)


@pytest.mark.parametrize("book", BOOK_IDS)
def test_every_rulebook_cites_the_expected_family(book: str) -> None:
    for kind in Kind:
        for q in _questions(kind, Moment.AFTER, rulebook=book, seeds=1):
            assert EXPECTED_RULES[kind] & set(q.answer.ruling.rules), (book, q.id, q.answer.ruling.rules)


@pytest.mark.parametrize("kind", DEAL_KINDS, ids=lambda k: k.value)
def test_a_deal_error_is_ruled_before_or_after_substantial_action_as_asked(kind: Kind) -> None:
    for moment in Moment:
        for q in _questions(kind, moment, seeds=2):
            assert q.answer.ruling.substantial_action is (moment is Moment.AFTER), q.id


def test_a_missing_flop_burn_is_scrambled_before_flop_action_and_stands_after() -> None:
    before = [q for q in _questions(Kind.MISSING_BURN, Moment.BEFORE, seeds=6) if "FLOP-NOBURN" in q.answer.ruling.rules]
    after = [q for q in _questions(Kind.MISSING_BURN, Moment.AFTER, seeds=6) if "FLOP-NOBURN" in q.answer.ruling.rules]
    assert before and after
    assert all(q.answer.ruling.remedies[0].do.value == "scramble_and_pick_burn" for q in before)
    assert all([r.do.value for r in q.answer.ruling.remedies] == ["board_stands"] for q in after)


def test_the_first_card_to_the_wrong_seat_is_a_misdeal_only_before_substantial_action() -> None:
    assert {q.answer.verdict for q in _questions(Kind.WRONG_SEAT, Moment.BEFORE)} == {Verdict.MISDEAL}
    assert {q.answer.verdict for q in _questions(Kind.WRONG_SEAT, Moment.AFTER)} == {Verdict.CONTINUE}


def test_a_duplicate_card_voids_the_hand_at_any_moment() -> None:
    for moment in Moment:
        assert {q.answer.verdict for q in _questions(Kind.DUPLICATE, moment)} == {Verdict.VOID}


def test_a_four_card_flop_has_four_board_cards_before_the_floor_and_no_flop_action_before() -> None:
    for q in _questions(Kind.FOUR_CARD_FLOP, Moment.BEFORE):
        obj = handlog.to_obj(q.log)
        boards = [i for i, e in enumerate(obj["events"]) if e["type"] == "board"]
        assert len(boards) == 4
        assert not any(e["type"] == "act" for e in obj["events"][boards[0]:])


def test_an_absent_player_is_marked_absent_and_takes_no_action_unless_back_in_time() -> None:
    for q in _questions(Kind.ABSENT, Moment.AFTER):
        obj = handlog.to_obj(q.log)
        away = [p["seat"] for p in obj["players"] if p.get("status") == "absent"]
        assert len(away) == 1
        came_back = any(e["type"] == "arrive" and e["seat"] == away[0] for e in obj["events"])
        acted = any(e["type"] == "act" and e["seat"] == away[0] for e in obj["events"])
        assert came_back or not acted, q.id


def test_two_irregularities_in_one_hand_are_both_found() -> None:
    for q in make_questions(seed=5, count=6, per_hand=2, topics=[Topic.MISDEALS]):
        found = {f.irregularity.value for f in rule(q.log).findings}
        assert len(q.kinds) == 2
        for kind in q.kinds:
            assert kind.required & found, (q.id, q.kinds, found)


def test_two_boxed_cards_on_the_deal_are_a_misdeal_before_substantial_action() -> None:
    questions = [q for seed in range(6)
                 for q in make_questions(seed=seed, count=4, per_hand=2, kinds=[Kind.BOXED], moments=[Moment.BEFORE])]
    assert questions and all(q.kinds == (Kind.BOXED, Kind.BOXED) for q in questions)
    assert {q.answer.verdict for q in questions} == {Verdict.MISDEAL}
    assert all("MD-BOXED-2" in q.answer.ruling.rules for q in questions)


def test_the_same_seed_gives_the_same_drill_and_another_seed_another() -> None:
    assert make_questions(seed=7, count=5) == make_questions(seed=7, count=5)
    assert make_scenarios(seed="club night", count=3) == make_scenarios(seed="club night", count=3)
    assert make_questions(seed=7, count=5) != make_questions(seed=8, count=5)


def test_a_longer_drill_begins_with_the_questions_of_a_shorter_one() -> None:
    assert make_questions(seed=12, count=6)[:3] == make_questions(seed=12, count=3)


def test_generation_ignores_the_global_random_state() -> None:
    random.seed(1)
    first = make_questions(seed=3, count=4)
    random.seed(2)
    random.random()
    assert make_questions(seed=3, count=4) == first


def test_the_drill_package_draws_only_from_its_own_random_generators() -> None:
    for path in DRILL.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                assert node.attr in ("Random",), f"{path.name}: random.{node.attr}"


def test_topics_narrow_the_drill_and_a_stud_hand_is_always_the_stud_topic() -> None:
    for topic in Topic:
        questions = make_questions(seed=2, count=4, topics=[topic])
        assert {q.topic for q in questions} == {topic}
        for q in questions:
            assert (GAMES[q.log.game].family is Family.STUD) is (topic is Topic.STUD)


def test_a_drill_no_hand_can_take_is_refused() -> None:
    stud = [h for h in bundled_hands() if h.obj()["game"] == "stud"]
    with pytest.raises(DrillError):
        make_questions(stud, seed=1, count=2, kinds=[Kind.FOUR_CARD_FLOP])


# --- questions, choices, scores -------------------------------------------------------------


def test_the_engines_remedy_is_one_choice_among_distinct_ones() -> None:
    for seed in range(4):
        for q in make_questions(seed=seed, count=8):
            assert 2 <= len(q.choices) <= 4
            assert q.choices[q.answer.choice] == q.answer.ruling.remedies
            assert len({signature(c) for c in q.choices}) == len(q.choices)


def test_scores_count_a_point_for_the_verdict_and_one_for_the_remedy() -> None:
    q = make_questions(seed=9, count=1)[0]
    wrong_choice = (q.answer.choice + 1) % len(q.choices)
    assert score(q, Answer(verdict=q.answer.verdict, choice=q.answer.choice)).points == 2
    assert score(q, Answer(verdict=q.answer.verdict, choice=wrong_choice)).points == 1
    assert score(q, Answer(verdict=None, choice=None)).points == 0


def test_after_a_wrong_verdict_only_its_own_remedies_are_offered_and_none_scores_right() -> None:
    for seed in range(6):
        for q in make_questions(seed=seed, count=8):
            assert {choice_verdict(c) for c in q.choices} == set(Verdict), q.id
            assert choice_verdict(q.choices[q.answer.choice]) is q.answer.verdict
            for verdict in Verdict:
                offered = q.choices_for(verdict)
                assert offered and all(choice_verdict(q.choices[i]) is verdict for i in offered)
                if verdict is not q.answer.verdict:
                    assert q.answer.choice not in offered
                    right_remedy = score(q, Answer(verdict=verdict, choice=q.answer.choice))
                    assert (right_remedy.verdict_right, right_remedy.remedy_right, right_remedy.points) == (
                        False, False, 0)


def test_the_summary_tallies_by_topic_in_topic_order() -> None:
    questions = make_questions(seed=4, count=8)
    scores = [score(q, Answer(verdict=q.answer.verdict, choice=0)) for q in questions]
    summary = summarize(scores)
    assert [r.topic for r in summary.rows] == [t for t in Topic if t in {q.topic for q in questions}]
    assert summary.total.questions == 8 and summary.total.verdicts == 8
    assert summary.total.remedies == sum(q.answer.choice == 0 for q in questions)
    assert sum(r.questions for r in summary.rows) == 8


def test_a_question_for_a_client_hides_the_answer_until_revealed() -> None:
    q = make_questions(seed=6, count=1)[0]
    hidden = json.loads(json.dumps(q.to_obj()))
    assert set(hidden) == {"id", "topic", "rulebook", "note", "log", "verdicts", "choices", "choice_verdicts"}
    assert "verdict" not in json.dumps(hidden["log"]) and handlog.from_obj(hidden["log"]) == q.log
    assert [v["verdict"] for v in hidden["verdicts"]] == ["misdeal", "void", "continue"]
    shown = q.to_obj(lang="vi", reveal=True)
    assert shown["verdicts"][0]["label"] == "hủy ván (misdeal): chia lại"
    assert shown["answer"]["verdict"] == q.answer.verdict.value
    assert shown["answer"]["explanation"] == q.answer.ruling.explain("vi")
    assert shown["choices"][q.answer.choice][0] and shown["note"] == q.note_in("vi")
    assert "answer=" not in repr(q)


@pytest.mark.parametrize(("text", "verdict"), [("m", Verdict.MISDEAL), (" V ", Verdict.VOID), ("p", Verdict.CONTINUE),
                                               ("play on", Verdict.CONTINUE), ("hủy", Verdict.MISDEAL),
                                               ("tiếp tục", Verdict.CONTINUE), ("maybe", None), ("", None)])
def test_typed_verdicts_are_read_in_both_languages(text: str, verdict: Verdict | None) -> None:
    assert parse_verdict(text) is verdict


# --- the terminal session -------------------------------------------------------------------


def _session(*args: str, answers: str) -> str:
    result = CliRunner().invoke(drill_cmd, ["--no-color", *args], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_scripted_session_with_every_answer_right_scores_full_marks() -> None:
    questions = make_questions(seed=7, count=3)
    out = _session("--seed", "7", "--count", "3", answers=_answers(questions))
    assert "Drill seed 7" in out
    assert out.count("=== Hand ") == 3
    assert re.search(r"^total\s+3\s+3/3\s+3/3\s+6/6$", out, flags=re.M), out[-600:]
    for q in questions:
        assert q.note in out


def test_a_scripted_session_with_every_verdict_wrong_scores_nothing_and_offers_only_that_verdict_s_remedies() -> None:
    questions = make_questions(seed=7, count=3)
    out = _session("--seed", "7", "--count", "3", answers=_answers(questions, right=False))
    assert re.search(r"^total\s+3\s+0/3\s+0/3\s+0/6$", out, flags=re.M), out[-600:]
    assert out.count("[wrong]") == 6 and out.count("[right]") == 0
    assert out.count("Remedy   [wrong]") == 3  # no choice numbers: those offered were another verdict's


def test_a_scripted_session_in_vietnamese_speaks_vietnamese_and_scores_the_same() -> None:
    questions = make_questions(seed=7, count=3)
    out = _session("--seed", "7", "--count", "3", "--lang", "vi", answers=_answers(questions))
    assert "Phán quyết của bạn?" in out and "Floor xử lý thế nào?" in out and "Tổng kết buổi luyện tập" in out
    assert re.search(r"^tổng cộng\s+3\s+3/3\s+3/3\s+6/6$", out, flags=re.M)
    for q in questions:
        assert q.note_in("vi") in out
        assert q.answer.ruling.explain("vi") in out
    for english in ("Your ruling?", "What does the floor do?", "Session summary", "Deal to seat", "posts the"):
        assert english not in out


def test_the_session_asks_again_after_an_answer_it_cannot_read() -> None:
    q = make_questions(seed=7, count=1)[0]
    out = _session("--seed", "7", "--count", "1", answers="maybe\n" + _answers((q,)).replace("\n", "\n9\n", 1))
    assert "Please answer m, v or p." in out and "Please answer with a number from 1 to" in out
    assert re.search(r"^total\s+1\s+1/1\s+1/1\s+2/2$", out, flags=re.M)


def test_a_session_whose_answers_run_out_ends_with_the_summary_so_far() -> None:
    questions = make_questions(seed=7, count=3)
    out = _session("--seed", "7", "--count", "3", answers=_answers(questions[:1]))
    assert "No more answers: the session ends here." in out
    assert re.search(r"^total\s+1\s+1/1\s+1/1\s+2/2$", out, flags=re.M)


def test_the_session_takes_topic_rulebook_and_hands_options() -> None:
    questions = make_questions(load_hands(PHH / "wsop"), seed=3, count=2, topics=["stud"], rulebook="tda")
    out = _session("--seed", "3", "--count", "2", "--topic", "stud", "--rulebook", "tda", "--hands", str(PHH / "wsop"),
                   answers=_answers(questions))
    assert "Rulebook: TDA 2024" in out and out.count("=== Hand ") == 2
    assert re.search(r"^stud\s+2\s+2/2\s+2/2\s+4/4$", out, flags=re.M)


def test_the_session_refuses_what_no_hand_can_give_with_status_2() -> None:
    result = CliRunner().invoke(drill_cmd, ["--seed", "1", "--kind", "four-card-flop", "--hands",
                                            str(PHH / "wsop" / "2023" / "43" / "5" / "9.phh")], input="")
    assert result.exit_code == 2
    assert "floorman:" in result.output


def test_every_kind_can_be_drilled_from_the_bundled_hands() -> None:
    drawn = Counter(k for seed in range(3) for q in make_questions(seed=seed, count=12) for k in q.kinds)
    assert set(drawn) == set(Kind)


def test_a_source_hand_keeps_a_number_no_float_holds(tmp_path: Path) -> None:
    from decimal import Decimal

    from floorman.drill.hands import load_hands

    text = (ROOT / "src" / "floorman" / "drill" / "data" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    path = tmp_path / "x.phh"
    path.write_text(text + "\n_note = 1e999999999\nnote_stakes = 12.50\n", encoding="utf-8")
    (hand,) = load_hands(path)
    kept = hand.obj()["_phh"]
    assert kept["_note"] == Decimal("1e999999999") and kept["note_stakes"] == Decimal("12.50")
    assert hand.obj() == hand.obj() and hand.obj() is not hand.obj()
