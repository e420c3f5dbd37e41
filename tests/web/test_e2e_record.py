"""The record in a real headless Chromium, on a tablet (820x1180) and a phone (390x844), in English and Vietnamese.

A four-card flop told through "What happened" with no action yet: the incident page and the printed report show
what the floor entered, mark each line the console assumed to complete the hand (the blinds, the deal, the pre-flop
calls and checks, the burn) and list no unmarked action nobody entered; the substantial action they rest on is said
to be assumed, and the ruling, found on the four cards the floor told of, names no assumption. A first card to the
wrong seat rests on the deal nobody said: the draft ruling, the incident page and the report say so, once. Each fact
entered is read in a column of at least 40% of its panel, at 360 px too. An action taken out of turn is marked on the floor-call card and on the incident page, with the
engine's reason. The seat status on the setup form and the statistics' chart labels are measured on screen.

Uses the console and the browser of ``test_e2e`` and ``test_e2e_every_screen`` (Debian's Chromium, Playwright).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web import test_e2e as e2e
from tests.web import test_e2e_every_screen as screens
from tests.web.test_e2e import Console, log_in
from tests.web.test_e2e_table_screens import _start_hand

sync_api = e2e.sync_api
console = e2e.console
browser = screens.browser
_load, _language = screens._load, screens._language
PHONE, TABLET = screens.PHONE, screens.TABLET

WORDS = {
    "en": {"mishap": "Four-card flop", "assumed": "assumed", "sa": "Substantial action: assumed from",
           "oot": "out of turn", "oot_note": "Out of turn.", "heading": "Assumed to make a complete hand"},
    "vi": {"mishap": "Chia bốn lá bài cho flop (flop bốn lá)", "assumed": "giả định",
           "sa": "Substantial Action (hành động đáng kể): giả định từ", "oot": "sai lượt", "oot_note": "Sai lượt.",
           "heading": "Giả định để dựng lại đủ ván bài"},
}
SEAT_NAMED = re.compile(r"\b(?:seat|ghế)s? \d", re.IGNORECASE)
"""A line that names a seat: a post, a card dealt, an action."""

LINES = """(selector) => [...document.querySelectorAll(selector)].map(li => [li.dataset.assumed || "",
    li.textContent.trim()])"""


def _incident_of_table(page: Any, base: str, table: str) -> None:
    page.goto(f"{base}/incidents?table={table}")
    _load(page, "[data-testid=incident-list] tbody tr a")


CASES = [(TABLET, "en", "80"), (TABLET, "vi", "81"), (PHONE, "en", "82"), (PHONE, "vi", "83")]


@pytest.mark.parametrize(("viewport", "language", "table"), CASES)
def test_a_told_four_card_flop_shows_what_was_entered_marks_every_assumed_line_and_rests_on_no_assumed_card(
        console: Console, browser: Any, viewport: dict[str, int], language: str, table: str) -> None:
    expect = sync_api.expect
    words = WORDS[language]
    e2e._last_hand(console.base, table)
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/what-happened?table={table}")
    page.locator("label:has(> input[data-testid='mishap-four_card_flop'])").tap()
    _load(page, "[data-testid=rule-it]")
    expect(page.locator("[data-testid=told-entered]")).to_contain_text(words["mishap"])  # the draft, not filed
    assert page.locator("[data-testid=told-assumed] li").count() >= 4
    expect(page.locator("[data-testid=sa-rests-on]")).to_contain_text(words["sa"])
    expect(page.locator("[data-testid=ruling-rests-on]")).to_have_count(0)  # the four cards were said
    _load(page, "[data-testid=confirm-ruling]")
    _incident_of_table(page, console.base, table)
    expect(page.locator("[data-testid=ruling-rests-on]")).to_have_count(0)

    entered = page.locator("[data-testid=told-entered]")
    expect(entered).to_be_visible()
    expect(entered).to_contain_text(words["mishap"])
    expect(entered.locator("[data-testid=carried-button]")).to_be_visible()
    assumed = page.locator("[data-testid=told-assumed] li")
    assert assumed.count() >= 4
    for item in assumed.all():
        expect(item).to_contain_text(words["assumed"])
    expect(page.locator("[data-testid=sa-rests-on]")).to_contain_text(words["sa"])
    lines = page.evaluate(LINES, "[data-testid=incident-lines] li")
    said = [text for mark, text in lines if not mark]
    assert len(said) == 6 and not any(SEAT_NAMED.search(text) for text in said), said  # 4 board cards, the call, the ruling
    marked = [text for mark, text in lines if mark]
    assert len(marked) >= 20 and all(text.endswith(words["assumed"]) for text in marked), marked
    assert page.locator("[data-testid=incident-lines] li.assumed .tag.assumed").first.is_visible()
    page.screenshot(path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-incident.png"), full_page=True)

    page.emulate_media(media="print")
    report = page.locator("[data-testid=incident-report]")
    expect(report).to_be_visible()
    expect(report.locator("[data-testid=report-entered]")).to_contain_text(words["mishap"])
    expect(report.locator("[data-testid=report-assumed]")).to_contain_text(words["heading"])
    assert report.locator("[data-testid=report-assumed] [data-assumed]").count() >= 4
    expect(report.locator("[data-testid=report-sa-rests-on]")).to_contain_text(words["sa"])
    expect(report.locator("[data-testid=report-rests-on]")).to_have_count(0)
    lines = page.evaluate(LINES, "[data-testid=incident-report] .report-lines li")
    said = [text for mark, text in lines if not mark]
    assert said and not any(SEAT_NAMED.search(text) for text in said), said
    assert all(text.endswith(f"({words['assumed']})") for mark, text in lines if mark), lines
    assert any(mark == "closing" for mark, _ in lines) and any(mark == "posts" for mark, _ in lines)
    page.emulate_media(media="screen")
    _language(page, "en")


RESTS_ON = {
    "en": {"cause": "'First card dealt to the wrong seat'",
           "deal": "rests on an assumption: the deal, card by card in the usual order"},
    "vi": {"cause": "'Lá bài đầu tiên được chia sai vị trí'",
           "deal": "dựa trên một giả định: quá trình chia bài ban đầu, từng lá theo thứ tự thông thường"},
}


def _tell(page: Any, base: str, table: str, taps: list[str]) -> None:
    """The answers of "what happened" tapped at the table, and "Rule on it": the draft ruling, nothing filed."""
    e2e._last_hand(base, table)
    page.goto(f"{base}/what-happened?table={table}")
    for testid in taps:
        page.locator(f"label:has(> input[data-testid='{testid}'])").tap()
    _load(page, "[data-testid=rule-it]")


def _says_it_rests_on_the_deal(page: Any, language: str) -> None:
    expect = sync_api.expect
    rests = page.locator("[data-testid=ruling-rests-on]")
    expect(rests).to_have_count(1)  # one assumption, said once
    expect(rests).to_be_visible()
    assert rests.get_attribute("data-assumed") == "deal"
    expect(rests).to_contain_text(RESTS_ON[language]["cause"])
    expect(rests).to_contain_text(RESTS_ON[language]["deal"])
    expect(rests.locator(".tag.assumed")).to_have_text(WORDS[language]["assumed"])
    ruling, said = page.locator("[data-testid=ruling]").bounding_box(), rests.bounding_box()
    assert said["y"] >= ruling["y"] + ruling["height"] - 1  # under the ruling it is about


@pytest.mark.parametrize(("viewport", "language", "table"), [(TABLET, "en", "120"), (TABLET, "vi", "121"),
                                                             (PHONE, "en", "122"), (PHONE, "vi", "123")])
def test_a_ruling_resting_on_the_assumed_deal_says_so_on_the_draft_the_incident_page_and_the_report(
        console: Console, browser: Any, viewport: dict[str, int], language: str, table: str) -> None:
    expect = sync_api.expect
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    _tell(page, console.base, table, ["mishap-first_card_wrong_seat", "seat-3", "acted-1", "chips-in-1"])
    expect(page.locator("[data-testid=not-filed]")).to_be_visible()
    _says_it_rests_on_the_deal(page, language)
    expect(page.locator("[data-testid=told-entered]")).to_be_visible()
    expect(page.locator("[data-testid=told-assumed] li[data-assumed=deal]")).to_contain_text(WORDS[language]["assumed"])
    expect(page.locator("[data-testid=told-entered] [data-assumed]")).to_have_count(0)  # what was entered is not
    page.screenshot(path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-draft-rests-on.png"),
                    full_page=True)
    _load(page, "[data-testid=confirm-ruling]")
    _incident_of_table(page, console.base, table)
    _says_it_rests_on_the_deal(page, language)
    page.emulate_media(media="print")
    report = page.locator("[data-testid=report-rests-on]")
    expect(report).to_be_visible()
    expect(report).to_contain_text(RESTS_ON[language]["cause"])
    expect(report).to_contain_text(RESTS_ON[language]["deal"])
    assert report.locator("[data-assumed]").count() == 1
    page.emulate_media(media="screen")
    _language(page, "en")


VALUE_SHARES = """(selector) => [...document.querySelectorAll(selector + ' .facts-grid')].flatMap(grid => {
  const panel = grid.getBoundingClientRect().width;
  return [...grid.querySelectorAll('dd')].map(dd => ({label: dd.previousElementSibling.textContent,
    value: dd.textContent, share: dd.getBoundingClientRect().width / panel}));
})"""
"""Each value of the facts entered: its column's width as a share of the panel's."""


@pytest.mark.parametrize(("viewport", "language", "table"), [(screens.PHONE_360, "en", "124"),
                                                             (screens.PHONE_360, "vi", "125"),
                                                             (PHONE, "vi", "126"), (TABLET, "vi", "127")])
def test_each_fact_entered_and_of_the_incident_is_read_in_a_column_of_at_least_40_percent_of_its_panel(
        console: Console, browser: Any, viewport: dict[str, int], language: str, table: str) -> None:
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    _tell(page, console.base, table, ["mishap-first_card_wrong_seat", "seat-3", "acted-2", "chips-in-1"])
    for where in ("draft", "incident"):
        if where == "incident":
            _load(page, "[data-testid=confirm-ruling]")
            _incident_of_table(page, console.base, table)
        shares = page.evaluate(VALUE_SHARES, "[data-testid=told-entered]")
        assert len(shares) >= 5, shares  # the mishap, the street, the seat, how many acted and put chips in
        assert all(s["share"] >= 0.4 for s in shares), (where, shares)
        if where == "incident":  # and the incident's own facts above them: when, the table, the level, the book
            shares = page.evaluate(VALUE_SHARES, ".screen-only")
            assert len(shares) >= 12 and all(s["share"] >= 0.4 for s in shares), shares
            page.locator(".screen-only > .panel").first.screenshot(
                path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-incident-facts.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.locator("[data-testid=told-entered]").screenshot(
            path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-entered-{where}.png"))
    _language(page, "en")


@pytest.mark.parametrize(("viewport", "language", "table"), [(TABLET, "en", "84"), (PHONE, "vi", "85")])
def test_an_action_out_of_turn_is_marked_on_the_floor_call_card_and_the_incident_page(
        console: Console, browser: Any, viewport: dict[str, int], language: str, table: str) -> None:
    expect = sync_api.expect
    words = WORDS[language]
    hand = _start_hand(console.base, "four-card-flop", table, upto=14)  # dealt: seat 3 is first to act
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/hands/{hand}")
    page.locator("[data-testid=seat-5]").tap()
    _load(page, "[data-testid=act-fold]")  # seat 5 folds before seat 3 has acted
    _load(page, "[data-testid=call-floor]")
    page.goto(f"{console.base}/floor")
    card = page.locator(".floor-call-card").filter(has_text=f"{table}-0001")
    expect(card).to_be_visible()
    expect(card.locator(".call-lines")).to_contain_text(words["oot"])
    expect(card.locator(".oot-note")).to_contain_text(words["oot_note"])
    expect(card.locator(".oot-note")).to_contain_text("5")
    page.goto(f"{console.base}/hands/{hand}")
    _load(page, "[data-testid=confirm-ruling]")
    _incident_of_table(page, console.base, table)
    expect(page.locator("[data-testid=out-of-turn]")).to_contain_text(words["oot_note"])
    expect(page.locator("[data-testid=incident-lines]")).to_contain_text(words["oot"])
    expect(page.locator("[data-testid=told-entered]")).to_have_count(0)  # a logged hand: nothing assumed
    assert page.locator("[data-testid=incident-lines] li.assumed").count() == 0
    page.emulate_media(media="print")
    expect(page.locator("[data-testid=report-out-of-turn]")).to_contain_text(words["oot_note"])
    expect(page.locator("[data-testid=report-assumed]")).to_have_count(0)
    page.emulate_media(media="screen")
    _language(page, "en")


FITS = """() => [...document.querySelectorAll('.seat-table tbody tr:not([hidden]) select')].map(select => {
  const style = getComputedStyle(select);
  const probe = document.createElement('span');
  probe.style.font = style.font;
  probe.style.whiteSpace = 'nowrap';
  probe.style.position = 'absolute';
  document.body.appendChild(probe);
  let widest = 0;
  for (const option of select.options) { probe.textContent = option.text; widest = Math.max(widest, probe.getBoundingClientRect().width); }
  probe.remove();
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return {widest, room, width: select.getBoundingClientRect().width};
})"""
"""Each seat's status select: the widest of its choices against the room for text in it (its arrow takes 20 px)."""


@pytest.mark.parametrize(("viewport", "language"), [(PHONE, "en"), (PHONE, "vi"), (TABLET, "en"), (TABLET, "vi")])
def test_the_seat_status_on_the_setup_form_is_read_whole(console: Console, browser: Any, viewport: dict[str, int],
                                                         language: str) -> None:
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/hands/new?table=86")
    measured = page.evaluate(FITS)
    assert len(measured) >= 6
    assert all(m["widest"] <= m["room"] for m in measured), measured
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.screenshot(path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-setup.png"), full_page=True)
    _language(page, "en")


LABEL_SIZES = """() => [...document.querySelectorAll('svg.chart text')].filter(t => t.getClientRects().length)
  .map(t => parseFloat(getComputedStyle(t).fontSize) * t.closest('svg').getScreenCTM().a)"""
"""Every chart text on screen, its size as drawn (its font size in the drawing times the drawing's scale), px."""


@pytest.mark.parametrize(("viewport", "language"), [(PHONE, "en"), (PHONE, "vi"), (TABLET, "en"), (TABLET, "vi")])
def test_the_statistics_chart_labels_are_at_least_11_px(console: Console, browser: Any, viewport: dict[str, int],
                                                        language: str) -> None:
    page = browser(viewport)
    log_in(page, console.base, "dir")
    _language(page, language)
    e2e._last_hand(console.base, "87")
    page.goto(f"{console.base}/what-happened?table=87")  # an incident, so that every chart has a bar
    page.locator("label:has(> input[data-testid='mishap-four_card_flop'])").tap()
    _load(page, "[data-testid=rule-it]")
    _load(page, "[data-testid=confirm-ruling]")
    page.goto(f"{console.base}/stats")
    sizes = page.evaluate(LABEL_SIZES)
    assert len(sizes) >= 8 and min(sizes) >= 11, sorted(sizes)[:5]
    assert page.locator("svg.chart .bar").filter(has=page.locator("xpath=self::*")).count() >= 1
    page.screenshot(path=str(screens.SHOTS / f"record-{language}-{viewport['width']}-stats.png"), full_page=True)
    _language(page, "en")
