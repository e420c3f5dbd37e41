"""A hand log read field by field: the reader's full route, for what typed decoding does not settle.

Decoding JSON into typed values (``document.DECODER``) keeps the last of a field given twice and
cannot gather private ``_fields``; its errors name a path, not what was expected. So a text the
typed route leaves aside is parsed as plain JSON values (``parse``: numbers that are not whole
as ``Decimal``, a field given twice marked), each object's keys are checked against the fields
its type names (``clean``: a key given twice or unknown is an error, private fields are set
apart, ``null`` stands for a field left out), and the values are converted to the same typed
document (``convert``), a conversion error worded by ``checks.expected``.

>>> convert(clean({"floorman": 1, "game": "holdem", "seats": 6, "button": 1, "level": {}, "players": [],
...                "events": [{"type": "deal", "seat": "2"}]}).document)
Traceback (most recent call last):
...
floorman.errors.LogFieldError: event 0: field 'seat': expected a seat number from 1 to 6, got '2'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import msgspec

from floorman.errors import LogFieldError, LogSyntaxError, shown
from floorman.fold.events import EVENT_TYPES
from floorman.formats.checks import AMOUNT_FIELDS, MAX_SEATS, expected, is_version, json_reason, utf8_reason
from floorman.formats.document import FIELDS, Document
from floorman.locale import Message

__all__ = ["INT_DIGITS", "SURROGATE", "SURROGATE_ESCAPE", "Cleaned", "check_values", "clean", "convert", "parse",
           "refuse_twice"]

INT_DIGITS = 40
"""A JSON integer longer than this (sign included) is parsed as a ``Decimal`` (no conversion limit)."""
SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_KEEP_NULL = frozenset({"hand", "table", "tournament", "dealer", "time", "face_up", "boxed", "replacement", "card",
                        "cards", "rebuilt", "mixed_with", "made_up", "shares", "during_break"})
"""The fields where ``null`` is a value (free metadata) or an error, not a field left out."""


class _Duplicated(dict[str, Any]):
    """A JSON object that named a field twice (the last value kept); reading it as a log object is an error."""

    def __init__(self, obj: dict[str, Any], *, duplicate: str) -> None:
        super().__init__(obj)
        self.duplicate = duplicate


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                return _Duplicated(obj, duplicate=key)
            seen.add(key)
    return obj


def _int(digits: str) -> int | Decimal:
    return int(digits) if len(digits) <= INT_DIGITS else Decimal(digits)


def parse(text: str | bytes, *, checked: bool = True) -> Any:
    """JSON text (UTF-8, a leading byte-order mark ignored) as plain values, numbers not whole as ``Decimal``.

    Half a UTF-16 surrogate pair in a string, ``NaN`` and ``Infinity`` are refused with ``LogFieldError`` naming
    where they are; with ``checked`` false they are left for the caller to look for (``check_values``), once it
    has read what it needs to answer with (a request's id).
    """
    raw_surrogates = False  # strict UTF-8 decoding leaves none; a str from a caller may hold some
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogSyntaxError("error.text.not_utf8", reason=utf8_reason(exc.reason), byte=exc.start) from None
    else:
        raw_surrogates = not text.isascii() and SURROGATE.search(text) is not None
    text = text.removeprefix("\ufeff")
    try:
        obj = json.loads(text, parse_float=Decimal, parse_int=_int, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise LogSyntaxError("error.json.invalid", reason=json_reason(exc.msg), row=exc.lineno,
                             column=exc.colno) from None
    except RecursionError:
        raise LogSyntaxError("error.json.too_deep") from None
    except ArithmeticError:  # decimal.InvalidOperation: an exponent past what a Decimal holds
        raise LogSyntaxError("error.json.exponent") from None
    escaped = "\\u" in text and SURROGATE_ESCAPE.search(text) is not None
    if checked and (raw_surrogates or escaped or "NaN" in text or "Infinity" in text):
        check_values(obj)
    return obj


def refuse_twice(obj: Any) -> None:
    """Raise ``LogFieldError`` naming the first field given twice anywhere in ``obj`` (as ``parse`` read it).

    >>> refuse_twice(parse('{"log": {"seats": 6, "events": [{"seat": 1, "seat": 2}]}, "note": ""}'))
    Traceback (most recent call last):
    ...
    floorman.errors.LogFieldError: field 'log.events[0].seat': is given twice in the same object (give each field once)
    """
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Duplicated):
            raise LogFieldError("error.log.field_twice", field=f"{path}.{value.duplicate}".lstrip("."))
        if isinstance(value, dict):
            stack.extend((item, f"{path}.{key}") for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((value[i], f"{path}[{i}]") for i in range(len(value) - 1, -1, -1))


def check_values(obj: Any) -> None:
    """Refuse what JSON text cannot carry: half a UTF-16 surrogate pair in a string, ``NaN`` or ``Infinity``."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(obj, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str) and SURROGATE.search(value):
            raise _value_error(path, Message.of("error.json.surrogate", got=shown(value)))
        if isinstance(value, float):
            raise _value_error(path, Message.of("error.json.not_a_number", got=json.dumps(value)))
        if isinstance(value, Mapping):
            for key, item in reversed(list(value.items())):
                stack.append((item, (*path, key)))
                stack.append((key, (*path, key)))
        elif isinstance(value, list):
            stack.extend((value[i], (*path, i)) for i in range(len(value) - 1, -1, -1))


def _value_error(path: tuple[str | int, ...], what: Message) -> LogFieldError:
    event = path[1] if len(path) > 1 and path[0] == "events" and isinstance(path[1], int) else None
    rest = path[2:] if event is not None else path
    name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in rest).lstrip(".")
    return LogFieldError(what, field=name or None, event=event)


@dataclass(slots=True)
class Cleaned:
    """A log's objects with their keys checked: the fields of the typed document, and the private fields set apart."""

    document: dict[str, Any]
    ext: dict[str, Any] = field(default_factory=dict)
    deck_ext: dict[str, Any] = field(default_factory=dict)
    event_ext: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The private fields of each event that has some, by its index."""


def clean(obj: Any) -> Cleaned:
    """Check every key of a log's objects and set its private fields apart (see the module's docstring)."""
    if not isinstance(obj, Mapping):
        raise LogSyntaxError("error.json.not_an_object", got=type(obj).__name__)
    header, ext = _keys(obj, "header", None, None)
    version = header.get("floorman")
    if not is_version(version):  # first: a log of another version may have other fields
        raise LogFieldError(expected("floorman", version), field="floorman")
    out = Cleaned(header, ext=ext)
    level = header.get("level")
    if isinstance(level, Mapping):
        header["level"] = _keys(level, "level", "level", None)[0]
    players = header.get("players")
    if isinstance(players, list):
        header["players"] = [
            _keys(p, "players", f"players[{i}]", None)[0] if isinstance(p, Mapping) else p for i, p in enumerate(players)
        ]
    deck = header.get("deck")
    if isinstance(deck, Mapping):
        header["deck"], out.deck_ext = _keys(deck, "deck", "deck", None)
    redeal = header.get("redeal_of")
    if isinstance(redeal, Mapping):
        redeal, _ = _keys(redeal, "redeal_of", "redeal_of", None)
        if redeal.get("hand") is not None:
            redeal["hand"] = str(redeal["hand"])
        header["redeal_of"] = redeal
    events = header.get("events")
    if isinstance(events, list):
        header["events"] = [_event(raw, index, out) for index, raw in enumerate(events)]
    return out


def _event(raw: Any, index: int, out: Cleaned) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise LogFieldError(expected("events[]", raw), event=index)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in EVENT_TYPES:
        raise LogFieldError(expected("type", kind), field="type", event=index)
    event, ext = _keys(raw, f"event {kind}", None, index)
    if ext:
        out.event_ext[index] = ext
    for name in ("level", "override"):
        inner = event.get(name)
        if isinstance(inner, Mapping):
            event[name] = _keys(inner, name, name, index)[0]
    shares = event.get("shares")
    if isinstance(shares, list):
        event["shares"] = [_keys(s, "shares", f"shares[{i}]", index)[0] if isinstance(s, Mapping) else s
                           for i, s in enumerate(shares)]
    return event


def _keys(obj: Mapping[Any, Any], shape: str, where: str | None, event: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """An object's fields (``null`` ones left out, unless a value) and its private fields; a key given twice, not a
    string, or unknown is an error."""
    def name(key: str) -> str:
        return key if where is None else f"{where}.{key}"

    if isinstance(obj, _Duplicated):
        raise LogFieldError("error.log.field_twice", field=name(obj.duplicate), event=event)
    known = FIELDS[shape]
    fields: dict[str, Any] = {}
    private: dict[str, Any] = {}
    for key, value in obj.items():
        if not isinstance(key, str):
            raise LogFieldError("error.log.field_name_not_text", event=event, got=shown(key))
        if key.startswith("_"):
            private[key] = value
        elif key not in known:
            allowed = ", ".join(sorted(known))
            raise LogFieldError("error.log.unknown_field", field=name(key), event=event, allowed=allowed)
        elif value is not None or key in _KEEP_NULL or (shape == "redeal_of" and key == "count"):
            if key in AMOUNT_FIELDS and type(value) is not int and type(value) is not Decimal:
                raise LogFieldError(expected(key, value), field=name(key), event=event)
            fields[key] = value
    return fields, private


_AT = re.compile(r"(?s)(.*) - at `\$(.*)`")
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_MISSING = re.compile(r"Object missing required field `(.*)`")


def convert(document: dict[str, Any]) -> Document:
    """The typed document of a log's checked fields; a value of the wrong type is an error naming its field."""
    try:
        return msgspec.convert(document, Document)
    except msgspec.ValidationError as exc:
        raise _worded(exc, document) from None


def _worded(exc: msgspec.ValidationError, document: dict[str, Any]) -> LogFieldError:
    """The error a conversion error says, in the words of ``checks.expected``."""
    at = _AT.fullmatch(str(exc))
    message, path = (at.group(1), at.group(2)) if at else (str(exc), "")
    steps: list[str | int] = [int(i) if i else k for k, i in _STEP.findall(path)]
    missing = _MISSING.fullmatch(message)
    if missing:
        steps.append(missing.group(1))
    value: Any = document
    for step in steps:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            value = None
            break
    event: int | None = None
    kind: str | None = None
    if len(steps) >= 2 and steps[0] == "events" and isinstance(steps[1], int):
        event = steps[1]
        kind = document["events"][event].get("type")
        steps = steps[2:]
    name = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in steps).lstrip(".")
    if name.startswith("omits["):
        name = "omits[]"
    seats = document.get("seats")
    seats = seats if type(seats) is int and 2 <= seats <= MAX_SEATS else MAX_SEATS
    what = Message.of("error.required") if missing else expected(name, value, seats=seats, kind=kind)
    return LogFieldError(what, field=name.removesuffix("[]") or None, event=event)
