"""A decoded hand log checked against itself and built as a ``HandLog``: the rules types alone cannot say.

Decoding gives each field its type; what depends on the rest of the log is checked here, in
one pass over the events: a seat is one of the table's, an actor has a player, a no-limit bet
says its size, a ``ruling_applied`` points at an earlier floor call, a card is a card, an
amount lies in range. Every error names the event index and the field.

``direct=True`` is the reader's typed route, from JSON text: an event with a private field or a
``level_change`` (whose level decoding cannot hold to its fields) raises ``Unusual``, and the
reader takes its full route, which gathers private fields, checks every key and builds the
log here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from msgspec import UNSET
from msgspec.structs import replace

from floorman.errors import LogFieldError, UnknownRulebookError, shown
from floorman.fold.events import (
    V1_1_ADDED_TO,
    V1_1_CLASSES,
    V1_2_ADDED_TO,
    Action,
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardFound,
    CardFoundInBurns,
    CardsDiscarded,
    CountCause,
    Defect,
    DefectDiscovered,
    Event,
    FloorCalled,
    FoundWhere,
    HandMucked,
    HandShown,
    LevelChanged,
    MuckRetrieved,
    NextHandBegan,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
    RulingApplied,
    Where,
    event_type,
    v1_1_fields,
    v1_2_fields,
)
from floorman.fold.log import HandLog, Omission, RedealOf, Version
from floorman.fold.table import GAMES, Family, Level, Player, PlayerStatus, Structure
from floorman.formats import _intern
from floorman.formats.checks import (
    CARDS,
    HOW,
    LEVEL_AMOUNTS,
    LEVEL_NUMBER_MAX,
    MAX_CARD_INDEX,
    MAX_CHIPS,
    MAX_DISCARD,
    MAX_EVENTS,
    MAX_SEATS,
    MAX_SECONDS,
    MAX_SHOWN,
    VERDICTS,
    Unusual,
    chips,
    expected,
    is_version,
    version_of,
)
from floorman.formats.document import Document, LevelFields, PlayerEntry
from floorman.law.rulebooks import find_rulebook
from floorman.locale import Message

__all__ = ["META_FIELDS", "build"]

META_FIELDS: Final = ("hand", "table", "tournament", "dealer", "time")
"""The header's free metadata, kept and reported."""
_NEEDS_TO: Final = (Action.BET, Action.RAISE)
# named once: the compiled build reads each as a constant, not as a global (or an enum's attribute) looked up
# at every use
_UNSET: Final = UNSET
_PRESENT: Final = PlayerStatus.PRESENT
# the event classes told apart at every event (the events are msgspec Structs, which the compiled build reads as
# module globals)
_CARD_DEALT: Final = CardDealt
_PLAYER_ACTED: Final = PlayerActed
_CARD_BURNED: Final = CardBurned
_BOARD_CARD_DEALT: Final = BoardCardDealt
_BOXED_CARD_FOUND: Final = BoxedCardFound
_BLIND_POSTED: Final = BlindPosted
_FLOOR_CALLED: Final = FloorCalled
_POT_AWARDED: Final = PotAwarded


def build(doc: Document, *, direct: bool, ext: Mapping[str, Any] | None = None,
          deck_ext: Mapping[str, Any] | None = None) -> HandLog:
    """The ``HandLog`` of a decoded document, its header's private fields ``ext`` and its deck's ``deck_ext``."""
    if not is_version(doc.floorman):
        raise _error("floorman", expected("floorman", doc.floorman))
    version = version_of(doc.floorman)
    spec = GAMES[doc.game]
    seats = doc.seats
    if not 2 <= seats <= MAX_SEATS:
        raise _error("seats", expected("seats", seats))
    button = _seat(doc.button, "button", seats, required=spec.family is not Family.STUD)
    button_should_be = _seat(doc.button_should_be, "button_should_be", seats, required=False)
    rulebook = None if doc.rulebook is _UNSET else doc.rulebook
    if rulebook is not None:
        try:
            find_rulebook(rulebook)
        except UnknownRulebookError as exc:
            raise _error("rulebook", exc.what) from None
    structure = None if doc.structure is _UNSET else doc.structure
    level = _level(doc.level, "level", None)
    players = _players(doc.players, seats)
    deck = None if doc.deck is _UNSET else doc.deck
    deck_back = None if deck is None or deck.back is _UNSET else deck.back
    omits = frozenset(doc.omits) if doc.omits is not _UNSET and doc.omits is not None else frozenset[Omission]()
    redeal_of = None
    if doc.redeal_of is not _UNSET and doc.redeal_of is not None:
        count = 1 if doc.redeal_of.count is _UNSET else doc.redeal_of.count
        if count < 1:
            raise _error("redeal_of.count", expected("redeal_of.count", count))
        hand = None if doc.redeal_of.hand is _UNSET else doc.redeal_of.hand
        redeal_of = RedealOf(hand=hand, count=count)
    if len(doc.events) > MAX_EVENTS:
        raise _error("events", "error.log.too_many_events", most=MAX_EVENTS, got=len(doc.events))
    needs_to = (structure or spec.default_structure) is not Structure.LIMIT
    events = _events(doc.events, seats, {p.seat for p in players}, needs_to, direct)
    if version is Version.V1:
        _refuse_v1_1(events)
    if version is not Version.V1_2:
        _refuse_v1_2(events)
    meta = {key: value for key in META_FIELDS if (value := getattr(doc, key)) is not _UNSET}
    if ext is None:
        ext = {} if doc.phh is _UNSET else {"_phh": doc.phh}
    return HandLog(
        game=doc.game, seats=seats, button=button, button_should_be=button_should_be, structure=structure,
        rulebook=rulebook, level=level, players=players, deck_back=deck_back, deck_ext=deck_ext or {}, omits=omits,
        redeal_of=redeal_of, events=events, meta=meta, ext=ext, version=version,
    )


def _refuse_v1_1(events: Sequence[Event]) -> None:
    """A log that declares version 1 holds nothing version 1.1 added: the first such event or field is an error."""
    for index, event in enumerate(events):
        cls = type(event)
        if cls in V1_1_CLASSES:
            raise _error("type", "error.log.type_new_in_1_1", index, kind=repr(event_type(event)))
        if cls in V1_1_ADDED_TO and (added := v1_1_fields(event)):
            raise _error(added[0], "error.log.field_new_in_1_1", index, kind=repr(event_type(event)))


def _refuse_v1_2(events: Sequence[Event]) -> None:
    """A log that declares version 1 or 1.1 gives no field version 1.2 added: the first one is an error."""
    for index, event in enumerate(events):
        if type(event) in V1_2_ADDED_TO and (added := v1_2_fields(event)):
            raise _error(added[0], "error.log.field_new_in_1_2", index, kind=repr(event_type(event)))


def _error(field: str, what: str | Message, event: int | None = None, **params: Any) -> LogFieldError:
    return LogFieldError(what, field=field, event=event, **params)


def _seat(value: int | object | None, field: str, seats: int, *, required: bool) -> int | None:
    if value is _UNSET or value is None:
        if required:
            raise _error(field, "error.required")
        return None
    if type(value) is not int or not 1 <= value <= seats:
        raise _error(field, expected(field, value, seats=seats))
    return value


def _level(fields: LevelFields | Level, field: str, event: int | None) -> Level:
    """The level of a header's ``level`` (``LevelFields``) or of a ``level_change`` (a ``Level`` already)."""
    number = fields.number
    if number is _UNSET:
        number = None
    if number is not None and not 0 <= number <= LEVEL_NUMBER_MAX:
        raise _error(f"{field}.number", expected("number", number), event)
    amounts: list[Any] = []
    for name in LEVEL_AMOUNTS:
        value = getattr(fields, name)
        if value is _UNSET or value is None:
            amounts.append(0)
        elif type(value) is int and 0 <= value <= MAX_CHIPS:
            amounts.append(value)
        else:
            amounts.append(chips(value, f"{field}.{name}", event=event))
    return _intern.level_of(number, amounts)


def _players(entries: Sequence[PlayerEntry], seats: int) -> tuple[Player, ...]:
    players: list[Player] = []
    seen: set[int] = set()
    for i, entry in enumerate(entries):
        seat, stack, status = entry.seat, entry.stack, entry.status
        if not 1 <= seat <= seats:
            raise _error(f"players[{i}].seat", expected("seat", seat, seats=seats))
        if seat in seen:
            raise _error(f"players[{i}].seat", "error.log.seat_listed_twice", seat=seat)
        seen.add(seat)
        if status is _UNSET or status is None or status is _PRESENT:
            if type(stack) is int and 0 <= stack <= MAX_CHIPS:
                players.append(_intern.player(seat, entry.name, stack))
                continue
            status = _PRESENT
        players.append(Player(seat=seat, name=entry.name, stack=chips(stack, f"players[{i}].stack"),
                              status=status))
    return tuple(sorted(players, key=_by_seat))


def _by_seat(player: Player) -> int:
    return player.seat


def _events(
    events: list[Event], seats: int, occupied: set[int], needs_to: bool, direct: bool
) -> tuple[Event, ...]:
    """Each event checked against the hand so far (the seats taken, the floor calls made); an amount written as a
    whole decimal (``3.0``) is read as the whole number, as everywhere in a log."""
    floors = 0
    awarded = False
    for index, event in enumerate(events):
        if event.ext is not None and direct:
            raise Unusual
        # the usual kinds first, each told by its exact class (a decoded event is of its class, never a subclass)
        if type(event) is _CARD_DEALT:
            if not 1 <= event.seat <= seats:
                raise _error("seat", expected("seat", event.seat, seats=seats), index)
            if event.card not in CARDS:
                raise _error("card", expected("card", event.card), index)
        elif type(event) is _PLAYER_ACTED:
            if event.seat not in occupied:
                raise _no_player(event.seat, seats, index)
            to = event.to
            if to is None:
                if needs_to and event.action in _NEEDS_TO:
                    raise _error("to", "error.log.to_required", index, action=event.action.value)
            elif type(to) is not int or not 0 <= to <= MAX_CHIPS:
                amount = chips(to, "to", event=index)
                if amount is not to:
                    events[index] = replace(event, to=amount)
        elif type(event) is _CARD_BURNED or type(event) is _BOARD_CARD_DEALT or type(event) is _BOXED_CARD_FOUND:
            if event.card not in CARDS:
                raise _error("card", expected("card", event.card), index)
        elif type(event) is _BLIND_POSTED:
            if event.seat not in occupied:
                raise _no_player(event.seat, seats, index)
            amount = event.amount
            if type(amount) is not int or not 0 <= amount <= MAX_CHIPS:
                checked = chips(amount, "amount", event=index)
                if checked is not amount:
                    events[index] = replace(event, amount=checked)
        elif type(event) is _FLOOR_CALLED:
            floors += 1
            seconds = event.seconds_after_award
            if seconds is not None:
                if type(seconds) is not int or not 0 <= seconds <= MAX_SECONDS:
                    raise _error("seconds_after_award", expected("seconds_after_award", seconds), index)
                if not awarded:
                    raise _error("seconds_after_award", "error.log.seconds_before_award", index)
        else:
            awarded = awarded or type(event) is _POT_AWARDED
            checked_event = _other(event, index, seats, occupied, floors, direct)
            if checked_event is not event:
                events[index] = checked_event
    return tuple(events)


def _no_player(seat: int, seats: int, index: int) -> LogFieldError:
    if not 1 <= seat <= seats:
        return _error("seat", expected("seat", seat, seats=seats), index)
    return _error("seat", "error.log.seat_has_no_player", index, seat=seat)


def _other(
    event: Event, index: int, seats: int, occupied: set[int], floors: int, direct: bool
) -> Event:
    """The check of an event of the less usual kinds."""
    if isinstance(event, (CardsDiscarded, HandShown, PlayerArrived, PlayerLeft)):
        if event.seat not in occupied:
            raise _no_player(event.seat, seats, index)
        if isinstance(event, CardsDiscarded) and not 0 <= event.count <= MAX_DISCARD:
            raise _error("count", expected("count", event.count, kind="discard"), index)
        if isinstance(event, HandShown):
            if len(event.cards) > MAX_SHOWN:
                raise _error("cards", expected("cards", list(event.cards)), index)
            for i, card in enumerate(event.cards):
                if card not in CARDS:
                    raise _error(f"cards[{i}]", expected("card", card), index)
    elif isinstance(event, (CardExposed, HandMucked)):
        if not 1 <= event.seat <= seats:
            raise _error("seat", expected("seat", event.seat, seats=seats), index)
        if isinstance(event, CardExposed):
            if event.index is not None and not 1 <= event.index <= MAX_CARD_INDEX:
                raise _error("index", expected("index", event.index), index)
            if event.card not in CARDS:
                raise _error("card", expected("card", event.card), index)
            if event.how is not None and event.how not in HOW:
                raise _error("how", "error.value.one_of", index, allowed=", ".join(sorted(HOW)), got=shown(event.how))
    elif isinstance(event, DefectDiscovered):
        _discover(event, index, seats)
    elif isinstance(event, PlayerSeated):
        if not 1 <= event.seat <= seats:
            raise _error("seat", expected("seat", event.seat, seats=seats), index)
        if event.seat in occupied:
            raise _error("seat", "error.log.seat_taken", index, seat=event.seat)
        occupied.add(event.seat)
        stack = chips(event.stack, "stack", event=index)
        if stack is not event.stack:
            return replace(event, stack=stack)
    elif isinstance(event, LevelChanged):
        if direct:
            raise Unusual
        return replace(event, level=_level(event.level, "level", index))
    elif isinstance(event, RulingApplied):
        _ruling_applied(event, index, floors)
    else:
        return _added(event, index, seats, occupied)
    return event


def _added(event: Event, index: int, seats: int, occupied: set[int]) -> Event:
    """The check of an event of the kinds version 1.1 added (or of the fields it added to ``pot_awarded`` and
    ``next_hand``)."""
    if isinstance(event, (CardFoundInBurns, CardFound)) and event.card not in CARDS:
        raise _error("card", expected("card", event.card), index)
    if isinstance(event, CardFound):
        if event.where is FoundWhere.HAND:
            if event.seat is None:
                raise _error("seat", "error.log.seat_required_in_hand", index)
            if event.seat not in occupied:
                raise _no_player(event.seat, seats, index)
        elif event.seat is not None:
            raise _error("seat", "error.log.seat_with_hand_only", index)
    elif isinstance(event, MuckRetrieved):
        if event.seat not in occupied:
            raise _no_player(event.seat, seats, index)
        if len(event.cards) > MAX_SHOWN:
            raise _error("cards", expected("cards", list(event.cards)), index)
        for i, card in enumerate(event.cards):
            if card not in CARDS:
                raise _error(f"cards[{i}]", expected("card", card), index)
    elif isinstance(event, NextHandBegan):
        if event.button is not None and not 1 <= event.button <= seats:
            raise _error("button", expected("button", event.button, seats=seats), index)
        for i, seat in enumerate(event.made_up):
            if seat not in occupied:
                error = _no_player(seat, seats, index)
                raise _error(f"made_up[{i}]", error.what, index)
        if len(set(event.made_up)) != len(event.made_up):
            raise _error("made_up", "error.log.seat_named_twice", index)
    elif isinstance(event, PotAwarded) and event.shares:
        return _shares(event, index, seats, occupied)
    return event


def _shares(event: PotAwarded, index: int, seats: int, occupied: set[int]) -> PotAwarded:
    """A pot awarded in parts: each part to a seat with a player, once, of a chip amount."""
    seen: set[int] = set()
    shares = list(event.shares)
    for i, share in enumerate(shares):
        if share.seat not in occupied:
            raise _error(f"shares[{i}].seat", _no_player(share.seat, seats, index).what, index)
        if share.seat in seen:
            raise _error(f"shares[{i}].seat", "error.log.two_shares", index, seat=share.seat)
        seen.add(share.seat)
        amount = chips(share.amount, f"shares[{i}].amount", event=index)
        if amount is not share.amount:
            shares[i] = replace(share, amount=amount)
    return event if shares == list(event.shares) else replace(event, shares=tuple(shares))


def _discover(event: DefectDiscovered, index: int, seats: int) -> None:
    what = event.what
    if (event.caused_by is not None or event.by_seat is not None) and what is not Defect.WRONG_COUNT:
        field = "caused_by" if event.caused_by is not None else "by_seat"
        raise _error(field, "error.log.with_wrong_count_only", index)
    if event.by_seat is not None and event.caused_by is not CountCause.PLAYER:
        raise _error("by_seat", "error.log.with_player_only", index)
    for field, seat in (("seat", event.seat), ("from_seat", event.from_seat), ("by_seat", event.by_seat)):
        if seat is not None and not 1 <= seat <= seats:
            raise _error(field, expected(field, seat, seats=seats), index)
    if event.seat is None and what in (Defect.WRONG_COUNT, Defect.KNEW_DEFECT, Defect.MIXED):
        raise _error("seat", "error.log.seat_required", index, seats=seats)
    if event.count is None:
        if what is Defect.WRONG_COUNT:
            raise _error("count", "error.required", index)
    elif not 0 <= event.count <= MAX_CARD_INDEX:
        raise _error("count", expected("count", event.count), index)
    if what is Defect.FOREIGN_BACK and event.where is None:
        raise _error("where", "error.log.where_required", index)
    if event.where is Where.HAND and event.seat is None and what is Defect.FOREIGN_BACK:
        raise _error("seat", "error.log.seat_required_in_hand", index)
    if event.card not in CARDS:
        raise _error("card", expected("card", event.card), index)


def _ruling_applied(event: RulingApplied, index: int, floors: int) -> None:
    if floors == 0:
        raise _error("ruling", "error.log.no_floor_before", index)
    if not 0 <= event.ruling <= floors - 1:
        raise _error("ruling", "error.value.whole", index, low=0, high=floors - 1, got=shown(event.ruling))
    override = event.override
    if override is not None:
        if override.verdict not in VERDICTS:
            raise _error("override.verdict", expected("verdict", override.verdict), index)
        if not override.reason.strip():
            raise _error("override.reason", "error.log.reason_required", index)

