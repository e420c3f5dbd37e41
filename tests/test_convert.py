"""``floorman convert IN OUT``: PHH, hand-log JSON and JSONL into one another, with no hand lost or changed."""

from __future__ import annotations

import gzip
import json
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.cli.batch import convert_cmd
from floorman.formats import handlog, phh, phh_toml

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
PHH = Path(__file__).parent / "data" / "phh"
PHHS = PHH / "handhq" / "ps-50NLH-2009-07-01-selection.phhs"
SAMPLE = sorted(p for p in PHH.rglob("*") if p.suffix in (".phh", ".phhs"))


def convert(source: Path, target: Path) -> tuple[int, str]:
    result = CliRunner().invoke(convert_cmd, [str(source), str(target)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stderr


def jsonl_logs(path: Path) -> list[handlog.HandLog]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fp:
        return list(handlog.iter_jsonl(fp))


def _said(action: str) -> str:
    words = action.split("#")[0].split()
    if len(words) == 3 and words[1] == "cbr":
        words[2] = str(Decimal(words[2]).normalize())
    return " ".join(words)


def _actions(text: str) -> list[str]:
    tables = phh.parse_phhs(text) if text.lstrip().startswith("[") else [("", phh.parse_phh(text))]
    out: list[str] = []
    for _, table in tables:
        actions = table["actions"]
        assert isinstance(actions, list)
        out += [_said(str(a)) for a in actions if str(a).split("#")[0].strip()]
    return out


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.relative_to(PHH).as_posix())
def test_every_sample_file_goes_phh_to_jsonl_to_phhs_and_back_unchanged(tmp_path: Path, path: Path) -> None:
    original = [handlog.from_obj(obj) for obj in phh.load(path)]
    assert convert(path, tmp_path / "a.jsonl")[0] == 0
    assert jsonl_logs(tmp_path / "a.jsonl") == original
    assert convert(tmp_path / "a.jsonl", tmp_path / "b.phhs")[0] == 0
    assert convert(tmp_path / "b.phhs", tmp_path / "c.jsonl")[0] == 0
    assert jsonl_logs(tmp_path / "c.jsonl") == original
    assert _actions((tmp_path / "b.phhs").read_text()) == _actions(path.read_text(encoding="utf-8"))


def test_one_hand_goes_phh_to_json_to_phh(tmp_path: Path) -> None:
    source = PHH / "dwan-ivey-2009.phh"
    assert convert(source, tmp_path / "h.json") == (0, f"1 hand: {source} -> {tmp_path / 'h.json'}\n")
    log = handlog.load(tmp_path / "h.json")
    assert log == handlog.from_obj(phh.load(source)[0])
    assert json.loads((tmp_path / "h.json").read_text())["game"] == "holdem"
    assert convert(tmp_path / "h.json", tmp_path / "h.phh")[0] == 0
    assert handlog.from_obj(phh.load(tmp_path / "h.phh")[0]) == log


def test_irregular_logs_survive_json_to_phh_to_json(tmp_path: Path) -> None:
    assert convert(EXAMPLES / "hands.jsonl", tmp_path / "all.phhs")[0] == 0
    assert convert(tmp_path / "all.phhs", tmp_path / "back.jsonl")[0] == 0
    assert jsonl_logs(tmp_path / "back.jsonl") == jsonl_logs(EXAMPLES / "hands.jsonl")


def test_gzip_is_read_and_written(tmp_path: Path) -> None:
    assert convert(PHHS, tmp_path / "s.jsonl.gz")[0] == 0
    with gzip.open(tmp_path / "s.jsonl.gz", "rt") as fp:
        assert len(fp.read().splitlines()) == 8
    assert convert(tmp_path / "s.jsonl.gz", tmp_path / "s.phhs")[0] == 0
    assert jsonl_logs(tmp_path / "s.jsonl.gz") == [handlog.from_obj(o) for o in phh.load(PHHS)]


def test_many_hands_into_a_one_hand_format_is_refused_and_out_is_not_written(tmp_path: Path) -> None:
    code, err = convert(PHHS, tmp_path / "one.json")
    assert code == 2
    assert err == f"floorman: {PHHS}: holds more than one hand, and a .json file holds one (write .jsonl)\n"
    assert not (tmp_path / "one.json").exists()
    assert convert(EXAMPLES / "hands.jsonl", tmp_path / "one.phh")[1].endswith("(write .phhs)\n")
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_hand_stops_with_its_file_hand_event_and_field(tmp_path: Path) -> None:
    lines = (EXAMPLES / "hands.jsonl").read_text().splitlines()
    bad = json.loads(lines[2])
    bad["events"][0]["amount"] = "lots"
    lines[2] = json.dumps(bad)
    (tmp_path / "in.jsonl").write_text("\n".join(lines) + "\n")
    (tmp_path / "out.jsonl").write_text("kept\n")
    code, err = convert(tmp_path / "in.jsonl", tmp_path / "out.jsonl")
    assert code == 2
    assert err == (f"floorman: {tmp_path / 'in.jsonl'}: line 3: event 0: field 'amount': "
                   "expected a chip amount (a number), got 'lots'\n")
    assert (tmp_path / "out.jsonl").read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


def test_a_bad_phh_hand_is_named_by_file_hand_and_field(tmp_path: Path) -> None:
    text = (PHH / "dwan-ivey-2009.phh").read_text().replace('"p3 cbr 7000"', '"p3 cbr lots"')
    (tmp_path / "bad.phh").write_text(text)
    code, err = convert(tmp_path / "bad.phh", tmp_path / "out.json")
    assert code == 2
    assert err.startswith(f"floorman: {tmp_path / 'bad.phh'}: hand bad: field 'actions[")
    assert "expected an amount after cbr, got 'lots'" in err


@pytest.mark.parametrize(("source", "target", "message"), [
    ("hands.txt", "out.jsonl", "expected a .json, .jsonl, .phh or .phhs file (or the same .gz), got '.txt'"),
    ("hands.jsonl", "out.csv", "expected a .json, .jsonl, .phh or .phhs file (or the same .gz), got '.csv'"),
    ("missing.jsonl", "out.jsonl", "No such file or directory"),
])
def test_names_that_are_not_hand_files_are_refused(tmp_path: Path, source: str, target: str, message: str) -> None:
    if source == "hands.jsonl":
        (tmp_path / source).write_text((EXAMPLES / "hands.jsonl").read_text())
    elif source == "hands.txt":
        (tmp_path / source).write_text("x")
    code, err = convert(tmp_path / source, tmp_path / target)
    assert code == 2
    assert err.startswith("floorman: ") and message in err and err.count("\n") == 1


# -- the PHH reader -------------------------------------------------------------------------------

@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.relative_to(PHH).as_posix())
def test_the_phh_reader_reads_every_sample_file_as_tomllib_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    mine, theirs = phh_toml.loads(text), tomllib.loads(text, parse_float=Decimal)
    assert mine == theirs and repr(mine) == repr(theirs)


@pytest.mark.parametrize("text", [
    "a = 1\nb = -2\nc = +3\nd = 0.50\ne = true\nf = false\ng = 'x # not a comment'\nh = \"it's\"\n",
    "a = [1, 2,\n  3,  # three\n]\nb = ['x', \"y\", 1, 0.5, true]\nc = []\nd = [ ]\n",
    "# only a comment\n\n[1]\nhand = 1\n[2]  # the second\nhand = 2\n",
    "a = 1",
    "  a = 1  # indented\n",
    "time = 00:00:00\nday = 2023-06-22\n",
    "a = \"tab\\tescape\"\n",
    "a = '''multi\nline'''\n",
    "a = {x = 1}\n",
    "a.b = 1\n",
    "a = [[1], [2]]\n",
    "a = 1_000\nb = 0x1F\nc = 1e5\nd = inf\n",
    "\"quoted key\" = 1\n",
    "a = 1\r\nb = [\r\n  2,\r\n]\r\n",
])
def test_the_phh_reader_agrees_with_tomllib_or_leaves_the_text_to_it(text: str) -> None:
    assert repr(phh_toml.loads(text)) == repr(tomllib.loads(text, parse_float=Decimal))


@pytest.mark.parametrize("text", [
    "a = 1\na = 2\n", "[1]\n[1]\n", "a = 01\n", "a = [1,,2]\n", "a = 'x\n", "a = 1 b = 2\n", "a =\n",
    "a = [1 2]\n", "a = 'bell\x07'\n", "a = 1 # bell\x07\n", "[a\n", "a = 1\rb = 2\n", "= 1\n",
])
def test_the_phh_reader_refuses_what_tomllib_refuses(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text, parse_float=Decimal)
    with pytest.raises(tomllib.TOMLDecodeError):
        phh_toml.loads(text)
