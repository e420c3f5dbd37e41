"""Events: the physical facts of a hand, in the order they happened (hand log v1, section 2).

Every event is a frozen record named in the past tense. ``EVENT_TYPES`` maps the log's
``type`` strings to the classes, and ``event_type(event)`` goes back.

>>> CardDealt(seat=3)
CardDealt(seat=3, card='??', face_up=False, back=None, boxed=False, replacement=False, ext=None)
>>> event_type(PlayerActed(seat=3, action=Action.CALL))
'act'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from floorman.table import Chips, Level

__all__ = [
    "EVENT_TYPES",
    "Action",
    "BlindKind",
    "BlindPosted",
    "BoardCardDealt",
    "BoxedCardFound",
    "CardBurned",
    "CardDealt",
    "CardExposed",
    "CardsDiscarded",
    "Defect",
    "DefectDiscovered",
    "Event",
    "ExposedBy",
    "FloorCalled",
    "HandMucked",
    "HandShown",
    "LevelChanged",
    "NextHandBegan",
    "Override",
    "PlayerActed",
    "PlayerArrived",
    "PlayerLeft",
    "PlayerSeated",
    "PotAwarded",
    "RulingApplied",
    "StubShuffled",
    "Where",
    "event_type",
]

Ext = Mapping[str, Any] | None
"""Private extension fields (names starting with ``_``), passed through untouched."""


class BlindKind(StrEnum):
    SMALL_BLIND = "sb"
    BIG_BLIND = "bb"
    ANTE = "ante"
    BIG_BLIND_ANTE = "bb_ante"
    STRADDLE = "straddle"
    BRING_IN = "bring_in"
    DEAD = "dead"


class Action(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    ALL_IN = "all_in"


class ExposedBy(StrEnum):
    DEALER = "dealer"
    PLAYER = "player"


class Where(StrEnum):
    HAND = "hand"
    BOARD = "board"
    STUB = "stub"


class Defect(StrEnum):
    """What a ``discover`` event found."""

    DUPLICATE = "duplicate"
    FOREIGN_BACK = "foreign_back"
    PREVIOUS_HAND_CARD = "previous_hand_card"
    MISSING_CARD = "missing_card"
    NON_STANDARD = "non_standard"
    STUB_DISORDERED = "stub_disordered"
    WRONG_COUNT = "wrong_count"
    KNEW_DEFECT = "knew_defect"
    MIXED = "mixed"


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindPosted:
    """A forced bet went in (not an action in turn)."""

    seat: int
    blind: BlindKind
    amount: Chips
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt:
    """One card left the top of the deck to a seat."""

    seat: int
    card: str = "??"
    face_up: bool = False
    back: str | None = None
    boxed: bool = False
    replacement: bool = False
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoxedCardFound:
    """A card was found face up in the deck and set aside."""

    card: str = "??"
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed:
    """A card already at a seat became exposed with action pending."""

    seat: int
    index: int | None = None
    card: str = "??"
    by: ExposedBy = ExposedBy.DEALER
    how: str | None = None
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerActed:
    seat: int
    action: Action
    to: Chips | None = None
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBurned:
    card: str = "??"
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardCardDealt:
    card: str = "??"
    face_up: bool = True
    back: str | None = None
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDiscarded:
    seat: int
    count: int
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown:
    seat: int
    cards: tuple[str, ...] = ()
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandMucked:
    seat: int
    by: ExposedBy = ExposedBy.PLAYER
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DefectDiscovered:
    what: Defect
    card: str = "??"
    seat: int | None = None
    where: Where | None = None
    count: int | None = None
    from_seat: int | None = None
    """For ``mixed``: the seat whose cards were thrown into this seat's hand (an extension)."""
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerArrived:
    seat: int
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft:
    seat: int
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    seat: int
    name: str
    stack: Chips
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChanged:
    level: Level
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StubShuffled:
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorCalled:
    note: str | None = None
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Override:
    verdict: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingApplied:
    ruling: int
    override: Override | None = None
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded:
    ext: Ext = None


@dataclass(frozen=True, slots=True, kw_only=True)
class NextHandBegan:
    ext: Ext = None


Event = (
    BlindPosted
    | CardDealt
    | BoxedCardFound
    | CardExposed
    | PlayerActed
    | CardBurned
    | BoardCardDealt
    | CardsDiscarded
    | HandShown
    | HandMucked
    | DefectDiscovered
    | PlayerArrived
    | PlayerLeft
    | PlayerSeated
    | LevelChanged
    | StubShuffled
    | FloorCalled
    | RulingApplied
    | PotAwarded
    | NextHandBegan
)

EVENT_TYPES: dict[str, type[Event]] = {
    "post": BlindPosted,
    "deal": CardDealt,
    "boxed": BoxedCardFound,
    "expose": CardExposed,
    "act": PlayerActed,
    "burn": CardBurned,
    "board": BoardCardDealt,
    "discard": CardsDiscarded,
    "show": HandShown,
    "muck": HandMucked,
    "discover": DefectDiscovered,
    "arrive": PlayerArrived,
    "leave": PlayerLeft,
    "seat_player": PlayerSeated,
    "level_change": LevelChanged,
    "shuffle": StubShuffled,
    "floor": FloorCalled,
    "ruling_applied": RulingApplied,
    "pot_awarded": PotAwarded,
    "next_hand": NextHandBegan,
}

_TYPE_NAMES: dict[type[Any], str] = {cls: name for name, cls in EVENT_TYPES.items()}


def event_type(event: Event) -> str:
    """The log's ``type`` string for an event."""
    return _TYPE_NAMES[type(event)]
