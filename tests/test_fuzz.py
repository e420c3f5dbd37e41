"""The readers and the engine under random and mutated input: nothing but the documented errors, ever.

Each reader either returns a hand log or raises a ``FloormanError`` (the PHH reader may also raise its
``PhhError``); never any other exception. Every log a reader accepts can be ruled under every rulebook,
and the ruling written out as JSON and as words. The examples are bounded so that this file runs in well
under a minute; ``fuzz/`` holds atheris harnesses for longer runs by hand.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import floorman
from floorman.errors import FloormanError
from floorman.fold.log import HandLog
from floorman.formats import handlog, phh
from floorman.formats import ruling as ruling_json
from floorman.formats.phh import PhhError
from floorman.law.rulebooks import BOOK_IDS
from floorman.words.rulings import result_lines
from tests.conftest import EXAMPLES, load_cases
from tests.strategies import hand_logs

FUZZ = settings(max_examples=150, deadline=timedelta(seconds=10), suppress_health_check=list(HealthCheck))
ENGINE = settings(FUZZ, max_examples=120)

SEED_LOGS: list[dict[str, Any]] = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]
SEED_LOGS += [case["log"] for case in load_cases() if case.get("log")]
PHH_DATA = Path(__file__).resolve().parent / "data" / "phh"
SEED_PHH = [p.read_text(encoding="utf-8") for p in sorted(PHH_DATA.rglob("*.phh"))[::4]]

GAMES = ["holdem", "omaha", "omaha8", "omaha5", "short-deck", "stud", "stud8", "razz", "2-7-single-draw",
         "2-7-triple-draw", "badugi"]
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["??", "JK"]
FIELD_NAMES = sorted({
    "floorman", "rulebook", "game", "structure", "seats", "button", "button_should_be", "redeal_of", "level",
    "players", "deck", "omits", "events", "hand", "table", "type", "seat", "blind", "amount", "card", "face_up",
    "back", "boxed", "replacement", "index", "by", "how", "action", "to", "count", "cards", "what", "where",
    "from_seat", "name", "stack", "status", "note", "ruling", "override", "verdict", "reason", "small_blind",
    "big_blind", "number", "_private",
})
WORDS = ["holdem", "stud", "razz", "deal", "post", "act", "burn", "board", "floor", "expose", "discover", "sb", "bb",
         "ante", "raise", "call", "fold", "check", "dealer", "player", "hand", "stub", "duplicate", "wsop", "tda",
         "rrop", "limit", "absent", "burns", "continue", "misdeal", "As", "??", "JK", "Zz", "", " ", "\u0000", "é"]


def amounts() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(min_value=-(10**20), max_value=10**20),
        st.sampled_from([0, 1, 200, 400, 10**15, 10**15 + 1, -1]),
        st.decimals(allow_nan=True, allow_infinity=True).filter(lambda d: not d.is_snan()),
        st.sampled_from([Decimal("0.5"), Decimal("1e999999999"), Decimal("-1e999999999"), Decimal("1e-999999999"),
                         Decimal("12.50"), Decimal("NaN"), Decimal("Infinity")]),
    )


SCALARS = st.one_of(
    st.none(), st.booleans(), amounts(), st.sampled_from(WORDS + CARDS), st.text(max_size=12),
    st.floats(allow_nan=True, allow_infinity=True),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6),
                                                               inner, max_size=4),
    max_leaves=12,
)


def _json(value: Any) -> str:
    """JSON text for a value that may hold ``Decimal`` numbers, written as the numbers they are."""
    def mark(v: Any) -> str:
        if isinstance(v, Decimal):
            return f"@@{v if v.is_finite() else ('NaN' if v.is_nan() else ('-' if v < 0 else '') + 'Infinity')}@@"
        raise TypeError(type(v).__name__)
    return re.sub(r'"@@(.*?)@@"', r"\1", json.dumps(value, default=mark))


def _accept_or_refuse(read: Any, *args: Any) -> HandLog | None:
    """Run a reader: a log, or ``None`` after a documented error. Any other exception fails the test."""
    try:
        log: HandLog = read(*args)
    except FloormanError as err:
        assert "\n" not in str(err)
        return None
    return log


def _rule_everywhere(log: HandLog) -> None:
    """The log is ruled under every rulebook and the ruling is written out, without an exception."""
    for book in BOOK_IDS:
        result = floorman.rule(log, rulebook=book)
        assert result.rulings
        json.loads(ruling_json.dumps(result))
    assert result_lines(result, color=False)


# -- JSON: bytes, text, values ----------------------------------------------------------------------

@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_read_or_refused(data: bytes) -> None:
    _accept_or_refuse(handlog.loads, data)


@FUZZ
@given(st.sampled_from(SEED_LOGS), st.data())
def test_valid_log_bytes_cut_or_spliced_are_read_or_refused(obj: dict[str, Any], data: st.DataObject) -> None:
    text = json.dumps(obj).encode()
    start = data.draw(st.integers(min_value=0, max_value=len(text)))
    end = data.draw(st.integers(min_value=start, max_value=min(len(text), start + 40)))
    junk = data.draw(st.binary(max_size=8) | st.sampled_from([b"", b"\xef\xbb\xbf", b"\\ud800", b"NaN", b"1e9999999"]))
    log = _accept_or_refuse(handlog.loads, text[:start] + junk + text[end:])
    if log is not None:
        _rule_everywhere(log)


@FUZZ
@given(JSON_VALUES)
def test_random_json_values_are_read_or_refused(value: Any) -> None:
    _accept_or_refuse(handlog.from_obj, value)
    _accept_or_refuse(handlog.loads, _json(value))


@FUZZ
@given(st.lists(st.binary(max_size=60) | st.sampled_from([json.dumps(o) for o in SEED_LOGS[:5]]), max_size=5))
def test_jsonl_streams_are_read_or_refused_naming_the_line(lines: list[Any]) -> None:
    try:
        logs = list(handlog.iter_jsonl(lines))
    except FloormanError as err:
        assert "\n" not in str(err)
        return
    assert len(logs) <= len(lines)


# -- mutations of valid logs ------------------------------------------------------------------------

def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: object keys and list indexes."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


def _retype(value: Any) -> list[Any]:
    """The same value in the wrong type, or out of range."""
    out: list[Any] = [None, str(value), [value], {"value": value}, True, False]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [-value, value * 10**20, value + 1, value - 1, Decimal(value) + Decimal("0.5"), float(value)]
    if isinstance(value, str):
        out += [value.upper(), value[:1], value + value, len(value)]
    return out


@st.composite
def events(draw: st.DrawFn, seats: int = 9, money: st.SearchStrategy[Any] | None = None) -> dict[str, Any]:
    """One event of any type, its fields mostly well formed (``money``: the chip amounts to use)."""
    seat = st.integers(min_value=1, max_value=seats) | st.integers(min_value=-1, max_value=seats + 2)
    amounts_ = money if money is not None else amounts()
    kind = draw(st.sampled_from(["post", "deal", "boxed", "expose", "act", "burn", "board", "discard", "show",
                                 "muck", "discover", "arrive", "leave", "seat_player", "level_change", "shuffle",
                                 "floor", "ruling_applied", "pot_awarded", "next_hand"]))
    fields: dict[str, st.SearchStrategy[Any]] = {
        "post": st.fixed_dictionaries({"seat": seat, "blind": st.sampled_from(
            ["sb", "bb", "ante", "bb_ante", "straddle", "bring_in", "dead"]), "amount": amounts_}),
        "deal": st.fixed_dictionaries({"seat": seat, "card": st.sampled_from(CARDS)}, optional={
            "face_up": st.booleans(), "boxed": st.booleans(), "replacement": st.booleans(),
            "back": st.sampled_from(["red", "blue"])}),
        "boxed": st.fixed_dictionaries({}, optional={"card": st.sampled_from(CARDS)}),
        "expose": st.fixed_dictionaries({"seat": seat, "by": st.sampled_from(["dealer", "player"])}, optional={
            "index": st.integers(min_value=1, max_value=8), "card": st.sampled_from(CARDS),
            "how": st.sampled_from(["flashed", "flipped", "off_table", "shown"])}),
        "act": st.fixed_dictionaries({"seat": seat, "action": st.sampled_from(
            ["fold", "check", "call", "bet", "raise", "complete", "all_in"])}, optional={"to": amounts_}),
        "burn": st.fixed_dictionaries({}, optional={"card": st.sampled_from(CARDS)}),
        "board": st.fixed_dictionaries({}, optional={"card": st.sampled_from(CARDS), "face_up": st.booleans(),
                                                     "back": st.sampled_from(["red", "blue"])}),
        "discard": st.fixed_dictionaries({"seat": seat, "count": st.integers(min_value=0, max_value=7)}),
        "show": st.fixed_dictionaries({"seat": seat, "cards": st.lists(st.sampled_from(CARDS), max_size=7)}),
        "muck": st.fixed_dictionaries({"seat": seat}, optional={"by": st.sampled_from(["dealer", "player"])}),
        "discover": st.fixed_dictionaries({"what": st.sampled_from(
            ["duplicate", "foreign_back", "previous_hand_card", "missing_card", "non_standard", "stub_disordered",
             "wrong_count", "knew_defect", "mixed"])}, optional={
            "card": st.sampled_from(CARDS), "seat": seat, "where": st.sampled_from(["hand", "board", "stub"]),
            "count": st.integers(min_value=0, max_value=9), "from_seat": seat}),
        "arrive": st.fixed_dictionaries({"seat": seat}),
        "leave": st.fixed_dictionaries({"seat": seat}),
        "seat_player": st.fixed_dictionaries({"seat": seat, "name": st.text(max_size=5), "stack": amounts_}),
        "level_change": st.fixed_dictionaries({"level": st.fixed_dictionaries(
            {"small_blind": amounts_, "big_blind": amounts_})}),
        "shuffle": st.just({}),
        "floor": st.fixed_dictionaries({}, optional={"note": st.text(max_size=8)}),
        "ruling_applied": st.fixed_dictionaries({"ruling": st.integers(min_value=0, max_value=3)}, optional={
            "override": st.fixed_dictionaries({"verdict": st.sampled_from(["misdeal", "void", "continue"]),
                                               "reason": st.sampled_from(["table agreed", "floor's call"])})}),
        "pot_awarded": st.just({}),
        "next_hand": st.just({}),
    }
    return {"type": kind, **draw(fields[kind])}


@st.composite
def mutated_logs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid log with a few things changed: a field deleted, replaced or retyped, events inserted or moved."""
    obj: dict[str, Any] = json.loads(json.dumps(draw(st.sampled_from(SEED_LOGS) | hand_logs())))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        op = draw(st.sampled_from(["delete", "replace", "retype", "insert", "insert", "move", "game"]))
        evs = obj.get("events")
        if op == "insert" and isinstance(evs, list):
            seats = obj.get("seats")
            evs.insert(draw(st.integers(min_value=0, max_value=len(evs))),
                       draw(events(seats if type(seats) is int and 2 <= seats <= 10 else 9)))
            continue
        if op == "move" and isinstance(evs, list) and len(evs) > 1:
            event = evs.pop(draw(st.integers(min_value=0, max_value=len(evs) - 1)))
            evs.insert(draw(st.integers(min_value=0, max_value=len(evs))), event)
            continue
        if op == "game":
            obj["game"] = draw(st.sampled_from(GAMES))
            obj.setdefault("button", 1)
            continue
        paths = _paths(obj)
        if not paths:
            continue
        path = draw(st.sampled_from(paths))
        parent = obj
        for key in path[:-1]:
            parent = parent[key]
        if op == "delete":
            del parent[path[-1]]
        elif op == "replace":
            parent[path[-1]] = draw(JSON_VALUES)
        else:
            parent[path[-1]] = draw(st.sampled_from(_retype(parent[path[-1]])))
    return obj


@ENGINE
@given(mutated_logs())
def test_mutated_logs_are_read_or_refused_and_every_accepted_one_is_ruled_under_every_book(
    obj: dict[str, Any],
) -> None:
    log = _accept_or_refuse(handlog.from_obj, obj)
    if log is not None:
        _rule_everywhere(log)
    again = _accept_or_refuse(handlog.loads, _json(obj))
    if again is not None:
        _rule_everywhere(again)


MONEY = st.sampled_from([0, 1, 100, 1000, 2000, 4000, 60000, Decimal("0.5"), Decimal("12.25")])


@st.composite
def wild_logs(draw: st.DrawFn) -> dict[str, Any]:
    """A well-formed log of any game with events in any order: what a confused tablet might send."""
    game = draw(st.sampled_from(GAMES))
    seats = draw(st.integers(min_value=2, max_value=10))
    occupied = sorted(draw(st.sets(st.integers(min_value=1, max_value=seats), min_size=2)))
    statuses = st.sampled_from(["present", "present", "present", "absent", "penalized", "waiting", "redeal_dead"])
    players = [{"seat": s, "name": f"P{s}", "stack": draw(st.sampled_from([0, 1, 500, 2000, 60000])),
                "status": draw(statuses)} for s in occupied]
    level = {"small_blind": 1000, "big_blind": 2000, "ante": draw(st.sampled_from([0, 200])), "bring_in": 500,
             "small_bet": 2000, "big_bet": 4000}
    obj: dict[str, Any] = {"floorman": 1, "game": game, "seats": seats, "button": draw(st.sampled_from(occupied)),
                           "level": level, "players": players}
    if draw(st.booleans()):
        obj["omits"] = draw(st.lists(st.sampled_from(["burns", "deal_order", "posts", "boxed"]), max_size=2))
    if draw(st.booleans()):
        obj["structure"] = draw(st.sampled_from(["no-limit", "pot-limit", "limit"]))
    events_out: list[dict[str, Any]] = []
    floors = 0
    taken = set(occupied)
    hole = {"omaha": 4, "omaha8": 4, "omaha5": 5, "stud": 3, "stud8": 3, "razz": 3}.get(game, 2)
    if game in ("2-7-single-draw", "2-7-triple-draw", "badugi"):
        hole = 5 if game != "badugi" else 4
    if draw(st.booleans()):  # a proper deal first, most of the time
        deck = iter(draw(st.permutations(CARDS[:52])))
        events_out += [{"type": "post", "seat": occupied[0], "blind": "sb", "amount": 1000},
                       {"type": "post", "seat": occupied[1], "blind": "bb", "amount": 2000}]
        for k in range(hole):
            events_out += [{"type": "deal", "seat": s, "card": next(deck), "face_up": k == 2 and hole == 3}
                           for s in occupied]
    for raw in draw(st.lists(events(seats, MONEY), max_size=30)):
        for key in ("seat", "from_seat"):
            if key in raw and not 1 <= raw[key] <= seats:
                raw[key] = draw(st.integers(min_value=1, max_value=seats))
        if "seat" in raw and raw["type"] not in ("deal", "seat_player", "expose", "muck", "discover"):
            raw["seat"] = draw(st.sampled_from(sorted(taken)))
        if raw["type"] == "seat_player":
            free = [s for s in range(1, seats + 1) if s not in taken]
            if not free:
                continue
            raw["seat"] = draw(st.sampled_from(free))
            taken.add(raw["seat"])
        if raw["type"] == "ruling_applied":
            if not floors:
                continue
            raw["ruling"] = draw(st.integers(min_value=0, max_value=floors - 1))
        floors += raw["type"] == "floor"
        events_out.append(raw)
    obj["events"] = events_out
    return obj


@ENGINE
@given(wild_logs())
def test_every_accepted_log_of_any_game_is_ruled_under_every_book(obj: dict[str, Any]) -> None:
    log = _accept_or_refuse(handlog.loads, _json(obj))
    assume(log is not None)
    assert log is not None
    _rule_everywhere(log)


# -- PHH ---------------------------------------------------------------------------------------------

def _read_phh(text: str) -> None:
    """PHH text through to rulings: only ``PhhError`` or a ``FloormanError`` may stop it."""
    try:
        hands = phh.loads(text)
    except PhhError as err:
        assert err.field and "\n" not in str(err)
        return
    for obj in hands:
        log = _accept_or_refuse(handlog.from_obj, obj)
        if log is not None:
            _rule_everywhere(log)


TOML_PIECES = ['variant = "NT"', "antes = [0, 0]", "blinds_or_straddles = [1, 2]", "starting_stacks = [200, 200]",
               'actions = ["d dh p1 AsKs", "d dh p2 ????", "p1 cc", "p2 cc"]', "[1]", "[[x]]", "=", '"', "'''",
               "[", "]", "{", "}", ",", "\n", "#", "1e999999", "9" * 30, "nan", "inf", "1979-05-27", "true"]


@FUZZ
@given(st.lists(st.sampled_from(TOML_PIECES) | st.text(max_size=6), max_size=12).map("\n".join))
def test_random_toml_text_is_read_or_refused(text: str) -> None:
    _read_phh(text)


ACTION_WORDS = ["d", "dh", "db", "p1", "p2", "p3", "p9", "p0", "cc", "cbr", "f", "sm", "sd", "pb", "-", "AsKd",
                "????", "Jc3d5c", "7h", "Zz", "100", "0.5", "-5", "1e999999999", "NaN", "#", "# note"]


@st.composite
def mutated_phh(draw: st.DrawFn) -> str:
    """A real hand history with a few of its values or actions changed."""
    table = phh.parse_phh(draw(st.sampled_from(SEED_PHH)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        key = draw(st.sampled_from([*table, "seats", "seat_count", "bring_in", "level", "_floorman"]))
        op = draw(st.sampled_from(["delete", "replace", "action", "action"]))
        actions = table.get("actions")
        if op == "action" and isinstance(actions, list):
            words = draw(st.lists(st.sampled_from(ACTION_WORDS), min_size=1, max_size=4))
            actions.insert(draw(st.integers(min_value=0, max_value=len(actions))), " ".join(words))
        elif op == "delete":
            table.pop(key, None)
        else:
            table[key] = draw(st.one_of(amounts(), st.lists(amounts(), max_size=4), st.sampled_from(WORDS),
                                        st.lists(st.sampled_from(WORDS), max_size=3)))
    return _toml(table)


def _toml(table: dict[str, Any]) -> str:
    """TOML text for a flat table of numbers, strings, booleans and lists of them."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, Decimal):
            return "nan" if v.is_nan() else ("inf" if v == Decimal("Infinity") else
                                             "-inf" if v == Decimal("-Infinity") else str(v))
        if isinstance(v, int):
            return str(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return json.dumps(str(v))
    return "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in table.items())


@FUZZ
@given(mutated_phh())
def test_mutated_hand_histories_are_read_or_refused_and_every_accepted_one_is_ruled(text: str) -> None:
    _read_phh(text)


@FUZZ
@given(st.sampled_from(SEED_PHH), st.data())
def test_hand_history_text_cut_or_spliced_is_read_or_refused(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(min_value=0, max_value=len(text)))
    end = data.draw(st.integers(min_value=start, max_value=min(len(text), start + 30)))
    _read_phh(text[:start] + data.draw(st.sampled_from(TOML_PIECES) | st.text(max_size=4)) + text[end:])


# -- files: bounded reading, whatever the bytes ---------------------------------------------------------

FILE_SUFFIXES = [".json", ".jsonl", ".phh", ".phhs", ".jsonl.gz", ".phh.gz"]


@FUZZ
@given(suffix=st.sampled_from(FILE_SUFFIXES),
       data=st.one_of(st.binary(max_size=2000),
                      st.sampled_from([json.dumps(log) for log in SEED_LOGS[:6]] + SEED_PHH[:4]).map(str.encode),
                      st.lists(st.sampled_from([b"\n", b"{", b"}", b"[", b"]", b'"events"', b":", b",", b"1",
                                                b"\xff", b"\x00", b"=", b"variant", b"'NT'", b"hand",
                                                b"1979-05-27T07:32:00", b"07:32:00"]), max_size=60).map(b"".join)))
def test_a_hand_file_of_any_bytes_is_read_or_refused_with_a_located_error(
        tmp_path_factory: Any, suffix: str, data: bytes) -> None:
    import gzip

    from floorman.formats import files

    folder = tmp_path_factory.mktemp("files")
    path = folder / f"hand{suffix}"
    path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
    try:
        for item in files.hand_texts(path):
            assert len(item.text) <= files.MAX_FILE_BYTES
            for read in files.read_hands(item, source=str(path)):
                assert (read.log is None) != (read.error is None)
                if read.error is not None:
                    assert isinstance(read.error, FloormanError) and "\n" not in str(read.error)
    except FloormanError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)
