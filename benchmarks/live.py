"""The live API's latency: one event pushed, then the ruling as if the floor were called now.

    python benchmarks/live.py [--rounds N]

A dealer tablet logs a hand event by event and may show the ruling after each one. For every
hand log of the repository's examples (``examples/*.json`` and the lines of
``examples/hands.jsonl``), a ``Hand`` starts from the log's header, and each event is pushed
and followed by ``ruling()``; the time of that pair is taken every time, over ``--rounds``
passes over the examples, as wall-clock time (``time.perf_counter_ns``) and as the thread's CPU
time (``time.thread_time_ns``), which leaves out the time the thread waited for a core on a
shared machine. The goal: the 99th percentile under 50 microseconds. The first line says which
build of the core ran.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import time
from dataclasses import replace
from pathlib import Path

from floorman.engine.hand import Hand
from floorman.fold.log import HandLog
from floorman.formats import handlog

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example_logs() -> list[HandLog]:
    logs = [handlog.loads(p.read_bytes()) for p in sorted(EXAMPLES.glob("*.json"))]
    logs += [handlog.loads(line) for line in (EXAMPLES / "hands.jsonl").read_bytes().splitlines() if line.strip()]
    return logs


def timings(logs: list[HandLog]) -> tuple[list[int], list[int]]:
    """Nanoseconds of each push + ruling() over every event of every log: wall-clock, and the thread's CPU time."""
    wall: list[int] = []
    cpu: list[int] = []
    clock, thread = time.perf_counter_ns, time.thread_time_ns
    for log in logs:
        hand = Hand(replace(log, events=()))
        for event in log.events:
            start, start_cpu = clock(), thread()
            hand.push(event)
            hand.ruling()
            cpu.append(thread() - start_cpu)
            wall.append(clock() - start)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    import floorman.engine.hand

    build = "pure Python" if floorman.engine.hand.__file__.endswith(".py") else "compiled with mypyc"
    logs = example_logs()
    timings(logs)  # warm up
    wall: list[int] = []
    cpu: list[int] = []
    gc.collect()
    for _ in range(args.rounds):
        more_wall, more_cpu = timings(logs)
        wall += more_wall
        cpu += more_cpu
    print(f"core {build}; Python {platform.python_version()}; {len(logs)} example hands, "
          f"{len(wall) // args.rounds} events each round, {args.rounds} rounds")
    for name, samples in (("wall-clock", wall), ("thread CPU", cpu)):
        us = sorted(n / 1000 for n in samples)
        p50, p99 = us[len(us) // 2], us[min(len(us) - 1, int(len(us) * 0.99))]
        print(f"push + ruling(), {name} microseconds: median {p50:.1f}, mean {statistics.fmean(us):.1f}, "
              f"p99 {p99:.1f} (goal: under 50), max {us[-1]:.1f}")
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
