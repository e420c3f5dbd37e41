"""The level in force (blinds, antes and bet sizes), and chip amounts: their type and how the room writes them.

A module of its own, left out of the modules compiled with mypyc, so that ``Level`` stays a plain
dataclass that msgspec decodes (a ``level_change`` event holds one; compiled, its fields would lose
their types); ``floorman.fold.table`` re-exports what is here.

>>> Level(number=12, small_blind=1000, big_blind=2000) == Level(number=12, small_blind=1000, big_blind=2000)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

__all__ = ["Chips", "Level", "amount_text"]

Chips = int | Decimal
"""A chip amount: whole chips, or a decimal where the table plays cash with cents."""


_VI_DIGITS = str.maketrans(",.", ".,")


def amount_text(amount: object, lang: str = "en") -> str:
    """A chip amount as the room writes it: thousands grouped with a comma in English and a dot in
    Vietnamese, cents kept where a cash table plays them (the console writes the same with Babel).

    >>> amount_text(12500), amount_text(12500, "vi"), amount_text(Decimal("2.5")), amount_text(Decimal("2.5"), "vi")
    ('12,500', '12.500', '2.50', '2,50')
    >>> amount_text(400), amount_text(None)
    ('400', 'None')
    """
    if isinstance(amount, bool) or not isinstance(amount, (int, Decimal)):
        return str(amount)
    text = f"{int(amount):,}" if amount == int(amount) else f"{amount:,.2f}"
    return text.translate(_VI_DIGITS) if lang == "vi" else text


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """The blinds, antes and bet sizes in force (0 when unused)."""

    number: int | None = None
    small_blind: Chips = 0
    big_blind: Chips = 0
    ante: Chips = 0
    big_blind_ante: Chips = 0
    bring_in: Chips = 0
    small_bet: Chips = 0
    big_bet: Chips = 0
