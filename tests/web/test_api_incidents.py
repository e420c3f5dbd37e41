"""The incident log: recorded rulings, search, corrections that never edit in place, exports, and
the hash chain that shows tampering."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.storage import open_database, verify_chain
from tests.web.conftest import example, sqlite_only


def record(client: TestClient, name: str, note: str = "") -> dict[str, Any]:
    response = client.post("/api/incidents", json={"log": example(name), "note": note})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def test_a_ruling_on_a_log_is_recorded_with_its_table_hand_dealer_and_floor(floor: TestClient) -> None:
    incident = record(floor, "four-card-flop", note="seat 3 spotted it")
    assert (incident["table"], incident["hand"], incident["dealer"], incident["floor"]) == (
        "12", "12-0458", "D-031", "flo")
    assert incident["final_verdict"] == "continue" and incident["causes"] == ["four_card_flop"]
    assert incident["log"]["events"][-1]["type"] == "floor"
    assert incident["ruling"]["rulings"][-1]["rules"] == ["FLOP-4CARD"]
    assert floor.get(f"/api/incidents/{incident['id']}").json()["row_hash"] == incident["row_hash"]


def test_an_unreadable_log_is_not_recorded(floor: TestClient) -> None:
    log = example("four-card-flop")
    log["game"] = "canasta"
    response = floor.post("/api/incidents", json={"log": log})
    assert response.status_code == 422 and response.json()["error"]["field"] == "game"
    assert floor.get("/api/incidents").json()["total"] == 0


def test_search_and_filters_narrow_the_log(floor: TestClient) -> None:
    record(floor, "four-card-flop")
    record(floor, "first-card-wrong-seat")
    record(floor, "duplicate-card-on-river")
    assert floor.get("/api/incidents").json()["total"] == 3
    assert [i["final_verdict"] for i in floor.get("/api/incidents?verdict=misdeal").json()["incidents"]] == ["misdeal"]
    assert floor.get("/api/incidents?cause=four_card_flop").json()["total"] == 1
    assert floor.get("/api/incidents?q=FLOP-4CARD").json()["total"] == 1
    assert floor.get("/api/incidents?dealer=nobody").json()["total"] == 0
    assert floor.get("/api/incidents?since=2000-01-01&until=2999-12-31").json()["total"] == 3
    assert floor.get("/api/incidents?since=yesterday").status_code == 422


def test_a_correction_is_a_new_entry_and_the_old_one_stays_as_it_was(floor: TestClient) -> None:
    old = record(floor, "first-card-wrong-seat")
    response = floor.post(f"/api/incidents/{old['id']}/corrections",
                          json={"verdict": "continue", "reason": "video shows seat 1 got the first card"})
    assert response.status_code == 201
    new = response.json()
    assert new["corrects"] == old["id"] and new["final_verdict"] == "continue"
    assert new["override"] == {"verdict": "continue", "reason": "video shows seat 1 got the first card"}
    again = floor.get(f"/api/incidents/{old['id']}").json()
    assert again["row_hash"] == old["row_hash"] and again["final_verdict"] == "misdeal"
    assert again["corrected_by"] == new["id"]
    assert [i["id"] for i in floor.get("/api/incidents").json()["incidents"]] == [new["id"]]
    assert floor.get("/api/incidents?all=1").json()["total"] == 2
    second = floor.post(f"/api/incidents/{old['id']}/corrections", json={"verdict": "void", "reason": "x"})
    assert second.status_code == 409


def test_a_dealer_cannot_correct_an_entry(floor: TestClient, dealer: TestClient) -> None:
    old = record(floor, "four-card-flop")
    response = dealer.post(f"/api/incidents/{old['id']}/corrections", json={"verdict": "misdeal", "reason": "x"})
    assert response.status_code == 403


def test_a_director_exports_the_log_as_csv_and_json(floor: TestClient, director: TestClient) -> None:
    record(floor, "four-card-flop")
    record(floor, "first-card-wrong-seat")
    response = director.get("/api/incidents/export.csv?verdict=misdeal")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [r["final_verdict"] for r in rows] == ["misdeal"] and rows[0]["causes"] == "first_card_wrong_seat"
    document = director.get("/api/incidents/export.json").json()
    assert [i["id"] for i in document["incidents"]] == [1, 2]
    assert document["incidents"][0]["log"]["floorman"] == 1 and document["chain_head"] == document["incidents"][1][
        "row_hash"]


def test_the_csv_carries_the_rule_numbers_and_the_remedy_in_words(floor: TestClient) -> None:
    record(floor, "first-card-wrong-seat")
    row = next(csv.DictReader(io.StringIO(floor.get("/api/incidents/export.csv").text)))
    assert "MD-FIRST-WRONG-SEAT: WSOP 2026 Tournament Rule 88.a.3" in row["rule_numbers"]
    assert row["remedy"].startswith("1. Give seat 3 back") and "2. Re-deal the hand exactly" in row["remedy"]


def test_the_csv_speaks_the_readers_language(floor: TestClient) -> None:
    record(floor, "four-card-flop")
    floor.headers["Accept-Language"] = "vi"
    row = next(csv.DictReader(io.StringIO(floor.get("/api/incidents/export.csv").text)))
    assert "xáo trộn" in row["remedy"].lower() or "úp" in row["remedy"], row["remedy"]
    assert (row["verdict"], row["verdict_words"], row["final_verdict_words"]) == ("continue", "Tiếp tục", "Tiếp tục")
    assert row["causes"] == "four_card_flop" and row["causes_words"] == "Chia bốn lá bài cho flop (flop bốn lá)"


def test_the_csv_says_the_verdict_and_the_causes_in_words_beside_their_codes(floor: TestClient) -> None:
    record(floor, "first-card-wrong-seat")
    header, row = list(csv.reader(io.StringIO(floor.get("/api/incidents/export.csv").text)))[:2]
    named = dict(zip(header, row, strict=True))
    assert header.index("verdict_words") == header.index("verdict") + 1
    assert header.index("causes_words") == header.index("causes") + 1
    assert (named["verdict"], named["verdict_words"]) == ("misdeal", "Misdeal")
    assert named["causes"] == "first_card_wrong_seat" and named["causes_words"] == "First card dealt to the wrong seat"


def test_floor_staff_export_only_the_incidents_they_ruled(floor: TestClient, director: TestClient) -> None:
    record(floor, "four-card-flop")
    record(director, "first-card-wrong-seat")
    mine = list(csv.DictReader(io.StringIO(floor.get("/api/incidents/export.csv?floor=dir").text)))
    assert [r["floor"] for r in mine] == ["flo"]
    assert [i["floor"] for i in floor.get("/api/incidents/export.json").json()["incidents"]] == ["flo"]
    everyone = list(csv.DictReader(io.StringIO(director.get("/api/incidents/export.csv").text)))
    assert [r["floor"] for r in everyone] == ["flo", "dir"]


def test_csv_cells_that_a_spreadsheet_would_run_are_defused(floor: TestClient, director: TestClient) -> None:
    record(floor, "four-card-flop", note="=HYPERLINK(\"http://x\")")
    rows = list(csv.DictReader(io.StringIO(director.get("/api/incidents/export.csv").text)))
    assert rows[0]["note"].startswith("'=")


@sqlite_only
def test_the_chain_holds_until_a_row_is_changed_behind_its_back(floor: TestClient, director: TestClient,
                                                               db_path: Path) -> None:
    for name in ("four-card-flop", "first-card-wrong-seat", "two-boxed-cards"):
        record(floor, name)
    head = director.get("/api/incidents/export.json").json()["chain_head"]
    assert director.get("/api/incidents/verify").json() == {
        "entries": 3, "head": head, "intact": True, "broken": None,
        "rooms": {"main": {"entries": 3, "head": head, "intact": True, "broken": None}}}
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER incidents_are_never_updated")
    conn.execute("UPDATE incidents SET final_verdict = 'continue' WHERE id = 2")
    conn.commit()
    conn.close()
    body = director.get("/api/incidents/verify").json()
    assert body["intact"] is False and body["broken"]["incident"] == 2
    assert "changed" in body["broken"]["reason"]
    assert "the row was changed" in director.get("/incidents").text
    director.headers["Accept-Language"] = "vi"
    assert "dòng đã bị sửa" in director.get("/incidents").text


@sqlite_only
def test_a_removed_row_breaks_the_chain_at_the_next_one(floor: TestClient, db_path: Path) -> None:
    for name in ("four-card-flop", "first-card-wrong-seat", "two-boxed-cards"):
        record(floor, name)
    conn = sqlite3.connect(db_path)
    conn.execute("DROP TRIGGER incidents_are_never_deleted")
    conn.execute("DELETE FROM incidents WHERE id = 2")
    conn.commit()
    conn.close()
    with open_database(db_path).connect() as c:
        broken = verify_chain(c)
    assert broken is not None and broken.incident_id == 3


@sqlite_only
@pytest.mark.parametrize("statement", ["UPDATE incidents SET note = 'edited' WHERE id = 1",
                                       "DELETE FROM incidents WHERE id = 1"])
def test_the_database_refuses_to_edit_or_delete_an_incident(floor: TestClient, db_path: Path, statement: str) -> None:
    record(floor, "four-card-flop")
    with open_database(db_path).connect() as c, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        c.execute(statement)


def test_an_unknown_incident_is_a_404(floor: TestClient) -> None:
    response = floor.get("/api/incidents/42")
    assert response.status_code == 404 and json.loads(response.text)["error"]["type"] == "not_found"
