"""``--db``: one parse for every command; a URL of a store floorman does not speak is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from floorman.cli import main
from floorman.storage import StoreAddress, StoreAddressError, StoreKind, parse_store_address

REFUSED = [
    "mysql://u:p@h/db",
    "mongodb://floor@localhost/floorman",
    "https://example.org/floorman.db",
    "sqlite://relative.db",
    "sqlite://",
    "",
]


@pytest.mark.parametrize("value", REFUSED)
def test_a_value_that_is_neither_a_path_nor_a_supported_url_is_refused(value: str) -> None:
    with pytest.raises(StoreAddressError, match="--db"):
        parse_store_address(value)


def test_a_path_and_an_sqlite_url_name_an_sqlite_file(tmp_path: Path) -> None:
    assert parse_store_address(str(tmp_path / "c.db")) == StoreAddress(kind=StoreKind.SQLITE,
                                                                        target=str(tmp_path / "c.db"))
    assert parse_store_address(f"sqlite://{tmp_path}/c.db").target == f"{tmp_path}/c.db"
    assert parse_store_address("./mysql:odd.db").target == "./mysql:odd.db"
    assert parse_store_address(None, default=tmp_path / "d.db").target == str(tmp_path / "d.db")


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreAddressError, match="folder"):
        parse_store_address(str(tmp_path))


def test_a_long_refused_value_is_cut_in_the_message() -> None:
    with pytest.raises(StoreAddressError) as caught:
        parse_store_address("mysql://" + "x" * 100_000)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("command", [
    ["users", "list"], ["users", "add", "ann", "--role", "floor", "--password-stdin"], ["verify-log"], ["serve"],
])
def test_every_command_refuses_a_url_of_an_unsupported_store_in_one_line_and_creates_nothing(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*command, "--db", "mysql://floor@localhost/floorman"],
                                input="a long password\n")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "mysql" in lines[0] and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []
