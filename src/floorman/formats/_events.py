"""Events to and from JSON-shaped objects, with strict validation (hand log v1, section 2)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from floorman.cards import parse_card
from floorman.errors import LogFieldError
from floorman.events import (
    EVENT_TYPES,
    Action,
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardsDiscarded,
    Defect,
    DefectDiscovered,
    Event,
    ExposedBy,
    FloorCalled,
    HandMucked,
    HandShown,
    LevelChanged,
    NextHandBegan,
    Override,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
    RulingApplied,
    StubShuffled,
    Where,
    event_type,
)
from floorman.formats._fields import MAX_CHIPS, Fields, chips_value, level_from_obj, level_to_obj
from floorman.table import Level

__all__ = ["event_from_obj", "event_to_obj"]

_VERDICTS = ("misdeal", "void", "continue")

_KNOWN: dict[str, frozenset[str]] = {
    "post": frozenset({"seat", "blind", "amount"}),
    "deal": frozenset({"seat", "card", "face_up", "back", "boxed", "replacement"}),
    "boxed": frozenset({"card"}),
    "expose": frozenset({"seat", "index", "card", "by", "how"}),
    "act": frozenset({"seat", "action", "to"}),
    "burn": frozenset({"card"}),
    "board": frozenset({"card", "face_up", "back"}),
    "discard": frozenset({"seat", "count"}),
    "show": frozenset({"seat", "cards"}),
    "muck": frozenset({"seat", "by"}),
    "discover": frozenset({"what", "card", "seat", "where", "count", "from_seat"}),
    "arrive": frozenset({"seat"}),
    "leave": frozenset({"seat"}),
    "seat_player": frozenset({"seat", "name", "stack"}),
    "level_change": frozenset({"level"}),
    "shuffle": frozenset(),
    "floor": frozenset({"note"}),
    "ruling_applied": frozenset({"ruling", "override"}),
    "pot_awarded": frozenset(),
    "next_hand": frozenset(),
}
_HOW = frozenset({"flashed", "flipped", "off_table", "shown"})


class _Reader(Fields):
    __slots__ = ("occupied", "seats")

    def __init__(self, obj: Mapping[str, Any], *, index: int, seats: int, occupied: set[int]) -> None:
        super().__init__(obj, where=None, event=index)
        self.seats = seats
        self.occupied = occupied

    def seat(self, key: str = "seat", *, required: bool = True, player: bool = False) -> int | None:
        value = self.obj.get(key)
        if value is None:
            if required:
                raise self.error(key, f"is required (a seat number from 1 to {self.seats})")
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= self.seats:
            raise self.error(key, f"expected a seat number from 1 to {self.seats}, got {value!r}")
        if player and value not in self.occupied:
            raise self.error(key, f"seat {value} has no player")
        return value

    def card(self, key: str = "card") -> str:
        value = self.obj.get(key, "??")
        try:
            return parse_card(value)
        except ValueError as exc:
            raise self.error(key, str(exc)) from None


_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs") | {"??", "JK"}
_ACTIONS = {a.value: a for a in Action}
_BLINDS = {b.value: b for b in BlindKind}
_MUCKERS = {b.value: b for b in ExposedBy}
_PLAIN: dict[str, frozenset[str]] = {
    "deal": frozenset({"type", "seat", "card", "face_up"}),
    "act": frozenset({"type", "seat", "action", "to"}),
    "post": frozenset({"type", "seat", "blind", "amount"}),
    "board": frozenset({"type", "card", "face_up"}),
    "burn": frozenset({"type", "card"}),
    "show": frozenset({"type", "seat", "cards"}),
    "muck": frozenset({"type", "seat", "by"}),
}
"""The fields of the common events in their plain form, which ``_plain_event`` reads directly."""


def _text(value: object) -> str:
    """The value if it is text, else the empty string (which names no action, blind or mucker)."""
    return value if type(value) is str else ""


def _plain_event(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    """The event, when it is a common one in its plain form with every value valid; else None.

    This is a shortcut for the bulk of real logs: it accepts only what the full reader accepts
    and builds the same event, and leaves everything else (errors included) to it.
    """
    kind = raw.get("type")
    known = _PLAIN.get(kind) if type(kind) is str else None
    if known is None or not raw.keys() <= known:
        return None
    seat = raw.get("seat")
    if seat is not None and not (type(seat) is int and 1 <= seat <= seats):
        return None
    if kind == "deal":
        card = raw.get("card", "??")
        face_up = raw.get("face_up", False)
        if seat is None or type(card) is not str or card not in _CARDS or type(face_up) is not bool:
            return None
        return CardDealt(seat=seat, card=card, face_up=face_up)
    if kind == "act":
        action = _ACTIONS.get(_text(raw.get("action")))
        to = raw.get("to")
        if seat not in occupied or action is None or (to is not None and not (
                type(to) is int and 0 <= to <= MAX_CHIPS)):
            return None
        if to is None and needs_to and action in (Action.BET, Action.RAISE):
            return None
        return PlayerActed(seat=seat, action=action, to=to)
    if kind == "post":
        blind = _BLINDS.get(_text(raw.get("blind")))
        amount = raw.get("amount")
        if seat not in occupied or blind is None or not (type(amount) is int and 0 <= amount <= MAX_CHIPS):
            return None
        return BlindPosted(seat=seat, blind=blind, amount=amount)
    if kind in ("board", "burn"):
        card = raw.get("card", "??")
        face_up = raw.get("face_up", True)
        if type(card) is not str or card not in _CARDS or type(face_up) is not bool:
            return None
        return BoardCardDealt(card=card, face_up=face_up) if kind == "board" else CardBurned(card=card)
    if kind == "show":
        cards = raw.get("cards", [])
        if seat not in occupied or type(cards) is not list or len(cards) > 10 or not all(
                type(c) is str and c in _CARDS for c in cards):
            return None
        return HandShown(seat=seat, cards=tuple(cards))
    by = _MUCKERS.get(_text(raw.get("by", "player")))
    if seat is None or by is None:
        return None
    return HandMucked(seat=seat, by=by)


def event_from_obj(
    raw: Any, *, index: int, seats: int, occupied: set[int], needs_to: bool, floors: int
) -> Event:
    """Build one event; ``floors`` is how many ``floor`` events came before it."""
    if type(raw) is dict:
        event = _plain_event(raw, seats, occupied, needs_to)
        if event is not None:
            return event
    if not isinstance(raw, Mapping):
        raise LogFieldError(f"expected an event object with a type, got {raw!r}", event=index)
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in EVENT_TYPES:
        allowed = ", ".join(EVENT_TYPES)
        raise LogFieldError(f"expected one of {allowed}, got {kind!r}", field="type", event=index)
    r = _Reader(raw, index=index, seats=seats, occupied=occupied)
    r.check_known(_KNOWN[kind] | {"type"})
    ext = r.private() or None
    if kind == "post":
        blind = r.enum("blind", BlindKind, required=True)
        assert blind is not None
        return BlindPosted(
            seat=_req(r.seat(player=True)), blind=blind, amount=chips_value(r, "amount", required=True), ext=ext
        )
    if kind == "deal":
        return CardDealt(
            seat=_req(r.seat()), card=r.card(), face_up=r.boolean("face_up"), back=r.string("back"),
            boxed=r.boolean("boxed"), replacement=r.boolean("replacement"), ext=ext,
        )
    if kind == "boxed":
        return BoxedCardFound(card=r.card(), ext=ext)
    if kind == "expose":
        by = r.enum("by", ExposedBy) or ExposedBy.DEALER
        how = r.string("how")
        if how is not None and how not in _HOW:
            raise r.error("how", f"expected one of {', '.join(sorted(_HOW))}, got {how!r}")
        return CardExposed(
            seat=_req(r.seat()), index=r.integer("index", low=1, high=52), card=r.card(), by=by, how=how, ext=ext
        )
    if kind == "act":
        action = r.enum("action", Action, required=True)
        assert action is not None
        to = chips_value(r, "to") if r.get("to") is not None else None
        if to is None and needs_to and action in (Action.BET, Action.RAISE):
            raise r.error("to", f"is required for a {action.value} in a no-limit or pot-limit game")
        return PlayerActed(seat=_req(r.seat(player=True)), action=action, to=to, ext=ext)
    if kind == "burn":
        return CardBurned(card=r.card(), ext=ext)
    if kind == "board":
        return BoardCardDealt(
            card=r.card(), face_up=r.boolean("face_up", True), back=r.string("back"), ext=ext
        )
    if kind == "discard":
        count = r.integer("count", low=0, high=7, required=True)
        return CardsDiscarded(seat=_req(r.seat(player=True)), count=_req(count), ext=ext)
    if kind == "show":
        cards_raw = r.obj.get("cards", [])
        if not isinstance(cards_raw, list) or len(cards_raw) > 10:
            raise r.error("cards", f"expected a list of cards such as [\"As\", \"Kd\"], got {cards_raw!r}")
        cards = []
        for i, c in enumerate(cards_raw):
            try:
                cards.append(parse_card(c))
            except ValueError as exc:
                raise r.error(f"cards[{i}]", str(exc)) from None
        return HandShown(seat=_req(r.seat(player=True)), cards=tuple(cards), ext=ext)
    if kind == "muck":
        return HandMucked(seat=_req(r.seat()), by=r.enum("by", ExposedBy) or ExposedBy.PLAYER, ext=ext)
    if kind == "discover":
        return _discover(r, ext)
    if kind == "arrive":
        return PlayerArrived(seat=_req(r.seat(player=True)), ext=ext)
    if kind == "leave":
        return PlayerLeft(seat=_req(r.seat(player=True)), ext=ext)
    if kind == "seat_player":
        seat = _req(r.seat())
        if seat in occupied:
            raise r.error("seat", f"seat {seat} already has a player")
        name = r.string("name")
        if name is None:
            raise r.error("name", "is required")
        return PlayerSeated(seat=seat, name=name, stack=chips_value(r, "stack", required=True), ext=ext)
    if kind == "level_change":
        return LevelChanged(level=level_from_obj(r.get("level"), field="level", required=True, event=index), ext=ext)
    if kind == "shuffle":
        return StubShuffled(ext=ext)
    if kind == "floor":
        return FloorCalled(note=r.string("note"), ext=ext)
    if kind == "ruling_applied":
        return _ruling_applied(r, floors, ext)
    if kind == "pot_awarded":
        return PotAwarded(ext=ext)
    return NextHandBegan(ext=ext)


def _req(value: int | None) -> int:
    assert value is not None
    return value


def _discover(r: _Reader, ext: Mapping[str, Any] | None) -> DefectDiscovered:
    what = r.enum("what", Defect, required=True)
    assert what is not None
    where = r.enum("where", Where)
    seat = r.seat(required=what in (Defect.WRONG_COUNT, Defect.KNEW_DEFECT, Defect.MIXED))
    count = r.integer("count", low=0, high=52, required=what is Defect.WRONG_COUNT)
    if what is Defect.FOREIGN_BACK and where is None:
        raise r.error("where", "is required for a foreign_back: 'hand', 'board' or 'stub'")
    if where is Where.HAND and seat is None and what is Defect.FOREIGN_BACK:
        raise r.error("seat", "is required when where is 'hand'")
    return DefectDiscovered(
        what=what, card=r.card(), seat=seat, where=where, count=count,
        from_seat=r.seat("from_seat", required=False), ext=ext,
    )


def _ruling_applied(r: _Reader, floors: int, ext: Mapping[str, Any] | None) -> RulingApplied:
    if floors == 0:
        raise r.error("ruling", "no floor event came before this one, so there is no ruling to apply")
    ruling = r.integer("ruling", low=0, high=floors - 1, required=True)
    raw = r.get("override")
    override = None
    if raw is not None:
        if not isinstance(raw, Mapping):
            raise r.error("override", f"expected an object with verdict and reason, got {raw!r}")
        Fields(raw, where="override", event=r.event).check_known(frozenset({"verdict", "reason"}))
        verdict = raw.get("verdict")
        reason = raw.get("reason")
        if verdict not in _VERDICTS:
            raise r.error("override.verdict", f"expected one of misdeal, void, continue, got {verdict!r}")
        if not isinstance(reason, str) or not reason.strip():
            raise r.error("override.reason", "is required: say why the floor ruled otherwise")
        override = Override(verdict=str(verdict), reason=reason)
    return RulingApplied(ruling=_req(ruling), override=override, ext=ext)


_DEFAULTS: dict[str, Any] = {
    "card": "??", "face_up": False, "boxed": False, "replacement": False,
}
_BOARD_DEFAULTS: dict[str, Any] = {"card": "??", "face_up": True}


def event_to_obj(event: Event) -> dict[str, Any]:
    """The JSON-shaped object of an event; fields at their defaults are left out."""
    obj: dict[str, Any] = {"type": event_type(event)}
    defaults = _BOARD_DEFAULTS if isinstance(event, BoardCardDealt) else _DEFAULTS
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.name == "ext" or value is None or defaults.get(f.name, object()) == value:
            continue
        if isinstance(event, HandMucked) and value is ExposedBy.PLAYER:
            continue
        if isinstance(value, Level):
            value = level_to_obj(value)
        elif isinstance(value, Override):
            value = {"verdict": value.verdict, "reason": value.reason}
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, StrEnum):
            value = value.value
        obj[f.name] = value
    if event.ext:
        obj.update(event.ext)
    return obj
