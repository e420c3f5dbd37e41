"""The events of a PHH hand, as the engine's event objects (for ``_phh_actions.ActionReader``).

One maker for both of the PHH reader's outputs: ``phh.read_log`` builds its ``HandLog`` of these
events, and ``phh.to_hand_log`` writes them as the hand log's JSON-shaped dicts
(``handlog.event_to_obj``). The common ones are interned (``_intern``). A note (the action's ``#``
comment) goes with its event as its private ``_comment`` field. Nothing is checked here: a post of
less than nothing, or more cards shown or discarded than a log allows, is made as it is, and the
reader leaves such a hand to the hand-log reader, which says what is wrong with it.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import repeat
from operator import is_not
from typing import Any, cast

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

__all__ = ["act", "board", "deal", "discard", "hole_cards", "muck", "post", "show"]


def post(seat: int, blind: str, amount: Chips, note: str | None) -> Event:
    """A forced bet posted (a whole decimal amount as the whole number)."""
    if type(amount) is Decimal and amount == amount.to_integral_value():
        amount = int(amount)
    if not note and type(amount) is int:
        event = _intern.POSTED.get((seat, blind, amount)) or _intern.blind_posted(seat, blind, amount)
        if event is not None:
            return event
    return BlindPosted(seat=seat, blind=BlindKind(blind), amount=amount, ext=_ext(note))


def deal(seat: int, card: str, face_up: bool, note: str | None) -> Event:
    if not note:
        event = _intern.DEALT.get((seat, card, face_up)) or _intern.card_dealt(seat, card, face_up)
        if event is not None:
            return event
    return CardDealt(seat=seat, card=card, face_up=face_up, ext=_ext(note))


def board(card: str, note: str | None) -> Event:
    if not note:
        event = _intern.BOARD.get((card, True)) or _intern.board_dealt(card, True)
        if event is not None:
            return event
    return BoardCardDealt(card=card, ext=_ext(note))


def act(seat: int, action: str, to: Chips | None, note: str | None) -> Event:
    if not note and (to is None or type(to) is int):
        event = _intern.ACTED.get((seat, action, to)) or _intern.player_acted(seat, action, to)
        if event is not None:
            return event
    return PlayerActed(seat=seat, action=Action(action), to=to, ext=_ext(note))


def discard(seat: int, thrown: list[str], note: str | None) -> Event:
    """Cards thrown in a draw: their count, and the cards themselves (``_cards``) when any is known."""
    ext: dict[str, Any] = {"_cards": thrown} if any(c != "??" for c in thrown) else {}
    if note:
        ext["_comment"] = note
    return CardsDiscarded(seat=seat, count=len(thrown), ext=ext) if ext else _intern.cards_discarded(seat, len(thrown))


def show(seat: int, shown: list[str], note: str | None) -> Event:
    return HandShown(seat=seat, cards=tuple(shown), ext=_ext(note))


def muck(seat: int, note: str | None) -> Event:
    if not note:
        event = _intern.hand_mucked(seat, "player")
        if event is not None:
            return event
    return HandMucked(seat=seat, ext=_ext(note))


def hole_cards(seats: list[int], dealt: list[str]) -> list[Event]:
    """The events of cards dealt face down without notes, ``dealt[k]`` to ``seats[k]``."""
    found = list(map(_intern.DEALT.get, zip(seats, dealt, repeat(False))))  # each in one look-up
    if all(map(is_not, found, repeat(None))):  # (not "None in found", which calls each event's __eq__)
        return cast(list[Event], found)
    return [event or deal(seat, card, False, None) for event, seat, card in zip(found, seats, dealt, strict=True)]


def _ext(note: str | None) -> dict[str, Any] | None:
    return {"_comment": note} if note else None
