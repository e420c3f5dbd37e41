"""``floorman.audit.chunking``: the parent walks and cuts, the workers read and rule, and the report is the same.

Every test here compares against the plainest audit there is: each file read text by text
with ``formats.files`` and each hand ruled on in turn (``one_by_one``).
"""

from __future__ import annotations

import gzip
import json
import os
import pickle
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import floorman.audit.chunking as audit_chunks_module
from floorman.audit import (
    ChunkReport,
    HandAudit,
    Lines,
    Tally,
    audit,
    audit_chunks,
    audit_hand,
    chunks,
    hand_files,
    input_bytes,
    unreadable,
)
from floorman.cli.batch import audit_cmd
from floorman.errors import LogError
from floorman.formats.files import hand_texts, read_hands, walk

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
PHH = Path(__file__).parent / "data" / "phh"


def one_by_one(paths: list[Path]) -> Iterator[HandAudit]:
    """Every hand's record, the plainest way: file by file, text by text, hand by hand."""
    for path in walk(paths):
        name = str(path)
        texts = []
        error: HandAudit | None = None
        try:
            for text in hand_texts(path):
                texts.append(text)
        except LogError as exc:
            error = unreadable(name, "", exc)
        except (OSError, EOFError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
            error = unreadable(name, "", LogError(f"cannot be read ({reason})", source=name))
        for item in texts:
            for read in read_hands(item, source=name):
                if read.error is not None:
                    yield unreadable(name, read.hand, read.error)
                else:
                    assert read.log is not None
                    yield audit_hand(read.log, file=name, hand=read.hand)
        if error is not None:
            yield error


def jsonl_lines(times: int) -> list[str]:
    """The example JSONL hands ``times`` over, with a bad hand, a line that is not JSON and blank lines among them."""
    lines = (EXAMPLES / "hands.jsonl").read_text(encoding="utf-8").splitlines() * times
    bad = json.loads(lines[30])
    deal = next(i for i, e in enumerate(bad["events"]) if e["type"] == "deal")
    bad["events"][deal]["seat"] = 12
    lines[30] = json.dumps(bad)
    lines.insert(44, "{not json")
    lines.insert(12, "")
    lines.insert(13, "   ")
    return lines


@pytest.fixture
def mixed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every kind of input at once, readable or not; a .jsonl or .phhs file is weighed at 256 bytes a hand."""
    monkeypatch.setattr(audit_chunks_module, "HAND_BYTES", 256)
    root = tmp_path / "in"
    (root / "a").mkdir(parents=True)
    (root / "b" / "c").mkdir(parents=True)
    lines = jsonl_lines(4)
    (root / "a" / "big.jsonl").write_text("\n".join(lines), encoding="utf-8")  # no line end on the last line
    (root / "a" / "small.jsonl").write_text(lines[0] + "\n", encoding="utf-8")
    (root / "a" / "big.jsonl.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))
    (root / "a" / "cut.jsonl.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode())[:-40])
    (root / "a" / "notes.txt").write_text("not a hand file")
    for path in sorted(EXAMPLES.glob("*.json"))[:6]:
        shutil.copy(path, root / "b" / path.name)
    shutil.copytree(PHH / "wsop", root / "b" / "c" / "wsop")
    selection = (PHH / "handhq" / "ps-50NLH-2009-07-01-selection.phhs").read_text(encoding="utf-8")
    head, rest = selection.split("[5]", 1)
    (root / "b" / "c" / "bad-section.phhs").write_text(head + "[5]" + rest.replace("actions = [", "actions = ['p9 f', ", 1))
    (root / "b" / "c" / "sel.phhs").write_text(selection)
    (root / "b" / "latin1.phh").write_bytes((PHH / "dwan-ivey-2009.phh").read_bytes() + "# é\n".encode("latin-1"))
    (root / "b" / "not-gzip.phh.gz").write_bytes(b"plain text, not gzip")
    (root / "b" / "empty.jsonl").write_bytes(b"")
    return [root, tmp_path / "missing.jsonl", root / "a" / "notes.txt", EXAMPLES / "four-card-flop.json"]


# -- the same records as one by one ------------------------------------------------------------------

@pytest.mark.parametrize("size", [1, 2, 7, 40, 100])
def test_every_chunk_size_gives_the_records_of_auditing_hand_by_hand(mixed: list[Path], size: int) -> None:
    expected = list(one_by_one(mixed))
    reports = list(audit_chunks(mixed, size=size, every_hand=True))
    assert [h for r in reports for h in r.hands] == expected
    assert sum(r.count for r in reports) == len(expected)
    shown = [h for r in audit_chunks(mixed, size=size) for h in r.hands]
    assert shown == [h for h in expected if h.findings or h.unreadable]
    assert {h.error.split(": ")[1] for h in expected if h.error and "big.jsonl:" in h.error} == {"line 33", "line 47"}


def test_the_counts_sent_back_sum_to_the_summary_of_every_hand(mixed: list[Path]) -> None:
    every = Tally()
    for hand in one_by_one(mixed):
        every.add(hand)
    merged = Tally()
    reports = list(audit_chunks(mixed, size=7))
    for report in reports:
        merged.add_report(report)
    expected = every.summary()
    got = merged.summary()
    assert (got.hands, got.flagged, got.findings, got.unreadable) == (expected.hands, expected.flagged,
                                                                     expected.findings, expected.unreadable)
    assert (got.by_kind, got.by_verdict, got.by_dealer, got.by_table) == (
        expected.by_kind, expected.by_verdict, expected.by_dealer, expected.by_table)
    assert got.files == sum(r.files for r in reports) == len(list(walk(mixed)))
    assert sum(r.read_bytes for r in reports) == input_bytes(mixed)


def test_the_jobs_give_the_same_rows_messages_and_summary_in_the_same_order(mixed: list[Path], tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        csv_path, json_path = tmp_path / f"{jobs}.csv", tmp_path / f"{jobs}.json"
        result = CliRunner().invoke(audit_cmd, [*map(str, mixed), "--jobs", jobs, "--csv", str(csv_path),
                                                "--json", str(json_path)])
        assert result.exit_code == 2, result.output
        summary = re.sub(r" in [0-9.]+ s \([0-9,]+ hands/s\)", "", result.stdout)  # the time taken differs
        outputs.append((summary, result.stderr, csv_path.read_text(), json_path.read_text()))
    assert outputs[0] == outputs[1]
    expected = list(one_by_one(mixed))
    errors = [h for h in expected if h.unreadable]
    assert outputs[0][0].startswith(f"{len(expected) - len(errors):,} hands in ")
    assert len(outputs[0][1].splitlines()) == len(errors) >= 9
    rows = json.loads(outputs[0][3])["rows"]
    assert [(r["file"], r["hand"], r["error"]) for r in rows if r["error"]] == [(h.file, h.hand, h.error)
                                                                                 for h in errors]
    assert len(rows) > len(errors) + 50


def test_the_progress_bar_counts_every_hand_record(mixed: list[Path]) -> None:
    result = CliRunner().invoke(audit_cmd, [*map(str, mixed), "--jobs", "2", "--progress"])
    assert f"{len(list(one_by_one(mixed))):,} hands," in result.stderr.replace("\n", " ")


# -- what the parent sends and gets back ---------------------------------------------------------------

def test_workers_are_sent_file_names_not_the_files_texts() -> None:
    sample = PHH / "pluribus"
    work = list(chunks([sample], size=10))
    names = [item for chunk in work for item in chunk.items]
    assert names == [str(p) for p in walk([sample])]
    assert [chunk.hands for chunk in work] == [10, 10, 10, 10] and len(names) == 40
    sent = sum(len(pickle.dumps(chunk)) for chunk in work)
    # the names and a little framing per chunk, wherever the repository lies (so however long its paths are);
    # the texts themselves would add their 23 KB
    framing = 200 * len(work)
    assert sent < sum(len(name.encode()) for name in names) + framing
    assert sum(p.stat().st_size for p in walk([sample])) > 10 * framing


def test_a_big_jsonl_file_goes_out_as_line_ranges_that_cover_it(tmp_path: Path) -> None:
    lines = jsonl_lines(6)
    data = ("\n".join(lines) + "\n").encode()
    (tmp_path / "d.jsonl").write_bytes(data)
    work = list(chunks([tmp_path / "d.jsonl"], size=10))
    ranges = [item for chunk in work for item in chunk.items]
    assert all(isinstance(r, Lines) for r in ranges) and len(ranges) == -(-len(lines) // 10)
    assert all(isinstance(r, Lines) and r.lines == 10 for r in ranges[:-1])
    assert sum(chunk.read_bytes for chunk in work) == len(data)
    line, at = 1, 0
    for r in ranges:
        assert isinstance(r, Lines)
        assert (r.start, r.line) == (at, line)
        assert data[r.end - 1:r.end] == b"\n" and data[r.start:r.end].count(b"\n") == r.lines
        line, at = line + r.lines, r.end
    assert at == len(data)


def test_a_big_gzipped_jsonl_file_goes_out_as_texts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audit_chunks_module, "HAND_BYTES", 64)
    (tmp_path / "d.jsonl.gz").write_bytes(gzip.compress((EXAMPLES / "hands.jsonl").read_bytes()))
    work = list(chunks([tmp_path / "d.jsonl.gz"], size=5))
    assert [len(c.items) for c in work] == [5, 5, 5, 2]
    assert all(isinstance(item, tuple) for c in work for item in c.items)


def test_a_report_carries_the_flagged_and_unreadable_hands_and_counts_the_clean_ones() -> None:
    reports = list(audit_chunks([PHH, EXAMPLES / "hands.jsonl"], size=50))
    clean = [r for r in reports if r.count and not r.hands]
    assert len(clean) >= 2 and all(len(pickle.dumps(r)) < 2_000 for r in clean)
    assert sum(r.count for r in reports) == 136 + 17
    flagged = [h for r in reports for h in r.hands]
    assert [h.hand for h in flagged] == [h.hand for h in audit([EXAMPLES / "hands.jsonl"]) if h.findings]


def test_a_report_crosses_to_the_parent_and_back_unchanged() -> None:
    (report,) = audit_chunks([EXAMPLES / "hands.jsonl"])
    back = pickle.loads(pickle.dumps(report))
    assert isinstance(back, ChunkReport)
    assert back.hands == report.hands and back.tally.summary() == report.tally.summary()


# -- the walk ------------------------------------------------------------------------------------------

def test_the_walk_names_the_same_files_in_the_same_order_as_formats_files_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ["b.phh", "a.JSON", "c.jsonl.GZ", ".phh", "..phh", "a..phh", ".x.phh", "x.phhs.gz", "notes.txt",
                 "y.gz", ".gz", ".phh.gz", "z.phh.bak", "Z.PHH", "x.PhH.Gz", "no-suffix", "t.phh."]:
        (tmp_path / name).write_text("")
    for folder in ["sub", "sub/deeper", "Sub", "a b", ".hidden"]:
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "h.phh").write_text("")
        (tmp_path / folder / "h.json.gz").write_text("")
    monkeypatch.chdir(tmp_path)
    args: list[str | Path] = [".", "sub/", "./sub//deeper/h.phh", "missing.phh", "notes.txt", tmp_path / "Sub",
                              "sub/..", Path("a b")]
    assert list(hand_files(args)) == [str(p) for p in walk(args)]
    assert list(hand_files(["notes.txt"])) == ["notes.txt"]  # a file named on its own is always taken
    assert os.path.join("sub", "deeper", "h.phh") in list(hand_files(["."]))
