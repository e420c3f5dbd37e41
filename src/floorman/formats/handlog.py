"""The hand log format (v1 and v1.1) as JSON (one hand) and JSONL (one hand per line).

Every rejection names the event index and the field, and says what was expected:

>>> loads('{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {},'
...       ' "players": [], "events": [{"type": "deal", "seat": 3}]}')
Traceback (most recent call last):
...
floorman.errors.LogFieldError: event 0: field 'seat': expected a seat number from 1 to 2, got 3

A valid log round-trips:

>>> text = '{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {"big_blind": 2},' \\
...        ' "players": [{"seat": 1, "name": "An", "stack": 100}], "events": [{"type": "floor"}]}'
>>> loads(dumps(loads(text))) == loads(text)
True
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import IO, Any, Final

import msgspec

from floorman.errors import LogFieldError, LogSyntaxError
from floorman.fold.cards import UNKNOWN
from floorman.fold.events import (
    EXT_NAME,
    V1_1_FIELDS,
    V1_1_TYPES,
    Event,
    HandShown,
    LevelChanged,
    event_type,
    v1_1_fields,
)
from floorman.fold.log import HandLog, Version
from floorman.fold.table import Level, PlayerStatus
from floorman.formats._bounded import MAX_HAND_BYTES, read_file, read_lines, too_long
from floorman.formats.build import build
from floorman.formats.checks import LEVEL_AMOUNTS, Unusual
from floorman.formats.document import DECODER
from floorman.formats.fields import clean, convert, has_duplicate, parse

__all__ = ["JsonEncoder", "dump", "dumps", "event_to_obj", "from_obj", "iter_jsonl", "load", "loads", "needs_v1_1", "needs_v1_1_obj", "to_obj"]

_ENCODER: Final = msgspec.json.Encoder(decimal_format="number")
_KEY_WHITESPACE: Final = re.compile(r'"[ \t\n\r]')
_KEY_WHITESPACE_BYTES: Final = re.compile(rb'"[ \t\n\r]')


def loads(text: str | bytes) -> HandLog:
    """Read one hand log from JSON text."""
    log = _direct(text)
    return log if log is not None else from_obj(parse(text))


def _direct(text: str | bytes) -> HandLog | None:
    """The log decoded straight into its types, or ``None`` to leave the text to the full route (``from_obj``).

    The full route is needed when decoding fails (the text may still be a log, with private
    fields, or say what is wrong), and when a field was given twice: the count of keys
    (``_once``) proves it was not in the usual text, and ``has_duplicate`` looks where it cannot.
    An amount that is not a whole number is read here only when the text surely held no string
    read as one (``_same_quotes``), which is counted only for a log that holds such an amount.
    """
    text = text.removeprefix(b"\xef\xbb\xbf") if isinstance(text, bytes) else text.removeprefix("\ufeff")
    try:
        doc = DECODER.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    # written back with no spaces (``omit_defaults``: a field left out stays out); any escape in it (an escaped
    # quote, perhaps) is looked at no further: a byte is found fastest
    written = _ENCODER.encode(doc)
    plain = b"\\" not in written
    if not (plain and _once(text, written)) and has_duplicate(text):
        return None
    try:
        return build(doc, direct=True, decimals=False)
    except Unusual:
        if not (plain and _same_quotes(text, written)):
            return None
    try:
        return build(doc, direct=True, decimals=True)
    except Unusual:
        return None


def _once(text: str | bytes, written: bytes) -> bool:
    """Whether the text surely gave no field twice, ``written`` being its document written back without escapes.

    The document written back has one ``":`` per field it holds (no string in it holds a quote,
    which would show as ``\\"``). Every field written back was a key of the text, and every key of
    the text is followed by a colon: when the text has no more colons than the document has
    fields, no key was given twice (the usual case, counted in one pass). Otherwise (a colon in a
    string, a key given twice, or a field given at its default value) the keys are counted: each
    ends in ``":`` where no quote is followed by a space; a key given twice adds one there and not
    in the document (so does a field given at its default value: ``has_duplicate`` tells the two
    apart).
    """
    fields = written.count(b'":')
    if isinstance(text, bytes):
        return text.count(b":") == fields or (
            text.count(b'":') == fields and _KEY_WHITESPACE_BYTES.search(text) is None)
    return text.count(":") == fields or (text.count('":') == fields and _KEY_WHITESPACE.search(text) is None)


def _same_quotes(text: str | bytes, written: bytes) -> bool:
    """Whether the text surely held no string read as an amount, ``written`` being its document written back.

    Amounts are written back as numbers, so that the quotes are as many as in the text unless a
    string was read as an amount (a decimal type reads ``"200"``) or a string field was given at
    its default.
    """
    quotes = written.count(b'"')
    return (text.count(b'"') if isinstance(text, bytes) else text.count('"')) == quotes


def load(fp: IO[str] | IO[bytes] | str | Path) -> HandLog:
    """Read one hand log from a file object or a path (at most ``MAX_HAND_BYTES`` of it: past that, refused)."""
    if isinstance(fp, (str, Path)):
        return loads(read_file(fp))
    data = fp.read(MAX_HAND_BYTES + 1)
    if len(data) > MAX_HAND_BYTES:
        raise too_long(MAX_HAND_BYTES, "hand")
    return loads(data)


def iter_jsonl(lines: Iterable[str | bytes]) -> Iterator[HandLog]:
    """Yield each hand of a JSONL stream; an error says which line it is on.

    A binary file is read a line at a time, at most ``MAX_HAND_BYTES`` a line (past that, refused).
    """
    numbered: Iterable[tuple[int, str | bytes]] = (
        read_lines(lines) if isinstance(lines, io.BufferedIOBase) else enumerate(lines, start=1))
    for number, line in numbered:
        if not line.strip():
            continue
        try:
            yield loads(line)
        except LogFieldError as exc:
            raise exc.located(line=number) from None
        except LogSyntaxError as exc:
            raise exc.located(line=number) from None


def from_obj(obj: Any) -> HandLog:
    """Validate a JSON-shaped object as a hand log v1 and build the ``HandLog``."""
    cleaned = clean(obj)
    doc = convert(cleaned.document)
    if cleaned.event_ext:
        events = doc.events
        for index, ext in cleaned.event_ext.items():
            events[index] = msgspec.structs.replace(events[index], ext=ext)
    return build(doc, direct=False, ext=cleaned.ext, deck_ext=cleaned.deck_ext)


def to_obj(log: HandLog) -> dict[str, Any]:
    """The JSON-shaped object of a hand log (field order as in the format): version 1.1 if the log declared it or
    its events need it, else 1."""
    obj: dict[str, Any] = {"floorman": _V1_1 if needs_v1_1(log) else 1}
    if log.rulebook is not None:
        obj["rulebook"] = log.rulebook
    obj["game"] = log.game.value
    if log.structure is not None:
        obj["structure"] = log.structure.value
    obj["seats"] = log.seats
    if log.button is not None:
        obj["button"] = log.button
    if log.button_should_be is not None:
        obj["button_should_be"] = log.button_should_be
    if log.redeal_of is not None:
        redeal: dict[str, Any] = {}
        if log.redeal_of.hand is not None:
            redeal["hand"] = log.redeal_of.hand
        redeal["count"] = log.redeal_of.count
        obj["redeal_of"] = redeal
    obj["level"] = _level_to_obj(log.level)
    obj.update(log.meta)
    players = []
    for p in log.players:
        entry: dict[str, Any] = {"seat": p.seat, "name": p.name, "stack": p.stack}
        if p.status is not PlayerStatus.PRESENT:
            entry["status"] = p.status.value
        players.append(entry)
    obj["players"] = players
    if log.deck_back is not None or log.deck_ext:
        deck: dict[str, Any] = {}
        if log.deck_back is not None:
            deck["back"] = log.deck_back
        deck.update(log.deck_ext)
        obj["deck"] = deck
    if log.omits:
        obj["omits"] = sorted(o.value for o in log.omits)
    obj.update(log.ext)
    obj["events"] = [event_to_obj(e) for e in log.events]
    return obj


_V1_1 = Decimal("1.1")


def needs_v1_1(log: HandLog) -> bool:
    """Whether a log is written as version 1.1: it declared it, or an event of it is or uses what 1.1 added."""
    return log.version is Version.V1_1 or any(
        event_type(e) in V1_1_TYPES or v1_1_fields(e) for e in log.events)


def needs_v1_1_obj(events: Iterable[Any]) -> bool:
    """Whether JSON-shaped events hold an event type or field version 1.1 added (a header for them declares 1.1).

    >>> needs_v1_1_obj([{"type": "burn"}]), needs_v1_1_obj([{"type": "burn", "back": "red"}, {"type": "floor"}])
    (False, True)
    """
    for event in events:
        kind = str(event.get("type")) if isinstance(event, dict) else ""
        if kind in V1_1_TYPES or any(event.get(name) not in (None, [], ()) for name in V1_1_FIELDS.get(kind, ())):
            return True
    return False


def event_to_obj(event: Event) -> dict[str, Any]:
    """The JSON-shaped object of an event; fields at their defaults are left out, private fields last."""
    obj: dict[str, Any] = msgspec.to_builtins(event, builtin_types=(Decimal,))
    if obj.get("card") == UNKNOWN:  # (a default left out by identity only: a card read from text is another str)
        del obj["card"]
    if isinstance(event, LevelChanged):
        obj["level"] = _level_to_obj(event.level)
    elif isinstance(event, HandShown):
        obj["cards"] = list(event.cards)
    if event.ext is not None:
        del obj[EXT_NAME]
        obj.update(event.ext)
    return obj


def _level_to_obj(level: Level) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    if level.number is not None:
        obj["number"] = level.number
    for key in LEVEL_AMOUNTS:
        value = getattr(level, key)
        if value:
            obj[key] = value
    return obj


class JsonEncoder(json.JSONEncoder):
    """The JSON encoder of every document floorman writes (hand logs, rulings, audit summaries, answers): an amount
    (a ``Decimal``) is a JSON number, whole when it is whole, and text when no JSON number holds it."""

    def default(self, o: Any) -> Any:
        if isinstance(o, Decimal):
            if not o.is_finite() or abs(o.adjusted()) > 300:  # no JSON number a float can hold: kept as text
                return str(o)
            return int(o) if o == o.to_integral_value() else float(o)
        return super().default(o)


def dumps(log: HandLog, *, indent: int | None = None) -> str:
    """JSON text of a hand log."""
    return json.dumps(to_obj(log), cls=JsonEncoder, indent=indent, ensure_ascii=False)


def dump(log: HandLog, fp: IO[str]) -> None:
    fp.write(dumps(log, indent=1))
    fp.write("\n")
