"""A real console for the trust tests: ``floorman serve`` in a subprocess on a free loopback port,
over a database seeded with accounts, that can be killed and started again on the same file; and
a small HTTP client with its own connection, session cookie and CSRF header.

Everything here talks to 127.0.0.1 only; every wait has a deadline.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorman.storage import Accounts, PasswordHasher, Role, open_database

HOST = "127.0.0.1"
PASSWORD = "correct horse battery"
ACCOUNTS = {"dana": Role.DEALER, "flo": Role.FLOOR, "mai": Role.FLOOR, "dir": Role.DIRECTOR}
STARTUP_SECONDS = 30.0
REQUEST_SECONDS = 10.0
_SERVE = "import sys; from floorman.cli.serve import serve_cmd; serve_cmd.main(sys.argv[1:])"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def seed_accounts(db_path: Path | str, accounts: Mapping[str, Role] = ACCOUNTS) -> None:
    """A migrated database (a file or a PostgreSQL URL) with these accounts (a cheap scrypt cost: the hash
    stores it)."""
    db = open_database(db_path)
    try:
        db.migrate()
        with db.transaction() as conn:
            store = Accounts(conn, PasswordHasher(cost=2**10))
            for name, role in accounts.items():
                store.add(name, PASSWORD, role, now="2026-06-01T12:00:00+00:00")
    finally:
        db.close()


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Client:
    """One HTTP/1.1 connection (kept alive) with a session cookie and the CSRF header once logged in."""

    port: int
    timeout: float = REQUEST_SECONDS
    cookie: str = ""
    csrf: str = ""
    _conn: http.client.HTTPConnection | None = field(default=None, repr=False)

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                headers: Mapping[str, str] | None = None) -> Response:
        """Send one request; a broken connection is closed and the error raised (the next call reconnects)."""
        sent: dict[str, str] = {"Accept": "application/json"}
        payload = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if payload is not None:
            sent["Content-Type"] = "application/json"
        if self.cookie:
            sent["Cookie"] = self.cookie
        if self.csrf:
            sent["X-CSRF-Token"] = self.csrf
        sent.update(headers or {})
        if self._conn is None:
            self._conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            self._conn.request(method, path, body=payload, headers=sent)
            answer = self._conn.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        if answer.getheader("connection", "").lower() == "close":
            self.close()
        return Response(status=answer.status, headers={k.lower(): v for k, v in answer.getheaders()}, body=data)

    def log_in(self, username: str, password: str = PASSWORD) -> Response:
        response = self.request("POST", "/api/session", {"username": username, "password": password})
        if response.status == 200:
            self.cookie = response.headers["set-cookie"].split(";", 1)[0]
            self.csrf = response.json()["csrf_token"]
        return response

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


@dataclass
class LiveConsole:
    """``floorman serve`` on ``port`` over ``db`` (a file or a PostgreSQL URL); its output (access log and
    warnings) goes to ``log``."""

    db: Path | str
    log: Path
    port: int
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        if self.process is not None:
            raise RuntimeError("the console is already running")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _SERVE, "--host", HOST, "--port", str(self.port), "--db", str(self.db)],
                stdout=out, stderr=subprocess.STDOUT, env=env)
        self.starts += 1
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        probe = Client(self.port, timeout=2.0)
        try:
            while time.monotonic() < deadline:
                assert self.process is not None
                if self.process.poll() is not None:
                    raise RuntimeError(f"the console exited early:\n{self.output()}")
                with contextlib.suppress(OSError, http.client.HTTPException):
                    if probe.request("GET", "/login").status == 200:
                        return
                time.sleep(0.05)
        finally:
            probe.close()
        raise RuntimeError(f"the console did not answer within {STARTUP_SECONDS:.0f} s:\n{self.output()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler, no flush, no checkpoint, exactly as when the power goes."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """A clean stop (SIGTERM), then SIGKILL if the server does not go within 10 s."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""


@contextlib.contextmanager
def live_console(folder: Path, accounts: Mapping[str, Role] = ACCOUNTS) -> Iterator[LiveConsole]:
    """A running console over a fresh database in ``folder``; stopped however the block ends."""
    db = folder / "console.db"
    seed_accounts(db, accounts)
    console = LiveConsole(db=db, log=folder / "server.log", port=free_port())
    try:
        console.start()
        yield console
    finally:
        console.stop()
