"""Interned values: the common events, players and levels of hand logs, each built once and reused.

Events are immutable values, and the same ones recur hand after hand (a card to a seat, a fold,
a blind): building a frozen dataclass costs far more than a dictionary look-up. Each builder here
keeps what it built in a small cache, keyed by its fields, and empties that cache when it grows
past ``CACHE_LIMIT`` entries, so that memory stays flat over millions of hands.

Only the readers call these, with every value exactly of its type (an ``int`` seat, never
``True``, ``1.0`` or ``Decimal(1)``, which compare and hash alike), so that a key names one event;
seats and amounts already checked against the hand. A card, action, blind or mucker is checked
here, once, before its event is first built: ``None`` says it is not one. Nothing in floorman
relies on the identity of an event, only on its value:

>>> card_dealt(3, "As", False) is card_dealt(3, "As", False)
True
>>> card_dealt(3, "As", False) == CardDealt(seat=3, card="As")
True
>>> card_dealt(3, "Xx", False) is None
True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from typing import Final, TypeVar

from floorman.fold.events import (
    Action,
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    CardBurned,
    CardDealt,
    CardsDiscarded,
    ExposedBy,
    HandMucked,
    PlayerActed,
)
from floorman.fold.table import Chips, Level, Player
from floorman.formats.checks import CARDS, LEVEL_AMOUNTS

__all__ = [
    "ACTED",
    "BOARD",
    "CACHE_LIMIT",
    "DEALT",
    "POSTED",
    "blind_posted",
    "board_dealt",
    "card_burned",
    "card_dealt",
    "cards_discarded",
    "hand_mucked",
    "level_from",
    "level_of",
    "player",
    "player_acted",
]

CACHE_LIMIT: Final = 4096
"""Entries a cache holds at most: past this it is emptied and fills again with what recurs."""

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


def _keep(cache: dict[K, T], key: K, value: T) -> T:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


_ACTIONS: Final = {a.value: a for a in Action}
_BLINDS: Final = {b.value: b for b in BlindKind}
_MUCKERS: Final = {b.value: b for b in ExposedBy}

DEALT: Final[dict[tuple[int, str, bool], CardDealt]] = {}
"""The cards dealt so far by (seat, card, face up): readers look here first, then call ``card_dealt``."""
ACTED: Final[dict[tuple[int, str, int | None], PlayerActed]] = {}
"""The actions so far by (seat, action, to): readers look here first, then call ``player_acted``."""
POSTED: Final[dict[tuple[int, str, int], BlindPosted]] = {}
"""The blinds posted so far by (seat, blind, amount): readers look here first, then call ``blind_posted``."""
BOARD: Final[dict[tuple[str, bool], BoardCardDealt]] = {}
"""The board cards so far by (card, face up): readers look here first, then call ``board_dealt``."""
_BURNED: Final[dict[str, CardBurned]] = {}
_MUCKED: Final[dict[tuple[int, str], HandMucked]] = {}
_DISCARDED: Final[dict[tuple[int, int], CardsDiscarded]] = {}
_PLAYERS: Final[dict[tuple[int, str, int], Player]] = {}
_LEVELS: Final[dict[tuple[int | None, ...], Level]] = {}
_LEVELS_BY_FIELDS: Final[dict[tuple[tuple[str, object], ...], Level]] = {}
_JUST_INT: Final = {int}


def card_dealt(seat: int, card: str, face_up: bool) -> CardDealt | None:
    """``CardDealt(seat=seat, card=card, face_up=face_up)``; ``None`` if ``card`` is not a card's text."""
    key = (seat, card, face_up)
    event = DEALT.get(key)
    if event is not None or card not in CARDS:
        return event
    return _keep(DEALT, key, CardDealt(seat=seat, card=card, face_up=face_up))


def player_acted(seat: int, action: str, to: int | None) -> PlayerActed | None:
    """``PlayerActed(seat=seat, action=Action(action), to=to)``; ``None`` if ``action`` names none."""
    key = (seat, action, to)
    event = ACTED.get(key)
    if event is not None:
        return event
    kind = _ACTIONS.get(action)
    return None if kind is None else _keep(ACTED, key, PlayerActed(seat=seat, action=kind, to=to))


def blind_posted(seat: int, blind: str, amount: int) -> BlindPosted | None:
    """``BlindPosted(seat=seat, blind=BlindKind(blind), amount=amount)``; ``None`` if ``blind`` names none."""
    key = (seat, blind, amount)
    event = POSTED.get(key)
    if event is not None:
        return event
    kind = _BLINDS.get(blind)
    return None if kind is None else _keep(POSTED, key, BlindPosted(seat=seat, blind=kind, amount=amount))


def board_dealt(card: str, face_up: bool) -> BoardCardDealt | None:
    """``BoardCardDealt(card=card, face_up=face_up)``; ``None`` if ``card`` is not a card's text."""
    key = (card, face_up)
    event = BOARD.get(key)
    if event is not None or card not in CARDS:
        return event
    return _keep(BOARD, key, BoardCardDealt(card=card, face_up=face_up))


def card_burned(card: str) -> CardBurned | None:
    """``CardBurned(card=card)``; ``None`` if ``card`` is not a card's text."""
    event = _BURNED.get(card)
    if event is not None or card not in CARDS:
        return event
    return _keep(_BURNED, card, CardBurned(card=card))


def hand_mucked(seat: int, by: str) -> HandMucked | None:
    """``HandMucked(seat=seat, by=ExposedBy(by))``; ``None`` if ``by`` names no one."""
    key = (seat, by)
    event = _MUCKED.get(key)
    if event is not None:
        return event
    mucker = _MUCKERS.get(by)
    return None if mucker is None else _keep(_MUCKED, key, HandMucked(seat=seat, by=mucker))


def cards_discarded(seat: int, count: int) -> CardsDiscarded:
    """``CardsDiscarded(seat=seat, count=count)``."""
    key = (seat, count)
    event = _DISCARDED.get(key)
    return event if event is not None else _keep(_DISCARDED, key, CardsDiscarded(seat=seat, count=count))


def player(seat: int, name: str, stack: int) -> Player:
    """``Player(seat=seat, name=name, stack=stack)``, for an ``int`` stack."""
    key = (seat, name, stack)
    found = _PLAYERS.get(key)
    return found if found is not None else _keep(_PLAYERS, key, Player(seat=seat, name=name, stack=stack))


def level_of(number: int | None, amounts: Sequence[Chips]) -> Level:
    """``Level(number=number, small_blind=..., ..., big_bet=...)``: the seven amounts in the order of ``LEVEL_AMOUNTS``
    (interned when every one is an ``int``)."""
    whole = [a for a in amounts if type(a) is int]
    key = (number, *whole) if len(whole) == len(amounts) else None
    found = _LEVELS.get(key) if key is not None else None
    if found is not None:
        return found
    small_blind, big_blind, ante, big_blind_ante, bring_in, small_bet, big_bet = amounts
    built = Level(
        number=number, small_blind=small_blind, big_blind=big_blind, ante=ante, big_blind_ante=big_blind_ante,
        bring_in=bring_in, small_bet=small_bet, big_bet=big_bet,
    )
    return built if key is None else _keep(_LEVELS, key, built)


def level_from(fields: Mapping[str, object]) -> Level:
    """The level of a hand-log ``level`` object already checked (a whole ``number``, each amount an ``int`` or a
    ``Decimal``, 0 when missing); interned by its fields when every value is an ``int`` (a level recurs from hand to
    hand, as the same dict)."""
    if not set(map(type, fields.values())) <= _JUST_INT:
        return _level_of_fields(fields)
    key = tuple(fields.items())
    found = _LEVELS_BY_FIELDS.get(key)
    return found if found is not None else _keep(_LEVELS_BY_FIELDS, key, _level_of_fields(fields))


def _level_of_fields(fields: Mapping[str, object]) -> Level:
    number = fields.get("number")
    amounts = [fields.get(name, 0) for name in LEVEL_AMOUNTS]
    return level_of(number if isinstance(number, int) else None, [a for a in amounts if isinstance(a, (int, Decimal))])
