"""Counting the password checks a burst of logins costs: every scrypt the console's hasher runs."""

from __future__ import annotations

import threading

import pytest

from floorman.storage import PasswordHasher


def counting_scrypt(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every scrypt the hasher runs from now on (its cost ``n``), in a list that grows as they run, on any thread."""
    calls: list[int] = []
    lock = threading.Lock()
    derive = PasswordHasher._derive

    def counted(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        with lock:
            calls.append(n)
        return derive(password, salt, n, r, p)

    monkeypatch.setattr(PasswordHasher, "_derive", staticmethod(counted))
    return calls
