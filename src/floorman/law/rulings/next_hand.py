"""What a log records beyond the hand itself, read against the hand's rulings and the book (hand log v1.1).

``next_hand.button`` is where the button went for the next deal: after a misdeal (or a fouled deck re-played) the
next deal is the re-play, whose button the ruling's re-deal header gives (RD-BUTTON, RD-BUTTON-ERROR-EXCEPTION,
FD-AFTERMATH); after a hand that was played it is the next position of the rotation, as the rotation model
(``floorman.fold.rotation``) places it after the hand's bust-outs (DEAL-DEADBUTTON, heads-up DEAL-ORDER-HU and
DEAL-HU-ADJUST), from where the button actually was when a misplaced button stood, where the book says it is not
moved back (MD-BUTTON-POSITION). ``next_hand.made_up`` names seats whose missed blinds the next hand makes up, where
the book leaves none to miss, or (a cash book) where the seat's blind of this hand was posted. ``pot_awarded.shares`` must come to the pot. Each departure is a finding; a record
that agrees with the ruling adds nothing.

The fold keeps each record as it was made (``HandState.awards``, ``next_hand``): the law reads it whenever it rules
(``recorded_findings``), against the rulings made before it and the book, and ``hand_findings`` places what it finds
among the fold's findings, where the record was made.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.fold.events import BlindKind
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog, Omission
from floorman.fold.rotation import HandAtTable, NextHand, next_hand
from floorman.fold.state import AwardRecorded, HandState, NextHandRecorded
from floorman.law.rulebooks import Rulebook
from floorman.law.rulings.model import Ruling, Verdict
from floorman.locale import Message

__all__ = ["hand_findings", "recorded_findings"]

_BLINDS = frozenset({BlindKind.SMALL_BLIND, BlindKind.BIG_BLIND})


def hand_findings(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None], *,
    open_only: bool = False,
) -> list[Finding]:
    """The hand's findings under ``book``: the fold's, and what the law finds in the records beyond the hand, each
    where its record was made; with ``open_only``, those no ruling has settled. ``rulings`` and ``redeals`` are the
    hand's so far (a ruling's re-deal header, None where the hand went on)."""
    if not state.awards and state.next_hand is None:
        return state.open_findings() if open_only else list(state.findings)
    recorded = recorded_findings(state, book, rulings, redeals)
    settled: frozenset[int] = frozenset()
    if open_only:
        settled = state.settled
        recorded = [(place, f) for place, f in recorded if f.at not in state.settled_records]
    out: list[Finding] = []
    k = 0
    for i, f in enumerate(state.findings):
        while k < len(recorded) and recorded[k][0] <= i:
            out.append(recorded[k][1])
            k += 1
        if i not in settled:
            out.append(f)
    out += [f for _, f in recorded[k:]]
    return out


def recorded_findings(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None],
) -> list[tuple[int, Finding]]:
    """What the records beyond the hand depart from, each finding with its place among the fold's findings (how many
    there were when the record was made): a pot awarded in parts that does not come to the pot; the next hand's
    button away from where the rulings made before it and the rotation put it, and blinds it made up that were not
    missed. A finding's ``at`` is its record's event index."""
    found: list[tuple[int, Finding]] = []
    for award in state.awards:
        finding = _award(state, book, award)
        if finding is not None:
            found.append((award.place, finding))
    record = state.next_hand
    if record is not None:
        found += [(record.place, f) for f in _next_hand_findings(state, book, rulings, redeals, record)]
    return found


def _verdicts_then(state: HandState, rulings: Sequence[Ruling], at: int) -> list[Verdict]:
    """The verdict that stood at event ``at`` of each ruling made before it: the floor's override applied before
    then, else the ruling's own."""
    verdicts: list[Verdict] = []
    for k, ruling in enumerate(rulings):
        if ruling.at is None or ruling.at >= at:
            break
        verdict = ruling.verdict
        for when, applied, override in state.applied:
            if applied == k and when < at and override is not None:
                verdict = Verdict(override)
        verdicts.append(verdict)
    return verdicts


def _rotation(state: HandState, table: HandAtTable | None) -> NextHand | None:
    """Where the rotation puts the next hand, when the hand tells it for sure (``rotation.next_hand``): the big blind
    goes to the player due and the button follows (DEAL-DEADBUTTON); heads-up, and on the hand that makes the table
    heads-up, nobody takes the big blind twice and the small blind is the button (DEAL-HU-ADJUST, DEAL-ORDER-HU).
    ``None`` when it cannot be told: no button game, posts not logged, a seat all in whose fate the log does not
    give."""
    if state.is_stud or state.log.button is None or not state.order.seats:
        return None
    if table is None or table.big_blind is None:
        return None
    nxt = next_hand(table)
    return nxt if nxt.certain else None


def _next_hand_findings(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None],
    record: NextHandRecorded,
) -> list[Finding]:
    """What ``next_hand`` records that departs from the hand's rulings (those made before it) and from the book."""
    at = record.at
    found: list[Finding] = []
    if state.next_button is not None:
        verdicts = _verdicts_then(state, rulings, at)
        button = _button(state, book, verdicts, redeals, state.next_button, record)
        if button is not None:
            found.append(button)
    made_up = state.made_up
    if made_up and book.params.missed_blinds == "none":
        found += [Finding(at=at, irregularity=I.MISSED_BLINDS_MADE_UP, seat=seat) for seat in made_up]
    elif made_up:
        # a book that leaves blinds to miss: a player makes up the blinds he missed, and one whose blind of this hand
        # was posted missed none in it (blinds missed in earlier hands are not in the log)
        posted = {p.seat for p in state.posts if p.blind in _BLINDS}
        found += [Finding(at=at, irregularity=I.MISSED_BLINDS_MADE_UP, seat=seat) for seat in made_up
                  if seat in posted]
    return found


def _button(
    state: HandState, book: Rulebook, verdicts: Sequence[Verdict], redeals: Sequence[HandLog | None], button: int,
    record: NextHandRecorded,
) -> Finding | None:
    at = record.at
    cancelled = next((i for i, verdict in enumerate(verdicts) if verdict is not Verdict.CONTINUE), None)
    if cancelled is not None:
        verdict = verdicts[cancelled]
        header = redeals[cancelled] if cancelled < len(redeals) else None
        expected = header.button if header is not None else state.log.button
        if expected is None or expected == button:
            return None
        corrected = state.log.button is not None and expected != state.log.button
        why = "corrected" if corrected else verdict.value
        return Finding(at=at, irregularity=I.BUTTON_MOVED_ON_REDEAL, seat=button, expected_seat=expected,
                       note=Message.of(f"finding.next_button.{why}"))
    nxt = _rotation(state, record.table)
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


def _award(state: HandState, book: Rulebook, award: AwardRecorded) -> Finding | None:
    """A pot awarded in parts whose parts do not come to the pot: more than it holds, or, where every chip of the
    pot is awarded (no rake), less."""
    if state.omits(Omission.POSTS):
        return None
    awarded = sum((amount for _, amount in award.shares), start=0)
    pot = award.pot
    if awarded == pot or (awarded < pot and not book.params.award_whole_pot):
        return None
    return Finding(at=award.at, irregularity=I.AWARD_NOT_ADDING_UP,
                   note=Message.of("finding.award.not_adding_up", awarded=awarded, pot=pot))
