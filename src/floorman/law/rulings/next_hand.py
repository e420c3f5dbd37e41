"""What a log records beyond the hand itself, read against the hand's rulings and the book (hand log v1.1).

``next_hand.button`` is where the button went for the next deal: after a misdeal (or a fouled deck re-played) the
next deal is the re-play, whose button the ruling's re-deal header gives (RD-BUTTON, RD-BUTTON-ERROR-EXCEPTION,
FD-AFTERMATH); after a hand that was played it is the next position of the rotation, as the rotation model
(``floorman.fold.rotation``) places it after the hand's bust-outs (DEAL-DEADBUTTON, heads-up DEAL-ORDER-HU and
DEAL-HU-ADJUST), from where the button actually was when a misplaced button stood, where the book says it is not
moved back (MD-BUTTON-POSITION). ``next_hand.made_up`` names seats whose missed blinds the next hand makes up, where
the book leaves none to miss, or (a cash book) where the seat's blind of this hand was posted. ``pot_awarded.shares`` must come to the pot. Each departure is a finding; a record
that agrees with the ruling adds nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.fold.events import BlindKind, NextHandBegan, PotAwarded
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog, Omission
from floorman.fold.rotation import HandAtTable, NextHand, next_hand
from floorman.fold.state import HandState
from floorman.law.rulebooks import Rulebook
from floorman.law.rulings.model import Ruling, Verdict
from floorman.locale import Message

__all__ = ["award_findings", "busted", "hand_at_table", "next_hand_findings", "rotation_button"]

_BLINDS = frozenset({BlindKind.SMALL_BLIND, BlindKind.BIG_BLIND})


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


def rotation_button(state: HandState) -> int | None:
    """Where the rotation puts the next hand's button, when the hand tells it for sure (``rotation.next_hand``):
    the big blind goes to the player due and the button follows (DEAL-DEADBUTTON); heads-up, and on the hand that
    makes the table heads-up, nobody takes the big blind twice and the small blind is the button (DEAL-HU-ADJUST,
    DEAL-ORDER-HU). ``None`` when it cannot be told: no button game, posts not logged, a seat all in whose fate the
    log does not give."""
    nxt = _rotation(state)
    return nxt.button if nxt is not None else None


def _rotation(state: HandState) -> NextHand | None:
    if state.is_stud or state.log.button is None or not state.order.seats:
        return None
    after = hand_at_table(state)
    if after is None or after.big_blind is None:
        return None
    nxt = next_hand(after)
    return nxt if nxt.certain else None


def next_hand_findings(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None],
    event: NextHandBegan, at: int,
) -> list[Finding]:
    """What ``next_hand`` records that departs from the hand's rulings (those made before it) and from the book."""
    found: list[Finding] = []
    if event.button is not None:
        button = _button(state, book, rulings, redeals, event.button, at)
        if button is not None:
            found.append(button)
    if event.made_up and book.params.missed_blinds == "none":
        found += [Finding(at=at, irregularity=I.MISSED_BLINDS_MADE_UP, seat=seat) for seat in event.made_up]
    elif event.made_up:
        # a book that leaves blinds to miss: a player makes up the blinds he missed, and one whose blind of this hand
        # was posted missed none in it (blinds missed in earlier hands are not in the log)
        posted = {p.seat for p in state.posts if p.blind in _BLINDS}
        found += [Finding(at=at, irregularity=I.MISSED_BLINDS_MADE_UP, seat=seat) for seat in event.made_up
                  if seat in posted]
    return found


def _button(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None], button: int,
    at: int,
) -> Finding | None:
    cancelled = next((i for i, r in enumerate(rulings) if r.final_verdict is not Verdict.CONTINUE), None)
    if cancelled is not None:
        verdict = rulings[cancelled].final_verdict
        header = redeals[cancelled] if cancelled < len(redeals) else None
        expected = header.button if header is not None else state.log.button
        if expected is None or expected == button:
            return None
        corrected = state.log.button is not None and expected != state.log.button
        why = "corrected" if corrected else verdict.value
        return Finding(at=at, irregularity=I.BUTTON_MOVED_ON_REDEAL, seat=button, expected_seat=expected,
                       note=Message.of(f"finding.next_button.{why}"))
    nxt = _rotation(state)
    expected = nxt.button if nxt is not None else None
    if nxt is None or expected is None or expected == button:
        return None
    log = state.log
    misplaced = log.button_should_be is not None and log.button is not None and log.button_should_be != log.button
    if misplaced and book.params.misplaced_button_next == "each_position":
        return None  # the book sets the next button so that every player gets each position: the floor's placement
    why = (_misplaced(state) if misplaced else "heads_up" if state.order.heads_up
           else "to_heads_up" if nxt.heads_up else "rotation")
    return Finding(at=at, irregularity=I.NEXT_BUTTON_MISPLACED, seat=button, expected_seat=expected,
                   note=Message.of(f"finding.next_button.{why}"))


def _misplaced(state: HandState) -> str:
    """How the button was misplaced: moved too far (``ahead``: past the seat due, as a button moved twice) or left
    behind (``behind``: not moved, the seat due still waiting)."""
    log = state.log
    assert log.button is not None and log.button_should_be is not None
    ahead = (log.button - log.button_should_be) % log.seats <= log.seats // 2
    return "ahead" if ahead else "behind"


def award_findings(state: HandState, book: Rulebook, event: PotAwarded, at: int) -> list[Finding]:
    """A pot awarded in parts whose parts do not come to the pot: more than it holds, or, where every chip of the
    pot is awarded (no rake), less."""
    if not event.shares or state.omits(Omission.POSTS):
        return []
    awarded = sum((share.amount for share in event.shares), start=0)
    pot = state.contested_pot
    if awarded == pot or (awarded < pot and not book.params.award_whole_pot):
        return []
    return [Finding(at=at, irregularity=I.AWARD_NOT_ADDING_UP,
                    note=Message.of("finding.award.not_adding_up", awarded=awarded, pot=pot))]

