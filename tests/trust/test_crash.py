"""SIGKILL under writes: every incident the console acknowledged is there after the restart, whole.

Floor staff post incidents in a loop to a real ``floorman serve``; at a moment drawn from a seeded
random, the server is killed with SIGKILL (no shutdown, no flush, no checkpoint) and started again
on the same file. Each time: every acknowledged incident is there with the id and hash it was
acknowledged with; every row is whole (its log and ruling read as JSON, its hash holds, SQLite's
integrity check passes); the chain is intact; and a row nobody saw acknowledged can only be one of
the requests in flight when the server died.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from floorman.storage import chain_status, read_only
from tests.trust.live import Client, LiveConsole, live_console
from tests.web.conftest import example

CRASHES = 5
WRITERS = ("flo", "mai", "dir")
SEED = 20260601
WRITE_SECONDS = (0.4, 1.4)
"""How long the writers write before each kill (drawn per round)."""
ROUND_LIMIT_SECONDS = 20.0
LOGS = [example(name) for name in ("four-card-flop", "first-card-wrong-seat", "two-boxed-cards",
                                   "duplicate-card-on-river", "missing-flop-burn-after-check")]


@dataclass
class Ledger:
    """What the writers know: the incidents acknowledged, the requests whose answer never came."""

    acknowledged: dict[str, tuple[int, str]] = field(default_factory=dict)
    in_doubt: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, *, acknowledged: tuple[str, int, str] | None = None, in_doubt: str | None = None,
             failure: str | None = None) -> None:
        with self.lock:
            if acknowledged is not None:
                self.acknowledged[acknowledged[0]] = acknowledged[1:]
            if in_doubt is not None:
                self.in_doubt.add(in_doubt)
            if failure is not None:
                self.failures.append(failure)


def _write(session: Client, port: int, label: str, ledger: Ledger, stop: threading.Event) -> None:
    """Post incidents until the server dies or the round ends; each is one request, one transaction."""
    client = Client(port, timeout=5.0, cookie=session.cookie, csrf=session.csrf)
    deadline = time.monotonic() + ROUND_LIMIT_SECONDS
    n = 0
    try:
        while not stop.is_set() and time.monotonic() < deadline:
            note = f"{label}-{n}"
            n += 1
            try:
                response = client.request("POST", "/api/incidents", {"log": LOGS[n % len(LOGS)], "note": note})
            except (OSError, http.client.HTTPException):
                ledger.note(in_doubt=note)  # sent, and the server died before it answered
                return
            if response.status != 201:
                ledger.note(failure=f"{note}: {response.status} {response.body[:300]!r}")
                return
            body = response.json()
            if body["note"] != note:
                ledger.note(failure=f"{note}: acknowledged as {body['note']!r}")
                return
            ledger.note(acknowledged=(note, body["id"], body["row_hash"]))
    finally:
        client.close()


@dataclass(frozen=True)
class Found:
    rows: int
    acknowledged_found: int
    lost: list[str]
    unexplained: list[str]
    in_doubt_committed: int


def _check(console: LiveConsole, ledger: Ledger, director: Client) -> Found:
    """Read the file the server runs on (read-only, beside it) and ask the restarted server too."""
    with read_only(console.db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        status = chain_status(conn)
        assert status.broken is None, status.broken
        rows: dict[str, tuple[int, str]] = {}
        for row in conn.execute("SELECT id, note, row_hash, log, ruling, final_verdict FROM incidents"):
            assert json.loads(row["log"])["events"] and json.loads(row["ruling"])["rulings"], row["id"]
            assert row["final_verdict"] in ("misdeal", "void", "continue"), row["id"]
            rows[row["note"]] = (row["id"], row["row_hash"])
    lost = sorted(note for note, link in ledger.acknowledged.items() if rows.get(note) != link)
    unexplained = sorted(set(rows) - set(ledger.acknowledged) - ledger.in_doubt)
    director.close()  # its connection went down with the old server
    served = director.request("GET", "/api/incidents/verify")
    assert served.status == 200 and served.json()["intact"] and served.json()["entries"] == len(rows)
    return Found(rows=len(rows), acknowledged_found=len(ledger.acknowledged) - len(lost), lost=lost,
                 unexplained=unexplained, in_doubt_committed=len(ledger.in_doubt & set(rows)))


def test_every_acknowledged_incident_survives_sigkill_and_none_is_half_written(tmp_path: Path) -> None:
    draw = random.Random(SEED)
    ledger = Ledger()
    survived = 0
    with live_console(tmp_path) as console:
        sessions = [Client(console.port) for _ in WRITERS]
        for client, name in zip(sessions, WRITERS, strict=True):
            assert client.log_in(name).status == 200
        director = sessions[-1]
        for crash in range(CRASHES):
            stop = threading.Event()
            writers = [threading.Thread(target=_write, args=(s, console.port, f"c{crash}-{n}", ledger, stop))
                       for s, n in zip(sessions, WRITERS, strict=True)]
            for thread in writers:
                thread.start()
            time.sleep(draw.uniform(*WRITE_SECONDS))
            console.kill()
            stop.set()
            for thread in writers:
                thread.join(timeout=ROUND_LIMIT_SECONDS)
            assert not any(t.is_alive() for t in writers), "a writer did not stop"
            assert ledger.failures == [], ledger.failures
            console.start()
            found = _check(console, ledger, director)
            assert found.lost == [], f"acknowledged, then lost in crash {crash + 1}: {found.lost}"
            assert found.unexplained == [], f"rows nobody wrote: {found.unexplained}"
            survived += 1
        for client in sessions:
            client.close()
    print(f"\ncrash test: {survived} SIGKILLs survived; {len(ledger.acknowledged)} incidents acknowledged, "
          f"{found.acknowledged_found} found after the restarts, {len(found.lost)} lost; "
          f"{len(ledger.in_doubt)} requests in flight at the kills ({found.in_doubt_committed} of them committed)")
    assert survived == CRASHES
    assert len(ledger.acknowledged) >= 10 * CRASHES, "too few writes to call this a test"
