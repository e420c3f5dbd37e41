"""Reader speed: floorman's JSON hand-log reader against plain JSON decoding, on the same lines.

    python benchmarks/reader.py [PATH] [--rounds N] [--limit N]

The lines are ``examples/hands.jsonl`` and the hands of a PHH sample folder (default:
``../shared/phh-sample`` beside the repository) converted to hand-log JSONL with floorman's own
writer before timing. Each line is timed through:

- ``json.loads``: the standard library's parser, to Python dicts and lists;
- ``msgspec-dict``: msgspec's decoder, to dicts and lists (no types);
- ``msgspec-typed``: msgspec's decoder into the hand log's types (``formats.document.DECODER``):
  the decoding the reader does first, and the least it can cost;
- ``floorman``: ``handlog.loads``, the reader itself: the typed decoding, the comparison of the
  text's structure with the document's that proves no field was given twice, and the checks
  against the log (seats, players, cards, amounts), to a ``HandLog``; a line the typed route
  leaves aside is read by the full route.

Rounds are interleaved and each path's best round is kept; times are CPU time
(``time.process_time``). The figures are ratios of hands per second within the run.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

from floorman.formats import handlog
from floorman.formats.document import DECODER
from floorman.formats.files import HandFormat, HandText, read_hands

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "phh-sample"


def phh_lines(folder: Path, limit: int | None) -> list[bytes]:
    """The hands of every .phh/.phhs file under ``folder`` as hand-log JSONL lines."""
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".phh", ".phhs"))[:limit]
    lines: list[bytes] = []
    for path in paths:
        item = HandText(format=HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH, text=path.read_bytes())
        for read in read_hands(item, source=str(path)):
            if read.log is not None:
                lines.append(handlog.dumps(read.log).encode("utf-8"))
    return lines


def decode_typed(line: bytes) -> object:
    """The typed decoding alone (a line it refuses, one with private fields say, costs what it cost)."""
    try:
        return DECODER.decode(line)
    except msgspec.DecodeError:
        return None


def timed(lines: list[bytes], rounds: int) -> dict[str, float]:
    """The best CPU seconds of each path over ``lines``."""
    decode_any = msgspec.json.decode
    runs: dict[str, Callable[[bytes], object]] = {
        "json.loads": json.loads,
        "msgspec-dict": decode_any,
        "msgspec-typed": decode_typed,
        "floorman": handlog.loads,
    }
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, run in runs.items():
            gc.collect()
            start = time.process_time()
            for line in lines:
                run(line)
            seconds = time.process_time() - start
            best[name] = min(best.get(name, seconds), seconds)
    return best


def report(title: str, lines: list[bytes], rounds: int) -> None:
    typed = sum(handlog._typed(line) is not None for line in lines)
    best = timed(lines, rounds)
    print(f"{title}: {len(lines):,} hands, {sum(map(len, lines)) / len(lines):,.0f} bytes a hand on average; "
          f"{typed:,} read by the typed route, {len(lines) - typed:,} by the full route")
    for name, seconds in best.items():
        print(f"  {name:<14} {seconds:7.3f} s  {len(lines) / seconds:>10,.0f} hands/s")
    print(f"  floorman / msgspec-dict time: {best['floorman'] / best['msgspec-dict']:5.2f}   "
          f"floorman / msgspec-typed: {best['floorman'] / best['msgspec-typed']:5.2f}   "
          f"json.loads / floorman: {best['json.loads'] / best['floorman']:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="only the first N PHH files")
    args = parser.parse_args()
    if not any(args.path.glob("**/*.phh*")):
        parser.error(f"no PHH files under {args.path}: name the PHH sample's folder")
    examples = (ROOT / "examples" / "hands.jsonl").read_bytes().splitlines()
    report("examples/hands.jsonl (x200)", [line for line in examples if line.strip()] * 200, args.rounds)
    report(f"PHH sample converted ({args.path})", phh_lines(args.path, args.limit), args.rounds)
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
