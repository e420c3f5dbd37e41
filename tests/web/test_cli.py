"""``floorman serve`` and ``floorman users``, through their click commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from floorman.cli.serve import serve_cmd, users_cmd
from floorman.storage import Accounts, open_database
from floorman.storage.migrations import MIGRATIONS


def test_users_add_reads_the_password_from_stdin(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    result = CliRunner().invoke(users_cmd, ["add", "lan", "--role", "floor", "--password-stdin", "--db", str(db)],
                                input="river card 7\n")
    assert result.exit_code == 0, result.output
    assert "river card 7" not in result.output
    with open_database(db).connect() as conn:
        assert Accounts(conn).authenticate("lan", "river card 7") is not None


def test_users_add_asks_for_the_password_twice(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    result = CliRunner().invoke(users_cmd, ["add", "minh", "--role", "dealer", "--db", str(db)],
                                input="dealer pass\ndealer pass\n")
    assert result.exit_code == 0, result.output
    listed = CliRunner().invoke(users_cmd, ["list", "--db", str(db)])
    assert "minh" in listed.output and "dealer" in listed.output


def test_a_short_password_or_a_taken_name_is_one_line_and_status_2(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    short = CliRunner().invoke(users_cmd, ["add", "a", "--role", "floor", "--password-stdin", "--db", str(db)],
                               input="short\n")
    assert short.exit_code == 2 and "8 characters" in short.output
    runner = CliRunner()
    runner.invoke(users_cmd, ["add", "a", "--role", "floor", "--password-stdin", "--db", str(db)], input="long enough\n")
    taken = runner.invoke(users_cmd, ["add", "A", "--role", "floor", "--password-stdin", "--db", str(db)],
                          input="long enough\n")
    assert taken.exit_code == 2 and "already" in taken.output


def test_an_unknown_role_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(users_cmd, ["add", "x", "--role", "owner", "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 2


def test_set_role_and_set_password(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    runner.invoke(users_cmd, ["add", "vy", "--role", "dealer", "--password-stdin", "--db", db], input="first pass\n")
    assert runner.invoke(users_cmd, ["set-role", "vy", "floor", "--db", db]).exit_code == 0
    assert runner.invoke(users_cmd, ["set-password", "vy", "--password-stdin", "--db", db],
                         input="second pass\n").exit_code == 0
    with open_database(db).connect() as conn:
        user = Accounts(conn).authenticate("vy", "second pass")
    assert user is not None and user.role.value == "floor"


def test_serve_starts_uvicorn_on_the_given_address_with_the_database(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    db = tmp_path / "data" / "console.db"
    result = CliRunner().invoke(serve_cmd, ["--host", "127.0.0.1", "--port", "8123", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert (seen["host"], seen["port"]) == ("127.0.0.1", 8123)
    assert db.exists() and "create the director" in result.output
    with open_database(db).connect() as conn:
        assert conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == len(MIGRATIONS)


def test_serve_defaults_to_the_loopback_address_and_port_8000() -> None:
    options = {p.name: p.default for p in serve_cmd.params}
    assert (options["host"], options["port"]) == ("127.0.0.1", 8000)
