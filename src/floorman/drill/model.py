"""The drill's vocabulary: topics, the irregularities it can inject, the moment, and a scenario.

Each injection kind belongs to a topic, names the findings the engine must report once it is in
the hand (so that a scenario whose error did not take is never asked), and the findings it may
bring along (a premature turn with its burn is also a premature burn):

>>> Kind.FOUR_CARD_FLOP.topic, Kind.FOUR_CARD_FLOP.families
(<Topic.BOARD_ERRORS: 'board-errors'>, (<Family.FLOP: 'flop'>,))
>>> sorted(Kind.PREMATURE.allowed)
['premature_burn', 'premature_card']
>>> topic_of((Kind.ABSENT,), Family.STUD), topic_of((Kind.ABSENT,), Family.FLOP)
(<Topic.STUD: 'stud'>, <Topic.ABSENT: 'absent'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from floorman.errors import FloormanError
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog
from floorman.fold.table import Family
from floorman.locale import DEFAULT_LANG, Message, say

__all__ = ["DrillError", "Kind", "Moment", "Scenario", "Topic", "topic_of"]


class DrillError(FloormanError):
    """No drill can be made from what was given (no hands, no hand that can take the irregularity asked)."""


class Topic(StrEnum):
    """What a question trains. A stud hand is always ``stud``; other hands take their irregularity's topic."""

    MISDEALS = "misdeals"
    FOULED_DECKS = "fouled-decks"
    BOARD_ERRORS = "board-errors"
    STUD = "stud"
    ABSENT = "absent"


class Moment(StrEnum):
    """When the floor is called, relative to the action that closes the window for a correction.

    For errors of the deal (a card to the wrong seat, an exposed or boxed card, a duplicate or a
    foreign card found in play, an absent player) that action is substantial action (``SA-DEF``).
    For errors on a later street (a four-card flop, a missing burn, a premature card) it is the
    first action taken on that street's cards, which is what ``FLOP-NOBURN`` and ``BURN-STREET``
    turn on (by the flop, substantial action has nearly always been reached).
    """

    BEFORE = "before"
    AFTER = "after"


_ALL = (Family.FLOP, Family.STUD, Family.DRAW)


class Kind(StrEnum):
    """An irregularity the drill can put into a real hand."""

    ABSENT = "absent-player"
    WRONG_SEAT = "wrong-seat"
    EXPOSED = "exposed-card"
    BOXED = "boxed-card"
    DUPLICATE = "duplicate-card"
    FOREIGN_BACK = "foreign-back"
    FOUR_CARD_FLOP = "four-card-flop"
    MISSING_BURN = "missing-burn"
    PREMATURE = "premature-card"

    @property
    def topic(self) -> Topic:
        """The topic of this irregularity in a flop or draw game."""
        return _TOPIC[self]

    @property
    def families(self) -> tuple[Family, ...]:
        """The game families the irregularity can happen in."""
        return _FAMILIES.get(self, _ALL)

    @property
    def required(self) -> frozenset[str]:
        """Findings (``Irregularity`` values) of which the engine must report at least one."""
        return _REQUIRED[self]

    @property
    def allowed(self) -> frozenset[str]:
        """Every finding this irregularity may bring into the hand."""
        return _REQUIRED[self] | _ALSO.get(self, frozenset())

    @property
    def repeatable(self) -> bool:
        """Whether a hand may be given this irregularity twice (two boxed cards, two exposed cards)."""
        return self in (Kind.EXPOSED, Kind.BOXED)


_TOPIC = {
    Kind.ABSENT: Topic.ABSENT,
    Kind.WRONG_SEAT: Topic.MISDEALS,
    Kind.EXPOSED: Topic.MISDEALS,
    Kind.BOXED: Topic.MISDEALS,
    Kind.DUPLICATE: Topic.FOULED_DECKS,
    Kind.FOREIGN_BACK: Topic.FOULED_DECKS,
    Kind.FOUR_CARD_FLOP: Topic.BOARD_ERRORS,
    Kind.MISSING_BURN: Topic.BOARD_ERRORS,
    Kind.PREMATURE: Topic.BOARD_ERRORS,
}

_FAMILIES = {
    Kind.FOUR_CARD_FLOP: (Family.FLOP,),
    Kind.MISSING_BURN: (Family.FLOP, Family.STUD),
    Kind.PREMATURE: (Family.FLOP, Family.STUD),
}


def _values(*kinds: I) -> frozenset[str]:
    return frozenset(k.value for k in kinds)


_REQUIRED = {
    Kind.ABSENT: _values(I.ABSENT_AT_DEAL),
    Kind.WRONG_SEAT: _values(I.FIRST_CARD_WRONG_SEAT),
    Kind.EXPOSED: _values(I.EXPOSED_HOLE_CARD),
    Kind.BOXED: _values(I.BOXED_CARD),
    Kind.DUPLICATE: _values(I.DUPLICATE_CARD),
    Kind.FOREIGN_BACK: _values(I.FOREIGN_BACK_IN_PLAY, I.FOREIGN_BACK_IN_STUB),
    Kind.FOUR_CARD_FLOP: _values(I.FOUR_CARD_FLOP),
    Kind.MISSING_BURN: _values(I.MISSING_BURN),
    Kind.PREMATURE: _values(I.PREMATURE_CARD),
}

_ALSO = {Kind.PREMATURE: _values(I.PREMATURE_BURN)}


def topic_of(kinds: Sequence[Kind], family: Family) -> Topic:
    """A question's topic: ``stud`` for a stud hand, else the topic of its first irregularity."""
    return Topic.STUD if family is Family.STUD else kinds[0].topic


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """A real hand with irregularities put into it, cut where the floor is called.

    ``log`` ends with the ``floor`` event; the engine's ruling on it is the expected answer.
    ``notes`` is what the floor is told when called (the catalog's messages, said by ``note_in``), in words
    that do not give the ruling away; ``note`` is the English the log's ``floor`` event carries.
    """

    log: HandLog
    kinds: tuple[Kind, ...]
    moment: Moment
    topic: Topic
    source: str
    """Where the real hand came from (a file of the PHH sample, a line of the user's log)."""
    notes: tuple[Message, ...]
    rulebook: str

    @property
    def note(self) -> str:
        """What the floor is told, in English (as the log's ``floor`` event says it)."""
        return self.note_in(DEFAULT_LANG)

    def note_in(self, lang: str) -> str:
        """What the floor is told, in ``lang``."""
        return " ".join(say(m, lang) for m in self.notes)
