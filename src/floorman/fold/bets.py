"""The arithmetic of bets: the fixed bet of a limit street, what a call, bet, raise, completion or all-in brings a
seat's bet to, and what a bet makes the street's bet and last raise.

Pure functions of chip amounts, the one place these rules are written: the fold's betting (``fold.betting``) and
the PHH reader and writer (``formats._phh_actions``, ``formats.phh_write``) both work a hand's bets out with them.
"""

from __future__ import annotations

from floorman.fold.events import Action
from floorman.fold.table import Chips

__all__ = ["after_bet", "fixed_bet", "street_target"]


def fixed_bet(small_bet: Chips, big_blind: Chips, big_bet: Chips, street_idx: int, *, small_bet_streets: int = 2) -> Chips:
    """The fixed bet of a limit game on a street: the small bet on the game's first ``small_bet_streets`` rounds
    (``GameSpec.small_bet_streets``: two in hold'em, stud and triple draw, one in single draw), the big bet after.

    >>> fixed_bet(0, 200, 0, 0), fixed_bet(0, 200, 0, 2), fixed_bet(100, 200, 300, 3)
    (200, 400, 300)
    >>> fixed_bet(100, 100, 200, 1, small_bet_streets=1)
    200
    """
    small = small_bet or big_blind
    big = big_bet or 2 * small
    return small if street_idx < small_bet_streets else big


def after_bet(street_bet: Chips, current_bet: Chips, last_raise: Chips) -> tuple[Chips, Chips, bool]:
    """The street's bet and last raise once a seat's bet stands at ``street_bet``, and whether the action reopens.

    A raise at least the size of the last one reopens the betting to everyone; a smaller one (a
    short all-in) raises the bet without reopening it.

    >>> after_bet(600, 400, 200), after_bet(500, 400, 200), after_bet(400, 400, 200)
    ((600, 200, True), (500, 200, False), (400, 200, False))
    """
    if street_bet <= current_bet:
        return current_bet, last_raise, False
    raise_size = street_bet - current_bet
    if raise_size >= last_raise:
        return street_bet, raise_size, True
    return street_bet, last_raise, False


def street_target(
    action: Action, to: Chips | None, *, street_bet: Chips, remaining: Chips, current_bet: Chips,
    last_raise: Chips, limit: bool, fixed: Chips,
) -> Chips:
    """What a call, bet, raise, completion or all-in brings the seat's bet on this street to.

    ``to`` when the log says it; otherwise the current bet (a call), the next fixed bet or the
    last raise again (a bet or raise), the fixed bet (a completion), everything (all in). Never
    more than the seat has.

    >>> street_target(Action.RAISE, None, street_bet=0, remaining=1000, current_bet=200, last_raise=200,
    ...               limit=False, fixed=200)
    400
    >>> street_target(Action.CALL, None, street_bet=0, remaining=150, current_bet=200, last_raise=200,
    ...               limit=False, fixed=200)
    150
    """
    cap = street_bet + max(remaining, 0)
    if to is not None:
        target = to
    elif action is Action.CALL:
        target = current_bet
    elif action is Action.ALL_IN:
        target = cap
    elif action is Action.COMPLETE:
        target = fixed
    elif action is Action.BET:
        target = fixed if limit else current_bet
    else:
        target = current_bet + (fixed if limit else last_raise)
    return min(target, cap)  # all in or not, a seat cannot put in chips it does not have
