"""The hand log format (v1, v1.1 and v1.2) as JSON (one hand) and JSONL (one hand per line).

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
    V1_2_FIELDS,
    Event,
    HandShown,
    LevelChanged,
    event_type,
    v1_1_fields,
    v1_2_fields,
)
from floorman.fold.log import HandLog, Version
from floorman.fold.table import Level, PlayerStatus
from floorman.formats._bounded import MAX_HAND_BYTES, read_file, read_lines, too_long
from floorman.formats.build import build
from floorman.formats.checks import LEVEL_AMOUNTS, Unusual
from floorman.formats.document import DECODER
from floorman.formats.fields import clean, convert, parse

__all__ = ["JsonEncoder", "dump", "dumps", "event_to_obj", "from_obj", "iter_jsonl", "load", "loads", "needs_v1_1",
           "needs_v1_1_obj", "needs_v1_2", "needs_v1_2_obj", "to_obj"]

_ENCODER: Final = msgspec.json.Encoder(decimal_format="number")
_WHITESPACE: Final = b" \t\n\r"


def loads(text: str | bytes) -> HandLog:
    """Read one hand log from JSON text.

    The text is decoded straight into its types (``document.DECODER``) and built (``build``) when
    its structure proves that decoding kept every field it gave (``_as_decoded``); any other text,
    valid or not, is read field by field (``from_obj(parse(text))``), which builds the log with the
    same builder or says what is wrong with it.
    """
    log = _typed(text)
    return log if log is not None else from_obj(parse(text))


def _typed(text: str | bytes) -> HandLog | None:
    """The log decoded into its types and built, or ``None`` when its text is left to ``from_obj(parse(text))``: a
    text decoding refuses, one whose structure does not prove it was read whole (``_as_decoded``), one holding a
    private field in an event or a ``level_change`` (``build`` raises ``Unusual``)."""
    try:
        data = text.encode() if isinstance(text, str) else text
    except UnicodeEncodeError:  # half a surrogate pair: the full route says where
        return None
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        doc = DECODER.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None
    if not _as_decoded(data, _ENCODER.encode(doc)):
        return None
    try:
        return build(doc, direct=True)
    except Unusual:
        return None


def _as_decoded(text: bytes, written: bytes) -> bool:
    """Whether JSON text that decoded as a document surely gave each field once, and a string only where the document
    holds one (a decimal type reads ``"2.50"`` as readily as ``2.50``); ``written`` is the document written back.

    Decoding keeps the last of a field given twice, so the text's structure is compared with the
    document's. Either the text is the document as written back, whitespace aside (as every log
    floorman writes is): the same tokens, so its objects have the same keys. Or, in a text with no
    escape (each quote opens or closes a string, and a string followed by a colon is a key), its
    keys are as many as the fields written back and its strings as many as the strings written
    back: every key of the text is a field of the document, so none was given twice, none at its
    default (written back it would be left out) and no string was read as a number.
    """
    # written back, a document holds no whitespace but a space inside a string (msgspec escapes the others)
    if text.translate(None, _WHITESPACE) == (written.translate(None, _WHITESPACE) if b" " in written else written):
        return True
    if b"\\" in text:
        return False
    parts = text.split(b'"')
    if len(parts) != written.count(b'"') + 1:
        return False
    between = b"\0".join(parts[::2]).translate(None, _WHITESPACE)  # the text with each string a NUL
    return between.count(b"\0:") == written.count(b'":')


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
    """The JSON-shaped object of a hand log (field order as in the format): the version the log declared, or the
    lowest its events need (1.2, 1.1, else 1)."""
    obj: dict[str, Any] = {"floorman": _V1_2 if needs_v1_2(log) else _V1_1 if needs_v1_1(log) else 1}
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
_V1_2 = Decimal("1.2")


def needs_v1_2(log: HandLog) -> bool:
    """Whether a log is written as version 1.2: it declared it, or an event of it gives a field 1.2 added."""
    return log.version is Version.V1_2 or any(v1_2_fields(e) for e in log.events)


def needs_v1_2_obj(events: Iterable[Any]) -> bool:
    """Whether JSON-shaped events give a field version 1.2 added (a header for them declares 1.2).

    >>> needs_v1_2_obj([{"type": "pot_awarded"}]), needs_v1_2_obj([{"type": "pot_awarded", "during_break": True}])
    (False, True)
    """
    for event in events:
        kind = str(event.get("type")) if isinstance(event, dict) else ""
        if any(event.get(name) not in (None, False) for name in V1_2_FIELDS.get(kind, ())):
            return True
    return False


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
