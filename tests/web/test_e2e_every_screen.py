"""Every page of the console on a phone (360 and 390 px wide) and a tablet (820x1180), in English and Vietnamese,
in a real headless Chromium: nothing scrolls sideways, no select's chosen value is cut, nothing spills past the
right edge of its panel, a phone's list card puts each value beside its heading, every tap target is at least 44 px,
the points where the books differ keep their names in sight when the table is scrolled, the navigation shows
every page (the ones that do not fit under "More"), the unlogged hand's entry fits one phone screen on the common
paths, an open floor call never covers the foot of a page, rules search ignores accents and case, the big blind's
call with nothing to call is a check, and a keyboard user can skip the navigation.

Screenshots of every page at 360 and 820 px in both languages go to ``artifacts/screenshots/every-screen/``.
Uses the console and the browser of ``test_e2e`` (Debian's Chromium, Playwright; never a downloaded browser).
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from floorman.law.rulebooks import catalog, rulebooks
from floorman.words.reference import search_rules
from tests.chromium import touch_devices
from tests.web import test_e2e as e2e
from tests.web.conftest import PASSWORD, example
from tests.web.test_e2e import WAIT_MS, Console, log_in
from tests.web.test_e2e_table_screens import _start_hand

sync_api = e2e.sync_api
console = e2e.console

PHONE_360 = {"width": 360, "height": 800}
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
SHOTS = e2e.SHOTS / "every-screen"
COUNTED: dict[str, tuple[int, float]] = {}

MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const small = [];
  for (const el of document.querySelectorAll('a, button, select, input:not([type=hidden]), summary, label.chip, textarea')) {
    if (el.closest('.chip') && el.tagName === 'INPUT') continue;           // the chip's label is the target
    let box = el.getBoundingClientRect();
    if (el.matches('label > input[type=checkbox], label > input[type=radio]')) box = el.closest('label').getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (box.height < 44 || box.width < 44) {
      small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || '').trim().slice(0, 24)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  const cut = [];  // a select whose chosen value does not fit (a seat's status read as "pr")
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
  document.body.append(probe);
  for (const select of document.querySelectorAll('select')) {
    if (!select.getClientRects().length || select.selectedIndex < 0) continue;
    const style = getComputedStyle(select);
    probe.style.font = style.font;
    probe.textContent = select.options[select.selectedIndex].text;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
    if (probe.getBoundingClientRect().width > room) cut.push(`select "${probe.textContent}" in ${Math.round(room)} px`);
  }
  probe.remove();
  const outside = [];  // something drawn past the right edge of the box it sits in
  for (const el of document.querySelectorAll('main *')) {
    const frame = el.parentElement && el.parentElement.closest('.panel, .ruling, .table-card, .rule-card, .cited-rule, .banner');
    if (!frame || el.closest('.scroll-x, table.list.cards thead') || !el.getClientRects().length) continue;
    const box = el.getBoundingClientRect(), edge = frame.getBoundingClientRect().right;
    if (box.width && box.right > edge + 1) outside.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(box.right)} past ${Math.round(edge)}`);
  }
  const under = [];  // a phone's list card: each value beside its heading, not pushed under it
  for (const td of document.querySelectorAll('table.list.cards td[data-label]')) {
    if (getComputedStyle(td).display !== 'flex' || td.querySelector('select, input, button, form') || !td.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(td);
    const first = [...range.getClientRects()].find(r => r.width > 0);
    if (first && first.left < td.getBoundingClientRect().left + 90) under.push(`${td.dataset.label}: "${td.textContent.trim().slice(0, 24)}"`);
  }
  return {width, scrollWidth: document.documentElement.scrollWidth, small, cut, outside: outside.slice(0, 5), under: under.slice(0, 5)};
}"""


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A Chromium to open phones and tablets in; every page it opens must report no error."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    # the error page is answered with its status, 422
    with touch_devices(errors, wait_ms=WAIT_MS, is_expected=lambda text: "(Unprocessable" in text) as open_page:
        yield open_page
    assert errors == [], f"the browser reported errors: {errors}"


def _load(page: Any, selector: str) -> None:
    with page.expect_navigation(wait_until="load", timeout=WAIT_MS):
        page.locator(selector).first.tap(timeout=WAIT_MS)


def _language(page: Any, code: str) -> None:
    if page.locator("html").get_attribute("lang") != code:
        _load(page, f"button.lang[value={code}]")


@pytest.fixture(scope="module")
def pages(console: Console) -> dict[str, str]:
    """Every kind of page, with a record behind it: a ruled incident, a live hand, a drill question."""
    for table in ("60", "61", "62", "63", "64", "65", "66"):
        e2e._last_hand(console.base, table)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(e2e.CHROMIUM), headless=True, args=e2e.ARGS)
        page = chromium.new_context(viewport=TABLET, has_touch=True).new_page()
        page.set_default_timeout(WAIT_MS)
        log_in(page, console.base, "dir")
        page.goto(f"{console.base}/what-happened?table=60")
        page.locator("label:has(> input[data-testid='mishap-four_card_flop'])").tap()
        _load(page, "[data-testid=rule-it]")
        ruling = page.url.removeprefix(console.base)
        _load(page, "[data-testid=confirm-ruling]")
        page.goto(f"{console.base}/what-happened?table=63")  # a draft ruled on and never confirmed
        page.locator("label:has(> input[data-testid='mishap-first_card_wrong_seat'])").tap()
        page.locator("label:has(> input[data-testid='seat-3'])").tap()
        _load(page, "[data-testid=rule-it]")
        draft = page.url.removeprefix(console.base)
        page.goto(f"{console.base}/incidents")
        incident = page.locator("[data-testid=incident-list] tbody tr a").first.get_attribute("href")
        page.goto(f"{console.base}/")
        _load(page, "[data-testid='next-hand-61']")
        _load(page, "[data-testid=deal-all]")
        live = page.url.removeprefix(console.base)
        page.goto(f"{console.base}/drill")
        page.locator(".drill-seed summary").tap()
        page.fill("[data-testid=seed]", "7")  # the same questions every run
        _load(page, "[data-testid=start-drill]")
        drill = page.url.removeprefix(console.base)
        chromium.close()
    return {"tables": "/", "setup": "/hands/new?table=62", "what-happened": "/what-happened?table=62",
            "ruling": ruling, "draft": draft, "live": live, "incidents": "/incidents", "incident": str(incident), "floor": "/floor",
            "rules": "/rules", "rules-search": "/rules?q=bon+la", "rule": "/rules/FLOP-4CARD",
            "differences": "/rules/differences", "stats": "/stats", "drill": "/drill", "drill-question": drill,
            "drill-results": "/drill/results", "users": "/users", "error": "/what-happened?table=99"}


@pytest.mark.parametrize("language", ["en", "vi"])
def test_no_page_scrolls_sideways_cuts_a_value_or_spills_out_of_its_box_and_every_tap_target_is_44_px(
        console: Console, pages: dict[str, str], browser: Any, language: str) -> None:
    problems = []
    for viewport in (PHONE_360, TABLET):
        page = browser(viewport)
        page.goto(f"{console.base}/login")
        measured = page.evaluate(MEASURE)
        problems += [f"login: {s}" for s in measured["small"]]
        log_in(page, console.base, "dir")
        _language(page, language)
        for name, path in pages.items():
            page.goto(f"{console.base}{path}")
            assert page.locator("html").get_attribute("lang") == language
            measured = page.evaluate(MEASURE)
            whole = page.evaluate("document.documentElement.scrollHeight") < 16_000  # not the list of every rule
            page.screenshot(path=str(SHOTS / f"{language}-{viewport['width']}-{name}.png"), full_page=whole)
            if measured["scrollWidth"] > measured["width"]:
                problems.append(f"{name} at {viewport['width']} px scrolls sideways to {measured['scrollWidth']} px")
            problems += [f"{name} at {viewport['width']} px: {s}" for s in measured["small"]]
            problems += [f"{name} at {viewport['width']} px: {s} is cut" for s in measured["cut"]]
            problems += [f"{name} at {viewport['width']} px: {s}" for s in measured["outside"]]
            problems += [f"{name} at {viewport['width']} px: {s} is under its heading" for s in measured["under"]]
        _language(page, "en")
        page.context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("viewport", "language"), [(PHONE_360, "vi"), (PHONE, "en"), (TABLET, "vi"),
                                                    ({"width": 1024, "height": 768}, "en")])
def test_the_navigation_shows_every_page_and_more_opens_the_rest(console: Console, browser: Any,
                                                                   viewport: dict[str, int], language: str) -> None:
    expect = sync_api.expect
    page = browser(viewport)
    log_in(page, console.base, "dir")
    _language(page, language)
    for link in page.locator("nav.nav > a").all():  # the first line of pages: whole, inside the screen
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    more = page.locator("[data-testid=nav-more] summary")
    box = more.bounding_box()
    assert box is not None and box["x"] + box["width"] <= viewport["width"]
    more.tap()
    for testid in ("nav-stats", "nav-drill-results", "nav-users"):
        item = page.locator(f"[data-testid={testid}]")
        expect(item).to_be_visible()
        box = item.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (testid, box)
    _load(page, "[data-testid=nav-users]")
    expect(page.locator("[data-testid=nav-more] summary")).to_have_class("active")
    page.locator("h1").tap()
    _language(page, "en")


COMMON_PATHS = {
    "four-card flop": ["mishap-four_card_flop"],
    "first card to the wrong seat": ["mishap-first_card_wrong_seat", "seat-3", "acted-1", "chips-in-1"],
    "missing burn": ["mishap-missing_burn", "acted-1"],
    "exposed card in the deal": ["mishap-exposed_card", "seat-4", "card-2"],
    "card dealt too soon": ["mishap-premature_card", "acted-2"],
}


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_unlogged_hand_fits_one_phone_screen_on_the_common_paths(console: Console, browser: Any,
                                                                      language: str) -> None:
    expect = sync_api.expect
    page = browser(PHONE)
    log_in(page, console.base, "flo")
    _language(page, language)
    for number, (name, taps) in enumerate(COMMON_PATHS.items()):
        table = f"7{number}{'0' if language == 'en' else '1'}"
        e2e._last_hand(console.base, table)
        page.goto(f"{console.base}/")
        started, count = time.monotonic(), 0
        _load(page, f"[data-testid='what-happened-{table}']")
        count += 1
        for testid in taps:
            page.locator(f"label:has(> input[data-testid='{testid}'])").tap()
            count += 1
        button = page.locator("[data-testid=rule-it]")
        box = button.bounding_box()
        top = page.evaluate("window.scrollY")
        bottom = box["y"] + top + box["height"]
        page.screenshot(path=str(SHOTS / f"{language}-390-entry-{name.replace(' ', '-')}.png"))
        assert bottom <= PHONE["height"], f"{name}: 'Rule on it' ends at {bottom} px, below one screen"
        _load(page, "[data-testid=rule-it]")
        count += 1
        expect(page.locator("[data-testid=verdict]")).to_be_visible()
        _load(page, "[data-testid=confirm-ruling]")
        count += 1
        COUNTED[f"{name} ({language})"] = (count, round(time.monotonic() - started, 1))
        print(f"\n{name} ({language}): {count} taps, {time.monotonic() - started:.1f} s")
    _language(page, "en")


@pytest.mark.parametrize("viewport", [PHONE, TABLET])
def test_a_keyboard_user_skips_the_navigation_with_the_first_tab(console: Console, browser: Any,
                                                                  viewport: dict[str, int]) -> None:
    expect = sync_api.expect
    page = browser(viewport)
    log_in(page, console.base, "flo")
    for language, words in (("vi", "Đến nội dung trang"), ("en", "Skip to the page")):
        _language(page, language)
        page.goto(f"{console.base}/rules")
        skip = page.locator("[data-testid=skip-link]")
        box = skip.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 0, "the skip link shows before it has the focus"
        page.keyboard.press("Tab")
        expect(skip).to_be_focused()
        expect(skip).to_have_text(words)
        box = skip.bounding_box()
        assert box is not None and box["y"] >= 0 and box["height"] >= 44
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "main"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('main') !== null")


@pytest.mark.parametrize(("viewport", "language"), [(PHONE, "vi"), (TABLET, "en")])
def test_rules_search_ignores_accents_and_case_as_the_command_line_does(console: Console, browser: Any,
                                                                        viewport: dict[str, int], language: str) -> None:
    expect = sync_api.expect
    page = browser(viewport)
    log_in(page, console.base, "dana")
    _language(page, language)
    page.goto(f"{console.base}/rules")
    for typed, first in (("bon la", "FLOP-4CARD"), ("BỐN LÁ", "FLOP-4CARD"), ("dot bai", "DEF-BURN"),
                         ("Four-Card flop", "FLOP-4CARD")):
        page.fill("[data-testid=rule-search]", typed)
        _load(page, "form.filters button[type=submit]")
        cards = page.locator(".rule-card")
        expect(cards.first).to_have_attribute("data-testid", f"rule-{first}")
        found = [c.get_attribute("data-testid").removeprefix("rule-") for c in cards.all()]
        assert found == [h.rule.id for h in search_rules(typed, limit=1000)], typed
        if typed == "dot bai":
            assert {"FLOP-NOBURN", "BURN-STREET"} <= set(found)
    _language(page, "en")


def _uncovered(page: Any, selector: str) -> bool:
    """Scrolled to the foot of the page, the element's middle is the element itself, not a call drawn over it."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    return bool(page.evaluate("""(selector) => {
        const el = document.querySelector(selector);
        el.scrollIntoView({block: 'end'});
        window.scrollTo(0, document.documentElement.scrollHeight);
        const box = el.getBoundingClientRect();
        if (box.bottom > window.innerHeight) return false;
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && (top === el || el.contains(top));
    }""", selector))


def test_an_open_floor_call_never_covers_the_foot_of_a_page(console: Console, browser: Any) -> None:
    expect = sync_api.expect
    e2e._last_hand(console.base, "67")
    e2e._last_hand(console.base, "68")
    tablet = browser({"width": 1024, "height": 768})
    log_in(tablet, console.base, "dana")
    tablet.goto(f"{console.base}/")
    _load(tablet, "[data-testid='next-hand-67']")
    _load(tablet, "[data-testid=deal-all]")
    _load(tablet, "[data-testid=call-floor]")
    for viewport in (PHONE, PHONE_360, TABLET):
        phone = browser(viewport)
        log_in(phone, console.base, "mai")
        phone.goto(f"{console.base}/what-happened?table=68")
        expect(phone.locator("[data-testid=page-call]")).to_contain_text("67")
        phone.locator("label:has(> input[data-testid='mishap-four_card_flop'])").tap()
        assert _uncovered(phone, "[data-testid=rule-it]"), viewport
        phone.goto(f"{console.base}/drill")
        _load(phone, "[data-testid=start-drill]")
        expect(phone.locator("[data-testid=page-call]")).to_be_visible()
        for verdict in ("misdeal", "void", "continue"):
            assert _uncovered(phone, f"[data-testid=verdict-{verdict}]"), (viewport, verdict)
        phone.context.close()
    phone = browser(PHONE)
    log_in(phone, console.base, "mai")
    phone.goto(f"{console.base}/rules")
    _load(phone, "[data-testid=page-answer]")


@pytest.mark.parametrize(("viewport", "language"), [(PHONE, "vi"), (TABLET, "en")])
def test_the_big_blind_s_call_with_nothing_to_call_is_logged_as_a_check(console: Console, browser: Any,
                                                                        viewport: dict[str, int], language: str) -> None:
    table = "80" if language == "en" else "81"
    e2e._last_hand(console.base, table)
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/")
    _load(page, f"[data-testid='next-hand-{table}']")
    _load(page, "[data-testid=deal-all]")
    for _ in range(6):  # four limps, the small blind completes, and the big blind taps "Call"
        _load(page, "[data-testid=act-call]")
    hand = page.url.rsplit("/", 1)[1].split("?")[0]
    events = page.evaluate(f"async () => (await (await fetch('/api/hands/{hand}/events')).json()).events")
    acts = [e["event"] for e in events if e["event"]["type"] == "act"]
    assert [a["action"] for a in acts] == ["call"] * 5 + ["check"], acts
    sync_api.expect(page.locator("[data-testid=deal-street-noburn]")).to_be_visible()
    _language(page, "en")


KEPT_IN_ENGLISH = frozenset(["misdeal", "misdeals", "flop", "flops", "button", "buttons", "blind", "blinds", "fold", "folds", "folded", "call", "calls", "called", "check", "checks", "checked", "bet", "bets", "raise", "raises", "raised", "pot", "pots", "dealer", "dealers", "floor", "burn", "stub", "turn", "river", "ante", "antes", "straddle", "all", "in", "bring", "bring-in", "substantial", "action", "hold'em", "holdem", "omaha", "stud", "razz", "badugi", "draw", "triple", "single", "lowball", "limit", "no-limit", "pot-limit", "hi", "lo", "floorman", "wsop", "tda", "rrop", "phh", "csv", "json", "api", "sse", "hash", "head", "verify", "log", "seat", "big", "small", "preflop", "pre-flop", "muck", "joker", "live-action", "short-deck", "stack",
    "game", "games", "cash", "heads-up", "short", "deck", "riffle", "showdown", "street", "seventh", "push", "complete", "dead", "board"])
"""The terms the card room says in English inside Vietnamese (the glossary of the room's Vietnamese names them:
misdeal, flop, button, blinds, fold, call, check, bet, raise, pot, dealer, floor, Substantial Action, stub; the room
says small and big blind, pre-flop, muck, joker, game, cash game, heads-up, short deck, riffle, showdown, street,
push, complete, dead hand and board as they are), the games' own names, and the names of the product, the books and the file
formats."""
KEPT_PHRASES = re.compile(r"\b[0-9a-f]{8,}\b|[Dd]oor card|Robert's Rules|Recommended Procedures?|(?:Live-Action |Tournament )?Rules? \d[\w.]*")
"""Kept whole: a hash, the stud term door card, the names of the books' documents, and a book's rule number as the book
writes it (Rule 109, Rules 88.a.1)."""

_VIETNAMESE_SYLLABLE = re.compile(
    r"^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?"
    r"(oai|oay|oeo|uoi|uou|uya|uye|uyu|ieu|yeu|uay|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|ua|ue|ui|uo|uu|uy|ye|[aeiouy])"
    r"(ch|nh|ng|[cmnpt])?$")
"""A Vietnamese syllable written without its accents: onset, vowels, final."""
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
"""A card as the logs write it (Ah, Ks): notation, not a word."""

_WORDS = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('code, kbd, script, style, .hash, .card, .seat-name, [lang]:not(html)').forEach(n => n.remove());
  const said = [];
  const walk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { said.push(walk.currentNode.nodeValue); }
  for (const el of body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    said.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '', el.getAttribute('placeholder') || '');
  }
  said.push(document.title);
  return said.join(' ');
}"""
"""What a page says: its text (each text node apart) and the words of its labels, leaving out what is not words
of the console (code, hashes, cards, what users typed: names, notes) and what is marked as another language."""


def english_words(text: str) -> set[str]:
    """The words of ``text`` that are English: letters a-z only, not a Vietnamese syllable, not a kept term."""
    found = set()
    for word in re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", text):
        low = word.lower()
        if not low.isascii() or len(low) < 2 or low in KEPT_IN_ENGLISH or word.isupper() or _CARD.match(word):
            continue
        parts = re.split(r"['’-]", low)
        if all(_VIETNAMESE_SYLLABLE.match(p) or p in KEPT_IN_ENGLISH for p in parts):
            continue
        found.add(word)
    return found


def test_the_english_word_check_sees_english_and_passes_the_room_s_vietnamese() -> None:
    assert english_words("Chia lại (re-deal as an exact re-play) and the initial deal") >= {"re-deal", "exact",
                                                                                          "and", "initial", "deal"}
    assert english_words("Ván bài bị hủy: misdeal, chia lại; ghế 3 call, Substantial Action (hành động đáng kể)") == set()
    assert english_words("Bộ luật: WSOP 2026 · Lan Minh Quang Thu Hai Vy") == set()


def test_every_page_reads_in_vietnamese_with_only_the_room_s_english_terms(console: Console, pages: dict[str, str],
                                                                           browser: Any) -> None:
    page = browser(TABLET)
    log_in(page, console.base, "dir")
    _language(page, "vi")
    leftovers = {}
    titles = sorted({b.name_in("vi") for b in rulebooks().values()} | {b.short for b in rulebooks().values()},
                    key=len, reverse=True)
    for name, path in {"login": "/login", **pages}.items():
        page.goto(f"{console.base}{path}")
        text = page.evaluate(_WORDS)
        for title in titles:  # a book's own name, as the book has it in Vietnamese
            text = text.replace(title, " ")
        text = re.sub(r"\b(" + "|".join(e2e.ACCOUNTS) + r")\b", " ", text)  # the accounts' names
        text = KEPT_PHRASES.sub(" ", text)
        found = english_words(text)
        if found:
            leftovers[name] = sorted(found)
    page.goto(f"{console.base}{pages['error']}")
    sync_api.expect(page.locator("[data-testid=error-field]")).to_have_text("Bàn")  # the field in words, not "table"
    _language(page, "en")
    assert leftovers == {}, "\n".join(f"{name}: {words}" for name, words in leftovers.items())


def test_every_book_citation_is_said_in_vietnamese() -> None:
    untold = [(book.id, rule) for book in rulebooks().values() for rule in catalog()
              if book.citation(rule).source_in("vi") == book.citation(rule).source_in("en")
              and english_words(book.citation(rule).source_in("en"))]
    assert untold == [], f"{len(untold)} citations still in English, the first: {untold[:5]}"
    titles = sorted({b.name_in("vi") for b in rulebooks().values()}, key=len, reverse=True)
    left = {}
    for book in rulebooks().values():
        for rule in catalog():
            said = book.citation(rule).source_in("vi")
            for title in titles:  # a book's own name, as the book has it in Vietnamese
                said = said.replace(title, " ")
            for rule_id in catalog():  # a rule's id, as the reference writes it
                said = said.replace(rule_id, " ")
            if english_words(KEPT_PHRASES.sub(" ", said)):
                left[(book.id, rule)] = sorted(english_words(KEPT_PHRASES.sub(" ", said)))
    assert left == {}, f"{len(left)} Vietnamese citations with English words in them, the first: {list(left.items())[:5]}"


def test_a_book_s_number_is_said_in_vietnamese_with_the_number_unchanged() -> None:
    for book in rulebooks().values():
        for rule, cited in book.cites.items():
            for number in re.findall(r"\d+(?:[.-]\w+)*", cited.source_in("en")):
                assert number in cited.source_in("vi"), (book.id, rule, number)


@pytest.mark.parametrize(("viewport", "language", "table"), [(TABLET, "en", "90"), (PHONE, "vi", "91")])
def test_the_printed_report_has_the_game_the_level_and_out_of_turn_marks_and_no_floor_call(
        console: Console, browser: Any, viewport: dict[str, int], language: str, table: str) -> None:
    expect = sync_api.expect
    words = {"en": ("out of turn", "No-limit Hold'em", "Level 7"), "vi": ("sai lượt", "Hold'em", "Cấp độ 7")}[language]
    hand = _start_hand(console.base, "four-card-flop", table, upto=14)  # dealt: seat 3 is first to act
    e2e._last_hand(console.base, f"{table}9")
    dealer = browser({"width": 1024, "height": 768})
    log_in(dealer, console.base, "dana")
    dealer.goto(f"{console.base}/")
    _load(dealer, f"[data-testid='next-hand-{table}9']")
    _load(dealer, "[data-testid=deal-all]")
    _load(dealer, "[data-testid=call-floor]")  # an open call on another table: its bar is on the floor's pages
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/hands/{hand}")
    page.locator("[data-testid=seat-5]").tap()
    _load(page, "[data-testid=act-fold]")
    _load(page, "[data-testid=call-floor]")
    _load(page, "[data-testid=confirm-ruling]")
    page.goto(f"{console.base}/incidents?table={table}")
    _load(page, "[data-testid=incident-list] tbody tr a")
    expect(page.locator("[data-testid=incident-game]")).to_contain_text(words[1])
    expect(page.locator("[data-testid=incident-level]")).to_be_visible()
    expect(page.locator(".panel ol, .panel ul").filter(has_text=words[0]).first).to_be_visible()
    expect(page.locator("[data-testid=page-call]").first).to_be_visible()
    page.emulate_media(media="print")
    report = page.locator("[data-testid=incident-report]")
    expect(report).to_be_visible()
    expect(page.locator("[data-testid=floor-pager]")).to_be_hidden()
    expect(report.locator("[data-testid=report-game]")).to_contain_text(words[1])
    expect(report.locator("[data-testid=report-level]")).to_contain_text(words[2])
    expect(report.locator(".report-lines")).to_contain_text(words[0])
    assert page.evaluate("getComputedStyle(document.body).paddingBottom") == "0px"
    page.emulate_media(media="screen")
    _language(page, "en")


def test_after_the_reload_the_dealer_sees_who_is_on_the_way(console: Console, browser: Any) -> None:
    expect = sync_api.expect
    e2e._last_hand(console.base, "95")
    dealer = browser(PHONE)
    log_in(dealer, console.base, "dana")
    dealer.goto(f"{console.base}/")
    _load(dealer, "[data-testid='next-hand-95']")
    _load(dealer, "[data-testid=deal-all]")
    _load(dealer, "[data-testid=call-floor]")
    dealer.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    floor = browser(PHONE)
    log_in(floor, console.base, "mai")
    floor.goto(f"{console.base}/rules")
    call = floor.locator("[data-testid=page-call]").filter(has_text="table 95,")
    with floor.expect_navigation(wait_until="load"):
        call.locator("[data-testid=page-answer]").tap()
    paged = dealer.locator("[data-testid=floor-paged]")
    expect(paged).to_contain_text("mai is on the way.", timeout=12_000)
    expect(paged).to_be_in_viewport()


def _api_routes() -> set[tuple[str, str]]:
    """Every (method, path) of the console's API, from the app itself."""
    from starlette.routing import Route

    from floorman.web.app import create_app

    app = create_app(Path(tempfile.mkdtemp()) / "routes.db")
    found: set[tuple[str, str]] = set()

    def walk(routes: Any) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)
            if inner is not None:
                walk(inner.routes)
            elif isinstance(route, Route) and route.path.startswith("/api/"):
                found.update((m.lower(), route.path) for m in (route.methods or ()) if m != "HEAD")

    walk(app.routes)
    return found


@pytest.mark.parametrize("viewport", [PHONE, TABLET])
def test_every_api_route_and_the_floor_stream_are_in_the_openapi_document_with_their_media_types(
        console: Console, browser: Any, viewport: dict[str, int]) -> None:
    page = browser(viewport)
    log_in(page, console.base, "flo")
    document = page.evaluate("async () => (await fetch('/api/openapi.json')).json()")
    documented = {(method, path) for path, ops in document["paths"].items() for method in ops}
    routes = _api_routes()
    assert ("get", "/api/floor/stream") in routes and len(routes) > 20
    assert routes - documented == set()
    stream = document["paths"]["/api/floor/stream"]["get"]
    assert list(stream["responses"]["200"]["content"]) == ["text/event-stream"]
    assert "Last-Event-ID" in stream["description"]
    for path, ops in document["paths"].items():
        for method, op in ops.items():
            for code, response in op["responses"].items():
                assert code == "204" or response.get("content"), (method, path, code)


def _last_hand_of(base: str, table: str, game: str) -> None:
    """The table's previous hand, of ``game``."""
    header = example("four-card-flop")
    header |= {"table": table, "hand": f"{table}-0457", "game": game, "events": []}
    header.pop("structure", None)
    login = e2e._post_json(f"{base}/api/session", {"username": "dir", "password": PASSWORD}, {})
    cookie = login.headers["Set-Cookie"].split(";", 1)[0]
    token = json.loads(login.read())["csrf_token"]
    e2e._post_json(f"{base}/api/hands", {"header": header}, {"Cookie": cookie, "X-CSRF-Token": token}).read()


@pytest.mark.parametrize(("viewport", "language", "game", "cards"), [(TABLET, "en", "omaha", 4), (PHONE, "vi", "omaha5", 5)])
def test_omaha_offers_each_of_its_cards_and_no_more_players_than_the_table_has(
        console: Console, browser: Any, viewport: dict[str, int], language: str, game: str, cards: int) -> None:
    expect = sync_api.expect
    table = f"5{cards}"
    _last_hand_of(console.base, table, game)
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    page.goto(f"{console.base}/what-happened?table={table}")
    page.locator("label:has(> input[data-testid='mishap-exposed_card'])").tap()
    expect(page.locator("input[name=card]")).to_have_count(cards)
    page.locator(f"label:has(> input[data-testid='card-{cards}'])").tap()
    page.locator("label:has(> input[data-testid='seat-2'])").tap()
    expect(page.locator("input[name=acted]")).to_have_count(7)  # none to all six players
    _load(page, "[data-testid=rule-it]")
    expect(page.locator("[data-testid=verdict]")).to_be_visible()
    _language(page, "en")


@pytest.mark.parametrize("language", ["en", "vi"])
def test_where_the_books_differ_keeps_each_point_in_sight_when_a_phone_scrolls_the_table(
        console: Console, browser: Any, language: str) -> None:
    page = browser(PHONE_360)
    log_in(page, console.base, "dana")  # a dealer's phone: no floor call is paged over the table
    _language(page, language)
    page.goto(f"{console.base}/rules/differences")
    frame = page.locator(".scroll-x")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth"), "the books' columns fit a phone: nothing to scroll"
    frame.evaluate("f => { f.scrollLeft = f.scrollWidth; }")
    page.wait_for_timeout(100)
    left = frame.bounding_box()["x"]
    for point in page.locator("table.switches tbody th").all()[:5]:
        box = point.bounding_box()
        assert box is not None and abs(box["x"] - left) <= 1, (point.text_content(), box, left)
        point.scroll_into_view_if_needed()
        box = point.bounding_box()
        name = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('th') !== null",
                             [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert name, f"a book's column is drawn over the point {point.text_content()!r}"
    _language(page, "en")
