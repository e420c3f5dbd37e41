"""The language switch in the top bar, on every page whose address has more than its path or that answered a form,
in a real headless Chromium on a tablet (820x1180) and a phone (390x844), from English and from Vietnamese: the
switch comes back to the same page with the same content in the other language (a page that answered a form
comes back as the GET page that shows the same draft, hand or incident, never sending the form again), with no
error, and back again.

Uses the console and the browser of ``test_e2e`` (Debian's Chromium, Playwright; never a downloaded browser).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import touch_devices
from tests.web import test_e2e as e2e
from tests.web.test_e2e import WAIT_MS, Console, log_in

sync_api = e2e.sync_api
console = e2e.console

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
OTHER = {"en": "vi", "vi": "en"}

CONTENT = """() => {
  const main = document.querySelector('main') || document.body;
  const pairs = (els) => [...els].map(i => `${i.name}=${i.value}`).sort();
  return {
    testids: [...main.querySelectorAll('[data-testid]')].map(e => e.dataset.testid).filter(t => t !== 'error').sort(),
    checked: pairs(main.querySelectorAll('input:checked')),
    hidden: pairs([...main.querySelectorAll('input[type=hidden]')].filter(i => i.name !== 'csrf_token')),
    rules: (main.innerText.match(/\\b[A-Z]{2,}(?:-[A-Z0-9]+)+\\b/g) || []).sort(),
    seats: [...main.querySelectorAll('[data-testid^=seat-], [data-testid^=drill-seat-]')].map(e => e.textContent.replace(/\\D+/g, ' ').trim()),
  };
}"""
"""What a page shows that does not change with its language: its elements, the answers picked, the draft it
carries, the rules it cites (by id) and the numbers on its seats."""


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium to open a phone or a tablet in, and the errors it reports (an error page's status among them)."""
    errors: list[str] = []
    with touch_devices(errors, wait_ms=WAIT_MS) as open_page:
        yield open_page, errors


def _load(page: Any, selector: str) -> Any:
    with page.expect_navigation(wait_until="load", timeout=WAIT_MS) as navigation:
        page.locator(selector).first.tap(timeout=WAIT_MS)
    return navigation.value


def _path(page: Any, base: str) -> str:
    return str(page.url).removeprefix(base)


def _switches_back_to_the_same_page(page: Any, base: str, errors: list[str], *, shows_again: str | None = None) -> None:
    """Switch to the other language and back: each time the same page (a page that answered a form: the GET page
    whose address starts with ``shows_again``), no error, the same content, in the language asked for."""
    first = page.locator("html").get_attribute("lang")
    content = page.evaluate(CONTENT)
    address = None if shows_again else _path(page, base)
    errors.clear()
    for language in (OTHER[first], first):
        response = _load(page, f"button.lang[value={language}]")
        said = f"{_path(page, base)} in {language}"
        assert response is not None and response.status == 200, (said, response and response.status)
        assert page.locator("html").get_attribute("lang") == language, said
        if address is None:
            assert shows_again is not None and _path(page, base).startswith(shows_again), (said, shows_again)
            address = _path(page, base)
        assert _path(page, base) == address, said
        assert page.locator("[data-testid=error], .error-message").count() == 0, said
        assert page.evaluate(CONTENT) == content, said
        assert errors == [], (said, errors)


@pytest.mark.parametrize(("viewport", "language", "tables"), [(TABLET, "en", ("70", "71")), (PHONE, "vi", ("72", "73"))])
def test_switching_language_comes_back_to_the_same_page_with_the_same_content(
        console: Console, browser: tuple[Any, list[str]], viewport: dict[str, int], language: str,
        tables: tuple[str, str]) -> None:
    open_page, errors = browser
    base = console.base
    told, live = tables
    for table in tables:
        e2e._last_hand(base, table)
    page = open_page(viewport)
    log_in(page, base, "flo")
    if page.locator("html").get_attribute("lang") != language:
        _load(page, f"button.lang[value={language}]")

    # What happened, answered without the seat the mishap needs: the form again, its answers kept.
    page.goto(f"{base}/what-happened?table={told}")
    page.locator("label:has(> input[data-testid='mishap-first_card_wrong_seat'])").tap()
    refused = _load(page, "[data-testid=rule-it]")
    assert refused.status == 422 and page.locator("[data-testid=error]").count() == 1
    draft = page.locator("form[data-testid=what-happened] input[name=draft]").get_attribute("value")
    _switches_back_to_the_same_page(page, base, errors, shows_again=f"/what-happened?table={told}&draft={draft}&")
    assert page.locator("input[data-testid='mishap-first_card_wrong_seat']").is_checked()

    # The ruling on the draft, at its own address.
    page.locator("label:has(> input[data-testid='seat-3'])").tap()
    _load(page, "[data-testid=rule-it]")
    assert page.locator("[data-testid=not-filed]").count() == 1
    ruling = _path(page, base)
    assert ruling.startswith("/what-happened/ruling?")
    _switches_back_to_the_same_page(page, base, errors)

    # An override without its reason: the ruling again with the error; the switch shows the draft's ruling.
    page.locator("details.override summary").tap()
    _load(page, "[data-testid=record-override]")
    assert page.locator("[data-testid=error]").count() == 1
    _switches_back_to_the_same_page(page, base, errors, shows_again=ruling)

    # The live hand's ruling (a four-card flop), then the incident it is filed as.
    page.goto(f"{base}/")
    _load(page, f"[data-testid='next-hand-{live}']")
    _load(page, "[data-testid=deal-all]")
    _load(page, "[data-testid=act-raise-1]")
    for move in ("fold", "fold", "fold", "fold", "call"):
        _load(page, f"[data-testid=act-{move}]")
    _load(page, "[data-testid=deal-four-card-flop]")
    _load(page, "[data-testid=call-floor]")
    assert page.locator("[data-testid=verdict]").count() == 1
    _switches_back_to_the_same_page(page, base, errors)
    _load(page, "[data-testid=confirm-ruling]")
    _switches_back_to_the_same_page(page, base, errors)
    page.goto(f"{base}/incidents?table={live}")
    _switches_back_to_the_same_page(page, base, errors)
    _load(page, "[data-testid=incident-list] tbody tr a")
    assert page.locator("[data-testid=verdict]").count() >= 1
    _switches_back_to_the_same_page(page, base, errors)

    # The rules search.
    page.goto(f"{base}/rules?q=bon+la")
    assert page.locator(".rule-card").first.get_attribute("data-testid") == "rule-FLOP-4CARD"
    _switches_back_to_the_same_page(page, base, errors)

    # The drill's question, its verdict picked: the remedy step.
    page.goto(f"{base}/drill")
    page.locator(".drill-seed summary").tap()
    page.fill("[data-testid=seed]", "7")
    _load(page, "[data-testid=start-drill]")
    _load(page, "[data-testid=verdict-step] button")
    assert "verdict=" in _path(page, base) and page.locator("[data-testid=remedy-step]").count() == 1
    _switches_back_to_the_same_page(page, base, errors)
