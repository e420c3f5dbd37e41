"""Replay speed: PokerKit against floorman on the same real hands, in one process and as whole processes.

    python benchmarks/replay.py [PATH] [--rounds N] [--limit N] [--injected N]

PATH is a PHH sample folder (default: ``../shared/phh-sample`` beside the repository). The ways
through the hands below are timed in one process, round after round in turn, and each one's
best round is reported. The ratios are of CPU time (``time.process_time``), which other work on
the machine disturbs less than wall-clock time; both are printed. The one engine rules on every
hand: there is no shortcut for a clean one.

- ``pokerkit``: PokerKit's ``HandHistory.loads`` (``loads_all`` for ``.phhs``) and every state
  to the final one (PHH text -> final state);
- ``floor``: what any PHH reader must do at least: ``tomllib`` parses the text and every action
  string is split into words;
- ``floorman-phh``: floorman from PHH text to the ruling, the audit's own path
  (``formats.files.read_hands``, then ``hand.rule``);
- ``floorman-jsonl``: floorman from a hand-log JSONL line to the ruling, the audit's own path
  (``handlog.loads``, then ``hand.rule``); the lines are made from the same hands before timing;
- ``injected``: the same path on hands with an irregularity put in by the drill
  (``drill.generate.make_scenarios`` on the sample's hands, made before timing): every one of them
  is flagged, and is the reason an audit is run;
- ``json.loads``: the standard library's JSON parser alone on the sample's lines, for reference;
- ``msgspec``: the hand-log reader's typed decoding alone (``formats.document.DECODER``) on
  the same lines: the bound the JSONL path approaches.

Then whole processes, each timed by its CPU time (user + system, start-up included), best of
the rounds: PokerKit replaying the sample's PHH files, ``floorman audit`` on the same folder
(PHH), and ``floorman audit`` on the sample's hands as one JSONL file and on the injected
hands (repeated to as many hands as the sample, so that start-up weighs the same) as another.

The first lines say which build of the core ran (compiled with mypyc, the default wherever a C
compiler is found, or pure Python; see the README's "Speed" section).

Before timing, floorman's PHH reader is checked against ``tomllib`` on every file (the run stops at
the first difference).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import tomllib
import warnings
from collections.abc import Callable
from contextlib import suppress
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path

import msgspec
import pokerkit

import floorman
from floorman.drill.generate import make_scenarios
from floorman.drill.hands import load_hands
from floorman.engine.hand import rule
from floorman.formats import handlog, phh_toml
from floorman.formats.document import DECODER
from floorman.formats.files import HandFormat, HandText, read_hands

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
    decode = DECODER.decode
    for line in lines:
        with suppress(msgspec.DecodeError):  # a line left to the reader's full route costs what it cost
            decode(line)
    return len(lines)


def run_json_floor(lines: list[bytes]) -> int:
    for line in lines:
        json.loads(line)
    return len(lines)


def core_build() -> str:
    """Which build of the core is running: compiled with mypyc, or pure Python."""
    import floorman.engine.hand

    compiled = not floorman.engine.hand.__file__.endswith(".py")
    return "compiled with mypyc" if compiled else "pure Python"


def to_jsonl(sample: list[tuple[Path, str]]) -> list[bytes]:
    lines: list[bytes] = []
    for path, text in sample:
        item = HandText(format=HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH,
                        text=text.encode("utf-8"))
        for read in read_hands(item, source=str(path)):
            assert read.log is not None
            lines.append(handlog.dumps(read.log).encode("utf-8"))
    return lines


def injected_lines(root: Path, count: int) -> list[bytes]:
    """``count`` of the sample's hands with an irregularity put in by the drill, as JSONL lines (all flagged)."""
    hands = load_hands(root, limit=count, seed=1)
    scenarios = make_scenarios(hands, seed=1, count=count)
    lines = [handlog.dumps(s.log).encode("utf-8") for s in scenarios]
    assert all(rule(handlog.loads(line)).findings for line in lines)
    return lines


_POKERKIT_PROCESS = """
import sys, warnings
from pathlib import Path
import pokerkit
warnings.simplefilter("ignore")
for name in Path(sys.argv[1]).read_text().splitlines():
    path = Path(name)
    text = path.read_text(encoding="utf-8")
    try:
        histories = list(pokerkit.HandHistory.loads_all(text)) if path.suffix == ".phhs" else [
            pokerkit.HandHistory.loads(text)]
        for history in histories:
            for _state in history:
                pass
    except Exception:
        pass
"""


def process_cpu(command: list[str]) -> float:
    """The CPU time (user + system) a whole process takes, start-up included.

    It must succeed: status 0, or 1 (``floorman audit`` flagged a hand).
    """
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as proc:
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode})")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="only the first N files")
    parser.add_argument("--injected", type=int, default=2000, help="how many hands with an irregularity")
    args = parser.parse_args()
    if not any(args.path.glob("**/*.phh*")):
        parser.error(f"no PHH files under {args.path}: name the PHH sample's folder")
    warnings.simplefilter("ignore")  # PokerKit warns about PHH fields it does not know
    sample = load_sample(args.path, args.limit)
    check_reader(sample)
    lines = to_jsonl(sample)
    injected = injected_lines(args.path, args.injected)
    print(f"{len(sample):,} files, {len(lines):,} hands from {args.path}; the PHH reader agrees with tomllib "
          f"on every file; {len(injected):,} hands with an irregularity put in by the drill; {args.rounds} "
          "interleaved rounds, best round shown")
    print(f"floorman {floorman.__version__}, core {core_build()}; PokerKit {version('pokerkit')}; "
          f"Python {platform.python_version()}")
    runs: dict[str, Callable[[], int]] = {
        "pokerkit": lambda: run_pokerkit(sample),
        "floor": lambda: run_floor(sample),
        "floorman-phh": lambda: run_floorman_phh(sample),
        "floorman-jsonl": lambda: run_floorman_jsonl(lines),
        "injected": lambda: run_floorman_jsonl(injected),
        "json.loads": lambda: run_json_floor(lines),
        "msgspec": lambda: run_msgspec(lines),
    }
    best: dict[str, float] = {}
    wall: dict[str, float] = {}
    hands: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = Path(tmp) / "files.txt"
        files.write_text("\n".join(str(p) for p, _ in sample))
        jsonl, flagged = Path(tmp) / "sample.jsonl", Path(tmp) / "injected.jsonl"
        jsonl.write_bytes(b"\n".join(lines) + b"\n")
        repeat = max(len(lines) // max(len(injected), 1), 1)  # as many hands as the sample: start-up weighs the same
        flagged.write_bytes(b"\n".join(injected * repeat) + b"\n")
        floorman_cli = [str(Path(sys.executable).parent / "floorman"), "audit", "--no-progress", "--json", os.devnull]
        processes: dict[str, list[str]] = {
            "pokerkit process": [sys.executable, "-c", _POKERKIT_PROCESS, str(files)],
            "audit PHH": [*floorman_cli, *([str(args.path)] if args.limit is None else [str(p) for p, _ in sample])],
            "audit JSONL": [*floorman_cli, str(jsonl)],
            "audit injected": [*floorman_cli, str(flagged)],
        }
        cpu: dict[str, float] = {}
        for _ in range(args.rounds):
            for name, run in runs.items():
                gc.collect()
                start, cpu_start = time.perf_counter(), time.process_time()
                hands[name] = run()
                seconds, wall_seconds = time.process_time() - cpu_start, time.perf_counter() - start
                best[name] = min(best.get(name, seconds), seconds)
                wall[name] = min(wall.get(name, wall_seconds), wall_seconds)
            for name, command in processes.items():
                cpu[name] = min(cpu.get(name, float("inf")), process_cpu(command))
    rate = {name: hands[name] / best[name] for name in runs}
    print()
    print("in one process: hands per second of CPU time (the ratios below use these), and of wall-clock time:")
    print(f"{'path':<16} {'hands':>7} {'CPU s':>7} {'hands/s':>9} {'wall s':>7} {'hands/s':>9}")
    for name in runs:
        print(f"{name:<16} {hands[name]:>7,} {best[name]:>7.2f} {rate[name]:>9,.0f} {wall[name]:>7.2f} "
              f"{hands[name] / wall[name]:>9,.0f}")
    print()
    print("whole processes: CPU seconds (start-up included) and hands per CPU second:")
    counts = {"pokerkit process": len(lines), "audit PHH": len(lines), "audit JSONL": len(lines),
              "audit injected": len(injected) * repeat}
    prate = {name: counts[name] / cpu[name] for name in processes}
    for name in processes:
        print(f"{name:<16} {counts[name]:>7,} {cpu[name]:>7.2f} {prate[name]:>9,.0f}")
    pk, ppk = rate["pokerkit"], prate["pokerkit process"]
    print()
    print("against PokerKit                          in-process   whole process   goal")
    print(f"PHH text -> ruling                        {rate['floorman-phh'] / pk:8.2f}x   "
          f"{prate['audit PHH'] / ppk:10.2f}x      at least 5x (aim 10x)")
    print(f"JSONL -> ruling                           {rate['floorman-jsonl'] / pk:8.2f}x   "
          f"{prate['audit JSONL'] / ppk:10.2f}x      at least 15x (aim 100x)")
    print(f"hands with an irregularity (JSONL)        {rate['injected'] / pk:8.2f}x   "
          f"{prate['audit injected'] / ppk:10.2f}x      at least 5x")
    print(f"  json.loads alone                        {rate['json.loads'] / pk:8.2f}x")
    print(f"  the reader's msgspec decoding alone     {rate['msgspec'] / pk:8.2f}x")
    print(f"floorman PHH time / floor time (tomllib + split): {best['floorman-phh'] / best['floor']:5.2f}")
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
