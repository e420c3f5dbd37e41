"""The screen's kernel in C takes a line only when the engine would rule on it exactly as it does.

Every line the kernel takes must be read by the full reader, found clean by the engine, and give
the very ruling and audit facts the kernel's answer gives; on the usual JSONL text it takes exactly
the lines the screen in Python takes. The lines: the repository's real hand histories, examples,
scenarios and bad input, hands broken on purpose, and the same texts cut short, respaced,
reordered and changed byte by byte.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from floorman.errors import LogError
from floorman.events import BoardCardDealt, CardDealt, PlayerActed
from floorman.formats import _screen_c, handlog, screen
from floorman.hand import rule
from floorman.log import HandLog, Omission
from floorman.rulebooks import BOOK_IDS
from tests.test_screen import HOLDEM, OTHER_LINES, PHH_LINES, _broken_lines

pytestmark = pytest.mark.skipif(_screen_c.SCAN is None, reason="the screen's kernel in C was not built (no C compiler)")


def _kernel_agrees(line: bytes, rulebook: str | None = None) -> bool:
    """Check the kernel's answer on one line against the full reader and engine; whether it took the line."""
    facts = _screen_c.scan(line)
    if facts is None or screen._ruling_of_facts(facts, rulebook) is None:  # (None: a rulebook no one knows)
        return False
    log = handlog.loads(line)  # a line the kernel takes is one the reader reads
    result = rule(log, rulebook=rulebook)
    assert result.findings == (), line
    screened = screen.screen_line(line, rulebook=rulebook)
    assert screened is not None, line
    assert screened.ruling is result.ruling, line  # the very value: the engine's cached clean ruling
    meta = {key: None if log.meta.get(key) is None else str(log.meta[key]) for key in ("hand", "table", "dealer")}
    assert (screened.game, screened.hand, screened.table, screened.dealer) == (
        log.game, meta["hand"], meta["table"], meta["dealer"]), line
    return True


def _python_takes(line: bytes) -> bool:
    return screen.screen_line_in_python(line) is not None


# -- the corpus as it is ------------------------------------------------------------------------

def test_kernel_takes_exactly_the_lines_the_python_screen_takes() -> None:
    for line in PHH_LINES + OTHER_LINES:
        took = _kernel_agrees(line)
        assert took == _python_takes(line), line
        if took:
            assert screen.screen_line(line) == screen.screen_line_in_python(line), line
    assert sum(_screen_c.scan(line) is not None for line in PHH_LINES) > 50


@pytest.mark.parametrize("book", BOOK_IDS)
def test_kernel_rules_under_the_book_asked_for(book: str) -> None:
    for line in HOLDEM[:20]:
        assert _kernel_agrees(line, rulebook=book)


@pytest.mark.parametrize("seed", range(6))
def test_kernel_agrees_with_the_engine_on_hands_broken_on_purpose(seed: int) -> None:
    lines = list(_broken_lines(100 + seed, 250))
    taken = [line for line in lines if _kernel_agrees(line)]
    assert 0 < len(taken) < len(lines)
    python = [line for line in lines if _python_takes(line)]
    assert set(python) <= set(taken)  # the kernel follows all the python screen follows (and any spacing)


# -- the text itself ----------------------------------------------------------------------------

def _obj(line: bytes) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(line)
    return obj


def test_kernel_steps_aside_at_every_cut_of_a_line() -> None:
    line = HOLDEM[0]
    assert _screen_c.scan(line) is not None
    assert all(_screen_c.scan(line[:cut]) is None for cut in range(len(line)))
    assert all(_screen_c.scan(line + extra) is None for extra in (b",", b"}", b"x", b"{}", b"\x00"))
    assert _screen_c.scan(line + b" \r\n\t") is not None  # white space after the object is JSON's


def test_kernel_reads_any_spacing_and_any_key_order() -> None:
    rng = random.Random(3)
    for line in HOLDEM[:30]:
        obj = _obj(line)
        shuffled = dict(rng.sample(list(obj.items()), len(obj)))  # the events first, the game last...
        for text in (json.dumps(obj, indent=2), json.dumps(obj, separators=(",", ":")),
                     json.dumps(obj, sort_keys=True), json.dumps(shuffled), "\n " + json.dumps(obj)):
            assert _kernel_agrees(text.encode()), text


def test_kernel_reads_names_in_any_language() -> None:
    obj = _obj(HOLDEM[0])
    obj["players"][0]["name"] = "Nguyễn Văn Đức 🂡"
    obj["table"] = "Bàn 7"
    line = json.dumps(obj, ensure_ascii=False).encode()
    assert _kernel_agrees(line)
    assert screen.screen_line(line).table == "Bàn 7"


def _first_stack_as(text: str) -> bytes:
    obj = _obj(HOLDEM[0])
    stack = obj["players"][0]["stack"]
    return json.dumps(obj).replace(f'"stack": {stack}', f'"stack": {text.format(stack)}', 1).encode()


@pytest.mark.parametrize("line", [
    HOLDEM[0].replace(b'"name": "', b'"name": "\\"quoted\\" ', 1),   # an escape in a string
    _first_stack_as("{}e0"),                                           # an exponent
    _first_stack_as("{}.0001"),                                        # a fourth decimal place
], ids=["escape", "exponent", "fourth-decimal"])
def test_kernel_steps_aside_where_the_python_screen_reads_on(line: bytes) -> None:
    assert _screen_c.scan(line) is None
    screened = screen.screen_line(line)
    assert screened is not None
    assert screened == screen.screen_line_in_python(line)
    assert screened.ruling is rule(handlog.loads(line)).ruling


def test_kernel_reads_decimal_amounts_to_the_thousandth() -> None:
    line = next(line for line in PHH_LINES if b'"stack": ' in line and b'.' in line.split(b'"stack": ')[1][:8])
    obj = _obj(line)
    assert _kernel_agrees(line)
    for player in obj["players"]:
        player["stack"] = float(player["stack"]) + 0.125
    assert _kernel_agrees(json.dumps(obj).encode())


@pytest.mark.parametrize("where", ["header", "level", "player", "event", "phh"])
def test_kernel_refuses_a_key_given_twice_at_any_depth(where: str) -> None:
    line = next(line for line in HOLDEM if b'"_phh": {"' in line)
    key = {"header": b'"seats": ', "level": b'"big_blind": ', "player": b'"stack": ', "event": b'"seat": ',
           "phh": b'"_phh": {'}[where]
    at = line.index(key) + len(key)
    if where == "phh":
        twice = line[:at] + b'"k": 1, "k": 2, ' + line[at:]
    else:
        end = min(i for i in (line.find(b",", at), line.find(b"}", at)) if i > 0)
        twice = line[:end] + b", " + key + line[at:end] + line[end:]
    assert _screen_c.scan(twice) is None
    if where == "phh":  # the reader keeps a private field as it comes: the engine rules on it
        assert screen.ruling_of_line(twice) is rule(handlog.loads(twice)).ruling
        return
    with pytest.raises(LogError):
        handlog.loads(twice)


def test_kernel_refuses_text_that_is_not_utf8_or_not_one_object() -> None:
    line = HOLDEM[0]
    name_at = line.index(b'"name": "') + len(b'"name": "')
    for bad in (line[:name_at] + b"\xff" + line[name_at:], line[:name_at] + b"\xed\xa0\x80" + line[name_at:],
                line[:name_at] + b"\xc0\xaf" + line[name_at:], b"\xef\xbb\xbf" + line, b"[" + line + b"]",
                line.replace(b"[", b"{", 1), b"", b"{}", b"null"):
        assert _screen_c.scan(bad) is None, bad


_ALPHABET = b' {}[]:,"0123456789.-eE\\tfnul\n\xc3\xa9'


def test_kernel_agrees_with_the_engine_on_lines_changed_byte_by_byte() -> None:
    """Bytes replaced, inserted and deleted at random: every line the kernel still takes, the engine rules alike."""
    rng = random.Random(11)
    taken = 0
    for _ in range(4000):
        data = bytearray(rng.choice(HOLDEM))
        for _ in range(rng.choice((1, 1, 2))):
            at = rng.randrange(len(data))
            what = rng.randrange(3)
            if what == 0:
                data[at] = rng.choice(_ALPHABET)
            elif what == 1:
                data.insert(at, rng.choice(_ALPHABET))
            else:
                del data[at]
        line = bytes(data)
        try:
            taken += _kernel_agrees(line)
        except LogError:
            pytest.fail(f"the kernel took a line the reader refuses: {line!r}")
    assert 100 < taken < 4000


def test_kernel_is_told_its_vocabularies_once_and_checks_them() -> None:
    from floorman.formats import _screen_kernel

    for wrong, message in (({"max_seats": 99}, "limits"), ({"event_types": ()}, "event classes")):
        told = dict(games=[], structures=[], omissions=[], actions=[], blinds=[], exposers=[], deck=[],
                    short_deck=[], unknown_card="??", max_seats=10, max_shown=10, max_chips=10, level_number_max=10,
                    event_types=(object,) * 9, present=None)
        with pytest.raises(ValueError, match=message):
            _screen_kernel.configure(**{**told, **wrong})
    assert _kernel_agrees(HOLDEM[0])  # a refused configuration leaves the one in force


def _dealt_hand(*, seats: int, seated: list[int], button: int, omits: list[str] | None = None) -> dict[str, Any]:
    """A hold'em hand dealt in order from the first seat left of the button, blinds by the next two, all folding."""
    order = sorted(seated, key=lambda seat: (seat - button - 1) % seats)
    sb, bb = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
    preflop = order[2:] + order[:2] if len(order) > 2 else order
    events: list[dict[str, Any]] = [{"type": "post", "seat": sb, "blind": "sb", "amount": 1},
                                    {"type": "post", "seat": bb, "blind": "bb", "amount": 2}]
    events += [{"type": "deal", "seat": seat} for _ in range(2) for seat in order]
    events += [{"type": "act", "seat": seat, "action": "fold"} for seat in preflop if seat != bb]
    obj: dict[str, Any] = {"floorman": 1, "game": "holdem", "seats": seats, "button": button,
                           "level": {"small_blind": 1, "big_blind": 2},
                           "players": [{"seat": seat, "name": f"P{seat}", "stack": 100} for seat in seated],
                           "events": events}
    if omits is not None:
        obj["omits"] = omits
    return obj


@pytest.mark.parametrize(("seats", "seated", "button"), [
    (6, [1, 2, 3, 4, 5, 6], 3), (6, [1, 2, 3, 4], 6), (9, [2, 5, 7], 4), (6, [2, 5], 5), (6, [2, 5], 1),
], ids=["full", "dead-button", "button-between", "heads-up", "heads-up-dead-button"])
def test_kernel_rests_the_ruling_on_the_engine_s_deal_rules(seats: int, seated: list[int], button: int) -> None:
    line = json.dumps(_dealt_hand(seats=seats, seated=seated, button=button)).encode()
    assert _kernel_agrees(line)
    assert screen.screen_line(line) == screen.screen_line_in_python(line)


def test_kernel_checks_the_dealing_order_unless_the_log_omits_it() -> None:
    obj = _dealt_hand(seats=6, seated=[1, 2, 3, 4, 5, 6], button=3)
    deals = [i for i, e in enumerate(obj["events"]) if e["type"] == "deal"]
    first, second = obj["events"][deals[0]], obj["events"][deals[1]]
    first["seat"], second["seat"] = second["seat"], first["seat"]
    assert _screen_c.scan(json.dumps(obj).encode()) is None
    assert rule(handlog.loads(json.dumps(obj))).findings
    obj["omits"] = ["deal_order"]
    assert _kernel_agrees(json.dumps(obj).encode())


@pytest.mark.parametrize("seed", range(4))
def test_kernel_agrees_with_the_engine_on_broken_hands_that_record_their_dealing_order(seed: int) -> None:
    """The real histories omit burns and dealing order; here they record the order, and it is broken too."""
    rng = random.Random(seed)
    taken = 0
    for line in _broken_lines(200 + seed, 200):
        obj = _obj(line)
        if rng.random() < 0.5 and isinstance(obj.get("omits"), list):
            obj["omits"] = [o for o in obj["omits"] if o != "deal_order"]
        taken += _kernel_agrees(json.dumps(obj).encode())
    assert taken > 0


def test_kernel_rulings_weigh_substantial_action_as_the_engine_does() -> None:
    """Hands that end after no action, one, two (checks, folds, chips in) and more: the ruling's SA is the engine's."""
    seen = set()
    for seated, folds in (([1, 2], 1), ([1, 2, 3], 2), ([1, 2, 3, 4], 3), ([1, 2, 3, 4, 5, 6], 5)):
        obj = _dealt_hand(seats=6, seated=seated, button=seated[-1])
        acts = [e for e in obj["events"] if e["type"] == "act"]
        assert len(acts) == folds
        for book in BOOK_IDS:
            line = json.dumps(obj).encode()
            assert _kernel_agrees(line, rulebook=book)
            seen.add(screen.screen_line(line, rulebook=book).ruling.substantial_action)
    assert seen == {True, False}


@pytest.mark.parametrize("digits", [18, 19, 20, 40])
def test_kernel_reads_long_numbers_without_overflow(digits: int) -> None:
    """A hand id, a private PHH number and a stack of many digits: taken where the reader takes them alike, else left."""
    number = "9" * digits
    obj = _obj(next(line for line in HOLDEM if b'"_phh": {"' in line))
    for change in ("hand", "phh", "stack"):
        changed = json.loads(json.dumps(obj))
        if change == "hand":
            changed["hand"] = "__N__"
        elif change == "phh":
            changed["_phh"]["n"] = "__N__"
        else:
            changed["players"][0]["stack"] = "__N__"
        line = json.dumps(changed).replace('"__N__"', number).encode()
        took = _kernel_agrees(line)
        assert took == (change != "stack" and digits <= 18), (change, digits)


# -- a hand log already read (follow_log) --------------------------------------------------------

def _logs(lines: list[bytes]) -> list[HandLog]:
    logs = []
    for line in lines:
        try:
            logs.append(handlog.loads(line))
        except LogError:
            continue
    return logs


def _log_kernel_agrees(log: HandLog, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Check ``screen_log`` with the kernel against it without, and against the engine; whether the kernel took it."""
    with_kernel = screen.screen_log(log)
    took = log.spec.family.value == "flop" and log.button is not None and _follow(log) is not None
    with monkeypatch.context() as m:
        m.setattr(_screen_c, "FOLLOW_LOG", None)
        in_python = screen.screen_log(log)
    if with_kernel is not None:
        result = rule(log)
        assert result.findings == ()
        assert with_kernel is result.ruling
    if in_python is not None and with_kernel is not None:
        assert in_python is with_kernel
    assert in_python is None or with_kernel is not None  # (the kernel steps aside only to the screen in Python)
    return took


def test_kernel_follows_every_clean_flop_hand_read_from_phh(monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs(PHH_LINES)
    flop = [log for log in logs if log.spec.family.value == "flop"]
    whole = [log for log in flop if all(type(p.stack) is int for p in log.players)]
    taken = [log for log in logs if _log_kernel_agrees(log, monkeypatch)]
    assert len(whole) > 50
    assert len(taken) == len(whole)  # every one of them is clean


@pytest.mark.parametrize("seed", range(4))
def test_kernel_follows_logs_broken_on_purpose_as_the_engine_rules(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _logs(list(_broken_lines(300 + seed, 250)) + OTHER_LINES)
    assert len(logs) > 100
    for log in logs:
        _log_kernel_agrees(log, monkeypatch)
    assert sum(screen.screen_log(log) is not None for log in logs) > 10


def test_kernel_leaves_a_log_with_decimal_amounts_to_the_screen_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    log = next(log for log in _logs(PHH_LINES)
               if log.spec.family.value == "flop" and any(type(p.stack) is not int for p in log.players))
    assert screen.screen_log(log) is not None
    assert _screen_c.follow_log(log.game, log.seats, log.button or 0, False, True, True, log.level, log.players,
                                log.events) is None
    _log_kernel_agrees(log, monkeypatch)


def _follow(log: HandLog) -> object:
    assert log.button is not None
    return _screen_c.follow_log(log.game, log.seats, log.button, log.effective_structure.value == "limit",
                                Omission.BURNS in log.omits, Omission.DEAL_ORDER in log.omits, log.level,
                                log.players, log.events)


@pytest.mark.parametrize(("kind", "change"), [
    (CardDealt, {"boxed": True}), (CardDealt, {"face_up": True}), (CardDealt, {"replacement": True}),
    (CardDealt, {"back": "red"}), (CardDealt, {"ext": {"_x": 1}}), (BoardCardDealt, {"face_up": False}),
    (BoardCardDealt, {"back": "red"}), (PlayerActed, {"ext": {"_note": "slow"}}),
], ids=["boxed", "face-up", "replacement", "back", "private", "board-face-down", "board-back", "act-private"])
def test_kernel_steps_aside_for_a_log_event_it_does_not_follow(kind: type, change: dict[str, Any]) -> None:
    """As the screen in Python does: the engine rules on such a hand (a boxed card is a finding, the rest may be)."""
    log = next(log for log in _logs(HOLDEM) if any(type(e) is BoardCardDealt for e in log.events))
    assert _follow(log) is not None
    at = next(i for i, e in enumerate(log.events) if type(e) is kind)
    events = list(log.events)
    events[at] = dataclasses.replace(events[at], **change)
    changed = dataclasses.replace(log, events=tuple(events))
    assert _follow(changed) is None
    assert screen.screen_log(changed) is None
    if change == {"boxed": True}:
        assert "boxed_card" in {f.irregularity.value for f in rule(changed).findings}
