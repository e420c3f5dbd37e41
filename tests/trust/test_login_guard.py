"""Logins that give nothing away and hold nothing for long: a refused name costs what a known one
costs, and the failure table of the rate limiter forgets what is out of its window."""

from __future__ import annotations

from pathlib import Path

from floorman.storage import Accounts, Role, open_database
from floorman.web.login_limiter import LoginLimiter
from tests.trust.scrypt_count import counting_hasher

MANY = 1024


def test_an_unknown_name_costs_one_scrypt_like_a_known_one(tmp_path: Path) -> None:
    db = open_database(tmp_path / "console.db")
    db.migrate()
    hasher, calls = counting_hasher(2**10)
    with db.transaction() as conn:
        accounts = Accounts(conn, hasher)
        accounts.add("lan", "river card 7", Role.FLOOR, now="2026-06-01T12:00:00+00:00")
        accounts.authenticate("nobody", "warm the decoy")
        for name, password in (("lan", "wrong guess"), ("nobody", "wrong guess"), ("ghost", "another")):
            calls.clear()
            assert accounts.authenticate(name, password) is None
            assert len(calls) == 1, name


def test_the_limiter_forgets_failures_out_of_its_window() -> None:
    now = [0.0]
    limiter = LoginLimiter(max_failures=3, window_seconds=60, clock=lambda: now[0])
    for n in range(MANY):
        limiter.fail(f"10.0.{n // 250}.{n % 250}", f"guess-{n}")
    assert limiter.tracked() >= MANY
    now[0] = 61.0
    limiter.fail("10.9.9.9", "mallory")
    assert limiter.tracked() == 2


def test_asking_whether_to_wait_records_nothing() -> None:
    limiter = LoginLimiter(max_failures=3, window_seconds=60, clock=lambda: 0.0)
    for n in range(100):
        assert limiter.retry_after("10.0.0.1", f"name-{n}") == 0
    assert limiter.tracked() == 0
