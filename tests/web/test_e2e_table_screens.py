"""The table's screens in a real headless Chromium, as the floor sees them on a tablet and a phone.

A misdealt hand opened afterwards still reads as the misdeal it was; a missing burn after a flop check has its
steps; the seats show this street's bets and the stacks behind; an out-of-turn action is called out with the
engine's reason; games and structures read as words; the setup form fits its table; the action buttons and the
top bar fit a 1024x768 tablet and the substantial-action bar a phone; the drill opens its events at the floor
call, draws a face-down card face down and offers only the remedies of the verdict given.

Uses the console and the browser of ``test_e2e`` (Debian's Chromium at /usr/bin/chromium and Playwright for
Python; never a downloaded browser). Every wait is bounded by ``WAIT_MS``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from floorman.drill import Verdict, make_questions
from tests.chromium import sync_api  # skips this module where Chromium or Playwright is missing
from tests.web import test_e2e as e2e
from tests.web.conftest import PASSWORD, example
from tests.web.test_e2e import WAIT_MS, Console, log_in

console = e2e.console  # the served console and the browser of test_e2e, as fixtures of this module
browser_page = e2e.browser_page

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def _start_hand(base: str, name: str, table: str, *, upto: int | None = None, **header: Any) -> int:
    """A hand of ``examples/NAME.json`` at ``table`` with its events up to index ``upto`` (all if None)."""
    obj = example(name)
    events = obj["events"] if upto is None else obj["events"][: upto + 1]
    obj |= {"table": table, "hand": f"{table}-0001", "events": events, **header}
    login = e2e._post_json(f"{base}/api/session", {"username": "dir", "password": PASSWORD}, {})
    cookie = login.headers["Set-Cookie"].split(";", 1)[0]
    token = json.loads(login.read())["csrf_token"]
    created = e2e._post_json(f"{base}/api/hands", {"header": obj}, {"Cookie": cookie, "X-CSRF-Token": token})
    return int(json.loads(created.read())["id"])


def _load(page: Any, selector: str) -> None:
    with page.expect_navigation(wait_until="load", timeout=WAIT_MS):
        page.locator(selector).first.tap(timeout=WAIT_MS)


def _language(page: Any, code: str) -> None:
    if page.locator("html").get_attribute("lang") != code:
        _load(page, f"button.lang[value={code}]")


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box(timeout=WAIT_MS)
    assert box is not None, f"{selector} is not on the page"
    return dict(box)


def test_a_misdealt_hand_opened_afterwards_shows_its_misdeal_in_both_languages(console: Console,
                                                                                browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    hand = _start_hand(console.base, "first-card-wrong-seat", "40")
    void = _start_hand(console.base, "duplicate-card-on-river", "41")
    log_in(page, console.base, "mai")
    for hand_id, headline, headline_vi in ((hand, "MISDEAL", "HỦY VÁN"), (void, "VOID", "VÔ HIỆU")):
        _language(page, "en")
        page.goto(f"{console.base}/hands/{hand_id}")
        _load(page, "[data-testid=confirm-ruling]")
        expect(page.locator(".notice")).to_contain_text("The re-play has started")
        page.goto(f"{console.base}/hands/{hand_id}")
        banner = page.locator("[data-testid=banner]")
        expect(page.locator("[data-testid=banner-verdict]")).to_have_text(headline)
        expect(banner).not_to_contain_text("PLAY ON")
        expect(banner).not_to_have_class("banner verdict-continue")
        expect(page.locator("[data-testid=go-to-replay]")).to_be_visible()
        _language(page, "vi")
        expect(page.locator("[data-testid=banner-verdict]")).to_have_text(headline_vi)
        expect(banner).not_to_contain_text("TIẾP TỤC")
    _language(page, "en")


def test_the_missing_burn_ruling_after_a_flop_check_has_numbered_steps(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    hand = _start_hand(console.base, "missing-flop-burn-after-check", "42")
    log_in(page, console.base, "flo")
    page.goto(f"{console.base}/hands/{hand}")
    expect(page.locator("[data-testid=verdict]")).to_have_text("PLAY ON")
    steps = page.locator("[data-testid=ruling] ol.steps li")
    expect(steps).to_have_count(1)
    expect(steps.first).to_have_text("The flop stands; burn one card before the turn as usual.")
    expect(page.locator("[data-testid=ruling]")).to_contain_text("What to do")


def test_seats_show_this_street_s_bets_cleared_on_the_flop_and_the_stacks_behind(console: Console,
                                                                                 browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    hand = _start_hand(console.base, "four-card-flop", "43", upto=20)  # pre-flop action over, flop not dealt
    log_in(page, console.base, "flo")
    page.goto(f"{console.base}/hands/{hand}")
    # the big blind posted 400 and a 400 big-blind ante and called a raise to 1,000: its bet is 1,000, not 1,400
    expect(page.locator("[data-testid=bet-2]")).to_have_text("1,000")
    expect(page.locator("[data-testid=bet-3]")).to_have_text("1,000")
    expect(page.locator("[data-testid=bet-1]")).to_have_text("200")
    expect(page.locator("[data-testid=stack-2]")).to_have_text("30,100")
    expect(page.locator("[data-testid=stack-3]")).to_have_text("17,000")
    expect(page.locator("[data-testid=stack-4]")).to_have_text("40,200")
    expect(page.locator("[data-testid=board] .pot")).to_contain_text("3,600")
    expect(page.locator("[data-testid=deal-street-noburn]")).to_have_text("Deal the flop without a burn")
    _load(page, "[data-testid=deal-street]")
    expect(page.locator("[data-testid=board] .card")).to_have_count(3)
    expect(page.locator(".seat-bet")).to_have_count(0)
    expect(page.locator("[data-testid=stack-2]")).to_have_text("30,100")
    _language(page, "vi")
    expect(page.locator("[data-testid=stack-2]")).to_have_text("30.100")
    expect(page.locator("[data-testid=board] .pot")).to_contain_text("3.600")
    _language(page, "en")


def test_an_out_of_turn_action_is_called_out_with_the_engine_s_reason(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    hand = _start_hand(console.base, "four-card-flop", "44", upto=14)  # dealt: seat 3 is first to act
    log_in(page, console.base, "flo")
    page.goto(f"{console.base}/hands/{hand}")
    expect(page.locator("[data-testid=seat-3]")).to_have_class(re.compile(r"\bto-act\b"))
    page.locator("[data-testid=seat-5]").tap(timeout=WAIT_MS)
    _load(page, "[data-testid=act-fold]")
    note = page.locator("[data-testid=out-of-turn]")
    expect(note).to_contain_text("Out of turn.")
    expect(note).to_contain_text("The out-of-turn action (seat 5) does not count: substantial action counts only "
                                 "actions taken in turn.")
    expect(page.locator(".hand-log li").first).to_have_text("Seat 5 folds (out of turn)")
    expect(page.locator("[data-testid=sa-meter] .meter-text")).to_contain_text("0 of")
    _language(page, "vi")
    expect(note).to_contain_text("Hành động sai lượt (ghế 5) không được tính: Substantial Action chỉ tính những "
                                 "hành động đúng lượt.")
    expect(page.locator(".hand-log li").first).to_have_text("Ghế 5 fold (sai lượt)")
    _language(page, "en")


def test_the_setup_form_fits_its_table_and_games_read_as_words(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    log_in(page, console.base, "flo")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{console.base}/hands/new?table=45")
    rows = page.locator("[data-testid=seat-table] tbody tr:visible")
    expect(rows).to_have_count(9)
    assert _box(page, "input[name=name_1]")["width"] >= 200
    assert _box(page, "input[name=stack_1]")["width"] >= 120
    game = page.locator("[data-testid=setup-game]")
    expect(game.locator("option[value='2-7-single-draw']")).to_have_text("2-7 single draw")
    expect(game.locator("option[value=holdem]")).to_have_text("Hold'em")
    page.fill("input[name=seats]", "6")
    expect(rows).to_have_count(6)
    page.fill("input[name=table]", "45")
    game.select_option("omaha")
    page.locator("[data-testid=setup-structure]").select_option("limit")
    for seat, name in ((1, "Lan"), (2, "Minh"), (3, "Quang")):
        page.fill(f"input[name=name_{seat}]", name)
        page.fill(f"input[name=stack_{seat}]", "24,000")
    page.fill("input[name=small_bet]", "400")
    page.fill("input[name=big_bet]", "800")
    _load(page, ".setup button[type=submit]")
    head = page.locator(".hand-head")
    expect(head).to_contain_text("Limit Omaha")
    expect(head).not_to_contain_text("omaha")
    expect(page.locator("[data-testid=stack-1]")).to_have_text("24,000")  # the button posts nothing
    page.goto(f"{console.base}/rules")
    expect(page.locator("[data-testid=tag-FLOP-4CARD]")).to_have_text("verified")
    page.goto(f"{console.base}/hands/new?table=45")
    expect(page.locator("[data-testid=setup-structure]")).to_have_value("limit")
    expect(rows).to_have_count(6)


def _fits_a_tablet(page: Any) -> None:
    top = _box(page, ".topbar")
    assert top["height"] <= 64, f"the top bar wraps: {top}"
    for selector in ("[data-testid=act-fold]", "[data-testid=act-check]", "[data-testid=act-call]",
                     "[data-testid=act-raise-1]"):
        box = _box(page, selector)
        assert box["y"] >= 0 and box["y"] + box["height"] <= TABLET["height"], f"{selector} below the fold: {box}"


def test_on_a_1024x768_tablet_the_action_buttons_are_above_the_fold_and_the_top_bar_is_one_line(
        console: Console, browser_page: Any) -> None:
    page = browser_page
    hand = _start_hand(console.base, "missing-flop-burn-after-check", "46", upto=22)  # nine seats, pre-flop action
    page.set_viewport_size(TABLET)
    for user, language in (("dir", "en"), ("mai", "vi")):
        log_in(page, console.base, user)
        _language(page, language)
        page.goto(f"{console.base}/hands/{hand}")
        _fits_a_tablet(page)
        _load(page, ".logout button[type=submit]")
    log_in(page, console.base, "mai")
    _language(page, "en")


def test_on_a_phone_the_substantial_action_bar_stays_inside_its_banner(console: Console, browser_page: Any) -> None:
    page = browser_page
    hand = _start_hand(console.base, "four-card-flop", "47", upto=16)
    log_in(page, console.base, "mai")
    page.set_viewport_size(PHONE)
    for language in ("vi", "en"):
        _language(page, language)
        page.goto(f"{console.base}/hands/{hand}")
        banner, meter = _box(page, "[data-testid=banner]"), _box(page, "[data-testid=sa-meter]")
        progress = _box(page, "[data-testid=sa-meter] progress")
        for part in (meter, progress):
            assert banner["x"] <= part["x"] and part["x"] + part["width"] <= banner["x"] + banner["width"], (
                language, banner, part)
        assert banner["x"] + banner["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        top = _box(page, ".topbar")
        assert top["height"] <= 150, top  # the brand's line and the navigation's two (every page shown)


def test_the_drill_opens_the_events_at_the_floor_call_draws_a_face_down_card_down_and_offers_the_verdict_s_remedies(
        console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    question = make_questions(seed=4, count=2)[0]  # a four-card flop whose fourth card was dealt face down
    log_in(page, console.base, "dana")
    page.set_viewport_size(TABLET)
    page.goto(f"{console.base}/drill")
    page.locator("label:has(input[name=count][value='2'])").tap(timeout=WAIT_MS)
    page.locator(".drill-seed summary").tap(timeout=WAIT_MS)
    page.fill("[data-testid=seed]", "4", timeout=WAIT_MS)
    _load(page, "[data-testid=start-drill]")

    board = page.locator("[data-testid=drill-table] .board .card")
    expect(board).to_have_count(4)
    expect(page.locator("[data-testid=drill-table] [data-testid=face-down-card]")).to_have_count(1)
    expect(page.locator("[data-testid=drill-table] [data-testid=face-down-card]")).to_have_text("▢")

    events = page.locator("[data-testid=drill-events]")
    expect(page.locator("[data-testid=events-hint]")).to_contain_text("scroll up for the start of the hand")
    last, box = _box(page, "[data-testid=drill-events] li:last-child"), _box(page, "[data-testid=drill-events]")
    assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"] + 1, (box, last)
    expect(events.locator("li").last).to_contain_text("Floor called")
    down = next(e for e in question.log.events if getattr(e, "face_up", True) is False)
    expect(events).to_contain_text("Board card (face down)")
    expect(events).not_to_contain_text(f"Board card {down.card}")

    wrong = next(v for v in Verdict if v is not question.answer.verdict)
    _load(page, f"[data-testid=verdict-{wrong.value}]")
    offered = page.locator("[data-testid=remedy-step] .drill-choice")
    expect(offered).to_have_count(len(question.choices_for(wrong)))
    expect(page.locator(f"[data-testid=choice-{question.answer.choice}]")).to_have_count(0)
    _load(page, "[data-testid=remedy-step] .drill-choice")
    expect(page.locator("[data-testid=drill-points]")).to_have_text("0/2")
    expect(page.locator("[data-testid=remedy-mark]")).to_have_text("Remedy: wrong")
