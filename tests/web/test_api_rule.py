"""POST /api/rule and the other mirrors of the command line, and the one JSON error shape."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from tests.conftest import EXAMPLES
from tests.web.conftest import example

ERROR_KEYS = {"type", "message", "message_id", "params", "event", "field"}


def _error(response: object) -> dict[str, object]:
    body = response.json()  # type: ignore[attr-defined]
    assert set(body) == {"error"}
    assert set(body["error"]) == ERROR_KEYS
    return body["error"]  # type: ignore[no-any-return]


def test_rule_returns_the_ruling_object_of_section_3(dealer: TestClient) -> None:
    response = dealer.post("/api/rule", content=json.dumps(example("four-card-flop")))
    assert response.status_code == 200
    body = response.json()
    assert body["floorman"] == 1 and body["rulebook"]["id"] == "wsop-2026"
    last = body["rulings"][-1]
    assert last["verdict"] == "continue"
    assert [r["do"] for r in last["remedies"]] == ["scramble_and_pick_burn", "deal_without_burn"]
    assert {"at", "rules", "citations", "substantial_action", "discretion", "explanation"} <= set(last)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_rule_gives_what_the_library_gives(dealer: TestClient, path: object) -> None:
    text = path.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    expected = json.loads(ruling_json.dumps(rule(handlog.loads(text))))
    body = dealer.post("/api/rule", content=text).json()
    for ruling in body["rulings"] + expected["rulings"]:
        ruling.pop("explanation_vi", None)
    assert body == expected


def test_rule_adds_the_vietnamese_explanation(dealer: TestClient) -> None:
    log = handlog.from_obj(example("first-card-wrong-seat"))
    vi = rule(log).ruling.explain("vi")
    body = dealer.post("/api/rule", content=json.dumps(example("first-card-wrong-seat"))).json()
    assert vi and body["rulings"][-1]["explanation_vi"] == vi != body["rulings"][-1]["explanation"]


def test_rulebook_parameter_rules_under_that_book(dealer: TestClient) -> None:
    body = dealer.post("/api/rule?rulebook=rrop", content=json.dumps(example("four-card-flop"))).json()
    assert body["rulebook"]["id"] == "rrop"


def test_text_that_is_not_json_is_a_400_with_the_error_shape(dealer: TestClient) -> None:
    response = dealer.post("/api/rule", content=b'{"floorman": 1,')
    assert response.status_code == 400
    error = _error(response)
    assert error["type"] == "log_syntax_error" and "not valid JSON" in str(error["message"])


def test_a_bad_field_is_a_422_naming_the_event_and_the_field(dealer: TestClient) -> None:
    log = example("first-card-wrong-seat")
    log["events"][4] = {"type": "deal", "seat": 12}
    response = dealer.post("/api/rule", content=json.dumps(log))
    assert response.status_code == 422
    error = _error(response)
    assert (error["type"], error["event"], error["field"]) == ("log_field_error", 4, "seat")


def test_an_unknown_rulebook_is_a_422(dealer: TestClient) -> None:
    response = dealer.post("/api/rule?rulebook=nosuchbook", content=json.dumps(example("four-card-flop")))
    assert response.status_code == 422
    assert _error(response)["type"] == "unknown_rulebook"


def test_compare_rules_under_every_book(dealer: TestClient) -> None:
    body = dealer.post("/api/compare", content=json.dumps(example("foreign-back-in-stub-before-sa"))).json()
    assert [c["rulebook"]["id"] for c in body["compare"]] == ["wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022",
                                                              "rrop"]


def test_rules_lists_every_rule_with_its_citation(dealer: TestClient) -> None:
    body = dealer.get("/api/rules?rulebook=tda").json()
    assert body["rulebook"] == "tda-2024"
    four = next(r for r in body["rules"] if r["rule"] == "FLOP-4CARD")
    assert four["title_vi"] and four["source"]


def test_explain_shows_one_rule_in_every_book_and_404s_an_unknown_one(dealer: TestClient) -> None:
    body = dealer.get("/api/rules/FLOP-4CARD").json()
    assert body["paraphrase_vi"] and len(body["books"]) == 5
    response = dealer.get("/api/rules/NO-SUCH-RULE")
    assert response.status_code == 404 and _error(response)["type"] == "unknown_rule"


def test_rulebooks_are_listed(dealer: TestClient) -> None:
    assert "wsop-2026" in [b["id"] for b in dealer.get("/api/rulebooks").json()["rulebooks"]]


def test_the_openapi_document_is_served_and_lists_the_api(dealer: TestClient) -> None:
    document = dealer.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    for path in ("/api/rule", "/api/hands/{hand_id}/events", "/api/incidents", "/api/session"):
        assert path in document["paths"]


def test_a_malformed_request_body_gets_the_same_error_shape(dealer: TestClient) -> None:
    response = dealer.post("/api/hands/1/events", json={"seq": "many"})
    assert response.status_code == 422
    assert _error(response)["type"] == "invalid_request"


def test_an_unknown_api_path_is_a_404_with_the_error_shape(dealer: TestClient) -> None:
    response = dealer.get("/api/nothing-here")
    assert response.status_code == 404 and _error(response)["type"] == "not_found"


def test_an_error_is_said_in_the_users_language_with_its_message_id_and_parameters(dealer: TestClient) -> None:
    log = example("four-card-flop")
    log["events"][0] = {**log["events"][0], "seat": 12}
    english = dealer.post("/api/rule", content=json.dumps(log))
    vietnamese = dealer.post("/api/rule", content=json.dumps(log), headers={"Accept-Language": "vi-VN,vi;q=0.9"})
    assert english.status_code == vietnamese.status_code == 422
    said, error = _error(english), _error(vietnamese)
    seats = log["seats"]
    assert said["message"] == f"event 0: field 'seat': expected a seat number from 1 to {seats}, got 12"
    assert error["message"] == f"sự kiện 0: trường 'seat': cần số ghế từ 1 đến {seats}, nhận được 12"
    assert error["message_id"] == said["message_id"] == "error.value.seat"
    assert error["params"] == said["params"] == {"seats": seats, "got": "12"}
    assert (error["event"], error["field"]) == (0, "seat")


def test_a_refusal_of_the_web_layer_is_said_from_the_catalog_too(client: TestClient) -> None:
    english = _error(client.get("/api/hands"))
    vietnamese = _error(client.get("/api/hands", headers={"Accept-Language": "vi"}))
    assert (english["message"], vietnamese["message"]) == ("log in first", "hãy đăng nhập trước")
    assert english["message_id"] == vietnamese["message_id"] == "error.web.login_required"


def test_an_http_error_of_the_framework_has_no_message_id(client: TestClient) -> None:
    error = _error(client.get("/api/no-such-call"))
    assert error["message_id"] is None and error["params"] is None
