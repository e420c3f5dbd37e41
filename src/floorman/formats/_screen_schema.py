"""The usual hand log's shape, as typed values ``msgspec`` decodes JSON text straight into.

The shape is narrower than the hand log format: only the header fields and the events of the
usual dealt hand, each object with no field it does not name (``forbid_unknown_fields``), each
name of a game, action, blind or card one the format knows. Text of any other shape fails to
decode, and ``floorman.formats.screen`` leaves it to the full reader.
Optional fields default to ``UNSET``, so that the screen can count the keys a text gave (a key
given twice decodes as one: the screen compares counts to find it). Decoded values hold no cycles
(they come from JSON text), so the garbage collector is told not to track them (``gc=False``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Literal

import msgspec
from msgspec import UNSET, Struct, UnsetType

from floorman.events import Action, BlindKind, ExposedBy
from floorman.formats._intern import CARDS
from floorman.log import Omission
from floorman.table import Game, Structure

__all__ = ["DECODER", "Act", "Board", "Burn", "Deal", "Event", "Header", "Muck", "NextHand", "Post", "PotAwarded", "Show"]

Amount = int | Decimal
if TYPE_CHECKING:
    Card = str
else:  # each card's text, decoded as the one string object of that text (its hash already known)
    Card = Literal[tuple(sorted(CARDS))]
Meta = str | int | None | UnsetType


class Level(Struct, forbid_unknown_fields=True, gc=False):
    number: int | UnsetType = UNSET
    small_blind: Amount | UnsetType = UNSET
    big_blind: Amount | UnsetType = UNSET
    ante: Amount | UnsetType = UNSET
    big_blind_ante: Amount | UnsetType = UNSET
    bring_in: Amount | UnsetType = UNSET
    small_bet: Amount | UnsetType = UNSET
    big_bet: Amount | UnsetType = UNSET


class Player(Struct, forbid_unknown_fields=True, gc=False):
    seat: int
    name: str
    stack: Amount


class Post(Struct, tag="post", forbid_unknown_fields=True, gc=False):
    seat: int
    blind: BlindKind
    amount: Amount


class Deal(Struct, tag="deal", forbid_unknown_fields=True, gc=False):
    seat: int
    card: Card | UnsetType = UNSET
    face_up: bool | UnsetType = UNSET


class Board(Struct, tag="board", forbid_unknown_fields=True, gc=False):
    card: Card | UnsetType = UNSET
    face_up: bool | UnsetType = UNSET


class Burn(Struct, tag="burn", forbid_unknown_fields=True, gc=False):
    card: Card | UnsetType = UNSET


class Act(Struct, tag="act", forbid_unknown_fields=True, gc=False):
    seat: int
    action: Action
    to: Amount | UnsetType = UNSET


class Show(Struct, tag="show", forbid_unknown_fields=True, gc=False):
    seat: int
    cards: list[Card] | UnsetType = UNSET


class Muck(Struct, tag="muck", forbid_unknown_fields=True, gc=False):
    seat: int
    by: ExposedBy | UnsetType = UNSET


class PotAwarded(Struct, tag="pot_awarded", forbid_unknown_fields=True, gc=False):
    pass


class NextHand(Struct, tag="next_hand", forbid_unknown_fields=True, gc=False):
    pass


Event = Post | Deal | Board | Burn | Act | Show | Muck | PotAwarded | NextHand


class Header(Struct, forbid_unknown_fields=True, gc=False):
    """A hand log of the usual shape: no ``redeal_of``, ``deck`` or ``button_should_be``, one private field ``_phh``."""

    floorman: int
    game: Game
    seats: int
    level: Level
    players: list[Player]
    events: list[Event]
    rulebook: str | UnsetType = UNSET
    structure: Structure | UnsetType = UNSET
    button: int | UnsetType = UNSET
    omits: list[Omission] | UnsetType = UNSET
    hand: Meta = UNSET
    table: Meta = UNSET
    tournament: Meta = UNSET
    dealer: Meta = UNSET
    time: Meta = UNSET
    phh: dict[str, msgspec.Raw] | UnsetType = msgspec.field(default=UNSET, name="_phh")
    """What a log converted from PHH keeps of the PHH file's other fields (left undecoded: the screen reads none)."""


DECODER = msgspec.json.Decoder(Header)
