"""What happened at a stud, a razz, a 2-7 triple draw and a badugi table, in a real headless Chromium on a tablet
(820x1180) and a phone (390x844), in English and Vietnamese: every mishap the family offers is told after the fact
and ruled, counted in taps and seconds from the tables page to the confirmed ruling; the pages fit a 360 px phone
with every tap target at least 44 px.

Uses the console and the browser of ``test_e2e`` (Debian's Chromium, Playwright; never a downloaded browser).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import touch_devices
from tests.web import test_e2e as e2e
from tests.web.conftest import PASSWORD, example
from tests.web.test_e2e import WAIT_MS, Console, log_in, shot
from tests.web.test_e2e_every_screen import MEASURE, PHONE_360, _language, _load

sync_api = e2e.sync_api
console = e2e.console
TABLET = {"width": 820, "height": 1180}
PHONE = {"width": 390, "height": 844}
MAX_TAPS = 8
MAX_SECONDS = 20.0
COUNTED: dict[str, tuple[int, float]] = {}
"""The taps and seconds of each mishap, as this run counted them (printed as each is ruled)."""

STUD_LEVEL = {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200}
DRAW_LEVEL = {"number": 5, "small_blind": 500, "big_blind": 1000, "small_bet": 1000, "big_bet": 2000}

# (name, taps after "what happened", the verdict in English, a rule the ruling cites)
STUD_MISHAPS = [
    ("first card to the wrong seat", ["mishap-first_card_wrong_seat", "seat-3"], "MISDEAL", "MD-FIRST-WRONG-SEAT"),
    ("seat skipped on fifth street", ["mishap-seat_skipped", "seat-2", "street-fifth", "acted-1"], "PLAY ON",
     "STUD-CARD-COUNT"),
    ("down card dealt up", ["mishap-down_card_up", "seat-3", "card-2"], "MISDEAL", "MD-STUD-DOWNCARD"),
    ("seventh card dealt up", ["mishap-down_card_up", "seat-3", "card-7"], "PLAY ON", "STUD-7TH-EXPOSED"),
    ("door card dealt down", ["mishap-door_card_down", "seat-4"], "PLAY ON", "STUD-ALL-DOWN"),
    ("extra card on fourth street", ["mishap-extra_card", "seat-2", "street-fourth"], "PLAY ON", "MD-WRONG-COUNT"),
    ("card short on sixth street", ["mishap-short_card", "seat-2", "street-sixth", "acted-2"], "PLAY ON",
     "MD-WRONG-COUNT"),
    ("no burn on fifth street", ["mishap-missing_burn", "street-fifth", "acted-1"], "PLAY ON", "STUD-BURN-ERROR"),
    ("different back", ["mishap-foreign_back", "seat-4"], "VOID", "FD-FOREIGN-BACK-HAND"),
    ("two identical cards", ["mishap-duplicate"], "VOID", "FD-DUP"),
]
DRAW_MISHAPS = [
    ("first card to the wrong seat", ["mishap-first_card_wrong_seat", "seat-3"], "MISDEAL", "MD-FIRST-WRONG-SEAT"),
    ("seat skipped in the deal", ["mishap-seat_skipped", "seat-4"], "MISDEAL", "MD-SEAT-DEALT-OUT"),
    ("card exposed in the deal", ["mishap-exposed_card", "seat-3", "card-4"], "PLAY ON", "DRAW-EXPOSED"),
    ("boxed card in the deal", ["mishap-boxed_card", "seat-3", "card-2"], "PLAY ON", "DEF-BOXED"),
    ("card exposed on the second draw", ["mishap-draw_card_exposed", "seat-4", "street-second_draw"], "PLAY ON",
     "DRAW-EXPOSED"),
    ("extra card after the first draw", ["mishap-extra_card", "seat-2", "street-first_draw"], "PLAY ON",
     "MD-WRONG-COUNT"),
    ("card short after the first draw", ["mishap-short_card", "seat-2", "street-first_draw", "acted-2",
                                         "chips-in-1"], "PLAY ON", "MD-WRONG-COUNT"),
    ("different back", ["mishap-foreign_back", "seat-2"], "VOID", "FD-FOREIGN-BACK-HAND"),
    ("two identical cards", ["mishap-duplicate"], "VOID", "FD-DUP"),
]


def _last_hand_of(base: str, table: str, game: str) -> None:
    """The table's previous hand, of ``game`` (stud: antes and a bring-in, no button)."""
    header = {k: v for k, v in example("four-card-flop").items() if k != "events"}
    header |= {"table": table, "hand": f"{table}-0457", "game": game, "rulebook": "wsop-2026", "events": []}
    if game in ("stud", "stud8", "razz"):
        header.pop("button")
        header["level"] = STUD_LEVEL
    else:
        header["level"] = DRAW_LEVEL
    login = e2e._post_json(f"{base}/api/session", {"username": "dir", "password": PASSWORD}, {})
    cookie = login.headers["Set-Cookie"].split(";", 1)[0]
    token = json.loads(login.read())["csrf_token"]
    e2e._post_json(f"{base}/api/hands", {"header": header}, {"Cookie": cookie, "X-CSRF-Token": token}).read()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A Chromium to open phones and tablets in; every page it opens must report no error."""
    e2e.SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with touch_devices(errors, wait_ms=WAIT_MS) as open_page:
        yield open_page
    assert errors == [], f"the browser reported errors: {errors}"


def _rule_each(page: Any, base: str, game: str, prefix: str, mishaps: list[tuple[str, list[str], str, str]],
               language: str) -> None:
    expect = sync_api.expect
    width = page.viewport_size["width"]
    for number, (name, taps_between, verdict, rule_id) in enumerate(mishaps):
        table = f"{prefix}{number}"
        _last_hand_of(base, table, game)
        page.goto(f"{base}/")
        taps = e2e.Taps(page)
        taps.submit(f"[data-testid='what-happened-{table}']")
        for selector in taps_between:
            taps.touch(f"label:has(> input[data-testid='{selector}'])")
        taps.submit("[data-testid=rule-it]")
        if language == "en":
            expect(page.locator("[data-testid=verdict]")).to_have_text(verdict)
        else:
            expect(page.locator("[data-testid=verdict]")).to_be_visible()
        expect(page.locator("[data-testid=ruling]")).to_contain_text(rule_id)
        expect(page.locator("[data-testid=reconstructed]")).to_be_visible()
        shot(page, f"23-what-happened-{game}-{language}-{width}-{number}")
        taps.submit("[data-testid=confirm-ruling]")
        expect(page.locator(".notice")).to_be_visible()
        key = f"{game} {name} ({language}, {width} px)"
        COUNTED[key] = (taps.count, round(taps.seconds, 1))
        print(f"\n{key}: {taps.count} taps, {taps.seconds:.1f} s")
        assert taps.count <= MAX_TAPS and taps.seconds < MAX_SECONDS, (key, taps.count, taps.seconds)


@pytest.mark.parametrize(("game", "viewport", "language", "prefix", "mishaps"), [
    ("stud", TABLET, "en", "S", STUD_MISHAPS),
    ("razz", PHONE, "vi", "R", STUD_MISHAPS),
    ("2-7-triple-draw", TABLET, "vi", "T", DRAW_MISHAPS),
    ("badugi", PHONE, "en", "B", DRAW_MISHAPS),
], ids=["stud-tablet-en", "razz-phone-vi", "triple-draw-tablet-vi", "badugi-phone-en"])
def test_every_mishap_of_the_family_is_told_and_ruled_in_at_most_eight_taps(
        console: Console, browser: Any, game: str, viewport: dict[str, int], language: str, prefix: str,
        mishaps: list[tuple[str, list[str], str, str]]) -> None:
    page = browser(viewport)
    log_in(page, console.base, "flo")
    _language(page, language)
    started = time.monotonic()
    _rule_each(page, console.base, game, prefix, mishaps, language)
    print(f"\n{game}: {len(mishaps)} mishaps ruled in {time.monotonic() - started:.1f} s")
    page.goto(f"{console.base}/")
    _language(page, "en")


@pytest.mark.parametrize(("game", "offered", "streets"), [
    ("stud", [m[1][0] for m in STUD_MISHAPS if m[0] != "seventh card dealt up"],
     ["third", "fourth", "fifth", "sixth", "seventh"]),
    ("2-7-triple-draw", [m[1][0] for m in DRAW_MISHAPS], ["predraw", "first_draw", "second_draw", "third_draw"]),
])
def test_the_page_shows_only_the_family_s_mishaps_and_streets(console: Console, browser: Any, game: str,
                                                               offered: list[str], streets: list[str]) -> None:
    expect = sync_api.expect
    table = f"O{len(streets)}"
    _last_hand_of(console.base, table, game)
    page = browser(TABLET)
    log_in(page, console.base, "flo")
    page.goto(f"{console.base}/what-happened?table={table}")
    assert page.locator("input[name=mishap]:not([value=''])").evaluate_all(
        "els => els.map(e => 'mishap-' + e.value)") == offered
    page.locator("label:has(> input[data-testid='mishap-extra_card'])").tap()
    shown = page.locator(".ask-street input[name=street]:not([value=''])").evaluate_all(
        "els => els.filter(e => e.closest('label').offsetParent).map(e => e.value)")
    assert shown == streets
    page.locator("label:has(> input[data-testid='mishap-change'])").tap()
    page.locator("label:has(> input[data-testid='mishap-%s'])" % (
        "missing_burn" if game == "stud" else "draw_card_exposed")).tap()
    expect(page.locator(f"label:has(> input[data-testid='street-{streets[0]}'])")).to_be_hidden()
    expect(page.locator(f"label:has(> input[data-testid='street-{streets[1]}'])")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_stud_and_draw_pages_fit_a_360_px_phone_with_44_px_targets(console: Console, browser: Any,
                                                                      language: str) -> None:
    page = browser(PHONE_360)
    log_in(page, console.base, "flo")
    _language(page, language)
    for game, table, mishap in (("razz", f"W1{language}", "down_card_up"),
                                ("badugi", f"W2{language}", "short_card")):
        _last_hand_of(console.base, table, game)
        page.goto(f"{console.base}/what-happened?table={table}")
        page.locator(f"label:has(> input[data-testid='mishap-{mishap}'])").tap()
        page.locator("label:has(> input[data-testid='seat-2'])").tap()
        measured = page.evaluate(MEASURE)
        assert measured["scrollWidth"] <= measured["width"], (game, "entry", measured)
        assert measured["small"] == [], (game, "entry", measured["small"])
        page.screenshot(path=str(e2e.SHOTS / f"24-what-happened-{game}-{language}-360.png"), full_page=True)
        _load(page, "[data-testid=rule-it]")
        measured = page.evaluate(MEASURE)
        assert measured["scrollWidth"] <= measured["width"], (game, "ruling", measured)
        assert measured["small"] == [], (game, "ruling", measured["small"])
    page.goto(f"{console.base}/")
    _language(page, "en")
