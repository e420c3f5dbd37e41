"""Substantial action (SA-DEF, SA-LA, SA-RRoP): the point after which no misdeal is called.

>>> from floorman.law.rulebooks import find_rulebook
>>> from floorman.fold.events import Action as A
>>> wsop = find_rulebook("wsop-2026").params
>>> has_substantial_action([A.FOLD, A.FOLD], wsop, stud=False)
False
>>> has_substantial_action([A.FOLD, A.CALL], wsop, stud=False)
True
>>> has_substantial_action([A.FOLD, A.FOLD, A.FOLD], wsop, stud=False)
True
>>> has_substantial_action([A.FOLD, A.FOLD], find_rulebook("rrop").params, stud=False)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from floorman.fold.events import Action
from floorman.fold.state import CHIP_ACTIONS, ActionRecord, HandState
from floorman.law.rulebooks.params import Params
from floorman.locale import Message

__all__ = ["counted_actions", "counts_participants", "has_substantial_action", "is_reached_by", "sa_reached", "sa_reason"]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_CHECK: Final = Action.CHECK
_FOLD: Final = Action.FOLD


def has_substantial_action(actions: Sequence[Action], params: Params, *, stud: bool) -> bool:
    """Whether these actions (in turn, in order) make substantial action under ``params``."""
    n = len(actions)
    any_needed = params.sa_stud_any_actions if stud else params.sa_any_actions
    if n >= any_needed:
        return True
    if n < params.sa_pair_actions:
        return False
    if any(a in CHIP_ACTIONS for a in actions):
        return True
    kinds = set(actions)
    if kinds == {_CHECK, _FOLD}:
        return params.sa_pair_allows_check_fold
    if kinds == {_FOLD}:
        return params.sa_pair_allows_two_folds
    if kinds == {_CHECK}:
        return params.sa_pair_allows_two_checks
    return False


def counts_participants(params: Params, *, stud: bool) -> bool:
    """Whether the book's test counts the players who have acted, each once (LA-109 in stud, RRoP), rather than
    every action in turn (T-88.c, TDA-36)."""
    return (params.sa_stud_counts if stud else params.sa_counts) == "participants"


def counted_actions(state: HandState, params: Params, *, upto: int | None = None) -> list[ActionRecord]:
    """The actions that count toward substantial action (in turn unless the book counts others; each player's first
    only where the book counts participants)."""
    out = []
    seen: set[int] = set()
    once = counts_participants(params, stud=state.is_stud)
    for i in range(state.action_count):
        if upto is not None and state.acted_at[i] > upto:
            break
        if params.sa_counts_out_of_turn or state.is_in_turn(i):
            record = state.action(i)
            if once:
                if record.seat in seen:
                    continue
                seen.add(record.seat)
            out.append(record)
    return out


def sa_reached(state: HandState, params: Params, *, upto: int | None = None) -> bool:
    """The whole-hand latch: once reached it stays reached (it only grows with the action log)."""
    stud = state.is_stud
    counted = state.counted_actions(out_of_turn=params.sa_counts_out_of_turn, upto=upto,
                                    participants=counts_participants(params, stud=stud))
    return is_reached_by(counted, params, stud=stud)


def is_reached_by(actions: Sequence[Action], params: Params, *, stud: bool) -> bool:
    """Whether substantial action was reached at some point of these counted actions (in order).

    >>> from floorman.law.rulebooks import find_rulebook
    >>> is_reached_by([Action.FOLD, Action.CALL, Action.FOLD], find_rulebook("wsop-2026").params, stud=False)
    True
    """
    # every prefix is tried (longest first: enough actions of any kind settle it at once)
    return any(has_substantial_action(actions[:i], params, stud=stud) for i in range(len(actions), 0, -1))


def sa_reason(state: HandState, params: Params) -> Message:
    """A sentence a player accepts: how many actions there were and why that is or is not SA."""
    counted = counted_actions(state, params)
    ignored = [] if params.sa_counts_out_of_turn else [r for r in state.actions if not r.in_turn]
    n = len(counted)
    acted = tuple(Message.of(f"ruling.sa.acted.{r.action.value}", seat=r.seat) for r in counted)
    oot: Message | str = ""
    if ignored:
        oot = Message.of("ruling.sa.out_of_turn_ignored", seats=tuple(r.seat for r in ignored))
    any_needed = params.sa_stud_any_actions if state.is_stud else params.sa_any_actions
    if n == 0:
        return Message.of("ruling.sa.no_action", oot=oot)
    if sa_reached(state, params):
        return Message.of("ruling.sa.reached", acted=acted, oot=oot)
    chips = any(r.puts_chips_in for r in counted)
    if counts_participants(params, stud=state.is_stud):
        return Message.of("ruling.sa.too_few_players", acted=acted, n=n, any_needed=any_needed, oot=oot)
    if n >= params.sa_pair_actions and not chips:
        return Message.of("ruling.sa.no_chips", acted=acted, any_needed=any_needed, oot=oot)
    return Message.of("ruling.sa.too_few", acted=acted, n=n, any_needed=any_needed, oot=oot)
