"""The audit's HTML report: what ``--html`` costs the audit, and how big the report is and how fast it opens.

    python benchmarks/audit_html.py [--hands N] [--input FILE.jsonl] [--rounds N] [--jobs N] [--no-browser]

- Speed: ``floorman audit FILE`` and ``floorman audit FILE --html REPORT.html`` on the same hands, in
  interleaved rounds, as the CPU time of the whole process (workers included) and as wall time; the
  best round of each, and their ratio (the goal: within 1.2x).
- The report: its size, and in headless Chromium (Debian's, through Playwright) the time from opening
  the file to the page drawn (every chart and table), then to a flagged hand's ruling shown (its block
  of details unpacked).

The hands are a card room's days (``benchmarks/room_day.py``: the PHH sample's real hands over and
over, about 3% with an irregularity put in by the drill, with dealers, tables, times and levels),
written to a temporary file unless ``--input`` names one.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from room_day import DEFAULT_PHH, room_lines

CLI = "from floorman.cli import main; main()"


def run(args: list[str]) -> tuple[float, float]:
    """CPU seconds (the process and its workers) and wall seconds of one ``floorman`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CLI, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"floorman {' '.join(args)} failed:\n{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def open_times(report: Path) -> tuple[float, float]:
    """Seconds from opening the report to the page drawn, and from a click to a flagged hand's ruling shown."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        page.set_default_timeout(120_000)
        started = time.perf_counter()
        page.goto(report.as_uri())
        page.wait_for_function("window.floormanReady === true")
        drawn = time.perf_counter() - started
        page.locator("table.figures[data-dim=dealer] button.link").first.click()
        started = time.perf_counter()
        page.locator("button.hand-link").last.click()
        page.locator(".detail[data-ready=yes]").wait_for()
        hand = time.perf_counter() - started
        browser.close()
    return drawn, hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--input", type=Path, help="a .jsonl file of hands to audit (instead of making one)")
    parser.add_argument("--phh", type=Path, default=DEFAULT_PHH)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--no-browser", action="store_true", help="measure the audit only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        source = args.input
        if source is None:
            source = Path(tmp) / "room.jsonl"
            with source.open("w", encoding="utf-8") as fp:
                for line in room_lines(args.hands, phh=args.phh):
                    fp.write(line + "\n")
        report = Path(tmp) / "report.html"
        hands = sum(1 for _ in source.open("rb"))
        print(f"{hands:,} hands in {source} ({source.stat().st_size / 1e6:.1f} MB), --jobs {args.jobs}, "
              f"{args.rounds} rounds, load average {os.getloadavg()[0]:.1f}")
        plain_args = ["audit", str(source), "--jobs", str(args.jobs), "--no-progress"]
        html_args = [*plain_args, "--html", str(report)]
        plain: list[tuple[float, float]] = []
        html: list[tuple[float, float]] = []
        for n in range(args.rounds):
            plain.append(run(plain_args))
            html.append(run(html_args))
            print(f"round {n + 1}: without --html {plain[-1][0]:.2f} s CPU ({plain[-1][1]:.2f} s wall), "
                  f"with --html {html[-1][0]:.2f} s CPU ({html[-1][1]:.2f} s wall)")
        cpu_ratio = min(c for c, _ in html) / min(c for c, _ in plain)
        wall_ratio = min(w for _, w in html) / min(w for _, w in plain)
        print(f"--html costs the audit {cpu_ratio:.3f}x its CPU time, {wall_ratio:.3f}x its wall time "
              f"(best rounds; goal: within 1.2x)")
        print(f"report: {report.stat().st_size / 1e6:.2f} MB")
        if not args.no_browser:
            drawn, hand = open_times(report)
            print(f"opened in Chromium: drawn in {drawn:.2f} s; a flagged hand's ruling shown {hand:.2f} s "
                  "after the click")


if __name__ == "__main__":
    main()
