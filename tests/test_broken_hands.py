"""The engine on real hands and on hands broken on purpose: every hand read is ruled, the same way however it comes.

The lines come from the repository's real hand histories, the examples and scenarios, the bad-input
corpus, and hands broken on purpose (events swapped, dropped, repeated; cards, seats, amounts and
actions changed; keys given twice). Every line is either refused by the reader (a ``LogError``) or
ruled by the engine; the live API, fed one event at a time, rules as the whole log does; the audit
gives each hand the record ``audit_hand`` gives it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from floorman.audit.report import audit_hand
from floorman.engine.hand import Hand, rule
from floorman.errors import LogError
from floorman.fold.log import HandLog
from floorman.formats import handlog
from floorman.formats.files import HandFormat, HandText, read_hands
from floorman.law.rulebooks import BOOK_IDS
from floorman.law.rulings.model import Verdict
from tests.conftest import EXAMPLES, ROOT, load_cases

PHH_DATA = ROOT / "tests" / "data" / "phh"
BAD = ROOT / "tests" / "bad"
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
FLOP_GAMES = ("holdem", "omaha", "omaha8", "omaha5", "short-deck")


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


def _read(line: bytes) -> HandLog | None:
    try:
        return handlog.loads(line)
    except LogError:
        return None


def _readable(lines: Iterable[bytes]) -> Iterator[HandLog]:
    for line in lines:
        log = _read(line)
        if log is not None:
            yield log


def _pushed(log: HandLog, rulebook: str | None = None) -> Hand:
    """The hand fed one event at a time through the live API, from its header."""
    hand = Hand(replace(log, events=()), rulebook=rulebook)
    for event in log.events:
        hand.push(event)
    return hand


# -- the corpus as it is ------------------------------------------------------------------------

def test_engine_finds_nothing_in_the_clean_flop_hands_of_the_real_histories() -> None:
    flop = [line for line in PHH_LINES if json.loads(line)["game"] in FLOP_GAMES]
    assert len(flop) > 50
    for line in flop:
        log = handlog.loads(line)
        result = rule(log)
        assert result.findings == (), line
        assert result.ruling.verdict is Verdict.CONTINUE
        assert audit_hand(log, file="f", hand="h").findings == (), line  # nor does the audit's deck check


@pytest.mark.parametrize("book", BOOK_IDS)
def test_live_hand_rules_as_the_whole_log_under_every_book(book: str) -> None:
    for log in _readable(HOLDEM[:10] + OTHER_LINES):
        whole = rule(log, rulebook=book)
        live = _pushed(log, rulebook=book).result()
        assert live.rulings == whole.rulings
        assert live.findings == whole.findings


# -- broken on purpose --------------------------------------------------------------------------

def _obj(line: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(line)
    return obj


def _events_of(obj: dict[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = obj["events"]
    return events


def test_a_key_given_twice_is_refused_by_the_reader() -> None:
    line = HOLDEM[0]
    twice = line.replace(b'"seat": 1,', b'"seat": 1, "seat": 1,', 1)
    assert twice != line
    handlog.loads(line)
    with pytest.raises(LogError):
        handlog.loads(twice)


def test_a_card_seen_twice_is_found_a_duplicate() -> None:
    obj = _obj(next(line for line in HOLDEM if b'"board"' in line and b'"card": "' in line))
    events = _events_of(obj)
    dealt = next(e["card"] for e in events if e["type"] == "deal" and e.get("card", "??") != "??")
    next(e for e in events if e["type"] == "board")["card"] = dealt
    line = json.dumps(obj).encode()
    assert any(f.irregularity.value == "duplicate_card" for f in rule(handlog.loads(line)).findings)


def test_an_action_out_of_turn_is_recorded_out_of_turn() -> None:
    obj = _obj(HOLDEM[0])
    events = _events_of(obj)
    acts = [i for i, e in enumerate(events) if e["type"] == "act"]
    events[acts[0]], events[acts[1]] = events[acts[1]], events[acts[0]]
    line = json.dumps(obj).encode()
    assert not all(a.in_turn for a in rule(handlog.loads(line)).view.actions)


def test_a_short_deal_is_found() -> None:
    obj = _obj(HOLDEM[0])
    events = _events_of(obj)
    events.remove(next(e for e in events if e["type"] == "deal"))
    line = json.dumps(obj).encode()
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
def test_engine_rules_every_hand_broken_on_purpose_the_reader_accepts(seed: int) -> None:
    lines = list(_broken_lines(seed, 250))
    logs = list(_readable(lines))
    assert 0 < len(logs) < len(lines)  # some breaks make a log the reader must refuse
    clean = 0
    for log in logs:
        whole = rule(log)
        live = _pushed(log).result()
        assert live.rulings == whole.rulings
        assert live.findings == whole.findings
        clean += not whole.findings
    assert 0 < clean < len(logs)  # some breaks leave a hand regular (a dealt card's face changed), others do not


def test_audit_gives_each_hand_the_record_of_audit_hand(tmp_path: Path) -> None:
    from floorman.audit import audit

    lines = [line.replace(b"\n", b" ") for line in PHH_LINES[:40] + list(_broken_lines(99, 60)) + OTHER_LINES[:10]]
    (tmp_path / "mixed.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    records = list(audit([tmp_path]))
    assert len(records) == len(lines)
    for line, record in zip(lines, records, strict=True):
        log = _read(line)
        assert (log is None) == (record.error is not None)
        if log is not None:
            expected = audit_hand(log, file=record.file, hand=record.hand)
            assert (record.game, record.verdict, record.findings) == (expected.game, expected.verdict, expected.findings)
    assert sum(r.verdict is Verdict.CONTINUE and not r.findings for r in records) > 30
