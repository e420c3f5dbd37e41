"""Hand log version 1.1: what it adds is read, written back, refused when malformed, and ruled on.

Every version 1 log stays valid and means the same (the v1 tests and examples run unchanged); a log that holds an
event or field 1.1 added declares ``"floorman": 1.1``; each addition is consumed by the fold and ruled on with the
rules of rules.md it rests on.
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

import pytest

import floorman
from floorman.engine.hand import Hand
from floorman.errors import LogFieldError
from floorman.fold.events import V1_1_TYPES, HandBegan, LevelChanged
from floorman.fold.log import Version
from floorman.formats import handlog
from floorman.formats.fields import parse
from floorman.formats.handlog import dumps, from_obj, loads
from tests.builders import FLOOR, NINE, act, deal, ruled, t9
from tests.conftest import ROOT

NEW_LEVEL = {"number": 13, "small_blind": 1500, "big_blind": 3000, "big_blind_ante": 3000}
BOOKS = ("wsop-2026", "tda-2024", "wsop-la-2026", "rrop")


def v11(events: list[dict[str, Any]], *, before: list[dict[str, Any]] | None = None, **header: Any) -> dict[str, Any]:
    """The oracle's nine-handed table as a version 1.1 log: ``before`` the posts, ``events`` after them."""
    log = t9(events, **header)
    log["floorman"] = 1.1
    log["events"] = (before or []) + log["events"]
    return log


def limp_to_flop() -> list[dict[str, Any]]:
    """Everyone folds to the button, who calls; the blinds complete and check: substantial action, flop next."""
    return [act(s, "fold") for s in range(3, 9)] + [act(9, "call", 2000), act(1, "call", 2000), act(2, "check")]


def last(log: dict[str, Any], book: str = "wsop-2026") -> dict[str, Any]:
    ruling: dict[str, Any] = ruled(log, book)["rulings"][-1]
    return ruling


def kinds(log: dict[str, Any], book: str = "wsop-2026") -> list[str]:
    return [f["irregularity"] for f in ruled(log, book)["findings"]]


# --- the version ---------------------------------------------------------------------------------------------


def test_every_example_log_of_version_1_is_read_as_version_1_and_written_back_as_1() -> None:
    for path in sorted((ROOT / "examples").glob("*.json")):
        obj = json.loads(path.read_text(encoding="utf-8"))
        if obj.get("floorman") != 1:
            continue
        log = floorman.load(path)
        assert log.version is Version.V1, path
        assert json.loads(dumps(log))["floorman"] == 1, path


def test_a_version_1_1_log_round_trips_with_every_addition() -> None:
    log = v11(
        [*deal(NINE), {"type": "deal_completed"}, {"type": "discover", "what": "wrong_count", "seat": 1, "count": 1, "caused_by": "player", "by_seat": 4}, {"type": "burn", "back": "blue"}, {"type": "found_in_burns", "card": "7h", "street": "flop"}, {"type": "muck", "seat": 5, "by": "dealer"}, {"type": "muck_retrieved", "seat": 5, "identified": "camera", "cards": ["As", "Kd"]}, {"type": "card_found", "where": "hand", "seat": 6, "card": "2c", "origin": "this_deck"}, {"type": "stub_dropped", "rebuilt": False, "mixed_with": ["muck"]}, {"type": "pot_awarded", "shares": [{"seat": 2, "amount": 5000}, {"seat": 3, "amount": 2500.5}]}, {"type": "next_hand", "button": 2, "made_up": [3]}],
        before=[{"type": "level_change", "level": NEW_LEVEL}, {"type": "hand_began", "how": "shuffler"}],
        deck={"back": "blue"},
    )
    read = loads(json.dumps(log))
    assert read.version is Version.V1_1
    assert {handlog.event_to_obj(e)["type"] for e in read.events} >= V1_1_TYPES
    written = dumps(read)
    assert written.startswith('{"floorman": 1.1,')
    assert loads(written) == read
    assert from_obj(parse(written)) == read


def test_the_writer_declares_version_1_1_when_a_log_holds_what_1_1_added() -> None:
    log = floorman.load(ROOT / "examples" / "four-card-flop.json")
    assert '"floorman": 1,' in dumps(log)
    grown = type(log)(**{**{f: getattr(log, f) for f in log.__dataclass_fields__},
                         "events": (HandBegan(), *log.events)})
    assert grown.version is Version.V1
    assert '"floorman": 1.1,' in dumps(grown)


@pytest.mark.parametrize("version", ["1.0", "1.3", '"1.1"', '"1.2"', "2", "0.9", "true", "[1, 1]"])
def test_a_version_other_than_1_1_1_or_1_2_is_refused_naming_the_field(version: str) -> None:
    body = json.dumps(t9([]))
    bad = body.replace('"floorman": 1,', f'"floorman": {version},')
    with pytest.raises(LogFieldError) as err:
        loads(bad)
    assert err.value.field == "floorman"
    assert "1, 1.1 or 1.2" in err.value.message


def test_a_version_1_log_holding_an_event_1_1_added_is_refused_naming_its_index() -> None:
    cases: list[tuple[str, dict[str, Any]]] = [
        ("hand_began", {"type": "hand_began"}), ("deal_completed", {"type": "deal_completed"}),
        ("found_in_burns", {"type": "found_in_burns"}), ("stub_dropped", {"type": "stub_dropped"}),
        ("muck_retrieved", {"type": "muck_retrieved", "seat": 3, "identified": "camera"}),
        ("card_found", {"type": "card_found", "where": "off_table"}),
    ]
    for kind, event in cases:
        log = t9([event])
        with pytest.raises(LogFieldError) as err:
            loads(json.dumps(log))
        assert (err.value.event, err.value.field) == (3, "type"), kind
        assert "1.1" in err.value.message


@pytest.mark.parametrize(("event", "field"), [
    ({"type": "burn", "back": "red"}, "back"),
    ({"type": "discover", "what": "wrong_count", "seat": 3, "count": 1, "caused_by": "dealer"}, "caused_by"),
    ({"type": "next_hand", "button": 2}, "button"),
    ({"type": "next_hand", "made_up": [3]}, "made_up"),
    ({"type": "pot_awarded", "shares": [{"seat": 2, "amount": 10}]}, "shares"),
])
def test_a_version_1_log_using_a_field_1_1_added_is_refused_naming_index_and_field(event: dict[str, Any],
                                                                                   field: str) -> None:
    with pytest.raises(LogFieldError) as err:
        loads(json.dumps(t9([event])))
    assert (err.value.event, err.value.field) == (3, field)
    assert "1.1" in err.value.message


MALFORMED = [
    ({"type": "hand_began", "how": "cut"}, "how", "'riffle', 'shuffler', 'dealer_push'"),
    ({"type": "hand_began", "at": 3}, "at", "unknown field"),
    ({"type": "deal_completed", "seat": 3}, "seat", "unknown field"),
    ({"type": "burn", "back": 3}, "back", "string"),
    ({"type": "found_in_burns", "card": "1s"}, "card", "card"),
    ({"type": "found_in_burns", "street": "fifth street"}, "street", "'flop'"),
    ({"type": "discover", "what": "wrong_count", "seat": 3, "count": 1, "caused_by": "floor"}, "caused_by",
     "'dealer', 'player'"),
    ({"type": "discover", "what": "wrong_count", "seat": 3, "count": 1, "by_seat": 4}, "by_seat", "caused_by"),
    ({"type": "discover", "what": "wrong_count", "seat": 3, "count": 1, "caused_by": "player", "by_seat": 12},
     "by_seat", "seat number from 1 to 9"),
    ({"type": "discover", "what": "duplicate", "caused_by": "player"}, "caused_by", "wrong_count"),
    ({"type": "muck_retrieved", "seat": 3}, "identified", "required"),
    ({"type": "muck_retrieved", "seat": 3, "identified": "guessed"}, "identified", "'kept_apart'"),
    ({"type": "muck_retrieved", "seat": 3, "identified": "camera", "cards": ["As", "X"]}, "cards[1]", "card"),
    ({"type": "muck_retrieved", "seat": 7, "identified": "camera"}, "seat", "no player"),
    ({"type": "card_found"}, "where", "required"),
    ({"type": "card_found", "where": "floor"}, "where", "'off_table', 'table', 'hand'"),
    ({"type": "card_found", "where": "hand"}, "seat", "required"),
    ({"type": "card_found", "where": "table", "seat": 3}, "seat", "'hand' only"),
    ({"type": "card_found", "where": "off_table", "origin": "casino"}, "origin", "'this_deck', 'unknown'"),
    ({"type": "stub_dropped", "rebuilt": "yes"}, "rebuilt", "true or false"),
    ({"type": "stub_dropped", "rebuilt": None}, "rebuilt", "true or false"),
    ({"type": "stub_dropped", "mixed_with": ["muck", "floor"]}, "mixed_with[1]", "'muck', 'burns'"),
    ({"type": "stub_dropped", "mixed_with": "muck"}, "mixed_with", "a list"),
    ({"type": "next_hand", "button": 0}, "button", "seat number"),
    ({"type": "next_hand", "made_up": [3, 3]}, "made_up", "twice"),
    ({"type": "next_hand", "made_up": [7]}, "made_up[0]", "no player"),
    ({"type": "pot_awarded", "shares": [{"seat": 2}]}, "shares[0].amount", "required"),
    ({"type": "pot_awarded", "shares": [{"seat": 2, "amount": -5}]}, "shares[0].amount", "0 or more"),
    ({"type": "pot_awarded", "shares": [{"seat": 2, "amount": "5"}]}, "shares[0].amount", "chip amount"),
    ({"type": "pot_awarded", "shares": [{"seat": 2, "amount": 5, "why": "chop"}]}, "shares[0].why", "unknown"),
    ({"type": "pot_awarded", "shares": [{"seat": 7, "amount": 5}]}, "shares[0].seat", "no player"),
    ({"type": "pot_awarded", "shares": [{"seat": 2, "amount": 5}, {"seat": 2, "amount": 5}]}, "shares[1].seat",
     "two shares"),
    ({"type": "pot_awarded", "shares": [5]}, "shares[0]", "seat and amount"),
]


@pytest.mark.parametrize(("event", "field", "words"), MALFORMED)
def test_a_malformed_v1_1_event_is_refused_naming_index_and_field(event: dict[str, Any], field: str,
                                                                  words: str) -> None:
    log = v11([event], empty=(7,))
    for route in ("text", "object"):
        with pytest.raises(LogFieldError) as err:
            if route == "text":
                loads(json.dumps(log))
            else:
                from_obj(copy.deepcopy(log))
        assert (err.value.event, err.value.field) == (3, field), err.value
        assert words in err.value.message, err.value.message


# --- when the hand began: the level (LVL-NEW-HAND, DEF-HAND-START) ---------------------------------------------


def _old_level_log(game_events: list[dict[str, Any]]) -> dict[str, Any]:
    return v11(deal(NINE) + game_events,
               before=[{"type": "level_change", "level": NEW_LEVEL}, {"type": "hand_began", "how": "riffle"}])


@pytest.mark.parametrize("book", BOOKS)
def test_blinds_posted_at_the_old_level_after_a_change_before_the_hand_began_are_corrected_before_sa(
        book: str) -> None:
    ruling = last(_old_level_log([act(3, "fold"), FLOOR]), book)
    assert ruling["verdict"] == "continue"
    assert ruling["rules"][:2] == ["LVL-NEW-HAND", "DEF-HAND-START"]
    assert "SA-OTHER-EFFECTS" in ruling["rules"]
    assert ruling["discretion"] is True and ruling["discretion_reasons"]
    assert ruling["remedies"] == [
        {"do": "repost_blinds", "seat": 1, "blind": "sb", "amount": 1500},
        {"do": "repost_blinds", "seat": 2, "blind": "bb", "amount": 3000},
        {"do": "repost_blinds", "seat": 2, "blind": "bb_ante", "amount": 3000},
    ]


def test_blinds_posted_at_the_old_level_stand_once_substantial_action_has_occurred() -> None:
    ruling = last(_old_level_log([act(3, "fold"), act(4, "call", 2000), act(5, "fold"), FLOOR]), "tda-2024")
    assert ruling["verdict"] == "continue"
    assert ruling["substantial_action"] is True
    assert {"LVL-NEW-HAND", "SA-OTHER-EFFECTS", "SA-DEF"} <= set(ruling["rules"])
    assert ruling["remedies"] == []
    assert ruling["discretion"] is False  # LVL-NEW-HAND [V]: once SA has occurred the hand continues at the old level
    assert "level 12" in ruling["explanation"]


def test_a_level_change_before_the_hand_began_with_blinds_posted_at_the_new_level_is_no_irregularity() -> None:
    log = v11([*deal(NINE), FLOOR], before=[{"type": "level_change", "level": NEW_LEVEL}, {"type": "hand_began"}])
    log["events"][2:5] = [{"type": "post", "seat": 1, "blind": "sb", "amount": 1500},
                          {"type": "post", "seat": 2, "blind": "bb", "amount": 3000},
                          {"type": "post", "seat": 2, "blind": "bb_ante", "amount": 3000}]
    assert kinds(log) == []
    result = floorman.rule(from_obj(log))
    assert result.view.level.big_blind == 3000


NEW_LEVEL_POSTS = [{"type": "post", "seat": 1, "blind": "sb", "amount": 1500},
                   {"type": "post", "seat": 2, "blind": "bb", "amount": 3000},
                   {"type": "post", "seat": 2, "blind": "bb_ante", "amount": 3000}]
"""The forced bets of NEW_LEVEL, in place of the header level's."""


def _posted_at_a_level_changed_during_the_hand(game: str, version: int, game_events: list[dict[str, Any]]
                                              ) -> dict[str, Any]:
    """The clock moves after the hand began (v1.1: ``hand_began`` first; v1: any change is during the hand) and
    the blinds are posted at the new level's amounts: the hand's level is the header's."""
    change = {"type": "level_change", "level": NEW_LEVEL}
    events = deal(NINE, rounds=4 if game == "omaha" else 2) + game_events
    if version == 1:
        log = t9(events, game=game)
        log["events"][0:3] = [change, *NEW_LEVEL_POSTS]
    else:
        log = v11(events, game=game, before=[{"type": "hand_began", "how": "riffle"}, change])
        log["events"][2:5] = NEW_LEVEL_POSTS
    return log


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize(("game", "version"), [("holdem", 2), ("omaha", 2), ("holdem", 1)])
def test_blinds_posted_at_a_level_changed_during_the_hand_are_corrected_to_the_hands_level_before_sa(
        book: str, game: str, version: int) -> None:
    log = _posted_at_a_level_changed_during_the_hand(game, version, [act(3, "fold"), FLOOR])
    assert kinds(log, book) == ["level_changed_during_hand", *["blinds_at_old_level"] * 3]
    ruling = last(log, book)
    assert ruling["verdict"] == "continue"
    assert ruling["rules"][:2] == ["LVL-NEW-HAND", "DEF-HAND-START"]
    assert "SA-OTHER-EFFECTS" in ruling["rules"] and ruling["substantial_action"] is False
    assert ruling["discretion"] is True and ruling["discretion_reasons"]
    assert ruling["remedies"] == [  # down to the hand's level: the wrong level is corrected in either direction
        {"do": "repost_blinds", "seat": 1, "blind": "sb", "amount": 1000},
        {"do": "repost_blinds", "seat": 2, "blind": "bb", "amount": 2000},
        {"do": "repost_blinds", "seat": 2, "blind": "bb_ante", "amount": 2000},
    ]
    assert "level 12" in ruling["explanation"] and "another level" in ruling["explanation"]


@pytest.mark.parametrize("book", BOOKS)
def test_blinds_posted_at_a_level_changed_during_the_hand_stand_once_substantial_action_has_occurred(
        book: str) -> None:
    log = _posted_at_a_level_changed_during_the_hand(
        "holdem", 2, [act(3, "fold"), act(4, "call", 3000), act(5, "fold"), FLOOR])
    ruling = last(log, book)
    assert ruling["verdict"] == "continue" and ruling["substantial_action"] is True
    assert {"LVL-NEW-HAND", "DEF-HAND-START", "SA-OTHER-EFFECTS", "SA-DEF"} <= set(ruling["rules"])
    assert ruling["remedies"] == []
    assert ruling["discretion"] is False  # LVL-NEW-HAND [V]: after SA the hand goes on as posted


def test_a_short_stack_all_in_for_less_than_the_hands_blind_is_no_mistake_of_level() -> None:
    log = _posted_at_a_level_changed_during_the_hand("holdem", 2, [act(3, "fold"), FLOOR])
    log["players"][0]["stack"] = 900  # seat 1 posts all it has, less than the hand's small blind of 1000
    log["events"][2]["amount"] = 900
    assert kinds(log).count("blinds_at_old_level") == 2  # seat 2's two posts; seat 1 is all in, not at a level


def test_a_level_change_after_the_hand_began_waits_for_the_next_hand() -> None:
    log = v11([*deal(NINE), FLOOR], before=[{"type": "hand_began"}, {"type": "level_change", "level": NEW_LEVEL}])
    ruling = last(log)
    assert kinds(log) == ["level_changed_during_hand"]
    assert ruling["rules"] == ["LVL-NEW-HAND", "DEF-HAND-START"]
    assert "level 12" in ruling["explanation"]


def test_a_level_change_in_a_v1_1_log_without_hand_began_means_what_it_means_in_version_1() -> None:
    events = [{"type": "level_change", "level": NEW_LEVEL}]
    old, new = t9([*deal(NINE), FLOOR]), v11([*deal(NINE), FLOOR], before=events)
    old["events"] = events + old["events"]
    assert ruled(old)["rulings"] == ruled(new)["rulings"]
    assert kinds(new) == ["level_changed_during_hand"]


def test_a_hand_pushed_event_by_event_tells_the_level_as_a_whole_log_does() -> None:
    log = from_obj(_old_level_log([act(3, "fold")]))
    hand = Hand(type(log)(**{**{f: getattr(log, f) for f in log.__dataclass_fields__}, "events": ()}))
    for event in log.events:
        hand.push(event)
    assert [f.irregularity.value for f in hand.findings] == kinds(_old_level_log([act(3, "fold")]))
    assert isinstance(log.events[0], LevelChanged)


def test_a_re_deal_after_a_change_before_the_hand_began_keeps_the_hands_level() -> None:
    log = v11([*deal(NINE, c1={"face_up": True}), FLOOR],
              before=[{"type": "level_change", "level": NEW_LEVEL}, {"type": "hand_began"}])
    log["events"][2:5] = [{"type": "post", "seat": 1, "blind": "sb", "amount": 1500},
                          {"type": "post", "seat": 2, "blind": "bb", "amount": 3000},
                          {"type": "post", "seat": 2, "blind": "bb_ante", "amount": 3000}]
    result = ruled(log)
    assert result["rulings"][-1]["verdict"] == "misdeal"
    assert result["redeal"]["level"]["big_blind"] == 3000


# --- the deal is complete (DEF-INITIAL-DEAL, ABS-AT-SEAT) -----------------------------------------------------


def test_deal_completed_fixes_the_moment_an_absent_player_must_be_back_by() -> None:
    short = deal(NINE)[:-1]  # the button's second card is missing: the engine cannot tell the deal is over
    arrive = [{"type": "arrive", "seat": 5}, act(3, "fold")]
    told = v11([*short, {"type": "deal_completed"}, *arrive, FLOOR], status={5: "absent"})
    untold = v11(short + arrive + [FLOOR], status={5: "absent"})
    assert "absent_at_deal" in kinds(told)
    assert {"do": "kill_hand", "seat": 5} in last(told)["remedies"]
    assert "ABS-AT-SEAT" in last(told)["rules"]
    assert {"do": "kill_hand", "seat": 5} not in last(untold)["remedies"]


def test_deal_completed_with_a_seat_short_makes_the_short_count_final() -> None:
    log = v11([*deal(list(range(1, 7)), game="omaha", seats=6, button=6)[:-1], {"type": "deal_completed"}, FLOOR],
              seats=6, button=6, game="omaha")
    assert "button_short" in kinds(log)


# --- who caused a wrong count (MD-WRONG-COUNT, CNT-AFTER-SA-DEAD) ----------------------------------------------


@pytest.mark.parametrize("book", BOOKS)
def test_a_wrong_count_a_player_caused_kills_both_hands_without_a_misdeal_under_every_book(book: str) -> None:
    took = {"type": "discover", "what": "wrong_count", "seat": 1, "count": 1, "caused_by": "player", "by_seat": 4}
    ruling = last(v11([*deal(NINE), took, FLOOR]), book)
    assert ruling["verdict"] == "continue"
    assert ruling["substantial_action"] is False
    assert ruling["rules"] == ["CNT-AFTER-SA-DEAD", "MD-NOT-A-MISDEAL"]
    assert ruling["discretion"] is True and ruling["discretion_reasons"]
    assert ruling["remedies"] == [{"do": "kill_hand", "seat": 1}, {"do": "kill_hand", "seat": 4}]


def test_a_wrong_count_a_player_caused_in_omaha_kills_the_hand_without_naming_an_unknown_taker() -> None:
    six = list(range(1, 7))
    log = v11([*deal(six, rounds=4), {"type": "discover", "what": "wrong_count", "seat": 6, "count": 5, "caused_by": "player"}, FLOOR],
        seats=6, button=6, game="omaha")
    ruling = last(log, "rrop")
    assert ruling["verdict"] == "continue"
    assert ruling["remedies"] == [{"do": "kill_hand", "seat": 6}]
    assert ruling["rules"] == ["CNT-AFTER-SA-DEAD", "MD-NOT-A-MISDEAL"]
    assert ruling["discretion"] is True


def test_a_wrong_count_the_dealer_caused_is_ruled_as_a_version_1_wrong_count() -> None:
    v1 = t9([*deal(NINE), {"type": "discover", "what": "wrong_count", "seat": 4, "count": 3}, FLOOR])
    by_dealer = v11([*deal(NINE), {"type": "discover", "what": "wrong_count", "seat": 4, "count": 3, "caused_by": "dealer"}, FLOOR])
    for book in BOOKS:
        assert ruled(v1, book)["rulings"] == ruled(by_dealer, book)["rulings"], book


# --- a burn card's back, a card found in the burns (FD-FOREIGN-BACK-STUB, BURN-ONE-PER-STREET) -----------------


def test_a_foreign_back_on_a_burn_after_substantial_action_stands_and_the_card_is_removed() -> None:
    log = v11(deal(NINE) + limp_to_flop() + [{"type": "burn", "card": "9d", "back": "red"}, FLOOR],
              deck={"back": "blue"})
    ruling = last(log)
    assert kinds(log) == ["foreign_back_on_burn"]
    assert ruling["verdict"] == "continue"
    assert ruling["rules"][:2] == ["FD-FOREIGN-BACK-STUB", "DEF-BURN"]
    assert ruling["discretion"] is True
    assert ruling["remedies"] == [{"do": "remove_card", "card": "9d", "where": "burns"}]


def test_a_foreign_back_on_a_burn_never_voids_the_hand_as_one_in_play_would() -> None:
    burn = v11(deal(NINE) + limp_to_flop() + [{"type": "burn", "back": "red"}, FLOOR], deck={"back": "blue"})
    board = v11(deal(NINE) + limp_to_flop() + [{"type": "burn"}, {"type": "board", "back": "red"}, FLOOR],
                deck={"back": "blue"})
    for book in BOOKS:
        assert last(burn, book)["verdict"] != "void", book
    assert last(board)["verdict"] == "void"


def test_a_burn_whose_back_is_the_decks_is_no_finding() -> None:
    log = v11(deal(NINE) + limp_to_flop() + [{"type": "burn", "back": "blue"}, FLOOR], deck={"back": "blue"})
    assert kinds(log) == []


def test_a_card_found_in_the_burns_is_a_second_burn_on_its_street() -> None:
    flop = [{"type": "burn"}, {"type": "board"}, {"type": "board"}, {"type": "board"}, act(1, "check")]
    log = v11(deal(NINE) + limp_to_flop() + flop + [{"type": "found_in_burns", "street": "flop"}, FLOOR])
    ruling = last(log)
    assert kinds(log) == ["extra_burn"]
    assert "FLOP-EXTRA-BURN" in ruling["rules"]
    assert ruling["verdict"] == "continue"


def test_a_card_found_in_the_burns_that_is_also_in_play_fouls_the_deck() -> None:
    log = v11(deal(NINE, c1={"card": "As"}) + limp_to_flop()
              + [{"type": "burn"}, {"type": "found_in_burns", "card": "As"}, FLOOR])
    ruling = last(log)
    assert ruling["verdict"] == "void"
    assert "FD-DUP" in ruling["rules"]


# --- cards retrieved from the muck (EXP-AFTER-DEAL) ------------------------------------------------------------


def _retrieved(identified: str, *, by: str = "dealer") -> dict[str, Any]:
    mucked = {"type": "muck", "seat": 4, "by": by} if by == "dealer" else act(4, "fold")
    return v11([*deal(NINE), act(3, "call", 2000), mucked, {"type": "muck_retrieved", "seat": 4, "identified": identified}, FLOOR])


@pytest.mark.parametrize("identified", ["kept_apart", "faces_known", "camera"])
def test_a_hand_the_dealer_mucked_and_that_is_clearly_identified_plays(identified: str) -> None:
    ruling = last(_retrieved(identified), "tda-2024")
    assert ruling["verdict"] == "continue"
    assert ruling["rules"] == ["EXP-AFTER-DEAL"]
    assert ruling["remedies"] == []
    assert ruling["discretion"] is True


def test_a_hand_told_apart_only_by_the_tables_agreement_plays_at_the_floors_discretion() -> None:
    ruling = last(_retrieved("table_agreement"))
    assert ruling["remedies"] == []
    assert ruling["discretion"] is True
    assert any("2010" in reason for reason in ruling["discretion_reasons"])


def test_a_hand_that_cannot_be_told_apart_from_the_muck_is_dead() -> None:
    ruling = last(_retrieved("not_identified"), "rrop")
    assert ruling["remedies"] == [{"do": "kill_hand", "seat": 4}]
    assert ruling["rules"] == ["EXP-AFTER-DEAL"]


def test_a_hand_its_player_folded_stays_dead_however_well_it_is_identified() -> None:
    ruling = last(_retrieved("camera", by="player"))
    assert ruling["remedies"] == [{"do": "kill_hand", "seat": 4}]
    assert "folded or mucked the hand itself" in ruling["explanation"]


# --- a card found off the table or of unknown origin (FD-MISSING-CARD) -----------------------------------------


def test_a_card_of_this_deck_found_off_the_table_changes_nothing_and_is_kept_out() -> None:
    log = v11([*deal(NINE), act(3, "fold"), {"type": "card_found", "where": "off_table", "card": "Qc", "origin": "this_deck"}, FLOOR])
    ruling = last(log, "wsop-la-2026")
    assert ruling["verdict"] == "continue"
    assert ruling["rules"] == ["FD-MISSING-CARD"]
    assert ruling["discretion"] is False
    assert ruling["remedies"] == [{"do": "remove_card", "card": "Qc", "where": "table"}]


def test_a_card_of_unknown_origin_found_loose_is_the_floors_call() -> None:
    log = v11([*deal(NINE), {"type": "card_found", "where": "table", "card": "Qc"}, FLOOR])
    ruling = last(log)
    assert ruling["verdict"] == "continue"
    assert ruling["discretion"] is True


def test_a_card_of_this_deck_found_off_the_table_that_is_also_in_play_fouls_the_deck() -> None:
    log = v11([*deal(NINE, c3={"card": "Qc"}), {"type": "card_found", "where": "off_table", "card": "Qc", "origin": "this_deck"}, FLOOR])
    assert last(log)["verdict"] == "void"


@pytest.mark.parametrize(("book", "verdict"), [("wsop-2026", "void"), ("tda-2024", "void"), ("wsop-la-2026", "void"),
                                               ("rrop", "void")])
def test_a_card_of_unknown_origin_in_a_hand_is_ruled_as_a_card_from_a_previous_deal(book: str, verdict: str) -> None:
    log = v11(deal(NINE) + limp_to_flop() + [{"type": "card_found", "where": "hand", "seat": 5, "card": "8s"}, FLOOR])
    ruling = last(log, book)
    assert ruling["verdict"] == verdict
    assert ruling["rules"][:2] == ["FD-MISSING-CARD", "DEF-FOULED-DECK"]
    assert ruling["discretion"] is True


def test_a_card_of_this_deck_found_in_a_hand_is_an_extra_card_there() -> None:
    log = v11([*deal(NINE), {"type": "card_found", "where": "hand", "seat": 5, "origin": "this_deck"}, FLOOR])
    result = floorman.rule(from_obj(log))
    assert result.view.seats[5].held == 3


@pytest.mark.parametrize(("actions", "book", "verdict", "rules"), [
    ([act(3, "fold")], "tda-2024", "misdeal", ["MD-WRONG-COUNT", "CNT-BEFORE-SA"]),
    ([act(3, "fold")], "wsop-2026", "continue", ["MD-WRONG-COUNT", "CNT-BEFORE-SA"]),
    ([act(3, "fold"), act(4, "call", 2000)], "tda-2024", "continue", ["CNT-AFTER-SA-DEAD", "SA-MISDEAL-GATE"]),
    ([act(3, "fold"), act(4, "call", 2000)], "rrop", "continue", ["CNT-AFTER-SA-DEAD", "SA-MISDEAL-GATE"]),
])
def test_a_card_of_this_deck_found_in_a_hand_once_the_deal_is_over_is_a_wrong_count_at_the_seat(
        actions: list[dict[str, Any]], book: str, verdict: str, rules: list[str]) -> None:
    # two cards stuck together, found in seat 5's hand after the action began: the seat holds three cards, which
    # is a wrong count as the deal's own close would have found it (a misdeal before substantial action where the
    # book says so, WSOP killing the hand at the floor's call; the hand dead after it)
    log = v11([*deal(NINE), *actions, {"type": "card_found", "where": "hand", "seat": 5, "origin": "this_deck"},
               FLOOR])
    result = floorman.rule(from_obj(log), rulebook=book)
    assert [(f.irregularity.value, f.seat, f.count) for f in result.findings] == [("wrong_card_count", 5, 3)]
    ruling = last(log, book)
    assert ruling["verdict"] == verdict and set(rules) <= set(ruling["rules"]), ruling["rules"]
    if verdict == "continue":
        assert {"do": "kill_hand", "seat": 5} in ruling["remedies"]


# --- a dropped stub (STUB-DISORDERED) --------------------------------------------------------------------------


@pytest.mark.parametrize(("dropped", "remedies"), [
    ({"rebuilt": True}, [{"do": "rebuild_stub"}]),
    ({}, [{"do": "reshuffle_stub"}]),
    ({"mixed_with": ["burns"]}, [{"do": "reshuffle_stub", "mixed_with": ["burns"]}]),
    ({"mixed_with": ["muck", "burns"]}, [{"do": "reshuffle_stub", "mixed_with": ["burns", "muck"]}]),
])
def test_a_dropped_stub_is_rebuilt_if_it_can_be_else_reshuffled_with_what_it_fell_into(
        dropped: dict[str, Any], remedies: list[dict[str, Any]]) -> None:
    log = v11(deal(NINE) + limp_to_flop() + [{"type": "stub_dropped", **dropped}, FLOOR])
    ruling = json.loads(json.dumps(last(log, "tda-2024")))
    assert ruling["verdict"] == "continue"
    assert ruling["rules"] == ["STUB-DISORDERED", "RESHUFFLE-FACE-DOWN", "DEF-STUB"]
    assert ruling["remedies"] == remedies
    assert ruling["discretion"] is False


def test_a_stub_reported_disordered_in_version_1_is_still_reshuffled() -> None:
    ruling = last(t9([*deal(NINE), {"type": "discover", "what": "stub_disordered"}, FLOOR]), "tda-2024")
    assert ruling["remedies"] == [{"do": "reshuffle_stub"}]


# --- remedies reaching the next hand, a pot awarded in parts ----------------------------------------------------


def test_the_next_hands_button_the_blinds_made_up_and_a_split_award_are_recorded() -> None:
    log = v11(deal(NINE) + limp_to_flop() + [
        {"type": "pot_awarded", "shares": [{"seat": 1, "amount": 4000}, {"seat": 9, "amount": 4000}]},
        {"type": "next_hand", "button": 2, "made_up": [3]}])
    state = floorman.rule(from_obj(log)).view
    assert state.award_shares == ((1, 4000), (9, 4000))
    assert (state.next_button, state.made_up) == (2, (3,))
    # the button moved twice (seat 1 had this hand's small blind) and a tournament has no blind to make up: ruled on
    # in tests/test_next_hand.py; a cash game leaves made-up blinds alone
    assert kinds(log) == ["next_button_misplaced", "missed_blinds_made_up"]
    assert kinds(log, "wsop-la-2026") == ["next_button_misplaced"]


def test_a_share_in_cents_is_read_as_a_decimal_and_written_back_as_the_same_number() -> None:
    log = v11([{"type": "pot_awarded", "shares": [{"seat": 1, "amount": 2.5}]}])
    read = loads(json.dumps(log))
    assert read.events[-1].shares[0].amount == Decimal("2.5")  # type: ignore[union-attr]
    assert '"amount": 2.5' in dumps(read)


# --- words: the console's event list and the drill ---------------------------------------------------------------

SAID: list[dict[str, Any]] = [
    {"type": "hand_began", "how": "riffle"}, {"type": "deal_completed"}, {"type": "found_in_burns", "card": "7h"},
    {"type": "muck_retrieved", "seat": 4, "identified": "camera"},
    {"type": "card_found", "where": "hand", "seat": 5, "card": "8s"},
    {"type": "card_found", "where": "off_table", "card": "8s", "origin": "this_deck"},
    {"type": "stub_dropped", "rebuilt": True}, {"type": "stub_dropped", "mixed_with": ["muck"]},
    {"type": "burn", "back": "red"},
    {"type": "discover", "what": "wrong_count", "seat": 1, "count": 1, "caused_by": "player", "by_seat": 4},
    {"type": "next_hand", "button": 2, "made_up": [3]},
    {"type": "pot_awarded", "shares": [{"seat": 1, "amount": 4000}, {"seat": 9, "amount": 4000}]},
]


@pytest.mark.parametrize("event", SAID, ids=lambda e: e["type"])
def test_the_consoles_event_list_says_every_v1_1_event_in_english_and_vietnamese(event: dict[str, Any]) -> None:
    from floorman.web.event_words import describe_event
    from floorman.web.i18n import load_translations

    en, vi = load_translations()["en"], load_translations()["vi"]
    english, vietnamese = describe_event(event, en), describe_event(event, vi)
    assert english != event["type"] and "_" not in english, english
    assert vietnamese != english, vietnamese
    for seat in {event.get("seat"), event.get("by_seat"), event.get("button")} - {None}:
        assert str(seat) in english and str(seat) in vietnamese


def test_the_console_names_every_irregularity_a_v1_1_event_can_raise_in_both_languages() -> None:
    from floorman.web.event_words import cause_name
    from floorman.web.i18n import load_translations

    vi = load_translations()["vi"]
    for kind in ("blinds_at_old_level", "wrong_count_caused_by_player", "foreign_back_on_burn",
                 "mucked_hand_retrieved", "card_found_off_table", "card_of_unknown_origin"):
        assert "_" not in cause_name(kind, load_translations()["en"])
        assert cause_name(kind, vi) != cause_name(kind, load_translations()["en"])


def test_the_drill_says_every_v1_1_event_in_words_not_a_class_name() -> None:
    from floorman.words.events import event_line

    log = loads(json.dumps(v11(SAID, deck={"back": "blue"})))
    for event in log.events[3:]:
        for lang in ("en", "vi"):
            line = event_line(log, event, lang)
            assert line != type(event).__name__, line


V1_1_EXAMPLES = {
    "level-change-before-the-hand-began.json": ("continue", "LVL-NEW-HAND", "repost_blinds"),
    "player-took-a-card.json": ("continue", "CNT-AFTER-SA-DEAD", "kill_hand"),
    "mucked-hand-retrieved.json": ("continue", "EXP-AFTER-DEAL", None),
    "foreign-back-on-burn.json": ("continue", "FD-FOREIGN-BACK-STUB", "remove_card"),
    "stub-dropped-into-muck.json": ("continue", "STUB-DISORDERED", "reshuffle_stub"),
    "button-moved-twice-to-catch-up.json": ("continue", "MD-BUTTON-POSITION", "move_button"),
}


def test_the_v1_1_examples_declare_their_version_round_trip_and_rule_as_their_readme_says() -> None:
    folder = ROOT / "examples" / "v1.1"
    assert {p.name for p in folder.glob("*.json")} == set(V1_1_EXAMPLES)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    for name, (verdict, rule, remedy) in V1_1_EXAMPLES.items():
        assert f"`{name}`" in readme
        log = floorman.load(folder / name)
        assert log.version is Version.V1_1
        assert loads(dumps(log)) == log
        ruling = floorman.rule(log).ruling
        assert (ruling.verdict.value, ruling.rules[0]) == (verdict, rule), name
        assert ruling.discretion is True, name
        assert [r.do.value for r in ruling.remedies][:1] == ([remedy] if remedy else []), name


def test_every_note_a_v1_1_event_gives_a_finding_is_said_in_both_languages() -> None:
    from floorman.fold import steps
    from floorman.fold.findings import MIXED_WITH
    from floorman.locale import Message, catalog_ids, say

    notes = [*steps._RETRIEVED.values(), *steps._FOUND.values(), *MIXED_WITH.values(),
             Message.of("finding.stub.rebuilt"), Message.of("finding.stub.order_lost"),
             Message.of("finding.stub.mixed", into=MIXED_WITH[("muck",)]), Message.of("finding.place.off_table")]
    for note in notes:
        assert note.id in catalog_ids("en") and note.id in catalog_ids("vi"), note.id
        assert say(note, "vi") and say(note, "en"), note.id
        if note.id != "remedy.mixed_with.muck":  # "muck" is the word the room uses in Vietnamese too
            assert say(note, "vi") != say(note, "en"), note.id


@pytest.mark.parametrize("book", ["wsop-la-2026", "rrop"])
def test_fd_missing_card_the_cash_books_void_a_hand_a_previous_deals_card_turned_up_in(book: str) -> None:
    """LA-121 and RRoP's missing-card rule keep a deck short of a card in play; a card from a previous deal in a
    player's hand is the 2013 case, ruled foul (rules.md FD-MISSING-CARD [I]), the floor's call."""
    log = v11([*deal(NINE), act(3, "fold"), {"type": "card_found", "where": "hand", "seat": 2, "card": "7s"}, FLOOR])
    ruling = last(log, book)
    assert ruling["verdict"] == "void"
    assert "FD-MISSING-CARD" in ruling["rules"]
    assert {"do": "return_all_chips"} in ruling["remedies"]
    assert ruling["discretion"] is True
