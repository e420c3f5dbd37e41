"""The floor at the table, in a real headless Chromium on a 1024x768 tablet: each incident of the
seed article told after the fact ("what happened") and ruled in at most 8 taps and 20 seconds,
counted from the tables page to the confirmed ruling.

Needs Debian's Chromium at /usr/bin/chromium and Playwright for Python, as ``test_e2e`` does.
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web import test_e2e as e2e
from tests.web.test_e2e import Console, Taps, log_in, shot

sync_api = e2e.sync_api
console = e2e.console
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
PORTRAIT_TABLET = {"width": 820, "height": 1180}
MAX_TAPS = 8
MAX_SECONDS = 20.0
COUNTED: dict[str, tuple[int, float]] = {}
"""The taps and seconds of each incident, as this run counted them (printed at the end of the module)."""


@pytest.fixture
def tablet(tmp_path: Path) -> Iterator[Any]:
    yield from _browser(tmp_path, TABLET)


def _browser(tmp_path: Path, viewport: dict[str, int]) -> Iterator[Any]:
    e2e.SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(e2e.CHROMIUM), headless=True, args=e2e.ARGS,
            viewport=viewport, has_touch=True, locale="en-US", timeout=e2e.WAIT_MS)
        context.set_default_timeout(e2e.WAIT_MS)
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            yield page
        finally:
            context.close()
    assert errors == [], f"the browser reported errors (a CSP violation?): {errors}"


def _rule_after_the_fact(page: Any, base: str, table: str, taps_between: list[str], verdict: str,
                         says: str, name: str) -> None:
    expect = sync_api.expect
    e2e._last_hand(base, table)
    page.goto(f"{base}/")
    taps = Taps(page)
    taps.submit(f"[data-testid='what-happened-{table}']")
    for selector in taps_between:
        taps.touch(f"label:has(> input[data-testid='{selector}'])")
    taps.submit("[data-testid=rule-it]")
    expect(page.locator("[data-testid=verdict]")).to_have_text(verdict)
    expect(page.locator("[data-testid=ruling]")).to_contain_text(says)
    expect(page.locator("[data-testid=reconstructed]")).to_be_visible()
    shot(page, f"20-what-happened-{name}")
    taps.submit("[data-testid=confirm-ruling]")
    expect(page.locator(".notice")).to_be_visible()
    COUNTED[name] = (taps.count, round(taps.seconds, 1))
    print(f"\n{name}: {taps.count} taps, {taps.seconds:.1f} s")
    assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (name, taps.count, taps.seconds)


def test_a_first_card_to_the_wrong_seat_after_one_call(console: Console, tablet: Any) -> None:
    log_in(tablet, console.base, "flo")
    _rule_after_the_fact(tablet, console.base, "30", ["mishap-first_card_wrong_seat", "seat-3", "acted-1",
                                                      "chips-in-1"],
                         "MISDEAL", "only 1 action: not substantial action yet", "first-card-wrong-seat")
    sync_api.expect(tablet.locator(".hand-head")).to_contain_text("Re-play 1")


def test_a_four_card_flop_after_pre_flop_action(console: Console, tablet: Any) -> None:
    log_in(tablet, console.base, "flo")
    _rule_after_the_fact(tablet, console.base, "31", ["mishap-four_card_flop"], "PLAY ON",
                         "Scramble the 4 cards face down", "four-card-flop")


def test_a_foreign_back_card_in_a_hand(console: Console, tablet: Any) -> None:
    log_in(tablet, console.base, "flo")
    _rule_after_the_fact(tablet, console.base, "32", ["mishap-foreign_back", "seat-4"], "VOID",
                         "FD-FOREIGN-BACK-HAND", "foreign-back")


def test_a_flop_dealt_without_a_burn_after_a_check(console: Console, tablet: Any) -> None:
    log_in(tablet, console.base, "flo")
    _rule_after_the_fact(tablet, console.base, "33", ["mishap-missing_burn", "acted-1"], "PLAY ON",
                         "1 action has been taken on it", "missing-burn")


def _pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF, counted by its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_an_incident_prints_as_a_one_page_report(console: Console, tablet: Any) -> None:
    expect = sync_api.expect
    log_in(tablet, console.base, "flo")
    e2e._last_hand(console.base, "34")
    tablet.goto(f"{console.base}/what-happened?table=34")
    for selector in ("mishap-duplicate", "street-river", "acted-3", "chips-in-2"):
        tablet.locator(f"label:has(> input[data-testid='{selector}'])").tap()
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid=rule-it]").tap()
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid=confirm-ruling]").tap()
    tablet.goto(f"{console.base}/incidents?table=34")
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid=incident-list] tbody tr a").first.click()
    expect(tablet.locator("[data-testid=incident-report]")).to_be_hidden()
    expect(tablet.locator("[data-testid=print-report]")).to_be_visible()
    pdf = tablet.pdf(format="A4", print_background=True)
    (e2e.SHOTS / "24-incident-report.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1, _pdf_pages(pdf)
    tablet.emulate_media(media="print")
    report = tablet.locator("[data-testid=incident-report]")
    expect(report).to_be_visible()
    expect(tablet.locator(".topbar")).to_be_hidden()
    expect(report).to_contain_text("Table")
    expect(report).to_contain_text("34-0458")
    expect(report.locator("[data-testid=report-rules]")).to_contain_text("FD-DUP")
    expect(report.locator("[data-testid=report-rules]")).to_contain_text("WSOP 2026")
    expect(report.locator("[data-testid=report-floor]")).to_have_text("flo")
    expect(report.locator("[data-testid=report-witnesses] tbody tr")).to_have_count(3)
    expect(report.locator("[data-testid=report-signatures]")).to_contain_text("Floor: flo")
    (e2e.SHOTS / "24-incident-report.pdf").write_bytes(pdf)
    shot(tablet, "24-incident-report-print")


@pytest.fixture
def two_devices(tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    """A dealer's tablet and a floor person's phone, in one Chromium."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(e2e.CHROMIUM), headless=True, args=e2e.ARGS)
        try:
            pages = []
            for viewport in (TABLET, PHONE):
                context = browser.new_context(viewport=viewport, has_touch=True, locale="en-US")
                context.set_default_timeout(e2e.WAIT_MS)
                pages.append(context.new_page())
            yield pages[0], pages[1]
        finally:
            browser.close()


def test_a_call_from_the_table_pages_the_floor_at_once_and_the_table_learns_who_is_coming(console: Console, two_devices: tuple[Any, Any]) -> None:
    expect = sync_api.expect
    tablet, phone = two_devices
    e2e._last_hand(console.base, "35")
    log_in(phone, console.base, "mai")
    phone.goto(f"{console.base}/incidents")
    log_in(tablet, console.base, "dana")
    assert tablet.evaluate("async () => (await fetch('/api/floor/stream')).status") == 403
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid='next-hand-35']").tap()
    tablet.locator("[data-testid=deal-flaws] summary").tap()
    tablet.locator("[data-testid=deal-flaws] label:has(input[name=first_seat][value='3'])").tap()
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid=deal-all]").tap()
    tablet.fill("input[name=note]", "seat 2 says the first card was his")
    started = time.monotonic()
    with tablet.expect_navigation(wait_until="load"):
        tablet.locator("[data-testid=call-floor]").tap()
    paged = phone.locator("[data-testid=page-call]")
    expect(paged).to_contain_text("Floor call: table 35", timeout=5_000)
    seconds = time.monotonic() - started
    expect(paged).to_contain_text("MISDEAL")
    expect(paged).to_contain_text("seat 2 says the first card was his")
    COUNTED["paged"] = (0, round(seconds, 1))
    print(f"\npaged the floor's phone {seconds:.1f} s after the dealer's tap")
    assert seconds < 5
    shot(phone, "25-floor-paged-phone")
    expect(tablet.locator("[data-testid=floor-paged]")).to_contain_text("The floor has been paged")
    with phone.expect_navigation(wait_until="load"):
        paged.locator("[data-testid=page-answer]").tap()
    expect(phone.locator(".notice")).to_contain_text("on your way")
    expect(phone.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(tablet.locator("[data-testid=floor-paged]")).to_contain_text("mai is on the way.", timeout=10_000)
    with phone.expect_navigation(wait_until="load"):
        phone.locator("[data-testid=nav-floor]").tap()
    expect(phone.locator("[data-testid=no-calls]")).to_be_visible()


def test_anonymous_clients_get_nothing_from_the_stream(console: Console) -> None:
    try:
        urllib.request.urlopen(f"{console.base}/api/floor/stream", timeout=5)
    except urllib.error.HTTPError as refused:
        assert refused.code == 401 and b"event:" not in refused.read()
    else:
        pytest.fail("the stream answered an anonymous client")


@pytest.fixture(params=[PORTRAIT_TABLET, PHONE], ids=["tablet", "phone"])
def device(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from _browser(tmp_path, request.param)


def test_a_wrong_carried_over_button_corrected_in_one_tap_changes_the_ruling(console: Console, device: Any) -> None:
    """The last hand's button was on seat 6, so the rotation carries it over to seat 1 and seat 2 is due the first
    card; the button was really on seat 2: one tap on it, and the first card to seat 2 is a misdeal
    (MD-FIRST-WRONG-SEAT), on a tablet and on a phone."""
    expect = sync_api.expect
    log_in(device, console.base, "flo")
    table = "38" if device.viewport_size["width"] > 500 else "39"
    e2e._last_hand(console.base, table)
    device.goto(f"{console.base}/what-happened?table={table}")
    expect(device.locator("[data-testid=carried-blinds]")).to_contain_text(
        "Button on seat 1, small blind seat 2, big blind seat 3")
    expect(device.locator("[data-testid=button-1]")).to_be_checked()
    taps = Taps(device)
    for selector in ("button-2", "mishap-first_card_wrong_seat", "seat-2"):  # the carried-over table comes first
        taps.touch(f"label:has(> input[data-testid='{selector}'])")
    expect(device.locator("[data-testid=button-2]")).to_be_checked()
    taps.submit("[data-testid=rule-it]")
    expect(device.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(device.locator("[data-testid=ruling]")).to_contain_text("MD-FIRST-WRONG-SEAT")
    expect(device.locator("[data-testid=carried-button]")).to_have_text(
        "the button was on seat 2, as the floor corrected it")
    shot(device, f"21-carried-over-button-{device.viewport_size['width']}")


def _hands_at(device: Any, base: str, table: str) -> list[dict[str, Any]]:
    """The table's hands as the store has them, newest first (read with the device's own session)."""
    return list(device.request.get(f"{base}/api/hands?table={table}").json()["hands"])


def test_a_draft_changed_by_back_and_resubmitted_files_one_hand_and_one_never_confirmed_files_nothing(
        console: Console, device: Any) -> None:
    """Rule on it shows the ruling from the draft and files nothing; Back changes the draft (the button corrected
    in one tap turns the ruling into a misdeal); leaving without Confirm files nothing and moves no button;
    Confirm files one hand, and the ruling reached again from the browser's history files nothing more."""
    expect = sync_api.expect
    log_in(device, console.base, "flo")
    table = "44" if device.viewport_size["width"] > 500 else "45"
    e2e._last_hand(console.base, table)
    wide = device.viewport_size["width"]
    device.goto(f"{console.base}/what-happened?table={table}")
    taps = Taps(device)
    for selector in ("mishap-first_card_wrong_seat", "seat-2"):
        taps.touch(f"label:has(> input[data-testid='{selector}'])")
    taps.submit("[data-testid=rule-it]")
    expect(device.locator("[data-testid=verdict]")).not_to_have_text("MISDEAL")
    expect(device.locator("[data-testid=not-filed]")).to_be_visible()
    expect(device.locator("[data-testid=carried-button]")).to_have_text("the button was on seat 1, as carried over")
    assert len(_hands_at(device, console.base, table)) == 1
    taps.submit("[data-testid=change-answers]")
    expect(device.locator("[data-testid=mishap-first_card_wrong_seat]")).to_be_checked()
    expect(device.locator("[data-testid=seat-2]")).to_be_checked()
    taps.touch("label:has(> input[data-testid='button-2'])")
    taps.submit("[data-testid=rule-it]")
    expect(device.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(device.locator("[data-testid=carried-button]")).to_have_text(
        "the button was on seat 2, as the floor corrected it")
    shot(device, f"22-what-happened-draft-{wide}")
    # leaving without Confirm: nothing filed, the table's next button where the rotation put it
    device.goto(f"{console.base}/")
    expect(device.locator(f"[data-testid=next-up-{table}]")).to_contain_text("Next hand: button on seat 1")
    assert len(_hands_at(device, console.base, table)) == 1
    device.go_back()
    expect(device.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    taps.submit("[data-testid=confirm-ruling]")
    expect(device.locator(".notice")).to_be_visible()
    expect(device.locator(".hand-head")).to_contain_text("Re-play 1")
    filed = _hands_at(device, console.base, table)
    assert len(filed) == 3 and filed[0]["replay_of"] == filed[1]["id"]  # the told hand and its re-play
    device.go_back()  # back to the ruling in the browser's history: the draft was filed, so its hand, nothing new
    expect(device.locator(".notice")).to_contain_text("filed already")
    expect(device.locator("[data-testid=carried-button]")).to_have_text(
        "the button was on seat 2, as the floor corrected it")
    assert _hands_at(device, console.base, table) == filed
