"""A hand nobody logged: the floor says what happened in counts and taps, the engine rules on the
reconstructed log, and the ruling goes into the incident log like any other."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from floorman.engine.hand import rule
from floorman.fold.table import Street
from floorman.formats import handlog
from floorman.web.problems import InvalidInput
from floorman.web.what_happened import Account, Mishap, account_from_form, reconstructed_log
from tests.web.conftest import example
from tests.web.test_pages import form_token, setup_table, tap


def table_header() -> dict[str, Any]:
    return {k: v for k, v in example("four-card-flop").items() if k != "events"}


def ruled(account: Account) -> Any:
    return rule(handlog.from_obj(reconstructed_log(table_header(), account)))


@pytest.mark.parametrize(("account", "verdict", "irregularity"), [
    (Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3, acted=1, chips_in=1), "misdeal", "first_card_wrong_seat"),
    (Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3, acted=2, chips_in=2), "continue", "first_card_wrong_seat"),
    (Account(mishap=Mishap.FOUR_CARD_FLOP), "continue", "four_card_flop"),
    (Account(mishap=Mishap.FOREIGN_BACK, seat=4, acted=3, chips_in=2), "void", "foreign_back_in_play"),
    (Account(mishap=Mishap.MISSING_BURN, acted=1), "continue", "missing_burn"),
    (Account(mishap=Mishap.SEAT_SKIPPED, seat=2), "misdeal", "seat_dealt_out"),
    (Account(mishap=Mishap.EXPOSED_CARD, seat=1), "misdeal", "exposed_hole_card"),
    (Account(mishap=Mishap.BOXED_CARD, seat=2), "continue", "boxed_card"),
    (Account(mishap=Mishap.EXTRA_CARD, seat=2), "continue", "wrong_card_count"),  # T-108: dead, not a misdeal
    (Account(mishap=Mishap.SHORT_CARD, seat=2, acted=3, chips_in=2), "continue", "wrong_card_count"),
    (Account(mishap=Mishap.PREMATURE_CARD, acted=2, chips_in=1), "continue", "premature_card"),
    (Account(mishap=Mishap.DUPLICATE, street=Street.TURN, acted=2), "void", "duplicate_card"),
])
def test_each_account_is_ruled_by_the_engine(account: Account, verdict: str, irregularity: str) -> None:
    result = ruled(account)
    assert result.ruling.verdict.value == verdict
    assert irregularity in {f.irregularity.value for f in result.findings}


def test_the_log_omits_what_the_floor_was_not_told() -> None:
    log = reconstructed_log(table_header(), Account(mishap=Mishap.MISSING_BURN))
    assert log["omits"] == ["boxed", "deal_order"]
    log = reconstructed_log(table_header(), Account(mishap=Mishap.FOREIGN_BACK, seat=2))
    assert log["omits"] == ["boxed", "burns", "deal_order"]
    assert log["events"][-1] == {"type": "floor"}


def test_the_counts_become_actions_in_turn() -> None:
    log = reconstructed_log(table_header(), Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=2, acted=3,
                                                    chips_in=1))
    acts = [(e["seat"], e["action"]) for e in log["events"] if e["type"] == "act"]
    assert acts == [(3, "call"), (4, "fold"), (5, "fold")]


def test_the_ruling_spells_out_the_substantial_action_reasoning() -> None:
    one_call = ruled(Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3, acted=1, chips_in=1)).ruling
    assert not one_call.substantial_action
    assert "Seat 3 called: only 1 action: not substantial action yet" in one_call.explanation
    two_calls = ruled(Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3, acted=2, chips_in=2)).ruling
    assert two_calls.substantial_action and "that is substantial action" in two_calls.explanation


@pytest.mark.parametrize(("form", "field"), [
    ({}, "mishap"),
    ({"mishap": "spilled_drink"}, "mishap"),
    ({"mishap": "first_card_wrong_seat"}, "seat"),
    ({"mishap": "first_card_wrong_seat", "seat": "11"}, "seat"),
    ({"mishap": "four_card_flop", "acted": "1", "chips_in": "2"}, "chips_in"),
    ({"mishap": "missing_burn", "street": "sixth"}, "street"),
])
def test_a_bad_account_names_its_field(form: dict[str, str], field: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        account_from_form(form, seats=9)
    assert caught.value.field == field


def test_more_actions_than_the_street_holds_is_refused() -> None:
    with pytest.raises(InvalidInput) as caught:
        reconstructed_log(table_header(), Account(mishap=Mishap.FOUR_CARD_FLOP, acted=9))
    assert caught.value.field == "acted"


def test_a_burn_missing_before_the_flop_is_refused() -> None:
    with pytest.raises(InvalidInput) as caught:
        reconstructed_log(table_header(), Account(mishap=Mishap.MISSING_BURN, street=Street.PREFLOP))
    assert caught.value.field == "street"


def _hidden(html: str) -> list[tuple[str, str]]:
    """The draft a preview carries to Confirm and Back (its hidden fields, the CSRF token among them)."""
    form = html[html.index('data-testid="draft"'):]
    form = form[:form.index("</form>")]
    return [(n, unescape(v)) for n, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form)]


def _tell(floor: TestClient, table: str = "9", **answers: str) -> Response:
    """Rule on it: the answers posted from the "what happened" form, and the draft's ruling shown."""
    page = floor.get(f"/what-happened?table={table}").text
    draft = re.search(r'name="draft" value="([^"]+)"', page)
    base = re.search(r'name="base" value="([^"]+)"', page)
    assert draft and base
    return floor.post("/what-happened", data={"csrf_token": form_token(floor), "table": table,
                                              "draft": draft[1], "base": base[1], **answers})


def _confirm(floor: TestClient, preview: str, **decision: str) -> Response:
    data: dict[str, Any] = {}
    for name, value in _hidden(preview):
        data.setdefault(name, []).append(value)
    data |= {"decision": "confirm", **decision}
    return floor.post("/what-happened/confirm", data=data, follow_redirects=False)


def _hands_at(floor: TestClient, table: str = "9") -> list[dict[str, Any]]:
    return list(floor.get(f"/api/hands?table={table}").json()["hands"])


def test_the_floor_rules_on_an_unlogged_hand_and_it_reaches_the_incident_log(floor: TestClient) -> None:
    setup_table(floor, table="9")
    page = floor.get("/what-happened?table=9")
    assert page.status_code == 200
    assert "button on seat 1" in page.text and "6 players" in page.text
    preview = _tell(floor, mishap="first_card_wrong_seat", seat="4", acted="1", chips_in="1")
    assert preview.status_code == 200, preview.text
    assert 'data-testid="verdict">MISDEAL' in preview.text and "Reconstructed from what the table said" in preview.text
    assert "Seat 4 called: only 1 action: not substantial action yet" in preview.text
    assert len(_hands_at(floor)) == 1  # the ruling is shown from the draft: nothing is filed yet
    confirmed = _confirm(floor, preview.text)
    assert confirmed.status_code == 303 and "notice=replay_started" in confirmed.headers["location"]
    hands = _hands_at(floor)
    assert len(hands) == 3 and hands[0]["replay_of"] == hands[1]["id"]  # the told hand, and its re-play
    html = floor.get(f"/hands/{hands[1]['id']}").text
    assert "Reconstructed from what the table said" in html and "the button was on seat 1, as carried over" in html
    incidents = floor.get("/api/incidents").json()["incidents"]
    assert incidents[0]["table"] == "9" and incidents[0]["final_verdict"] == "misdeal"
    assert "first_card_wrong_seat" in incidents[0]["causes"]
    report = floor.get(f"/incidents/{incidents[0]['id']}").text
    assert 'data-testid="incident-report"' in report and "WSOP 2026 Tournament Rule 88.a.3" in report
    assert "Reconstructed from what the table said." in report and "Witnesses" in report
    assert "<td>4</td><td>Thu</td>" in report and "<td>1</td><td>Lan</td>" not in report


def test_a_bad_account_shows_the_form_again(floor: TestClient) -> None:
    setup_table(floor, table="9")
    response = floor.post("/what-happened", data={"csrf_token": form_token(floor), "table": "9",
                                                  "mishap": "foreign_back"})
    assert response.status_code == 422 and "tap the seat it happened to" in response.text
    assert re.search(r'value="foreign_back" data-testid="mishap-foreign_back"[^>]* checked', response.text)


def test_a_dealer_cannot_reconstruct_a_hand(dealer: TestClient, floor: TestClient) -> None:
    setup_table(floor, table="9")
    assert dealer.get("/what-happened?table=9", follow_redirects=False).status_code == 403


def test_an_unknown_table_is_refused(floor: TestClient) -> None:
    assert floor.get("/what-happened?table=nowhere").status_code == 422


def test_a_deal_error_noticed_after_the_deal_keeps_the_action_that_followed(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    tap(floor, page, "act", seat="4", move="call")
    html = floor.get(page).text
    assert 'data-testid="deal-error"' in html and 'data-testid="deal-all"' not in html
    assert tap(floor, page, "deal-error", first_seat="3").status_code == 200
    events = [e["event"] for e in floor.get(f"/api/hands/{page.rsplit('/', 1)[1]}/events").json()["events"]]
    deals = [e["seat"] for e in events if e["type"] == "deal"]
    acts = [(e["seat"], e["action"]) for e in events if e["type"] == "act"]
    assert deals == [3, 4, 5, 6, 1, 2] * 2 and acts == [(4, "call")]
    assert [e["type"] for e in events][-1] == "act"
    html = floor.get(page).text
    assert 'class="banner verdict-misdeal"' in html and "First card dealt to the wrong seat" in html
    assert tap(floor, page, "deal-error").status_code == 422


def test_a_deal_error_cannot_be_entered_before_the_deal(floor: TestClient) -> None:
    page = setup_table(floor)
    response = tap(floor, page, "deal-error", first_seat="3")
    assert response.status_code == 422 and "nothing has been dealt yet" in response.text


def test_the_table_line_names_the_game_in_words_in_both_languages(floor: TestClient) -> None:
    setup_table(floor, table="9", game="omaha5")
    english = floor.get("/what-happened?table=9").text
    assert "Hand 7-0101 · Pot-limit Five-card Omaha · Level 9" in english and "omaha5" not in english
    vietnamese = floor.get("/what-happened?table=9", headers={"Accept-Language": "vi"}).text
    assert "Omaha 5 lá" in vietnamese and "omaha5" not in vietnamese


def test_what_happened_shows_the_carried_over_button_and_blinds_from_the_rotation(floor: TestClient) -> None:
    setup_table(floor, table="9")  # button 6 on a full six-seat table: the next hand's button is seat 1
    page = floor.get("/what-happened?table=9").text
    assert 'data-testid="carried-over"' in page
    assert "Button on seat 1, small blind seat 2, big blind seat 3" in page
    assert 'value="1" data-testid="button-1" checked' in page


def _first_card_to_seat_2(floor: TestClient, **extra: str) -> str:
    """Told, confirmed, and the filed hand's page."""
    preview = _tell(floor, mishap="first_card_wrong_seat", seat="2", acted="0", chips_in="0", **extra)
    assert preview.status_code == 200, preview.text
    confirmed = _confirm(floor, preview.text)
    assert confirmed.status_code == 303, confirmed.text
    newest = _hands_at(floor)[0]  # the filed hand, or the re-play of a misdeal
    return floor.get(f"/hands/{newest['replay_of'] or newest['id']}").text


def test_md_first_wrong_seat_a_wrong_carried_over_button_corrected_in_one_tap_changes_the_ruling(
        floor: TestClient) -> None:
    setup_table(floor, table="9")
    # carried over, the button is on seat 1 and seat 2 was due the first card: nothing wrong
    carried = _tell(floor, mishap="first_card_wrong_seat", seat="2").text
    assert 'data-testid="verdict">MISDEAL' not in carried
    assert "the button was on seat 1, as carried over" in carried
    # the button was really on seat 2 (one tap): seat 3 was due the first card, so seat 2's is a misdeal
    corrected = _tell(floor, mishap="first_card_wrong_seat", seat="2", button="2").text
    assert 'data-testid="verdict">MISDEAL' in corrected and "MD-FIRST-WRONG-SEAT" in corrected
    assert "the button was on seat 2, as the floor corrected it" in corrected
    assert len(_hands_at(floor)) == 1  # two drafts ruled on, nothing filed
    filed = _first_card_to_seat_2(floor, button="2")
    assert "the button was on seat 2, as the floor corrected it" in filed


def test_a_draft_never_confirmed_files_nothing_and_moves_no_button(floor: TestClient) -> None:
    setup_table(floor, table="9", button=3)
    before = floor.get("/").text
    assert "Next hand: button on seat 4, small blind seat 5, big blind seat 6" in before
    for answers in ({"mishap": "four_card_flop"}, {"mishap": "seat_skipped", "seat": "2", "button": "5"},
                    {"mishap": "exposed_card", "seat": "1", "players_told": "1", "dealt": ["1", "2", "3"]}):
        assert _tell(floor, **answers).status_code == 200  # type: ignore[arg-type]
    assert len(_hands_at(floor)) == 1 and _hands_at(floor)[0]["closed_at"] is None
    assert "Next hand: button on seat 4, small blind seat 5, big blind seat 6" in floor.get("/").text
    assert "Button on seat 4, small blind seat 5" in floor.get("/what-happened?table=9").text


def test_back_changes_the_draft_not_the_table_and_a_resubmitted_confirm_files_one_hand(floor: TestClient) -> None:
    setup_table(floor, table="9")
    first = _tell(floor, mishap="first_card_wrong_seat", seat="2").text
    assert 'data-testid="verdict">MISDEAL' not in first
    back_link = re.search(r'href="([^"]+)" data-testid="change-answers"', first)
    assert back_link
    back = floor.get(unescape(back_link[1]))
    assert back.status_code == 200 and len(_hands_at(floor)) == 1
    assert re.search(r'value="first_card_wrong_seat" data-testid="mishap-first_card_wrong_seat"[^>]* checked', back.text)
    token = dict(_hidden(first))["draft"]
    assert f'name="draft" value="{token}"' in back.text  # the same draft, to change
    changed = dict(_hidden(first)) | {"button": "2"}
    second = floor.post("/what-happened", data=changed)
    assert 'data-testid="verdict">MISDEAL' in second.text and len(_hands_at(floor)) == 1
    assert _confirm(floor, second.text).status_code == 303
    after = _hands_at(floor)
    assert len(after) == 3  # the told hand and its re-play
    again = _confirm(floor, second.text)  # Back to the ruling, Confirm again
    assert again.status_code == 303 and "notice=already_filed" in again.headers["location"]
    resubmitted = floor.post("/what-happened", data=changed, follow_redirects=False)  # Back to the form, again
    assert resubmitted.status_code == 303 and "notice=already_filed" in resubmitted.headers["location"]
    assert _hands_at(floor) == after
    assert len(floor.get("/api/incidents").json()["incidents"]) == 1


def test_a_draft_whose_table_moved_on_is_refused_and_files_nothing(floor: TestClient) -> None:
    setup_table(floor, table="9")
    stale = _tell(floor, mishap="four_card_flop").text
    fresh = _tell(floor, mishap="four_card_flop").text
    assert _confirm(floor, fresh).status_code == 303
    filed = _hands_at(floor)
    refused = _confirm(floor, stale)
    assert refused.status_code == 409 and "has moved on since this was told" in refused.text
    assert _hands_at(floor) == filed


def test_the_level_and_the_players_carried_over_are_corrected_in_one_tap_and_the_ruling_says_so(
        floor: TestClient) -> None:
    setup_table(floor, table="9")
    page = floor.get("/what-happened?table=9").text
    assert all(f'value="{s}" data-testid="dealt-{s}" checked' in page for s in range(1, 7))
    assert 'data-testid="level-number"' in page and 'value="600" data-testid="level-big_blind"' in page
    carried = _tell(floor, mishap="four_card_flop").text
    assert "the level was Level 9 · 300/600 · big-blind ante 600, as carried over" in carried
    assert "seats 1, 2, 3, 4, 5, 6 were dealt in, as carried over" in carried
    # seat 2 had no hand: the first card to seat 3 is then right (the button on 1, seat 2 not dealt in)
    told = _tell(floor, mishap="first_card_wrong_seat", seat="3", level_number="10", level_small_blind="400",
                 level_big_blind="800", players_told="1", dealt=["1", "3", "4", "5", "6"])  # type: ignore[arg-type]
    assert 'data-testid="verdict">MISDEAL' not in told.text
    assert "the level was Level 10 · 400/800 · big-blind ante 600, as the floor corrected it" in told.text
    assert "seats 1, 3, 4, 5, 6 were dealt in, as the floor corrected it" in told.text
    as_carried = _tell(floor, mishap="first_card_wrong_seat", seat="3").text
    assert 'data-testid="verdict">MISDEAL' in as_carried  # seat 2 was due it, as carried over
    assert _confirm(floor, told.text).status_code == 303
    hand = floor.get(f"/api/hands/{_hands_at(floor)[0]['id']}?log=1").json()
    log = floor.get(f"/hands/{_hands_at(floor)[0]['id']}").text
    assert "seats 1, 3, 4, 5, 6 were dealt in, as the floor corrected it" in log
    assert "the level was Level 10 · 400/800" in log
    assert hand["hand"] == "7-0101"
    vietnamese = floor.post("/what-happened", headers={"Accept-Language": "vi"}, data=dict(_hidden(told.text))).text
    assert "như floor đã sửa" in vietnamese and "các ghế 1, 3, 4, 5, 6 được chia bài" in vietnamese


def test_a_table_dealt_in_with_fewer_than_two_seats_is_refused(floor: TestClient) -> None:
    setup_table(floor, table="9")
    response = _tell(floor, mishap="four_card_flop", players_told="1", dealt="2")
    assert response.status_code == 422 and "at least two seats" in response.text
    assert len(_hands_at(floor)) == 1


def test_a_button_off_the_table_is_refused_with_its_field(floor: TestClient) -> None:
    setup_table(floor, table="9")
    response = floor.post("/what-happened", data={"csrf_token": form_token(floor), "table": "9",
                                                  "mishap": "four_card_flop", "button": "12"})
    assert response.status_code == 422 and 'data-testid="error"' in response.text


def test_the_tables_page_shows_the_next_hands_button_and_blinds_from_the_rotation(floor: TestClient) -> None:
    setup_table(floor, table="9", button=3)
    home = floor.get("/").text
    assert 'data-testid="next-up-9"' in home
    assert "Next hand: button on seat 4, small blind seat 5, big blind seat 6" in home
    what = floor.get("/what-happened?table=9").text
    assert "Button on seat 4, small blind seat 5, big blind seat 6" in what  # the same model on both pages


def test_the_floor_overrides_a_drafts_ruling_on_confirm_and_a_bad_override_files_nothing(floor: TestClient) -> None:
    setup_table(floor, table="9")
    preview = _tell(floor, mishap="four_card_flop").text
    assert 'data-testid="verdict">PLAY ON' in preview
    refused = _confirm(floor, preview, decision="override", verdict="misdeal", reason="")
    assert refused.status_code == 422 and "say why" in refused.text.lower()
    assert 'data-testid="draft"' in refused.text  # the ruling again, its draft kept
    assert len(_hands_at(floor)) == 1 and floor.get("/api/incidents").json()["incidents"] == []
    overridden = _confirm(floor, preview, decision="override", verdict="misdeal", reason="the dealer exposed the flop")
    assert overridden.status_code == 303
    incident = floor.get("/api/incidents").json()["incidents"][0]
    assert incident["final_verdict"] == "misdeal" and len(_hands_at(floor)) == 3


def _filed_log(floor: TestClient) -> dict[str, Any]:
    """The log of the table's last hand filed from a draft."""
    for hand in _hands_at(floor):
        obj = floor.get(f"/api/hands/{hand['id']}?log=1").json()
        if "_draft" in obj["log"]:
            return dict(obj["log"])
    raise AssertionError("no hand filed from a draft")


def test_a_player_gone_and_a_new_player_at_an_empty_seat_are_each_one_tap(floor: TestClient) -> None:
    setup_table(floor, table="9", button=3)
    gone = _tell(floor, mishap="four_card_flop", players_told="1", dealt=["1", "2", "3", "4", "5"])  # type: ignore[arg-type]
    assert "seats 1, 2, 3, 4, 5 were dealt in, as the floor corrected it" in gone.text
    assert _confirm(floor, gone.text).status_code == 303
    assert [p["seat"] for p in _filed_log(floor)["players"]] == [1, 2, 3, 4, 5]
    page = floor.get("/what-happened?table=9").text
    assert 'value="6" data-testid="dealt-6" >' in page  # seat 6 is empty now: not dealt in
    came = _tell(floor, mishap="four_card_flop", players_told="1",
                 dealt=["1", "2", "3", "4", "5", "6"])  # type: ignore[arg-type]
    assert "seats 1, 2, 3, 4, 5, 6 were dealt in, as the floor corrected it" in came.text
    assert _confirm(floor, came.text).status_code == 303
    newcomer = _filed_log(floor)["players"][-1]
    assert newcomer["seat"] == 6 and newcomer["name"] == "" and newcomer["stack"] > 0
