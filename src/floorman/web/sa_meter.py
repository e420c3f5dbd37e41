"""The substantial-action meter: how far the hand is from the point of no return.

It counts what the rulebook counts (the hand's ``sa_counted``, under its book): actions in turn, two of
them enough when one put chips in, otherwise the book's larger number.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.hand import Hand
from floorman.fold.table import Family
from floorman.web.i18n import Translator

__all__ = ["SaMeter", "sa_meter"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SaMeter:
    counted: int
    target: int
    """The number of actions that would reach substantial action from here."""
    other_target: int | None
    """The larger number that counts when no action puts chips in (None when it no longer matters)."""
    reached: bool

    def text(self, t: Translator) -> str:
        if self.reached:
            return t.gettext("console.sa_meter.point_of_no_return_reached_no")
        return t.ngettext("console.sa_meter.n_of_target_action", "console.sa_meter.n_of_target_action.plural", self.target) % {
            "n": self.counted, "target": self.target}

    def hint(self, t: Translator) -> str:
        if self.reached or self.other_target is None:
            return ""
        return t.gettext("console.sa_meter.pair_actions_are_enough_once_one") % {"pair": self.other_target}


def sa_meter(hand: Hand) -> SaMeter:
    """The meter of ``hand`` as it stands, under its book."""
    params = hand.rulebook.params
    counted = hand.sa_counted()
    reached = hand.substantial_action
    stud = hand.header.spec.family is Family.STUD
    any_needed = params.sa_stud_any_actions if stud else params.sa_any_actions
    pair = params.sa_pair_actions
    pair_without_chips = (params.sa_pair_allows_check_fold or params.sa_pair_allows_two_folds
                          or params.sa_pair_allows_two_checks)
    chips_in = any(r.puts_chips_in for r in counted)
    n = len(counted)
    if (chips_in or pair_without_chips or pair >= any_needed) and (reached or n < pair):
        return SaMeter(counted=n, target=min(pair, any_needed), other_target=None, reached=reached)
    other = pair if not chips_in and n < pair else None
    return SaMeter(counted=n, target=any_needed, other_target=other, reached=reached)
