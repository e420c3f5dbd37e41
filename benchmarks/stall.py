"""How long one heavy request holds up everyone else on the floor console.

    python benchmarks/stall.py [--incidents 1000] [--probe-ms 20] [--json FILE]

Starts ``floorman serve`` on a free loopback port over a fresh database (a director's account and
``--incidents`` entries in the incident log), then, one at a time, sends the heaviest requests a client
may send: a compare and a ruling on logs full of ``floor`` events (each one a ruling in the answer),
the longest log the console accepts, an incident whose log calls the floor tens of thousands of times,
and text searches over the whole incident log. Meanwhile a probe asks for something cheap
(``GET /api/rulebooks``) every ``--probe-ms`` on a connection of its own; the stall a heavy request
causes is the slowest probe answered while it ran, less the probe's usual time (its median while
nothing heavy runs).

Prints, for each heavy request, its size, its status, how long it took, how many bytes it answered, and
the stall; then the worst stall. The server is stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import EXAMPLES, Target, _request, local_console, log_in

HEAVY_TIMEOUT = 300.0


@dataclass
class Heavy:
    name: str
    method: str
    path: str
    body: bytes | None


def _log(extra: list[dict[str, object]]) -> dict[str, object]:
    log: dict[str, object] = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))
    events = list(log["events"])  # type: ignore[call-overload]
    return {**log, "events": [*events[:-1], *extra, events[-1]]}


def _floors(n: int) -> list[dict[str, object]]:
    return [{"type": "floor"}] * n


def heavy_requests() -> list[Heavy]:
    floors_86k = json.dumps(_log(_floors(5_000))).encode()
    floors_1m = json.dumps(_log(_floors(55_000))).encode()
    checks = [{"type": "act", "seat": 2 + n % 2 * 4, "action": "check"} for n in range(4_900)]
    longest = json.dumps(_log([*checks, *_floors(19)])).encode()
    incident = json.dumps({"log": _log(_floors(50_000)), "note": "stall"}).encode()
    return [
        Heavy(f"compare, {len(floors_86k) // 1024} KB of floor events", "POST", "/api/compare", floors_86k),
        Heavy(f"rule, {len(floors_1m) // 1024} KB of floor events", "POST", "/api/rule", floors_1m),
        Heavy(f"compare, {len(longest) // 1024} KB: 4,900 actions and 20 floor calls", "POST", "/api/compare",
              longest),
        Heavy(f"incident, {len(incident) // 1024} KB: 50,000 floor events", "POST", "/api/incidents", incident),
        Heavy("search of the incident log for 'Lan'", "GET", "/api/incidents?q=Lan&limit=1000", None),
        Heavy("search of the incident log, three words", "GET", "/api/incidents?q=stall+seed+12&all=1&limit=1000",
              None),
    ]


class Probe:
    """Asks for the rulebooks every ``interval`` seconds; keeps (start, latency) of each answer."""

    def __init__(self, target: Target, interval: float) -> None:
        self.target = target
        self.interval = interval
        self.samples: list[tuple[float, float]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        conn = http.client.HTTPConnection(self.target.host, self.target.port, timeout=HEAVY_TIMEOUT)
        while not self.stop.is_set():
            start = time.monotonic()
            try:
                status, _, _ = _request(self.target, "GET", "/api/rulebooks", conn=conn)
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(self.target.host, self.target.port, timeout=HEAVY_TIMEOUT)
                continue
            end = time.monotonic()
            if status == 200:
                self.samples.append((start, end - start))
            self.stop.wait(max(0.0, self.interval - (end - start)))
        conn.close()

    def worst_between(self, start: float, end: float) -> float:
        """The slowest probe that was in flight at any time between ``start`` and ``end``."""
        return max((lat for t, lat in self.samples if t <= end and t + lat >= start), default=0.0)


def _seed(target: Target, incidents: int) -> None:
    conn = http.client.HTTPConnection(target.host, target.port, timeout=HEAVY_TIMEOUT)
    log = json.loads((EXAMPLES / "four-card-flop.json").read_text(encoding="utf-8"))
    for n in range(incidents):
        body = json.dumps({"log": log, "note": f"stall seed {n}"}).encode()
        status, data, _ = _request(target, "POST", "/api/incidents", body, conn=conn)
        if status != 201:
            raise SystemExit(f"stall: cannot record an incident: {status} {data[:200]!r}")
    conn.close()


def measure(target: Target, probe: Probe, heavy: Heavy, say: Callable[[str], None]) -> dict[str, object]:
    conn = http.client.HTTPConnection(target.host, target.port, timeout=HEAVY_TIMEOUT)
    time.sleep(0.5)
    start = time.monotonic()
    try:
        status, data, _ = _request(target, heavy.method, heavy.path, heavy.body, conn=conn)
    finally:
        conn.close()
    end = time.monotonic()
    time.sleep(0.3)
    quiet = [lat for t, lat in probe.samples if t + lat < start - 0.1 or t > end + 0.1]
    usual = statistics.median(quiet) if quiet else 0.0
    stall = max(0.0, probe.worst_between(start, end) - usual)
    row = {"request": heavy.name, "sent_bytes": len(heavy.body or b""), "status": status,
           "seconds": round(end - start, 3), "answer_bytes": len(data), "stall_seconds": round(stall, 3)}
    say(f"{heavy.name:<58} {status}  {end - start:7.2f} s  answer {len(data):>11,} B  stall {stall:7.3f} s")
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--incidents", type=int, default=1000)
    parser.add_argument("--probe-ms", type=float, default=20.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="floorman-stall-") as folder, \
            local_console(Path(folder)) as (target, user, password, _):
        target, _csrf = log_in(target, user, password)
        _seed(target, args.incidents)
        probe = Probe(target, args.probe_ms / 1000)
        probe.thread.start()
        try:
            rows = [measure(target, probe, heavy, print) for heavy in heavy_requests()]
        finally:
            probe.stop.set()
            probe.thread.join(timeout=HEAVY_TIMEOUT)
    worst = max(rows, key=lambda r: float(r["stall_seconds"]))  # type: ignore[arg-type]
    print(f"worst stall: {worst['stall_seconds']} s, by {worst['request']} ({worst['sent_bytes']:,} bytes sent)")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "worst": worst}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
