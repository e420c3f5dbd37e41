"""``floorman audit --html``: the report's figures are the audit's own (its ``--json`` summary), every flagged hand
is in it with its ruling and events, unreadable logs with their error, the page holds everything it needs, and
every word comes from the catalog."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from floorman.audit.html import WORD_IDS
from floorman.cli import main
from floorman.locale import translations
from tests.conftest import EXAMPLES
from tests.room_hands import room_folder


def _audit(tmp_path: Path, paths: list[str], *options: str, name: str = "report") -> tuple[dict[str, Any], str]:
    """The --json report and the --html page of one audit run."""
    json_path, html_path = tmp_path / f"{name}.json", tmp_path / f"{name}.html"
    result = CliRunner().invoke(main, ["audit", *paths, "--json", str(json_path), "--html", str(html_path),
                                       *options])
    assert result.exit_code in (0, 1, 2), result.output
    return json.loads(json_path.read_text(encoding="utf-8")), html_path.read_text(encoding="utf-8")


def _data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def _blocks(page: str) -> list[list[Any]]:
    """The hands' details, unpacked as the browser unpacks them (base64, then gzip)."""
    texts = re.findall(r'<script type="application/gzip-base64" id="block-(\d+)">([A-Za-z0-9+/=]*)</script>', page)
    assert [int(i) for i, _ in texts] == list(range(len(texts)))
    return [json.loads(zlib.decompress(base64.b64decode(text), wbits=31)) for _, text in texts]


ONE_WAY = ("by_verdict", "by_dealer", "by_table", "by_hour", "by_level", "by_book", "by_period")


def _assert_same_figures(summary: dict[str, Any], data: dict[str, Any]) -> None:
    shown = data["summary"]
    for key in ("files", "hands", "flagged", "findings", "unreadable"):
        assert shown[key] == summary[key], key
    for table in ONE_WAY:
        assert {r[0]: (r[1], r[2], r[3]) for r in shown[table]} == {
            r["key"]: (r["hands"], r["flagged"], r["findings"]) for r in summary[table]}, table
    # a cause's row: the hands audited, the hands with the cause, its findings
    assert {r[0]: (r[1], r[2], r[3]) for r in shown["by_kind"]} == {
        r["key"]: (summary["hands"], r["hands"], r["findings"]) for r in summary["by_kind"]}
    for table in ("by_dealer_kind", "by_table_hour"):
        assert {(c[0], c[1]): (c[2], c[3], c[4]) for c in shown[table]} == {
            (c["row"], c["column"]): (c["hands"], c["flagged"], c["findings"]) for c in summary[table]}, table
    # the hands behind the figures: one index row per flagged hand, one per unreadable log
    assert len(data["hands"]) == summary["flagged"]
    assert len(data["unreadable"]) == summary["unreadable"]
    strings = data["strings"]
    per_dealer: dict[str, int] = {}
    for hand in data["hands"]:
        per_dealer[strings[hand[2]]] = per_dealer.get(strings[hand[2]], 0) + 1
    assert per_dealer == {r["key"]: r["flagged"] for r in summary["by_dealer"] if r["flagged"]}


def test_the_report_s_figures_are_the_json_summary_s_on_the_bundled_hands(tmp_path: Path) -> None:
    summary, page = _audit(tmp_path, [str(EXAMPLES)])
    bundled = [*EXAMPLES.rglob("*.json")]
    lines = sum(1 for line in (EXAMPLES / "hands.jsonl").read_text(encoding="utf-8").splitlines() if line.strip())
    assert summary["summary"]["hands"] == len(bundled) + lines  # every example audited, each file and each line
    _assert_same_figures(summary["summary"], _data(page))


def test_the_report_s_figures_are_the_json_summary_s_on_phh_hands_with_irregularities_injected(
        tmp_path: Path) -> None:
    room = room_folder(tmp_path / "room")
    summary, page = _audit(tmp_path, [str(room)])
    totals = summary["summary"]
    assert totals["hands"] == 100 and totals["flagged"] >= 50  # 60 injected, 40 real hands as they were
    assert totals["unreadable"] == 1
    data = _data(page)
    _assert_same_figures(totals, data)
    assert {r[0] for r in data["summary"]["by_dealer"]} >= {"-", "D-1", "D-2"}
    assert len(data["summary"]["by_period"]) > 2
    assert len(data["summary"]["by_level"]) == 6  # levels 1 to 5 and the PHH hands' unknown


def test_two_worker_processes_make_the_same_report_as_one(tmp_path: Path) -> None:
    room = room_folder(tmp_path / "room")
    _, one = _audit(tmp_path, [str(room)], name="one")
    _, two = _audit(tmp_path, [str(room)], "--jobs", "2", name="two")
    assert _data(one) == _data(two)
    assert _blocks(one) == _blocks(two)


def test_every_flagged_hand_carries_its_ruling_with_numbered_steps_and_rule_numbers_and_its_events(
        tmp_path: Path) -> None:
    _, page = _audit(tmp_path, [str(EXAMPLES)])
    data, blocks = _data(page), _blocks(page)
    assert sum(len(b) for b in blocks) == len(data["hands"])
    misdeals = 0
    for hand in data["hands"]:
        detail = blocks[hand[11]][hand[12]]
        assert detail["events"] and all(isinstance(line, str) and line for line in detail["events"])
        assert detail["findings"]
        last = detail["rulings"][-1]
        assert last["verdict"] == data["strings"][hand[8]]
        assert all(rule and source for rule, source in last["rules"]) and last["rules"]
        assert isinstance(last["discretion"], bool)
        if last["verdict"] == "misdeal":
            misdeals += 1
            assert last["remedies"], hand
    assert misdeals > 5


def test_the_wrong_seat_misdeal_is_ruled_in_the_report_as_floorman_rule_rules_it(tmp_path: Path) -> None:
    _, page = _audit(tmp_path, [str(EXAMPLES / "first-card-wrong-seat.json")])
    ruling = _blocks(page)[0][0]["rulings"][-1]
    assert ruling["verdict"] == "misdeal"
    assert ruling["rules"][0] == ["MD-FIRST-WRONG-SEAT", "WSOP 2026 Tournament Rule 88.a.3"]
    assert ruling["remedies"][-1].startswith("Re-deal") or "deal" in ruling["remedies"][-1].lower()


def test_a_log_without_dealer_or_table_is_counted_as_unknown_never_dropped(tmp_path: Path) -> None:
    log = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))
    for key in ("dealer", "table"):
        log.pop(key, None)
    (tmp_path / "nameless.json").write_text(json.dumps(log), encoding="utf-8")
    summary, page = _audit(tmp_path, [str(tmp_path / "nameless.json")])
    data = _data(page)
    assert [r[0] for r in data["summary"]["by_dealer"]] == ["-"] == [r[0] for r in data["summary"]["by_table"]]
    assert data["summary"]["by_dealer"][0][1] == 1 == summary["summary"]["hands"]
    assert data["unknown_key"] == "-" and data["words"]["unknown"] == "unknown"


def test_a_log_that_cannot_be_read_is_listed_with_its_error_and_where_it_is(tmp_path: Path) -> None:
    room = room_folder(tmp_path / "room")
    _, page = _audit(tmp_path, [str(room / "broken")])
    [[file, hand, event, field, error]] = _data(page)["unreadable"]
    assert file.endswith("bad.jsonl") and "line 1" in error and "players" in error
    assert field == "players" and event is None and hand == "line 1"


def test_the_report_is_said_in_vietnamese_from_the_catalog(tmp_path: Path) -> None:
    _, page = _audit(tmp_path, [str(EXAMPLES)], "--lang", "vi")
    data = _data(page)
    assert '<html lang="vi">' in page
    assert data["words"]["kpi.hands"] == "Ván bài đã kiểm tra"
    assert data["names"]["kind"]["four_card_flop"] == "Chia bốn lá bài cho flop (flop bốn lá)"
    detail = _blocks(page)[0][0]
    assert any("ghế" in line for line in detail["events"])


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_every_word_of_the_page_is_in_the_catalog_with_the_same_placeholders(lang: str) -> None:
    catalog = translations(lang)
    english = translations("en")
    for key in WORD_IDS:
        said = catalog.gettext(f"report.{key}")
        assert said != f"report.{key}", key
        assert set(re.findall(r"\{(\w+)\}", said)) == set(re.findall(r"\{(\w+)\}", english.gettext(f"report.{key}")))


def test_the_page_needs_no_network_and_no_other_file(tmp_path: Path) -> None:
    _, whole = _audit(tmp_path, [str(EXAMPLES)])
    assert "Apache License" in whole and "echarts.init" in whole  # the chart library travels with its licence notice
    page = re.sub(r"/\* Apache ECharts .*?</script>", "</script>", whole, flags=re.S)  # the page less the library
    assert len(page) < len(whole) - 1_000_000
    assert not re.search(r"<script[^>]*\ssrc=", page)
    assert not re.search(r"<link\b", page)
    assert not re.search(r"<img\b", page)
    assert "@import" not in page and not re.search(r"url\(\s*['\"]?https?:", page)
    assert not re.search(r"https?://", page)


def test_a_report_that_cannot_be_written_is_one_error_line_and_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "report.html"
    result = CliRunner().invoke(main, ["audit", str(EXAMPLES / "four-card-flop.json"), "--html", str(target)])
    assert result.exit_code == 2
    assert "missing-folder" in result.output
    assert not target.parent.exists()


_WITHOUT_EXTRAS = """
import sys
from importlib.abc import MetaPathFinder

class Missing(MetaPathFinder):
    blocked = ("fastapi", "starlette", "uvicorn", "jinja2", "babel", "multipart", "python_multipart", "dask",
               "distributed", "mcp", "mcp_types", "markupsafe")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Missing())
from floorman.cli import main
main(["audit", sys.argv[1], "--html", sys.argv[2]])
"""


def test_the_report_needs_none_of_the_extras(tmp_path: Path) -> None:
    import subprocess
    import sys

    target = tmp_path / "report.html"
    done = subprocess.run([sys.executable, "-c", _WITHOUT_EXTRAS, str(EXAMPLES / "four-card-flop.json"),
                           str(target)], capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert _data(target.read_text(encoding="utf-8"))["summary"]["flagged"] == 1
