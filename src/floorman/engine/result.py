"""What floorman says about one hand log: a ``Result``, a value that nothing changes once it is handed out.

``floorman.engine.hand`` makes it (``rule(log)``, ``Hand.result()``); the formats write it (``floorman.formats.ruling``) and
the CLI, the console and the audit read it. The hand's snapshot it carries (``state``) is the fold's own type, named
here for type checking only: writing a result needs the values alone, not the engine that made them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.fold.findings import DeckCount, Finding
from floorman.fold.log import HandLog
from floorman.law.rulebooks import Rulebook
from floorman.law.rulings.model import Ruling

if TYPE_CHECKING:
    from floorman.fold.state import HandState

__all__ = ["Result"]


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Result:
    """Everything floorman says about one hand log, as it stood when the result was taken.

    Nothing in it changes afterwards: ``state`` is a snapshot of the hand (with the findings of
    the closing step, ``findings``), not the hand that goes on taking events. (Its ``__init__``
    is written out, as ``HandLog``'s is, so that the compiled core builds one natively.)
    """

    log: HandLog
    rulebook: Rulebook
    rulings: tuple[Ruling, ...]
    findings: tuple[Finding, ...]
    redeal: HandLog | None
    """The header of the exact re-play when the last ruling is a misdeal (or a void that is re-played)."""
    state: HandState
    redeals: tuple[HandLog | None, ...] = ()
    """For each ruling, the header of its re-play (None when the hand goes on)."""
    deck_counts: tuple[DeckCount, ...] = ()
    """The counts of cards that no finding covers, checked at the end of the hand (``DeckCheck``)."""

    def __init__(
        self, *, log: HandLog, rulebook: Rulebook, rulings: tuple[Ruling, ...], findings: tuple[Finding, ...],
        redeal: HandLog | None, state: HandState, redeals: tuple[HandLog | None, ...] = (),
        deck_counts: tuple[DeckCount, ...] = (),
    ) -> None:
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "rulebook", rulebook)
        object.__setattr__(self, "rulings", rulings)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "redeal", redeal)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "redeals", redeals)
        object.__setattr__(self, "deck_counts", deck_counts)

    @property
    def ruling(self) -> Ruling:
        """The last ruling: the one a tool that wants a single answer reads."""
        return self.rulings[-1]
