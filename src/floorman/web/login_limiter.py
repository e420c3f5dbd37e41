"""Logins are slowed, never locked: failures are counted in the database (every console server on it counts
the same ones), per account *and* address, and past a few free tries each further try waits twice as
long as the one before.

An attempt is counted when it begins (``begin``), before the password is checked, in a write transaction
of the store: however many wrong passwords arrive at once, on however many servers, no more than the free
tries are ever checked. While the free tries of a name from an address are all being checked, a further
attempt waits for their outcome rather than being refused: a burst of right passwords all get in, a
burst of wrong ones gets no more checks than the free tries.

Failures are kept per pair (this name from this address): guessing one account's password from one tablet
slows that pair only, so the director logs in from another device as usual. Two ceilings stop guessing
spread over many names or many addresses: past ``login_free_tries_per_address`` failures from one address
(any names), or ``login_free_tries_overall`` on the whole database, a pair that has failed itself waits as
the ceiling says; a pair that has not failed is never held back by the failures of others, so the right
password of someone who has not mistyped is always checked. A director can forget an account's failures
(``unlock``); a success forgets the pair's. The numbers are ``ServiceLimits``'s.

>>> now = [0.0]
>>> limiter = LoginLimiter(max_failures=2, window_seconds=600, clock=lambda: now[0])
>>> limiter.begin("10.0.0.5", "ann"), limiter.failed("10.0.0.5", "ann")     # two free tries, counted
(0, None)
>>> limiter.begin("10.0.0.5", "ann"), limiter.failed("10.0.0.5", "ann")
(0, None)
>>> limiter.begin("10.0.0.5", "ann"), limiter.begin("10.0.0.9", "ann")     # the pair waits; another device does not
(1, 0)
>>> limiter.unlock("ann"), limiter.begin("10.0.0.5", "ann")            # a director unlocks the account
(1, 0)
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from floorman.service_limits import LIMITS
from floorman.storage import Database
from floorman.storage.database import SqliteDatabase
from floorman.storage.login_attempts import AttemptCounts, LoginAttempts

__all__ = ["SWEEP_EVERY", "LoginLimiter"]

SWEEP_EVERY = 64
"""Every this many attempts recorded, the attempts out of the window are forgotten."""
HOLD_POLL_SECONDS = 0.05
"""How often an attempt held for the outcome of others looks again (another server's outcome is seen so)."""


class LoginLimiter:
    """Counts login attempts in ``db`` (by default a store of its own, in memory); ``begin`` says how long to
    wait (0: the attempt is counted, go ahead)."""

    def __init__(
        self, db: Database | None = None, *, max_failures: int = LIMITS.login_free_tries,
        window_seconds: float = LIMITS.login_window_seconds,
        max_per_address: int = LIMITS.login_free_tries_per_address,
        max_overall: int = LIMITS.login_free_tries_overall, first_delay: float = LIMITS.login_first_delay,
        max_delay: float = LIMITS.login_max_delay, check_seconds: float = LIMITS.login_check_seconds,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if db is None:
            db = SqliteDatabase(":memory:")
            db.migrate()
        self.db = db
        self.max_failures = max_failures
        """Failures of one name from one address before tries are slowed."""
        self.window = window_seconds
        """How long a failure is remembered."""
        self.max_per_address = max_per_address
        """Failures from one address (any names) before the names that failed there are slowed."""
        self.max_overall = max_overall
        """Failures on the whole database before the names that failed are slowed wherever they are tried."""
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.check_seconds = check_seconds
        """The longest a password check may take: a pending attempt older than this (its server died) failed."""
        self.clock = clock
        self._outcome = threading.Condition()
        self._recorded = 0

    def _backoff(self, failures: int, free: int, last: float, now: float) -> float:
        if failures < free:
            return 0.0
        delay: float = min(self.first_delay * 2.0 ** min(failures - free, 40), self.max_delay)
        return last + delay - now

    def _wait(self, counts: AttemptCounts, now: float) -> float:
        waits = [0.0, self._backoff(counts.pair_failed, self.max_failures, counts.pair_last, now)]
        if counts.pair_failed:  # the ceilings hold back only a pair that has failed itself
            waits.append(self._backoff(counts.address_failed, self.max_per_address, counts.address_last, now))
            waits.append(self._backoff(counts.all_failed, self.max_overall, counts.all_last, now))
        return max(waits)

    def _counts(self, attempts: LoginAttempts, address: str, username: str, now: float) -> AttemptCounts:
        return attempts.counts(username, address, since=now - self.window, stale_before=now - self.check_seconds)

    def retry_after(self, address: str, username: str) -> int:
        """Seconds to wait before another try is allowed (0: go ahead); records nothing."""
        now = self.clock()
        with self.db.connect() as conn:
            return math.ceil(max(self._wait(self._counts(LoginAttempts(conn), address, username, now), now), 0))

    def _try_begin(self, address: str, username: str) -> int | AttemptCounts:
        """0 when the attempt is counted, the seconds to wait when it is refused, or the counts when it must wait
        for the outcome of the pair's attempts being checked."""
        now = self.clock()
        with self.db.transaction() as conn:
            attempts = LoginAttempts(conn)
            counts = self._counts(attempts, address, username, now)
            wait = self._wait(counts, now)
            if wait > 0:
                return max(math.ceil(wait), 1)
            if counts.pair_pending and counts.pair_failed + counts.pair_pending >= self.max_failures:
                return counts  # the outcome of the checks under way decides: wait for it
            attempts.begin(username, address, now=now)
            self._recorded += 1
            if self._recorded % SWEEP_EVERY == 0:
                attempts.sweep(before=now - self.window)
        return 0

    def begin(self, address: str, username: str) -> int:
        """Count an attempt before its password is checked (as pending until ``failed`` or ``succeed``).

        The seconds to wait instead when the name or the address is being slowed (nothing is counted then).
        While the pair's free tries are all being checked, waits for their outcome, as long as checks keep
        ending (a second is asked of the client if none ends for ``check_seconds``).
        """
        seen: AttemptCounts | None = None
        deadline = 0.0
        while True:
            answer = self._try_begin(address, username)
            if isinstance(answer, int):
                return answer
            if answer != seen:  # a check ended (or began) meanwhile: the wait goes on
                seen, deadline = answer, time.monotonic() + self.check_seconds
            elif time.monotonic() >= deadline:
                return 1
            with self._outcome:
                self._outcome.wait(HOLD_POLL_SECONDS)

    def _told(self) -> None:
        with self._outcome:
            self._outcome.notify_all()

    def fail(self, address: str, username: str) -> None:
        """Count a failure (an attempt not begun with ``begin``)."""
        now = self.clock()
        with self.db.transaction() as conn:
            attempts = LoginAttempts(conn)
            attempts.sweep(before=now - self.window)
            attempts.failure(username, address, now=now)

    def failed(self, address: str, username: str) -> None:
        """The password checked for an attempt begun with ``begin`` was wrong: the wait runs from now."""
        now = self.clock()
        with self.db.transaction() as conn:
            LoginAttempts(conn).fail_pending(username, address, now=now)
        self._told()

    def succeed(self, address: str, username: str) -> None:
        """The password was right: forget this name's failures from this address, and this attempt."""
        with self.db.transaction() as conn:
            LoginAttempts(conn).succeed(username, address)
        self._told()

    def unlock(self, username: str) -> int:
        """Forget an account's failures from every address (a director's decision); from how many addresses."""
        with self.db.transaction() as conn:
            return LoginAttempts(conn).forget(username)

    def slowed(self, username: str) -> bool:
        """Whether the account has failures on record (a director may ``unlock`` it)."""
        with self.db.connect() as conn:
            return LoginAttempts(conn).has_failures(username, since=self.clock() - self.window)

    def tracked(self) -> int:
        """How many names-from-addresses and addresses have attempts on record."""
        with self.db.connect() as conn:
            return LoginAttempts(conn).tracked()
