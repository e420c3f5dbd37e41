"""Counting the password checks a burst of logins costs: every scrypt a hasher runs, on any thread."""

from __future__ import annotations

import threading
from collections.abc import Callable

from floorman.storage.passwords import PasswordHasher, scrypt_key


class CountedScrypt:
    """A key derivation that runs ``scrypt_key`` and keeps the cost ``n`` of each run in ``calls``; ``first``,
    if given, runs before each (to slow the check down, or to look at the store while it runs)."""

    def __init__(self, first: Callable[[], None] | None = None) -> None:
        self.calls: list[int] = []
        self._lock = threading.Lock()
        self._first = first

    def __call__(self, password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        with self._lock:
            self.calls.append(n)
        if self._first is not None:
            self._first()
        return scrypt_key(password, salt, n, r, p)


def counting_hasher(cost: int, first: Callable[[], None] | None = None) -> tuple[PasswordHasher, list[int]]:
    """A hasher at ``cost`` whose every scrypt is counted (the list grows as they run), and that list."""
    counted = CountedScrypt(first)
    return PasswordHasher(cost=cost, derive=counted), counted.calls
