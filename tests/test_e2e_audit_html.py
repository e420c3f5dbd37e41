"""The audit's HTML report in a real headless Chromium, opened from the disk with the network shut: in English and
Vietnamese, on a phone and on a laptop, a room manager clicks a bar of a chart, gets the list of its hands, opens
one and reads its ruling (verdict, numbered steps, rules with their numbers, the floor's call) and its events;
a heat-map cell and a table row lead to their hands too. Screenshots go to ``artifacts/screenshots/``.

Needs Debian's Chromium at /usr/bin/chromium and Playwright for Python (never a downloaded browser).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from floorman.cli import main
from tests.chromium import ARGS, CHROMIUM, SHOTS, sync_api
from tests.room_hands import room_folder

DEVICES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
           "laptop": {"viewport": {"width": 1366, "height": 800}}}
WAIT_MS = 20_000
WORDS = {"en": {"misdeal": "misdeal", "hands": "Hands:", "rules": "Rules", "events": "Events"},
         "vi": {"misdeal": "hủy ván (misdeal)", "hands": "Ván bài:", "rules": "Luật", "events": "Sự kiện"}}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("report")
    room = room_folder(folder / "room")
    made = {}
    for lang in ("en", "vi"):
        path = folder / f"report-{lang}.html"
        result = CliRunner().invoke(main, ["audit", str(room), "--html", str(path), "--lang", lang])
        assert result.exit_code == 2, result.output  # one log cannot be read
        made[lang] = path
    return made


@pytest.fixture(params=[(lang, device) for lang in ("en", "vi") for device in DEVICES],
                ids=lambda p: f"{p[0]}-{p[1]}")
def opened(request: pytest.FixtureRequest, reports: dict[str, Path]) -> Iterator[tuple[Any, str, str]]:
    """The report open in Chromium, every request off the disk refused and counted."""
    lang, device = request.param
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        context = browser.new_context(locale="vi-VN" if lang == "vi" else "en-US", **DEVICES[device])
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        errors: list[str] = []
        outside: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))

        def refuse(route: Any) -> None:
            if route.request.url.startswith("file://"):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        page.route("**/*", refuse)
        page.goto(reports[lang].as_uri())
        page.wait_for_function("window.floormanReady === true")
        try:
            yield page, lang, device
        finally:
            browser.close()
        assert errors == []
        assert outside == []


def _bar_point(page: Any, selector: str, key: str, table: str) -> tuple[float, float]:
    """Where a bar of a chart is on the screen (the middle of the bar of ``key`` in the summary's ``table``)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    point: dict[str, float] = page.evaluate(
        """([selector, key, table]) => {
            const data = JSON.parse(document.getElementById('report-data').textContent);
            const rows = data.summary[table];
            const i = rows.findIndex(r => r[0] === key);
            const box = document.querySelector(selector);
            const [x, y] = box.echarts.convertToPixel({seriesIndex: 0}, [rows[i][1] / 2, i]);
            const r = box.getBoundingClientRect();
            return {x: r.left + x, y: r.top + y};
        }""", [selector, key, table])
    return point["x"], point["y"]


def test_a_bar_of_the_verdicts_leads_to_its_hands_and_a_hand_to_its_ruling(opened: tuple[Any, str, str]) -> None:
    page, lang, device = opened
    words = WORDS[lang]
    page.screenshot(path=str(SHOTS / f"audit-report-{lang}-{device}.png"), full_page=False)
    x, y = _bar_point(page, "#overview .chart", "misdeal", "by_verdict")
    page.mouse.click(x, y)
    dialog = page.locator("dialog#drill")
    dialog.wait_for(state="visible")
    heading = dialog.locator("h2").inner_text()
    assert heading.startswith(words["hands"]) and words["misdeal"] in heading
    links = dialog.locator("button.hand-link")
    assert links.count() > 0
    assert all(words["misdeal"] == cell for cell in dialog.locator("table.hands tbody td:nth-child(5)").all_inner_texts())
    links.first.click()
    dialog.locator(".detail[data-ready=yes]").wait_for()
    ruling = dialog.locator(".ruling").last
    assert ruling.locator(".verdict").inner_text().strip()
    assert ruling.locator("ol.remedies li").count() >= 1
    rules = ruling.locator("table.rules tbody tr")
    assert rules.count() >= 1
    first_rule = rules.first.locator("td").all_inner_texts()
    assert first_rule[0].strip() and first_rule[1].strip()  # the rule id and its number in the book
    assert ruling.locator("p.flag").count() >= 1  # the floor's call said either way
    assert dialog.get_by_role("heading", name=words["events"], exact=True).count() == 1
    assert dialog.locator("ol.events li").count() > 5
    assert dialog.locator("ol.events li.marked").count() >= 1
    page.screenshot(path=str(SHOTS / f"audit-report-{lang}-{device}-hand.png"), full_page=False)
    dialog.locator("button.back").click()
    assert dialog.locator("button.hand-link").count() > 0
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_a_heat_map_cell_and_a_dealer_row_lead_to_their_hands(opened: tuple[Any, str, str]) -> None:
    page = opened[0]
    cell: dict[str, Any] = page.evaluate(
        """() => {
            const data = JSON.parse(document.getElementById('report-data').textContent);
            return data.summary.by_table_hour.find(c => c[3] > 0 && c[0] !== '-');
        }""")
    figure = page.locator("#tables figure").nth(1)
    figure.scroll_into_view_if_needed()
    box = figure.locator(".chart")
    point: dict[str, float] = box.evaluate(
        """(box, cell) => {
            const option = box.echarts.getOption();
            const hours = option.xAxis[0].data, tables = option.yAxis[0].data;
            const [x, y] = box.echarts.convertToPixel({seriesIndex: 0},
                                                       [hours.indexOf(cell[1]), tables.indexOf(cell[0])]);
            box.parentElement.scrollLeft = Math.max(0, x - 100);
            const r = box.getBoundingClientRect();
            return {x: r.left + x, y: r.top + y};
        }""", cell)
    page.mouse.click(point["x"], point["y"])
    dialog = page.locator("dialog#drill")
    dialog.wait_for(state="visible")
    assert dialog.locator("button.hand-link").count() == cell[3]
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    dealers = page.locator("table.figures[data-dim=dealer]")
    dealers.locator("thead button.sort").nth(2).click()  # by hands with an irregularity, most first
    assert dealers.locator("thead th").nth(2).get_attribute("aria-sort") == "descending"
    top = dealers.locator("tbody tr").first
    flagged = int(top.locator("td").nth(1).inner_text().replace(",", "").replace(".", ""))
    top.locator("button.link").click()
    dialog.wait_for(state="visible")
    assert dialog.locator("button.hand-link").count() == min(flagged, 100)
