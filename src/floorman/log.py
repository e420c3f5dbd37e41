"""A hand log: the table before the deal (the header) and the events that followed.

A ``HandLog`` is built by ``floorman.formats.handlog`` from JSON, or by hand:

>>> from floorman.table import Game, Level, Player
>>> log = HandLog(game=Game.HOLDEM, seats=2, button=1, level=Level(small_blind=1, big_blind=2),
...               players=(Player(seat=1, name="An", stack=100), Player(seat=2, name="Bo", stack=100)))
>>> log.spec.hole_cards, log.effective_structure
(2, <Structure.NO_LIMIT: 'no-limit'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from floorman.events import Event
from floorman.table import GAMES, Game, GameSpec, Level, Player, Structure

__all__ = ["HandLog", "Omission", "RedealOf"]

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Omission(StrEnum):
    """What a log does not record, so that its absence is not taken for an irregularity."""

    BURNS = "burns"
    DEAL_ORDER = "deal_order"
    POSTS = "posts"
    BOXED = "boxed"


@dataclass(frozen=True, slots=True, kw_only=True)
class RedealOf:
    """This log is the re-play of a misdealt hand."""

    hand: str | None = None
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLog:
    game: Game
    seats: int
    level: Level
    players: tuple[Player, ...]
    events: tuple[Event, ...] = ()
    button: int | None = None
    button_should_be: int | None = None
    structure: Structure | None = None
    rulebook: str | None = None
    redeal_of: RedealOf | None = None
    deck_back: str | None = None
    omits: frozenset[Omission] = frozenset()
    meta: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """Free metadata kept and reported: ``hand``, ``table``, ``tournament``, ``dealer``, ``time``."""
    ext: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """Private header fields (names starting with ``_``), passed through untouched."""
    deck_ext: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    @property
    def effective_structure(self) -> Structure:
        return self.structure or self.spec.default_structure

    def player_at(self, seat: int) -> Player | None:
        for player in self.players:
            if player.seat == seat:
                return player
        return None

    @property
    def hand_id(self) -> str | None:
        value = self.meta.get("hand")
        return None if value is None else str(value)
