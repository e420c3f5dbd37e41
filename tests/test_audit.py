"""``floorman audit`` and ``floorman.audit``: many hands of any format in, findings and a summary out."""

from __future__ import annotations

import csv
import gc
import gzip
import json
import shutil
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.audit import (
    REPORT_COLUMNS,
    DeckCheck,
    HandAudit,
    Lines,
    Tally,
    audit,
    audit_chunks,
    chunks,
    report_rows,
)
from floorman.cli.batch import audit_cmd
from floorman.formats import handlog, phh
from floorman.formats.phh_write import from_hand_log

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
PHH = Path(__file__).parent / "data" / "phh"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(audit_cmd, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fp:
        return list(csv.DictReader(fp))


def a_showdown_hand() -> str:
    """A real hold'em hand with a flop, a turn, a river and a showdown."""
    for path in sorted(PHH.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        if "'NT'" in text and text.count("d db") == 3 and " sm " in text and "p3 sm" not in text:
            return text
    raise AssertionError("no showdown hand in the sample")


# -- clean and flagged ---------------------------------------------------------------------------

def test_the_real_phh_sample_audits_clean_and_exits_0(tmp_path: Path) -> None:
    code, out, _ = run(str(PHH), "--csv", str(tmp_path / "r.csv"))
    assert code == 0
    assert out.startswith("136 hands in 129 files")
    assert "0 flagged, 0 findings, 0 unreadable" in out
    assert csv_rows(tmp_path / "r.csv") == []


def test_flagged_examples_exit_1_with_one_row_per_finding(tmp_path: Path) -> None:
    code, out, _ = run(str(EXAMPLES / "first-card-wrong-seat.json"), str(EXAMPLES / "duplicate-card-on-river.json"),
                       str(EXAMPLES / "heads-up-correct-deal.json"), "--csv", str(tmp_path / "r.csv"))
    assert code == 1
    rows = csv_rows(tmp_path / "r.csv")
    assert [(r["hand"], r["event"], r["rule"], r["verdict"]) for r in rows] == [
        ("12-0457", "3", "MD-FIRST-WRONG-SEAT", "misdeal"),
        ("73-0535", "33", "FD-DUP", "void"),
    ]
    assert rows[0]["file"].endswith("first-card-wrong-seat.json")
    assert (rows[0]["dealer"], rows[0]["table"]) == ("D-031", "12")
    assert list(rows[0]) == list(REPORT_COLUMNS)
    assert "3 hands in 3 files" in out and "2 flagged, 2 findings" in out


def test_summary_tables_count_by_kind_verdict_dealer_and_table() -> None:
    tally = Tally()
    for hand in audit([EXAMPLES / "hands.jsonl"]):
        tally.add(hand)
    summary = tally.summary()
    assert summary.hands == 17 and summary.unreadable == 0
    kinds = {r.key: (r.hands, r.findings) for r in summary.by_kind}
    assert kinds["first_card_wrong_seat"] == (5, 5)
    assert kinds["boxed_card"] == (2, 3)
    verdicts = {r.key: r.hands for r in summary.by_verdict}
    assert verdicts == {"misdeal": 7, "continue": 9, "void": 1}
    assert sum(r.hands for r in summary.by_dealer) == 17
    dealer = {r.key: r for r in summary.by_dealer}["D-309"]
    assert (dealer.hands, dealer.flagged, dealer.findings) == (2, 2, 2)
    assert {r.key for r in summary.by_table} >= {"73", "12"}
    assert summary.exit_status == 1


# -- formats, folders, .gz --------------------------------------------------------------------------

def test_any_mix_of_formats_plain_or_gzipped_gives_the_same_findings(tmp_path: Path) -> None:
    lines = (EXAMPLES / "hands.jsonl").read_bytes()
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "hands.jsonl.gz").write_bytes(gzip.compress(lines))
    shutil.copy(EXAMPLES / "four-card-flop.json", tmp_path / "a" / "flop.json")
    (tmp_path / "a" / "flop2.json.gz").write_bytes(gzip.compress((EXAMPLES / "four-card-flop.json").read_bytes()))
    shutil.copy(PHH / "dwan-ivey-2009.phh", tmp_path / "a" / "dwan.phh")
    phhs = PHH / "handhq" / "ps-50NLH-2009-07-01-selection.phhs"
    (tmp_path / "a" / "sel.phhs.gz").write_bytes(gzip.compress(phhs.read_bytes()))
    (tmp_path / "a" / "notes.txt").write_text("not a hand file")
    hands = list(audit([tmp_path]))
    assert len(hands) == 17 + 1 + 1 + 1 + 8
    plain = {h.hand: h.findings for h in audit([EXAMPLES / "hands.jsonl"])}
    assert {h.hand: h.findings for h in hands if h.file.endswith("hands.jsonl.gz")} == plain
    flops = [h for h in hands if "flop" in h.file]
    assert [f.rule for f in flops[0].findings] == [f.rule for f in flops[1].findings] == ["FLOP-4CARD"]
    assert {h.game for h in hands if h.file.endswith((".phh", ".phhs.gz"))} == {"holdem"}
    assert not any(h.findings for h in hands if h.file.endswith((".phh", ".phhs.gz")))


def test_the_jobs_option_gives_the_same_report_in_the_same_order(tmp_path: Path) -> None:
    args = [str(EXAMPLES), str(PHH / "wsop")]
    one = run(*args, "--csv", str(tmp_path / "one.csv"))
    two = run(*args, "--csv", str(tmp_path / "two.csv"), "--jobs", "2")
    assert one[0] == two[0] == 1
    assert (tmp_path / "one.csv").read_text() == (tmp_path / "two.csv").read_text()
    assert len(csv_rows(tmp_path / "one.csv")) > 10


def test_chunks_stream_lazily_and_nothing_is_kept_per_hand(tmp_path: Path) -> None:
    line = handlog.dumps(handlog.load(EXAMPLES / "heads-up-correct-deal.json"))

    def kept(hands: int) -> int:
        path = tmp_path / f"{hands}.jsonl"
        path.write_text((line + "\n") * hands)
        gc.collect()
        tracemalloc.start()
        try:
            tally = Tally()
            for report in audit_chunks([path], size=20):
                tally.add_report(report)
            gc.collect()
            return tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()

    kept(20)  # the rulebooks and caches are loaded once
    small, large = kept(40), kept(200)
    assert large < small + 20_000
    first = next(chunks([tmp_path / "200.jsonl"], size=50))
    (lines,) = first.items
    assert isinstance(lines, Lines) and (lines.line, lines.lines) == (1, 50)
    assert first.hands == 50 and first.files == 1


# -- unreadable input -------------------------------------------------------------------------------

def test_unreadable_hands_are_named_and_the_audit_goes_on_with_exit_2(tmp_path: Path) -> None:
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    bad = json.loads(lines[1])
    deal = next(i for i, e in enumerate(bad["events"]) if e["type"] == "deal")
    bad["events"][deal]["seat"] = 12
    lines[1] = json.dumps(bad)
    lines.insert(3, "{not json")
    (tmp_path / "day.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = run(str(tmp_path / "day.jsonl"), str(tmp_path / "missing.jsonl"), "--csv",
                         str(tmp_path / "r.csv"))
    assert code == 2
    messages = err.strip().splitlines()
    assert len(messages) == 3
    assert messages[0] == (f"floorman: {tmp_path / 'day.jsonl'}: line 2: event {deal}: field 'seat': "
                           f"expected a seat number from 1 to {bad['seats']}, got 12")
    assert messages[1].startswith(f"floorman: {tmp_path / 'day.jsonl'}: line 4: not valid JSON")
    assert "missing.jsonl" in messages[2] and "cannot be read" in messages[2]
    assert "16 hands in 2 files" in out and "3 unreadable" in out
    errors = [r for r in csv_rows(tmp_path / "r.csv") if r["error"]]
    assert [(r["hand"], r["event"]) for r in errors] == [("line 2", str(deal)), ("line 4", ""), ("", "")]


def test_a_bad_phh_section_is_named_by_its_section_and_the_others_are_audited(tmp_path: Path) -> None:
    text = (PHH / "handhq" / "ps-50NLH-2009-07-01-selection.phhs").read_text()
    head, rest = text.split("[5]", 1)
    rest = rest.replace("actions = [", "actions = ['p9 f', ", 1)
    (tmp_path / "s.phhs").write_text(head + "[5]" + rest)
    hands = list(audit([tmp_path / "s.phhs"]))
    assert len(hands) == 8
    broken = [h for h in hands if h.unreadable]
    section_5 = dict(phh.parse_phhs(text))["5"]["hand"]
    assert [(h.hand, h.error_field) for h in broken] == [(str(section_5), "actions[0]")]
    assert broken[0].error is not None and "expected a player p1 to p" in broken[0].error


def test_a_file_that_is_not_toml_is_one_unreadable_record(tmp_path: Path) -> None:
    (tmp_path / "x.phh").write_text("variant = 'NT\n")
    (hand,) = audit([tmp_path / "x.phh"])
    assert hand.unreadable and hand.hand == "" and "expected TOML text" in (hand.error or "")


# -- deck integrity on real logs ----------------------------------------------------------------

def _audit_phh(tmp_path: Path, text: str) -> HandAudit:
    (tmp_path / "h.phh").write_text(text)
    (hand,) = audit([tmp_path / "h.phh"])
    return hand


def _first_flop_hand() -> tuple[str, list[str]]:
    text = a_showdown_hand()
    table = phh.parse_phh(text)
    actions = table["actions"]
    assert isinstance(actions, list)
    return text, [str(a) for a in actions]


def test_the_same_card_twice_across_hole_cards_and_board_is_a_duplicate(tmp_path: Path) -> None:
    text, actions = _first_flop_hand()
    hole = next(a for a in actions if a.startswith("d dh"))
    river = [a for a in actions if a.startswith("d db")][-1]
    hand = _audit_phh(tmp_path, text.replace(f"'{river}'", f"'d db {hole.split()[3][:2]}'"))
    assert [(f.irregularity, f.rule, f.verdict) for f in hand.findings] == [("duplicate_card", "FD-DUP", "void")]


def test_wrong_hole_card_counts_are_found(tmp_path: Path) -> None:
    text, actions = _first_flop_hand()
    deal = [a for a in actions if a.startswith("d dh")][1]
    hand = _audit_phh(tmp_path, text.replace(f"'{deal}'", f"'{deal}As'" if "As" not in text else f"'{deal}Ac'"))
    kinds = [f.irregularity for f in hand.findings]
    assert kinds and kinds[0] in ("extra_card", "duplicate_card")


@pytest.mark.parametrize(("street", "change", "kind"), [
    (0, lambda cards: cards[:4], "short_flop"),
    (0, lambda cards: cards + "2h", "four_card_flop"),
    (1, lambda cards: cards + "2h", "premature_card"),
    (2, lambda cards: cards + "2h", DeckCheck.BOARD_COUNT.value),
])
def test_the_board_count_per_street_is_checked(tmp_path: Path, street: int, change: object, kind: str) -> None:
    text, actions = _first_flop_hand()
    board = [a for a in actions if a.startswith("d db")][street]
    cards = board.split()[2]
    assert callable(change)
    changed = change(cards)
    if "2h" in changed and "2h" in text:
        changed = changed.replace("2h", "2d" if "2d" not in text else "2c")
    hand = _audit_phh(tmp_path, text.replace(f"'{board}'", f"'d db {changed}'"))
    assert kind in [f.irregularity for f in hand.findings]


def test_a_showdown_on_a_short_board_is_a_board_count(tmp_path: Path) -> None:
    text, actions = _first_flop_hand()
    river = [a for a in actions if a.startswith("d db")][-1]
    hand = _audit_phh(tmp_path, text.replace(f"'{river}', ", ""))
    assert [(f.irregularity, f.rule, f.count) for f in hand.findings] == [(DeckCheck.BOARD_COUNT.value, "", 4)]


def test_a_shown_card_that_was_never_dealt_is_a_hole_count(tmp_path: Path) -> None:
    text, actions = _first_flop_hand()
    show = next(a for a in actions if " sm " in a)
    seat, _, cards = show.split()
    hand = _audit_phh(tmp_path, text.replace(f"'{show}'", f"'{seat} sm {cards}Ts'" if "Ts" not in text
                                             else f"'{seat} sm {cards}Td'"))
    assert DeckCheck.HOLE_COUNT.value in [f.irregularity for f in hand.findings]


def test_an_all_in_run_out_without_burns_is_not_a_four_card_flop(tmp_path: Path) -> None:
    hand = _audit_phh(tmp_path, (PHH / "phua-xuan-2019.phh").read_text())
    assert hand.findings == ()


# -- reports and progress ---------------------------------------------------------------------------

def test_json_report_has_one_row_per_finding_and_the_summary(tmp_path: Path) -> None:
    code, out, _ = run(str(EXAMPLES / "hands.jsonl"), "--json", "-")
    assert code == 1
    report = json.loads(out)
    assert set(report) == {"floorman", "rows", "summary"}
    assert report["summary"]["hands"] == 17
    assert len(report["rows"]) == report["summary"]["findings"]
    assert set(report["rows"][0]) == set(REPORT_COLUMNS)
    assert {"key": "void", "hands": 1, "flagged": 1, "findings": 1} in report["summary"]["by_verdict"]


def test_report_rows_of_a_clean_hand_are_none_and_of_an_error_one() -> None:
    assert list(report_rows(HandAudit(file="f", hand="1"))) == []
    (row,) = report_rows(HandAudit(file="f", hand="1", error="f: bad", error_event=3))
    assert (row.event, row.error, row.rule) == (3, "f: bad", "")


def test_progress_bar_goes_to_stderr_only_when_asked(tmp_path: Path) -> None:
    _, out, err = run(str(EXAMPLES / "hands.jsonl"), "--progress")
    assert "hands/s" in err and "time left" in err and "auditing" in err
    assert "hands/s" in out  # the summary line
    _, _, quiet = run(str(EXAMPLES / "hands.jsonl"))
    assert quiet == ""


def test_option_mistakes_are_usage_errors() -> None:
    assert run(str(EXAMPLES), "--jobs", "2", "--dask", "tcp://127.0.0.1:1")[0] == 2
    assert run(str(EXAMPLES), "--json", "-", "--csv", "-")[0] == 2
    code, _, err = run(str(EXAMPLES), "--rulebook", "nope")
    assert code == 2 and err.startswith("floorman: no rulebook 'nope'")


def test_a_rulebook_changes_the_verdicts() -> None:
    example = EXAMPLES / "two-folds-then-wrong-first-card.json"
    wsop = [h.verdict for h in audit([example])]
    from floorman.law.rulebooks import find_rulebook

    rrop = [h.verdict for h in audit([example], rulebook=find_rulebook("rrop"))]
    assert [v.value for v in wsop if v] == ["misdeal"] and [v.value for v in rrop if v] == ["continue"]


def test_audit_chunks_account_for_every_byte_for_progress(tmp_path: Path) -> None:
    data = gzip.compress((EXAMPLES / "hands.jsonl").read_bytes())
    (tmp_path / "h.jsonl.gz").write_bytes(data)
    shutil.copy(PHH / "dwan-ivey-2009.phh", tmp_path / "d.phh")
    reports = list(audit_chunks([tmp_path], size=5))
    assert sum(r.read_bytes for r in reports) == len(data) + (PHH / "dwan-ivey-2009.phh").stat().st_size
    assert sum(r.files for r in reports) == 2


def test_phh_written_by_floorman_audits_like_its_log(tmp_path: Path) -> None:
    log = handlog.load(EXAMPLES / "four-card-flop.json")
    (tmp_path / "f.phh").write_text(from_hand_log(handlog.to_obj(log)))
    (phh_hand,) = audit([tmp_path / "f.phh"])
    (json_hand,) = audit([EXAMPLES / "four-card-flop.json"])
    assert phh_hand.findings == json_hand.findings


def test_held_counts_the_live_cards_of_every_seat_the_hole_count_relies_on_it() -> None:
    from floorman.engine.hand import rule
    from floorman.formats.files import hand_texts, read_hands, walk

    seen = 0
    for path in walk([EXAMPLES, PHH, ROOT / "tests" / "cases"]):
        for item in hand_texts(path):
            for read in read_hands(item, source=str(path)):
                if read.log is None:
                    continue
                for seat in rule(read.log).view.seats.values():
                    assert seat.held == len(seat.live_cards), (path, seat.seat)
                    seen += 1
    assert seen > 500
