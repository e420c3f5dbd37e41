"""The login limiter counts in the store: two console servers on one database check no more passwords than
the free tries, a burst of right passwords all get in, and failures under other names (from one address or
from everywhere) never keep out someone who has not mistyped."""

from __future__ import annotations

import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi import FastAPI

from floorman.web.app import create_app
from floorman.web.login_limiter import LoginLimiter
from floorman.web.problems import RateLimited
from floorman.web.routes.account_pages import log_in
from floorman.web.services import ConsoleServices
from tests.trust.scrypt_count import counting_hasher
from tests.web.conftest import FAST_HASH, PASSWORD

BURST = 200


def _services(app: FastAPI) -> ConsoleServices:
    svc: ConsoleServices = app.state.services
    return svc


def _at_one_instant(svc: ConsoleServices) -> None:
    """The server's limiter (over its own store) with its clock stopped: the burst arrives at one instant."""
    object.__setattr__(svc, "login_limiter", LoginLimiter(svc.db, clock=lambda: 1000.0))



def _burst(servers: list[ConsoleServices], address: str, name: str, password: str | None) -> list[str]:
    """``BURST`` logins at once, spread over ``servers``; a wrong password when ``password`` is None."""
    start = threading.Barrier(32)

    def attempt(n: int) -> str:
        if n < 32:
            start.wait()
        try:
            opened = log_in(servers[n % len(servers)], address, name, password or f"guess number {n}")
        except RateLimited:
            return "slowed"
        return "opened" if opened else "refused"

    with ThreadPoolExecutor(max_workers=32) as pool:
        return list(pool.map(attempt, range(BURST)))


def test_two_servers_on_one_database_check_no_more_wrong_passwords_than_the_free_tries(
        app: FastAPI, db_path: Path) -> None:
    hasher, calls = counting_hasher(FAST_HASH)  # every scrypt of both servers
    other = create_app(db_path, hasher=hasher)  # a second console server on the same database
    object.__setattr__(_services(app), "hasher", hasher)  # the services are frozen; this app is the test's
    servers = [_services(app), _services(other)]
    for svc in servers:
        _at_one_instant(svc)
    outcomes = _burst(servers, "10.0.0.66", "dir", None)
    free = servers[0].login_limiter.max_failures
    assert outcomes.count("opened") == 0
    assert len(calls) == outcomes.count("refused") == free
    assert outcomes.count("slowed") == BURST - free


def test_a_burst_of_right_passwords_on_two_servers_all_get_in(app: FastAPI, db_path: Path) -> None:
    # as slow as a real password check: many checks are under way at once
    hasher, _ = counting_hasher(FAST_HASH, first=lambda: time.sleep(0.05))
    other = create_app(db_path, hasher=hasher)
    object.__setattr__(_services(app), "hasher", hasher)
    servers = [_services(app), _services(other)]
    for svc in servers:
        _at_one_instant(svc)
    outcomes = _burst(servers, "10.0.0.66", "dir", PASSWORD)
    assert outcomes.count("opened") == BURST, {o: outcomes.count(o) for o in set(outcomes)}


def test_failures_under_many_names_from_one_address_do_not_keep_out_a_director_who_has_not_failed(
        app: FastAPI) -> None:
    svc = _services(app)
    for n in range(3 * svc.login_limiter.max_per_address):
        with contextlib.suppress(RateLimited):
            assert log_in(svc, "10.0.0.66", f"guess-{n % 30}", "wrong") is None
    assert log_in(svc, "10.0.0.66", "dir", PASSWORD) is not None
    assert log_in(svc, "10.0.0.66", "dana", PASSWORD) is not None


def test_past_the_ceiling_on_the_whole_store_only_names_that_failed_there_wait() -> None:
    now = [0.0]
    limiter = LoginLimiter(max_failures=5, max_per_address=20, max_overall=30, clock=lambda: now[0])
    for n in range(30):  # guesses from thirty addresses, one each
        assert limiter.begin(f"10.1.0.{n}", "dir") == 0
        limiter.failed(f"10.1.0.{n}", "dir")
    assert limiter.begin("10.1.0.3", "dir") == 1  # a pair that failed waits as the ceiling says
    assert limiter.begin("10.1.0.99", "dir") == 0  # the director's own device is checked at once
    limiter.succeed("10.1.0.99", "dir")
    assert limiter.begin("10.2.0.1", "flo") == 0  # and so is anyone else who has not failed


def test_an_attempt_whose_server_died_during_the_check_counts_as_a_failure_later() -> None:
    now = [0.0]
    limiter = LoginLimiter(max_failures=2, check_seconds=30, first_delay=60, clock=lambda: now[0])
    assert limiter.begin("10.0.0.5", "ann") == 0
    assert limiter.begin("10.0.0.5", "ann") == 0  # two checks under way, never ended
    now[0] = 31.0
    assert limiter.begin("10.0.0.5", "ann") == 29  # two failures: the third try waits
