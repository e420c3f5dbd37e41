"""Malformed input: every file in tests/bad is refused with one line that names the event index and the field.

``tests/bad/EXPECTED.toml`` says, for each file, what reading it must answer. The command (``floorman rule``)
must exit with status 2 and print exactly one line on standard error, never a traceback; the library must
raise the documented error (``LogSyntaxError`` when the text is not a JSON object, ``LogFieldError`` naming
the event and the field otherwise). Hand histories (.phh) are read through ``floorman.formats.phh``.
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import floorman
from floorman.cli import main
from floorman.errors import LogError, LogFieldError, LogSyntaxError
from floorman.formats import handlog, phh
from floorman.formats import ruling as ruling_json
from floorman.formats.checks import MAX_EVENTS
from floorman.formats.files import MAX_HAND_BYTES, read_bounded
from floorman.formats.phh import PhhError
from tests.conftest import EXAMPLES

BAD = Path(__file__).resolve().parent / "bad"
EXPECTED: dict[str, dict[str, Any]] = tomllib.loads((BAD / "EXPECTED.toml").read_text(encoding="utf-8"))
STORED = sorted(p.name for p in BAD.iterdir() if p.name != "EXPECTED.toml")
GOOD = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))


def _reader(entry: dict[str, Any]) -> str:
    reader: str = entry.get("reader", "cli")
    return reader


REFUSED = [name for name, e in EXPECTED.items() if _reader(e) == "cli" and e["status"] == 2]
ACCEPTED = [name for name, e in EXPECTED.items() if _reader(e) == "cli" and e["status"] == 0]
JSONL = [name for name, e in EXPECTED.items() if _reader(e) == "jsonl"]
AUDIT = [name for name, e in EXPECTED.items() if _reader(e) == "audit"]
PHH = [name for name, e in EXPECTED.items() if _reader(e) == "phh"]


# -- the inputs too big to store ------------------------------------------------------------------

def _deeply_nested() -> bytes:
    return b"[" * 100_000 + b"]" * 100_000


def _deeply_nested_event() -> bytes:
    text = json.dumps({**GOOD, "events": ["@"]})
    return text.replace('"@"', '{"a": ' * 50_000 + "1" + "}" * 50_000).encode()


def _events_then(last: dict[str, Any], count: int = 100_000) -> list[dict[str, Any]]:
    """``count`` events: the example's hand, then checks around the table, then ``last``."""
    events = list(GOOD["events"])
    seats = [p["seat"] for p in GOOD["players"]]
    while len(events) < count - 1:
        events.append({"type": "act", "seat": seats[len(events) % len(seats)], "action": "check"})
    return [*events[: count - 1], last]


def _bad_at_the_end() -> bytes:
    return json.dumps({**GOOD, "events": _events_then({"type": "burn", "card": "Zz"})}).encode()


def _too_many_events() -> bytes:
    return json.dumps({**GOOD, "events": _events_then({"type": "floor"}, MAX_EVENTS + 1)}).encode()


def _past_the_size_cap() -> bytes:
    head = json.dumps(GOOD).encode()
    return head[:-1] + b', "_pad": "' + b"x" * (MAX_HAND_BYTES - len(head)) + b'"}'


def _million_element_array() -> bytes:
    return json.dumps({**GOOD, "seats": [1] * 1_000_000}).encode()


def _line_of_many_megabytes() -> bytes:
    line = json.dumps(GOOD).encode() + b"\n"
    return gzip.compress(line + b"[" + b" " * (2 * MAX_HAND_BYTES) + b"]\n" + line, compresslevel=1)


MAKERS: dict[str, Callable[[], bytes]] = {
    "deeply-nested": _deeply_nested,
    "deeply-nested-event": _deeply_nested_event,
    "100k-events-bad-at-the-end": _bad_at_the_end,
    "too-many-events": _too_many_events,
    "hand-past-the-size-cap": _past_the_size_cap,
    "million-element-array": _million_element_array,
    "one-line-of-many-megabytes": _line_of_many_megabytes,
    "named-pipe": bytes,  # made by os.mkfifo in _path
}


def _path(name: str, tmp_path: Path) -> Path:
    entry = EXPECTED[name]
    if "make" not in entry:
        return BAD / name
    path = tmp_path / name
    if entry["make"] == "named-pipe":
        os.mkfifo(path)
    else:
        path.write_bytes(MAKERS[entry["make"]]())
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _where(entry: dict[str, Any]) -> str:
    """What the one-line message must say after the file name: the event index, then the field."""
    where = ""
    if "event" in entry:
        where += f"event {entry['event']}: "
    if entry.get("field", "syntax") != "syntax":
        where += f"field {entry['field']!r}: "
    return where


# -- the corpus itself ----------------------------------------------------------------------------

def test_every_stored_input_is_listed_and_every_listed_input_is_stored_or_built() -> None:
    assert {name for name, e in EXPECTED.items() if "make" not in e} == set(STORED)
    assert {e["make"] for e in EXPECTED.values() if "make" in e} == set(MAKERS)


def test_the_corpus_holds_at_least_120_inputs_that_must_be_refused() -> None:
    refused = [name for name, e in EXPECTED.items() if e.get("status", 2) == 2]
    assert len(refused) >= 120


def test_every_expectation_names_a_field_or_syntax_and_every_cli_input_an_exit_status() -> None:
    for name, entry in EXPECTED.items():
        assert set(entry) <= {"status", "reader", "line", "event", "field", "make"}, name
        if entry.get("status", 2) == 2:
            assert "field" in entry or "event" in entry, name
        if _reader(entry) != "phh":
            assert entry["status"] in (0, 2), name


# -- the command ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", REFUSED)
def test_the_command_refuses_it_with_one_line_naming_the_event_and_the_field(name: str, tmp_path: Path) -> None:
    entry = EXPECTED[name]
    path = _path(name, tmp_path)
    code, out, err = run("rule", str(path))
    assert code == entry["status"] == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    prefix = f"floorman: {path}: {_where(entry)}"
    assert lines[0].startswith(prefix), lines[0]
    rest = lines[0][len(prefix):]
    assert rest and not re.match(r"(event \d+|field '[^']*'): ", rest), lines[0]
    assert len(rest) < 300, f"the message repeats too much of the value: {len(rest)} characters"


@pytest.mark.parametrize("name", REFUSED)
def test_the_library_raises_the_documented_error_with_the_event_and_the_field(name: str, tmp_path: Path) -> None:
    entry = EXPECTED[name]
    with pytest.raises(LogError) as info:
        handlog.load(_path(name, tmp_path))
    err = info.value
    if entry.get("field") == "syntax":
        assert type(err) is LogSyntaxError
        assert (err.event, err.field) == (None, None)
    else:
        assert type(err) is LogFieldError
        assert (err.event, err.field) == (entry.get("event"), entry.get("field"))
    assert "\n" not in str(err)


@pytest.mark.parametrize("name", ACCEPTED)
def test_an_input_the_format_allows_is_ruled_as_the_plain_log_is(name: str) -> None:
    path = BAD / name
    code, out, err = run("rule", str(path), "--json")
    assert (code, err) == (0, "")
    plain = handlog.loads(path.read_bytes().removeprefix(b"\xef\xbb\xbf"))
    assert json.loads(out) == json.loads(ruling_json.dumps(floorman.rule(plain)))


def test_numbers_no_float_can_hold_are_written_back_out_as_text() -> None:
    log = handlog.load(BAD / "huge-numbers-in-metadata.json")
    written = json.loads(handlog.dumps(log))
    assert written["hand"] == "1E+999999999"
    assert written["_trace"] == "9" * 5000
    text = (BAD / "phh-bad-action.phh").read_text(encoding="utf-8").replace('"p2 fold"', '"p2 f"')
    (obj,) = phh.loads(text + "note_stakes = 1e999999999\n")
    assert json.loads(handlog.dumps(handlog.from_obj(obj)))["_phh"] == {"min_bet": 200, "note_stakes": "1E+999999999"}


def test_a_byte_order_mark_is_ignored_in_text_as_in_bytes() -> None:
    text = (BAD / "bom-prefixed.json").read_bytes().decode("utf-8")
    assert text.startswith("\ufeff")
    assert handlog.loads(text) == handlog.loads(text.encode("utf-8")) == handlog.loads(text[1:])


# -- one hand per line ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", JSONL)
def test_a_jsonl_stream_names_the_line_the_event_and_the_field(name: str) -> None:
    entry = EXPECTED[name]
    path = BAD / name
    with path.open("rb") as fp, pytest.raises(LogError) as info:
        list(handlog.iter_jsonl(fp))
    err = info.value
    assert err.line == entry["line"]
    assert err.event == entry.get("event")
    assert err.field == (None if entry["field"] == "syntax" else entry["field"])
    assert str(err).startswith(f"line {entry['line']}: {_where(entry)}")


@pytest.mark.parametrize("name", JSONL)
def test_the_command_reads_a_jsonl_file_as_one_log_and_refuses_it_with_one_line(name: str) -> None:
    code, out, err = run("rule", str(BAD / name))
    assert code == EXPECTED[name]["status"]
    if code == 2:
        assert out == ""
        assert len(err.splitlines()) == 1
    assert "Traceback" not in err


# -- the audit ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", AUDIT)
def test_the_audit_names_the_file_and_line_in_one_line_and_reads_the_next_file(name: str, tmp_path: Path) -> None:
    entry = EXPECTED[name]
    folder = tmp_path / "day2"
    folder.mkdir()
    bad = _path(name, folder)
    (folder / "z-next.json").write_bytes((EXAMPLES / "four-card-flop.json").read_bytes())
    code, out, err = run("audit", str(folder), "--no-progress")
    assert code == entry["status"]
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    where = f"floorman: {bad}: " + (f"line {entry['line']}: " if "line" in entry else "")
    assert lines[0].startswith(where), lines[0]
    assert len(lines[0]) < 300 + len(str(bad))
    hands = 2 if "line" in entry else 1  # the line before the long one (the rest of that file is left), the next file
    assert out.startswith(f"{hands} hands in 2 files"), out


def test_a_named_pipe_given_by_name_is_read_as_standard_input_is(tmp_path: Path) -> None:
    import threading

    pipe = tmp_path / "from-the-tablet"
    os.mkfifo(pipe)
    text = (EXAMPLES / "four-card-flop.json").read_bytes()
    writer = threading.Thread(target=pipe.write_bytes, args=(text,))
    writer.start()
    code, out, err = run("rule", str(pipe), "--json")
    writer.join(timeout=10)
    assert (code, err) == (0, "")
    assert json.loads(out) == json.loads(ruling_json.dumps(floorman.rule(handlog.loads(text))))


# -- hand histories ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PHH)
def test_a_bad_hand_history_is_refused_naming_the_field(name: str) -> None:
    with pytest.raises((PhhError, LogError)) as info:
        for obj in phh.load(BAD / name):
            floorman.rule(handlog.from_obj(obj))
    err = info.value
    assert isinstance(err, (PhhError, LogError))
    assert err.field == EXPECTED[name]["field"]
    assert f"field '{err.field}': " in str(err)
    assert "\n" not in str(err)


def test_the_bad_action_file_with_its_one_action_corrected_is_read_and_ruled_clean() -> None:
    text = (BAD / "phh-bad-action.phh").read_text(encoding="utf-8").replace('"p2 fold"', '"p2 f"')
    (log,) = phh.loads(text)
    result = floorman.rule(handlog.from_obj(log))
    acts = [(e["seat"], e["action"]) for e in log["events"] if e["type"] == "act"]
    assert acts == [(3, "raise"), (1, "call"), (2, "fold"), (1, "check"), (3, "bet"), (1, "fold")]
    assert (result.ruling.verdict.value, result.findings) == ("continue", ())


# -- a long hand ------------------------------------------------------------------------------------

def test_a_well_formed_log_of_100000_events_is_read_and_ruled(tmp_path: Path) -> None:
    obj = copy.deepcopy(GOOD)
    obj["events"] = _events_then({"type": "floor", "note": "the last of 100,000 events"})
    for at in range(len(GOOD["events"]) + 1000, 99_000, 20_000):  # a floor call now and then
        obj["events"][at] = {"type": "floor"}
    path = tmp_path / "long-hand.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    code, out, err = run("rule", str(path), "--json")
    assert (code, err) == (0, "")
    ruled = json.loads(out)
    floors = [i for i, e in enumerate(obj["events"]) if e["type"] == "floor"]
    assert [r["at"] for r in ruled["rulings"]] == floors


# -- reading a file no further than its limit, with the size the file says it holds ---------------------------


def test_a_file_read_by_the_size_it_says_it_holds_is_read_whole_even_when_it_grew() -> None:
    text = b"x" * 100
    assert read_bounded(io.BytesIO(text), limit=1000, size=100) == text
    assert read_bounded(io.BytesIO(text), limit=1000, size=40) == text  # grew after it was measured
    assert read_bounded(io.BytesIO(text), limit=1000, size=0) == text


def test_a_file_past_its_limit_is_refused_whatever_size_it_said() -> None:
    for size in (None, 10, 99, 100, 5000):
        with pytest.raises(LogSyntaxError):
            read_bounded(io.BytesIO(b"x" * 101), limit=100, size=size)
    assert read_bounded(io.BytesIO(b"x" * 100), limit=100, size=10) == b"x" * 100
