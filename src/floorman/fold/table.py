"""The table before the first card: games, seats, players, the level, and who is dealt in.

``GAMES`` is the one registry of the games floorman follows (the variants): each game's family,
cards, streets, board shape, usual structure and PHH codes. Every reader, writer and the drill
look a game up here.

>>> spec = GAMES[Game.OMAHA]
>>> spec.family, spec.hole_cards, spec.default_structure
(<Family.FLOP: 'flop'>, 4, <Structure.POT_LIMIT: 'pot-limit'>)
>>> clockwise_from(9, 4)
(4, 5, 6, 7, 8, 9, 1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from floorman.fold.levels import Chips, Level

__all__ = [
    "GAMES",
    "PHH_VARIANTS",
    "Chips",
    "DealOrder",
    "Family",
    "Game",
    "GameSpec",
    "Level",
    "Player",
    "PlayerStatus",
    "Street",
    "Structure",
    "clockwise_after",
    "clockwise_from",
    "deal_order",
    "heads_up_small_blind",
]




class Game(StrEnum):
    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA8 = "omaha8"
    OMAHA5 = "omaha5"
    SHORT_DECK = "short-deck"
    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"
    DEUCE_SEVEN_SINGLE = "2-7-single-draw"
    DEUCE_SEVEN_TRIPLE = "2-7-triple-draw"
    BADUGI = "badugi"


class Family(StrEnum):
    FLOP = "flop"
    STUD = "stud"
    DRAW = "draw"


class Structure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    LIMIT = "limit"


class PlayerStatus(StrEnum):
    PRESENT = "present"
    ABSENT = "absent"
    PENALIZED = "penalized"
    WAITING = "waiting"
    REDEAL_DEAD = "redeal_dead"

    @property
    def is_entitled(self) -> bool:
        """Dealt in: every player but one waiting for the button to pass (absent and penalized players are dealt in)."""
        return self is not PlayerStatus.WAITING

    @property
    def is_dealt_in_though_away(self) -> bool:
        """Absent or serving a penalty, and dealt in all the same (ABS-DEALT-IN)."""
        return self in (PlayerStatus.ABSENT, PlayerStatus.PENALIZED)


class Street(StrEnum):
    """A betting round (and the cards dealt for it)."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    PREDRAW = "predraw"
    FIRST_DRAW = "first_draw"
    SECOND_DRAW = "second_draw"
    THIRD_DRAW = "third_draw"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """What a game deals: the family, the starting hand, the streets and their cards."""

    game: Game
    family: Family
    hole_cards: int
    streets: tuple[Street, ...]
    board_cards: tuple[int, ...] = ()
    """Flop games: board cards dealt for each street after the first (flop, turn, river)."""
    initial_face_up: tuple[bool, ...] = ()
    """Stud: which of the starting cards are dealt face up (two down, one up)."""
    street_face_up: tuple[bool, ...] = ()
    """Stud: whether each later street's card is dealt face up (4th to 6th up, 7th down)."""
    default_structure: Structure = Structure.NO_LIMIT
    short_deck: bool = False
    low_bring_in: bool = True
    """Stud: the lowest up card brings in (razz: the highest)."""
    phh_codes: tuple[tuple[Structure, str], ...] = ()
    """The game's PHH variant codes, by betting structure (no-limit hold'em is ``NT``)."""
    small_bet_streets: int = 2
    """Limit: how many betting rounds are played with the small bet (the later ones with the big bet)."""

    @property
    def deck_size(self) -> int:
        return 36 if self.short_deck else 52


_FLOP_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)


_Codes = tuple[tuple[Structure, str], ...]


def _flop(game: Game, cards: int, structure: Structure, codes: _Codes, *, short: bool = False) -> GameSpec:
    return GameSpec(
        game=game,
        family=Family.FLOP,
        hole_cards=cards,
        streets=_FLOP_STREETS,
        board_cards=(3, 1, 1),
        default_structure=structure,
        short_deck=short,
        phh_codes=codes,
    )


def _stud(game: Game, code: str, *, low: bool) -> GameSpec:
    return GameSpec(
        game=game,
        family=Family.STUD,
        hole_cards=3,
        streets=_STUD_STREETS,
        initial_face_up=(False, False, True),
        street_face_up=(True, True, True, False),
        default_structure=Structure.LIMIT,
        low_bring_in=low,
        phh_codes=((Structure.LIMIT, code),),
    )


def _draw(game: Game, cards: int, draws: int, structure: Structure, code: str) -> GameSpec:
    rounds = (Street.PREDRAW, Street.FIRST_DRAW, Street.SECOND_DRAW, Street.THIRD_DRAW)
    return GameSpec(
        game=game,
        family=Family.DRAW,
        hole_cards=cards,
        streets=rounds[: draws + 1],
        default_structure=structure,
        phh_codes=((structure, code),),
        small_bet_streets=min(draws, 2),
    )


_NL, _PL, _FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.LIMIT
GAMES: dict[Game, GameSpec] = {
    Game.HOLDEM: _flop(Game.HOLDEM, 2, _NL, ((_NL, "NT"), (_FL, "FT"))),
    Game.OMAHA: _flop(Game.OMAHA, 4, _PL, ((_PL, "PO"),)),
    Game.OMAHA8: _flop(Game.OMAHA8, 4, _FL, ((_FL, "FO/8"),)),
    Game.OMAHA5: _flop(Game.OMAHA5, 5, _PL, ()),
    Game.SHORT_DECK: _flop(Game.SHORT_DECK, 2, _NL, ((_NL, "NS"),), short=True),
    Game.STUD: _stud(Game.STUD, "F7S", low=True),
    Game.STUD8: _stud(Game.STUD8, "F7S/8", low=True),
    Game.RAZZ: _stud(Game.RAZZ, "FR", low=False),
    Game.DEUCE_SEVEN_SINGLE: _draw(Game.DEUCE_SEVEN_SINGLE, 5, 1, _NL, "N2L1D"),
    Game.DEUCE_SEVEN_TRIPLE: _draw(Game.DEUCE_SEVEN_TRIPLE, 5, 3, _FL, "F2L3D"),
    Game.BADUGI: _draw(Game.BADUGI, 4, 3, _FL, "FB"),
}
"""Every game floorman follows, and what it deals."""

PHH_VARIANTS: dict[str, tuple[Game, Structure]] = {
    code: (spec.game, structure) for spec in GAMES.values() for structure, code in spec.phh_codes
}
"""PHH variant code -> the game and its structure (``"NT"`` -> no-limit hold'em)."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Player:
    """A player at the table as the hand begins (its ``__init__`` written out, as ``DealOrder``'s is: a log's
    reader builds one for each player)."""

    seat: int
    name: str
    stack: Chips
    status: PlayerStatus = PlayerStatus.PRESENT

    def __init__(self, *, seat: int, name: str, stack: Chips, status: PlayerStatus = PlayerStatus.PRESENT) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "status", status)


def clockwise_from(seats: int, start: int) -> tuple[int, ...]:
    """All seat numbers clockwise, starting with ``start``."""
    return tuple(((start - 1 + i) % seats) + 1 for i in range(seats))


def clockwise_after(seats: int, seat: int, candidates: Iterable[int]) -> int | None:
    """The first seat of ``candidates`` strictly clockwise after ``seat`` (wrapping around)."""
    wanted = set(candidates)
    for step in range(1, seats + 1):
        nxt = ((seat - 1 + step) % seats) + 1
        if nxt in wanted:
            return nxt
    return None


_STUD_GAME: Final = Family.STUD
"""The compiled core reads the member as a constant, not as an attribute of its enum at every comparison."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class DealOrder:
    """Who is dealt in, in what order, and who takes the button's place in the deal.

    The one place that knows the dealing order (DEAL-ORDER-*): the fold, the rulings, the drill and the
    console all read it from here.

    >>> order = deal_order(family=Family.FLOP, seats=9, button=9, entitled=range(1, 9))
    >>> order.seats[0], order.dealt_last, order.button, order.dead_button
    (1, 8, None, True)
    >>> hu = deal_order(family=Family.FLOP, seats=6, button=2, entitled=(2, 5))
    >>> hu.seats, hu.button, hu.heads_up
    ((5, 2), 2, True)
    >>> hu.expected(4)
    (5, 2, 5, 2)
    """

    family: Family
    seats: tuple[int, ...]
    """The seats dealt in, in the order the deal reaches them (flop and draw games: from the button's left;
    stud: from seat 1)."""
    button: int | None
    """The seat that holds the button and takes the last card of each round; None in stud, at a table
    without a button, and when the button is on a seat that is not dealt in (a dead button)."""
    dead_button: bool
    """The button is on a seat that is not dealt in (an empty seat, or a player waiting for the button to pass)."""

    def __init__(self, *, family: Family, seats: tuple[int, ...], button: int | None, dead_button: bool) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (once a hand)
        object.__setattr__(self, "family", family)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "button", button)
        object.__setattr__(self, "dead_button", dead_button)

    @property
    def heads_up(self) -> bool:
        """Two players in a button game: the big blind takes the first card, the button the last (DEAL-ORDER-HU)."""
        return self.family is not _STUD_GAME and len(self.seats) == 2

    @property
    def first(self) -> int | None:
        """The seat due the first card."""
        return self.seats[0] if self.seats else None

    @property
    def dealt_last(self) -> int | None:
        """The seat due the last card of each round (the button, unless the button is dead or the game is stud)."""
        return self.seats[-1] if self.seats else None

    def is_button(self, seat: int | None) -> bool:
        """Whether ``seat`` is the button of the deal (never a seat merely dealt last)."""
        return seat is not None and seat == self.button

    def expected(self, cards: int) -> tuple[int, ...]:
        """The seat due each of the first ``cards`` cards of a deal of one card a seat a round."""
        n = len(self.seats)
        return tuple(self.seats[i % n] for i in range(cards)) if n else ()


def deal_order(
    *, family: Family, seats: int, button: int | None, entitled: Iterable[int], small_blind: int | None = None,
) -> DealOrder:
    """The dealing order of a table of ``seats`` seats, its ``button`` and the seats ``entitled`` to a hand.

    Heads-up the small blind is the button and is dealt last, the big blind first (DEAL-ORDER-HU), wherever the
    disc stands: on a player's seat that player is the small blind; on an empty seat (after a bust-out) the small
    blind is the seat that posted it (``small_blind``), or, before the posts, the first seat dealt in clockwise
    from the disc, as a dead button places it (DEAL-DEADBUTTON).

    >>> hu = deal_order(family=Family.FLOP, seats=9, button=4, entitled=(1, 7))
    >>> hu.seats, hu.button, hu.dead_button
    ((1, 7), 7, False)
    >>> deal_order(family=Family.FLOP, seats=9, button=4, entitled=(1, 7), small_blind=1).seats
    (7, 1)
    """
    dealt = frozenset(entitled)
    stud = family is _STUD_GAME
    if not stud and button is not None and len(dealt) == 2:
        sb = heads_up_small_blind(seats=seats, button=button, entitled=dealt, posted=small_blind)
        if sb is not None:
            bb = next(s for s in dealt if s != sb)
            return DealOrder(family=family, seats=(bb, sb), button=sb, dead_button=False)
    start = 1 if stud or button is None else (button % seats) + 1
    order = tuple(s for s in clockwise_from(seats, start) if s in dealt)
    has_button = not stud and button is not None
    return DealOrder(
        family=family, seats=order,
        button=button if has_button and button in dealt else None,
        dead_button=has_button and button not in dealt,
    )


def heads_up_small_blind(*, seats: int, button: int, entitled: Iterable[int], posted: int | None = None) -> int | None:
    """Heads-up, the seat of the small blind, who is the button (DEAL-ORDER-HU): the disc's seat when a player
    dealt in holds it, else the seat that posted the small blind, else the first seat dealt in clockwise from the
    disc (DEAL-DEADBUTTON). ``None`` unless exactly two seats are dealt in.

    >>> heads_up_small_blind(seats=6, button=2, entitled=(2, 5)), heads_up_small_blind(seats=6, button=3, entitled=(2, 5))
    (2, 5)
    """
    dealt = frozenset(entitled)
    if len(dealt) != 2:
        return None
    if button in dealt:
        return button
    if posted in dealt:
        return posted
    return clockwise_after(seats, button, dealt)
