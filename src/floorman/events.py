"""Events: the physical facts of a hand, in the order they happened (hand log v1, section 2).

Every event is a frozen record named in the past tense: a ``msgspec`` Struct, so that the
hand-log reader decodes JSON straight into these types (the log's ``type`` field is each
class's tag). ``EVENT_TYPES`` maps the log's ``type`` strings to the classes, and
``event_type(event)`` goes back.

>>> CardDealt(seat=3)
CardDealt(seat=3, card='??', face_up=False, back=None, boxed=False, replacement=False, ext=None)
>>> event_type(PlayerActed(seat=3, action=Action.CALL))
'act'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, get_args

import msgspec

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

EXT_NAME = "_ext"
"""The name ``ext`` goes by in a decoded object. The reader gathers private fields itself: an event
decoded with ``ext`` set had a private field of this name, and is read again field by field."""


class _Event(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True, omit_defaults=True,
    gc=False,
):
    """An event: frozen, keyword-only, tagged by the log's ``type``; fields at their default left out when written.

    Decoded events hold no reference cycles (they come from JSON text), so the garbage collector
    is told not to track them (``gc=False``).
    """


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


class BlindPosted(_Event, frozen=True, tag="post"):
    """A forced bet went in (not an action in turn)."""

    seat: int
    blind: BlindKind
    amount: Chips
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardDealt(_Event, frozen=True, tag="deal"):
    """One card left the top of the deck to a seat."""

    seat: int
    card: str = "??"
    face_up: bool = False
    back: str | None = None
    boxed: bool = False
    replacement: bool = False
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class BoxedCardFound(_Event, frozen=True, tag="boxed"):
    """A card was found face up in the deck and set aside."""

    card: str = "??"
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardExposed(_Event, frozen=True, tag="expose"):
    """A card already at a seat became exposed with action pending."""

    seat: int
    index: int | None = None
    card: str = "??"
    by: ExposedBy = ExposedBy.DEALER
    how: str | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PlayerActed(_Event, frozen=True, tag="act"):
    seat: int
    action: Action
    to: Chips | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardBurned(_Event, frozen=True, tag="burn"):
    card: str = "??"
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class BoardCardDealt(_Event, frozen=True, tag="board"):
    card: str = "??"
    face_up: bool = True
    back: str | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardsDiscarded(_Event, frozen=True, tag="discard"):
    seat: int
    count: int
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class HandShown(_Event, frozen=True, tag="show"):
    seat: int
    cards: tuple[str, ...] = ()
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class HandMucked(_Event, frozen=True, tag="muck"):
    seat: int
    by: ExposedBy = ExposedBy.PLAYER
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class DefectDiscovered(_Event, frozen=True, tag="discover"):
    what: Defect
    card: str = "??"
    seat: int | None = None
    where: Where | None = None
    count: int | None = None
    from_seat: int | None = None
    """For ``mixed``: the seat whose cards were thrown into this seat's hand (an extension)."""
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PlayerArrived(_Event, frozen=True, tag="arrive"):
    seat: int
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PlayerLeft(_Event, frozen=True, tag="leave"):
    seat: int
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PlayerSeated(_Event, frozen=True, tag="seat_player"):
    seat: int
    name: str
    stack: Chips
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class LevelChanged(_Event, frozen=True, tag="level_change"):
    level: Level
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class StubShuffled(_Event, frozen=True, tag="shuffle"):
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class FloorCalled(_Event, frozen=True, tag="floor"):
    note: str | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class Override(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    verdict: str
    reason: str


class RulingApplied(_Event, frozen=True, tag="ruling_applied"):
    ruling: int
    override: Override | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PotAwarded(_Event, frozen=True, tag="pot_awarded"):
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class NextHandBegan(_Event, frozen=True, tag="next_hand"):
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


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

EVENT_TYPES: dict[str, type[Event]] = {cls.__struct_config__.tag: cls for cls in get_args(Event)}
"""The log's ``type`` strings (each class's tag) and their classes, in the order of ``Event``."""

_TYPE_NAMES: dict[type[Any], str] = {cls: name for name, cls in EVENT_TYPES.items()}


def event_type(event: Event) -> str:
    """The log's ``type`` string for an event."""
    return _TYPE_NAMES[type(event)]
