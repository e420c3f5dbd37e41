"""The hand log reader's fast path: the usual log read quickly, and anything else left to the full reader.

``build(obj)`` reads a JSON-shaped hand log of the usual shape (no ``redeal_of``, no private deck
fields, players without a status; the common events by ``_events.PLAIN_READERS``, any other by
the full event reader) and gives exactly the ``HandLog`` that ``handlog.from_obj`` gives; for
anything it does not fully handle, errors included, it gives ``None`` and the caller runs the
full reader, which builds the log or says what is wrong.

``loads(text)`` does the same from JSON text, decoded without the full reader's hooks (they cost
more than the decoding). It gives a log only when the plain decoding provably equals the full
reader's: no object names a field twice (the keys it counted are all the keys in the text), no
integer is too long to stay an ``int``, no ``NaN``, ``Infinity`` or lone surrogate. Otherwise
``None``, and the full reader decodes the text again.

>>> text = '{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {"big_blind": 2},' \\
...        ' "players": [{"seat": 1, "name": "An", "stack": 100}], "events": [{"type": "deal", "seat": 2}]}'
>>> loads(text).events
(CardDealt(seat=2, card='??', face_up=False, back=None, boxed=False, replacement=False, ext=None),)
>>> loads(text.replace('"seat": 2}', '"seat": 2, "seat": 1}')) is None  # a field given twice: the full reader's
True
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from itertools import repeat
from operator import attrgetter, is_not
from typing import Any, TypeVar, cast

from floorman.errors import LogError, UnknownRulebookError
from floorman.events import Event, FloorCalled, PlayerSeated
from floorman.formats import _intern
from floorman.formats._events import PLAIN_READERS, event_from_obj
from floorman.formats._fields import LEVEL_FIELDS, LEVEL_NUMBER_MAX, MAX_CHIPS, Unusual, plain_chips
from floorman.log import HandLog, Omission
from floorman.rulebooks import find_rulebook
from floorman.table import GAMES, Chips, Family, Game, Level, Player, Structure

__all__ = [
    "HEADER_FIELDS", "INT_DIGITS", "MAX_SEATS", "META_FIELDS", "SURROGATE", "SURROGATE_ESCAPE", "Tally", "build", "loads",
]

HEADER_FIELDS = frozenset(
    {
        "floorman", "rulebook", "game", "structure", "seats", "button", "button_should_be",
        "redeal_of", "level", "players", "deck", "omits", "events",
        "hand", "table", "tournament", "dealer", "time",
    }
)
META_FIELDS = ("hand", "table", "tournament", "dealer", "time")
MAX_SEATS = 10
SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
E = TypeVar("E")

_GAMES = {g.value: g for g in Game}
_STRUCTURES = {s.value: s for s in Structure}
_OMISSIONS = frozenset(o.value for o in Omission)
_LEVEL_KEYS = frozenset((*LEVEL_FIELDS, "number"))
_PLAYER_KEYS = frozenset({"seat", "name", "stack"})
_DECK_KEYS = frozenset({"back"})
_BY_SEAT = attrgetter("seat")
_JUST_DICTS, _JUST_INT = {dict}, {int}
_LEVELS: dict[tuple[tuple[str, int], ...], Level] = {}
"""The levels met, by their fields (each exactly an ``int``, so that the key names one level)."""
_OMITS: dict[tuple[str, ...], frozenset[Omission]] = {}
"""Each list of omissions met, as its set (built as the full reader builds it)."""

INT_DIGITS = 40
"""The full reader decodes a JSON integer longer than this (sign included) as a ``Decimal``."""
_INT_ABOVE, _INT_BELOW = -(10 ** (INT_DIGITS - 1)), 10**INT_DIGITS
"""The integers that are ``INT_DIGITS`` characters at most: those the full reader's decoding keeps as ``int``."""
_KEY_WHITESPACE = re.compile(r'"[ \t\n\r]')


class Tally:
    """What ``build`` saw of the decoded JSON: the keys of the objects it read, and the values it did not read."""

    __slots__ = ("keys", "loose")

    def __init__(self) -> None:
        self.keys = 0
        self.loose: list[Any] = []


class _Refused(ValueError):
    """A JSON constant (``NaN``, ``Infinity``) the fast path leaves to the full reader."""


def _refuse(constant: str) -> Any:
    raise _Refused(constant)


_DECODER = json.JSONDecoder(parse_float=Decimal, parse_constant=_refuse)


def loads(text: str | bytes) -> HandLog | None:
    """The hand log in JSON text as ``handlog.loads`` reads it, or ``None`` to leave the text to it."""
    if type(text) is bytes:
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    elif type(text) is not str or (not text.isascii() and SURROGATE.search(text)):
        return None
    text = text.removeprefix("\ufeff")
    if "\\u" in text and SURROGATE_ESCAPE.search(text):
        return None
    try:
        obj = _DECODER.decode(text)
    except (ValueError, RecursionError, ArithmeticError):  # (ArithmeticError: an exponent no Decimal holds)
        return None
    tally = Tally()
    log = build(obj, tally)
    return log if log is not None and _decoded_alike(text, tally) else None


def _decoded_alike(text: str, tally: Tally) -> bool:
    """Whether the full reader's decoding gives the same values: no key twice in an object, no long integer.

    Every key in JSON text is a string followed by a colon; where no string is followed by
    whitespace (or no colon stands apart from a quote), each key adds one ``":`` to the text.
    The objects decoded hold ``tally.keys`` keys (and those in ``tally.loose``): as many as the
    text has ``":`` only when no key was given twice (a string holding ``":`` only adds to the
    text's count, and sends the text to the full reader).
    """
    keys = tally.keys
    for value in tally.loose:
        extent = _extent(value)
        if extent is None:
            return False
        keys += extent
    quoted = text.count('":')
    if quoted != keys:
        return False
    return text.count(":") == quoted or _KEY_WHITESPACE.search(text) is None


def _extent(value: Any) -> int | None:
    """How many keys the objects in a decoded value hold; ``None`` if it holds an integer the full reader's decoding
    would make a ``Decimal`` (or anything JSON decoding does not give)."""
    keys = 0
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            keys += len(item)
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is int:
            if not _INT_ABOVE < item < _INT_BELOW:
                return None
        elif kind is not str and kind is not bool and item is not None and kind is not Decimal:
            return None
    return keys


def build(obj: Any, tally: Tally) -> HandLog | None:
    """The ``HandLog`` that ``handlog.from_obj(obj)`` gives, when ``obj`` is of the usual shape; else ``None``."""
    try:
        return _build(obj, tally)
    except Unusual:
        return None


def _build(obj: Any, tally: Tally) -> HandLog:
    if type(obj) is not dict:
        raise Unusual
    private = obj.keys() - HEADER_FIELDS
    for key in private:
        if type(key) is not str or not key.startswith("_"):
            raise Unusual
    version, game, seats = obj.get("floorman"), _enum(_GAMES, obj.get("game")), obj.get("seats")
    if type(version) is not int or version != 1 or type(seats) is not int or not 2 <= seats <= MAX_SEATS:
        raise Unusual
    structure = None if obj.get("structure") is None else _enum(_STRUCTURES, obj.get("structure"))
    spec = GAMES[game]
    button = _seat(obj.get("button"), seats, required=spec.family is not Family.STUD)
    button_should_be = _seat(obj.get("button_should_be"), seats, required=False)
    rulebook = _rulebook(obj.get("rulebook"))
    level, players, omits = _level(obj.get("level"), tally), _players(obj.get("players"), seats, tally), _omits(obj)
    deck_back, events_obj = _deck_back(obj.get("deck"), tally), obj.get("events")
    if obj.get("redeal_of") is not None or type(events_obj) is not list:
        raise Unusual
    needs_to = (structure or spec.default_structure) is not Structure.LIMIT
    events = _events(events_obj, seats, set(map(_BY_SEAT, players)), needs_to, tally)
    meta = {key: obj[key] for key in META_FIELDS if key in obj}
    ext = {key: value for key, value in obj.items() if key in private} if private else {}
    tally.keys += len(obj)
    tally.loose.extend(meta.values())
    tally.loose.extend(ext.values())
    return HandLog(
        game=game, seats=seats, button=button, button_should_be=button_should_be, structure=structure,
        rulebook=rulebook, level=level, players=players, deck_back=deck_back, deck_ext={}, omits=omits,
        redeal_of=None, events=events, meta=meta, ext=ext,
    )


def _enum(members: dict[str, E], value: object) -> E:
    member = members.get(value) if type(value) is str else None
    if member is None:
        raise Unusual
    return member


def _seat(value: object, seats: int, *, required: bool) -> int | None:
    if value is None and not required:
        return None
    if type(value) is not int or not 1 <= value <= seats:
        raise Unusual
    return value


def _rulebook(name: object) -> str | None:
    if name is None:
        return None
    if type(name) is not str:
        raise Unusual
    try:
        find_rulebook(name)
    except UnknownRulebookError:
        raise Unusual from None
    return name


def _level(raw: object, tally: Tally) -> Level:
    if type(raw) is not dict:
        raise Unusual
    tally.keys += len(raw)
    whole = set(map(type, raw.values())) <= _JUST_INT
    known = _LEVELS.get(tuple(raw.items())) if whole else None  # a level met before (its values exactly ints)
    if known is not None:
        return known
    number = raw.get("number")
    if not raw.keys() <= _LEVEL_KEYS or (number is not None and (
            type(number) is not int or not 0 <= number <= LEVEL_NUMBER_MAX)):
        raise Unusual
    level = _intern.level_of(number, [_chips(raw.get(key), default=0) for key in LEVEL_FIELDS])
    if whole:
        if len(_LEVELS) >= _intern.CACHE_LIMIT:
            _LEVELS.clear()
        _LEVELS[tuple(raw.items())] = level
    return level


def _chips(value: object, *, default: Chips | None = None) -> Chips:
    amount = default if value is None else plain_chips(value)
    if amount is None:
        raise Unusual
    return amount


def _players(raw: object, seats: int, tally: Tally) -> tuple[Player, ...]:
    if type(raw) is not list:
        raise Unusual
    players: list[Player] = []
    seen: set[int] = set()
    for entry in raw:
        if type(entry) is not dict or len(entry) != len(_PLAYER_KEYS):  # (the three, as checked below)
            raise Unusual
        seat, name, stack = entry.get("seat"), entry.get("name"), entry.get("stack")
        if type(seat) is not int or not 1 <= seat <= seats or seat in seen or type(name) is not str:
            raise Unusual
        seen.add(seat)
        if type(stack) is int and 0 <= stack <= MAX_CHIPS:
            players.append(_intern.player(seat, name, stack))
        else:
            players.append(Player(seat=seat, name=name, stack=_chips(stack)))
    tally.keys += len(_PLAYER_KEYS) * len(players)
    return tuple(sorted(players, key=_BY_SEAT))


def _omits(obj: dict[str, Any]) -> frozenset[Omission]:
    raw = obj.get("omits")
    if raw is None:
        return frozenset()
    if type(raw) is not list or not all(type(item) is str and item in _OMISSIONS for item in raw):
        raise Unusual
    key = tuple(raw)
    omits = _OMITS.get(key)
    if omits is None:
        if len(_OMITS) >= _intern.CACHE_LIMIT:
            _OMITS.clear()
        omits = _OMITS[key] = frozenset([Omission(item) for item in raw])
    return omits


def _deck_back(deck: object, tally: Tally) -> str | None:
    """The deck's back (``None`` for none); a deck with more than a back is the full reader's."""
    if deck is None:
        return None
    if type(deck) is not dict or not deck.keys() <= _DECK_KEYS:
        raise Unusual
    back = deck.get("back")
    if back is not None and type(back) is not str:
        raise Unusual
    tally.keys += len(deck)
    return back


def _events(raw: list[Any], seats: int, occupied: set[int], needs_to: bool, tally: Tally) -> tuple[Event, ...]:
    """The events: all at once when every one is plain, else one by one (``_each_event``)."""
    if set(map(type, raw)) != _JUST_DICTS:  # an event that is not a plain object (a Duplicated one, say)
        return _each_event(raw, seats, occupied, needs_to, tally)
    try:
        events = [PLAIN_READERS.get(item.get("type"), _not_plain)(item, seats, occupied, needs_to) for item in raw]
    except TypeError:  # a type that is not a name
        return _each_event(raw, seats, occupied, needs_to, tally)
    if not all(map(is_not, events, repeat(None))):  # (not "None in events", which calls each event's __eq__)
        return _each_event(raw, seats, occupied, needs_to, tally)
    tally.keys += sum(map(len, raw))
    return tuple(cast(list[Event], events))  # (no None among them)


def _not_plain(raw: dict[str, Any], seats: int, occupied: set[int], needs_to: bool) -> Event | None:
    return None


def _each_event(raw: list[Any], seats: int, occupied: set[int], needs_to: bool, tally: Tally) -> tuple[Event, ...]:
    """The events one by one: the plain ones by their readers, any other by the full event reader (if it accepts it).

    Seats taken and floor calls are counted as they come, as the full reader counts them.
    """
    events: list[Event] = []
    floors = 0
    for index, item in enumerate(raw):
        if type(item) is dict:
            kind = item.get("type")
            reader = PLAIN_READERS.get(kind) if type(kind) is str else None
            event = None if reader is None else reader(item, seats, occupied, needs_to)
            if event is not None:
                tally.keys += len(item)
                events.append(event)
                continue
        try:
            event = event_from_obj(item, index=index, seats=seats, occupied=occupied, needs_to=needs_to, floors=floors)
        except LogError:
            raise Unusual from None
        tally.loose.append(item)
        if type(event) is PlayerSeated:
            occupied.add(event.seat)
        elif type(event) is FloorCalled:
            floors += 1
        events.append(event)
    return tuple(events)
