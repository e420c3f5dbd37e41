"""The pages as a browser without script sees them: the live hand page's taps, the ruling on one
screen, the incident log, the rules, the statistics, the users, in English and Vietnamese."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient
from httpx import Response


def form_token(client: TestClient, path: str = "/") -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)
    assert match is not None
    return match.group(1)


def seq_of(html: str) -> str:
    match = re.search(r'data-seq="(\d+)"', html)
    assert match is not None
    return match.group(1)


def setup_table(client: TestClient, *, table: str = "7", button: int = 6, game: str = "holdem") -> str:
    """The setup form for a six-handed table; the live page's URL."""
    fields = {"csrf_token": form_token(client), "table": table, "hand": "7-0100", "dealer": "D-077",
              "game": game, "rulebook": "wsop-2026", "seats": "6", "button": str(button), "level_number": "9",
              "small_blind": "300", "big_blind": "600", "big_blind_ante": "600", "post_blinds": "on"}
    for seat, name in enumerate(["Lan", "Minh", "Quang", "Thu", "Hai", "Vy"], start=1):
        fields |= {f"name_{seat}": name, f"stack_{seat}": "30000", f"status_{seat}": "present"}
    response = client.post("/hands", data=fields, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).split("?")[0]


def tap(client: TestClient, page: str, action: str, **fields: str) -> Response:
    html = client.get(page).text
    data = {"csrf_token": form_token(client, page), "seq": seq_of(html), **fields}
    return client.post(f"{page}/{action}", data=data)


def test_the_setup_form_starts_a_hand_with_the_blinds_posted(floor: TestClient) -> None:
    page = setup_table(floor)
    html = floor.get(page).text
    assert "Table 7" in html and "Level 9 · 300/600 · big-blind ante 600" in html
    assert "posts the small blind: 300" in html and 'data-seq="3"' in html


def test_a_bad_setup_shows_the_form_again_with_the_field(floor: TestClient) -> None:
    response = floor.post("/hands", data={"csrf_token": form_token(floor), "table": "7", "seats": "14"})
    assert response.status_code == 422 and "seats" in response.text


def test_a_first_card_to_the_wrong_seat_turns_the_banner_red(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    html = floor.get(page).text
    assert 'class="banner verdict-misdeal"' in html
    assert "First card dealt to the wrong seat" in html and "0 of 3 actions" in html


def test_actions_fill_the_substantial_action_meter(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    tap(floor, page, "act", seat="3", move="call")
    assert "1 of 2 actions" in floor.get(page).text
    tap(floor, page, "act", seat="4", move="raise:2000")
    html = floor.get(page).text
    assert "Point of no return reached" in html and "Seat 4 raises to 2,000" in html


def test_a_four_card_flop_is_ruled_on_one_screen(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    for seat, move in (("3", "raise:1500"), ("4", "fold"), ("5", "fold"), ("6", "call"), ("1", "fold"), ("2", "call")):
        tap(floor, page, "act", seat=seat, move=move)
    tap(floor, page, "deal", board="4")
    tap(floor, page, "floor", note="four cards on the flop")
    html = floor.get(page).text
    assert 'data-testid="ruling"' in html and "PLAY ON" in html
    assert "Scramble the 4 cards face down" in html and "FLOP-4CARD" in html and "WSOP 2026 Tournament Rule 89" in html
    response = tap(floor, page, "ruling", decision="confirm", replay="yes")
    assert response.status_code == 200 and "The ruling is recorded in the incident log." in response.text


def test_confirming_a_misdeal_starts_the_exact_replay(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "floor")
    response = tap(floor, page, "ruling", decision="confirm", replay="yes")
    assert "The re-play has started" in response.text and "Re-play 1" in response.text
    assert "posts the small blind: 300" in response.text
    assert "Go to the re-play" in floor.get(page).text


def test_a_dealer_sees_the_ruling_but_cannot_record_it(dealer: TestClient) -> None:
    page = setup_table(dealer)
    tap(dealer, page, "deal", deal="all", first_seat="2")
    tap(dealer, page, "floor")
    html = dealer.get(page).text
    assert "Waiting for the floor" in html and "record-override" not in html
    response = tap(dealer, page, "ruling", decision="override", verdict="continue", reason="agreed")
    assert response.status_code == 403


def test_undo_takes_back_the_last_tap_on_the_page(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    response = tap(floor, page, "undo")
    assert "The last entry was taken back." in response.text and 'data-seq="3"' in response.text


def test_a_stale_tap_shows_the_latest_hand(floor: TestClient) -> None:
    page = setup_table(floor)
    html = floor.get(page).text
    token = form_token(floor, page)
    floor.post(f"{page}/deal", data={"csrf_token": token, "seq": seq_of(html), "deal": "all"})
    response = floor.post(f"{page}/deal", data={"csrf_token": token, "seq": seq_of(html), "deal": "all"})
    assert "Someone else logged on this hand first" in response.text


def test_other_events_log_an_exposed_card_and_a_foreign_back(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all")
    tap(floor, page, "event", kind="foreign_stub")
    html = floor.get(page).text
    assert "Card with a different back found (in the stub)" in html
    response = tap(floor, page, "event", kind="expose_dealer")
    assert response.status_code == 422 and "tap a seat first" in response.text


def test_the_incident_log_lists_and_shows_a_recorded_ruling(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "floor")
    tap(floor, page, "ruling", decision="confirm", replay="yes")
    listing = floor.get("/incidents?table=7").text
    assert "First card dealt to the wrong seat" in listing and 'href="/incidents/1"' in listing
    detail = floor.get("/incidents/1").text
    assert "MISDEAL" in detail and "MD-FIRST-WRONG-SEAT" in detail and "D-077" in detail


def test_a_correction_from_the_incident_page(floor: TestClient) -> None:
    floor.post("/api/incidents", json={"log": __import__("tests.web.conftest", fromlist=["example"]).example(
        "first-card-wrong-seat")})
    response = floor.post("/incidents/1/correct", data={"csrf_token": form_token(floor, "/incidents/1"),
                                                        "verdict": "continue", "reason": "video review"})
    assert "The correction is recorded as a new entry" in response.text
    assert "This entry was corrected by entry 2." in floor.get("/incidents/1").text


def test_the_page_speaks_vietnamese_when_the_browser_asks(floor: TestClient) -> None:
    floor.cookies.delete("floorman_lang")
    html = floor.get("/rules?q=FLOP-4CARD", headers={"Accept-Language": "vi-VN,vi;q=0.9,en;q=0.5"}).text
    assert '<html lang="vi">' in html and "Flop bốn lá" in html and "Tìm trong luật" in html


def test_the_language_switch_is_remembered_for_the_user(floor: TestClient) -> None:
    response = floor.post("/language", data={"csrf_token": form_token(floor), "locale": "vi", "next": "/rules"})
    assert '<html lang="vi">' in response.text
    floor.cookies.delete("floorman_lang")
    assert '<html lang="vi">' in floor.get("/", headers={"Accept-Language": "en"}).text


def test_the_ruling_screen_in_vietnamese(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "act", seat="3", move="call")
    tap(floor, page, "floor")
    floor.post("/language", data={"csrf_token": form_token(floor), "locale": "vi", "next": page})
    html = floor.get(page).text
    assert "HỦY VÁN" in html and ">MISDEAL<" not in html and "Lá bài đầu tiên được chia sai vị trí" in html
    assert "Trả lại 600 chip cho ghế 3." in html and "Xác nhận và chia lại y hệt ván bài" in html


def test_the_rules_page_searches_and_shows_the_differences(floor: TestClient) -> None:
    html = floor.get("/rules?q=four-card").text
    assert "FLOP-4CARD" in html and "MD-FIRST-WRONG-SEAT" not in html
    assert "1 of" not in html or "rules" in html
    differences = floor.get("/rules/differences").text
    assert 'class="differs"' in differences and "Four cards on the flop" in differences
    assert "WSOP 2026 Tournament Rule 89" in floor.get("/rules/FLOP-4CARD").text


def test_the_statistics_page_draws_svg_charts(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "floor")
    tap(floor, page, "ruling", decision="confirm", replay="yes")
    html = floor.get("/stats").text
    assert html.count('<svg class="chart chart-wide"') == 4 and html.count('<svg class="chart chart-narrow"') == 4
    assert "D-077" in html and "First card dealt to the wrong seat" in html
    assert "50" in html
    assert floor.get("/stats?since=2026-13-01").status_code == 200


def test_the_users_page_adds_an_account(director: TestClient) -> None:
    response = director.post("/users", data={"csrf_token": form_token(director, "/users"), "username": "tuan",
                                             "password": "dealer pass", "role": "dealer"})
    assert "The account is saved." in response.text and "tuan" in response.text


def test_next_hand_from_the_tables_page(floor: TestClient) -> None:
    setup_table(floor)
    response = floor.post("/hands/next", data={"csrf_token": form_token(floor), "table": "7"})
    assert "Hand 7-0101" in response.text and "New hand: blinds and antes are posted." in response.text


def test_an_unknown_hand_is_a_404_page(floor: TestClient) -> None:
    response = floor.get("/hands/999")
    assert response.status_code == 404 and "Not found" in response.text


def test_an_override_reads_as_a_verdict_in_words_in_both_languages(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "floor")
    response = tap(floor, page, "ruling", decision="override", verdict="continue", reason="the table agreed")
    assert response.status_code == 200, response.text
    html = floor.get(page).text
    assert "Floor ruled otherwise (Play on): the table agreed" in html and "(continue)" not in html
    assert 'class="banner verdict-continue"' in html
    floor.post("/language", data={"csrf_token": form_token(floor), "locale": "vi", "next": page})
    html = floor.get(page).text
    assert "Floor quyết định khác: Tiếp tục. Lý do: the table agreed" in html and "(continue)" not in html


def test_amounts_are_written_the_language_s_way_on_the_live_page(floor: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "act", seat="3", move="raise:custom", amount="2,400")
    html = floor.get(page).text
    assert "Level 9 · 300/600 · big-blind ante 600" in html and "Seat 3 raises to 2,400" in html
    assert ">29,700<" in html and ">28,800<" in html and ">27,600<" in html and "Pot 3,900" in html
    assert "2400" not in html and ">2,400<" in html  # seat 3's bet on the street
    floor.post("/language", data={"csrf_token": form_token(floor), "locale": "vi", "next": page})
    html = floor.get(page).text
    assert "Ghế 3 raise lên 2.400" in html and ">27.600<" in html and "Pot 3.900" in html and "2,400" not in html
    assert "Cấp độ 9 · 300/600 · big blind ante 600" in html


def test_the_rulebooks_own_notes_read_in_vietnamese_on_the_rules_pages(floor: TestClient) -> None:
    floor.post("/language", data={"csrf_token": form_token(floor), "locale": "vi", "next": "/rules"})
    for path in ("/rules/FLOP-NOBURN", "/rules?q=FLOP-NOBURN"):
        html = floor.get(path).text
        assert "Điều 88.c.3 và 88.c.3.i mâu thuẫn nhau" in html, path
        assert "Rules 88.c.3 and 88.c.3.i disagree" not in html, path
    html = floor.get("/rules/RD-BUTTON").text  # a book silent on a rule says so in its own note
    assert "RRoP: Luật không nêu; mặc định giữ button ở chỗ cũ." in html and "Not stated" not in html
    assert ">V<" not in floor.get("/rules?q=FLOP-4CARD").text


def test_a_form_error_on_a_page_is_said_in_the_users_language(floor: TestClient) -> None:
    floor.cookies.delete("floorman_lang")
    english = floor.get("/stats?since=2026-06-02&until=2026-06-01", headers={"Accept-Language": "en"}).text
    vietnamese = floor.get("/stats?since=2026-06-02&until=2026-06-01", headers={"Accept-Language": "vi"}).text
    assert "the first day comes after the last" in english
    assert "ngày đầu tiên đến sau ngày cuối cùng" in vietnamese and "the first day comes after" not in vietnamese


def test_a_refused_change_on_the_users_page_is_said_in_the_directors_language(director: TestClient) -> None:
    director.cookies.delete("floorman_lang")
    director.headers["Accept-Language"] = "vi"
    response = director.post("/users", data={"csrf_token": form_token(director, "/users"), "username": "tuan",
                                              "password": "dealer pass", "role": "boss"})
    assert response.status_code == 409
    assert "hãy chọn vai trò: dealer, floor hoặc director" in response.text


def _comes_back_to(client: TestClient, answer: Response, shows: str) -> str:
    """The language switch on a page that answered a form: its address is the GET page that shows the same, and
    switching there speaks the other language with no error."""
    assert answer.status_code in (404, 409, 422), answer.text
    match = re.search(r'name="next" value="([^"]*)"', answer.text)
    assert match is not None and html.unescape(match[1]) == shows, match and match[1]
    switched = client.post("/language", data={"csrf_token": form_token(client, shows), "locale": "vi",
                                               "next": html.unescape(match[1])})
    client.post("/language", data={"csrf_token": form_token(client, shows), "locale": "en", "next": "/"})
    assert switched.status_code == 200 and str(switched.url).endswith(shows), (switched.status_code, switched.url)
    assert '<html lang="vi">' in switched.text and 'data-testid="error"' not in switched.text
    return switched.text


def test_the_language_switch_on_a_page_that_answered_a_form_comes_back_to_its_get_page(floor: TestClient) -> None:
    page = setup_table(floor)
    refused = tap(floor, page, "act", seat="1", move="dance")
    assert 'data-seq="3"' in _comes_back_to(floor, refused, page)
    _comes_back_to(floor, floor.post("/hands", data={"csrf_token": form_token(floor), "table": "7", "seats": "14"}),
                   "/hands/new?table=7")
    floor.post("/api/incidents", json={"log": __import__("tests.web.conftest", fromlist=["example"]).example(
        "first-card-wrong-seat")})
    refused = floor.post("/incidents/1/correct", data={"csrf_token": form_token(floor, "/incidents/1"),
                                                       "verdict": "continue", "reason": ""})
    assert "MD-FIRST-WRONG-SEAT" in _comes_back_to(floor, refused, "/incidents/1")


def test_the_language_switch_on_the_users_page_after_a_refused_change_comes_back_to_the_users(
        director: TestClient) -> None:
    refused = director.post("/users/999", data={"csrf_token": form_token(director, "/users"), "role": "floor"})
    _comes_back_to(director, refused, "/users")

MESSAGE_ID = re.compile(r"\b(?:console|cause\.name)\.[a-z_]+\.[a-z0-9_.]+|\bcause\.name\.[a-z_]+")
"""A message id of the console's words: a page shows its words, never its id."""


def test_every_page_shows_the_catalog_s_words_never_a_message_id(floor: TestClient, director: TestClient) -> None:
    page = setup_table(floor)
    tap(floor, page, "deal", deal="all", first_seat="2")
    tap(floor, page, "act", seat="3", move="call")
    tap(floor, page, "floor")
    paths = ["/", page, "/rules", "/rules/FLOP-4CARD", "/rules/differences", "/incidents", "/stats", "/drill", "/floor"]
    for lang in ("en", "vi"):
        for client, seen in ((floor, paths), (director, ["/users"])):
            client.post("/language", data={"csrf_token": form_token(client), "locale": lang, "next": "/"})
            for path in seen:
                html = client.get(path).text
                assert f'<html lang="{lang}">' in html, (lang, path)
                assert MESSAGE_ID.findall(html) == [], (lang, path)
    assert MESSAGE_ID.findall("<p>console.rules.search_the_rules · cause.name.four_card_flop</p>") != []
