"""The head of the incident log's hash chain, easy to keep elsewhere: the director's page shows it with the
date, every export carries it, and ``floorman verify-log --head`` checks the log against it."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner
from fastapi.testclient import TestClient

from floorman.cli import main
from tests.web.test_api_incidents import record


def test_the_directors_page_shows_the_whole_head_with_the_date(floor: TestClient, director: TestClient) -> None:
    record(floor, "four-card-flop")
    head = director.get("/api/incidents/verify").json()["head"]
    page = director.get("/incidents").text
    assert 'data-testid="chain-head"' in page and head in page
    assert "verify-log --head" in page


def test_every_export_carries_the_head(floor: TestClient, director: TestClient) -> None:
    record(floor, "four-card-flop")
    head = director.get("/api/incidents/verify").json()["head"]
    as_csv = director.get("/api/incidents/export.csv")
    assert as_csv.headers["x-floorman-chain-head"] == head
    assert f"head-{head[:16]}.csv" in as_csv.headers["content-disposition"]
    assert len(list(csv.DictReader(io.StringIO(as_csv.text)))) == 1  # the rows stay rows
    as_json = director.get("/api/incidents/export.json")
    assert as_json.headers["x-floorman-chain-head"] == head == as_json.json()["chain_head"]
    assert as_json.json()["chain_read_at"][:4].isdigit()


def test_verify_log_prints_the_head_and_checks_the_log_against_it(floor: TestClient, director: TestClient,
                                                                   db_path: Path) -> None:
    record(floor, "four-card-flop")
    head = director.get("/api/incidents/verify").json()["head"]
    printed = CliRunner().invoke(main, ["verify-log", "--db", str(db_path)])
    assert printed.exit_code == 0 and head in printed.output
    assert CliRunner().invoke(main, ["verify-log", "--db", str(db_path), "--head", head]).exit_code == 0
    assert CliRunner().invoke(main, ["verify-log", "--db", str(db_path), "--head", "0" * 64]).exit_code == 1
