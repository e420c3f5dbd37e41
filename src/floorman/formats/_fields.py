"""Field readers shared by the hand log header and events: each error names its field."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from floorman.errors import LogFieldError
from floorman.table import Chips, Level

__all__ = [
    "LEVEL_FIELDS",
    "LEVEL_NUMBER_MAX",
    "MAX_CHIPS",
    "Duplicated",
    "Fields",
    "Unusual",
    "chips_value",
    "level_from_obj",
    "level_to_obj",
    "plain_chips",
]

E = TypeVar("E", bound=StrEnum)

MAX_CHIPS = 10**15
"""No table holds more chips than this; a larger amount is a corrupt log."""

LEVEL_FIELDS = (
    "small_blind", "big_blind", "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet",
)
"""The chip amounts of a level, in the order ``Level`` lists them."""

LEVEL_NUMBER_MAX = 10**6
"""The highest level number a log may give."""


class Unusual(Exception):
    """An input a reader's fast path does not handle (or that is not valid): the full reader takes it."""


class Duplicated(dict[str, Any]):
    """A JSON object that named a field twice (the last value kept); reading it as a log object is an error."""

    def __init__(self, obj: dict[str, Any], *, duplicate: str) -> None:
        super().__init__(obj)
        self.duplicate = duplicate


class Fields:
    """A JSON object being read, with where it sits (``None`` = header, ``int`` = event index)."""

    __slots__ = ("event", "obj", "where")

    def __init__(self, obj: Mapping[str, Any], *, where: str | None, event: int | None = None) -> None:
        self.obj = obj
        self.where = where
        self.event = event

    def _name(self, key: str) -> str:
        return key if self.where is None else f"{self.where}.{key}"

    def error(self, key: str, message: str) -> LogFieldError:
        return LogFieldError(message, field=self._name(key), event=self.event)

    def get(self, key: str) -> Any:
        return self.obj.get(key)

    def check_known(self, known: frozenset[str]) -> None:
        if isinstance(self.obj, Duplicated):
            raise self.error(self.obj.duplicate, "is given twice in the same object (give each field once)")
        for key in self.obj:
            if not isinstance(key, str):
                raise LogFieldError(f"field names must be strings, got {key!r}", event=self.event)
            if key not in known and not key.startswith("_"):
                allowed = ", ".join(sorted(known))
                raise self.error(key, f"unknown field (expected one of {allowed}, or a private _field)")

    def private(self) -> dict[str, Any]:
        return {k: v for k, v in self.obj.items() if k.startswith("_")}

    def string(self, key: str) -> str | None:
        value = self.obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.error(key, f"expected a string, got {value!r}")
        return value

    def boolean(self, key: str, default: bool = False) -> bool:
        value = self.obj.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {value!r}")
        return value

    def integer(self, key: str, *, low: int, high: int, required: bool = False) -> int | None:
        value = self.obj.get(key)
        if value is None:
            if required:
                raise self.error(key, "is required")
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.error(key, f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def enum(self, key: str, kind: type[E], *, required: bool = False) -> E | None:
        value = self.obj.get(key)
        if value is None:
            if required:
                raise self.error(key, "is required")
            return None
        try:
            return kind(value)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in kind)
            raise self.error(key, f"expected one of {allowed}, got {value!r}") from None


def chips_value(fields: Fields, key: str, *, required: bool = False, default: Chips = 0) -> Chips:
    """A chip amount: a whole number, or a decimal with cents; never negative or absurd."""
    value = fields.get(key)
    if value is None:
        if required:
            raise fields.error(key, "is required")
        return default
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise fields.error(key, f"expected a chip amount (a number), got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise fields.error(key, f"expected a finite chip amount, got {value!r}")
    if not -MAX_CHIPS <= value <= MAX_CHIPS:  # before any conversion: 1e999999999 must not become an int
        shown = str(value) if -(10**30) < value < 10**30 else f"{Decimal(value):.6g}"
        raise fields.error(key, f"expected a chip amount from 0 up to {MAX_CHIPS}, got {shown}")
    if value < 0:
        raise fields.error(key, f"expected a chip amount of 0 or more, got {value}")
    if isinstance(value, Decimal) and value == value.to_integral_value():
        value = int(value)
    amount: Chips = value
    return amount


def plain_chips(value: object) -> Chips | None:
    """The amount ``chips_value`` reads from a valid ``int`` or ``Decimal``, or ``None`` if it is anything else.

    A shortcut for the readers' fast paths: ``None`` leaves the value to ``chips_value``, which says what is wrong.

    >>> plain_chips(200), plain_chips(Decimal("2.50")), plain_chips(Decimal("3.0")), plain_chips(-1), plain_chips(True)
    (200, Decimal('2.50'), 3, None, None)
    """
    if type(value) is int:
        return value if 0 <= value <= MAX_CHIPS else None
    if type(value) is Decimal and value.is_finite() and 0 <= value <= MAX_CHIPS:
        return int(value) if value == value.to_integral_value() else value
    return None


def level_from_obj(raw: Any, *, field: str, required: bool, event: int | None = None) -> Level:
    if raw is None:
        if required:
            raise LogFieldError("is required", field=field, event=event)
        return Level()
    if not isinstance(raw, Mapping):
        raise LogFieldError(
            f"expected an object such as {{\"small_blind\": 100, \"big_blind\": 200}}, got {raw!r}",
            field=field, event=event,
        )
    fields = Fields(raw, where=field, event=event)
    fields.check_known(frozenset((*LEVEL_FIELDS, "number")))
    number = fields.integer("number", low=0, high=LEVEL_NUMBER_MAX)
    amounts = {key: chips_value(fields, key) for key in LEVEL_FIELDS}
    return Level(number=number, **amounts)


def level_to_obj(level: Level) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    if level.number is not None:
        obj["number"] = level.number
    for key in LEVEL_FIELDS:
        value = getattr(level, key)
        if value:
            obj[key] = value
    return obj
