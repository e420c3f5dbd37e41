"""The quick screen's kernel in C, built with AddressSanitizer and UndefinedBehaviorSanitizer, on mangled lines.

The kernel reads untrusted text in C: no input may make it read or write out of bounds, overflow a
signed integer or take a line the engine rules on otherwise. This script builds the kernel with
``-fsanitize=address,undefined`` (gcc), runs itself again with the sanitizer's runtime preloaded,
puts that build in place of the screen's kernel and feeds it lines made from the repository's hand
logs: cut short, spliced, bytes replaced, inserted and deleted, numbers and keys changed. Every line
the kernel takes must be read by the full reader, found clean by the engine and ruled alike; so
must every log the reader makes of them that the kernel's ``follow_log`` takes. A
sanitizer report or a disagreement stops the run (exit status 1) and prints the line. Run by hand:

    python fuzz/fuzz_kernel.py --seconds 300
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "floorman" / "formats" / "_screen_kernel.c"
_FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
          "-shared", "-fPIC"]
_ALPHABET = b' {}[]:,"0123456789.-eE\\tfnulrasy_\n\x00\xc3\xa9\xed\xa0\xff'


def build(into: Path) -> Path:
    target = into / ("_screen_kernel" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    include = sysconfig.get_paths()["include"]
    subprocess.run(["gcc", *_FLAGS, f"-I{include}", str(SOURCE), "-o", str(target)], check=True)
    return target


def runtime() -> str:
    return subprocess.run(["gcc", "-print-file-name=libasan.so"], check=True, capture_output=True,
                          text=True).stdout.strip()


def seed_lines() -> list[bytes]:
    lines = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*.json"))]
    lines += [line for line in (ROOT / "examples" / "hands.jsonl").read_bytes().splitlines() if line.strip()]
    lines += [p.read_bytes() for p in sorted((ROOT / "tests" / "bad").glob("*.json"))]
    from floorman.formats import handlog
    from floorman.formats.files import HandFormat, HandText, read_hands

    for path in sorted((ROOT / "tests" / "data" / "phh").rglob("*.phh*")):
        fmt = HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH
        for read in read_hands(HandText(format=fmt, text=path.read_bytes()), source=str(path)):
            if read.log is not None:
                lines.append(handlog.dumps(read.log).encode())
    return lines


def mangle(rng: random.Random, lines: list[bytes]) -> bytes:
    data = bytearray(rng.choice(lines))
    what = rng.randrange(6)
    if what == 0:  # cut short
        return bytes(data[:rng.randrange(len(data) + 1)])
    if what == 1:  # two lines spliced
        other = rng.choice(lines)
        return bytes(data[:rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1):])
    if what == 2:  # a number made long, negative, fractional or exponent
        digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
        if digits:
            at = rng.choice(digits)
            data[at:at + 1] = rng.choice([b"9" * rng.randrange(1, 30), b"-1", b"0.0005", b"1e3", b"1.", b"00"])
        return bytes(data)
    if what == 3:  # a JSON object given back in another spacing and order
        try:
            obj = json.loads(data)
        except (ValueError, RecursionError):
            return bytes(data)
        if isinstance(obj, dict):
            items = list(obj.items())
            rng.shuffle(items)
            text = json.dumps(dict(items), indent=rng.choice([None, 0, 2]), ensure_ascii=rng.random() < 0.5)
            return text.encode("utf-8", "surrogatepass")  # (a lone surrogate escape, read back, stays one)
        return bytes(data)
    for _ in range(rng.choice((1, 2, 4, 8))):  # bytes replaced, inserted, deleted
        at = rng.randrange(len(data) + 1)
        op = rng.randrange(3)
        if op == 0 and at < len(data):
            data[at] = rng.choice(_ALPHABET)
        elif op == 1:
            data.insert(at, rng.choice(_ALPHABET))
        elif at < len(data):
            del data[at]
    return bytes(data)


def check(line: bytes) -> bool:
    """Whether the kernel took the line; AssertionError if the reader or the engine disagrees."""
    import floorman
    from floorman.errors import FloormanError
    from floorman.formats import _screen_c, handlog, screen

    facts = _screen_c.scan(line)
    ruling = None if facts is None else screen._ruling_of_facts(facts, None)
    try:
        log = handlog.loads(line)
    except FloormanError as err:
        if ruling is not None:
            raise AssertionError(f"the kernel took a line the reader refuses ({err})") from None
        return False
    from_log = screen.screen_log(log)  # the kernel's follow_log, on the log the reader made
    if ruling is None and from_log is None:
        return False
    result = floorman.rule(log)
    if result.findings or any(r is not None and r is not result.ruling for r in (ruling, from_log)):
        raise AssertionError("the kernel and the engine disagree")
    return ruling is not None


def fuzz(seconds: float, seed: int) -> int:
    from floorman.formats import _screen_c

    with tempfile.TemporaryDirectory() as tmp:
        path = build(Path(tmp))
        spec = importlib.util.spec_from_file_location("_screen_kernel", path)
        assert spec is not None and spec.loader is not None
        kernel = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(kernel)
        _screen_c.configure_kernel(kernel.configure)
        _screen_c.SCAN, _screen_c.FOLLOW_LOG = kernel.scan, kernel.follow_log  # (read at each call)
        lines = seed_lines()
        rng = random.Random(seed)
        start = time.monotonic()
        runs = taken = 0
        while time.monotonic() - start < seconds:
            line = mangle(rng, lines)
            try:
                taken += check(line)
            except AssertionError as err:
                print(f"{err}: {line!r}", file=sys.stderr)
                return 1
            runs += 1
            if runs % 20000 == 0:
                print(f"{runs:,} lines, {taken:,} taken, {time.monotonic() - start:.0f} s", flush=True)
        print(f"done: {runs:,} lines, {taken:,} taken by the sanitized kernel, no report, no disagreement")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):  # the sanitizer's runtime must load first
        env = dict(os.environ, LD_PRELOAD=runtime(), ASAN_OPTIONS="detect_leaks=0",
                   UBSAN_OPTIONS="print_stacktrace=1")
        return subprocess.run([sys.executable, *sys.argv], env=env).returncode
    return fuzz(args.seconds, args.seed)


if __name__ == "__main__":
    sys.exit(main())
