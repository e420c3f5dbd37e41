"""The TOML type of every field the PHH standard defines, checked before a hand is read.

A value of the wrong type is refused naming the field (and the item of an array): a datetime where
``hand`` wants an integer, a date as ``min_bet``. PHH's own ``time`` is a TOML local time (``10:30:00``).
Fields the standard does not define (a user's own, ``_`` first by PHH's convention) are kept as they are.

>>> check_types({"variant": "NT", "hand": 12, "time": time(10, 30), "min_bet": Decimal("0.5")})
>>> from datetime import datetime
>>> check_types({"variant": "NT", "hand": datetime(2024, 1, 1, 10, 0)})
Traceback (most recent call last):
...
floorman.formats._phh_actions.PhhError: field 'hand': expected an integer (or a string), got a TOML datetime (2024-01-01T10:00:00)
>>> check_types({"antes": [0, date(2024, 1, 1)]})
Traceback (most recent call last):
...
floorman.formats._phh_actions.PhhError: field 'antes[1]': expected a chip amount (a number), got a TOML date (2024-01-01)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date, datetime, time
from decimal import Decimal

from floorman.errors import shown
from floorman.formats._phh_actions import PhhError
from floorman.formats.checks import MAX_CHIPS
from floorman.locale import Message

__all__ = ["FIELD_TYPES", "check_types"]

_STRING = Message.of("error.toml.string")
_INTEGER = Message.of("error.toml.integer")
_NUMBER = Message.of("error.toml.number")
_CHIPS = Message.of("error.toml.chips")
_NAME = Message.of("error.toml.name")
_BOOLEAN = Message.of("error.toml.boolean")
_TIME = Message.of("error.toml.time")

_MAY_HOLD_NUMBERS = frozenset({Decimal, list, dict})

_SCALAR = {str: _STRING, int: _INTEGER, Decimal: _NUMBER, bool: _BOOLEAN, time: _TIME}
_ACCEPTS: dict[Message, frozenset[type]] = {
    _STRING: frozenset({str}), _INTEGER: frozenset({int}), _NUMBER: frozenset({int, Decimal, float}), _CHIPS: frozenset({int, Decimal, float}),
    _NAME: frozenset({int, str}), _BOOLEAN: frozenset({bool}), _TIME: frozenset({time}),
}

FIELD_TYPES: dict[str, tuple[Message, bool]] = {
    # field: (what each value is, whether the field is an array of them)
    "variant": (_STRING, False), "ante_trimming_status": (_BOOLEAN, False),
    "antes": (_CHIPS, True), "blinds_or_straddles": (_CHIPS, True), "bring_in": (_CHIPS, False),
    "small_bet": (_CHIPS, False), "big_bet": (_CHIPS, False), "min_bet": (_CHIPS, False),
    "starting_stacks": (_CHIPS, True), "actions": (_STRING, True),
    "author": (_STRING, False), "event": (_STRING, False), "url": (_STRING, False), "venue": (_STRING, False),
    "address": (_STRING, False), "city": (_STRING, False), "region": (_STRING, False),
    "postal_code": (_STRING, False), "country": (_STRING, False),
    "time": (_TIME, False), "time_zone": (_STRING, False), "time_zone_abbreviation": (_STRING, False),
    "day": (_INTEGER, False), "month": (_INTEGER, False), "year": (_INTEGER, False),
    "hand": (_NAME, False), "level": (_INTEGER, False), "seats": (_INTEGER, True), "seat_count": (_INTEGER, False),
    "table": (_NAME, False), "players": (_STRING, True), "finishing_stacks": (_CHIPS, True),
    "winnings": (_CHIPS, True), "currency": (_STRING, False), "currency_symbol": (_STRING, False),
    "time_limit": (_NUMBER, False), "time_banks": (_NUMBER, True),
}
"""The PHH standard's fields (phh.readthedocs.io, "Fields") and the TOML type of each."""


def _toml_type(value: object) -> Message:
    """What a value is, in TOML's words, with the value."""
    if isinstance(value, datetime):
        return Message.of("error.toml.datetime_value", value=value.isoformat())
    if isinstance(value, date):
        return Message.of("error.toml.date_value", value=value.isoformat())
    if isinstance(value, time):
        return Message.of("error.toml.time_value", value=value.isoformat())
    if isinstance(value, list):
        return Message.of("error.toml.array_value", value=shown(value))
    if isinstance(value, dict):
        return Message.of("error.toml.table_value", value=shown(value))
    kind = _SCALAR.get(type(value))
    return Message.of("error.toml.value", value=shown(value)) if kind is None else Message.of(
        "error.toml.scalar_value", kind=kind, value=shown(value))


def _refuse(field: str, wanted: Message, value: object) -> PhhError:
    return PhhError(field, "error.phh.type", wanted=wanted, got=_toml_type(value))


def _numbers(key: str, value: object) -> Iterator[tuple[str, Decimal]]:
    """Every decimal number in a value, with where it is (``antes[2]``, ``note.stakes``)."""
    stack: list[tuple[str, object]] = [(key, value)]
    while stack:
        where, item = stack.pop()
        if type(item) is Decimal:
            yield where, item
        elif type(item) is list:
            # only an item that is or holds a number is looked at again (an action line, a name: never)
            if not _MAY_HOLD_NUMBERS.isdisjoint(map(type, item)):
                stack.extend((f"{where}[{i}]", v) for i, v in enumerate(item) if type(v) in _MAY_HOLD_NUMBERS)
        elif type(item) is dict:
            stack.extend((f"{where}.{k}", v) for k, v in item.items() if type(v) in _MAY_HOLD_NUMBERS)


def _check_numbers(key: str, value: object, chips: bool) -> None:
    """``nan`` and ``inf`` are refused in any field (no hand log carries them); a chip amount of the standard's
    fields past ``MAX_CHIPS`` (``1e400``) is refused as the amounts floorman reads are."""
    for where, number in _numbers(key, value):
        if not number.is_finite():
            raise PhhError(where, "error.value.chips_finite" if chips else "error.phh.not_finite", got=str(number))
        if chips and number > MAX_CHIPS:
            raise PhhError(where, "error.value.chips_most", high=MAX_CHIPS, got=f"{number:.6g}")


def check_types(phh: Mapping[str, object]) -> None:
    """Raise ``PhhError`` for the first field whose value is not of its PHH type, or holds ``nan``, ``inf`` or an
    amount past ``MAX_CHIPS``."""
    for key, value in phh.items():
        expected = FIELD_TYPES.get(key)
        if type(value) is not str and type(value) is not int:
            _check_numbers(key, value, expected is not None and expected[0] is _CHIPS)
        if expected is None:
            continue
        wanted, array = expected
        accepts = _ACCEPTS[wanted]
        if not array:
            if type(value) not in accepts:
                raise _refuse(key, wanted, value)
            continue
        if type(value) is not list:
            raise _refuse(key, Message.of("error.toml.array_of", item=wanted), value)
        if not set(map(type, value)) <= accepts:
            at = next(i for i, item in enumerate(value) if type(item) not in accepts)
            raise _refuse(f"{key}[{at}]", wanted, value[at])
