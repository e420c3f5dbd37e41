"""``floorman verify-log``: the incident log's hash chain checked from the command line.

Exit 0 and one line when every link holds; 1 and the first broken link when a row was changed,
removed, or re-hashed behind the app's back, or when a head written down earlier is gone; 2 when
there is no database to read. One test edits the database of a running console and sees both the
command and the console catch it.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from floorman.cli.store import verify_log_cmd
from floorman.storage import EVERY_ROOM, IncidentDraft, Incidents, open_database
from floorman.storage.chain import CHAINED_COLUMNS, row_hash
from tests.trust.live import Client, live_console
from tests.web.conftest import example

NOW = "2026-06-01T21:00:00+00:00"


def _draft(n: int) -> IncidentDraft:
    return IncidentDraft(
        table_name="12", hand_number=f"12-{n:04}", dealer="D-031", floor_person="flo", rulebook="wsop-2026",
        verdict="misdeal", final_verdict="misdeal", rules=["MD-FIRST-WRONG-SEAT"], causes=["first_card_wrong_seat"],
        substantial_action=False, log={"floorman": 1, "events": [{"type": "floor"}]}, ruling={"rulings": []},
        note=f"entry {n}",
    )


def _log_with(tmp_path: Path, entries: int) -> Path:
    db_path = tmp_path / "console.db"
    db = open_database(db_path)
    db.migrate()
    for n in range(1, entries + 1):
        with db.transaction() as conn:
            Incidents(conn, rooms=EVERY_ROOM).record(_draft(n), now=NOW)
    return db_path


def _verify(db_path: Path, *args: str) -> Result:
    return CliRunner().invoke(verify_log_cmd, ["--db", str(db_path), *args])


def _head(db_path: Path) -> str:
    result = _verify(db_path, "--json")
    return str(json.loads(result.output)["head"])


def _tamper(db_path: Path, *statements: str) -> None:
    """Edit the file directly, as someone with the file and the sqlite3 shell could."""
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER IF EXISTS incidents_are_never_updated")
    conn.execute("DROP TRIGGER IF EXISTS incidents_are_never_deleted")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def _rehash_from(db_path: Path, first_id: int, *, only_first: bool = False) -> None:
    """Recompute the hashes from ``first_id`` on (or of that row alone), as a careful forger would."""
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    columns = ", ".join(CHAINED_COLUMNS)
    rows = conn.execute(f"SELECT {columns}, prev_hash FROM incidents WHERE id >= ? ORDER BY id", (first_id,)).fetchall()
    prev = rows[0]["prev_hash"]
    for row in rows[:1] if only_first else rows:
        digest = row_hash({name: row[name] for name in CHAINED_COLUMNS}, prev)
        conn.execute("UPDATE incidents SET prev_hash = ?, row_hash = ? WHERE id = ?", (prev, digest, row["id"]))
        prev = digest
    conn.commit()
    conn.close()


def test_an_intact_log_exits_0_with_one_line_naming_the_entries_and_the_head(tmp_path: Path) -> None:
    db_path = _log_with(tmp_path, 3)
    result = _verify(db_path)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0] == f"incident log intact: 3 entries, head {_head(db_path)}"


def test_an_empty_log_is_intact(tmp_path: Path) -> None:
    result = _verify(_log_with(tmp_path, 0))
    assert result.exit_code == 0 and "intact: 0 entries" in result.output


TAMPERING: dict[str, tuple[Callable[[Path], None], int, str]] = {
    "a verdict changed": (lambda p: _tamper(p, "UPDATE incidents SET final_verdict = 'continue' WHERE id = 3"),
                          3, "no longer matches its hash"),
    "a row removed": (lambda p: _tamper(p, "DELETE FROM incidents WHERE id = 2"), 3, "removed, inserted or reordered"),
    "a note changed and its own hash recomputed": (
        lambda p: (_tamper(p, "UPDATE incidents SET note = 'nothing happened' WHERE id = 2"),
                   _rehash_from(p, 2, only_first=True)), 3, "does not match the row before it"),
    "the first entry changed": (lambda p: _tamper(p, "UPDATE incidents SET dealer = 'D-999' WHERE id = 1"),
                                1, "no longer matches its hash"),
}


@pytest.mark.parametrize("how", list(TAMPERING))
def test_tampering_exits_1_naming_the_first_broken_link(tmp_path: Path, how: str) -> None:
    edit, broken_at, reason = TAMPERING[how]
    db_path = _log_with(tmp_path, 4)
    edit(db_path)
    result = _verify(db_path)
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"incident log broken at incident {broken_at}: ") and reason in result.output
    assert len(result.output.splitlines()) == 1
    report = json.loads(_verify(db_path, "--json").output)
    assert report["intact"] is False and report["broken"]["incident"] == broken_at


def test_entries_cut_from_the_end_are_caught_by_the_head_written_down_earlier(tmp_path: Path) -> None:
    db_path = _log_with(tmp_path, 4)
    noted = _head(db_path)
    assert _verify(db_path, "--head", noted).exit_code == 0
    _tamper(db_path, "DELETE FROM incidents WHERE id = 4")
    assert _verify(db_path).exit_code == 0, "the chain alone cannot see a cut end"
    result = _verify(db_path, "--head", noted)
    assert result.exit_code == 1 and "does not reach the head" in result.output and noted in result.output


def test_a_rewritten_chain_is_caught_by_the_head_written_down_earlier(tmp_path: Path) -> None:
    db_path = _log_with(tmp_path, 4)
    noted = _head(db_path)
    _tamper(db_path, "UPDATE incidents SET final_verdict = 'continue' WHERE id = 2")
    _rehash_from(db_path, 2)
    assert _verify(db_path).exit_code == 0
    assert _verify(db_path, "--head", noted).exit_code == 1


def test_a_missing_database_exits_2_and_is_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "console.db"
    result = _verify(missing)
    assert result.exit_code == 2 and "no database there" in result.output
    assert not missing.exists() and not missing.parent.exists()


@pytest.mark.parametrize(("content", "expected"), [
    (b"this is a hand log, not a database\n" * 200, "not a floorman database"),
    (b"", "no incident log"),
])
def test_a_file_that_is_not_a_floorman_database_exits_2(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "other.db"
    path.write_bytes(content)
    result = _verify(path)
    assert result.exit_code == 2 and expected in result.output
    assert path.read_bytes() == content


def test_an_edit_behind_a_running_consoles_back_is_caught_by_the_command_and_the_console(tmp_path: Path) -> None:
    with live_console(tmp_path) as console:
        floor, director = Client(console.port), Client(console.port)
        assert floor.log_in("flo").status == 200 and director.log_in("dir").status == 200
        for name in ("four-card-flop", "first-card-wrong-seat", "two-boxed-cards"):
            assert floor.request("POST", "/api/incidents", {"log": example(name)}).status == 201
        command = [sys.executable, "-c", "from floorman.cli.store import verify_log_cmd; verify_log_cmd.main()",
                   "--db", str(console.db)]
        before = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert before.returncode == 0 and "intact: 3 entries" in before.stdout, before.stdout + before.stderr

        _tamper(console.db, "UPDATE incidents SET final_verdict = 'continue', override_verdict = NULL WHERE id = 2")

        after = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert after.returncode == 1 and "broken at incident 2" in after.stdout, after.stdout + after.stderr
        served = director.request("GET", "/api/incidents/verify").json()
        assert served["intact"] is False and served["broken"]["incident"] == 2
        floor.close()
        director.close()
