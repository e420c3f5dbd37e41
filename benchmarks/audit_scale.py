"""Audit scale-out and memory: ``--jobs 2`` against one job, and peak memory over 10,000 and 100,000 hands.

    python benchmarks/audit_scale.py [PATH] [--rounds N]

PATH is a PHH sample folder (default: ``../shared/phh-sample`` beside the repository).

- Speed: the audit of PATH with one job and with two worker processes, in interleaved rounds
  (best round of each), as hands per second and their ratio.
- The machine: the same busy loop in one process and in two at once, whose ratio is the most that
  two workers can gain here and now (other work on the machine takes its share of the cores).
- Memory: the peak resident memory of a fresh process that audits PATH once, and of one that
  audits PATH ten times over (the sample repeated: 100,000 hands for the 10,096-hand sample),
  both with one job, and their ratio. An audit that streams keeps the two close.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from multiprocessing import get_context
from pathlib import Path

from floorman.audit import Tally, audit_chunks

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "phh-sample"

_CHILD = """
import resource, sys
from floorman.audit import Tally, audit_chunks
tally = Tally()
for report in audit_chunks([sys.argv[1]] * int(sys.argv[2])):
    tally.add_report(report)
print(tally.summary().hands, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def parallel_headroom(n: int = 5_000_000) -> float:
    """How much faster two processes do two loops than one process does one after the other."""
    start = time.perf_counter()
    _busy(n)
    _busy(n)
    alone = time.perf_counter() - start
    with get_context("fork" if sys.platform == "linux" else "spawn").Pool(2) as pool:
        start = time.perf_counter()
        pool.map(_busy, [n, n])
        together = time.perf_counter() - start
    return alone / together


def timed_audit(path: Path, jobs: int) -> tuple[int, float]:
    tally = Tally()
    start = time.perf_counter()
    for report in audit_chunks([path], jobs=jobs):
        tally.add_report(report)
    return tally.summary().hands, time.perf_counter() - start


def peak_memory(path: Path, times: int) -> tuple[int, int]:
    """(hands audited, peak resident memory in KiB) of a fresh process auditing ``path`` ``times`` times."""
    out = subprocess.run([sys.executable, "-c", _CHILD, str(path), str(times)], check=True, capture_output=True,
                         text=True).stdout.split()
    return int(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    best: dict[int, float] = {}
    hands = 0
    headroom = 0.0
    for _ in range(args.rounds):
        headroom = max(headroom, parallel_headroom())
        for jobs in (1, 2):
            hands, seconds = timed_audit(args.path, jobs)
            best[jobs] = min(best.get(jobs, seconds), seconds)
    print(f"audit of {hands:,} hands in {args.path}, {args.rounds} interleaved rounds, best round shown")
    for jobs in (1, 2):
        print(f"  --jobs {jobs}: {best[jobs]:6.2f} s  {hands / best[jobs]:8,.0f} hands/s")
    print(f"  --jobs 2 / --jobs 1: {best[1] / best[2]:.2f}x  (goal: at least 1.7x); two busy loops in two processes: "
          f"{headroom:.2f}x (the most two workers can gain on this machine now)")
    small_hands, small = peak_memory(args.path, 1)
    large_hands, large = peak_memory(args.path, 10)
    print(f"peak memory: {small_hands:,} hands {small / 1024:6.1f} MiB; {large_hands:,} hands {large / 1024:6.1f} MiB;"
          f" ratio {large / small:.2f}  (goal: at most 1.2)")
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
