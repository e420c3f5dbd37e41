"""The quick screen gives exactly what the full reader and engine give, or steps aside.

For every line it accepts, the full route must read the same line, find nothing (no finding, no
deck check), and give the very same ruling and audit record. The lines come from the repository's
real hand histories, the examples and scenarios, the bad-input corpus, and hands broken on purpose
(events swapped, dropped, repeated; cards, seats, amounts and actions changed; keys given twice).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from floorman.audit_report import audit_hand, audit_log, clean_hand
from floorman.errors import LogError, UnknownRulebookError
from floorman.formats import handlog
from floorman.formats.files import HandFormat, HandText, read_hands
from floorman.formats.screen import Screened, ruling_of_line, screen_line, screen_log
from floorman.hand import rule
from floorman.log import HandLog
from floorman.rulebooks import BOOK_IDS, find_rulebook
from floorman.rulings.model import Ruling, Verdict
from tests.conftest import EXAMPLES, ROOT, load_cases

PHH_DATA = ROOT / "tests" / "data" / "phh"
BAD = ROOT / "tests" / "bad"
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _phh_lines() -> list[bytes]:
    lines: list[bytes] = []
    for path in sorted(PHH_DATA.rglob("*.phh*")):
        fmt = HandFormat.PHHS if path.suffix == ".phhs" else HandFormat.PHH
        for read in read_hands(HandText(format=fmt, text=path.read_bytes()), source=str(path)):
            if read.log is not None:
                lines.append(handlog.dumps(read.log).encode())
    return lines


PHH_LINES = _phh_lines()
HOLDEM = [line for line in PHH_LINES if json.loads(line)["game"] == "holdem"]
OTHER_LINES = (
    [p.read_bytes() for p in sorted(EXAMPLES.glob("*.json"))]
    + [line for line in (EXAMPLES / "hands.jsonl").read_bytes().splitlines() if line.strip()]
    + [json.dumps(case["log"]).encode() for case in load_cases() if case.get("log")]
    + [p.read_bytes() for p in sorted(BAD.glob("*.json"))]
)


def _agrees(line: bytes | str, rulebook: str | None = None) -> Screened | None:
    """Check the screen against the full route on one line; what the screen gave."""
    screened = screen_line(line, rulebook=rulebook)
    try:
        log = handlog.loads(line)
    except LogError:
        assert screened is None, line
        return None
    if screened is None:
        return None
    result = rule(log, rulebook=rulebook)
    assert result.findings == (), line
    assert screened.ruling == result.ruling, line
    label = log.hand_id or "line 1"
    record = clean_hand(screened.ruling, file="f", hand=label, game=screened.game, table=screened.table,
                        dealer=screened.dealer)
    assert record == audit_hand(log, file="f", hand=label, rulebook=rulebook), line
    assert screened.hand == log.hand_id
    assert screen_log(log, rulebook=rulebook) == screened.ruling, line  # the same hand, already read
    return screened


def _log_agrees(log: HandLog, rulebook: str | None = None) -> Ruling | None:
    """Check the screen of a log already read against the engine; what the screen gave."""
    ruling = screen_log(log, rulebook=rulebook)
    if ruling is not None:
        result = rule(log, rulebook=rulebook)
        assert result.findings == ()
        assert ruling == result.ruling
        assert audit_log(log, file="f", hand="h", rulebook=rulebook) == audit_hand(log, file="f", hand="h",
                                                                                   rulebook=rulebook)
    return ruling


def _readable(lines: Iterable[bytes]) -> Iterator[HandLog]:
    for line in lines:
        try:
            yield handlog.loads(line)
        except LogError:
            continue


# -- the corpus as it is ------------------------------------------------------------------------

def test_screen_takes_every_clean_flop_hand_of_the_real_histories() -> None:
    taken = [line for line in PHH_LINES if _agrees(line) is not None]
    flop = [line for line in PHH_LINES if json.loads(line)["game"] in ("holdem", "omaha", "omaha8", "omaha5",
                                                                       "short-deck")]
    assert len(flop) > 50
    assert len(taken) == len(flop)  # every one of them is clean: the screen must not step aside


def test_screen_takes_every_clean_flop_hand_read_from_phh() -> None:
    logs = list(_readable(PHH_LINES))
    flop = [log for log in logs if log.spec.family.value == "flop"]
    assert len([log for log in logs if _log_agrees(log) is not None]) == len(flop)


def test_screen_of_logs_agrees_on_examples_scenarios_and_hands_broken_on_purpose() -> None:
    logs = list(_readable(OTHER_LINES + list(_broken_lines(7, 600))))
    taken = [log for log in logs if _log_agrees(log) is not None]
    assert 0 < len(taken) < len(logs) // 2


def test_screen_gives_the_very_ruling_the_engine_gives() -> None:
    line = HOLDEM[0]
    assert screen_line(line).ruling is rule(handlog.loads(line)).ruling  # the same value, built once


def test_screen_steps_aside_for_stud_and_draw_games() -> None:
    others = [line for line in PHH_LINES if json.loads(line)["game"] in ("stud", "stud8", "razz", "badugi",
                                                                         "2-7-single-draw", "2-7-triple-draw")]
    assert others
    assert all(screen_line(line) is None for line in others)


def test_screen_agrees_on_examples_scenarios_and_bad_input() -> None:
    taken = [line for line in OTHER_LINES if _agrees(line) is not None]
    assert taken  # the clean examples
    assert len(taken) < len(OTHER_LINES) // 2  # the scenarios are irregular: the engine takes them


@pytest.mark.parametrize("book", BOOK_IDS)
def test_screen_rules_under_the_book_asked_for(book: str) -> None:
    line = HOLDEM[3]
    screened = _agrees(line, rulebook=book)
    assert screened is not None
    assert screened.ruling.citations == rule(handlog.loads(line), rulebook=book).ruling.citations
    assert ruling_of_line(line, rulebook=find_rulebook(book)) == screened.ruling


def test_screen_leaves_an_unknown_rulebook_to_the_engine_which_refuses_it() -> None:
    assert screen_line(HOLDEM[0], rulebook="no-such-book") is None
    with pytest.raises(UnknownRulebookError):
        ruling_of_line(HOLDEM[0], rulebook="no-such-book")


def test_screen_reads_text_as_it_reads_bytes() -> None:
    for line in HOLDEM[:20]:
        assert screen_line(line.decode()) == screen_line(line)


def test_ruling_of_line_raises_what_the_reader_raises() -> None:
    with pytest.raises(LogError):
        ruling_of_line(b'{"floorman": 1, "game": "holdem"')


# -- broken on purpose --------------------------------------------------------------------------

def _obj(line: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(line)
    return obj


def _events_of(obj: dict[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = obj["events"]
    return events


def test_screen_refuses_a_key_given_twice() -> None:
    line = HOLDEM[0]
    twice = line.replace(b'"seat": 1,', b'"seat": 1, "seat": 1,', 1)
    assert twice != line
    assert screen_line(line) is not None
    assert screen_line(twice) is None
    with pytest.raises(LogError):
        handlog.loads(twice)


def test_screen_refuses_a_card_seen_twice() -> None:
    obj = _obj(next(line for line in HOLDEM if b'"board"' in line and b'"card": "' in line))
    events = _events_of(obj)
    dealt = next(e["card"] for e in events if e["type"] == "deal" and e.get("card", "??") != "??")
    next(e for e in events if e["type"] == "board")["card"] = dealt
    line = json.dumps(obj).encode()
    assert screen_line(line) is None
    assert any(f.irregularity.value == "duplicate_card" for f in rule(handlog.loads(line)).findings)


def test_screen_refuses_an_action_out_of_turn() -> None:
    obj = _obj(HOLDEM[0])
    events = _events_of(obj)
    acts = [i for i, e in enumerate(events) if e["type"] == "act"]
    events[acts[0]], events[acts[1]] = events[acts[1]], events[acts[0]]
    line = json.dumps(obj).encode()
    assert screen_line(line) is None
    assert not all(a.in_turn for a in rule(handlog.loads(line)).state.actions)


def test_screen_refuses_a_short_deal() -> None:
    obj = _obj(HOLDEM[0])
    events = _events_of(obj)
    events.remove(next(e for e in events if e["type"] == "deal"))
    line = json.dumps(obj).encode()
    assert screen_line(line) is None
    assert rule(handlog.loads(line)).findings


def _mutations(rng: random.Random) -> list[Callable[[dict[str, Any]], None]]:
    def swap(obj: dict[str, Any]) -> None:
        events = _events_of(obj)
        i = rng.randrange(len(events) - 1)
        events[i], events[i + 1] = events[i + 1], events[i]

    def drop(obj: dict[str, Any]) -> None:
        events = _events_of(obj)
        del events[rng.randrange(len(events))]

    def repeat(obj: dict[str, Any]) -> None:
        events = _events_of(obj)
        i = rng.randrange(len(events))
        events.insert(i, dict(events[i]))

    def card(obj: dict[str, Any]) -> None:
        with_cards = [e for e in _events_of(obj) if e["type"] in ("deal", "board", "burn")]
        if with_cards:
            rng.choice(with_cards)["card"] = rng.choice([*CARDS, "??", "JK", "Xx"])

    def seat(obj: dict[str, Any]) -> None:
        with_seat = [e for e in _events_of(obj) if "seat" in e]
        rng.choice(with_seat)["seat"] = rng.randrange(0, obj["seats"] + 2)

    def amount(obj: dict[str, Any]) -> None:
        with_amount = [e for e in _events_of(obj) if "to" in e or "amount" in e]
        if with_amount:
            event = rng.choice(with_amount)
            key = "to" if "to" in event else "amount"
            event[key] = rng.choice([0, 1, event[key] * 2, event[key] + 1, 10**9, -5, 0.5])

    def action(obj: dict[str, Any]) -> None:
        acts = [e for e in _events_of(obj) if e["type"] == "act"]
        if acts:
            event = rng.choice(acts)
            event["action"] = rng.choice(["fold", "check", "call", "bet", "raise", "all_in", "complete", "muck"])
            if rng.random() < 0.5:
                event.pop("to", None)

    def insert(obj: dict[str, Any]) -> None:
        events = _events_of(obj)
        new = rng.choice([{"type": "board", "card": rng.choice(CARDS)}, {"type": "burn"},
                          {"type": "deal", "seat": rng.randrange(1, obj["seats"] + 1)},
                          {"type": "show", "seat": rng.randrange(1, obj["seats"] + 1), "cards": rng.sample(CARDS, 2)},
                          {"type": "muck", "seat": rng.randrange(1, obj["seats"] + 1)},
                          {"type": "post", "seat": rng.randrange(1, obj["seats"] + 1), "blind": "straddle",
                           "amount": 2}])
        events.insert(rng.randrange(len(events) + 1), new)

    def face_up(obj: dict[str, Any]) -> None:
        rng.choice(_events_of(obj))["face_up"] = rng.choice([True, False])

    def header(obj: dict[str, Any]) -> None:
        key, value = rng.choice([
            ("button", rng.randrange(1, obj["seats"] + 1)), ("game", rng.choice(["omaha", "short-deck", "stud"])),
            ("omits", rng.choice([[], ["deal_order"], ["burns"], ["posts"]])), ("structure", "limit"),
            ("rulebook", rng.choice([*BOOK_IDS, "nope"])), ("seats", obj["seats"] + rng.choice([-1, 1])),
            ("deck", {"back": "red"}), ("_other", 1), ("hand", rng.choice([None, 1.5, "", 7, [1]])),
        ])
        obj[key] = value

    def stack(obj: dict[str, Any]) -> None:
        rng.choice(obj["players"])["stack"] = rng.choice([0, 1, 3, 150])

    def status(obj: dict[str, Any]) -> None:
        rng.choice(obj["players"])["status"] = rng.choice(["present", "absent", "waiting", "penalized", "redeal_dead"])

    def extra_field(obj: dict[str, Any]) -> None:
        rng.choice(_events_of(obj))[rng.choice(["_x", "note", "card", "by"])] = rng.choice(["dealer", 1, None, "As"])

    return [swap, drop, repeat, card, seat, amount, action, insert, face_up, header, stack, status, extra_field]


def _broken_lines(seed: int, count: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    mutations = _mutations(rng)
    for _ in range(count):
        obj = _obj(rng.choice(HOLDEM))
        for _ in range(rng.choice((1, 1, 2, 3))):
            rng.choice(mutations)(obj)
        text = json.dumps(obj)
        if rng.random() < 0.1:  # a key given twice, or a key written apart from its colon
            key = rng.choice(['"seat": ', '"card": ', '"to": ', '"stack": ', '"game": '])
            text = text.replace(key, rng.choice([f'{key}1, {key}', key.replace('": ', '" : ')]), 1)
        yield text.encode()


@pytest.mark.parametrize("seed", range(8))
def test_screen_agrees_with_the_engine_on_hands_broken_on_purpose(seed: int) -> None:
    taken = sum(_agrees(line) is not None for line in _broken_lines(seed, 250))
    assert 0 < taken < 250  # some breaks leave a hand regular (a dealt card's face changed), most do not


def test_audit_reports_the_same_with_and_without_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from floorman import audit_chunks
    from floorman.audit import audit

    lines = PHH_LINES[:40] + list(_broken_lines(99, 60)) + OTHER_LINES[:10]
    (tmp_path / "mixed.jsonl").write_bytes(b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\n")

    def report() -> list[Any]:
        return [(h.file, h.hand, h.game, h.verdict, h.findings, h.error) for h in audit([tmp_path])]

    with_screen = report()
    monkeypatch.setattr(audit_chunks, "screen_line", lambda line, rulebook=None: None)
    assert report() == with_screen
    assert sum(h[3] is Verdict.CONTINUE and not h[4] for h in with_screen) > 30


def test_screen_reads_fields_in_the_order_the_schema_declares() -> None:
    """The screen unpacks each decoded value's fields by position (``astuple``): the schema must keep this order."""
    from floorman.formats import _screen_schema as schema

    assert schema.Header.__struct_fields__ == (
        "floorman", "game", "seats", "level", "players", "events", "rulebook", "structure", "button", "omits",
        "hand", "table", "tournament", "dealer", "time", "phh",
    )
    assert schema.Level.__struct_fields__ == (
        "number", "small_blind", "big_blind", "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet",
    )
    assert [t.__struct_fields__ for t in (schema.Player, schema.Deal, schema.Act, schema.Board, schema.Post,
                                          schema.Show, schema.Muck, schema.Burn)] == [
        ("seat", "name", "stack"), ("seat", "card", "face_up"), ("seat", "action", "to"), ("card", "face_up"),
        ("seat", "blind", "amount"), ("seat", "cards"), ("seat", "by"), ("card",),
    ]
