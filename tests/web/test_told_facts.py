"""The record of a hand told to the floor: the facts the floor entered, and each event the console assumed to make
a complete hand of them, marked as assumed on the incident page and the printed report."""

from __future__ import annotations

import re
from html import unescape
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from floorman.engine.hand import Hand, rule
from floorman.fold.findings import Finding, Irregularity
from floorman.fold.table import GAMES, Family, Game, Street
from floorman.formats import handlog
from floorman.law.rulebooks import find_rulebook, rulebooks
from floorman.web.i18n import load_translations
from floorman.web.told_facts import (
    Assumed,
    Assumption,
    Rested,
    assumed_events,
    deciding_events,
    rulings_rest_on,
    told_record,
    told_words,
    with_rests_on,
)
from floorman.web.what_happened import Account, CarriedFacts, Mishap, card_choices, mishaps_for, reconstructed_log
from tests.web.test_pages import setup_table
from tests.web.test_what_happened import _confirm, _hidden, _tell, table_header

CARRIED = CarriedFacts(button=1, level={"small_blind": 100, "big_blind": 200}, dealt=(1, 2, 3, 4, 5, 6))


def _made(account: Account) -> tuple[dict[str, Any], dict[Assumption, tuple[int, ...]]]:
    log = reconstructed_log(table_header(), account)
    return log, {a.what: a.events for a in assumed_events(log, account)}


def test_a_four_card_flop_with_no_action_yet_assumes_the_blinds_the_deal_the_preflop_calls_and_the_burn() -> None:
    log, made = _made(Account(mishap=Mishap.FOUR_CARD_FLOP))
    events = log["events"]
    assert set(made) == {Assumption.POSTS, Assumption.DEAL, Assumption.CLOSING, Assumption.BURNS}
    assert [e for e in events if e["type"] == "post"] == [events[i] for i in made[Assumption.POSTS]] != []
    assert {events[i]["type"] for i in made[Assumption.DEAL]} == {"deal"} and len(made[Assumption.DEAL]) == 12
    assert {events[i]["action"] for i in made[Assumption.CLOSING]} == {"call", "check"}
    assert [e for e in events if e["type"] == "act"] == [events[i] for i in made[Assumption.CLOSING]]
    said = sorted(set(range(len(events))) - {i for at in made.values() for i in at})
    assert [events[i]["type"] for i in said] == ["board", "board", "board", "board", "floor"]


@pytest.mark.parametrize("game", ["holdem", "stud", "razz", "2-7-triple-draw", "badugi"])
def test_every_event_is_said_or_assumed_once_for_every_mishap_of_every_family(game: str) -> None:
    header = _game_header(game)
    spec = GAMES[Game(game)]
    for mishap in mishaps_for(spec.family):
        seat = 2 if mishap.needs_seat else None
        streets = [None, spec.streets[1]] if mishap.asks_street(spec.family) else [None]
        cards = card_choices(spec) if mishap.names_card else (1,)
        for street, card in ((st, c) for st in streets for c in cards):
            account = Account(mishap=mishap, seat=seat, street=street, card=card, acted=2, chips_in=1)
            log = reconstructed_log(header, account)
            made = {a.what: a.events for a in assumed_events(log, account)}
            events = log["events"]
            places = [i for at in made.values() for i in at]
            assert len(places) == len(set(places)), (mishap, street)
            said = [events[i] for i in sorted(set(range(len(events))) - set(places))]
            assert said[-1] == {"type": "floor"} and all(e["type"] in ("discover", "floor", "board", "deal")
                                                         for e in said), (mishap, street, said)
            dealt_said = [e for e in said if e["type"] == "deal"]
            if mishap is Mishap.MISSING_BURN and spec.family is Family.STUD:  # the street dealt with no burn
                assert [e["seat"] for e in dealt_said] == list(range(1, 7)), said
            else:
                assert len(dealt_said) <= 1, (mishap, said)  # the card the floor named
            assert not any(e["type"] in ("act", "post", "burn") for e in said)
            acts = [i for i, e in enumerate(events) if e["type"] == "act"]
            assert made[Assumption.COUNTED] == tuple(acts[-2:]), mishap


def _game_header(game: str) -> dict[str, Any]:
    if game == "holdem":
        return table_header()
    from tests.web.test_what_happened_games import _header
    return _header(game)


def test_the_named_stud_and_draw_cards_are_said() -> None:
    for game, account in (("stud", Account(mishap=Mishap.DOOR_CARD_DOWN, seat=3)),
                          ("razz", Account(mishap=Mishap.DOWN_CARD_UP, seat=3, card=7)),
                          ("badugi", Account(mishap=Mishap.DRAW_CARD_EXPOSED, seat=3, street=Street.FIRST_DRAW))):
        log = reconstructed_log(_game_header(game), account)
        made = {i for a in assumed_events(log, account) for i in a.events}
        said = [e for i, e in enumerate(log["events"]) if i not in made and e["type"] == "deal"]
        assert said and said[0]["seat"] == 3, (game, said)


def test_the_counted_actions_are_the_last_the_count_gave_and_the_rounds_before_are_closing() -> None:
    log, made = _made(Account(mishap=Mishap.FOUR_CARD_FLOP, acted=3, chips_in=1))
    events = log["events"]
    assert [events[i]["action"] for i in made[Assumption.COUNTED]] == ["bet", "fold", "fold"]
    assert all(i < made[Assumption.COUNTED][0] for i in made[Assumption.CLOSING])


def test_a_premature_card_s_counted_actions_come_before_the_card_and_its_board_is_said() -> None:
    log, made = _made(Account(mishap=Mishap.PREMATURE_CARD, street=Street.TURN, acted=2, chips_in=0))
    events = log["events"]
    assert [events[i]["type"] for i in made[Assumption.COUNTED]] == ["act", "act"]
    last_board = max(i for i, e in enumerate(events) if e["type"] == "board")
    assert max(made[Assumption.COUNTED]) < last_board and last_board not in made.get(Assumption.BOARD, ())
    assert len(made[Assumption.BOARD]) == 3  # the flop before it: dealt as usual, by assumption


def test_the_card_the_floor_named_is_said_and_the_rest_of_the_deal_is_assumed() -> None:
    log, made = _made(Account(mishap=Mishap.EXPOSED_CARD, seat=3, card=2))
    events = log["events"]
    deals = [i for i, e in enumerate(events) if e["type"] == "deal"]
    named = [i for i in deals if i not in made[Assumption.DEAL]]
    assert len(named) == 1 and events[named[0]] == {"type": "deal", "seat": 3, "face_up": True}
    assert [i for i in deals if events[i]["seat"] == 3].index(named[0]) == 1


@pytest.mark.parametrize("book", sorted(rulebooks()))
def test_substantial_action_of_a_four_card_flop_with_no_action_rests_on_the_assumed_preflop_calls(book: str) -> None:
    account = Account(mishap=Mishap.FOUR_CARD_FLOP)
    log = reconstructed_log(table_header(), account)
    record = told_record(log, account, CARRIED, book=find_rulebook(book))
    ruling = rule(handlog.from_obj(log), rulebook=find_rulebook(book)).ruling
    assert ruling.substantial_action and record.sa_rests_on is Assumption.CLOSING


def test_substantial_action_reached_by_the_counted_actions_rests_on_the_count() -> None:
    account = Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3, acted=3, chips_in=1)
    log = reconstructed_log(table_header(), account)
    record = told_record(log, account, CARRIED, book=find_rulebook("wsop"))
    assert record.sa_rests_on is Assumption.COUNTED
    words = told_words(record.obj(), load_translations()["en"], substantial_action=True)
    assert words is not None
    assert words.substantial_action.startswith("Substantial action: assumed from 'how many acted: 3'")
    vi = told_words(record.obj(), load_translations()["vi"], substantial_action=True)
    assert vi is not None and "giả định từ 'số người đã hành động: 3'" in vi.substantial_action


def test_the_record_says_the_facts_entered_and_what_was_assumed_in_both_languages() -> None:
    account = Account(mishap=Mishap.FOUR_CARD_FLOP, note="dealer spread four")
    log = reconstructed_log(table_header(), account)
    record = told_record(log, account, CARRIED, book=find_rulebook("tda")).obj()
    en = told_words(record, load_translations()["en"], substantial_action=True)
    assert en is not None
    assert ("What went wrong", "Four-card flop") in en.entered and ("How many acted", "0") in en.entered
    assert ("What the table says", "dealer spread four") in en.entered
    assert [kind for kind, _ in en.assumed] == ["posts", "deal", "closing", "burns", "pot"]
    assert set(en.marks) == {i for a in record["assumed"] for i in a["events"]}
    vi = told_words(record, load_translations()["vi"], substantial_action=True)
    assert vi is not None and ("Lỗi gì", "Chia bốn lá bài cho flop (flop bốn lá)") in vi.entered
    assert ("Số người đã hành động", "0") in vi.entered
    assert all(words != en_words for (_, words), (_, en_words) in zip(vi.assumed, en.assumed,
                                                                                       strict=True))


def test_a_logged_hand_has_no_record_and_shows_no_assumption() -> None:
    assert told_words(None, load_translations()["en"], substantial_action=True) is None
    assert told_words({"something": "else"}, load_translations()["en"], substantial_action=False) is None


def _four_card_flop_incident(floor: TestClient, table: str = "9") -> dict[str, Any]:
    setup_table(floor, table=table)
    preview = _tell(floor, table=table, mishap="four_card_flop", acted="0", chips_in="0")
    assert preview.status_code == 200, preview.text
    assert _confirm(floor, preview.text).status_code == 303
    newest = floor.get("/api/incidents").json()["incidents"][0]
    return dict(floor.get(f"/api/incidents/{newest['id']}").json())


def _lines(html: str, testid: str) -> list[tuple[str, str]]:
    block = html[html.index(f'data-testid="{testid}"'):]
    block = block[:block.index("</ol>")]
    return [(m[0], unescape(re.sub(r"<[^>]+>", "", m[1])).strip()) for m in re.findall(r'<li(?: class="assumed" data-assumed="(\w+)")?>(.*?)</li>', block)]


def test_a_told_four_card_flop_is_recorded_with_its_facts_and_its_page_marks_every_assumed_line(
        floor: TestClient) -> None:
    incident = _four_card_flop_incident(floor)
    told = incident["told"]
    assert told["entered"]["mishap"] == "four_card_flop" and told["entered"]["acted"] == 0
    assert told["sa_rests_on"] == "closing" and told["carried"]["button"] == 1
    html = floor.get(f"/incidents/{incident['id']}").text
    assert 'data-testid="told-entered"' in html and 'data-testid="told-assumed"' in html
    assert "Substantial action: assumed from the betting before the street it happened on" in html
    lines = _lines(html, "incident-lines")
    assert all(mark for mark, text in lines if re.search(r"calls|checks|posts", text)), lines
    assert [text for mark, text in lines if not mark] == ["Board card", "Board card", "Board card", "Board card",
                                                          "Floor called", "Floor's ruling carried out"]
    report = [(mark, text) for mark, text in re.findall(
        r'<li(?: class="assumed" data-assumed="(\w+)")?>(.*?)</li>', html[html.index('class="report-lines"'):])
        if text][:12]
    assert all(mark for mark, text in report if re.search(r"calls|checks|posts|dealt", text)), report


def test_a_logged_hand_s_incident_keeps_no_record_and_its_page_marks_nothing(floor: TestClient) -> None:
    setup_table(floor, table="9")
    hand = floor.get("/api/hands?table=9").json()["hands"][0]["id"]
    assert hand  # a hand logged at the table, ruled through the API
    log = {k: v for k, v in handlog.to_obj(handlog.from_obj(reconstructed_log(
        table_header(), Account(mishap=Mishap.FOUR_CARD_FLOP)))).items() if k != "omits"}
    posted = floor.post("/api/incidents", json={"log": log})
    assert posted.status_code in (200, 201), posted.text
    incident = posted.json()
    assert incident["told"] is None
    html = floor.get(f"/incidents/{incident['id']}").text
    assert 'data-testid="told-entered"' not in html and "assumed" not in html.split('data-testid="incident-lines"')[1]


def test_a_stud_hand_s_record_carries_no_button_and_says_its_street() -> None:
    account = Account(mishap=Mishap.DOOR_CARD_DOWN, seat=3, acted=1, chips_in=1)
    log = reconstructed_log(_game_header("stud"), account)
    carried = CarriedFacts(button=None, level={"ante": 100, "bring_in": 200}, dealt=(1, 2, 3, 4, 5, 6))
    record = told_record(log, account, carried, book=find_rulebook("wsop")).obj()
    assert record["carried"]["button"] is None and record["entered"]["street_asked"] is False
    words = told_words(record, load_translations()["en"], substantial_action=False)
    assert words is not None and ("What went wrong", "Door card dealt face down") in words.entered
    assert ("On which street", "third street") in words.entered  # the mishap names it: not asked, not unknown


def test_a_correction_of_a_told_hand_s_incident_keeps_its_record(floor: TestClient) -> None:
    incident = _four_card_flop_incident(floor, table="8")
    corrected = floor.post(f"/api/incidents/{incident['id']}/corrections",
                           json={"verdict": "misdeal", "reason": "the flop was exposed before the burn"})
    assert corrected.status_code == 201, corrected.text
    assert corrected.json()["told"] == incident["told"] and corrected.json()["corrects"] == incident["id"]
    html = floor.get(f"/incidents/{corrected.json()['id']}").text
    assert 'data-testid="told-assumed"' in html


def _rests_on(game: str, account: Account, book: str = "wsop") -> tuple[Any, dict[str, Any]]:
    log = reconstructed_log(_game_header(game), account)
    return log, told_record(log, account, CARRIED, book=find_rulebook(book)).obj()


def _said(record: dict[str, Any], lang: str) -> tuple[tuple[str, str], ...]:
    words = told_words(record, load_translations()[lang], substantial_action=True)
    assert words is not None
    return words.rests_on


def test_a_first_card_to_the_wrong_seat_rests_on_the_assumed_deal_in_both_languages() -> None:
    _, record = _rests_on("holdem", Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3))
    assert record["rests_on"] == [{"what": "deal", "causes": ["first_card_wrong_seat"]}]
    assert _said(record, "en") == (("deal", "The ruling on 'First card dealt to the wrong seat' rests on an "
                                            "assumption: the deal, card by card in the usual order"),)
    assert _said(record, "vi") == (("deal", "Phán quyết về 'Lá bài đầu tiên được chia sai vị trí' dựa trên một "
                                            "giả định: quá trình chia bài ban đầu, từng lá theo thứ tự thông thường"),)


def test_an_exposed_card_counted_off_the_deck_rests_on_the_assumed_deal_though_the_floor_named_the_card() -> None:
    log, record = _rests_on("holdem", Account(mishap=Mishap.EXPOSED_CARD, seat=2, card=1))
    ruling = rule(handlog.from_obj(log), rulebook=find_rulebook("wsop")).rulings[-1]
    (finding,) = ruling.findings
    assert finding.position is not None  # its number off the deck, counted on the deal nobody said
    assert finding.at not in {i for a in record["assumed"] for i in a["events"]}  # the card itself was said
    assert record["rests_on"] == [{"what": "deal", "causes": ["exposed_hole_card"]}]


def test_a_burn_before_the_betting_was_over_rests_on_the_assumed_burn() -> None:
    _, record = _rests_on("holdem", Account(mishap=Mishap.PREMATURE_CARD, acted=2))
    assert record["rests_on"] == [{"what": "burns", "causes": ["premature_burn"]}]  # the card too soon was said
    (kind, en), = _said(record, "en")
    assert kind == "burns" and en.endswith("rests on an assumption: the burn cards")
    assert "'Burn before the betting was over'" in en
    (_, vi), = _said(record, "vi")
    assert vi == "Phán quyết về 'Đốt bài trước khi vòng cược kết thúc' dựa trên một giả định: các lá bài đốt"


@pytest.mark.parametrize(("game", "account"), [
    ("holdem", Account(mishap=Mishap.FOUR_CARD_FLOP)),
    ("holdem", Account(mishap=Mishap.MISSING_BURN, acted=1)),
    ("holdem", Account(mishap=Mishap.EXTRA_CARD, seat=2)),
    ("holdem", Account(mishap=Mishap.FOREIGN_BACK, seat=4)),
    ("holdem", Account(mishap=Mishap.DUPLICATE, street=Street.RIVER, acted=3, chips_in=2)),
    ("stud", Account(mishap=Mishap.MISSING_BURN, acted=1)),
    ("stud", Account(mishap=Mishap.DOOR_CARD_DOWN, seat=3)),
    ("badugi", Account(mishap=Mishap.SHORT_CARD, seat=2)),
], ids=lambda v: v if isinstance(v, str) else v.mishap.value)
def test_a_ruling_found_on_what_the_floor_entered_rests_on_no_assumption(game: str, account: Account) -> None:
    _, record = _rests_on(game, account)
    assert record["rests_on"] == []
    assert _said(record, "en") == () and _said(record, "vi") == ()


@pytest.mark.parametrize("game", ["holdem", "stud", "2-7-triple-draw", "badugi"])
def test_every_ruling_names_each_assumed_event_its_findings_rest_on_once_per_assumption(game: str) -> None:
    header = _game_header(game)
    spec = GAMES[Game(game)]
    seen: set[str] = set()
    for mishap in mishaps_for(spec.family):
        seat = 2 if mishap.needs_seat else None
        street = spec.streets[1] if mishap.after_the_first_street and mishap.asks_street(spec.family) else None
        for acted in (0, 3):
            account = Account(mishap=mishap, seat=seat, street=street, acted=acted, chips_in=min(acted, 1))
            log = reconstructed_log(header, account)
            record = told_record(log, account, CARRIED, book=find_rulebook("wsop")).obj()
            made = {i: a["what"] for a in record["assumed"] for i in a["events"]}
            result = rule(handlog.from_obj(log), rulebook=find_rulebook("wsop"))
            expected: dict[str, list[str]] = {}
            for finding in (f for r in result.rulings for f in r.findings):
                for what in dict.fromkeys(made[i] for i in deciding_events(finding, log["events"]) if i in made):
                    expected.setdefault(what, []).append(finding.irregularity.value)
            said = {r["what"]: r["causes"] for r in record["rests_on"]}
            assert len(said) == len(record["rests_on"]) and said == expected, (mishap, said, expected)
            seen |= set(said)
    assert seen  # in every family some ruling rests on an assumption (the deal of a first card to the wrong seat)


def test_each_assumption_is_said_once_with_every_cause_resting_on_it() -> None:
    events = [{"type": "post"}, {"type": "deal"}, {"type": "deal"}, {"type": "deal"}, {"type": "floor"}]
    assumed = (Assumed(what=Assumption.POSTS, events=(0,)), Assumed(what=Assumption.DEAL, events=(1, 2, 3)))
    findings = (Finding(at=2, irregularity=Irregularity.FIRST_CARD_WRONG_SEAT, expected_seat=1),
                Finding(at=3, irregularity=Irregularity.EXPOSED_HOLE_CARD),
                Finding(at=3, irregularity=Irregularity.EXPOSED_HOLE_CARD, seat=4))
    assert rulings_rest_on(findings, events, assumed) == (
        Rested(what=Assumption.DEAL, causes=("first_card_wrong_seat", "exposed_hole_card")),)
    record = {"entered": {"mishap": "exposed_card", "acted": 0, "chips_in": 0},
              "rests_on": [{"what": "deal", "causes": ["first_card_wrong_seat", "exposed_hole_card"]}]}
    (kind, words), = _said(record, "en")
    assert kind == "deal" and words.count("rests on an assumption") == 1
    assert "'First card dealt to the wrong seat', 'Down card exposed by the dealer'" in words


def test_a_record_kept_before_it_named_what_the_ruling_rests_on_says_nothing_of_it() -> None:
    _, record = _rests_on("holdem", Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3))
    del record["rests_on"]
    assert _said(record, "en") == ()


def _rests_on_lines(html: str) -> list[tuple[str, str]]:
    return [(kind, unescape(re.sub(r"<[^>]+>", "", text)).strip()) for kind, text in re.findall(
        r'<p class="rests-on" data-testid="ruling-rests-on" data-assumed="(\w+)">(.*?)</p>', html, re.S)]


def test_the_draft_ruling_marks_what_was_assumed_and_says_the_ruling_rests_on_the_assumed_deal(
        floor: TestClient) -> None:
    setup_table(floor, table="9")
    preview = _tell(floor, table="9", mishap="first_card_wrong_seat", seat="3", acted="1", chips_in="1")
    assert preview.status_code == 200, preview.text
    html = preview.text
    assert 'data-testid="told-entered"' in html and 'data-testid="told-assumed"' in html
    assert html.index('data-testid="ruling"') < html.index('data-testid="rests-on"') < html.index('data-testid="draft"')
    assert _rests_on_lines(html) == [("deal", "The ruling on 'First card dealt to the wrong seat' rests on an "
                                              "assumption: the deal, card by card in the usual order assumed")]
    address = urlencode([(n, v) for n, v in _hidden(html) if n not in ("csrf_token", "replay")])
    vi = floor.get(f"/what-happened/ruling?{address}", headers={"Accept-Language": "vi"}).text
    assert [kind for kind, _ in _rests_on_lines(vi)] == ["deal"]
    assert "Phán quyết về 'Lá bài đầu tiên được chia sai vị trí' dựa trên một giả định" in unescape(vi)
    assert "Những gì floor đã nhập" in vi and "Giả định để dựng lại đủ ván bài" in vi
    assert _confirm(floor, html).status_code == 303
    newest = floor.get("/api/incidents").json()["incidents"][0]
    incident = floor.get(f"/incidents/{newest['id']}").text
    assert _rests_on_lines(incident) == _rests_on_lines(html)
    report = incident[incident.index('data-testid="incident-report"'):]
    assert 'data-testid="report-rests-on"' in report
    assert "rests on an assumption: the deal, card by card in the usual order" in unescape(report)


def test_a_draft_ruling_resting_only_on_the_facts_entered_names_no_assumption(floor: TestClient) -> None:
    setup_table(floor, table="9")
    preview = _tell(floor, table="9", mishap="four_card_flop", acted="0", chips_in="0")
    assert preview.status_code == 200, preview.text
    assert 'data-testid="told-entered"' in preview.text and 'data-testid="sa-rests-on"' in preview.text
    assert _rests_on_lines(preview.text) == [] and "rests on an assumption" not in preview.text
    assert _confirm(floor, preview.text).status_code == 303
    newest = floor.get("/api/incidents").json()["incidents"][0]
    incident = floor.get(f"/incidents/{newest['id']}").text
    assert 'data-testid="ruling-rests-on"' not in incident and 'data-testid="report-rests-on"' not in incident



def test_a_record_kept_before_it_named_what_the_ruling_rests_on_is_read_with_it_from_the_filed_hand() -> None:
    log, record = _rests_on("holdem", Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3))
    older = {k: v for k, v in record.items() if k != "rests_on"}
    hand = Hand(handlog.from_obj(log), rulebook=find_rulebook("wsop"))
    assert with_rests_on(older, hand, log["events"])["rests_on"] == record["rests_on"] != []
    assert with_rests_on(record, hand, log["events"]) is record  # a record that says it: as it is
    _, flop = _rests_on("holdem", Account(mishap=Mishap.FOUR_CARD_FLOP))
    flop_log = reconstructed_log(table_header(), Account(mishap=Mishap.FOUR_CARD_FLOP))
    older = {k: v for k, v in flop.items() if k != "rests_on"}
    assert with_rests_on(older, Hand(handlog.from_obj(flop_log), rulebook=find_rulebook("wsop")),
                         flop_log["events"])["rests_on"] == []
