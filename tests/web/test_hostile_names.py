"""What a page does with what a client sends: direction overrides in names are shown, not obeyed, and a
console served over TLS tells browsers to keep to it (HSTS)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import example, log_in

RLO = "\u202e"


def test_a_direction_override_in_a_players_name_is_shown_inert(dealer: TestClient) -> None:
    log = example("four-card-flop")
    log["players"][0]["name"] = "Ann" + RLO + "kcab\u2066x"
    posts = [e for e in log["events"] if e["type"] == "post"]
    response = dealer.post("/api/hands", json={"header": {**log, "events": posts}})
    assert response.status_code == 201, response.text
    page = dealer.get(f"/hands/{response.json()['id']}")
    assert page.status_code == 200
    assert RLO not in page.text and "\u2066" not in page.text
    assert "Ann&lt;U+202E&gt;kcab&lt;U+2066&gt;x" in page.text


def test_hsts_is_sent_over_tls_only(app: FastAPI) -> None:
    with TestClient(app, base_url="https://console.local") as tls, TestClient(app) as plain:
        assert tls.get("/login").headers["strict-transport-security"] == "max-age=31536000"
        assert "strict-transport-security" not in plain.get("/login").headers
        log_in(tls, "dana")
        assert "max-age" in tls.get("/").headers["strict-transport-security"]
