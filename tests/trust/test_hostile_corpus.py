"""Every command over a corpus of hostile inputs: one line on standard error, exit status 2, never a traceback.

The corpus is made in a temporary folder (most of it is too large, too special or too odd to store): devices
named directly, gzip files cut short or corrupt, a gzip of nothing but blank lines, a field name of a mebibyte,
hand histories with ``nan``, ``inf`` and ``1e400``, house-rules files too large or too deeply nested, file
names with control characters, a folder the audit cannot read, a file that cannot be read. Each input goes to
every command that reads its kind of file (``rule``, ``compare``, ``convert``, ``audit`` with and without
``--json``/``--csv``, ``drill --hands``, ``--house`` of ``rule``, ``compare`` and ``audit``); each answer must be
exit status 2 and exactly one line on standard error, of at most ``LINE_CHARS`` characters, with no control
character in it.

Then the output side: ``rule``, ``compare``, ``rules``, ``explain``, ``verify-log`` and ``audit --json -`` /
``--csv -`` writing to a full disk (``/dev/full``) or to a pipe nobody reads, run as real processes: one line,
exit status 2.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.cli import main
from tests.conftest import EXAMPLES, ROOT

GOOD = EXAMPLES / "four-card-flop.json"
GOOD_PHH = (ROOT / "tests" / "bad" / "phh-bad-action.phh").read_text(encoding="utf-8").replace('"p2 fold"', '"p2 f"')
LINE_CHARS = 1000
"""The longest error line a command may print for these inputs (the message itself is held to 400 characters;
the file's name comes before it)."""
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _gz_cut(name: str, data: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        whole = gzip.compress(data)
        path.write_bytes(whole[: len(whole) // 2])
        return path
    return make


def _gz_corrupt(name: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        whole = bytearray(gzip.compress(GOOD.read_bytes() * 20))
        for at in range(20, len(whole) - 20, 7):
            whole[at] ^= 0x5A
        path.write_bytes(bytes(whole))
        return path
    return make


def _written(name: str, data: bytes | Callable[[], bytes]) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data() if callable(data) else data)
        return path
    return make


def _blank_lines() -> bytes:
    """A gzip of 40 MiB of line ends (a few tens of kilobytes), then one good hand."""
    body = zlib.compressobj(1, zlib.DEFLATED, 31)
    out = [body.compress(b"\n" * (1 << 20)) for _ in range(40)]
    out.append(body.compress(json.dumps(json.loads(GOOD.read_bytes())).encode() + b"\n"))
    out.append(body.flush())
    return b"".join(out)


def _long_field_name() -> bytes:
    obj = json.loads(GOOD.read_bytes())
    obj["events"][0]["x" * (1 << 20)] = 1
    return json.dumps(obj).encode()


def _phh(value: str) -> bytes:
    return GOOD_PHH.replace("min_bet = 200", f"min_bet = {value}").encode()


def _phh_stacks(value: str) -> bytes:
    return re.sub(r"starting_stacks = \[([^,\]]+)", f"starting_stacks = [{value}", GOOD_PHH).encode()


def _device(path: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        return Path(path)
    return make


def _device_link(name: str, device: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / name
        path.symlink_to(device)
        return path
    return make


def _named_with_control(folder: Path) -> Path:
    path = folder / "table\x1b[2J\x07\x1b]0;owned\x07.json"
    path.write_bytes(b'{"floorman": 1, "seats": 0}')
    return path


def _link_loop(folder: Path) -> Path:
    path = folder / "loop.json"
    path.symlink_to(path)
    return path


def _proc_mem(folder: Path) -> Path:
    """A file that opens but cannot be read, even by root (its first page is not mapped)."""
    path = folder / "mem.json"
    path.symlink_to("/proc/self/mem")
    return path


HAND_FILES: dict[str, Callable[[Path], Path]] = {
    "dev-urandom": _device("/dev/urandom"),
    "dev-zero": _device("/dev/zero"),
    "urandom.jsonl": _device_link("urandom.jsonl", "/dev/urandom"),
    "zero.phhs": _device_link("zero.phhs", "/dev/zero"),
    "zero.json.gz": _device_link("zero.json.gz", "/dev/zero"),
    "truncated.json.gz": _gz_cut("truncated.json.gz", GOOD.read_bytes()),
    "truncated.jsonl.gz": _gz_cut("truncated.jsonl.gz", GOOD.read_bytes().replace(b"\n", b"") * 50),
    "truncated.phh.gz": _gz_cut("truncated.phh.gz", GOOD_PHH.encode()),
    "corrupt.jsonl.gz": _gz_corrupt("corrupt.jsonl.gz"),
    "not-gzip.json.gz": _written("not-gzip.json.gz", b"PK\x03\x04 a zip file, not a gzip one"),
    "empty.json.gz": _written("empty.json.gz", b""),
    "blank-lines.jsonl.gz": _written("blank-lines.jsonl.gz", _blank_lines),
    "long-field-name.json": _written("long-field-name.json", _long_field_name),
    "phh-nan.phh": _written("phh-nan.phh", _phh("nan")),
    "phh-inf.phh": _written("phh-inf.phh", _phh("inf")),
    "phh-1e400.phh": _written("phh-1e400.phh", _phh("1e400")),
    "phh-stack-nan.phh": _written("phh-stack-nan.phh", _phh_stacks("nan")),
    "phh-stack-1e400.phh": _written("phh-stack-1e400.phh", _phh_stacks("1e400")),
    "phh-deep-key.phh": _written("phh-deep-key.phh", GOOD_PHH.encode() + b"note" + b".a" * 100_000 + b" = 1\n"),
    "control-characters-in-name": _named_with_control,
    "link-loop.json": _link_loop,
    "proc-mem.json": _proc_mem,
    "missing.json": lambda folder: folder / "missing.json",
    "folder.json": lambda folder: (folder / "folder.json").mkdir() or folder / "folder.json",
}
AUDITED_AS_A_FOLDER = frozenset({"folder.json"})
"""Inputs the audit reads as it should (an empty folder named like a file is a folder to search)."""

HOUSE_FILES: dict[str, Callable[[Path], Path]] = {
    "dev-urandom": _device("/dev/urandom"),
    "dev-zero": _device("/dev/zero"),
    "deeply-nested.toml": _written("deeply-nested.toml", b"name = " + b"[" * 100_000 + b"]" * 100_000 + b"\n"),
    "deeply-nested-tables.toml": _written("deeply-nested-tables.toml",
                                          b"[switches]\none_extra_card = " + b"{a = " * 50_000 + b"1" + b"}" * 50_000),
    "huge.toml": _written("huge.toml", b'name = "' + b"x" * (20 << 20) + b'"\n'),
    "deep-key.toml": _written("deep-key.toml", b"[switches]\none_extra_card" + b".a" * 100_000 + b" = 1\n"),
    "long-key.toml": _written("long-key.toml", b"[switches]\n" + b"k" * (1 << 20) + b" = 1\n"),
    "not-utf8.toml": _written("not-utf8.toml", b'name = "\xff"\n'),
    "missing.toml": lambda folder: folder / "missing.toml",
}


def _hand_commands(path: Path, out: Path) -> Iterator[tuple[str, list[str]]]:
    yield "rule", ["rule", str(path)]
    yield "rule --json", ["rule", "--json", str(path)]
    yield "compare", ["compare", str(path)]
    yield "convert", ["convert", str(path), str(out / "out.jsonl")]
    yield "audit", ["audit", "--no-progress", str(path)]
    yield "audit --json", ["audit", "--no-progress", "--json", str(out / "report.json"), str(path)]
    yield "audit --csv -", ["audit", "--no-progress", "--csv", "-", str(path)]
    yield "drill --hands", ["drill", "--hands", str(path), "-n", "1", "--seed", "1"]


def _house_commands(path: Path) -> Iterator[tuple[str, list[str]]]:
    yield "rule --house", ["rule", str(GOOD), "--house", str(path)]
    yield "compare --house", ["compare", str(GOOD), "--house", str(path)]
    yield "audit --house", ["audit", "--no-progress", str(GOOD), "--house", str(path)]


def _word_commands() -> Iterator[tuple[str, list[str]]]:
    long = "X" * (1 << 20)
    yield "explain long id", ["explain", long]
    yield "explain control", ["explain", "FLOP\x1b[2J-4CARD"]
    yield "rules --rulebook long", ["rules", "--rulebook", long]
    yield "rule --rulebook long", ["rule", str(GOOD), "--rulebook", long]
    yield "verify-log --db device", ["verify-log", "--db", "/dev/urandom"]


def _answer(args: list[str]) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(main, args)
    crashed = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stderr, crashed


def _problems(args: list[str]) -> list[str]:
    status, err, crashed = _answer(args)
    found = []
    if crashed is not None:
        found.append(f"traceback: {type(crashed).__name__}: {str(crashed)[:200]}")
    lines = err.splitlines()
    if status != 2:
        found.append(f"exit status {status}")
    if len(lines) != 1:
        found.append(f"{len(lines)} lines on standard error: {err[:300]!r}")
    for line in lines:
        if len(line) > LINE_CHARS:
            found.append(f"a line of {len(line)} characters")
        if CONTROL.search(line):
            found.append(f"a control character printed: {line[:200]!r}")
    return found


def _cases() -> Iterator[tuple[str, str, Callable[[Path], Path]]]:
    for name, make in HAND_FILES.items():
        yield "hand", name, make
    for name, make in HOUSE_FILES.items():
        yield "house", name, make


CASES = list(_cases())


@pytest.mark.parametrize(("kind", "name", "make"), CASES, ids=[f"{k}:{n}" for k, n, _ in CASES])
def test_every_command_refuses_the_hostile_input_with_one_line_and_status_2(
        kind: str, name: str, make: Callable[[Path], Path], tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    path = make(folder)
    commands = _hand_commands(path, out) if kind == "hand" else _house_commands(path)
    if name in AUDITED_AS_A_FOLDER:
        commands = (c for c in commands if not c[0].startswith("audit"))
    wrong = {label: found for label, args in commands if (found := _problems(args))}
    assert not wrong, wrong
    assert not (out / "out.jsonl").exists()


@pytest.mark.parametrize(("label", "args"), list(_word_commands()), ids=[label for label, _ in _word_commands()])
def test_a_hostile_word_is_refused_with_one_line_and_status_2(label: str, args: list[str]) -> None:
    assert _problems(args) == []


# -- folders the audit cannot read ----------------------------------------------------------------------------

@pytest.fixture
def locked_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of flagged hands that cannot be listed (as root, too: listing it is refused here)."""
    day = tmp_path / "day2"
    locked = day / "locked"
    locked.mkdir(parents=True)
    for n in range(16):
        (locked / f"hand-{n}.json").write_bytes(GOOD.read_bytes())
    (day / "open.json").write_bytes(GOOD.read_bytes())
    scandir = os.scandir

    def refusing(path: str | os.PathLike[str] = ".") -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    return day


def test_the_audit_reports_a_folder_it_cannot_read_as_unreadable(locked_folder: Path) -> None:
    result = CliRunner().invoke(main, ["audit", "--no-progress", str(locked_folder)])
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"floorman: {locked_folder / 'locked'}: ") and "Permission denied" in line, line
    assert result.stdout.startswith("1 hands in 2 files") and "1 flagged, 1 findings, 1 unreadable" in result.stdout


def test_the_audit_reports_a_file_it_cannot_read_as_unreadable(tmp_path: Path) -> None:
    _proc_mem(tmp_path)
    (tmp_path / "open.json").write_bytes(GOOD.read_bytes())
    result = CliRunner().invoke(main, ["audit", "--no-progress", str(tmp_path)])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"floorman: {tmp_path / 'mem.json'}: "), line
    assert "1 unreadable" in result.stdout


# -- output that cannot be written ----------------------------------------------------------------------------

def _database(tmp_path: Path) -> Path:
    from floorman.storage import open_database

    path = tmp_path / "console.db"
    open_database(path).migrate()
    return path


def _output_commands(tmp_path: Path) -> list[tuple[str, list[str]]]:
    db = _database(tmp_path)
    return [
        ("rule", ["rule", str(GOOD)]),
        ("rule --json", ["rule", "--json", str(GOOD)]),
        ("compare", ["compare", str(GOOD)]),
        ("compare --json", ["compare", "--json", str(GOOD)]),
        ("rules", ["rules"]),
        ("rules --json", ["rules", "--json"]),
        ("explain", ["explain", "FLOP-4CARD"]),
        ("verify-log", ["verify-log", "--db", str(db)]),
        ("verify-log --json", ["verify-log", "--json", "--db", str(db)]),
        ("audit", ["audit", "--no-progress", str(EXAMPLES)]),
        ("audit --json -", ["audit", "--no-progress", "--json", "-", str(EXAMPLES)]),
        ("audit --csv -", ["audit", "--no-progress", "--csv", "-", str(EXAMPLES)]),
        ("audit --json /dev/full", ["audit", "--no-progress", "--json", "/dev/full", str(EXAMPLES)]),
        ("audit --csv /dev/full", ["audit", "--no-progress", "--csv", "/dev/full", str(EXAMPLES)]),
    ]


def _run(args: list[str], stdout: int) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT / "src"), str(ROOT),
                                                                    os.environ.get("PYTHONPATH", "")) if p)}
    done = subprocess.run([sys.executable, "-c", "from floorman.cli import main; main()", *args], stdout=stdout, stderr=subprocess.PIPE,
                          env=env, timeout=120, check=False)
    return done.returncode, done.stderr.decode("utf-8", "replace")


def _one_line_status_2(status: int, err: str) -> list[str]:
    found = []
    if status != 2:
        found.append(f"exit status {status}")
    if "Traceback" in err or "Exception ignored" in err or len(err.splitlines()) != 1:
        found.append(f"standard error: {err[-600:]!r}")
    return found


def test_output_to_a_full_disk_is_one_line_and_status_2(tmp_path: Path) -> None:
    wrong = {}
    for label, args in _output_commands(tmp_path):
        with open("/dev/full", "wb") as full:
            status, err = _run(args, full.fileno())
        if found := _one_line_status_2(status, err):
            wrong[label] = found
        elif "/dev/full" not in label:
            assert "standard output" in err, err
    assert not wrong, wrong


def test_output_to_a_pipe_nobody_reads_is_one_line_and_status_2(tmp_path: Path) -> None:
    wrong = {}
    for label, args in _output_commands(tmp_path):
        if "/dev/full" in label:
            continue
        read, write = os.pipe()
        os.close(read)
        try:
            status, err = _run(args, write)
        finally:
            os.close(write)
        if found := _one_line_status_2(status, err):
            wrong[label] = found
    assert not wrong, wrong


# -- what the input names, printed ----------------------------------------------------------------------------

def test_tables_dealers_and_file_names_reach_the_terminal_escaped_and_the_csv_guarded(tmp_path: Path) -> None:
    obj = json.loads(GOOD.read_bytes())
    obj.update(dealer='=HYPERLINK("http://x")\x1b[2J', table="7\x07\u202e")
    (tmp_path / "hand\x1b[31m.json").write_text(json.dumps(obj), encoding="utf-8")
    (tmp_path / "bad\x1b]0;owned\x07.json").write_bytes(b"{")
    report = tmp_path / "report.csv"
    result = CliRunner().invoke(main, ["audit", "--no-progress", "--csv", str(report), str(tmp_path)])
    assert result.exit_code == 2
    for text in (result.stdout, result.stderr):
        assert not CONTROL.search(text.replace("\n", "")) and "\u202e" not in text, text
    assert '=HYPERLINK("http://x")\\x1b[2J' in result.stdout and "7\\x07\\u202e" in result.stdout
    assert "bad\\x1b]0;owned\\x07.json" in result.stderr
    import csv

    rows = list(csv.DictReader(report.open(encoding="utf-8")))
    assert [row["dealer"] for row in rows if row["dealer"]] == ['\'=HYPERLINK("http://x")\x1b[2J']


def test_an_error_line_repeats_at_most_a_hundred_characters_of_a_field_name(tmp_path: Path) -> None:
    path = _written("long-field-name.json", _long_field_name)(tmp_path)
    result = CliRunner().invoke(main, ["rule", str(path)])
    (line,) = result.stderr.splitlines()
    assert result.exit_code == 2 and len(line) < len(str(path)) + 300, len(line)
    assert "field 'xxxxxxxx" in line
