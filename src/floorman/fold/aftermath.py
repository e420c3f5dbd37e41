"""What a hand leaves for the next one: who busted, and the table as the rotation model reads it.

The fold reads it when the next hand begins (``NextHandRecorded.table``, for the law to check the next button
against); the console reads it to set up the next hand.
"""

from __future__ import annotations

from floorman.fold.log import Omission
from floorman.fold.rotation import HandAtTable
from floorman.fold.state import HandState

__all__ = ["busted", "hand_at_table"]


def busted(state: HandState) -> frozenset[int] | None:
    """The seats whose player lost every chip in the hand, or ``None`` when the hand does not tell: a seat all in
    with its whole stack busts when the pot, awarded in parts, gives it nothing, or when it mucked its hand at the
    end; it survives when it is the last seat in the hand."""
    out: set[int] = set()
    for seat in state.seats.values():
        if not (seat.all_in and seat.committed >= seat.stack):
            continue
        if state.award_shares:
            if not any(s == seat.seat and amount > 0 for s, amount in state.award_shares):
                out.add(seat.seat)
        elif seat.folded:
            out.add(seat.seat)
        elif state.live_seats != {seat.seat}:
            return None
    return frozenset(out)


def hand_at_table(state: HandState) -> HandAtTable | None:
    """What the hand leaves for the next one (``rotation.HandAtTable``), or ``None`` when it cannot be told (the
    posts not logged, a seat all in whose fate the log does not give)."""
    log = state.log
    out = busted(state)
    if out is None or state.omits(Omission.POSTS):
        return None
    away = frozenset(s.seat for s in state.seats.values() if s.entitled and not s.present)
    arrived = tuple(s.seat for s in state.seats.values() if s.seated_during_hand)
    return HandAtTable(family=state.spec.family, seats=log.seats, button=log.button, small_blind=state.sb_seat,
                       big_blind=state.bb_seat, dealt=state.order.seats, busted=out, arrived=arrived, away=away,
                       level=state.level)
