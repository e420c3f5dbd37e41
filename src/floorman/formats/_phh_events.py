"""The events of a PHH hand, made as JSON-shaped dicts or as event objects (for ``_phh_actions.ActionReader``).

``DictEvents`` makes the dicts of ``phh.to_hand_log``. ``ObjectEvents`` makes the objects that
``handlog.from_obj`` builds from those dicts, interned where it can (``_intern``), so that
``phh.read_log`` can build a ``HandLog`` straight from the PHH table; for a dict ``from_obj``
would refuse, it raises ``Unusual`` instead, and the caller takes the dict route and its error.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import repeat
from operator import is_not
from typing import Any, Protocol, TypeVar, cast

from floorman.fold.events import (
    Action,
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    CardDealt,
    CardsDiscarded,
    Event,
    HandMucked,
    HandShown,
    PlayerActed,
)
from floorman.fold.table import Chips
from floorman.formats import _intern
from floorman.formats.checks import MAX_DISCARD, MAX_SHOWN, Unusual

__all__ = ["DICT_EVENTS", "OBJECT_EVENTS", "DictEvents", "EventMaker", "ObjectEvents"]

Obj = dict[str, object]
E_co = TypeVar("E_co", covariant=True)

class EventMaker(Protocol[E_co]):
    """What makes the events of a PHH hand; a note (the action's ``#`` comment) goes with its event."""

    def post(self, seat: int, blind: str, amount: Chips, note: str | None) -> E_co: ...
    def deal(self, seat: int, card: str, face_up: bool, note: str | None) -> E_co: ...
    def board(self, card: str, note: str | None) -> E_co: ...
    def act(self, seat: int, action: str, to: Chips | None, note: str | None) -> E_co: ...
    def discard(self, seat: int, thrown: list[str], note: str | None) -> E_co: ...
    def show(self, seat: int, shown: list[str], note: str | None) -> E_co: ...
    def muck(self, seat: int, note: str | None) -> E_co: ...
    def hole_cards(self, seats: list[int], dealt: list[str]) -> Sequence[E_co]:
        """The events of cards dealt face down without notes, ``dealt[k]`` to ``seats[k]``."""


class DictEvents:
    """Events as the JSON-shaped dicts of the hand log; a note becomes the ``_comment`` field."""

    def post(self, seat: int, blind: str, amount: Chips, note: str | None) -> Obj:
        return _noted({"type": "post", "seat": seat, "blind": blind, "amount": amount}, note)

    def deal(self, seat: int, card: str, face_up: bool, note: str | None) -> Obj:
        event: Obj = {"type": "deal", "seat": seat, "card": card}
        if face_up:
            event["face_up"] = True
        return _noted(event, note)

    def board(self, card: str, note: str | None) -> Obj:
        return _noted({"type": "board", "card": card}, note)

    def act(self, seat: int, action: str, to: Chips | None, note: str | None) -> Obj:
        event: Obj = {"type": "act", "seat": seat, "action": action}
        if to is not None:
            event["to"] = to
        return _noted(event, note)

    def discard(self, seat: int, thrown: list[str], note: str | None) -> Obj:
        event: Obj = {"type": "discard", "seat": seat, "count": len(thrown)}
        if any(c != "??" for c in thrown):
            event["_cards"] = thrown
        return _noted(event, note)

    def show(self, seat: int, shown: list[str], note: str | None) -> Obj:
        return _noted({"type": "show", "seat": seat, "cards": shown}, note)

    def muck(self, seat: int, note: str | None) -> Obj:
        return _noted({"type": "muck", "seat": seat}, note)

    def hole_cards(self, seats: list[int], dealt: list[str]) -> list[Obj]:
        return [{"type": "deal", "seat": seat, "card": card} for seat, card in zip(seats, dealt, strict=True)]


def _noted(event: Obj, note: str | None) -> Obj:
    if note:
        event["_comment"] = note
    return event


DICT_EVENTS = DictEvents()


class ObjectEvents:
    """Events as the objects ``handlog.from_obj`` builds from ``DictEvents``' dicts (interned where it can).

    Where ``from_obj`` would refuse the dict (a post of less than nothing, more cards shown or
    discarded than a log allows), ``Unusual`` is raised instead.
    """

    def post(self, seat: int, blind: str, amount: Chips, note: str | None) -> Event:
        if amount < 0:
            raise Unusual
        if type(amount) is Decimal and amount == amount.to_integral_value():
            amount = int(amount)
        if not note and type(amount) is int:
            event = _intern.POSTED.get((seat, blind, amount))
            return event if event is not None else _known(_intern.blind_posted(seat, blind, amount))
        return BlindPosted(seat=seat, blind=BlindKind(blind), amount=amount, ext=_ext(note))

    def deal(self, seat: int, card: str, face_up: bool, note: str | None) -> Event:
        if note:
            return CardDealt(seat=seat, card=card, face_up=face_up, ext=_ext(note))
        event = _intern.DEALT.get((seat, card, face_up))
        return event if event is not None else _known(_intern.card_dealt(seat, card, face_up))

    def board(self, card: str, note: str | None) -> Event:
        if note:
            return BoardCardDealt(card=card, ext=_ext(note))
        event = _intern.BOARD.get((card, True))
        return event if event is not None else _known(_intern.board_dealt(card, True))

    def act(self, seat: int, action: str, to: Chips | None, note: str | None) -> Event:
        if note or not (to is None or type(to) is int):
            return PlayerActed(seat=seat, action=Action(action), to=to, ext=_ext(note))
        event = _intern.ACTED.get((seat, action, to))
        return event if event is not None else _known(_intern.player_acted(seat, action, to))

    def discard(self, seat: int, thrown: list[str], note: str | None) -> Event:
        if len(thrown) > MAX_DISCARD:
            raise Unusual
        ext: dict[str, Any] = {"_cards": thrown} if any(c != "??" for c in thrown) else {}
        if note:
            ext["_comment"] = note
        return CardsDiscarded(seat=seat, count=len(thrown), ext=ext) if ext else _intern.cards_discarded(seat, len(thrown))

    def show(self, seat: int, shown: list[str], note: str | None) -> Event:
        if len(shown) > MAX_SHOWN:
            raise Unusual
        return HandShown(seat=seat, cards=tuple(shown), ext=_ext(note))

    def muck(self, seat: int, note: str | None) -> Event:
        return HandMucked(seat=seat, ext=_ext(note)) if note else _known(_intern.hand_mucked(seat, "player"))

    def hole_cards(self, seats: list[int], dealt: list[str]) -> list[Event]:
        found = list(map(_intern.DEALT.get, zip(seats, dealt, repeat(False))))  # each in one look-up
        if all(map(is_not, found, repeat(None))):  # (not "None in found", which calls each event's __eq__)
            return cast(list[Event], found)
        return [event or self.deal(seat, card, False, None) for event, seat, card in zip(found, seats, dealt, strict=True)]


def _ext(note: str | None) -> dict[str, Any] | None:
    return {"_comment": note} if note else None


def _known(event: Event | None) -> Event:
    """The interned event (``None`` only for a card, action or blind that is none: never from PHH)."""
    if event is None:
        raise Unusual
    return event


OBJECT_EVENTS = ObjectEvents()
