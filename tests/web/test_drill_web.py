"""Ruling drills in the console: the API (start, answer, summary, results), the pages, who may see
what, and answers that are stored once and never changed."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.drill import Verdict, make_questions
from floorman.law.rulebooks import catalog
from floorman.storage import open_database
from floorman.web.drill_view import PRACTICE_BELOW
from tests.web.conftest import sqlite_only

SEED, COUNT = 41, 2
QUESTIONS = make_questions(seed=SEED, count=COUNT)


def _wrong_verdict(right: Verdict) -> str:
    return next(v.value for v in Verdict if v is not right)


def _start(client: TestClient, **options: Any) -> dict[str, Any]:
    response = client.post("/api/drill", json={"seed": SEED, "count": COUNT, **options})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def _answer(client: TestClient, drill: int, index: int, *, right: bool) -> Any:
    expected = QUESTIONS[index].answer
    verdict = expected.verdict.value if right else _wrong_verdict(expected.verdict)
    choice = expected.choice if right else (expected.choice + 1) % len(QUESTIONS[index].choices)
    return client.post(f"/api/drill/{drill}/answers", json={"index": index, "verdict": verdict, "choice": choice})


def test_start_returns_the_drill_and_its_first_question_without_the_answer(dealer: TestClient) -> None:
    body = _start(dealer)
    assert body["drill"] >= 1 and body["seed"] == str(SEED) and body["questions"] == COUNT
    assert body["index"] == 0 and body["answered"] == 0
    assert body["question"] == QUESTIONS[0].to_obj(lang="en")
    assert "answer" not in body["question"]
    again = dealer.get(f"/api/drill/{body['drill']}").json()
    assert again["question"]["id"] == QUESTIONS[0].id


def test_a_right_answer_scores_two_points_and_reveals_the_answer(dealer: TestClient) -> None:
    drill = _start(dealer)["drill"]
    response = _answer(dealer, drill, 0, right=True)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["score"]["points"] == 2 and body["score"]["verdict_right"] and body["score"]["remedy_right"]
    assert body["answer"] == QUESTIONS[0].to_obj(lang="en", reveal=True)["answer"]
    assert body["answer"]["rules"] and body["answer"]["explanation"]
    assert body["index"] == 1 and body["question"]["id"] == QUESTIONS[1].id and "answer" not in body["question"]


def test_a_wrong_answer_scores_nothing_and_cannot_be_given_again(dealer: TestClient) -> None:
    drill = _start(dealer)["drill"]
    body = _answer(dealer, drill, 1, right=False).json()
    assert body["score"]["points"] == 0
    assert body["score"]["verdict"] == QUESTIONS[1].answer.verdict.value
    assert body["index"] == 0
    again = _answer(dealer, drill, 1, right=True)
    assert again.status_code == 409
    assert again.json()["error"]["type"] == "conflict"


def test_the_summary_tallies_the_answers_by_topic(dealer: TestClient) -> None:
    drill = _start(dealer)["drill"]
    _answer(dealer, drill, 0, right=True)
    last = _answer(dealer, drill, 1, right=False).json()
    assert last["index"] is None and last["question"] is None
    summary = dealer.get(f"/api/drill/{drill}/summary").json()
    assert summary["answered"] == 2
    assert summary["total"] == {"topic": None, "questions": 2, "verdicts": 1, "remedies": 1, "points": 2,
                                "out_of": 4}
    assert sum(row["questions"] for row in summary["topics"]) == 2
    assert all(row["name"] for row in summary["topics"])


def test_the_answer_reads_in_the_users_language(dealer: TestClient) -> None:
    dealer.cookies.set("floorman_lang", "vi")
    drill = _start(dealer)["drill"]
    assert _start(dealer)["question"]["note"] == QUESTIONS[0].note_in("vi")
    answer = _answer(dealer, drill, 0, right=True).json()["answer"]
    first = answer["rules"][0]
    assert first["title"] == catalog()[first["rule"]].title_in("vi")
    assert answer["explanation"] == QUESTIONS[0].to_obj(lang="vi", reveal=True)["answer"]["explanation"]


def test_bad_options_get_the_apis_error_shape(dealer: TestClient) -> None:
    response = dealer.post("/api/drill", json={"topic": "poker-face"})
    assert response.status_code == 422
    assert response.json()["error"] == {"type": "invalid_input", "message": "no drill topic 'poker-face'",
                                        "message_id": "error.drill_view.drill_topic",
                                        "params": {"topic": "'poker-face'"}, "event": None, "field": "topic"}
    assert dealer.post("/api/drill", json={"count": 0}).json()["error"]["field"] == "count"
    assert dealer.post("/api/drill", json={"rulebook": "house"}).json()["error"]["type"] == "unknown_rulebook"
    drill = _start(dealer)["drill"]
    response = dealer.post(f"/api/drill/{drill}/answers", json={"index": 5, "verdict": "void", "choice": 0})
    assert response.status_code == 422 and response.json()["error"]["field"] == "index"


def test_a_drill_is_its_owners_alone(dealer: TestClient, floor: TestClient) -> None:
    drill = _start(dealer)["drill"]
    for path in (f"/api/drill/{drill}", f"/api/drill/{drill}/summary"):
        response = floor.get(path)
        assert response.status_code == 404 and response.json()["error"]["type"] == "not_found"
    assert _answer(floor, drill, 0, right=True).status_code == 404
    assert floor.get(f"/drill/{drill}/1").status_code == 404


def test_a_dealer_drills_on_the_pages(dealer: TestClient) -> None:
    token = dealer.headers["X-CSRF-Token"]
    assert "/drill" in dealer.get("/").text
    page = dealer.get("/drill")
    assert page.status_code == 200 and 'data-testid="start-drill"' in page.text
    started = dealer.post("/drill", data={"csrf_token": token, "topic": "", "rulebook": "wsop-2026",
                                          "count": str(COUNT), "seed": str(SEED)}, follow_redirects=False)
    assert started.status_code == 303
    url = started.headers["location"]
    question = dealer.get(url)
    assert 'data-testid="verdict-step"' in question.text and QUESTIONS[0].note in question.text
    assert "Seat 1 posts the ante" in question.text
    expected = QUESTIONS[0].answer
    remedy = dealer.get(f"{url}?verdict={expected.verdict.value}")
    assert 'data-testid="remedy-step"' in remedy.text and 'data-testid="drill-result"' not in remedy.text
    result = dealer.post(url, data={"csrf_token": token, "verdict": expected.verdict.value,
                                    "choice": str(expected.choice)})
    assert result.status_code == 200 and 'data-testid="drill-result"' in result.text
    assert "2/2" in result.text and expected.ruling.citations[0].rule in result.text
    assert dealer.post(url, data={"verdict": "void", "choice": "0"}).status_code == 403  # no CSRF token
    drill = url.split("/")[2]
    assert dealer.get(f"/drill/{drill}", follow_redirects=False).headers["location"] == f"/drill/{drill}/2"
    bad = dealer.post("/drill", data={"csrf_token": token, "topic": "nope", "count": "2"})
    assert bad.status_code == 422 and "no drill topic" in bad.text


def test_only_a_director_sees_the_results(dealer: TestClient, floor: TestClient, director: TestClient) -> None:
    drill = _start(dealer)["drill"]
    _answer(dealer, drill, 0, right=False)
    _answer(dealer, drill, 1, right=False)
    for client in (dealer, floor):
        assert client.get("/drill/results").status_code == 403
        response = client.get("/api/drill/results")
        assert response.status_code == 403 and response.json()["error"]["type"] == "forbidden"
    page = director.get("/drill/results")
    assert page.status_code == 200
    assert f"below {PRACTICE_BELOW}%" in page.text and 'data-testid="results-dana"' in page.text
    body = director.get("/api/drill/results").json()
    assert body["practice_below"] == PRACTICE_BELOW
    (dana,) = body["users"]
    assert dana["username"] == "dana" and dana["questions"] == 2 and dana["percent"] == 0
    assert dana["practice"] and all(p["percent"] < PRACTICE_BELOW for p in dana["practice"])
    assert 'data-testid="nav-drill-results"' in page.text
    assert 'data-testid="nav-drill-results"' not in dealer.get("/drill").text


@sqlite_only
def test_stored_answers_cannot_be_edited(dealer: TestClient, db_path: Path) -> None:
    drill = _start(dealer)["drill"]
    _answer(dealer, drill, 0, right=False)
    db = open_database(db_path)
    with db.connect() as conn:
        row = conn.execute("SELECT * FROM drill_answers WHERE drill_id = ?", (drill,)).fetchone()
    assert row["user_id"] and row["seed"] == str(SEED) and row["question_index"] == 0
    assert row["topic"] == QUESTIONS[0].topic.value and row["rulebook"] == QUESTIONS[0].rulebook
    assert (row["verdict_right"], row["remedy_right"], row["points"]) == (0, 0, 0) and row["answered_at"]
    for statement in ("UPDATE drill_answers SET points = 2", "DELETE FROM drill_answers"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"), db.transaction() as conn:
            conn.execute(statement)
    assert _answer(dealer, drill, 0, right=True).status_code == 409
    with db.connect() as conn:
        assert conn.execute("SELECT COUNT(*), SUM(points) FROM drill_answers").fetchone()[:] == (1, 0)
