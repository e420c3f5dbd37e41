"""What the floor's rulings did to the hand, as facts the fold records.

The fold follows the log's events (``steps``); the law rules on what it found (``floorman.law.rulings``). What a
ruling then does at the table comes back to the fold as one of these facts, recorded by ``record`` as an event is
by its step: the findings it settled, a hand it killed, the hand called off (a misdeal or a void ruled at a floor
call), play let go on (the floor overrode it), the hand ended (a misdeal or a void applied as ruled). The engine's
``Hand`` pushes them; nothing else changes the hand.

>>> from floorman.fold.log import HandLog
>>> from floorman.fold.table import Game, Level, Player
>>> from floorman.fold.steps import begin
>>> state = begin(HandLog(game=Game.HOLDEM, seats=2, level=Level(big_blind=2),
...                       players=(Player(seat=1, name="An", stack=9), Player(seat=2, name="Bo", stack=9))))
>>> record(state, HandKilled(at=4, seat=2))
>>> state.seats[2].dead, state.live_seats
(True, frozenset())
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from floorman.fold.state import HandState

__all__ = ["FindingsSettled", "HandCalledOff", "HandEnded", "HandKilled", "PlayResumed", "RulingFact", "record"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FindingsSettled:
    """A ruling settled these findings: they are not ruled on again."""

    at: int
    findings: tuple[int, ...]
    """Their numbers among the hand's findings (``HandState.findings``)."""
    records: tuple[int, ...] = ()
    """The records beyond the hand (``HandState.awards``, ``next_hand``: their event indexes) whose findings it
    settled."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandKilled:
    """A ruling killed the seat's hand."""

    at: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCalledOff:
    """The ruling of the floor call at ``at`` called the hand off (a misdeal or a void): play after it is found."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayResumed:
    """The floor overrode the ruling that called the hand off: the hand goes on."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded:
    """A ruling that called the hand off was applied as ruled: the hand is over."""

    at: int


RulingFact = FindingsSettled | HandKilled | HandCalledOff | PlayResumed | HandEnded
"""A fact of a ruling, as ``record`` takes it."""


def record(state: HandState, fact: RulingFact) -> None:
    """Record one fact of a ruling in the hand."""
    _STEPS[type(fact)](state, fact)


def _settled(state: HandState, fact: FindingsSettled) -> None:
    state.settled |= frozenset(fact.findings)
    if fact.records:
        state.settled_records |= frozenset(fact.records)


def _killed(state: HandState, fact: HandKilled) -> None:
    seat = state.seats.get(fact.seat)
    if seat is not None:
        seat.dead = True
        seat.dead_reason = "ruling"


def _called_off(state: HandState, fact: HandCalledOff) -> None:
    if state.called_off_at is None:
        state.called_off_at = fact.at


def _resumed(state: HandState, fact: PlayResumed) -> None:
    state.called_off_at = None


def _ended(state: HandState, fact: HandEnded) -> None:
    state.hand_over = True


_STEPS: Final[dict[type, Callable[[HandState, Any], None]]] = {
    FindingsSettled: _settled,
    HandKilled: _killed,
    HandCalledOff: _called_off,
    PlayResumed: _resumed,
    HandEnded: _ended,
}
