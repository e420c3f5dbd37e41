"""The level in force (blinds, antes and bet sizes), and the type of chip amounts.

A module of its own, left out of the modules compiled with mypyc, so that ``Level`` stays a plain
dataclass that msgspec decodes (a ``level_change`` event holds one; compiled, its fields would lose
their types); ``floorman.fold.table`` re-exports what is here.

>>> Level(number=12, small_blind=1000, big_blind=2000) == Level(number=12, small_blind=1000, big_blind=2000)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

__all__ = ["Chips", "Level"]

Chips = int | Decimal
"""A chip amount: whole chips, or a decimal where the table plays cash with cents."""




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
