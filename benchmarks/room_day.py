"""Days of a card room as hand logs: real hands (the PHH sample), some with an irregularity put in by the drill,
dealt by named dealers at named tables, hour by hour, level by level. For the HTML report's benchmark and for
trying the report on a million hands; nothing here is kept in the repository.

    python benchmarks/room_day.py OUT.jsonl --hands 1000000 [--phh PATH] [--injected 0.03] [--seed 1]

Each line is a hand log (JSONL) with ``dealer``, ``table``, ``time`` and a level number. Dealers differ: some
make several times as many errors as others, and one gets better after a training day, as a room would hope.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from floorman.drill.generate import make_scenarios
from floorman.drill.hands import load_hands
from floorman.formats import handlog

DEFAULT_PHH = Path(__file__).resolve().parent.parent.parent / "shared" / "phh-sample"

DEALERS = 40
TABLES = 24
HOURS = (14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3)
"""The hours a room deals, from the afternoon into the night."""


def _objs(phh: Path, injected: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The sample's hands as hand-log objects, and ``injected`` of them with an irregularity put in."""
    hands = load_hands(phh)
    clean = [dict(h.obj()) for h in hands]
    scenarios = make_scenarios(hands, seed=seed, count=injected) if injected else ()
    flagged = [handlog.to_obj(s.log) for s in scenarios]
    return clean, flagged


def _parts(obj: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A hand log as its level and the JSON text of the rest, written once (the meta keys taken out)."""
    plain = json.loads(handlog.dumps(handlog.from_obj(obj)))
    level = plain.pop("level")
    for key in ("hand", "dealer", "table", "time"):
        plain.pop(key, None)
    return level, json.dumps(plain, ensure_ascii=False, separators=(",", ":"))[1:]


def room_lines(count: int, *, phh: Path = DEFAULT_PHH, injected: float = 0.03, seed: int = 1,
               distinct_injected: int = 2000) -> Iterator[str]:
    """``count`` JSONL lines: the sample's hands over and over, about ``injected`` of them flagged."""
    rng = random.Random(seed)
    clean, flagged = _objs(phh, min(distinct_injected, max(int(count * injected), 1)) if injected else 0, seed)
    clean_parts = [_parts(o) for o in clean]
    flagged_parts = [_parts(o) for o in flagged]
    skill = [rng.choice((0.3, 0.6, 1.0, 1.0, 1.5, 3.0)) for _ in range(DEALERS)]
    per_day = max(count // 3, 1)  # three days
    for i in range(count):
        day, within = divmod(i, per_day)
        hour = HOURS[min(within * len(HOURS) // per_day, len(HOURS) - 1)]
        date = f"2026-11-{27 + day + (1 if hour < 12 else 0):02d}"
        dealer = rng.randrange(DEALERS)
        odds = injected * skill[dealer] * (0.4 if dealer == 7 and day >= 1 else 1.0)
        pool = flagged_parts if flagged_parts and rng.random() < odds else clean_parts
        level, rest = pool[rng.randrange(len(pool))]
        level = {**level, "number": 1 + within * 20 // per_day}
        head = {"hand": f"{date}-{i:07d}", "dealer": f"D-{dealer + 1:02d}",
                "table": f"T-{rng.randrange(TABLES) + 1:02d}",
                "time": f"{date}T{hour:02d}:{rng.randrange(60):02d}:00", "level": level}
        yield json.dumps(head, separators=(",", ":"))[:-1] + "," + rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--phh", type=Path, default=DEFAULT_PHH)
    parser.add_argument("--injected", type=float, default=0.03, help="share of hands with an irregularity put in")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    with args.out.open("w", encoding="utf-8") as fp:
        for n, line in enumerate(room_lines(args.hands, phh=args.phh, injected=args.injected, seed=args.seed), 1):
            fp.write(line + "\n")
            if n % 100_000 == 0:
                print(f"{n:,} hands ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    print(f"{args.hands:,} hands in {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
