"""Events to and from JSON-shaped objects, with strict validation (hand log v1, section 2)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
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
from floorman.formats._fields import Fields, chips_value, level_from_obj, level_to_obj, plain_chips
from floorman.formats._intern import (
    ACTED,
    CARDS,
    DEALT,
    blind_posted,
    board_dealt,
    card_burned,
    card_dealt,
    cards_discarded,
    hand_mucked,
    player_acted,
)
from floorman.table import Level

__all__ = ["MAX_DISCARD", "MAX_SHOWN", "PLAIN_READERS", "event_from_obj", "event_to_obj", "plain_event"]

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


_ACTIONS = {a.value: a for a in Action}
_BLINDS = {b.value: b for b in BlindKind}
_NEEDS_TO = frozenset({Action.BET.value, Action.RAISE.value})
MAX_SHOWN = 10
"""The most cards a ``show`` event may list."""
MAX_DISCARD = 7
"""The most cards a ``discard`` event may count."""

_PlainReader = Callable[[dict[str, Any], int, set[int], bool], "Event | None"]


def _plain_deal(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, card, face_up = raw.get("seat"), raw.get("card"), raw.get("face_up")
    if type(seat) is not int or not 1 <= seat <= seats or len(raw) != 2 + (card is not None) + (face_up is not None):
        return None
    card = "??" if card is None else card
    face_up = False if face_up is None else face_up
    if type(card) is not str or type(face_up) is not bool:
        return None
    return DEALT.get((seat, card, face_up)) or card_dealt(seat, card, face_up)


def _plain_act(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, action, to = raw.get("seat"), raw.get("action"), raw.get("to")
    if type(seat) is not int or seat not in occupied or type(action) is not str or len(raw) != 3 + (to is not None):
        return None
    if to is None:
        if needs_to and action in _NEEDS_TO:
            return None
        return ACTED.get((seat, action, None)) or player_acted(seat, action, None)
    amount = plain_chips(to)
    if type(amount) is int:
        return ACTED.get((seat, action, amount)) or player_acted(seat, action, amount)
    kind = _ACTIONS.get(action)
    return None if amount is None or kind is None else PlayerActed(seat=seat, action=kind, to=amount)


def _plain_post(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, blind, amount = raw.get("seat"), raw.get("blind"), plain_chips(raw.get("amount"))
    if amount is None or type(seat) is not int or seat not in occupied or type(blind) is not str or len(raw) != 4:
        return None
    if type(amount) is int:
        return blind_posted(seat, blind, amount)
    kind = _BLINDS.get(blind)
    return None if kind is None else BlindPosted(seat=seat, blind=kind, amount=amount)


def _plain_board(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    card, face_up = raw.get("card"), raw.get("face_up")
    if len(raw) != 1 + (card is not None) + (face_up is not None):
        return None
    card = "??" if card is None else card
    face_up = True if face_up is None else face_up
    return board_dealt(card, face_up) if type(card) is str and type(face_up) is bool else None


def _plain_burn(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    card = raw.get("card")
    if len(raw) != 1 + (card is not None):
        return None
    card = "??" if card is None else card
    return card_burned(card) if type(card) is str else None


def _plain_show(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, cards = raw.get("seat"), raw.get("cards")
    if type(seat) is not int or seat not in occupied or len(raw) != 2 + (cards is not None):
        return None
    cards = [] if cards is None else cards
    if type(cards) is not list or len(cards) > MAX_SHOWN or not all(type(c) is str and c in CARDS for c in cards):
        return None
    return HandShown(seat=seat, cards=tuple(cards))


def _plain_muck(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, by = raw.get("seat"), raw.get("by")
    if type(seat) is not int or not 1 <= seat <= seats or len(raw) != 2 + (by is not None):
        return None
    by = "player" if by is None else by
    return hand_mucked(seat, by) if type(by) is str else None


def _plain_discard(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    seat, count = raw.get("seat"), raw.get("count")
    if (type(seat) is not int or seat not in occupied or type(count) is not int or not 0 <= count <= MAX_DISCARD
            or len(raw) != 3):
        return None
    return cards_discarded(seat, count)


PLAIN_READERS: dict[str, _PlainReader] = {
    "deal": _plain_deal,
    "act": _plain_act,
    "post": _plain_post,
    "board": _plain_board,
    "burn": _plain_burn,
    "show": _plain_show,
    "muck": _plain_muck,
    "discard": _plain_discard,
}
"""A reader for each common event in its plain form: see ``plain_event``.

Each reads the fields it knows and counts those given: when the event has no more fields than
that, it has no unknown or private field (and none given as ``null``, which is left to the full
reader, as is anything it does not read, so that each reader stays short).
"""


def plain_event(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    """The event, when it is a common one in its plain form with every value valid; else None.

    This is a shortcut for the bulk of real logs: it accepts only what the full reader accepts
    and builds an equal event (an interned one where it can), and leaves everything else
    (errors included) to the full reader, ``event_from_obj``.
    """
    kind = raw.get("type")
    reader = PLAIN_READERS.get(kind) if type(kind) is str else None
    return None if reader is None else reader(raw, seats, occupied, needs_to)


def event_from_obj(
    raw: Any, *, index: int, seats: int, occupied: set[int], needs_to: bool, floors: int
) -> Event:
    """Build one event; ``floors`` is how many ``floor`` events came before it."""
    if type(raw) is dict:
        event = plain_event(raw, seats, occupied, needs_to)
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
        count = r.integer("count", low=0, high=MAX_DISCARD, required=True)
        return CardsDiscarded(seat=_req(r.seat(player=True)), count=_req(count), ext=ext)
    if kind == "show":
        cards_raw = r.obj.get("cards", [])
        if not isinstance(cards_raw, list) or len(cards_raw) > MAX_SHOWN:
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
