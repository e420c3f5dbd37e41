"""What floorman says about one hand log: a ``Result``, a value that nothing changes once it is handed out.

``floorman.engine.hand`` makes it (``rule(log)``, ``Hand.result()``); the formats write it (``floorman.formats.ruling``) and
the CLI, the console and the audit read it. The hand as it stood, ``view``, is the fold's frozen ``HandView``, named
here for type checking only: writing a result needs the values alone, not the engine that made them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from floorman.fold.findings import DeckCount, Finding
from floorman.fold.log import HandLog
from floorman.law.rulebooks import Rulebook
from floorman.law.rulings.model import Ruling

if TYPE_CHECKING:
    from floorman.fold.view import HandView

__all__ = ["Result"]


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Result:
    """Everything floorman says about one hand log, as it stood when the result was taken.

    Nothing in it changes afterwards: ``view`` is a frozen view of the hand (with the findings of
    the closing step, ``findings``), not the hand that goes on taking events. It is made once, when
    first asked for, where the result is given the fold's own making of it (``rule(log)``: a
    reader of the rulings alone never pays for it). (Its ``__init__`` is written out, as
    ``HandLog``'s is, so that the compiled core builds one natively; the parameter ``view`` gives
    the private field ``_view``.)
    """

    log: HandLog
    rulebook: Rulebook
    rulings: tuple[Ruling, ...]
    findings: tuple[Finding, ...]
    redeal: HandLog | None
    """The header of the exact re-play when the last ruling is a misdeal (or a void that is re-played)."""
    _view: HandView | Callable[[], HandView] = field(repr=False, compare=False)
    """The view, or what makes it when first asked for (``view``)."""
    redeals: tuple[HandLog | None, ...] = ()
    """For each ruling, the header of its re-play (None when the hand goes on)."""
    deck_counts: tuple[DeckCount, ...] = ()
    """The counts of cards that no finding covers, checked at the end of the hand (``DeckCheck``)."""

    def __init__(
        self, *, log: HandLog, rulebook: Rulebook, rulings: tuple[Ruling, ...], findings: tuple[Finding, ...],
        redeal: HandLog | None, view: HandView | Callable[[], HandView], redeals: tuple[HandLog | None, ...] = (),
        deck_counts: tuple[DeckCount, ...] = (),
    ) -> None:
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "rulebook", rulebook)
        object.__setattr__(self, "rulings", rulings)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "redeal", redeal)
        object.__setattr__(self, "_view", view)
        object.__setattr__(self, "redeals", redeals)
        object.__setattr__(self, "deck_counts", deck_counts)

    @property
    def view(self) -> HandView:
        """The hand as it stood when the result was taken: a frozen view, made once."""
        made = self._view
        if callable(made):
            made = made()
            object.__setattr__(self, "_view", made)
        return made

    @property
    def ruling(self) -> Ruling:
        """The last ruling: the one a tool that wants a single answer reads."""
        return self.rulings[-1]
