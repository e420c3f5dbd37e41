"""The hand log's document as typed values: what ``msgspec`` decodes JSON text (or converts an object) into.

The events are the engine's own (``floorman.fold.events``: each a Struct tagged by its ``type``); the
header's objects are the Structs below. Optional header fields default to ``UNSET``, so that a
field given (even as ``null``, or at its default value) is told apart from one left out, and the
header's fields are in the order ``handlog.to_obj`` writes them: a document written back is the
text floorman wrote, which is how the reader knows it read every field once (see
``floorman.formats.handlog``).
These Structs stay out of the modules compiled with mypyc (it does not compile Struct classes).

>>> doc = DECODER.decode(b'{"floorman": 1, "game": "holdem", "seats": 2, "level": {"big_blind": 2},'
...                      b' "players": [], "events": [{"type": "deal", "seat": 2, "card": "As"}]}')
>>> doc.level.big_blind, doc.events
(2, [CardDealt(seat=2, card='As', face_up=False, back=None, boxed=False, replacement=False, ext=None)])
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import msgspec
from msgspec import UNSET, Struct, UnsetType

from floorman.fold.events import (
    EVENT_TYPES,
    EXT_NAME,
    Event,
    LevelChanged,
    Override,
    PotAwarded,
    PotShare,
    RulingApplied,
)
from floorman.fold.log import Omission
from floorman.fold.table import Chips, Game, PlayerStatus, Structure

__all__ = ["DECODER", "FIELDS", "Deck", "Document", "LevelFields", "PlayerEntry", "RedealEntry"]

Amount = Chips | None | UnsetType
"""A level's amount: ``null`` or left out is 0."""


class _Object(Struct, forbid_unknown_fields=True, omit_defaults=True, gc=False):
    """An object of the header: no field it does not name; fields left out are ``UNSET`` (or their default)."""


class LevelFields(_Object):
    number: int | UnsetType | None = UNSET
    small_blind: Amount = UNSET
    big_blind: Amount = UNSET
    ante: Amount = UNSET
    big_blind_ante: Amount = UNSET
    bring_in: Amount = UNSET
    small_bet: Amount = UNSET
    big_bet: Amount = UNSET


class PlayerEntry(_Object):
    seat: int
    name: str
    stack: Chips
    status: PlayerStatus | UnsetType | None = UNSET


class Deck(_Object):
    back: str | UnsetType | None = UNSET


class RedealEntry(_Object):
    hand: str | UnsetType | None = UNSET
    count: int | UnsetType = UNSET


class Document(_Object, kw_only=True):
    """A hand log (hand-log.md, section 1). Free metadata may be any JSON value; ``_phh`` is the one private
    field named here (what a log converted from PHH keeps of the PHH file): any other is gathered by the reader."""

    floorman: int | Decimal
    """The format version: 1, or 1.1 (a log holding anything version 1.1 added)."""
    rulebook: str | UnsetType | None = UNSET
    game: Game
    structure: Structure | UnsetType | None = UNSET
    seats: int
    button: int | UnsetType | None = UNSET
    button_should_be: int | UnsetType | None = UNSET
    redeal_of: RedealEntry | UnsetType | None = UNSET
    level: LevelFields
    hand: Any = UNSET
    table: Any = UNSET
    tournament: Any = UNSET
    dealer: Any = UNSET
    time: Any = UNSET
    players: list[PlayerEntry]
    deck: Deck | UnsetType | None = UNSET
    omits: list[Omission] | UnsetType | None = UNSET
    phh: Any = msgspec.field(default=UNSET, name="_phh")
    events: list[Event]


DECODER = msgspec.json.Decoder(Document, float_hook=Decimal)
"""Decodes JSON text into a ``Document``; a number in free metadata or a private field that is not whole is a
``Decimal``, as every amount is."""


def _names(cls: type[Struct]) -> frozenset[str]:
    """The names a Struct's fields go by in a log (its private ``ext`` left out)."""
    return frozenset(f.encode_name for f in msgspec.structs.fields(cls) if f.encode_name != EXT_NAME)


FIELDS: dict[str, frozenset[str]] = {
    "header": _names(Document) - {"_phh"},
    "level": _names(LevelFields),
    "players": _names(PlayerEntry),
    "deck": _names(Deck),
    "redeal_of": _names(RedealEntry),
    "override": _names(Override),
    "shares": _names(PotShare),
    **{f"event {kind}": _names(cls) | {"type"} for kind, cls in EVENT_TYPES.items()},
}
"""The fields each object of a log may have (and any private ``_field``): ``"event deal"`` for a ``deal``."""

NESTED = {LevelChanged: "level", RulingApplied: "override", PotAwarded: "shares"}
"""The events holding an object (or a list of objects) of their own, and its field."""
