"""Load on the floor console: mixed rulings and page views on loopback, for a bounded time.

    python benchmarks/load.py [--duration 120] [--rate 200] [--rule-share 0.5] [--clients 32]
                              [--incidents 500] [--json FILE] [--goal-p99-ms 50]
    python benchmarks/load.py --url http://127.0.0.1:8000 --user NAME --password-stdin ...

Without ``--url`` it starts ``floorman serve`` on a free loopback port over a fresh database in a
temporary folder (a director's account, a few hands, ``--incidents`` entries in the incident log,
so the pages have something to show), and stops it at the end whatever happens. With ``--url`` it
drives a console already running on this machine (loopback addresses only).

The load is open-loop: request *i* is due at ``start + i / rate``, whether or not the ones before it
have been answered; it goes out on the first of ``--clients`` connections that is free, and its
latency runs from the moment it was due to the last byte of the answer (so a stall shows up in the
figures instead of slowing the load down). ``--rule-share`` of the
requests are ``POST /api/rule`` with the bundled example logs in turn; the rest are page views
(the tables, the rules, one rule, the incident log, a live hand, the statistics). Any answer but
200, and any failed or timed-out request, is an error. The run stops by itself after
``--duration`` seconds (at most 600) plus the time to finish the requests in flight.

Prints throughput, latency percentiles (all requests and per kind) and errors; exit status 1 when
there was an error or p99 missed ``--goal-p99-ms``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import ipaddress
import json
import math
import os
import platform
import queue
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
MAX_DURATION = 600.0
REQUEST_TIMEOUT = 10.0
PAGES = ("/", "/rules", "/rules/FLOP-4CARD", "/incidents", "/hands/{hand}", "/stats")
_SERVE = "import sys; from floorman.cli.serve import serve_cmd; serve_cmd.main(sys.argv[1:])"


@dataclass(frozen=True)
class Target:
    host: str
    port: int
    cookie: str = ""
    csrf: str = ""
    hand_id: int = 1


@dataclass
class Sample:
    kind: str
    latency: float
    """Seconds from the moment the request was due to the end of its answer."""
    ok: bool
    detail: str = ""
    due: float = 0.0
    """When it was due, in seconds from the start of the measured run."""


@dataclass
class Plan:
    rate: float
    duration: float
    rule_share: float
    logs: list[bytes]

    def request(self, i: int, hand_id: int) -> tuple[str, str, str, bytes | None]:
        """Request *i*: its kind, method, path and body (a fixed interleaving, so runs compare)."""
        rules_before = math.floor(i * self.rule_share)
        if math.floor((i + 1) * self.rule_share) > rules_before:
            return "POST /api/rule", "POST", "/api/rule", self.logs[rules_before % len(self.logs)]
        page = PAGES[(i - rules_before) % len(PAGES)]
        return f"GET {page}", "GET", page.replace("{hand}", str(hand_id)), None


@dataclass
class Results:
    samples: list[Sample] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)


# -- a console to drive ---------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _request(target: Target, method: str, path: str, body: bytes | None = None,
             conn: http.client.HTTPConnection | None = None, csrf: str = "") -> tuple[int, bytes, dict[str, str]]:
    own = conn is None
    conn = conn or http.client.HTTPConnection(target.host, target.port, timeout=REQUEST_TIMEOUT)
    headers = {"Accept": "application/json" if path.startswith("/api/") else "text/html"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if target.cookie:
        headers["Cookie"] = target.cookie
    if csrf or target.csrf:
        headers["X-CSRF-Token"] = csrf or target.csrf
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, data, {k.lower(): v for k, v in response.getheaders()}
    finally:
        if own:
            conn.close()


def log_in(target: Target, user: str, password: str) -> tuple[Target, str]:
    status, data, headers = _request(target, "POST", "/api/session",
                                     json.dumps({"username": user, "password": password}).encode())
    if status != 200:
        raise SystemExit(f"load: cannot log in as {user!r}: {status} {data[:200]!r}")
    cookie = headers["set-cookie"].split(";", 1)[0]
    csrf = str(json.loads(data)["csrf_token"])
    return Target(target.host, target.port, cookie, csrf, target.hand_id), csrf


def _seed(target: Target, csrf: str, logs: list[bytes], incidents: int) -> int:
    """A few live hands and ``incidents`` entries in the log; the id of a hand to view."""
    hand_id = 1
    for n, raw in enumerate(logs[:4]):
        log = json.loads(raw)
        header = {**log, "table": f"{20 + n}", "events": [e for e in log["events"] if e["type"] == "post"]}
        status, data, _ = _request(target, "POST", "/api/hands", json.dumps({"header": header}).encode(), csrf=csrf)
        if status != 201:
            raise SystemExit(f"load: cannot start a hand: {status} {data[:200]!r}")
        hand_id = int(json.loads(data)["id"])
    conn = http.client.HTTPConnection(target.host, target.port, timeout=REQUEST_TIMEOUT)
    try:
        for n in range(incidents):
            body = json.dumps({"log": json.loads(logs[n % len(logs)]), "note": f"load seed {n}"}).encode()
            status, data, _ = _request(target, "POST", "/api/incidents", body, conn=conn, csrf=csrf)
            if status != 201:
                raise SystemExit(f"load: cannot record an incident: {status} {data[:200]!r}")
    finally:
        conn.close()
    return hand_id


@contextlib.contextmanager
def local_console(folder: Path, nice: int = 0) -> Iterator[tuple[Target, str, str, Path]]:
    """``floorman serve`` on a free loopback port over a new database: target, user, password, log file."""
    from floorman.storage import Accounts, PasswordHasher, Role, open_database

    user, password = "bench-director", secrets.token_urlsafe(16)
    db_path = folder / "console.db"
    db = open_database(db_path)
    db.migrate()
    with db.transaction() as conn:
        Accounts(conn, PasswordHasher()).add(user, password, Role.DIRECTOR, now="2026-06-01T12:00:00+00:00")
    port = _free_port()
    log = folder / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-c", _SERVE, "--host", "127.0.0.1", "--port", str(port),
                                    "--db", str(db_path)], stdout=out, stderr=subprocess.STDOUT,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                   preexec_fn=(lambda: os.nice(nice)) if nice else None)
    try:
        target = Target("127.0.0.1", port)
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise SystemExit(f"load: the console exited:\n{log.read_text(errors='replace')}")
            try:
                if _request(target, "GET", "/login")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("load: the console did not start within 30 s")
            time.sleep(0.1)
        yield target, user, password, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def loopback_target(url: str) -> Target:
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if parts.scheme != "http" or not loopback:
        raise SystemExit(f"load: {url}: only a console on this machine (http://127.0.0.1:PORT) is driven")
    return Target("127.0.0.1" if host == "localhost" else host, parts.port or 80)


# -- the load -------------------------------------------------------------------------------------

def _client(target: Target, plan: Plan, due_requests: queue.Queue[tuple[int, float] | None], measured_from: int,
            start: float, deadline: float, results: Results) -> None:
    """Take the next due request as soon as this connection is free, until the dispatcher says stop;
    the answers to requests from ``measured_from`` on are recorded (the ones before warm the console up)."""
    conn: http.client.HTTPConnection | None = None
    try:
        while time.perf_counter() < deadline:
            try:
                item = due_requests.get(timeout=max(0.01, deadline - time.perf_counter()))
            except queue.Empty:
                return
            if item is None:
                return
            i, due = item
            kind, method, path, body = plan.request(i, target.hand_id)
            if conn is None:
                conn = http.client.HTTPConnection(target.host, target.port, timeout=REQUEST_TIMEOUT)
            try:
                status, data, _ = _request(target, method, path, body, conn=conn)
                ok, detail = status == 200, "" if status == 200 else f"{status} {data[:120]!r}"
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                conn = None
                ok, detail = False, f"{type(exc).__name__}: {exc}"
            if i >= measured_from:
                results.add(Sample(kind=kind, latency=time.perf_counter() - due, ok=ok, detail=detail,
                                   due=due - start - measured_from / plan.rate))
    finally:
        if conn is not None:
            conn.close()


def run(target: Target, plan: Plan, clients: int, *, warmup: float) -> tuple[Results, float]:
    """Warm-up requests (not recorded), then the measured ones, on the same connections; the samples
    and the measured part's wall time. Each request goes out at its due time on whichever connection
    is free."""
    warm = int(warmup * plan.rate)
    total = int(plan.duration * plan.rate)
    results = Results()
    due_requests: queue.Queue[tuple[int, float] | None] = queue.Queue()
    start = time.perf_counter() + 0.05
    deadline = start + (warm + total) / plan.rate + 2 * REQUEST_TIMEOUT
    threads = [threading.Thread(target=_client, args=(target, plan, due_requests, warm, start, deadline, results),
                                daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for i in range(warm + total):
        due = start + i / plan.rate
        pause = due - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        due_requests.put((i, due))
    for _ in threads:
        due_requests.put(None)
    for thread in threads:
        thread.join(timeout=max(0.0, deadline + 5 - time.perf_counter()))
    return results, time.perf_counter() - (start + warm / plan.rate)


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of values sorted ascending."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), int(-(-q * len(sorted_values) // 100))))
    return sorted_values[rank - 1]


def _figures(latencies: list[float]) -> dict[str, float]:
    ms = sorted(x * 1000 for x in latencies)
    return {"p50_ms": round(percentile(ms, 50), 2), "p90_ms": round(percentile(ms, 90), 2),
            "p99_ms": round(percentile(ms, 99), 2), "max_ms": round(ms[-1], 2) if ms else 0.0}


def _slowest_seconds(samples: list[Sample], count: int = 5) -> list[dict[str, float]]:
    """The seconds of the run with the slowest answers: a stall shows as a few seconds apart from the rest."""
    worst: dict[int, float] = {}
    for s in samples:
        second = int(s.due)
        worst[second] = max(worst.get(second, 0.0), s.latency)
    ranked = sorted(worst.items(), key=lambda item: -item[1])[:count]
    return [{"second": float(second), "max_ms": round(latency * 1000, 1)} for second, latency in ranked]


def summary(results: Results, wall: float, plan: Plan, clients: int, load: tuple[float, float]) -> dict[str, object]:
    samples = results.samples
    figures = _figures
    kinds = sorted({s.kind for s in samples})
    errors = [s for s in samples if not s.ok]
    expected = int(plan.duration * plan.rate)
    return {
        "duration_s": plan.duration, "rate_per_s": plan.rate, "rule_share": plan.rule_share, "clients": clients,
        "requests": len(samples), "not_sent": expected - len(samples), "errors": len(errors) + expected - len(samples),
        "throughput_per_s": round(len(samples) / wall, 1) if wall else 0.0,
        **figures([s.latency for s in samples]),
        "kinds": {k: {"requests": sum(1 for s in samples if s.kind == k),
                      "errors": sum(1 for s in samples if s.kind == k and not s.ok),
                      **figures([s.latency for s in samples if s.kind == k])} for k in kinds},
        "first_errors": [f"{s.kind}: {s.detail}" for s in errors[:5]],
        "slowest_seconds": _slowest_seconds(samples),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "system": platform.platform(),
                    "load_average_before": load[0], "load_average_after": load[1], "nice": os.nice(0)},
    }


def report(figures: dict[str, object], goal_p99_ms: float) -> list[str]:
    kinds = figures["kinds"]
    assert isinstance(kinds, dict)
    lines = [
        f"floorman console under load: {figures['duration_s']:.0f} s at {figures['rate_per_s']:.0f} requests/s, "
        f"{figures['rule_share']:.0%} POST /api/rule and the rest page views, {figures['clients']} clients, loopback",
        f"requests {figures['requests']}   throughput {figures['throughput_per_s']}/s   errors {figures['errors']}",
        f"latency  p50 {figures['p50_ms']} ms   p90 {figures['p90_ms']} ms   p99 {figures['p99_ms']} ms   "
        f"max {figures['max_ms']} ms",
    ]
    for kind, row in kinds.items():
        lines.append(f"  {kind:<22} {row['requests']:>6}  errors {row['errors']:>3}   p50 {row['p50_ms']:>7} ms   "
                     f"p99 {row['p99_ms']:>7} ms   max {row['max_ms']:>7} ms")
    lines += [f"  error: {e}" for e in figures["first_errors"]]  # type: ignore[attr-defined]
    machine = figures["machine"]
    slowest = figures["slowest_seconds"]
    assert isinstance(machine, dict) and isinstance(slowest, list)
    lines.append("slowest seconds: " + ", ".join(f"{w['second']:.0f}s ({w['max_ms']} ms)" for w in slowest))
    lines.append(f"machine: {machine['cpus']} CPUs, Python {machine['python']}, load average "
                 f"{machine['load_average_before']:.2f} before and {machine['load_average_after']:.2f} after, "
                 f"niceness {machine['nice']}")
    met = figures["errors"] == 0 and float(figures["p99_ms"]) < goal_p99_ms  # type: ignore[arg-type]
    lines.append(f"goal (zero errors, p99 under {goal_p99_ms:g} ms): {'met' if met else 'MISSED'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--duration", type=float, default=120.0, help="Seconds of measured load (at most 600).")
    parser.add_argument("--rate", type=float, default=200.0, help="Requests per second.")
    parser.add_argument("--rule-share", type=float, default=0.5, help="Share of POST /api/rule (0 to 1).")
    parser.add_argument("--clients", type=int, default=32, help="Concurrent connections.")
    parser.add_argument("--warmup", type=float, default=2.0, help="Seconds of load before measuring.")
    parser.add_argument("--incidents", type=int, default=500, help="Entries in the incident log of a new console.")
    parser.add_argument("--url", help="A console already running on this machine.")
    parser.add_argument("--user", help="The account to log in with (with --url).")
    parser.add_argument("--password-stdin", action="store_true", help="Read the password from standard input.")
    parser.add_argument("--json", type=Path, help="Also write the figures to this file.")
    parser.add_argument("--goal-p99-ms", type=float, default=50.0, help="Exit 1 when p99 is not under this.")
    parser.add_argument("--nice", type=int, default=0,
                        help="Run the console and the load at this niceness (below 0: ahead of other jobs on a "
                             "shared machine; needs the right to raise priority).")
    args = parser.parse_args(argv)
    if not 0 < args.duration <= MAX_DURATION or not 0 < args.rate <= 2000 or not 0 <= args.rule_share <= 1:
        parser.error(f"--duration must be in (0, {MAX_DURATION:g}], --rate in (0, 2000], --rule-share in [0, 1]")
    if not 1 <= args.clients <= 256:
        parser.error("--clients must be from 1 to 256")
    if args.nice:
        os.nice(args.nice)
    logs = [p.read_bytes() for p in sorted(EXAMPLES.glob("*.json"))]
    plan = Plan(rate=args.rate, duration=args.duration, rule_share=args.rule_share, logs=logs)
    with contextlib.ExitStack() as stack:
        if args.url:
            if not args.user or not args.password_stdin:
                parser.error("--url needs --user and --password-stdin")
            target, user, password = loopback_target(args.url), args.user, sys.stdin.readline().rstrip("\r\n")
            server_log = None
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="floorman-load-")))
            target, user, password, server_log = stack.enter_context(local_console(folder, args.nice))
        target, csrf = log_in(target, user, password)
        hand_id = _seed(target, csrf, logs, args.incidents if server_log else 0) if server_log else 1
        target = Target(target.host, target.port, target.cookie, csrf, hand_id)
        load_before = os.getloadavg()[0]
        results, wall = run(target, plan, args.clients, warmup=args.warmup)
        load_after = os.getloadavg()[0]
    figures = summary(results, wall, plan, args.clients, (load_before, load_after))
    for line in report(figures, args.goal_p99_ms):
        print(line)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    met = figures["errors"] == 0 and float(figures["p99_ms"]) < args.goal_p99_ms  # type: ignore[arg-type]
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
