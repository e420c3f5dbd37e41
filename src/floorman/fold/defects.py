"""The step of a defect discovered (``defect``): a duplicate card, a foreign back, a card of the previous hand, a
card missing or not of the deck, a stub out of order, a wrong count, cards mixed into a hand, a player who knew of a
defect and played on."""

from __future__ import annotations

from typing import Final

from floorman.fold.cardcheck import FOUND_AT_TABLE, at_where
from floorman.fold.events import Action, CountCause, Defect, DefectDiscovered, Where
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.state import HandState
from floorman.fold.table import Family
from floorman.locale import Message

__all__ = ["count_found", "discover"]

_FOLD: Final = Action.FOLD


def discover(state: HandState, event: DefectDiscovered, at: int) -> None:
    what = event.what
    if what is Defect.DUPLICATE:
        if not any(f.irregularity is I.DUPLICATE_CARD and (f.card == event.card or event.card == "??")
                   for f in state.findings):
            state.add(Finding(at=at, irregularity=I.DUPLICATE_CARD, card=event.card, seat=event.seat,
                              note=FOUND_AT_TABLE))
    elif what is Defect.FOREIGN_BACK:
        kind = I.FOREIGN_BACK_IN_STUB if event.where is Where.STUB else I.FOREIGN_BACK_IN_PLAY
        if not any(f.irregularity is kind and (f.seat == event.seat or kind is I.FOREIGN_BACK_IN_STUB)
                   for f in state.findings):
            state.add(Finding(at=at, irregularity=kind, seat=event.seat, card=event.card,
                              note=at_where(event.where)))
    elif what is Defect.PREVIOUS_HAND_CARD:
        state.add(Finding(at=at, irregularity=I.PREVIOUS_HAND_CARD, seat=event.seat, card=event.card))
    elif what is Defect.MISSING_CARD:
        state.add(Finding(at=at, irregularity=I.MISSING_CARD, card=event.card))
    elif what is Defect.NON_STANDARD:
        if not any(f.irregularity is I.NON_STANDARD_CARD and f.seat == event.seat for f in state.findings):
            state.add(Finding(at=at, irregularity=I.NON_STANDARD_CARD, seat=event.seat, card=event.card,
                              note=at_where(event.where)))
    elif what is Defect.STUB_DISORDERED:
        state.add(Finding(at=at, irregularity=I.STUB_DISORDERED))
    elif what is Defect.WRONG_COUNT:
        _wrong_count(state, event, at)
    elif what is Defect.KNEW_DEFECT:
        state.add(Finding(at=at, irregularity=I.KNEW_DEFECT, seat=event.seat))
    elif what is Defect.MIXED:
        thrower = event.from_seat if event.from_seat is not None else _just_folded(state, event.seat)
        if thrower is not None:
            state.add(Finding(at=at, irregularity=I.CARDS_THROWN_INTO_HAND, seat=event.seat,
                              from_seat=thrower))
        else:
            seat = state.seats.get(event.seat or 0)
            count = seat.held if seat else None
            state.add(Finding(at=at, irregularity=I.WRONG_CARD_COUNT, seat=event.seat, count=count,
                              note=Message.of("finding.wrong_count.mixed")))


def _just_folded(state: HandState, seat: int | None) -> int | None:
    """The seat whose fold was the last thing to happen before cards were found mixed into ``seat``'s hand."""
    if not state.acted_at:
        return None
    at, last, action = state.acted_at[-1], state.acted_seat[-1], state.acted_kind[-1]
    if at == state.index - 1 and action is _FOLD and last != seat:
        return last
    return None


def _wrong_count(state: HandState, event: DefectDiscovered, at: int) -> None:
    seat = event.seat
    count = event.count or 0
    if event.caused_by is CountCause.PLAYER:
        if not any(f.irregularity is I.WRONG_COUNT_CAUSED_BY_PLAYER and f.seat == seat for f in state.findings):
            state.add(Finding(at=at, irregularity=I.WRONG_COUNT_CAUSED_BY_PLAYER, seat=seat, count=count,
                              from_seat=event.by_seat))
        return
    count_found(state, seat, count, at)


def count_found(state: HandState, seat: int | None, count: int, at: int) -> None:
    """The seat was found holding ``count`` cards that the deal did not give it as dealt: a wrong count (or, short at
    the button on the initial deal, the button's short deal), found once."""
    n = state.spec.hole_cards
    # in a draw game a count told once a draw has begun is that draw's (a hand short before the draw is live), and
    # the button's short deal (CNT-BTN-SHORT) is the initial deal's
    street = state.street if state.spec.family is Family.DRAW and state.street_idx > 0 else None
    kind = I.BUTTON_SHORT if state.order.is_button(seat) and count < n and street is None else I.WRONG_CARD_COUNT
    if not any(f.irregularity is kind and f.seat == seat for f in state.findings):
        state.add(Finding(at=at, irregularity=kind, seat=seat, count=count, street=street))
