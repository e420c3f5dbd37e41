"""Replay speed: PokerKit against floorman on the same real hands, in one process, interleaved rounds.

    python benchmarks/replay.py [PATH] [--rounds N] [--limit N]

PATH is a PHH sample folder (default: ``../shared/phh-sample`` beside the repository). Six
ways through the same hands are timed, round after round in turn, and each one's best round
is reported. The ratios are of CPU time (``time.process_time``), which other work on the machine
disturbs less than wall-clock time; both are printed.

- ``pokerkit``: PokerKit's ``HandHistory.loads`` (``loads_all`` for ``.phhs``) and every state
  to the final one (PHH text -> final state);
- ``floor``: what any PHH reader must do at least: ``tomllib`` parses the text and every action
  string is split into words;
- ``floorman-phh``: floorman from PHH text to the ruling, the audit's own path
  (``formats.files.read_hands``, then ``hand.rule``: the one engine on every hand);
- ``floorman-jsonl``: floorman from a hand-log JSONL line to the ruling, the audit's own path
  (``handlog.loads``, then ``hand.rule``); the lines are made from the same hands before timing;
- ``json.loads``: the standard library's JSON parser alone on the same lines, for reference;
- ``msgspec``: msgspec's JSON decoder alone on the same lines (to Python objects), for reference.

The first lines say which build of the core ran (Python, the default, or compiled with mypyc:
``FLOORMAN_COMPILE=1 pip install .``; see the README's "Speed" section).

Before timing, floorman's PHH reader is checked against ``tomllib`` on every file (the run stops at
the first difference).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import time
import tomllib
import warnings
from collections.abc import Callable
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path

import msgspec
import pokerkit

import floorman
from floorman.formats import handlog, phh_toml
from floorman.formats.files import HandFormat, HandText, read_hands
from floorman.hand import rule

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "phh-sample"


def load_sample(root: Path, limit: int | None) -> list[tuple[Path, str]]:
    files = sorted(p for p in root.rglob("*") if p.suffix in (".phh", ".phhs"))
    if limit is not None:
        files = files[:limit]
    return [(p, p.read_text(encoding="utf-8")) for p in files]


def check_reader(sample: list[tuple[Path, str]]) -> None:
    """floorman's PHH reader must read every file exactly as tomllib does."""
    for path, text in sample:
        mine, theirs = phh_toml.loads(text), tomllib.loads(text, parse_float=Decimal)
        if mine != theirs or repr(mine) != repr(theirs):
            raise SystemExit(f"the PHH reader and tomllib differ on {path}")


def run_pokerkit(sample: list[tuple[Path, str]]) -> int:
    hands = 0
    for path, text in sample:
        try:
            histories = list(pokerkit.HandHistory.loads_all(text)) if path.suffix == ".phhs" else [
                pokerkit.HandHistory.loads(text)]
            for history in histories:
                for _state in history:
                    pass
                hands += 1
        except Exception:  # a hand PokerKit cannot replay still costs what it cost
            hands += 1
    return hands


def run_floor(sample: list[tuple[Path, str]]) -> int:
    hands = 0
    for path, text in sample:
        doc = tomllib.loads(text)
        tables = list(doc.values()) if path.suffix == ".phhs" else [doc]
        for table in tables:
            for action in table["actions"]:
                action.split()
            hands += 1
    return hands


def run_floorman_phh(sample: list[tuple[Path, str]]) -> int:
    hands = 0
    for path, text in sample:
        item = HandText(format=HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH,
                        text=text.encode("utf-8"))
        for read in read_hands(item, source=str(path)):
            assert read.log is not None, read.error
            rule(read.log)
            hands += 1
    return hands


def run_floorman_jsonl(lines: list[bytes]) -> int:
    for line in lines:
        rule(handlog.loads(line))
    return len(lines)


def run_msgspec(lines: list[bytes]) -> int:
    decode = msgspec.json.decode
    for line in lines:
        decode(line)
    return len(lines)


def run_json_floor(lines: list[bytes]) -> int:
    for line in lines:
        json.loads(line)
    return len(lines)


def core_build() -> str:
    """Which build of the core is running: the mypyc-compiled one (FLOORMAN_COMPILE=1) or pure Python."""
    import floorman.hand

    compiled = not floorman.hand.__file__.endswith(".py")
    return "compiled with mypyc (FLOORMAN_COMPILE=1)" if compiled else "Python (the default build)"


def to_jsonl(sample: list[tuple[Path, str]]) -> list[bytes]:
    lines: list[bytes] = []
    for path, text in sample:
        item = HandText(format=HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH,
                        text=text.encode("utf-8"))
        for read in read_hands(item, source=str(path)):
            assert read.log is not None
            lines.append(handlog.dumps(read.log).encode("utf-8"))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="only the first N files")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit warns about PHH fields it does not know
    sample = load_sample(args.path, args.limit)
    check_reader(sample)
    lines = to_jsonl(sample)
    print(f"{len(sample):,} files, {len(lines):,} hands from {args.path}; the PHH reader agrees with tomllib "
          f"on every file; {args.rounds} interleaved rounds, best round shown")
    print(f"floorman {floorman.__version__}, core {core_build()}; PokerKit {version('pokerkit')}; "
          f"Python {platform.python_version()}")
    runs: dict[str, Callable[[], int]] = {
        "pokerkit": lambda: run_pokerkit(sample),
        "floor": lambda: run_floor(sample),
        "floorman-phh": lambda: run_floorman_phh(sample),
        "floorman-jsonl": lambda: run_floorman_jsonl(lines),
        "json.loads": lambda: run_json_floor(lines),
        "msgspec": lambda: run_msgspec(lines),
    }
    best: dict[str, float] = {}
    wall: dict[str, float] = {}
    hands: dict[str, int] = {}
    for _ in range(args.rounds):
        for name, run in runs.items():
            gc.collect()
            start, cpu = time.perf_counter(), time.process_time()
            hands[name] = run()
            seconds, wall_seconds = time.process_time() - cpu, time.perf_counter() - start
            best[name] = min(best.get(name, seconds), seconds)
            wall[name] = min(wall.get(name, wall_seconds), wall_seconds)
    rate = {name: hands[name] / best[name] for name in runs}
    print()
    print("hands per second of CPU time (the ratios below use these), and of wall-clock time:")
    print(f"{'path':<16} {'hands':>7} {'CPU s':>7} {'hands/s':>9} {'wall s':>7} {'hands/s':>9}")
    for name in runs:
        print(f"{name:<16} {hands[name]:>7,} {best[name]:>7.2f} {rate[name]:>9,.0f} {wall[name]:>7.2f} "
              f"{hands[name] / wall[name]:>9,.0f}")
    print()
    print(f"floorman PHH text -> ruling / PokerKit text -> final state: {rate['floorman-phh'] / rate['pokerkit']:5.2f}x"
          "  (goal: at least 8x)")
    print(f"floorman PHH time / floor time (tomllib + split):          {best['floorman-phh'] / best['floor']:5.2f}"
          "   (goal: at most 1.2)")
    print(f"floorman JSONL -> ruling / PokerKit:                       {rate['floorman-jsonl'] / rate['pokerkit']:5.2f}x"
          "  (goal: at least 100x)")
    print(f"  json.loads alone / PokerKit:                             {rate['json.loads'] / rate['pokerkit']:5.2f}x")
    print(f"  msgspec's decoding alone / PokerKit:                     {rate['msgspec'] / rate['pokerkit']:5.2f}x")
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
