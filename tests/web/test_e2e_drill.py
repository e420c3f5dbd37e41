"""The drill in a real headless Chromium: a dealer runs a 2-question drill with a fixed seed (one
answer right, one wrong), sees each result and the score by topic; then a director sees who needs
practice on what. Screenshots go to ``artifacts/screenshots/20-drill-*.png``.

Uses the console and the browser of ``test_e2e`` (Debian's Chromium at /usr/bin/chromium and
Playwright for Python; never a downloaded browser). Every wait is bounded by ``WAIT_MS``.
"""

from __future__ import annotations

from typing import Any

from floorman.drill import Verdict, make_questions
from tests.chromium import sync_api  # skips this module where Chromium or Playwright is missing
from tests.web import test_e2e as e2e
from tests.web.test_e2e import WAIT_MS, Console, log_in, shot

console = e2e.console  # the served console and the browser of test_e2e, as fixtures of this module
browser_page = e2e.browser_page

SEED, COUNT = 41, 2


def _tap_and_load(page: Any, selector: str) -> None:
    with page.expect_navigation(wait_until="load", timeout=WAIT_MS):
        page.locator(selector).first.tap(timeout=WAIT_MS)


def test_a_dealer_runs_a_drill_and_a_director_sees_who_needs_practice(console: Console, browser_page: Any) -> None:
    page = browser_page
    expect = sync_api.expect
    questions = make_questions(seed=SEED, count=COUNT)
    log_in(page, console.base, "dana")

    _tap_and_load(page, "[data-testid=nav-drill]")
    expect(page.locator("h1")).to_contain_text("Ruling drill", timeout=WAIT_MS)
    page.locator("label:has(input[name=count][value='2'])").tap(timeout=WAIT_MS)
    page.locator(".drill-seed summary").tap(timeout=WAIT_MS)
    page.fill("[data-testid=seed]", str(SEED), timeout=WAIT_MS)
    shot(page, "20-drill-setup")
    _tap_and_load(page, "[data-testid=start-drill]")

    # Question 1, answered right: the verdict, then the remedy.
    first = questions[0].answer
    expect(page.locator("[data-testid=drill-progress]")).to_have_text("Question 1 of 2", timeout=WAIT_MS)
    expect(page.locator("[data-testid=drill-note]")).to_contain_text(questions[0].note, timeout=WAIT_MS)
    expect(page.locator("[data-testid=drill-events] li").first).to_be_visible(timeout=WAIT_MS)
    shot(page, "20-drill-question")
    _tap_and_load(page, f"[data-testid=verdict-{first.verdict.value}]")
    expect(page.locator("[data-testid=remedy-step]")).to_be_visible(timeout=WAIT_MS)
    shot(page, "20-drill-remedy")
    _tap_and_load(page, f"[data-testid=choice-{first.choice}]")
    expect(page.locator("[data-testid=drill-points]")).to_have_text("2/2", timeout=WAIT_MS)
    expect(page.locator("[data-testid=drill-rules]")).to_contain_text(first.ruling.citations[0].rule,
                                                                      timeout=WAIT_MS)
    expect(page.locator("[data-testid=drill-explanation]")).not_to_be_empty(timeout=WAIT_MS)
    shot(page, "20-drill-result")

    # Question 2, answered wrong on both counts.
    second = questions[1].answer
    wrong_verdict = next(v for v in Verdict if v is not second.verdict)
    _tap_and_load(page, "[data-testid=next-question]")
    expect(page.locator("[data-testid=drill-progress]")).to_have_text("Question 2 of 2", timeout=WAIT_MS)
    _tap_and_load(page, f"[data-testid=verdict-{wrong_verdict.value}]")
    expect(page.locator(f"[data-testid=choice-{second.choice}]")).to_have_count(0)  # not a remedy of that verdict
    _tap_and_load(page, "[data-testid=remedy-step] .drill-choice")
    expect(page.locator("[data-testid=drill-points]")).to_have_text("0/2", timeout=WAIT_MS)
    expect(page.locator("[data-testid=verdict-mark]")).to_have_text("Verdict: wrong", timeout=WAIT_MS)
    shot(page, "20-drill-result-wrong")

    _tap_and_load(page, "[data-testid=see-summary]")
    expect(page.locator("[data-testid=summary-total]")).to_have_text("2/4", timeout=WAIT_MS)
    expect(page.locator("[data-testid=summary-topics] tbody tr").first).to_be_visible(timeout=WAIT_MS)
    shot(page, "20-drill-summary")

    # The director's view: per user and topic, and who needs practice on what.
    _tap_and_load(page, ".logout button[type=submit]")
    log_in(page, console.base, "dir")
    page.locator("[data-testid=nav-more] summary").tap(timeout=WAIT_MS)  # the rarer pages sit under More
    _tap_and_load(page, "[data-testid=nav-drill-results]")
    expect(page.locator("h1")).to_contain_text("Drill results", timeout=WAIT_MS)
    expect(page.locator("[data-testid=practice-threshold]")).to_contain_text("below 70%", timeout=WAIT_MS)
    expect(page.locator("[data-testid=results-dana]")).to_contain_text("50%", timeout=WAIT_MS)
    expect(page.locator("[data-testid=practice-dana]")).not_to_contain_text("nothing below the mark",
                                                                           timeout=WAIT_MS)
    shot(page, "20-drill-results")
