"""What a hand log's values may be, and what an error says when one is not (hand-log.md, sections 1 and 2).

The limits of the format and one check per kind of value. The JSON reader checks the values it
decoded with these, and words a value of the wrong type with them too, so that an error reads
the same however it was found:

>>> chips(Decimal("2.50"), "amount"), chips(Decimal("3.0"), "amount"), chips(200, "amount")
(Decimal('2.50'), 3, 200)
>>> chips(-1, "amount")
Traceback (most recent call last):
...
floorman.errors.LogFieldError: field 'amount': expected a chip amount of 0 or more, got -1
>>> from floorman.locale import say
>>> say(expected("seat", "2", seats=6))
"expected a seat number from 1 to 6, got '2'"
"""

from __future__ import annotations

import re
from decimal import Decimal
from enum import StrEnum
from typing import Final

from floorman.errors import LogFieldError, shown
from floorman.fold.cards import parse_card
from floorman.fold.events import (
    EVENT_TYPES,
    Action,
    BlindKind,
    CountCause,
    Defect,
    ExposedBy,
    FoundWhere,
    HandStart,
    MixedWith,
    MuckIdentified,
    Origin,
    Where,
)
from floorman.fold.log import Omission, Version
from floorman.fold.table import Chips, Game, PlayerStatus, Street, Structure
from floorman.law.rulings.model import Verdict
from floorman.locale import Message

__all__ = [
    "AMOUNT_FIELDS",
    "CARDS",
    "HOW",
    "LEVEL_AMOUNTS",
    "LEVEL_NUMBER_MAX",
    "MAX_CARD_INDEX",
    "MAX_CHIPS",
    "MAX_DISCARD",
    "MAX_EVENTS",
    "MAX_SEATS",
    "MAX_SHOWN",
    "VERDICTS",
    "Unusual",
    "chips",
    "expected",
    "is_version",
    "json_reason",
    "plain_chips",
    "utf8_reason",
    "version_of",
]

MAX_CHIPS: Final = 10**15
"""No table holds more chips than this; a larger amount is a corrupt log."""
MAX_EVENTS: Final = 100_000
"""The most events one hand log may hold (hand-log.md, section 4): a hand of hold'em takes a few dozen, a long
one logged by a table's sensors a few thousand; past this, a log is refused rather than built in memory."""
MAX_SEATS: Final = 10
"""The most seats a table has (and 2 the fewest)."""
LEVEL_NUMBER_MAX: Final = 10**6
"""The highest level number a log may give."""
MAX_SHOWN: Final = 10
"""The most cards a ``show`` event may list."""
MAX_DISCARD: Final = 7
"""The most cards a ``discard`` event may count."""
MAX_CARD_INDEX: Final = 52
"""The highest card index (``expose.index``) or card count (``discover.count``) a log may give."""
LEVEL_AMOUNTS: Final = ("small_blind", "big_blind", "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet")
"""The chip amounts of a level, in the order ``Level`` lists them."""
CARDS: Final = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs") | {"??", "JK"}
"""The text of every card a log may name."""
HOW: Final = frozenset({"flashed", "flipped", "off_table", "shown"})
"""How a card may have been exposed (``expose.how``)."""
VERDICTS: Final = tuple(v.value for v in Verdict)
"""The verdicts a floor's ``override`` may give (``Verdict``'s values)."""


def is_version(value: object) -> bool:
    """Whether a log's ``floorman`` names a format version: the number 1, 1.1 or 1.2 (read from text as a
    ``Decimal``; a float from a caller's object).

    >>> is_version(1), is_version(Decimal("1.1")), is_version(1.1), is_version(Decimal("1.2")), is_version(1.2)
    (True, True, True, True, True)
    >>> is_version(Decimal("1.0")), is_version("1.1"), is_version(Decimal("1.3"))
    (False, False, False)
    """
    return (type(value) is int and value == 1) or (type(value) is Decimal and value in _DECIMALS) or (
        type(value) is float and value in _FLOATS)


def version_of(value: object) -> Version:
    """The version a valid ``floorman`` value names (``is_version``).

    >>> version_of(1).value, version_of(Decimal("1.1")).value, version_of(1.2).value
    ('1', '1.1', '1.2')
    """
    if type(value) is int:
        return Version.V1
    return Version.V1_1 if value == _V1_1 or value == 1.1 else Version.V1_2


_DECIMAL: Final = Decimal
"""Named once: the compiled build reads it as a constant, not as a global looked up at every amount."""
_V1_1 = Decimal("1.1")
_DECIMALS = frozenset({_V1_1, Decimal("1.2")})
_FLOATS = frozenset({1.1, 1.2})
MAX_SECONDS = 86400
"""The most seconds a ``floor.seconds_after_award`` may give (a day: a claim later than that is no table's)."""


class Unusual(Exception):
    """An input a reader's direct route does not handle (or that is not valid): the reader takes its full route."""


def chips(value: object, field: str, *, event: int | None = None) -> Chips:
    """A chip amount: a whole number, or a decimal with cents; never negative or absurd (a whole decimal as ``int``)."""
    plain = plain_chips(value)
    if plain is not None:
        return plain
    # what is left is refused (but for a subclass of int or Decimal), each for its reason
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise LogFieldError("error.value.chips", field=field, event=event, got=shown(value))
    if isinstance(value, Decimal) and not value.is_finite():
        raise LogFieldError("error.value.chips_finite", field=field, event=event, got=shown(value))
    if not -MAX_CHIPS <= value <= MAX_CHIPS:  # before any conversion: 1e999999999 must not become an int
        number = str(value) if -(10**30) < value < 10**30 else f"{Decimal(value):.6g}"
        raise LogFieldError("error.value.chips_range", field=field, event=event, high=MAX_CHIPS, got=number)
    if value < 0:
        raise LogFieldError("error.value.chips_negative", field=field, event=event, got=str(value))
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def plain_chips(value: object) -> Chips | None:
    """The amount ``chips`` reads from a valid ``int`` or ``Decimal``, or ``None`` if it is anything else.

    >>> plain_chips(200), plain_chips(Decimal("2.50")), plain_chips(Decimal("3.0")), plain_chips(-1), plain_chips(True)
    (200, Decimal('2.50'), 3, None, None)
    """
    if type(value) is int:
        return value if 0 <= value <= MAX_CHIPS else None
    if type(value) is _DECIMAL and value.is_finite() and 0 <= value <= MAX_CHIPS:
        return int(value) if value == value.to_integral_value() else value
    return None


_ENUMS: dict[str, type[StrEnum]] = {
    "game": Game, "structure": Structure, "status": PlayerStatus, "blind": BlindKind, "action": Action,
    "by": ExposedBy, "what": Defect, "where": Where, "caused_by": CountCause, "identified": MuckIdentified,
    "origin": Origin, "mixed_with": MixedWith, "street": Street,
}
_KIND_ENUMS: dict[tuple[str, str], type[StrEnum]] = {("hand_began", "how"): HandStart, ("card_found", "where"): FoundWhere}
"""Fields whose values depend on the event's type: ``how`` of a ``hand_began``, ``where`` of a ``card_found``."""
_SEATS = frozenset({"seat", "button", "button_should_be", "from_seat", "by_seat", "made_up"})
AMOUNT_FIELDS = frozenset({"amount", "to", "stack", *LEVEL_AMOUNTS})
"""The fields that hold a chip amount (a JSON number: never a string, though a decimal may be read from one)."""
_FLAGS = frozenset({"face_up", "boxed", "replacement", "rebuilt", "during_break"})
_TEXTS = frozenset({"back", "note", "how", "name", "rulebook", "reason", "hand"})
_WHOLE: dict[str, tuple[int, int]] = {
    "index": (1, MAX_CARD_INDEX), "number": (0, LEVEL_NUMBER_MAX), "count": (0, MAX_CARD_INDEX),
    "seconds_after_award": (0, MAX_SECONDS),
}
_SHAPES = frozenset({"level", "deck", "redeal_of", "override", "players", "events", "omits", "cards", "shares"})
"""The fields that hold an object or a list: the catalog's ``error.value.<field>`` says what it looks like."""
_ITEMS = frozenset({"players", "shares", "events"})
"""The lists whose items are objects: ``error.value.<list>_item`` says what an item looks like."""


def expected(field: str, value: object, *, seats: int = MAX_SEATS, kind: str | None = None) -> Message:
    """What a field of this name expects, and the value it got: the message of an error about that value.

    ``field`` is the field's path (``"players[2].stack"``, ``"cards[1]"``); ``kind`` is the event's
    type where the words depend on it (how many cards a ``discard`` may count).
    """
    name = field.rsplit(".", 1)[-1]
    item = name.endswith("]")
    name = name.split("[", 1)[0]
    got = shown(value)
    if (name == "cards" and item) or name == "card":
        try:
            parse_card(value)
        except ValueError:
            return Message.of("error.value.card", got=got)
    if item and name in _ITEMS:
        return Message.of(f"error.value.{name}_item", got=got)
    if name == "omits" and item:
        return Message.of("error.value.omits_item", allowed=", ".join(o.value for o in Omission), got=got)
    if name == "type":
        return Message.of("error.value.one_of", allowed=", ".join(EVENT_TYPES), got=got)
    if name in _SHAPES:
        return Message.of(f"error.value.{name}", got=got)
    if name in _SEATS:
        return Message.of("error.value.seat", seats=seats, got=got)
    if name == "seats":
        return Message.of("error.value.seats", most=MAX_SEATS, got=got)
    if name == "floorman":
        return Message.of("error.value.version", got=str(value) if type(value) is Decimal else got)
    if kind is not None and (kind, name) in _KIND_ENUMS:
        return Message.of("error.value.one_of", allowed=", ".join(repr(m.value) for m in _KIND_ENUMS[kind, name]),
                          got=got)
    if name in ("mixed_with", "made_up") and not item:
        return Message.of(f"error.value.{name}", got=got)
    if name in AMOUNT_FIELDS:
        try:
            chips(value, field)
        except LogFieldError as exc:
            return exc.what
        return Message.of("error.value.chips", got=got)
    if name in _FLAGS:
        return Message.of("error.value.flag", got=got)
    if name == "verdict":
        return Message.of("error.value.one_of", allowed=", ".join(VERDICTS), got=got)
    if name in _TEXTS:
        return Message.of("error.value.text", got=got)
    if name in _ENUMS:
        return Message.of("error.value.one_of", allowed=", ".join(repr(m.value) for m in _ENUMS[name]), got=got)
    if field == "redeal_of.count":
        return Message.of("error.value.redeal_count", got=got)
    if name == "ruling":
        return Message.of("error.value.ruling_index", got=got)
    low, high = _WHOLE.get(name, (0, MAX_CARD_INDEX))
    if name == "count" and kind == "discard":
        high = MAX_DISCARD
    return Message.of("error.value.whole", low=low, high=high, got=got)


_JSON_REASONS = {
    "Expecting value": "value", "Expecting ',' delimiter": "comma", "Expecting ':' delimiter": "colon",
    "Expecting property name enclosed in double quotes": "name", "Extra data": "extra",
    "Unterminated string starting at": "unterminated", "Invalid \\uXXXX escape": "uxxxx",
    "Invalid \\escape": "escape_any", "Invalid control character at": "control_any",
}
_JSON_WITH = re.compile(r"Invalid (\\escape: |control character )(.*?)(?: at)?")
_UTF8_REASONS = {"invalid start byte": "start", "invalid continuation byte": "continuation",
                 "unexpected end of data": "end"}


def json_reason(reason: str) -> Message | str:
    """Why the ``json`` module refused a text, as the catalog says it (``error.json.reason.*``); a reason it does not
    name, as it is.

    >>> from floorman.locale import say
    >>> say(json_reason("Expecting value"), "vi"), say(json_reason("Invalid control character '\\\\n' at"), "vi")
    ('cần một giá trị', "ký tự điều khiển không hợp lệ '\\\\n'")
    """
    if reason in _JSON_REASONS:
        return Message.of(f"error.json.reason.{_JSON_REASONS[reason]}")
    found = _JSON_WITH.fullmatch(reason)
    if found:
        return Message.of("error.json.reason.escape" if found.group(1).startswith("\\") else
                          "error.json.reason.control", what=found.group(2))
    return reason


def utf8_reason(reason: str) -> Message | str:
    """Why a text is not UTF-8, as the catalog says it (``error.utf8.*``); a reason it does not name, as it is."""
    return Message.of(f"error.utf8.{_UTF8_REASONS[reason]}") if reason in _UTF8_REASONS else reason
