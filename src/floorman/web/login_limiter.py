"""Failed logins are counted per client address and per user name; past the limit, logins wait.

>>> now = [0.0]
>>> limiter = LoginLimiter(max_failures=2, window_seconds=60, clock=lambda: now[0])
>>> limiter.fail("10.0.0.5", "ann"); limiter.fail("10.0.0.5", "ann")
>>> limiter.retry_after("10.0.0.5", "ann")
60
>>> now[0] = 61.0
>>> limiter.retry_after("10.0.0.5", "ann")
0
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable

__all__ = ["SWEEP_AT", "LoginLimiter"]

SWEEP_AT = 1024
"""Past this many names and addresses on record, a failure first forgets the ones out of the window."""


class LoginLimiter:
    def __init__(
        self, *, max_failures: int = 5, window_seconds: float = 300.0, max_per_address: int = 20,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.window = window_seconds
        self.max_per_address = max_per_address
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        stamps = self._failures.get(key) or deque()
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        return stamps

    def _sweep(self, now: float) -> None:
        """Forget names and addresses whose failures are all out of the window (the table stays small)."""
        if len(self._failures) < SWEEP_AT:
            return
        for key in [k for k, stamps in self._failures.items() if not stamps or stamps[-1] <= now - self.window]:
            del self._failures[key]

    def retry_after(self, address: str, username: str) -> int:
        """Seconds to wait before another try is allowed (0: go ahead)."""
        now = self.clock()
        waits = []
        with self._lock:
            for key, limit in ((f"user:{username.strip().lower()}", self.max_failures),
                               (f"addr:{address}", self.max_per_address)):
                stamps = self._recent(key, now)
                if len(stamps) >= limit:
                    waits.append(stamps[len(stamps) - limit] + self.window - now)
        return max((math.ceil(w) for w in waits), default=0)

    def fail(self, address: str, username: str) -> None:
        now = self.clock()
        with self._lock:
            self._sweep(now)
            for key in (f"user:{username.strip().lower()}", f"addr:{address}"):
                stamps = self._recent(key, now)
                stamps.append(now)
                self._failures[key] = stamps

    def tracked(self) -> int:
        """How many names and addresses have failures on record."""
        with self._lock:
            return len(self._failures)

    def succeed(self, username: str) -> None:
        with self._lock:
            self._failures.pop(f"user:{username.strip().lower()}", None)
