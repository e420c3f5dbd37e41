"""Logins under a burst: the attempt is counted before the password is checked, failures slow one account
from one address (never every device), a director can let an account in again, and the password check
holds no write lock."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from floorman.web.login_limiter import LoginLimiter
from floorman.web.problems import RateLimited
from floorman.web.routes.account_pages import log_in
from floorman.web.services import ConsoleServices
from tests.trust.scrypt_count import counting_hasher
from tests.web.conftest import FAST_HASH, PASSWORD, sqlite_only
from tests.web.conftest import log_in as api_log_in

BURST = 200


def _services(app: FastAPI) -> ConsoleServices:
    svc: ConsoleServices = app.state.services
    return svc


def _at_one_instant(app: FastAPI) -> LoginLimiter:
    """The console's limiter with its clock stopped: the burst arrives at one instant, however long the checks
    take on a busy machine (what is measured is the counting, not how fast the machine is)."""
    limiter = LoginLimiter(_services(app).db, clock=lambda: 1000.0)
    object.__setattr__(_services(app), "login_limiter", limiter)  # the services are frozen; this app is the test's
    return limiter


def _counted(app: FastAPI) -> list[int]:
    """The console's password hasher swapped for one that counts its every scrypt, and that count."""
    hasher, calls = counting_hasher(FAST_HASH)
    object.__setattr__(_services(app), "hasher", hasher)
    return calls



def test_200_concurrent_wrong_passwords_get_no_more_checks_than_the_free_tries(
        app: FastAPI) -> None:
    svc = _services(app)
    _at_one_instant(app)
    calls = _counted(app)
    start = threading.Barrier(32)

    def attempt(n: int) -> str:
        if n < 32:
            start.wait()
        try:
            return "opened" if log_in(svc, "10.0.0.66", "dir", f"guess number {n}") else "refused"
        except RateLimited:
            return "slowed"

    with ThreadPoolExecutor(max_workers=32) as pool:
        outcomes = list(pool.map(attempt, range(BURST)))
    assert outcomes.count("opened") == 0
    assert len(calls) == outcomes.count("refused") <= svc.login_limiter.max_failures
    assert outcomes.count("slowed") >= BURST - svc.login_limiter.max_failures


def test_200_concurrent_wrong_passwords_over_http_get_no_more_checks_than_the_free_tries(
        app: FastAPI) -> None:
    _at_one_instant(app)
    calls = _counted(app)
    with TestClient(app) as tablet, ThreadPoolExecutor(max_workers=64) as pool:
        codes = list(pool.map(lambda n: tablet.post("/api/session", json={"username": "dir", "password": f"guess {n}"})
                              .status_code, range(BURST)))
    limit = _services(app).login_limiter.max_failures
    assert len(calls) == codes.count(401) <= limit
    assert codes.count(429) == BURST - codes.count(401)


def test_failures_from_one_address_do_not_keep_the_account_out_from_another(app: FastAPI) -> None:
    svc = _services(app)
    for n in range(svc.login_limiter.max_failures):
        assert log_in(svc, "10.0.0.66", "dir", f"guess {n}") is None
    with pytest.raises(RateLimited):
        log_in(svc, "10.0.0.66", "dir", PASSWORD)
    assert log_in(svc, "10.0.0.7", "dir", PASSWORD) is not None  # the director's own device
    assert log_in(svc, "10.0.0.66", "flo", PASSWORD) is not None  # another dealer on the same tablet


def test_the_wait_grows_with_each_failure_and_ends() -> None:
    now = [0.0]
    limiter = LoginLimiter(max_failures=5, window_seconds=900, clock=lambda: now[0])
    waits = []
    for _ in range(5):
        assert limiter.begin("10.0.0.66", "dir") == 0
        limiter.failed("10.0.0.66", "dir")
    for _ in range(4):
        wait = limiter.begin("10.0.0.66", "dir")
        waits.append(wait)
        now[0] += wait
        assert limiter.begin("10.0.0.66", "dir") == 0
        limiter.failed("10.0.0.66", "dir")
    assert waits == [1, 2, 4, 8]
    now[0] += 900
    assert limiter.retry_after("10.0.0.66", "dir") == 0


def test_a_shared_tablet_slows_down_only_the_names_that_failed_there_and_never_locks() -> None:
    now = [0.0]
    limiter = LoginLimiter(max_failures=5, max_per_address=20, clock=lambda: now[0])
    for n in range(20):  # ten dealers mistype twice each
        assert limiter.begin("10.0.0.66", f"dealer-{n % 10}") == 0
        limiter.failed("10.0.0.66", f"dealer-{n % 10}")
    assert limiter.begin("10.0.0.66", "dealer-3") == 1  # slowed by a second, not locked for minutes
    assert limiter.begin("10.0.0.67", "dealer-3") == 0  # the next tablet is not slowed
    assert limiter.begin("10.0.0.66", "dealer-x") == 0  # nor a dealer who has not mistyped
    limiter.succeed("10.0.0.66", "dealer-x")
    now[0] += 1
    assert limiter.begin("10.0.0.66", "dealer-3") == 0


def test_a_director_lets_a_slowed_account_log_in_again(app: FastAPI, director: TestClient) -> None:
    svc = _services(app)
    for n in range(svc.login_limiter.max_failures):
        assert log_in(svc, "testclient", "flo", f"guess {n}") is None
    with TestClient(app) as tablet:
        assert tablet.post("/api/session", json={"username": "flo", "password": PASSWORD}).status_code == 429
        users = {u["username"]: u["id"] for u in director.get("/api/users").json()["users"]}
        page = director.get("/users")
        assert 'data-testid="unlock-flo"' in page.text and 'data-testid="unlock-dana"' not in page.text
        answer = director.post(f"/api/users/{users['flo']}/unlock")
        assert answer.status_code == 200 and answer.json()["unlocked"] == 1
        api_log_in(tablet, "flo")


@sqlite_only
def test_the_password_is_checked_outside_the_write_transaction(
        app: FastAPI, db_path: Path) -> None:
    svc = _services(app)
    could_write: list[bool] = []

    def meanwhile() -> None:
        other = sqlite3.connect(db_path, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            could_write.append(True)
        except sqlite3.OperationalError:
            could_write.append(False)
        finally:
            other.close()

    hasher, _ = counting_hasher(FAST_HASH, first=meanwhile)
    object.__setattr__(svc, "hasher", hasher)
    assert log_in(svc, "10.0.0.8", "dana", PASSWORD) is not None
    assert log_in(svc, "10.0.0.8", "dana", "a wrong one") is None
    assert could_write and all(could_write)
