"""PHH values of the wrong TOML type are refused in one line by ``convert`` (never a traceback), and PHH's own
``time`` (a TOML local time) is kept and written back as one."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.cli import main

BAD = Path(__file__).resolve().parent / "bad"
GOOD = (BAD / "phh-bad-action.phh").read_text(encoding="utf-8").replace('"p2 fold"', '"p2 f"')


@pytest.mark.parametrize(("extra", "field"), [
    ("hand = 2024-01-01T10:00:00\n", "hand"),
    ("time = 2024-01-01\n", "time"),
    ("year = 2024.5\n", "year"),
    ("event = 12\n", "event"),
    ("finishing_stacks = [1, 2, 1979-05-27]\n", "finishing_stacks[2]"),
])
def test_convert_refuses_a_value_of_the_wrong_toml_type_in_one_line(tmp_path: Path, extra: str, field: str) -> None:
    source = tmp_path / "hand.phh"
    source.write_text(GOOD + extra, encoding="utf-8")
    result = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "hand.json")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and f"field '{field}'" in lines[0], result.output
    assert not (tmp_path / "hand.json").exists()


def test_phh_time_is_kept_and_round_trips_through_convert(tmp_path: Path) -> None:
    source = tmp_path / "hand.phh"
    source.write_text(GOOD + "time = 10:30:00\nday = 2\nmonth = 12\nyear = 2026\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["convert", str(source), str(tmp_path / "hand.json")]).exit_code == 0
    assert runner.invoke(main, ["convert", str(tmp_path / "hand.json"), str(tmp_path / "back.phh")]).exit_code == 0
    back = tomllib.loads((tmp_path / "back.phh").read_text(encoding="utf-8"))
    assert str(back["time"]) == "10:30:00" and type(back["time"]).__name__ == "time"
    assert (back["day"], back["month"], back["year"]) == (2, 12, 2026)


def test_a_log_timestamp_is_not_written_as_phh_time(tmp_path: Path) -> None:
    source = tmp_path / "hand.json"
    runner = CliRunner()
    phh = tmp_path / "hand.phh"
    phh.write_text(GOOD, encoding="utf-8")
    assert runner.invoke(main, ["convert", str(phh), str(source)]).exit_code == 0
    text = source.read_text(encoding="utf-8").replace('"floorman": 1,', '"floorman": 1, "time": "2026-07-01T14:03:22Z",')
    source.write_text(text, encoding="utf-8")
    assert runner.invoke(main, ["convert", str(source), str(tmp_path / "out.phh")]).exit_code == 0
    written = tomllib.loads((tmp_path / "out.phh").read_text(encoding="utf-8"))
    assert "time" not in written  # kept in _floorman instead, and read back from there
    assert runner.invoke(main, ["convert", str(tmp_path / "out.phh"), str(tmp_path / "again.json")]).exit_code == 0
    assert '"time": "2026-07-01T14:03:22Z"' in (tmp_path / "again.json").read_text(encoding="utf-8")
