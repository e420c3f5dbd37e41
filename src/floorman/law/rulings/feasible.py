"""What the table can still carry out: the one place that says, from the hand as it stands, whether a remedy step
can still be done.

A remedy written for the moment an irregularity happens can outlive that moment: an exposed hole card found only
at showdown can no longer be replaced and used as the flop burn (the flop is out and covered by the turn and the
river), a burn order can no longer be restored once no card is left to come. Each step works on some cards, and
those cards have a deadline:

- a step that deals a street still to come (``deal_without_burn``, a seat's card used as that street's burn) can be
  done until that street is dealt;
- a step that redoes a street already out (``complete_board``, ``redeal_board``, the turned card used as its burn,
  the flop cards scrambled) until the next street is dealt, and the last street's until the pot is awarded
  (LA-169 corrects the last round's burn error until then);
- a step that puts the burns right so that a street's card is the one that would have come (``restore_order``)
  while that street is still to come, or it is out and the next street is still to come;
- a step that repairs a seat's cards (a replacement, a missing card, an upcard) while the seat still holds its
  hand, the hand has not reached its showdown, and no street after the one the cards belong to has been dealt;
- the four-card flop's random pick out of play while the board is on the table (until the pot is awarded);
- the rest (a re-deal, chips back, a hand killed, a card taken out of the deck, a board that stands) while the
  hand's dispute window is open, which the ruling itself decides (DISP-WINDOW).

The deciding step asks :func:`too_late` of every step of a decision row it applies; a row any of whose steps the
table can no longer carry out is not offered (see ``Context.apply``).
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.fold.findings import Finding
from floorman.fold.state import HandState
from floorman.fold.table import Street
from floorman.law.rulings.model import Remedy, RemedyKind
from floorman.locale import Message

__all__ = ["too_late", "what_the_floor_can_still_do"]

_SEAT_REPAIRS = frozenset({
    RemedyKind.REPLACE_CARD, RemedyKind.DEAL_MISSING_CARD, RemedyKind.TURN_UP_CARD, RemedyKind.CORRECT_BRING_IN,
    RemedyKind.DEAL_FACE_DOWN, RemedyKind.DEAL_FACE_UP,
})
"""Steps that repair the cards a seat holds (or is about to be dealt)."""
_STREET_TO_COME = frozenset({RemedyKind.SET_ASIDE_CARD, RemedyKind.COMMUNITY_CARD})
"""Steps on a street that has not been dealt yet."""
_STREET_OUT = frozenset({
    RemedyKind.COMPLETE_BOARD, RemedyKind.REDEAL_BOARD, RemedyKind.DEAL_WITHOUT_BURN, RemedyKind.RESHUFFLE_STUB,
})
"""Steps that redo (or finish) a street that may already be out."""


def _index(state: HandState, street: str | Street | None) -> int | None:
    streets = state.spec.streets
    if street is None:
        return None
    try:
        return streets.index(Street(street))
    except ValueError:
        return None


def _later_street_dealt(state: HandState, i: int) -> Message | None:
    """The first street after the street at index ``i`` that has been dealt, as the reason, if one has."""
    if state.street_idx > i:
        return Message.of("remedy.too_late.street_dealt", street=state.spec.streets[i + 1].value)
    return None


def _over(state: HandState, *, until_award: bool = False) -> Message | None:
    """The hand is past the moment of its cards: the pot awarded, or (unless ``until_award``) every other hand
    folded, or the showdown come with every street dealt (hands tabled all in before the board is out still get
    their board)."""
    if state.pot_awarded:
        return Message.of("remedy.too_late.pot_awarded")
    if until_award:
        return None
    if state.hand_over:
        return Message.of("remedy.too_late.hand_over")
    if state.showdown_at is not None and state.street_idx >= len(state.spec.streets) - 1:
        return Message.of("remedy.too_late.showdown")
    return None


def _street_of(step: Remedy, findings: Sequence[Finding], state: HandState) -> int | None:
    """The street whose cards a seat's repair works on: the step's own, else that of the seat's finding (the
    first street for a card of the initial deal); None when neither says."""
    own = _index(state, step.fields.get("street"))
    if own is not None:
        return own
    seat = step.fields.get("seat")
    for f in findings:
        if f.seat == seat and f.seat is not None:
            if f.street is not None:
                return _index(state, f.street)
            if f.during_initial_deal:
                return 0
    return None


def _seat_repair(state: HandState, step: Remedy, findings: Sequence[Finding]) -> Message | None:
    over = _over(state)
    if over is not None:
        return over
    seat_no = step.fields.get("seat")
    seat = state.seats.get(seat_no) if isinstance(seat_no, int) else None
    if seat_no is not None and (seat is None or seat.folded or seat.dead):
        return Message.of("remedy.too_late.seat_out", seat=seat_no)
    i = _street_of(step, findings, state)
    if i is None:
        return None
    later = _later_street_dealt(state, i)
    if later is not None:
        return later
    if step.do in (RemedyKind.DEAL_FACE_DOWN, RemedyKind.DEAL_FACE_UP) and seat is not None:
        # the seat's card of that street is the one the step deals: not once it has been dealt
        full = state.spec.hole_cards + i
        if seat.held >= full:
            return Message.of("remedy.too_late.seat_dealt", seat=seat.seat, street=state.spec.streets[i].value)
    return None


def _street_to_come(state: HandState, i: int | None) -> Message | None:
    over = _over(state)
    if over is not None or i is None:
        return over
    if state.street_idx >= i:
        return Message.of("remedy.too_late.street_dealt", street=state.spec.streets[i].value)
    return None


def _street_out(state: HandState, i: int | None) -> Message | None:
    """A street already out is redone: until the next street is dealt, the last one until the pot is awarded."""
    if i is None:
        return _over(state, until_award=True)
    last = i == len(state.spec.streets) - 1
    over = _over(state, until_award=last)
    return over if over is not None else _later_street_dealt(state, i)


def too_late(state: HandState, step: Remedy, findings: Sequence[Finding] = ()) -> Message | None:
    """Why the table can no longer carry ``step`` out as the hand stands (the moment that has passed), or None
    when it still can. ``findings`` are those the step's decision rules on (a seat's repair takes the street of
    the seat's finding when the step names none).

    >>> from floorman.fold.levels import Level
    >>> from floorman.fold.log import HandLog
    >>> from floorman.fold.table import Game, Player
    >>> players = tuple(Player(seat=s, name=f"p{s}", stack=10_000) for s in (1, 2, 3))
    >>> log = HandLog(game=Game.HOLDEM, seats=3, level=Level(small_blind=50, big_blind=100), players=players, button=3)
    >>> state = HandState(log)
    >>> too_late(state, Remedy.of(RemedyKind.DEAL_WITHOUT_BURN, street="flop")) is None
    True
    >>> state.street_idx = 2  # the turn is out
    >>> too_late(state, Remedy.of(RemedyKind.DEAL_WITHOUT_BURN, street="flop")).id
    'remedy.too_late.street_dealt'
    >>> state.pot_awarded = True
    >>> too_late(state, Remedy.of(RemedyKind.RESTORE_ORDER, street="turn")).id
    'remedy.too_late.pot_awarded'
    >>> too_late(state, Remedy.of(RemedyKind.REDEAL)) is None
    True
    """
    do = step.do
    fields = step.fields
    street = _index(state, fields.get("street"))
    if do in _SEAT_REPAIRS:
        return _seat_repair(state, step, findings)
    if do is RemedyKind.SCRAMBLE_AND_PICK_BURN:
        if fields.get("turn_up"):
            return _seat_repair(state, step, findings)
        if fields.get("out_of_play"):
            return _over(state, until_award=True)
        # the cards scrambled are the flop's: not once the street after the flop has been dealt
        return _street_out(state, _index(state, Street.FLOP))
    if do is RemedyKind.USE_AS_BURN:
        if fields.get("seat") is not None:  # a seat's card becomes the burn of a street still to come
            return _street_to_come(state, street)
        return _street_out(state, street)
    if do in _STREET_TO_COME:
        return _street_to_come(state, street)
    if do in _STREET_OUT:
        return _street_out(state, street) if street is not None else None
    if do is RemedyKind.RESTORE_ORDER:
        over = _over(state)
        if over is not None or street is None or state.street_idx < street:
            return over
        if street == len(state.spec.streets) - 1:
            return Message.of("remedy.too_late.nothing_to_come")
        return _later_street_dealt(state, street)
    return None


def what_the_floor_can_still_do(state: HandState) -> Message:
    """What is left to the floor once the text's remedy can no longer be carried out."""
    if state.pot_awarded:
        return Message.of("ruling.too_late.now.awarded")
    if _over(state) is not None:
        return Message.of("ruling.too_late.now.showdown")
    return Message.of("ruling.too_late.now.play_on")
