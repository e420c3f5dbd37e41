"""Login attempts, kept in the database so that every console server on it counts the same ones.

An attempt is a row from the moment it begins (before its password is checked): *pending* until its
check ends, then *failed* (``ended_at`` set), or gone if the password was right. A pending attempt older
than ``stale_before`` (its server died during the check) counts as failed. The policy (how many failures
are free, how long to wait after them) is the console's (``floorman.web.login_limiter``); this store only
counts, over one connection, inside the caller's write transaction when the count decides a write.

>>> from floorman.storage.database import SqliteDatabase
>>> db = SqliteDatabase(":memory:")
>>> _ = db.migrate()
>>> with db.transaction() as conn:
...     attempts = LoginAttempts(conn)
...     first = attempts.begin("Ann", "10.0.0.5", now=100.0)
...     attempts.fail_pending("ann", "10.0.0.5", now=101.0)
...     _ = attempts.begin("ann", "10.0.0.5", now=102.0)
...     counts = attempts.counts("ann", "10.0.0.5", since=0.0, stale_before=50.0)
>>> counts.pair_failed, counts.pair_pending, counts.pair_last, counts.address_failed, counts.all_failed
(1, 1, 101.0, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.storage.sql import Connection

__all__ = ["AttemptCounts", "LoginAttempts", "login_name"]


def login_name(username: str) -> str:
    """A name as attempts are counted under it: the same account however it is typed."""
    return username.strip().lower()


@dataclass(frozen=True, slots=True, kw_only=True)
class AttemptCounts:
    """Failures in the window (and when the last one's check ended) of one name from one address, of the
    address under any names, and of every attempt on the database; the pair's attempts still being checked."""

    pair_failed: int
    pair_pending: int
    pair_last: float
    pair_oldest_pending: int
    """The id of the pair's oldest attempt being checked (0: none): when it changes, a check has ended."""
    address_failed: int
    address_last: float
    all_failed: int
    all_last: float


_FAILED = "(ended_at IS NOT NULL OR began_at < ?)"
_LAST = "COALESCE(MAX(COALESCE(ended_at, began_at)), 0)"


class LoginAttempts:
    """The login_attempts table, over one connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def counts(self, username: str, address: str, *, since: float, stale_before: float) -> AttemptCounts:
        """The failures since ``since`` (a pending attempt begun before ``stale_before`` is one)."""
        name = login_name(username)
        pair = self.conn.execute(
            f"SELECT SUM(CASE WHEN {_FAILED} THEN 1 ELSE 0 END), SUM(CASE WHEN {_FAILED} THEN 0 ELSE 1 END), "
            f"COALESCE(MAX(CASE WHEN {_FAILED} THEN COALESCE(ended_at, began_at) END), 0), "
            f"COALESCE(MIN(CASE WHEN {_FAILED} THEN NULL ELSE id END), 0) "
            "FROM login_attempts WHERE username = ? AND address = ? AND began_at > ?",
            (stale_before, stale_before, stale_before, stale_before, name, address, since)).fetchone()
        by_address = self.conn.execute(
            f"SELECT COUNT(*), {_LAST} FROM login_attempts WHERE address = ? AND began_at > ? AND {_FAILED}",
            (address, since, stale_before)).fetchone()
        overall = self.conn.execute(
            f"SELECT COUNT(*), {_LAST} FROM login_attempts WHERE began_at > ? AND {_FAILED}",
            (since, stale_before)).fetchone()
        return AttemptCounts(
            pair_failed=int(pair[0] or 0), pair_pending=int(pair[1] or 0), pair_last=float(pair[2]),
            pair_oldest_pending=int(pair[3]),
            address_failed=int(by_address[0]), address_last=float(by_address[1]),
            all_failed=int(overall[0]), all_last=float(overall[1]))

    def begin(self, username: str, address: str, *, now: float) -> int:
        """A pending attempt; its id."""
        row = self.conn.execute(
            "INSERT INTO login_attempts (username, address, began_at) VALUES (?, ?, ?) RETURNING id",
            (login_name(username), address, now)).fetchone()
        return int(row[0])

    def fail_pending(self, username: str, address: str, *, now: float) -> None:
        """The oldest pending attempt of the pair failed its check now (a failure is recorded if none is pending)."""
        name = login_name(username)
        row = self.conn.execute(
            "SELECT id FROM login_attempts WHERE username = ? AND address = ? AND ended_at IS NULL "
            "ORDER BY id LIMIT 1", (name, address)).fetchone()
        if row is None:
            self.failure(username, address, now=now)
        else:
            self.conn.execute("UPDATE login_attempts SET ended_at = ? WHERE id = ?", (now, row[0]))

    def failure(self, username: str, address: str, *, now: float) -> None:
        """A failure that was not begun as an attempt."""
        self.conn.execute("INSERT INTO login_attempts (username, address, began_at, ended_at) VALUES (?, ?, ?, ?)",
                          (login_name(username), address, now, now))

    def succeed(self, username: str, address: str) -> None:
        """The password was right: the pair's failures are forgotten, and the attempt (its oldest pending one)."""
        name = login_name(username)
        self.conn.execute("DELETE FROM login_attempts WHERE username = ? AND address = ? AND ended_at IS NOT NULL",
                          (name, address))
        self.conn.execute(
            "DELETE FROM login_attempts WHERE id = (SELECT MIN(id) FROM login_attempts "
            "WHERE username = ? AND address = ? AND ended_at IS NULL)", (name, address))

    def forget(self, username: str) -> int:
        """Every failure of the account, from every address (a director's decision); how many addresses had some."""
        name = login_name(username)
        row = self.conn.execute("SELECT COUNT(DISTINCT address) FROM login_attempts "
                                "WHERE username = ? AND ended_at IS NOT NULL", (name,)).fetchone()
        self.conn.execute("DELETE FROM login_attempts WHERE username = ? AND ended_at IS NOT NULL", (name,))
        return int(row[0])

    def has_failures(self, username: str, *, since: float) -> bool:
        return self.conn.execute(
            "SELECT 1 FROM login_attempts WHERE username = ? AND ended_at IS NOT NULL AND began_at > ? LIMIT 1",
            (login_name(username), since)).fetchone() is not None

    def sweep(self, *, before: float) -> None:
        """Forget every attempt begun before ``before`` (out of the window: the table stays small)."""
        self.conn.execute("DELETE FROM login_attempts WHERE began_at <= ?", (before,))

    def tracked(self) -> int:
        """Names-from-addresses and addresses with attempts on record."""
        row = self.conn.execute("SELECT COUNT(DISTINCT username || ' ' || address), COUNT(DISTINCT address) "
                                "FROM login_attempts").fetchone()
        return int(row[0]) + int(row[1])
