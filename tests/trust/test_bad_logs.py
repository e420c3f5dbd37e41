"""A hand log the CLI refuses, the web API refuses with the same line, in the one error shape.

For every malformed log (the corpus ``tests/bad/*.json`` when it is there, and the handful in
``tests/trust/malformed/`` always): ``floorman rule FILE`` exits 2 with one line, and posting the same
bytes to ``POST /api/rule`` and ``POST /api/compare`` gets a 4xx whose message is that line without
the ``floorman: FILE:`` prefix, naming the event index and the field as the error's own keys do too.
A log the CLI accepts (the corpus holds some on purpose) is accepted by the API as well.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from floorman.cli import main
from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.web.app import create_app
from tests.conftest import ROOT
from tests.web.conftest import FAST_HASH, PASSWORD, log_in

OWN = sorted((Path(__file__).resolve().parent / "malformed").glob("*.json"))
CORPUS = sorted((ROOT / "tests" / "bad").glob("*.json"))
LOGS = OWN + CORPUS
ERROR_KEYS = {"type", "message", "message_id", "params", "event", "field"}


@pytest.fixture(scope="module")
def dealer_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One console and one dealer for the whole corpus (the calls change nothing)."""
    path = tmp_path_factory.mktemp("bad") / "console.db"
    app = create_app(path, password_cost=FAST_HASH)
    with open_database(path).transaction() as conn:
        Accounts(conn, PasswordHasher(cost=FAST_HASH)).add("dana", PASSWORD, Role.DEALER, now="2026-06-01T12:00:00+00:00")
    with TestClient(app) as client:
        yield log_in(client, "dana")


def _cli(path: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["rule", str(path)])
    return result.exit_code, result.stderr.splitlines()


def test_the_own_malformed_logs_are_refused_by_the_cli() -> None:
    assert len(OWN) >= 5
    for path in OWN:
        status, lines = _cli(path)
        assert status == 2 and len(lines) == 1, (path.name, status, lines)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_api_answers_a_malformed_log_with_the_line_the_cli_prints(dealer_client: TestClient, path: Path) -> None:
    status, lines = _cli(path)
    body = path.read_bytes()
    for endpoint in ("/api/rule", "/api/compare"):
        response = dealer_client.post(endpoint, content=body, headers={"Content-Type": "application/json"})
        if status == 0:
            assert response.status_code == 200, (endpoint, response.text[:300])
            continue
        assert status == 2 and len(lines) == 1, lines
        assert 400 <= response.status_code < 500, (endpoint, response.status_code, response.text[:300])
        payload = response.json()
        assert set(payload) == {"error"} and set(payload["error"]) == ERROR_KEYS
        error = payload["error"]
        expected = lines[0].removeprefix("floorman: ").removeprefix(f"{path}: ")
        assert error["message"] == expected, endpoint
        assert "\n" not in error["message"]
        if error["event"] is not None:
            assert f"event {error['event']}: " in error["message"]
        if error["field"] is not None:  # named in the line as the CLI prints it (a control character escaped)
            assert "field '" in error["message"]
