"""The console in a real headless Chromium, served by ``floorman serve`` in a subprocess.

A floor person rules a four-card flop and a first-card-to-the-wrong-seat misdeal on the live page,
each reconstructed from a table carried over from its last hand in at most 15 taps and 30 seconds,
starts the re-play, and finds both in the incident log; the ruling reads in Vietnamese; a dealer
cannot record an override. Screenshots of every page go to ``artifacts/screenshots/``.

Needs Debian's Chromium at /usr/bin/chromium and Playwright for Python (never a downloaded browser).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from floorman.storage import Accounts, PasswordHasher, Role, open_database
from tests.chromium import ARGS, CHROMIUM, SHOTS, sync_api
from tests.web.conftest import PASSWORD, example

TABLET = {"width": 1180, "height": 820}
WAIT_MS = 15_000
MAX_TAPS = 15
MAX_SECONDS = 30.0
ACCOUNTS = {"flo": Role.FLOOR, "mai": Role.FLOOR, "dana": Role.DEALER, "dir": Role.DIRECTOR}


@dataclass(frozen=True, slots=True, kw_only=True)
class Console:
    base: str
    db: Path
    log: Path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_until_up(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the console exited early:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"{base}/login", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    pytest.fail(f"the console did not answer within 30 s:\n{log.read_text(errors='replace')}")


@pytest.fixture(scope="module")
def console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Console]:
    folder = tmp_path_factory.mktemp("console")
    db_path = folder / "console.db"
    db = open_database(db_path)
    db.migrate()
    with db.transaction() as conn:
        accounts = Accounts(conn, PasswordHasher(cost=2**12))
        for name, role in ACCOUNTS.items():
            accounts.add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = folder / "server.log"
    code = "import sys; from floorman.cli.serve import serve_cmd; serve_cmd.main(sys.argv[1:])"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-c", code, "--host", "127.0.0.1", "--port", str(port),
                                    "--db", str(db_path)], stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        _wait_until_up(base, process, log)
        for table in ("12", "14", "16", "18", "20", "22"):
            _last_hand(base, table)
        yield Console(base=base, db=db_path, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _last_hand(base: str, table: str) -> None:
    """The table's previous hand, so the next one is carried over with one tap."""
    header = example("four-card-flop")
    header |= {"table": table, "hand": f"{table}-0457", "dealer": f"D-{table}0", "events": []}
    login = _post_json(f"{base}/api/session", {"username": "dir", "password": PASSWORD}, {})
    cookie = login.headers["Set-Cookie"].split(";", 1)[0]
    token = json.loads(login.read())["csrf_token"]
    _post_json(f"{base}/api/hands", {"header": header}, {"Cookie": cookie, "X-CSRF-Token": token}).read()


def _post_json(url: str, body: dict[str, Any], headers: dict[str, str]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    return urllib.request.urlopen(request, timeout=10)


@pytest.fixture
def browser_page(tmp_path: Path) -> Iterator[Any]:
    """A fresh Chromium profile (its own user-data dir) with a tablet-sized touch screen."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport=TABLET, has_touch=True, locale="en-US", timeout=WAIT_MS)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.console_errors = errors
        try:
            yield page
        finally:
            context.close()
    assert errors == [], f"the browser reported errors (a CSP violation?): {errors}"


class Taps:
    """Every tap the floor makes, counted: a touch (a seat, a choice) or a tap that submits a form."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0
        self.started = time.monotonic()

    def touch(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1

    def submit(self, selector: str) -> None:
        with self.page.expect_navigation(wait_until="load"):
            self.page.locator(selector).first.tap()
        self.count += 1

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started


def shot(page: Any, name: str) -> None:
    """The whole page, or its first screen when it is longer than a screenshot can be (the list of every rule)."""
    whole = page.evaluate("document.documentElement.scrollHeight") < 16_000
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=whole)


def log_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation(wait_until="load"):
        page.locator("form[action='/login'] button[type=submit]").click()
    sync_api.expect(page.locator(".who")).to_contain_text(username, timeout=WAIT_MS)


def test_a_floor_person_rules_two_incidents_and_finds_both_in_the_log(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    page.goto(f"{console.base}/login")
    shot(page, "01-login")
    log_in(page, console.base, "flo")
    shot(page, "02-tables")

    # A four-card flop, reconstructed after the fact from the table carried over from its last hand.
    taps = Taps(page)
    taps.submit("[data-testid='next-hand-12']")
    taps.submit("[data-testid=deal-all]")
    taps.submit("[data-testid=act-raise-1]")
    for move in ("fold", "fold", "fold", "fold", "call"):
        taps.submit(f"[data-testid=act-{move}]")
    expect(page.locator("[data-testid=sa-meter]")).to_contain_text("Point of no return reached")
    shot(page, "03-live-hand")
    taps.submit("[data-testid=deal-four-card-flop]")
    taps.submit("[data-testid=call-floor]")
    expect(page.locator("[data-testid=verdict]")).to_have_text("PLAY ON")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("Scramble the 4 cards face down")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("WSOP 2026 Tournament Rule 89")
    shot(page, "04-ruling-four-card-flop")
    taps.submit("[data-testid=confirm-ruling]")
    expect(page.locator(".notice")).to_contain_text("recorded in the incident log")
    assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (taps.count, taps.seconds)

    # The first card went to the wrong seat: a misdeal, and the exact re-play.
    taps = Taps(page)
    page.goto(f"{console.base}/")
    taps.submit("[data-testid='next-hand-14']")
    taps.touch("[data-testid=deal-flaws] summary")
    taps.touch("[data-testid=deal-flaws] label:has(input[name=first_seat][value='3'])")
    taps.submit("[data-testid=deal-all]")
    expect(page.locator("[data-testid=banner]")).to_contain_text("First card dealt to the wrong seat")
    taps.submit("[data-testid=act-call]")
    expect(page.locator("[data-testid=sa-meter]")).to_contain_text("1 of 2 actions")
    taps.submit("[data-testid=call-floor]")
    expect(page.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("MD-FIRST-WRONG-SEAT")
    shot(page, "05-ruling-misdeal")
    taps.submit("[data-testid=confirm-ruling]")
    expect(page.locator(".notice")).to_contain_text("The re-play has started")
    expect(page.locator(".hand-head")).to_contain_text("Re-play 1")
    expect(page.locator(".hand-log")).to_contain_text("posts the small blind")
    assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (taps.count, taps.seconds)
    shot(page, "06-replay")

    page.goto(f"{console.base}/incidents")
    rows = page.locator("[data-testid=incident-list] tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("[data-testid=incident-list]")).to_contain_text("Four-card flop")
    expect(page.locator("[data-testid=incident-list]")).to_contain_text("First card dealt to the wrong seat")
    shot(page, "07-incidents")
    page.fill("input[name=q]", "14-0458")
    with page.expect_navigation(wait_until="load"):
        page.locator("form.filters button[type=submit]").click()
    expect(rows).to_have_count(1)
    with page.expect_navigation(wait_until="load"):
        rows.first.locator("a").first.click()
    expect(page.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    shot(page, "08-incident")


def test_an_exposed_card_and_a_foreign_back_are_ruled_within_15_taps(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    log_in(page, console.base, "flo")

    taps = Taps(page)
    taps.submit("[data-testid='next-hand-20']")
    taps.touch("[data-testid=deal-flaws] summary")
    taps.touch("[data-testid=deal-flaws] label:has(input[name=face_up_seat][value='2'])")
    taps.submit("[data-testid=deal-all]")
    taps.submit("[data-testid=call-floor]")
    expect(page.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("Down card exposed by the dealer")
    taps.submit("[data-testid=confirm-ruling]")
    expect(page.locator(".notice")).to_contain_text("The re-play has started")
    assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (taps.count, taps.seconds)

    taps = Taps(page)
    page.goto(f"{console.base}/")
    taps.submit("[data-testid='next-hand-22']")
    taps.submit("[data-testid=deal-all]")
    taps.submit("[data-testid=act-fold]")
    taps.touch("[data-testid=other-events] > summary")
    taps.submit("[data-testid=event-foreign-stub]")
    expect(page.locator("[data-testid=banner]")).to_contain_text("Card with a different back in the stub")
    taps.submit("[data-testid=call-floor]")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("FD-FOREIGN-BACK-STUB")
    shot(page, "19-ruling-foreign-back")
    taps.submit("[data-testid=confirm-ruling]")
    expect(page.locator(".notice")).to_be_visible()
    assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (taps.count, taps.seconds)


def test_the_ruling_reads_in_vietnamese(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    log_in(page, console.base, "mai")
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid='next-hand-16']").tap()
    page.locator("[data-testid=deal-flaws] summary").tap()
    page.locator("[data-testid=deal-flaws] label:has(input[name=first_seat][value='3'])").tap()
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid=deal-all]").tap()
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid=call-floor]").tap()
    with page.expect_navigation(wait_until="load"):
        page.locator("button.lang[value=vi]").tap()
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    ruling = page.locator("[data-testid=ruling]")
    expect(ruling).to_contain_text("Misdeal: hủy lần chia này và chia lại.")
    expect(page.locator("[data-testid=verdict]")).to_have_text("HỦY VÁN")
    expect(ruling).to_contain_text("Lá bài đầu tiên được chia sai vị trí")
    expect(ruling).to_contain_text("Chia lại y hệt ván bài: cùng button, cùng cấp độ")
    expect(page.locator("[data-testid=confirm-ruling]")).to_have_text("Xác nhận và chia lại y hệt ván bài")
    shot(page, "09-ruling-vietnamese")
    page.goto(f"{console.base}/rules?q=FLOP-4CARD")
    expect(page.locator("[data-testid=rule-FLOP-4CARD]")).to_contain_text("Flop bốn lá")
    shot(page, "10-rules-vietnamese")


def test_a_dealer_cannot_record_an_override(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    log_in(page, console.base, "dana")
    expect(page.locator("nav")).not_to_contain_text("Incidents")
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid='next-hand-18']").tap()
    page.locator("[data-testid=deal-flaws] summary").tap()
    page.locator("[data-testid=deal-flaws] label:has(input[name=first_seat][value='3'])").tap()
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid=deal-all]").tap()
    with page.expect_navigation(wait_until="load"):
        page.locator("[data-testid=call-floor]").tap()
    expect(page.locator("[data-testid=verdict]")).to_have_text("MISDEAL")
    expect(page.locator("[data-testid=waiting-for-floor]")).to_be_visible()
    expect(page.locator("[data-testid=record-override]")).to_have_count(0)
    shot(page, "11-dealer-waits-for-the-floor")
    status = page.evaluate(
        """async () => {
            const hand = document.getElementById('live');
            const token = document.querySelector('input[name=csrf_token]').value;
            const body = new URLSearchParams({csrf_token: token, seq: hand.dataset.seq, decision: 'override',
                                              verdict: 'continue', reason: 'the table agreed'});
            const response = await fetch('/hands/' + hand.dataset.hand + '/ruling', {method: 'POST', body});
            return response.status;
        }"""
    )
    assert status == 403
    page.console_errors.remove("Failed to load resource: the server responded with a status of 403 (Forbidden)")


def test_every_page_renders_on_a_tablet(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    log_in(page, console.base, "dir")
    for path, name, marker in (
        ("/hands/new?table=20", "12-setup", "Set up the table"),
        ("/rules", "13-rules", "Rules"),
        ("/rules/FLOP-4CARD", "14-rule", "FLOP-4CARD"),
        ("/rules/differences", "15-differences", "Where the rulebooks differ"),
        ("/stats", "16-statistics", "Statistics"),
        ("/users", "17-users", "Users"),
        ("/incidents", "18-incident-log-director", "Incident log"),
    ):
        page.goto(f"{console.base}{path}")
        expect(page.locator("h1").first).to_contain_text(marker)
        shot(page, name)
    expect(page.locator("[data-testid=chain-status]")).to_contain_text("hash chain is intact")
