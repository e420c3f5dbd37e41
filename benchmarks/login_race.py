"""The login race on two console servers over one database: how many passwords are checked.

    python benchmarks/login_race.py [--burst 200]

Two consoles (``create_app``) over one new SQLite file, with the clock of their login limiters stopped
(the burst arrives at one instant, however long the checks take). First ``--burst`` logins with wrong
passwords for one account from one address, spread over both servers by 32 threads: prints how many
passwords were checked (scrypt runs) and how the attempts ended. Then ``--burst`` logins with the right
password from another address: prints how many got in. The account's password is hashed at the default
cost, as a real account's is, so that many checks are under way at once.
"""

from __future__ import annotations

import argparse
import inspect
import logging
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.web.app import create_app
from floorman.web.login_limiter import LoginLimiter
from floorman.web.problems import RateLimited
from floorman.web.routes.account_pages import log_in

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' scrypt counter
from tests.trust.scrypt_count import CountedScrypt

PASSWORD = "correct horse battery"


def _stopped_clocks(servers: list[Any]) -> None:
    for svc in servers:
        takes_db = "db" in inspect.signature(LoginLimiter).parameters  # the limiter of the store, or one in memory
        limiter = LoginLimiter(svc.db, clock=lambda: 1000.0) if takes_db else LoginLimiter(clock=lambda: 1000.0)
        object.__setattr__(svc, "login_limiter", limiter)


def _burst(servers: list[Any], address: str, password: str | None, count: int) -> dict[str, int]:
    start = threading.Barrier(32)

    def attempt(n: int) -> str:
        if n < 32:
            start.wait()
        try:
            opened = log_in(servers[n % len(servers)], address, "dir", password or f"guess {n}")
        except RateLimited:
            return "slowed"
        return "opened" if opened else "refused"

    with ThreadPoolExecutor(max_workers=32) as pool:
        outcomes = list(pool.map(attempt, range(count)))
    return {kind: outcomes.count(kind) for kind in sorted(set(outcomes))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burst", type=int, default=200)
    args = parser.parse_args(argv)
    logging.getLogger("floorman.web").setLevel(logging.ERROR)
    db_path = Path(tempfile.mkdtemp(prefix="floorman-race-")) / "console.db"
    counted = CountedScrypt()  # every scrypt of both servers
    hasher = PasswordHasher(cost=2**10, derive=counted)
    servers = [create_app(db_path, hasher=hasher).state.services for _ in range(2)]
    with open_database(db_path).transaction() as conn:
        Accounts(conn, PasswordHasher()).add("dir", PASSWORD, Role.DIRECTOR, now="2026-06-01T12:00:00+00:00")
    checks = counted.calls
    _stopped_clocks(servers)
    wrong = _burst(servers, "10.0.0.66", None, args.burst)
    print(f"{args.burst} wrong passwords on two servers: {len(checks)} checked; {wrong}")
    _stopped_clocks(servers)
    right = _burst(servers, "10.0.0.77", PASSWORD, args.burst)
    print(f"{args.burst} right passwords on two servers: {right}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
