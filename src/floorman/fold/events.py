"""Events: the physical facts of a hand, in the order they happened (hand log v1 and v1.1, section 2).

Every event is a frozen record named in the past tense: a ``msgspec`` Struct, so that the
hand-log reader decodes JSON straight into these types (the log's ``type`` field is each
class's tag). ``EVENT_TYPES`` maps the log's ``type`` strings to the classes, and
``event_type(event)`` goes back. ``V1_1_TYPES`` are the types a log may hold only when it declares
version 1.1, and ``v1_1_fields(event)`` the fields of older types that v1.1 added and an event uses.

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

from floorman.fold.table import Chips, Level, Street

__all__ = [
    "EVENT_TYPES",
    "V1_1_FIELDS",
    "V1_1_TYPES",
    "V1_2_FIELDS",
    "Action",
    "BlindKind",
    "BlindPosted",
    "BoardCardDealt",
    "BoxedCardFound",
    "CardBurned",
    "CardDealt",
    "CardExposed",
    "CardFound",
    "CardFoundInBurns",
    "CardsDiscarded",
    "CountCause",
    "DealCompleted",
    "Defect",
    "DefectDiscovered",
    "Event",
    "ExposedBy",
    "FloorCalled",
    "FoundWhere",
    "HandBegan",
    "HandMucked",
    "HandShown",
    "HandStart",
    "LevelChanged",
    "MixedWith",
    "MuckIdentified",
    "MuckRetrieved",
    "NextHandBegan",
    "Origin",
    "Override",
    "PlayerActed",
    "PlayerArrived",
    "PlayerLeft",
    "PlayerSeated",
    "PotAwarded",
    "PotShare",
    "RulingApplied",
    "StubDropped",
    "StubShuffled",
    "Where",
    "event_type",
    "v1_1_fields",
    "v1_2_fields",
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


class CountCause(StrEnum):
    """Who made a seat's count wrong (``discover`` ``wrong_count``, v1.1): the dealer, or a player who took or
    swapped cards."""

    DEALER = "dealer"
    PLAYER = "player"


class HandStart(StrEnum):
    """How the hand began (``hand_began``, v1.1; DEF-HAND-START)."""

    RIFFLE = "riffle"
    SHUFFLER = "shuffler"
    DEALER_PUSH = "dealer_push"


class MuckIdentified(StrEnum):
    """How cards taken back from the muck were told to be the hand's own (``muck_retrieved``, v1.1)."""

    KEPT_APART = "kept_apart"
    """They never mixed with the muck: lying apart, or alone on top of it."""
    FACES_KNOWN = "faces_known"
    """Their faces were known before they were mucked (tabled, read by the table's sensors)."""
    CAMERA = "camera"
    TABLE_AGREEMENT = "table_agreement"
    """Every player at the table agreed which cards they were."""
    NOT_IDENTIFIED = "not_identified"


class FoundWhere(StrEnum):
    """Where a card was found (``card_found``, v1.1)."""

    OFF_TABLE = "off_table"
    TABLE = "table"
    HAND = "hand"


class Origin(StrEnum):
    """Where a found card came from (``card_found``, v1.1)."""

    THIS_DECK = "this_deck"
    UNKNOWN = "unknown"


class MixedWith(StrEnum):
    """What a dropped stub fell into (``stub_dropped``, v1.1)."""

    MUCK = "muck"
    BURNS = "burns"


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
    back: str | None = None
    """The burn card's back, when it was seen (v1.1)."""
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
    caused_by: CountCause | None = None
    """For ``wrong_count`` (v1.1): who made the count wrong; left out, the dealer's deal."""
    by_seat: int | None = None
    """For ``wrong_count`` caused by a player (v1.1): the seat of the player who took or swapped cards."""
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
    seconds_after_award: int | None = None
    """How many seconds after the pot was awarded the floor was called (v1.2; a ``pot_awarded`` comes before it):
    where the hand finished during a break, what decides whether a dispute is in time (TDA-22)."""
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class Override(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    verdict: str
    reason: str


class RulingApplied(_Event, frozen=True, tag="ruling_applied"):
    ruling: int
    override: Override | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class PotShare(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A part of a pot awarded in parts (v1.1): the seat and its chips."""

    seat: int
    amount: Chips


class PotAwarded(_Event, frozen=True, tag="pot_awarded"):
    shares: tuple[PotShare, ...] = ()
    """A pot awarded in parts (v1.1): who got how much; left out, the pot went as the hand's play gave it."""
    during_break: bool = False
    """The hand finished during a break (v1.2): the clock reached the break while it was played, and the table
    finished it (TDA-22: then the right to any dispute ends a minute after the pot is awarded)."""
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class NextHandBegan(_Event, frozen=True, tag="next_hand"):
    button: int | None = None
    """Where the button was placed for the next hand (v1.1): moved one seat, twice, or not at all."""
    made_up: tuple[int, ...] = ()
    """The seats whose missed blinds are made up in the next hand (v1.1)."""
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class HandBegan(_Event, frozen=True, tag="hand_began"):
    """The hand began (v1.1): the first riffle, the shuffler's button, or the dealer push (DEF-HAND-START).

    The level in force at this moment is the hand's: a ``level_change`` before it sets the hand's blinds, one
    after it waits for the next hand (LVL-NEW-HAND)."""

    how: HandStart | None = None
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class DealCompleted(_Event, frozen=True, tag="deal_completed"):
    """The initial deal was complete: the last starting card reached the last seat (v1.1; DEF-INITIAL-DEAL)."""

    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardFoundInBurns(_Event, frozen=True, tag="found_in_burns"):
    """A card the log did not show burned was found among the burns (v1.1)."""

    card: str = "??"
    street: Street | None = None
    """The street whose burn it lay with; left out, the street being played."""
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class MuckRetrieved(_Event, frozen=True, tag="muck_retrieved"):
    """A seat's cards were taken back from the muck and returned to it (v1.1)."""

    seat: int
    identified: MuckIdentified
    cards: tuple[str, ...] = ()
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class CardFound(_Event, frozen=True, tag="card_found"):
    """A card turned up that no deal put there (v1.1): off the table, on it, or in a seat's hand."""

    where: FoundWhere
    card: str = "??"
    seat: int | None = None
    """With ``where: hand``: whose hand it was in."""
    origin: Origin = Origin.UNKNOWN
    ext: Ext = msgspec.field(default=None, name=EXT_NAME)


class StubDropped(_Event, frozen=True, tag="stub_dropped"):
    """The stub was dropped (v1.1): whether its order was rebuilt, and what it fell into."""

    rebuilt: bool = False
    mixed_with: tuple[MixedWith, ...] = ()
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
    | HandBegan
    | DealCompleted
    | CardFoundInBurns
    | MuckRetrieved
    | CardFound
    | StubDropped
)

EVENT_TYPES: dict[str, type[Event]] = {cls.__struct_config__.tag: cls for cls in get_args(Event)}
"""The log's ``type`` strings (each class's tag) and their classes, in the order of ``Event``."""

_TYPE_NAMES: dict[type[Any], str] = {cls: name for name, cls in EVENT_TYPES.items()}

V1_1_TYPES = frozenset({"hand_began", "deal_completed", "found_in_burns", "muck_retrieved", "card_found",
                        "stub_dropped"})
"""The event types new in version 1.1: a log holding one declares ``"floorman": 1.1``."""


V1_1_FIELDS: dict[str, tuple[str, ...]] = {
    "burn": ("back",), "discover": ("caused_by", "by_seat"), "next_hand": ("button", "made_up"),
    "pot_awarded": ("shares",),
}
"""The fields version 1.1 added to event types of version 1: a log giving one declares ``"floorman": 1.1``."""


V1_1_CLASSES: frozenset[type[Event]] = frozenset(EVENT_TYPES[name] for name in V1_1_TYPES)
"""The classes of ``V1_1_TYPES``."""

_V1_1_ADDED: dict[type[Any], tuple[str, ...]] = {EVENT_TYPES[name]: added for name, added in V1_1_FIELDS.items()}

V1_1_ADDED_TO: frozenset[type[Event]] = frozenset(_V1_1_ADDED)
"""The classes of version 1 event types that version 1.1 added fields to (the keys of ``V1_1_FIELDS``)."""


def v1_1_fields(event: Event) -> tuple[str, ...]:
    """The fields of a version 1 event type that version 1.1 added and ``event`` gives.

    >>> v1_1_fields(CardBurned(back="red")), v1_1_fields(CardBurned())
    (('back',), ())
    """
    names = _V1_1_ADDED.get(type(event))
    if names is None:
        return ()
    return tuple(name for name in names if getattr(event, name) not in (None, ()))


V1_2_FIELDS: dict[str, tuple[str, ...]] = {"pot_awarded": ("during_break",), "floor": ("seconds_after_award",)}
"""The fields version 1.2 added to event types of earlier versions: a log giving one declares ``"floorman": 1.2``."""

_V1_2_ADDED: dict[type[Any], tuple[str, ...]] = {EVENT_TYPES[name]: added for name, added in V1_2_FIELDS.items()}

V1_2_ADDED_TO: frozenset[type[Event]] = frozenset(_V1_2_ADDED)
"""The classes of the event types that version 1.2 added fields to (the keys of ``V1_2_FIELDS``)."""


def v1_2_fields(event: Event) -> tuple[str, ...]:
    """The fields version 1.2 added that ``event`` gives.

    >>> v1_2_fields(PotAwarded(during_break=True)), v1_2_fields(FloorCalled(note="x"))
    (('during_break',), ())
    """
    names = _V1_2_ADDED.get(type(event))
    if names is None:
        return ()
    return tuple(name for name in names if getattr(event, name) not in (None, False))


def event_type(event: Event) -> str:
    """The log's ``type`` string for an event."""
    return _TYPE_NAMES[type(event)]
