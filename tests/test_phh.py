"""PHH hand histories <-> floorman hand-log v1 dicts (floorman.formats.phh, phh_write).

The sample hands in tests/data/phh are real: 40 Pluribus 6-max NLHE hands, the 83 hands of
the 2023 WSOP $50K Poker Players Championship final table (nine variants), five historical
hands (NS, FB among them) and eight anonymised online hands (.phhs, with ???? and cents).
"""

from __future__ import annotations

import json
import re
import tomllib
import warnings
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.formats import phh
from floorman.formats.phh import PhhError, from_hand_log, parse_phh, parse_phhs, to_hand_log
from floorman.formats.phh_write import action_strings

DATA = Path(__file__).parent / "data" / "phh"
WSOP = DATA / "wsop" / "2023" / "43" / "5"
PHHS = DATA / "handhq" / "ps-50NLH-2009-07-01-selection.phhs"
FILES = sorted(p for p in DATA.rglob("*") if p.suffix in (".phh", ".phhs"))


def _rel(path: Path) -> str:
    return path.relative_to(DATA).as_posix()


def _tables(path: Path) -> list[tuple[str, dict[str, object]]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".phhs":
        return parse_phhs(text)
    return [(path.stem, parse_phh(text))]


HANDS = [(f"{_rel(p)}#{name}", p, table, log)
         for p in FILES for (name, table), log in zip(_tables(p), phh.load(p), strict=True)]


def _log(name: str) -> dict[str, object]:
    return phh.load(DATA / name)[0]


def _section(name: str) -> dict[str, object]:
    return next(log for (section, _), log in zip(parse_phhs(PHHS.read_text()), phh.load(PHHS), strict=True)
                if section == name)


def _events(log: dict[str, object], kind: str) -> list[dict[str, object]]:
    events = log["events"]
    assert isinstance(events, list)
    return [e for e in events if e["type"] == kind]


# --- what hand-log.md asks of a log, checked without the engine ---------------------------

_GAMES = {"holdem", "omaha", "omaha8", "omaha5", "short-deck", "stud", "stud8", "razz",
          "2-7-single-draw", "2-7-triple-draw", "badugi"}
_HEADER = {"floorman", "rulebook", "game", "structure", "seats", "button", "button_should_be",
           "redeal_of", "level", "players", "deck", "omits", "events", "hand", "table",
           "tournament", "dealer", "time"}
_LEVEL = {"number", "small_blind", "big_blind", "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet"}
_EVENTS: dict[str, tuple[set[str], set[str]]] = {  # type: (required, optional)
    "post": ({"seat", "blind", "amount"}, set()),
    "deal": ({"seat"}, {"card", "face_up", "back", "boxed", "replacement"}),
    "board": (set(), {"card", "face_up", "back"}),
    "act": ({"seat", "action"}, {"to"}),
    "discard": ({"seat", "count"}, set()),
    "show": ({"seat", "cards"}, set()),
    "muck": ({"seat"}, {"by"}),
}
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?|JK")


def _chips_ok(value: object) -> bool:
    return isinstance(value, (int, Decimal)) and not isinstance(value, bool) and value >= 0


def hand_log_problems(log: dict[str, object]) -> list[str]:
    """The rules of hand-log.md section 1 and 2 that hold for a log converted from PHH."""
    out: list[str] = []
    out += [f"unknown field {k}" for k in log if k not in _HEADER and not k.startswith("_")]
    out += [f"missing {k}" for k in ("floorman", "game", "seats", "level", "players", "events") if k not in log]
    if log.get("floorman") != 1:
        out.append("floorman is not 1")
    if log.get("game") not in _GAMES:
        out.append(f"game {log.get('game')!r}")
    if log.get("structure", "no-limit") not in ("no-limit", "pot-limit", "limit"):
        out.append("structure")
    seats = log.get("seats")
    if not isinstance(seats, int) or not 2 <= seats <= 10:
        return [*out, f"seats {seats!r}"]
    stud = log.get("game") in ("stud", "stud8", "razz")
    button = log.get("button")
    if stud != (button is None) or (button is not None and not (isinstance(button, int) and 1 <= button <= seats)):
        out.append(f"button {button!r}")
    level = log.get("level")
    if not isinstance(level, dict) or set(level) - _LEVEL or not all(_chips_ok(v) for v in level.values()):
        out.append(f"level {level!r}")
    players = log.get("players")
    occupied: set[int] = set()
    for p in players if isinstance(players, list) else []:
        if set(p) - {"seat", "name", "stack", "status"} or not isinstance(p.get("name"), str):
            out.append(f"player {p!r}")
        if not (isinstance(p.get("seat"), int) and 1 <= p["seat"] <= seats) or p["seat"] in occupied:
            out.append(f"player seat {p.get('seat')!r}")
        occupied.add(p.get("seat"))
        if not _chips_ok(p.get("stack")):
            out.append(f"stack {p.get('stack')!r}")
    if not set(log.get("omits", [])) <= {"burns", "deal_order", "posts", "boxed"}:
        out.append("omits")
    events = log.get("events")
    for i, e in enumerate(events if isinstance(events, list) else []):
        required, optional = _EVENTS.get(e.get("type"), (None, set()))
        if required is None:
            out.append(f"event {i}: type {e.get('type')!r}")
            continue
        keys = {k for k in e if k != "type" and not k.startswith("_")}
        if not required <= keys or keys - required - optional:
            out.append(f"event {i}: fields {sorted(keys)}")
        if "seat" in e and e["seat"] not in occupied:
            out.append(f"event {i}: seat {e['seat']!r}")
        cards = [e["card"]] if "card" in e else e.get("cards", [])
        if not all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards):
            out.append(f"event {i}: cards {cards!r}")
        if e["type"] == "post" and (e["blind"] not in ("sb", "bb", "ante", "bb_ante", "straddle", "bring_in", "dead")
                                    or not _chips_ok(e["amount"])):
            out.append(f"event {i}: post {e!r}")
        if e["type"] == "act":
            if e["action"] not in ("fold", "check", "call", "bet", "raise", "complete", "all_in"):
                out.append(f"event {i}: action {e['action']!r}")
            if e["action"] in ("bet", "raise") and log.get("structure") != "limit" and "to" not in e:
                out.append(f"event {i}: no 'to' in a no-limit/pot-limit {e['action']}")
            if "to" in e and not _chips_ok(e["to"]):
                out.append(f"event {i}: to {e['to']!r}")
        if e["type"] == "discard" and not (isinstance(e["count"], int) and 0 <= e["count"] <= 7):
            out.append(f"event {i}: count {e['count']!r}")
    if not _json_shaped(log):
        out.append("not JSON-shaped (only objects, lists, text, whole numbers, Decimal, true/false, null)")
    return out


def _json_shaped(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_shaped(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_json_shaped(v) for v in value)
    return value is None or isinstance(value, (str, int, Decimal))  # bool is an int


@pytest.mark.parametrize(("name", "path", "table", "log"), HANDS, ids=[h[0] for h in HANDS])
def test_converted_logs_follow_hand_log_rules(name: str, path: Path, table: object, log: dict[str, object]) -> None:
    assert hand_log_problems(log) == []
    assert log["omits"] == ["burns", "deal_order"]


def test_rule_checker_catches_broken_logs() -> None:
    log = _log("dwan-ivey-2009.phh")
    broken = {**log, "game": "canasta", "seats": 11, "colour": "red"}
    assert hand_log_problems(broken) == ["unknown field colour", "game 'canasta'", "seats 11"]
    assert hand_log_problems({**log, "time": 0.5})[-1].startswith("not JSON-shaped")
    events = [*log["events"], {"type": "deal", "seat": 9, "card": "1x"}, {"type": "act", "seat": 1, "action": "bet"}]
    problems = hand_log_problems({**log, "events": events})
    assert problems == [f"event {len(events) - 2}: seat 9", f"event {len(events) - 2}: cards ['1x']",
                        f"event {len(events) - 1}: no 'to' in a no-limit/pot-limit bet"]


# --- reading TOML -------------------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_phh_reader_matches_tomllib_on_every_sample_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = tomllib.loads(text, parse_float=Decimal)
    if path.suffix == ".phhs":
        assert parse_phhs(text) == list(expected.items())
        assert [name for name, _ in parse_phhs(text)] == ["1", "2", "5", "11", "15", "16", "18", "21"]
    else:
        assert parse_phh(text) == expected
        assert isinstance(parse_phh(text)["actions"], list)


def test_toml_quirks_comments_multiline_arrays_local_time_decimals() -> None:
    hand = parse_phh((DATA / "alice-carol-wikipedia.phh").read_text())
    assert hand["actions"][:2] == ["d dh p1 ????????", "d dh p2 ????????"]  # comments dropped
    first = parse_phhs(PHHS.read_text())[0][1]
    assert first["blinds_or_straddles"][:2] == [Decimal("0.25"), Decimal("0.50")]
    assert str(first["time"]) == "00:00:00"


def test_bad_toml_names_the_problem() -> None:
    with pytest.raises(PhhError, match=r"toml.*expected TOML text"):
        parse_phh("variant = 'NT\nantes = [")
    with pytest.raises(PhhError, match="'variant': expected a \\[section\\] table"):
        parse_phhs("variant = 'NT'")


# --- the whole sample -----------------------------------------------------------------------

def test_every_sample_hand_converts_counts_per_variant() -> None:
    counts = Counter((log["game"], log["structure"]) for _, _, _, log in HANDS)
    assert counts == {
        ("holdem", "no-limit"): 60, ("holdem", "limit"): 7, ("omaha", "pot-limit"): 8,
        ("omaha8", "limit"): 14, ("short-deck", "no-limit"): 1, ("stud", "limit"): 13,
        ("stud8", "limit"): 7, ("razz", "limit"): 10, ("2-7-single-draw", "no-limit"): 7,
        ("2-7-triple-draw", "limit"): 8, ("badugi", "limit"): 1,
    }


@pytest.mark.parametrize(("name", "path", "table", "log"), HANDS, ids=[h[0] for h in HANDS])
def test_round_trip_phh_floorman_phh_floorman_is_identical(
        name: str, path: Path, table: object, log: dict[str, object]) -> None:
    text = from_hand_log(log)
    again = to_hand_log(parse_phh(text))
    assert again == log
    assert "_floorman" not in text  # a hand that came from PHH needs no side channel
    assert from_hand_log(again) == text


def _normal(action: str) -> list[object]:
    return [Decimal(w) if re.fullmatch(r"[0-9.]+", w) else w for w in action.split()]


@pytest.mark.parametrize(("name", "path", "table", "log"), HANDS, ids=[h[0] for h in HANDS])
def test_written_actions_are_the_original_actions(
        name: str, path: Path, table: dict[str, object], log: dict[str, object]) -> None:
    original = table["actions"]
    assert isinstance(original, list)
    assert [_normal(a) for a in action_strings(log)] == [_normal(a) for a in original]


def test_hands_from_the_phhs_file_keep_their_own_numbers() -> None:
    logs = phh.loads(PHHS.read_text(), multi=True)
    assert [log["hand"] for log in logs][:2] == [59937793578, 59937795962]
    assert len(logs) == 8
    assert phh.load(DATA / "dwan-ivey-2009.phh")[0]["hand"] == "dwan-ivey-2009"


def test_dumps_and_loads_round_trip_a_phhs_file(tmp_path: Path) -> None:
    logs = phh.load(PHHS)
    target = tmp_path / "copy.phhs"
    phh.dump(logs, target)
    assert target.read_text().startswith("[1]\nvariant = 'NT'\n")
    assert phh.load(target) == logs
    single = tmp_path / "one.phh"
    phh.dump(logs[:1], single)
    assert phh.load(single) == logs[:1]
    with pytest.raises(PhhError, match="exactly one hand"):
        phh.dumps(logs, multi=False)


# --- seats, button, forced bets -------------------------------------------------------------

def test_pluribus_hand_maps_p1_to_small_blind_seat() -> None:
    log = _log("pluribus/100/0.phh")
    assert (log["seats"], log["button"]) == (6, 6)
    posts = [(e["seat"], e["blind"], e["amount"]) for e in _events(log, "post")]
    assert posts == [(1, "sb", 50), (2, "bb", 100)]
    assert log["players"][0] == {"seat": 1, "name": "MrBlue", "stack": 10000}
    assert log["players"][5]["name"] == "Pluribus"
    assert log["level"] == {"small_blind": 50, "big_blind": 100}


def test_seats_field_places_players_and_button() -> None:
    log = _section("2")  # seats = [4, 5, 6, 8, 9, 1, 3], seat_count = 9
    assert (log["seats"], log["button"]) == (9, 3)
    assert [p["seat"] for p in log["players"]] == [1, 3, 4, 5, 6, 8, 9]
    assert [(e["seat"], e["blind"]) for e in _events(log, "post")] == [(4, "sb"), (5, "bb")]
    assert [e["seat"] for e in _events(log, "act")][:2] == [6, 8]  # p3 and p4 act first


def test_heads_up_button_posts_small_blind_and_gets_the_second_card() -> None:
    log = _log("antonius-blom-2009.phh")
    assert log["button"] == 2
    assert [(e["seat"], e["blind"], e["amount"]) for e in _events(log, "post")] == [(2, "sb", 500), (1, "bb", 1000)]
    assert [e["seat"] for e in _events(log, "deal")][:2] == [1, 2]
    assert _events(log, "act")[0] == {"type": "act", "seat": 2, "action": "raise", "to": 3000}


def test_big_blind_ante_when_only_the_big_blind_antes() -> None:
    log = _log("wsop/2023/43/5/1.phh")
    assert log["level"] == {"small_blind": 40000, "big_blind": 80000, "big_blind_ante": 120000}
    assert _events(log, "post")[0] == {"type": "post", "seat": 2, "blind": "bb_ante", "amount": 120000}


def test_antes_for_everyone_are_ante_posts() -> None:
    log = _log("dwan-ivey-2009.phh")
    assert [(e["seat"], e["blind"]) for e in _events(log, "post")] == [
        (1, "ante"), (2, "ante"), (3, "ante"), (1, "sb"), (2, "bb")]
    assert log["level"] == {"small_blind": 1000, "big_blind": 2000, "ante": 500}


def test_short_deck_button_blind_is_the_big_blind() -> None:
    log = _log("phua-xuan-2019.phh")
    assert (log["game"], log["structure"], log["button"]) == ("short-deck", "no-limit", 6)
    assert [e for e in _events(log, "post") if e["blind"] != "ante"] == [
        {"type": "post", "seat": 6, "blind": "bb", "amount": 3000}]
    assert _events(log, "act")[0]["seat"] == 1 and _events(log, "act")[0]["action"] == "call"


def test_single_blind_limit_hand_posts_only_a_big_blind() -> None:
    log = _log("wsop/2023/43/5/76.phh")  # blinds_or_straddles = [250000, 0, 0, 0]
    assert _events(log, "post") == [{"type": "post", "seat": 1, "blind": "bb", "amount": 250000}]
    assert log["level"] == {"big_blind": 250000, "small_bet": 250000, "big_bet": 500000}


def test_straddle_and_short_stacked_blind() -> None:
    log = to_hand_log({"variant": "NT", "antes": [0, 0, 0, 0], "blinds_or_straddles": [1, 2, 4, 0],
                       "min_bet": 2, "starting_stacks": [100, 1, 100, 100], "actions": []})
    assert [(e["seat"], e["blind"], e["amount"]) for e in _events(log, "post")] == [
        (1, "sb", 1), (2, "bb", 1), (3, "straddle", 4)]
    assert log["level"] == {"small_blind": 1, "big_blind": 2}
    assert to_hand_log(parse_phh(from_hand_log(log))) == log
    assert "blinds_or_straddles = [1, 2, 4, 0]" in from_hand_log(log)


# --- cards ------------------------------------------------------------------------------------

def test_hole_cards_expanded_in_physical_deal_order() -> None:
    log = _log("dwan-ivey-2009.phh")
    dealt = [(e["seat"], e.get("card", "??")) for e in _events(log, "deal")]
    assert dealt == [(1, "Ac"), (2, "??"), (3, "7h"), (1, "2d"), (2, "??"), (3, "6h")]
    online = _section("2")  # seats [4, 5, 6, 8, 9, 1, 3]: the first card goes left of seat 3
    assert [e["seat"] for e in _events(online, "deal")] == [4, 5, 6, 8, 9, 1, 3] * 2


def test_unknown_cards_become_question_marks() -> None:
    log = _section("18")
    assert {e.get("card", "??") for e in _events(log, "deal")} == {"??"}
    shows = {e["seat"]: e["cards"] for e in _events(log, "show")}
    assert shows[2] == ["??", "??"]  # p3 sm ???? (seats [9, 1, 2, ...])
    assert shows[9] == ["8h", "7h"]


def test_board_cards_follow_the_actions_even_after_showdown() -> None:
    log = _log("antonius-blom-2009.phh")
    kinds = [e["type"] for e in log["events"]]
    assert kinds[-5:] == ["act", "show", "show", "board", "board"]  # shown all in, then turn and river
    assert [e["card"] for e in _events(log, "board")] == ["4s", "5c", "2h", "5h", "9c"]


def test_show_dash_shows_the_cards_dealt_and_empty_sm_mucks() -> None:
    log = to_hand_log({"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
                       "starting_stacks": [50, 50],
                       "actions": ["d dh p1 AsKs", "d dh p2 QdQc", "p2 cc", "p1 cc", "d db 2c3c4c", "p1 cc",
                                   "p2 cc", "d db 5d", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc",
                                   "p1 sm -", "p2 sm"]})
    assert log["events"][-2:] == [{"type": "show", "seat": 1, "cards": ["As", "Ks"]},
                                  {"type": "muck", "seat": 2}]


# --- actions ---------------------------------------------------------------------------------

def test_cc_with_nothing_to_call_is_a_check() -> None:
    log = _log("pluribus/100/0.phh")
    acts = [(e["seat"], e["action"]) for e in _events(log, "act")]
    # p1 (small blind) calls the raise preflop, then checks first on the flop and turn
    assert acts[4] == (1, "call")
    assert acts[6:10] == [(1, "check"), (4, "check"), (1, "check"), (4, "check")]
    limped = to_hand_log({"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0], "min_bet": 2,
                          "starting_stacks": [50, 50, 50],
                          "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc"]})
    assert [e["action"] for e in _events(limped, "act")] == ["call", "call", "check"]  # big blind's option


def test_cbr_is_bet_with_no_bet_on_the_street_else_raise() -> None:
    log = _log("dwan-ivey-2009.phh")
    acts = [(e["action"], e.get("to")) for e in _events(log, "act")]
    assert acts == [("raise", 7000), ("raise", 23000), ("fold", None), ("call", None), ("bet", 35000),
                    ("call", None), ("bet", 90000), ("raise", 232600), ("raise", 1067100), ("call", None)]


def _pokerkit_final_states(pokerkit: object) -> dict[str, object]:
    """PokerKit's replay of every sample hand but wsop 85 (whose 7th street after a showdown it refuses)."""
    history = pokerkit.HandHistory  # type: ignore[attr-defined]
    states: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in FILES:
            if path.suffix == ".phhs":
                with path.open("rb") as fp:
                    names = [f"{_rel(path)}#{n}" for n, _ in _tables(path)]
                    hands = list(history.load_all(fp))
            else:
                names, hands = [f"{_rel(path)}#{path.stem}"], [history.loads(path.read_text())]
            for name, hand in zip(names, hands, strict=True):
                if name != "wsop/2023/43/5/85.phh#85":
                    states[name] = list(hand)[-1]
    return states


def test_check_or_call_agrees_with_pokerkit_on_every_sample_hand() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit.state import CheckingOrCalling

    states = _pokerkit_final_states(pokerkit)
    assert len(states) == len(HANDS) - 1
    for name, _path, _table, log in HANDS:
        if name in states:
            theirs = ["check" if op.amount == 0 else "call"
                      for op in states[name].operations if isinstance(op, CheckingOrCalling)]
            mine = [e["action"] for e in _events(log, "act") if e["action"] in ("check", "call")]
            assert mine == theirs, name


def test_written_phh_replays_in_pokerkit_to_the_same_final_stacks() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    states = _pokerkit_final_states(pokerkit)
    with_finish = 0
    for name, _path, table, log in HANDS:
        if name not in states:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state = list(pokerkit.HandHistory.loads(from_hand_log(log)))[-1]
        assert list(state.stacks) == list(states[name].stacks), name
        if "finishing_stacks" in table:
            assert list(state.stacks) == table["finishing_stacks"], name
            with_finish += 1
    assert with_finish == 122


# --- variants -------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "game", "structure", "hole"), [
    ("wsop/2023/43/5/1.phh", "holdem", "no-limit", 2),
    ("wsop/2023/43/5/34.phh", "holdem", "limit", 2),
    ("wsop/2023/43/5/27.phh", "omaha", "pot-limit", 4),
    ("wsop/2023/43/5/12.phh", "omaha8", "limit", 4),
    ("phua-xuan-2019.phh", "short-deck", "no-limit", 2),
    ("wsop/2023/43/5/10.phh", "stud", "limit", 3),
    ("wsop/2023/43/5/48.phh", "stud8", "limit", 3),
    ("wsop/2023/43/5/20.phh", "razz", "limit", 3),
    ("wsop/2023/43/5/41.phh", "2-7-single-draw", "no-limit", 5),
    ("wsop/2023/43/5/55.phh", "2-7-triple-draw", "limit", 5),
    ("alice-carol-wikipedia.phh", "badugi", "limit", 4),
])
def test_variant_maps_to_game_structure_and_starting_hand(name: str, game: str, structure: str, hole: int) -> None:
    log = _log(name)
    assert (log["game"], log["structure"]) == (game, structure)
    first_seat = _events(log, "deal")[0]["seat"]
    players = len(log["players"])
    assert [e["seat"] for e in _events(log, "deal")[: hole * players]].count(first_seat) == hole
    assert ("button" in log) == (game not in ("stud", "stud8", "razz"))


def test_stud_third_street_two_down_one_up_then_bring_in_and_complete() -> None:
    log = _log("wsop/2023/43/5/10.phh")
    deals = [(e["seat"], e.get("face_up", False)) for e in _events(log, "deal")]
    assert deals == [(s, False) for s in range(1, 6)] * 2 + [(s, True) for s in range(1, 6)]
    events = log["events"]
    assert events[5 + 15] == {"type": "post", "seat": 2, "blind": "bring_in", "amount": 50000}
    assert _events(log, "act")[1] == {"type": "act", "seat": 4, "action": "complete", "to": 200000}
    assert log["level"] == {"ante": 50000, "bring_in": 50000, "small_bet": 200000, "big_bet": 400000}


def test_stud_fourth_to_sixth_up_seventh_down_and_raise_after_completion() -> None:
    log = _log("wsop/2023/43/5/11.phh")
    p1 = [(e["card"], e.get("face_up", False)) for e in _events(log, "deal") if e["seat"] == 1]
    assert p1 == [("Qh", False), ("Tc", False), ("Th", True), ("6c", True), ("Kc", True), ("Ah", True), ("6d", False)]
    acts = [(e["seat"], e["action"], e.get("to")) for e in _events(log, "act")]
    assert acts[:6] == [(3, "complete", 200000), (4, "call", None), (5, "fold", None), (1, "raise", 400000),
                        (2, "raise", 600000), (3, "fold", None)]
    assert acts[8] == (1, "check", None)  # fourth street: first to act checks
    assert _events(log, "muck") == [{"type": "muck", "seat": 2}]


def test_draw_discards_interleave_with_their_replacement_cards() -> None:
    log = _log("wsop/2023/43/5/55.phh")
    events = log["events"]
    start = events.index(_events(log, "discard")[0])
    draw = [(e["type"], e["seat"], e.get("count", e.get("card"))) for e in events[start:start + 7]]
    assert draw == [("discard", 1, 2), ("deal", 1, "As"), ("deal", 1, "6s"),
                    ("discard", 2, 3), ("deal", 2, "7s"), ("deal", 2, "7c"), ("deal", 2, "5c")]
    assert events[start]["_cards"] == ["Qd", "Jc"]
    stand_pat = [e for e in _events(log, "discard") if e["count"] == 0]
    assert stand_pat == [{"type": "discard", "seat": 2, "count": 0}]


def test_badugi_unknown_discards_keep_their_count() -> None:
    log = _log("alice-carol-wikipedia.phh")
    counts = [(e["seat"], e["count"]) for e in _events(log, "discard")]
    assert counts == [(1, 2), (2, 2), (4, 1), (1, 1), (2, 0), (4, 1), (2, 1), (4, 0)]
    assert not any("_cards" in e for e in _events(log, "discard"))
    assert [p["name"] for p in log["players"]] == ["Bob", "Carol", "Ted", "Alice"]


def test_single_draw_no_limit_hand() -> None:
    log = _log("wsop/2023/43/5/45.phh")
    assert log["level"] == {"small_blind": 75000, "big_blind": 150000, "big_blind_ante": 225000}
    assert [(e["seat"], e["count"]) for e in _events(log, "discard")] == [(2, 2), (5, 1)]
    assert _events(log, "show")[0] == {"type": "show", "seat": 2, "cards": ["8d", "5h", "3h", "Qh", "8c"]}


# --- amounts and metadata --------------------------------------------------------------------

def test_decimal_amounts_survive() -> None:
    log = _section("1")
    assert log["level"] == {"small_blind": Decimal("0.25"), "big_blind": Decimal("0.50")}
    stacks = ("42.95", "17.85", "22.60", "187.45", "70.85", "40.90")  # seats 1..6 (p1 sits in seat 6)
    assert [p["stack"] for p in log["players"]] == [Decimal(x) for x in stacks]
    assert _events(log, "act")[3] == {"type": "act", "seat": 5, "action": "raise", "to": 2}
    assert log["_phh"]["min_bet"] == Decimal("0.50")
    text = from_hand_log(log)
    assert "blinds_or_straddles = [0.25, 0.50, 0, 0, 0, 0]" in text
    assert "starting_stacks = [40.90, 42.95, 17.85, 22.60, 187.45, 70.85]" in text
    again = to_hand_log(parse_phh(text))
    assert again == log
    assert isinstance(again["level"]["small_blind"], Decimal)
    assert _section("15")["_phh"]["winnings"] == [0, 0, 0, 0, Decimal("1.90"), 0]


def test_toml_local_time_is_iso_text_in_the_log_and_a_time_again_in_phh() -> None:
    log = _section("1")
    assert log["time"] == "00:00:00"
    assert log["table"] == "QOgaEqMcJ73pcUMMxoisUg"
    assert "\ntime = 00:00:00\n" in from_hand_log(log)


def test_metadata_kept_as_names_and_private_phh_field() -> None:
    log = _log("wsop/2023/43/5/1.phh")
    assert log["hand"] == 1
    assert [p["name"] for p in log["players"]][:2] == ["Matthew Ashton", "Kristopher Tong"]
    extra = log["_phh"]
    assert extra["event"].startswith("2023 World Series of Poker Event #43")
    assert extra["finishing_stacks"] == [7340000, 3775000, 5110000, 8935000, 4545000]
    assert (extra["day"], extra["month"], extra["year"]) == (22, 6, 2023)
    assert extra["ante_trimming_status"] is False
    assert not set(extra) & {"actions", "antes", "players", "variant", "starting_stacks"}


# --- errors ------------------------------------------------------------------------------------

def test_unsupported_variant_names_the_field() -> None:
    hand = parse_phh((DATA / "dwan-ivey-2009.phh").read_text())
    with pytest.raises(PhhError, match=r"'variant': expected one of NT, FT, .* got 'FK'") as err:
        to_hand_log({**hand, "variant": "FK"})
    assert err.value.field == "variant"
    with pytest.raises(PhhError, match="got None"):
        to_hand_log({k: v for k, v in hand.items() if k != "variant"})
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(("change", "field", "message"), [
    ({"actions": ["d dh p1 AcKd", "p9 f"]}, "actions[1]", "expected a player p1 to p3, got 'p9'"),
    ({"actions": ["p1 xx"]}, "actions[0]", "expected a PHH action"),
    ({"actions": ["d dh p1 AcKx"]}, "actions[0]", "expected cards such as"),
    ({"starting_stacks": [100, "lots", 100]}, "starting_stacks[1]", "expected a chip amount"),
    ({"antes": [0, 0]}, "antes", "expected a list of 3 chip amounts"),
    ({"seats": [1, 1, 2]}, "seats", "expected 3 different seat numbers"),
    ({"seat_count": 12}, "seat_count", "expected a table of 2 to 10 seats"),
    ({"players": ["a", "b"]}, "players", "expected 3 player names"),
    ({"actions": ["p1 pb"]}, "actions[0]", "needs the bring_in field"),
    ({"actions": ["d dh p1 AcKd", "p3 cbr lots"]}, "actions[1]", "expected an amount after cbr, got 'lots'"),
    ({"blinds_or_straddles": [1000, -2000, 0]}, "blinds_or_straddles[1]", "expected a chip amount of 0 or more"),
])
def test_bad_fields_are_named(change: dict[str, object], field: str, message: str) -> None:
    hand = {**parse_phh((DATA / "dwan-ivey-2009.phh").read_text()), **change}
    with pytest.raises(PhhError) as err:
        to_hand_log(hand)
    assert err.value.field == field
    assert message in str(err.value)


def test_writer_refuses_a_game_phh_cannot_name() -> None:
    log = {**_log("dwan-ivey-2009.phh"), "game": "omaha5"}
    with pytest.raises(PhhError, match=r"'game': expected a game PHH can name \(2-7-single-draw, .*got 'omaha5'"):
        from_hand_log(log)
    wanted = "'structure': expected 'no-limit' or 'limit' for holdem in PHH, got 'pot-limit'"
    with pytest.raises(PhhError, match=wanted):
        from_hand_log({**_log("dwan-ivey-2009.phh"), "structure": "pot-limit"})


# --- what PHH cannot say -----------------------------------------------------------------------

def _irregular_log() -> dict[str, object]:
    return {
        "floorman": 1, "rulebook": "tda-2024", "game": "holdem", "seats": 9, "button": 4, "button_should_be": 5,
        "level": {"number": 12, "small_blind": 1000, "big_blind": 2000, "big_blind_ante": 2000},
        "players": [{"seat": 2, "name": "Ann", "stack": 61000},
                    {"seat": 5, "name": "Bo O'Neil", "stack": 40000, "status": "absent"},
                    {"seat": 7, "name": "Chi", "stack": 87000}],
        "deck": {"back": "blue"}, "hand": "T12-H44", "dealer": "Dee", "time": "2026-07-01T14:03:22Z",
        "events": [
            {"type": "post", "seat": 5, "blind": "sb", "amount": 1000},
            {"type": "post", "seat": 7, "blind": "bb", "amount": 2000},
            {"type": "post", "seat": 7, "blind": "bb_ante", "amount": 2000},
            {"type": "deal", "seat": 5, "card": "As"},
            {"type": "deal", "seat": 7, "card": "Kd", "face_up": True},
            {"type": "expose", "seat": 7, "by": "dealer", "how": "flashed"},
            {"type": "deal", "seat": 2},
            {"type": "boxed", "card": "5c"},
            {"type": "deal", "seat": 5, "card": "Ah"},
            {"type": "deal", "seat": 7, "card": "Kc"},
            {"type": "deal", "seat": 2, "card": "??"},
            {"type": "act", "seat": 2, "action": "raise", "to": 6000},
            {"type": "act", "seat": 5, "action": "all_in"},
            {"type": "act", "seat": 7, "action": "fold"},
            {"type": "act", "seat": 2, "action": "call"},
            {"type": "burn", "card": "2c"},
            {"type": "board", "card": "Qs"}, {"type": "board", "card": "Js"}, {"type": "board", "card": "Ts"},
            {"type": "burn"}, {"type": "board", "card": "9s"},
            {"type": "burn"}, {"type": "board", "card": "8s", "face_up": False},
            {"type": "floor", "note": "river dealt face down"},
            {"type": "ruling_applied", "ruling": 0},
            {"type": "show", "seat": 5, "cards": ["As", "Ah"]},
            {"type": "muck", "seat": 2, "by": "dealer"},
            {"type": "pot_awarded"}, {"type": "next_hand"},
        ],
    }


def test_irregularity_events_survive_phh_round_trip() -> None:
    log = _irregular_log()
    text = from_hand_log(log)
    assert to_hand_log(parse_phh(text)) == log
    kept = json.loads(parse_phh(text)["_floorman"])
    assert kept["events"] == json.loads(json.dumps(log["events"]))
    assert kept["header"]["button"] == 4 and kept["header"]["dealer"] == "Dee"
    for index in (5, 7, 15, 19, 21, 22, 23, 24, 26):  # each is a comment where it happened
        assert f"  # event {index}: " in text
    assert '# event 5: {"type":"expose","seat":7,"by":"dealer","how":"flashed"}' in text
    assert "'d dh p1 AsAh'" in text and "'p1 cbr 40000'" in text  # all_in as a raise to the stack
    again = from_hand_log(to_hand_log(parse_phh(text)))
    assert again == text


def test_phh_with_irregularity_comments_still_replays_in_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = list(pokerkit.HandHistory.loads(from_hand_log(_irregular_log())))[-1]
    assert list(state.stacks) == [42000, 83000, 63000]  # seats 5, 7, 2 as p1, p2, p3
    assert not state.status


def test_edited_actions_with_stale_floorman_field_are_rejected() -> None:
    text = from_hand_log(_irregular_log())
    edited = text.replace("'p2 f',", "'p2 cc',")
    assert edited != text
    with pytest.raises(PhhError, match="'_floorman': expected events that give the hand's actions"):
        to_hand_log(parse_phh(edited))
    with pytest.raises(PhhError, match="'_floorman': expected a JSON object"):
        to_hand_log({**parse_phh(text), "_floorman": "not json"})


def test_dead_button_and_missing_card_default_are_kept() -> None:
    log = {**_log("dwan-ivey-2009.phh")}
    log["seats"], log["button"] = 4, 4  # the button on the empty seat 4
    text = from_hand_log(log)
    assert "seat_count = 4" in text
    back = to_hand_log(parse_phh(text))
    assert back == log and back["button"] == 4


def test_limit_bets_without_to_are_written_with_the_street_bet() -> None:
    log = _log("wsop/2023/43/5/34.phh")  # FT 100000/200000, limits 200000/400000
    events = [{k: v for k, v in e.items() if not (e["type"] == "act" and k == "to")} for e in log["events"]]
    written = action_strings({**log, "events": events})
    assert written == [" ".join(a.split()) for a in parse_phh((DATA / "wsop/2023/43/5/34.phh").read_text())["actions"]]
    text = from_hand_log({**log, "events": events})
    assert to_hand_log(parse_phh(text))["events"] == events


def test_action_commentary_is_kept_on_the_event() -> None:
    log = to_hand_log({"variant": "NT", "antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2,
                       "starting_stacks": [50, 50], "actions": ["d dh p1 ???? # seat 1", "d dh p2 ????",
                                                                "# a note on its own", "p2 f # tanked"]})
    assert _events(log, "deal")[0]["_comment"] == "seat 1"
    assert _events(log, "act")[0] == {"type": "act", "seat": 2, "action": "fold", "_comment": "tanked"}
    assert to_hand_log(parse_phh(from_hand_log(log))) == log


_TABLE_EVENTS = [
    {"type": "burn", "card": "7c"}, {"type": "burn"}, {"type": "boxed", "card": "Qh"},
    {"type": "expose", "seat": 1, "by": "player", "how": "shown"}, {"type": "floor", "note": "dealer's call"},
    {"type": "discover", "what": "stub_disordered"}, {"type": "shuffle"}, {"type": "arrive", "seat": 1},
    {"type": "muck", "seat": 1, "by": "dealer"}, {"type": "post", "seat": 1, "blind": "dead", "amount": 5},
]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, len(HANDS) - 1), st.lists(st.tuples(st.integers(0, 200), st.sampled_from(_TABLE_EVENTS)),
                                                min_size=1, max_size=6))
def test_table_events_anywhere_keep_the_phh_actions_and_round_trip(
        which: int, inserts: list[tuple[int, dict[str, object]]]) -> None:
    _, _, _, log = HANDS[which]
    events = list(log["events"])
    for at, event in inserts:
        events.insert(at % (len(events) + 1), dict(event))
    irregular = {**log, "events": events}
    assert action_strings(irregular) == action_strings(log)
    text = from_hand_log(irregular)
    assert text.count("  # event ") == len(inserts)
    assert to_hand_log(parse_phh(text)) == irregular


def test_stud_up_card_dealt_down_and_late_player_are_kept() -> None:
    log = _log("wsop/2023/43/5/11.phh")
    events = [dict(e) for e in log["events"]]
    third_up = next(i for i, e in enumerate(events) if e.get("face_up"))
    events[third_up]["face_up"] = False  # the door card went out face down
    events.insert(0, {"type": "seat_player", "seat": 6, "name": "Late", "stack": 100})
    odd = {**log, "seats": 6, "events": events}
    text = from_hand_log(odd)
    assert f"# event {third_up + 1}: " in text and "# event 0: " in text
    assert to_hand_log(parse_phh(text)) == odd


def test_float_amounts_from_a_plain_toml_reader_become_decimals() -> None:
    log = to_hand_log(tomllib.loads(PHHS.read_text().split("[2]")[0].replace("[1]\n", "")))
    assert log["level"] == {"small_blind": Decimal("0.25"), "big_blind": Decimal("0.5")}
    assert all(isinstance(p["stack"], (int, Decimal)) for p in log["players"])
