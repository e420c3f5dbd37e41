"""The quick screen's kernel in C (``_screen_kernel.c``), as the screen calls it.

The kernel is an optional C extension: where it was built, ``scan`` reads a JSONL line and
``follow_log`` a hand log already read, each giving what decides the clean ruling of a plainly
clean hand, or ``None`` to step aside (then the screen in Python takes the hand). Where it was
not built (no C compiler), both give ``None`` and the screen runs in Python alone.

The kernel is told, once, the vocabularies and limits the reader and the screen use
(``configure_kernel``): the games, structures, actions, blinds and cards it reads by, and the
event classes of a hand log.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Final

from floorman.cards import UNKNOWN, short_deck, standard_deck
from floorman.events import (
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    CardBurned,
    CardDealt,
    Event,
    ExposedBy,
    HandMucked,
    HandShown,
    NextHandBegan,
    PlayerActed,
    PotAwarded,
)
from floorman.formats._fields import LEVEL_NUMBER_MAX, MAX_CHIPS
from floorman.formats._screen_hand import BLIND_CODES, MAX_SHOWN
from floorman.formats._screen_ruling import ACTIONS_BY_CODE, FLOP_GAMES, MAX_SEATS
from floorman.log import Omission
from floorman.table import Game, Level, Player, PlayerStatus, Structure

if TYPE_CHECKING:
    from floorman.formats._screen_kernel import Facts, LogFacts

__all__ = ["FOLLOW_LOG", "KERNEL_GAMES", "SCAN", "configure_kernel", "follow_log", "scan"]

KERNEL_GAMES: Final = tuple(FLOP_GAMES)
"""The flop games by the index the kernel gives (the order ``configure_kernel`` tells them in)."""
_GAME_INDEX: Final = {game: i for i, game in enumerate(KERNEL_GAMES)}


def configure_kernel(configure: Callable[..., None]) -> None:
    """Tell the kernel's ``configure`` the vocabularies and limits the reader and ``Hand`` use.

    (Also for a kernel built apart: the sanitized build of ``fuzz/fuzz_kernel.py``.)
    """
    limit, burns, order = Structure.LIMIT, Omission.BURNS, Omission.DEAL_ORDER
    configure(
        games=[(game.value, hole, short, structure is limit) for game, (hole, short, structure) in FLOP_GAMES.items()],
        structures=[(structure.value, structure is limit) for structure in Structure],
        omissions=[(omission.value, 1 if omission is burns else 2 if omission is order else 0) for omission in Omission],
        actions=ACTIONS_BY_CODE,
        blinds=[(blind, BLIND_CODES.get(blind, -1)) for blind in BlindKind],
        exposers=[by.value for by in ExposedBy],
        deck=standard_deck(), short_deck=short_deck(), unknown_card=UNKNOWN,
        max_seats=MAX_SEATS, max_shown=MAX_SHOWN, max_chips=MAX_CHIPS, level_number_max=LEVEL_NUMBER_MAX,
        event_types=(BlindPosted, CardDealt, BoardCardDealt, CardBurned, PlayerActed, HandShown, HandMucked,
                     PotAwarded, NextHandBegan),
        present=PlayerStatus.PRESENT,
    )


def _kernel() -> ModuleType | None:
    try:
        from floorman.formats import _screen_kernel
    except ImportError:  # built without a C compiler: the screen in Python takes every hand
        return None
    configure_kernel(_screen_kernel.configure)
    return _screen_kernel


_KERNEL: Final = _kernel()
SCAN: Callable[[bytes], Facts | None] | None = None if _KERNEL is None else _KERNEL.scan
"""The kernel's ``scan`` (``None``: not built)."""
FOLLOW_LOG: Callable[..., LogFacts | None] | None = None if _KERNEL is None else _KERNEL.follow_log
"""The kernel's ``follow_log`` (``None``: not built)."""


def scan(line: bytes | str) -> Facts | None:
    """What the kernel finds of a plainly clean hand in ``line``; ``None`` when it steps aside (or is not built)."""
    if SCAN is None:
        return None
    if type(line) is bytes:
        return SCAN(line)
    if type(line) is str:
        try:
            return SCAN(line.encode("utf-8"))
        except UnicodeEncodeError:  # a lone surrogate: the full reader says what it makes of it
            return None
    return None


def follow_log(game: Game, seats: int, button: int, limit: bool, burns_omitted: bool, order_omitted: bool,
               level: Level, players: tuple[Player, ...], events: tuple[Event, ...]) -> LogFacts | None:
    """What the kernel finds of a plainly clean flop hand already read; ``None`` when it steps aside (or is not built)."""
    if FOLLOW_LOG is None:
        return None
    return FOLLOW_LOG(_GAME_INDEX[game], seats, button, limit, burns_omitted, order_omitted, level.big_blind,
                       level.small_bet, level.big_bet, players, events)
