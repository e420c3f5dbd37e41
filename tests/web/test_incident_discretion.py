"""The floor's discretion on the incident page and the printed report is the ruling's own reason: never the note a
book keeps on another rule the ruling cites."""

from __future__ import annotations

from html import unescape

import pytest
from fastapi.testclient import TestClient

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.law.rulebooks import find_rulebook
from tests.web.conftest import example


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_incident_page_and_the_report_give_the_ruling_s_own_discretion_reason(floor: TestClient,
                                                                                   lang: str) -> None:
    log = example("foreign-back-in-stub-after-sa")
    book = find_rulebook("tda-2024")
    ruling = rule(handlog.from_obj(log), rulebook=book).ruling
    own = ruling.reasons(lang)
    others = {book.discretion_reason(r, lang) for r in ruling.rules} - set(own) - {None}
    assert ruling.discretion and own and others  # the ruling cites rules whose notes are not its reason
    posted = floor.post("/api/incidents", json={"log": log, "rulebook": "tda-2024"})
    assert posted.status_code == 201, posted.text
    html = unescape(floor.get(f"/incidents/{posted.json()['id']}", headers={"Accept-Language": lang}).text)
    assert f'<html lang="{lang}"' in html
    screen, report = html.split('data-testid="incident-report"')
    for reason in own:
        assert reason in screen.split('data-testid="ruling"')[1] and reason in report
    for note in others:
        assert str(note) not in html
