"""Substantial action (SA-DEF, SA-LA, SA-RRoP): the point after which no misdeal is called.

>>> from floorman.rulebooks import find_rulebook
>>> from floorman.events import Action as A
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

from floorman.events import Action
from floorman.rulebooks.params import Params
from floorman.rulings.words import Words, cap, seats_vi
from floorman.state import CHIP_ACTIONS, ActionRecord, HandState

__all__ = ["counted_actions", "has_substantial_action", "is_reached_by", "sa_reached", "sa_reason"]


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
    if kinds == {Action.CHECK, Action.FOLD}:
        return params.sa_pair_allows_check_fold
    if kinds == {Action.FOLD}:
        return params.sa_pair_allows_two_folds
    if kinds == {Action.CHECK}:
        return params.sa_pair_allows_two_checks
    return False


def counted_actions(state: HandState, params: Params, *, upto: int | None = None) -> list[ActionRecord]:
    """The actions that count toward substantial action (in turn unless the book counts others)."""
    out = []
    for record in state.actions:
        if upto is not None and record.at > upto:
            break
        if record.in_turn or params.sa_counts_out_of_turn:
            out.append(record)
    return out


def sa_reached(state: HandState, params: Params, *, upto: int | None = None) -> bool:
    """The whole-hand latch: once reached it stays reached (it only grows with the action log)."""
    counted = state.counted_actions(out_of_turn=params.sa_counts_out_of_turn, upto=upto)
    return is_reached_by(counted, params, stud=state.is_stud)


def is_reached_by(actions: Sequence[Action], params: Params, *, stud: bool) -> bool:
    """Whether substantial action was reached at some point of these counted actions (in order).

    >>> from floorman.rulebooks import find_rulebook
    >>> is_reached_by([Action.FOLD, Action.CALL, Action.FOLD], find_rulebook("wsop-2026").params, stud=False)
    True
    """
    # every prefix is tried (longest first: enough actions of any kind settle it at once)
    return any(has_substantial_action(actions[:i], params, stud=stud) for i in range(len(actions), 0, -1))


def sa_reason(state: HandState, params: Params) -> Words:
    """A sentence a player accepts: how many actions there were and why that is or is not SA."""
    counted = counted_actions(state, params)
    ignored = [r for r in state.actions if not r.in_turn and not params.sa_counts_out_of_turn]
    n = len(counted)
    words, words_vi = _describe(counted), cap(_describe_vi(counted))
    reached = sa_reached(state, params)
    oot = oot_vi = ""
    if ignored:
        seats = ", ".join(f"seat {r.seat}" for r in ignored)
        oot = f" The out-of-turn action ({seats}) does not count: substantial action counts only actions taken in turn."
        oot_vi = (f" Hành động sai lượt ({seats_vi(r.seat for r in ignored)}) không được tính: Substantial Action chỉ "
                  "tính những hành động đúng lượt.")
    any_needed = params.sa_stud_any_actions if state.is_stud else params.sa_any_actions
    if n == 0:
        return Words(
            f"No one has acted yet (posting blinds and antes is not an action), so this is not substantial action.{oot}",
            f"Chưa ai hành động (đặt blinds và ante không tính là hành động), nên chưa có Substantial Action.{oot_vi}",
        )
    if reached:
        return Words(
            f"{cap(words)}: that is substantial action, so the hand can no longer be called a misdeal.{oot}",
            f"{words_vi}: như vậy là đã có Substantial Action, ván bài đã qua điểm không thể quay lại nên không thể "
            f"tuyên bố misdeal nữa.{oot_vi}",
        )
    chips = any(r.puts_chips_in for r in counted)
    if n >= params.sa_pair_actions and not chips:
        why = f"two actions, but neither put chips in: not substantial action yet (it takes {any_needed} actions, or two with chips in)"
        why_vi = (f"có hai hành động nhưng không hành động nào bỏ chip vào pot, nên chưa phải Substantial Action, vì "
                  f"cần {any_needed} hành động, hoặc hai hành động có bỏ chip vào pot")
    else:
        why = (f"only {n} action{'s' if n != 1 else ''}: not substantial action yet "
               f"(it takes two actions with chips in, or {any_needed} actions)")
        why_vi = (f"mới có {n} hành động, chưa phải Substantial Action, vì cần hai hành động có bỏ chip vào pot, "
                  f"hoặc {any_needed} hành động")
    return Words(f"{cap(words)}: {why}.{oot}", f"{words_vi}: {why_vi}.{oot_vi}")


def _describe(records: Sequence[ActionRecord]) -> str:
    verbs = {"fold": "folded", "check": "checked", "call": "called", "bet": "bet", "raise": "raised",
             "complete": "completed", "all_in": "went all in"}
    return ", ".join(f"seat {r.seat} {verbs[r.action.value]}" for r in records)


def _describe_vi(records: Sequence[ActionRecord]) -> str:
    """The room says the action in English: "ghế 3 fold, ghế 4 call"."""
    verbs = {"all_in": "all in"}
    return ", ".join(f"ghế {r.seat} {verbs.get(r.action.value, r.action.value)}" for r in records)
