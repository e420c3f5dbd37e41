"""Logins are slowed, never locked: failures are counted per account *and* address, and past a few free
tries each further try waits twice as long as the one before.

A login attempt is counted when it begins (``begin``), before the password is checked, under one lock:
however many wrong passwords arrive at once, no more than the free tries are ever checked. Failures
are kept per pair (this name from this address) and per address (any names): guessing one account's
password from one tablet slows that pair only, so the director logs in from another device as usual,
and a busy tablet shared by a table's dealers slows down only after ``max_per_address`` failures. A
director can forget an account's failures (``unlock``); a success forgets the pair's.

>>> now = [0.0]
>>> limiter = LoginLimiter(max_failures=2, window_seconds=600, clock=lambda: now[0])
>>> limiter.begin("10.0.0.5", "ann"), limiter.begin("10.0.0.5", "ann")     # two free tries, counted
(0, 0)
>>> limiter.begin("10.0.0.5", "ann"), limiter.begin("10.0.0.9", "ann")     # the pair waits; another device does not
(1, 0)
>>> now[0] = 1.0
>>> limiter.begin("10.0.0.5", "ann"), limiter.begin("10.0.0.5", "ann")     # one more try, then twice as long
(0, 2)
>>> limiter.unlock("ann"), limiter.begin("10.0.0.5", "ann")            # a director unlocks the account
(2, 0)
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

__all__ = ["SWEEP_AT", "LoginLimiter"]

SWEEP_AT = 1024
"""Past this many keys on record, a failure first forgets the ones out of the window."""


def _pair(address: str, username: str) -> str:
    return f"user:{username.strip().lower()}@{address}"


def _address(address: str) -> str:
    return f"addr:{address}"


class LoginLimiter:
    """Counts login attempts; ``begin`` says how long to wait (0: the attempt is counted, go ahead)."""

    def __init__(
        self, *, max_failures: int = 5, window_seconds: float = 900.0, max_per_address: int = 20,
        first_delay: float = 1.0, max_delay: float = 300.0, clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        """Failures of one name from one address before tries are slowed."""
        self.window = window_seconds
        """How long a failure is remembered."""
        self.max_per_address = max_per_address
        """Failures from one address (any names) before its tries are slowed."""
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._ended: dict[str, float] = {}
        """When the last failed check of a key ended: the wait runs from then (a slow check does not shorten it)."""
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        stamps = self._failures.get(key) or deque()
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        return stamps

    def _sweep(self, now: float) -> None:
        """Forget keys whose failures are all out of the window (the table stays small)."""
        if len(self._failures) < SWEEP_AT:
            return
        for key in [k for k, stamps in self._failures.items() if not stamps or stamps[-1] <= now - self.window]:
            del self._failures[key]
            self._ended.pop(key, None)

    def _wait(self, address: str, username: str, now: float) -> float:
        waits = [0.0]
        for key, free in ((_pair(address, username), self.max_failures), (_address(address), self.max_per_address)):
            stamps = self._recent(key, now)
            if len(stamps) >= free:
                delay = min(self.first_delay * 2 ** (len(stamps) - free), self.max_delay)
                waits.append(max(stamps[-1], self._ended.get(key, 0.0)) + delay - now)
        return max(waits)

    def retry_after(self, address: str, username: str) -> int:
        """Seconds to wait before another try is allowed (0: go ahead); records nothing."""
        now = self.clock()
        with self._lock:
            return math.ceil(max(self._wait(address, username, now), 0))

    def begin(self, address: str, username: str) -> int:
        """Count an attempt before its password is checked (as a failure until ``succeed`` says otherwise).

        The seconds to wait instead when the name or the address is being slowed (nothing is counted then).
        """
        now = self.clock()
        with self._lock:
            wait = self._wait(address, username, now)
            if wait > 0:
                return max(math.ceil(wait), 1)
            self._record(address, username, now)
        return 0

    def _record(self, address: str, username: str, now: float) -> None:
        self._sweep(now)
        for key in (_pair(address, username), _address(address)):
            stamps = self._recent(key, now)
            stamps.append(now)
            self._failures[key] = stamps

    def fail(self, address: str, username: str) -> None:
        """Count a failure (an attempt not begun with ``begin``)."""
        now = self.clock()
        with self._lock:
            self._record(address, username, now)

    def failed(self, address: str, username: str) -> None:
        """The password checked for an attempt begun with ``begin`` was wrong: the wait runs from now."""
        now = self.clock()
        with self._lock:
            for key in (_pair(address, username), _address(address)):
                if key in self._failures:
                    self._ended[key] = now

    def succeed(self, address: str, username: str) -> None:
        """The password was right: forget this name's failures from this address, and this attempt's count
        against the address."""
        with self._lock:
            self._failures.pop(_pair(address, username), None)
            self._ended.pop(_pair(address, username), None)
            stamps = self._failures.get(_address(address))
            if stamps:
                stamps.pop()

    def unlock(self, username: str) -> int:
        """Forget an account's failures from every address (a director's decision); how many pairs were slowed."""
        suffix = f"user:{username.strip().lower()}@"
        with self._lock:
            keys = [k for k in self._failures if k.startswith(suffix)]
            for key in keys:
                del self._failures[key]
                self._ended.pop(key, None)
        return len(keys)

    def slowed(self, username: str) -> bool:
        """Whether the account has failures on record from some address (a director may ``unlock`` it)."""
        suffix = f"user:{username.strip().lower()}@"
        now = self.clock()
        with self._lock:
            return any(k.startswith(suffix) and self._recent(k, now) for k in list(self._failures))

    def tracked(self) -> int:
        """How many names and addresses have failures on record."""
        with self._lock:
            return len(self._failures)
