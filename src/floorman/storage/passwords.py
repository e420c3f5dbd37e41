"""Password hashes with scrypt (memory-hard), a salt per password, and the cost stored with the hash.

>>> hasher = PasswordHasher(cost=2**10)
>>> stored = hasher.hash("river card")
>>> stored.startswith("scrypt$1024$8$1$")
True
>>> hasher.verify("river card", stored), hasher.verify("turn card", stored)
(True, False)

The key derivation is a field (``derive``, ``scrypt_key`` unless told): whoever needs to watch the checks a
login costs, or to slow them down, hands the hasher another one that calls ``scrypt_key``.

>>> counted = []
>>> def counting(password, salt, n, r, p):
...     counted.append(n)
...     return scrypt_key(password, salt, n, r, p)
>>> watched = PasswordHasher(cost=2**10, derive=counting)
>>> watched.verify("river card", stored), counted
(True, [1024])
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias

__all__ = ["DEFAULT_COST", "Derive", "PasswordHasher", "scrypt_key"]

DEFAULT_COST = 2**15
"""scrypt's N: with r = 8 each hash needs 32 MiB of memory and about a tenth of a second."""
_BLOCK = 8
_PARALLEL = 1
_KEY_BYTES = 32
_SALT_BYTES = 16


Derive: TypeAlias = Callable[[str, bytes, int, int, int], bytes]
"""A key derivation: (password, salt, n, r, p) to the key."""


def scrypt_key(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    """scrypt's key for ``password`` with ``salt`` at cost ``n``, block size ``r`` and parallelism ``p``."""
    maxmem = 128 * r * n * 2 + 1024 * 1024
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=maxmem, dklen=_KEY_BYTES)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


@dataclass(frozen=True, slots=True, kw_only=True)
class PasswordHasher:
    cost: int = DEFAULT_COST
    derive: Derive = field(default=scrypt_key, repr=False, compare=False)

    def hash(self, password: str) -> str:
        salt = secrets.token_bytes(_SALT_BYTES)
        key = self.derive(password, salt, self.cost, _BLOCK, _PARALLEL)
        return f"scrypt${self.cost}${_BLOCK}${_PARALLEL}${_b64(salt)}${_b64(key)}"

    def verify(self, password: str, stored: str) -> bool:
        try:
            scheme, n, r, p, salt, key = stored.split("$")
            if scheme != "scrypt":
                return False
            expected = base64.b64decode(key)
            actual = self.derive(password, base64.b64decode(salt), int(n), int(r), int(p))
        except (ValueError, TypeError):
            return False
        return hmac.compare_digest(expected, actual)

    def needs_rehash(self, stored: str) -> bool:
        """True when the stored hash is weaker than this hasher's cost."""
        parts = stored.split("$")
        return len(parts) != 6 or parts[0] != "scrypt" or not parts[1].isdigit() or int(parts[1]) < self.cost
