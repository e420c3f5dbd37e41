"""A hand nobody logged, at a stud or a draw table: each mishap the floor can tell in that family is written as
the hand log a dealer would have kept, and the engine rules on it as on that log written out by hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.fold.table import GAMES, Family, Game, Street
from floorman.web.problems import InvalidInput
from floorman.web.what_happened import Account, Mishap, account_from_form, card_choices, mishaps_for, reconstructed_log
from tests.builders import FLOOR, act, last, ruled
from tests.web.test_pages import form_token

SEATS = (1, 2, 3, 4, 5, 6)
STUD_GAMES = ("stud", "stud8", "razz")
DRAW_GAMES = ("2-7-single-draw", "2-7-triple-draw", "badugi")
BURN = {"type": "burn"}


def _header(game: str) -> dict[str, Any]:
    header: dict[str, Any] = {"floorman": 1, "game": game, "seats": 6, "table": "7", "hand": "7-0101",
                              "players": [{"seat": s, "name": f"P{s}", "stack": 30000} for s in SEATS]}
    if GAMES[Game(game)].family is Family.STUD:
        header["level"] = {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200}
    else:
        header |= {"button": 6, "level": {"number": 5, "small_blind": 500, "big_blind": 1000, "small_bet": 1000,
                                          "big_bet": 2000}}
    return header


def _compared(ruling: dict[str, Any]) -> dict[str, Any]:
    """What a ruling decides (its event indexes aside)."""
    return {k: ruling[k] for k in ("verdict", "rules", "remedies", "substantial_action", "discretion")}


def _same_ruling(game: str, account: Account, by_hand: list[dict[str, Any]], omits: list[str],
                 book: str = "wsop-2026") -> dict[str, Any]:
    told = reconstructed_log(_header(game), account)
    written = {**_header(game), "omits": omits, "events": [*by_hand, FLOOR]}
    assert told["omits"] == omits
    ruling = last(told, book)
    assert _compared(ruling) == _compared(last(written, book))
    return ruling


def _d(seat: int, *, up: bool = False) -> dict[str, Any]:
    return {"type": "deal", "seat": seat, **({"face_up": True} if up else {})}


# stud: the antes, two down cards and the door card up, the bring-in on the last seat, the others call


def _third(*, down_up: tuple[int, int] | None = None, door_down: int | None = None, skipped: int | None = None,
           first: int = 1) -> list[dict[str, Any]]:
    ring = [s for s in (*SEATS[first - 1:], *SEATS[:first - 1]) if s != skipped]
    events: list[dict[str, Any]] = [{"type": "post", "seat": s, "blind": "ante", "amount": 100} for s in SEATS]
    for n in (1, 2, 3):
        events += [_d(s, up=(n == 3 and s != door_down) or down_up == (s, n)) for s in ring]
    return events


BRING_IN = {"type": "post", "seat": 6, "blind": "bring_in", "amount": 200}


def _third_bet() -> list[dict[str, Any]]:
    return [BRING_IN, *(act(s, "call") for s in SEATS[:5])]


def _street(*, up: bool = True, burn: bool = True, skipped: int | None = None,
            dealt_up: int | None = None) -> list[dict[str, Any]]:
    return [*([BURN] if burn else []), *(_d(s, up=up or s == dealt_up) for s in SEATS if s != skipped)]


def _checks(*seats: int) -> list[dict[str, Any]]:
    return [act(s, "check") for s in seats or SEATS]


@pytest.mark.parametrize("game", STUD_GAMES)
@pytest.mark.parametrize(("card", "book", "verdict"), [(1, "wsop-2026", "misdeal"), (2, "wsop-2026", "misdeal"),
                                                      (2, "tda-2024", "continue"), (1, "wsop-la-2026", "continue")])
def test_stud_a_down_card_dealt_up_on_third_street_is_ruled_by_each_book_as_written_out(
        game: str, card: int, book: str, verdict: str) -> None:
    ruling = _same_ruling(game, Account(mishap=Mishap.DOWN_CARD_UP, seat=3, card=card),
                          [*_third(down_up=(3, card)), BRING_IN], ["boxed", "burns"], book)
    assert ruling["verdict"] == verdict and "STUD-DOWN-EXPOSED" in ruling["rules"]


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_the_seventh_card_dealt_up_is_ruled_by_stud_7th_exposed_after_the_streets_before_it(game: str) -> None:
    streets = [*_street(), *_checks(), *_street(), *_checks(), *_street(), *_checks()]
    ruling = _same_ruling(game, Account(mishap=Mishap.DOWN_CARD_UP, seat=3, card=7, acted=1),
                          [*_third(), *_third_bet(), *streets, *_street(up=False, dealt_up=3), *_checks(1)],
                          ["boxed", "burns"])
    assert ruling["rules"][0] == "STUD-7TH-EXPOSED"


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_a_door_card_dealt_down_is_turned_up_at_random_under_stud_all_down(game: str) -> None:
    ruling = _same_ruling(game, Account(mishap=Mishap.DOOR_CARD_DOWN, seat=4),
                          [*_third(door_down=4), BRING_IN], ["boxed", "burns"])
    assert ruling["verdict"] == "continue" and "STUD-ALL-DOWN" in ruling["rules"]


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_a_seat_skipped_on_third_street_or_the_first_card_off_seat_is_a_misdeal(game: str) -> None:
    ruling = _same_ruling(game, Account(mishap=Mishap.SEAT_SKIPPED, seat=2), [*_third(skipped=2), BRING_IN],
                          ["boxed", "burns"])
    assert ruling["verdict"] == "misdeal" and "MD-SEAT-DEALT-OUT" in ruling["rules"]
    ruling = _same_ruling(game, Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3),
                          [*_third(first=3), BRING_IN], ["boxed", "burns"])
    assert ruling["verdict"] == "misdeal" and "MD-FIRST-WRONG-SEAT" in ruling["rules"]


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_a_seat_skipped_on_a_later_street_gets_its_card_under_stud_card_count(game: str) -> None:
    by_hand = [*_third(), *_third_bet(), *_street(), *_checks(), *_street(skipped=2), *_checks(1)]
    ruling = _same_ruling(game, Account(mishap=Mishap.SEAT_SKIPPED, seat=2, street=Street.FIFTH, acted=1),
                          by_hand, ["boxed", "burns"])
    assert "STUD-CARD-COUNT" in ruling["rules"]
    assert [(r["do"], r.get("seat")) for r in ruling["remedies"]] == [("deal_missing_card", 2)]


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_a_street_dealt_without_a_burn_is_a_stud_burn_error(game: str) -> None:
    by_hand = [*_third(), *_third_bet(), *_street(), *_checks(), *_street(burn=False), *_checks(1, 2)]
    ruling = _same_ruling(game, Account(mishap=Mishap.MISSING_BURN, street=Street.FIFTH, acted=2), by_hand,
                          ["boxed", "deal_order"])
    assert "STUD-BURN-ERROR" in ruling["rules"]


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stud_a_seat_with_an_extra_card_on_fourth_street_is_counted_against_the_cards_due_by_then(game: str) -> None:
    by_hand = [*_third(), *_third_bet(), *_street(),
               {"type": "discover", "what": "wrong_count", "seat": 2, "count": 5}]
    ruling = _same_ruling(game, Account(mishap=Mishap.EXTRA_CARD, seat=2, street=Street.FOURTH), by_hand,
                          ["boxed", "burns", "deal_order"])
    assert "MD-WRONG-COUNT" in ruling["rules"]


# draw: the blinds, the deal from the small blind, the betting closed, each draw burned and every seat drawing one


def _draw_deal(game: str, *, face_up: tuple[int, int] | None = None, skipped: int | None = None,
               first: int = 1) -> list[dict[str, Any]]:
    ring = [s for s in (*SEATS[first - 1:], *SEATS[:first - 1]) if s != skipped]
    events: list[dict[str, Any]] = [{"type": "post", "seat": 1, "blind": "sb", "amount": 500},
                                    {"type": "post", "seat": 2, "blind": "bb", "amount": 1000}]
    for n in range(1, GAMES[Game(game)].hole_cards + 1):
        events += [_d(s, up=face_up == (s, n)) for s in ring]
    return events


PREDRAW_BET = [act(3, "call"), act(4, "call"), act(5, "call"), act(6, "call"), act(1, "call"), act(2, "check")]


def _draw(*, seat: int | None = None, dealt: int = 1, up: bool = False) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [BURN]
    for s in SEATS:
        events.append({"type": "discard", "seat": s, "count": 1})
        events += [_d(s, up=up and s == seat and n == 0) for n in range(dealt if s == seat else 1)]
    return events


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_draw_a_card_exposed_in_the_deal_is_replaced_under_draw_exposed(game: str) -> None:
    last_card = GAMES[Game(game)].hole_cards
    ruling = _same_ruling(game, Account(mishap=Mishap.EXPOSED_CARD, seat=3, card=last_card),
                          _draw_deal(game, face_up=(3, last_card)), ["boxed", "burns"])
    assert ruling["verdict"] == "continue" and "DRAW-EXPOSED" in ruling["rules"]
    assert [(r["do"], r.get("seat")) for r in ruling["remedies"]] == [("replace_card", 3)]


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_draw_a_card_exposed_on_the_draw_is_ruled_by_draw_exposed(game: str) -> None:
    ruling = _same_ruling(game, Account(mishap=Mishap.DRAW_CARD_EXPOSED, seat=3, street=Street.FIRST_DRAW),
                          [*_draw_deal(game), *PREDRAW_BET, *_draw(seat=3, up=True)],
                          ["boxed", "burns", "deal_order"])
    assert "DRAW-EXPOSED" in ruling["rules"]


@pytest.mark.parametrize("game", DRAW_GAMES)
@pytest.mark.parametrize(("mishap", "dealt", "held"), [(Mishap.EXTRA_CARD, 2, 1), (Mishap.SHORT_CARD, 0, -1)])
def test_draw_too_many_or_too_few_cards_after_a_draw_is_a_wrong_count_at_that_draw(
        game: str, mishap: Mishap, dealt: int, held: int) -> None:
    found = [] if mishap is Mishap.EXTRA_CARD else [
        {"type": "discover", "what": "wrong_count", "seat": 2, "count": GAMES[Game(game)].hole_cards + held}]
    ruling = _same_ruling(game, Account(mishap=mishap, seat=2, street=Street.FIRST_DRAW, acted=1),
                          [*_draw_deal(game), *PREDRAW_BET, *_draw(seat=2, dealt=dealt), *_checks(1), *found],
                          ["boxed", "burns", "deal_order"])
    assert "MD-WRONG-COUNT" in ruling["rules"]


def test_triple_draw_the_third_draw_follows_two_draws_played_out() -> None:
    by_hand = [*_draw_deal("2-7-triple-draw"), *PREDRAW_BET, *_draw(), *_checks(), *_draw(), *_checks(),
               *_draw(seat=4, dealt=2)]
    ruling = _same_ruling("2-7-triple-draw", Account(mishap=Mishap.EXTRA_CARD, seat=4, street=Street.THIRD_DRAW),
                          by_hand, ["boxed", "burns", "deal_order"])
    assert "MD-WRONG-COUNT" in ruling["rules"]


@pytest.mark.parametrize("game", DRAW_GAMES)
def test_draw_a_seat_skipped_or_the_first_card_off_seat_in_the_deal_is_a_misdeal(game: str) -> None:
    ruling = _same_ruling(game, Account(mishap=Mishap.SEAT_SKIPPED, seat=4), _draw_deal(game, skipped=4),
                          ["boxed", "burns"])
    assert ruling["verdict"] == "misdeal" and "MD-SEAT-DEALT-OUT" in ruling["rules"]
    ruling = _same_ruling(game, Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=3), _draw_deal(game, first=3),
                          ["boxed", "burns"])
    assert ruling["verdict"] == "misdeal" and "MD-FIRST-WRONG-SEAT" in ruling["rules"]


# what the floor is offered, and what it cannot tell


def test_each_family_is_offered_only_its_own_mishaps() -> None:
    assert Mishap.FOUR_CARD_FLOP not in mishaps_for(Family.STUD) and Mishap.FOUR_CARD_FLOP not in mishaps_for(Family.DRAW)
    assert {Mishap.DOWN_CARD_UP, Mishap.DOOR_CARD_DOWN, Mishap.SEAT_SKIPPED} <= set(mishaps_for(Family.STUD))
    assert {Mishap.DRAW_CARD_EXPOSED, Mishap.EXTRA_CARD, Mishap.SHORT_CARD} <= set(mishaps_for(Family.DRAW))
    assert not {Mishap.DOWN_CARD_UP, Mishap.DOOR_CARD_DOWN, Mishap.DRAW_CARD_EXPOSED} & set(mishaps_for(Family.FLOP))
    assert card_choices(GAMES[Game.STUD]) == (1, 2, 7)
    assert card_choices(GAMES[Game.DEUCE_SEVEN_TRIPLE]) == (1, 2, 3, 4, 5)


@pytest.mark.parametrize(("game", "form", "field"), [
    ("stud", {"mishap": "four_card_flop"}, "mishap"),
    ("badugi", {"mishap": "door_card_down", "seat": "2"}, "mishap"),
    ("holdem", {"mishap": "draw_card_exposed", "seat": "2"}, "mishap"),
    ("stud", {"mishap": "down_card_up", "seat": "2", "card": "3"}, "card"),
    ("stud", {"mishap": "seat_skipped", "seat": "2", "street": "river"}, "street"),
    ("2-7-single-draw", {"mishap": "extra_card", "seat": "2", "street": "second_draw"}, "street"),
])
def test_a_mishap_street_or_card_the_game_does_not_have_is_refused_naming_its_field(
        game: str, form: dict[str, str], field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        account_from_form(form, seats=6, game=GAMES[Game(game)])
    assert refused.value.field == field


@pytest.mark.parametrize(("game", "account"), [
    ("razz", Account(mishap=Mishap.MISSING_BURN, street=Street.THIRD)),
    ("badugi", Account(mishap=Mishap.DRAW_CARD_EXPOSED, seat=2, street=Street.PREDRAW)),
])
def test_a_burn_or_a_draw_on_the_first_street_is_refused(game: str, account: Account) -> None:
    with pytest.raises(InvalidInput) as refused:
        reconstructed_log(_header(game), account)
    assert refused.value.field == "street"


# the page


def _table(floor: TestClient, table: str, game: str) -> None:
    fields = {"csrf_token": form_token(floor), "table": table, "hand": f"{table}-0100", "dealer": "D-1", "game": game,
              "rulebook": "wsop-2026", "seats": "6", "button": "6", "level_number": "6"}
    if GAMES[Game(game)].family is Family.STUD:
        fields |= {"ante": "100", "bring_in": "200", "small_bet": "600", "big_bet": "1200"}
    else:
        fields |= {"small_blind": "500", "big_blind": "1000", "small_bet": "1000", "big_bet": "2000",
                   "post_blinds": "on"}
    for seat in SEATS:
        fields |= {f"name_{seat}": f"P{seat}", f"stack_{seat}": "30000", f"status_{seat}": "present"}
    assert floor.post("/hands", data=fields, follow_redirects=False).status_code == 303


def _offered(html: str, name: str) -> list[str]:
    return re.findall(rf'name="{name}" value="([^"]+)"', html)


@pytest.mark.parametrize(("game", "streets", "cards"), [
    ("razz", ["third", "fourth", "fifth", "sixth", "seventh"], ["1", "2", "7"]),
    ("2-7-triple-draw", ["predraw", "first_draw", "second_draw", "third_draw"], ["1", "2", "3", "4", "5"]),
    ("2-7-single-draw", ["predraw", "first_draw"], ["1", "2", "3", "4", "5"]),
    ("badugi", ["predraw", "first_draw", "second_draw", "third_draw"], ["1", "2", "3", "4"]),
])
def test_the_page_offers_the_game_s_mishaps_streets_and_cards(floor: TestClient, game: str, streets: list[str],
                                                              cards: list[str]) -> None:
    _table(floor, "9", game)
    html = floor.get("/what-happened?table=9").text
    family = GAMES[Game(game)].family
    assert _offered(html, "mishap") == [m.value for m in mishaps_for(family)]
    assert _offered(html, "street") == streets and _offered(html, "card") == cards
    vietnamese = floor.get("/what-happened?table=9", headers={"Accept-Language": "vi"}).text
    if family is Family.STUD:
        assert "A down card dealt face up" in html and "7th street" in html
        assert "Lá bài úp bị chia ngửa" in vietnamese and "vòng thứ bảy" in vietnamese
    else:
        assert "Card exposed on the draw" in html and "Lá bài bị lộ khi đổi bài" in vietnamese


def _street_labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'name="street" value="([^"]+)"[^>]*><span>([^<]+)</span>', html))


@pytest.mark.parametrize(("game", "english", "vietnamese"), [
    ("2-7-single-draw", {"predraw": "before the draw", "first_draw": "the draw"},
     {"predraw": "trước khi đổi bài", "first_draw": "lần đổi bài"}),
    ("2-7-triple-draw", {"predraw": "before the draw", "first_draw": "1st draw", "second_draw": "2nd draw",
                         "third_draw": "3rd draw"},
     {"predraw": "trước khi đổi bài", "first_draw": "lần đổi bài thứ nhất", "second_draw": "lần đổi bài thứ hai",
      "third_draw": "lần đổi bài thứ ba"}),
])
def test_a_game_with_one_draw_names_it_the_draw_and_a_game_with_three_counts_them(
        floor: TestClient, game: str, english: dict[str, str], vietnamese: dict[str, str]) -> None:
    _table(floor, "9", game)
    assert _street_labels(floor.get("/what-happened?table=9").text) == english
    said = floor.get("/what-happened?table=9", headers={"Accept-Language": "vi"}).text
    assert _street_labels(said) == vietnamese


@pytest.mark.parametrize(("game", "answers", "verdict", "rule_id"), [
    ("stud", {"mishap": "down_card_up", "seat": "3", "card": "2"}, "MISDEAL", "MD-STUD-DOWNCARD"),
    ("razz", {"mishap": "seat_skipped", "seat": "2", "street": "fifth", "acted": "1"}, "PLAY ON", "STUD-CARD-COUNT"),
    ("2-7-triple-draw", {"mishap": "draw_card_exposed", "seat": "4", "street": "second_draw"}, "PLAY ON",
     "DRAW-EXPOSED"),
    ("badugi", {"mishap": "short_card", "seat": "2", "street": "first_draw", "acted": "2", "chips_in": "1"},
     "PLAY ON", "MD-WRONG-COUNT"),
])
def test_a_stud_or_draw_hand_told_after_the_fact_is_ruled_and_filed(floor: TestClient, game: str,
                                                                     answers: dict[str, str], verdict: str,
                                                                     rule_id: str) -> None:
    _table(floor, "9", game)
    page = floor.get("/what-happened?table=9").text
    draft = re.search(r'name="draft" value="([^"]+)"', page)
    base = re.search(r'name="base" value="([^"]+)"', page)
    assert draft and base
    told = floor.post("/what-happened", data={"csrf_token": form_token(floor), "table": "9", "draft": draft[1],
                                              "base": base[1], **answers})
    assert told.status_code == 200, told.text
    assert f'data-testid="verdict">{verdict}' in told.text and rule_id in told.text
    # the carry-over the ruling rests on: a stud table has no button, a draw table's is named
    assert "the level was Level 6" in told.text or "the level was Level 5" in told.text
    assert ('data-testid="carried-button"' in told.text) is (GAMES[Game(game)].family is Family.DRAW)


_FOUND = {Mishap.FIRST_CARD_WRONG_SEAT: "first_card_wrong_seat", Mishap.SEAT_SKIPPED: "seat_dealt_out",
          Mishap.EXPOSED_CARD: "exposed_hole_card", Mishap.BOXED_CARD: "boxed_card",
          Mishap.EXTRA_CARD: "wrong_card_count", Mishap.SHORT_CARD: "wrong_card_count",
          Mishap.FOUR_CARD_FLOP: "four_card_flop", Mishap.MISSING_BURN: "missing_burn",
          Mishap.PREMATURE_CARD: "premature_card", Mishap.FOREIGN_BACK: "foreign_back_in_play",
          Mishap.DUPLICATE: "duplicate_card", Mishap.DOWN_CARD_UP: "exposed_hole_card",
          Mishap.DOOR_CARD_DOWN: "stud_door_card_down", Mishap.DRAW_CARD_EXPOSED: "exposed_hole_card"}


def _every_telling() -> list[tuple[str, Account, str]]:
    """Every mishap each game offers, on every street it can be told on (and every card it can name)."""
    told = []
    for game, spec in GAMES.items():
        if game is Game.HOLDEM or game.value not in (*STUD_GAMES, *DRAW_GAMES, "omaha5"):
            continue
        for mishap in mishaps_for(spec.family):
            streets: list[Street | None] = [None]
            if mishap.asks_street(spec.family):
                streets = list(spec.streets[1:] if mishap.after_the_first_street else spec.streets)
            cards = card_choices(spec) if mishap.names_card else (1,)
            for street in streets:
                for card in cards:
                    found = _FOUND[mishap]
                    if mishap is Mishap.SEAT_SKIPPED and street not in (None, spec.streets[0]):
                        found = "wrong_card_count"  # passed over on a later stud street: its count
                    if mishap is Mishap.DOWN_CARD_UP and card == 7:
                        found = "stud_seventh_exposed"
                    account = Account(mishap=mishap, seat=2 if mishap.needs_seat else None, card=card, street=street)
                    told.append((game.value, account, found))
    return told


@pytest.mark.parametrize(("game", "account", "found"), _every_telling(),
                         ids=lambda v: v.value if isinstance(v, Game) else None)
def test_every_mishap_a_game_offers_on_every_street_it_can_be_told_on_is_found_by_the_engine(
        game: str, account: Account, found: str) -> None:
    log = reconstructed_log(_header(game), account)
    assert found in {f["irregularity"] for f in ruled(log)["findings"]}
