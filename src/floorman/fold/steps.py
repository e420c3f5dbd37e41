"""The fold: the step for each kind of event, and the closing step.

``fold`` folds one event into the hand (``begin`` makes the hand before its first event): ``STEPS`` maps each kind
of event to its step, which changes the hand's state by that one event and records what is irregular about it.
``closing_findings`` is the closing step: what calling the floor now (or ending the hand) finds that no single event
showed. ``deck_counts`` is the last look at the end of a hand. What the floor's rulings do to the hand comes back as
facts (``ruled``). ``floorman.engine.hand`` runs the fold; this is the only place a hand is followed.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from floorman.fold import betting, dealing, streets
from floorman.fold.aftermath import hand_at_table
from floorman.fold.cardcheck import BOXED, at_seat, see
from floorman.fold.defects import count_found, discover
from floorman.fold.events import (
    Action,
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardFound,
    CardFoundInBurns,
    CardsDiscarded,
    DealCompleted,
    DefectDiscovered,
    Event,
    ExposedBy,
    FloorCalled,
    FoundWhere,
    HandBegan,
    HandMucked,
    HandShown,
    LevelChanged,
    MuckIdentified,
    MuckRetrieved,
    NextHandBegan,
    Origin,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
    RulingApplied,
    StubDropped,
    StubShuffled,
)
from floorman.fold.findings import MIXED_WITH, DeckCheck, DeckCount, Finding, SetAside
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog, Omission, Version
from floorman.fold.rotation import hand_level
from floorman.fold.seat import SeatState, cards_held
from floorman.fold.state import AwardRecorded, HandState, NextHandRecorded
from floorman.fold.table import Family, Level, PlayerStatus, Street
from floorman.locale import Message

__all__ = ["PROGRESS", "STEPS", "begin", "close", "closing_findings", "deck_counts", "fold"]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_FOLD: Final = Action.FOLD
_BRING_IN: Final = BlindKind.BRING_IN
_FLOP_GAME: Final = Family.FLOP
_STUD_GAME: Final = Family.STUD
_OMITTED_BURNS: Final = Omission.BURNS
_WAITING: Final = PlayerStatus.WAITING
_FLOP: Final = Street.FLOP
_V1_1: Final = Version.V1_1

PROGRESS: Final = (CardDealt, PlayerActed, CardBurned, BoardCardDealt, CardsDiscarded)
"""The events that carry a hand forward (played on after a misdeal was called, they are reported)."""


def closing_findings(state: HandState) -> list[Finding]:
    """The closing step: what calling the floor now would find that no event has shown yet.

    The deal as it stands (a seat short or long, the order), a flop short of cards, a stud stub too
    short for seventh street. It only reads the hand: the caller records the findings (a floor
    call, the end of the hand) or judges with them (a ruling asked for now).
    """
    found = list(state.findings)
    known = len(found)
    found += _level_findings(state.pending_levels)
    dealing.evaluate_initial(state, final=False, found=found)
    short = _short_flop(state, found)
    if short is not None:
        found.append(short)
    streets.check_seventh_street_due(state, found)
    streets.check_last_street_counts(state, found)
    streets.check_draw_counts(state, found)
    return found[known:]


_BOARD_KINDS: Final = frozenset({I.FOUR_CARD_FLOP, I.FLOP_FIVE_OR_MORE, I.SHORT_FLOP, I.PREMATURE_CARD,
                          I.STUD_SHORT_STUB})
_COUNT_KINDS: Final = frozenset({I.EXTRA_CARD, I.WRONG_CARD_COUNT, I.BUTTON_SHORT, I.ACTED_WITH_WRONG_COUNT,
                          I.SEAT_DEALT_OUT, I.CARDS_THROWN_INTO_HAND, I.STUD_SHORT_STUB, I.BOXED_CARD,
                          I.EXPOSED_HOLE_CARD, I.EXPOSED_REPLACEMENT_CARD, I.EXPOSED_AFTER_DEAL})


def deck_counts(state: HandState, findings: Sequence[Finding]) -> tuple[DeckCount, ...]:
    """The end-of-hand counts no finding already covers: board cards of a flop game, hole cards of the seats in.

    The board must not go past the river, and must be complete once two players have tabled
    their hands; at the end of a hand every seat still in holds what the game deals by then.
    """
    spec = state.spec
    kinds = {f.irregularity for f in findings}
    counts: list[DeckCount] = []
    board_at = state.board_events
    showdown = state.showdown_at
    last = state.index
    if spec.family is _FLOP_GAME and not kinds & _BOARD_KINDS:
        full = sum(spec.board_cards)
        if len(board_at) > full:
            counts.append(DeckCount(at=board_at[full], check=DeckCheck.BOARD_COUNT, count=len(board_at)))
        elif showdown is not None and len(board_at) < full:
            counts.append(DeckCount(at=last, check=DeckCheck.BOARD_COUNT, count=len(board_at)))
    if state.hand_over or showdown is not None:
        counted = {f.seat for f in findings if f.irregularity in _COUNT_KINDS}
        due = spec.hole_cards + (state.street_idx if spec.family is _STUD_GAME else 0)
        for seat in state.seats.values():
            if seat.in_hand and seat.seat not in counted and seat.held != due:
                counts.append(DeckCount(at=last, check=DeckCheck.HOLE_COUNT, seat=seat.seat, count=seat.held))
    return tuple(counts)


def _short_flop(state: HandState, found: Sequence[Finding]) -> Finding | None:
    """A flop of one or two cards, found once (``found``: what is already known)."""
    if state.street is _FLOP and state.is_flop_game and not any(f.irregularity is I.SHORT_FLOP for f in found):
        count = len(state.board.get(_FLOP, []))
        if 0 < count < 3:
            return Finding(at=state.index, irregularity=I.SHORT_FLOP, street=_FLOP, count=count)
    return None


def _close_initial_if(state: HandState, at: int) -> None:
    if state.initial_open and state.initial_seats:
        dealing.close_initial(state, at)


def _post(state: HandState, event: BlindPosted, at: int) -> None:
    _hand_under_way(state)
    if event.blind is _BRING_IN:
        _close_initial_if(state, at)
    betting.post(state, event, at)  # finds, among others, blinds posted at the old level


def _level_findings(pending: list[tuple[int, Level]]) -> list[Finding]:
    return [Finding(at=at, irregularity=I.LEVEL_CHANGED_DURING_HAND) for at, _ in pending]


def _hand_under_way(state: HandState) -> None:
    """Something of the hand happened (a post, a card, an action) with no ``hand_began`` first: the level changes
    held back were made during the hand, as in a version 1 log."""
    if state.pending_levels:
        state.findings += _level_findings(state.pending_levels)
        state.pending_levels.clear()


def _hand_began(state: HandState, event: HandBegan, at: int) -> None:
    """The hand began (DEF-HAND-START): the level in force now is the hand's (LVL-NEW-HAND)."""
    if state.hand_began_at is not None:
        return
    state.hand_began_at = at
    if state.pending_levels:
        before, changed = state.level, state.pending_levels[-1][1]
        redeal = state.log.redeal_of is not None
        state.level = hand_level(header=before, changed_before_start=changed, redeal=redeal)
        if redeal:  # the re-deal keeps the original hand's level; the new one waits for the next hand (RD-LIMITS)
            state.level_next_hand = changed
        else:
            state.level_before_start = before
        state.pending_levels.clear()


def _deal_completed(state: HandState, event: DealCompleted, at: int) -> None:
    """The initial deal is complete (DEF-INITIAL-DEAL): seats short now are short, the absent now are absent."""
    if state.deal_completed_at is None:
        state.deal_completed_at = at
    _close_initial_if(state, at)


def _found_in_burns(state: HandState, event: CardFoundInBurns, at: int) -> None:
    """A card among the burns that no ``burn`` shows: a second burn on its street (or the burn the log left out)."""
    see(state, event.card, at=at, where=Message.of("finding.place.burn"))
    street = event.street or max(state.burns, key=state.spec.streets.index, default=state.street)
    burns = state.burns.setdefault(street, [])
    burns.append(event.card)
    designated = state.designated_burn.get(street)
    count = len(burns) + (1 if designated is not None else 0)
    if count > 1 and not state.omits(_OMITTED_BURNS):
        state.add(Finding(at=at, irregularity=I.EXTRA_BURN, street=street, count=count, card=event.card,
                          note=designated.note() if designated is not None else None))


def _muck_retrieved(state: HandState, event: MuckRetrieved, at: int) -> None:
    """A seat's cards came back from the muck: they are the seat's again; the ruling says whether they play."""
    seat = state.seats[event.seat]
    seat.folded = False
    state.tabled.discard(event.seat)
    for card in event.cards:
        if card != "??" and card not in seat.live_faces():
            seat.add_card(card, at)
    state.add(Finding(at=at, irregularity=I.MUCKED_HAND_RETRIEVED, seat=event.seat, count=len(event.cards) or None,
                      note=_RETRIEVED[event.identified]))


def _card_found(state: HandState, event: CardFound, at: int) -> None:
    """A card no deal put where it was found: in a hand it is an extra card there; off the table or loose on it,
    a card of this deck the hand was played without."""
    if event.where is FoundWhere.HAND and event.seat is not None:
        if event.origin is Origin.UNKNOWN:
            state.add(Finding(at=at, irregularity=I.CARD_OF_UNKNOWN_ORIGIN, seat=event.seat, card=event.card))
            return
        seat = state.seats[event.seat]
        seat.add_card(event.card, at)
        see(state, event.card, at=at, where=at_seat(event.seat), seat=event.seat)
        if not state.initial_open:  # during the initial deal, its close counts the seat's cards
            count_found(state, event.seat, cards_held(seat), at)
        return
    if event.origin is Origin.THIS_DECK:
        see(state, event.card, at=at, where=Message.of(
            "finding.place.off_table" if event.where is FoundWhere.OFF_TABLE else "finding.place.found_at_table"))
    state.add(Finding(at=at, irregularity=I.CARD_FOUND_OFF_TABLE, card=event.card,
                      note=_FOUND[event.where is FoundWhere.OFF_TABLE, event.origin]))


_RETRIEVED = {
    MuckIdentified.KEPT_APART: Message.of("finding.retrieved.kept_apart"),
    MuckIdentified.FACES_KNOWN: Message.of("finding.retrieved.faces_known"),
    MuckIdentified.CAMERA: Message.of("finding.retrieved.camera"),
    MuckIdentified.TABLE_AGREEMENT: Message.of("finding.retrieved.table_agreement"),
    MuckIdentified.NOT_IDENTIFIED: Message.of("finding.retrieved.not_identified"),
}
"""The note of a hand taken back from the muck: how it was told apart."""
_FOUND = {
    (True, Origin.THIS_DECK): Message.of("finding.found.off_table.this_deck"),
    (True, Origin.UNKNOWN): Message.of("finding.found.off_table.unknown"),
    (False, Origin.THIS_DECK): Message.of("finding.found.table.this_deck"),
    (False, Origin.UNKNOWN): Message.of("finding.found.table.unknown"),
}
"""The note of a card found outside play: (off the table, or loose on it; where it came from)."""


def _stub_dropped(state: HandState, event: StubDropped, at: int) -> None:
    """The stub was dropped (STUB-DISORDERED): rebuilt in order, or not; alone, or mixed with the muck or burns."""
    if event.rebuilt:
        note = Message.of("finding.stub.rebuilt")
    elif event.mixed_with:
        mixed = tuple(sorted({m.value for m in event.mixed_with}))
        note = Message.of("finding.stub.mixed", mixed_with=mixed, into=MIXED_WITH[mixed])
    else:
        note = Message.of("finding.stub.order_lost")
    state.add(Finding(at=at, irregularity=I.STUB_DISORDERED, note=note))


def _boxed(state: HandState, event: BoxedCardFound, at: int) -> None:
    state.deck_position += 1
    see(state, event.card, at=at, where=BOXED)
    first_pass = state.initial_open and not state.deal_finished
    owed = not first_pass and any(s.owed_replacements > 0 for s in state.seats.values())
    state.add(Finding(at=at, irregularity=I.BOXED_CARD, card=event.card, street=state.street,
                      during_initial_deal=first_pass or owed, replacement=owed))
    if first_pass or owed:
        state.boxed_initial += 1


def _burn(state: HandState, event: CardBurned, at: int) -> None:
    _hand_under_way(state)
    _close_initial_if(state, at)
    back = event.back
    if back is not None:
        if state.deck_back is None:
            state.deck_back = back
        elif back != state.deck_back:
            state.add(Finding(at=at, irregularity=I.FOREIGN_BACK_ON_BURN, card=event.card, street=state.street))
    streets.burn(state, event, at)


def _board(state: HandState, event: BoardCardDealt, at: int) -> None:
    _hand_under_way(state)
    state.board_events.append(at)
    _close_initial_if(state, at)
    streets.board_card(state, event, at)


def _discard(state: HandState, event: CardsDiscarded, at: int) -> None:
    _close_initial_if(state, at)
    streets.discard(state, event, at)


def _table(state: HandState, seat: int, at: int) -> None:
    """A seat tabled its hand (shown or mucked at the end): the second one makes the showdown."""
    state.tabled.add(seat)
    if state.showdown_at is None and len(state.tabled) >= 2:
        state.showdown_at = at


def _muck(state: HandState, event: HandMucked, at: int) -> None:
    seat = state.seats.get(event.seat)
    if event.by is ExposedBy.DEALER:
        state.dealer_mucked.add(event.seat)
        if seat is not None and seat.in_hand and _is_contested(state):
            # a live hand the dealer killed before the showdown: the law says what its player has back
            state.add(Finding(at=at, irregularity=I.HAND_MUCKED_BY_DEALER, seat=event.seat))
    _table(state, event.seat, at)
    if seat is not None:
        seat.folded = True


def _is_contested(state: HandState) -> bool:
    """Two seats or more still play for the pot and it has not come to the showdown."""
    return not state.hand_over and state.showdown_at is None and len(state.live_seats) >= 2


def _arrive(state: HandState, event: PlayerArrived, at: int) -> None:
    state.seats[event.seat].present = True


def _leave(state: HandState, event: PlayerLeft, at: int) -> None:
    seat = state.seats[event.seat]
    seat.present = False
    if not state.initial_open and seat.in_hand and not state.hand_over:
        state.add(Finding(at=at, irregularity=I.PLAYER_AWAY_DURING_HAND, seat=event.seat))


def _seat_player(state: HandState, event: PlayerSeated, at: int) -> None:
    state.seat(SeatState(
        seat=event.seat, name=event.name, stack=event.stack, status=_WAITING,
        entitled=False, present=True, seated_during_hand=True,
    ))


def _level_change(state: HandState, event: LevelChanged, at: int) -> None:
    """The clock moved. In a version 1.1 log, a change logged before anything of the hand waits: a ``hand_began``
    after it makes it the hand's level (LVL-NEW-HAND); a post, card or action first makes it a change during the
    hand, as in version 1."""
    if (state.log.version is _V1_1 and state.hand_began_at is None and not state.posts
            and not state.initial_seats and not state.acted_at and not state.board_events):
        state.pending_levels.append((at, event.level))
        return
    state.level_changes.append((at, event.level))
    state.add(Finding(at=at, irregularity=I.LEVEL_CHANGED_DURING_HAND))


def _shuffle(state: HandState, event: StubShuffled, at: int) -> None:
    streets.reshuffle(state)


def _pot_awarded(state: HandState, event: PotAwarded, at: int) -> None:
    """The pot was awarded: the hand is over. A pot awarded in parts is kept with the pot as it stood, for the law to
    check the parts against."""
    state.pot_awarded = True
    state.hand_over = True
    state.award_during_break = event.during_break
    if event.shares:
        state.award_shares = tuple((share.seat, share.amount) for share in event.shares)
        state.awards += (AwardRecorded(at=at, place=len(state.findings), shares=state.award_shares,
                                       pot=state.contested_pot),)


def _next_hand(state: HandState, event: NextHandBegan, at: int) -> None:
    """The next hand began: what the log records after it is not part of this hand. What this hand left for the next
    one is kept as it stands now, for the law to check the next button against."""
    state.next_hand_begun = True
    state.next_button = event.button
    state.made_up = event.made_up
    state.next_hand = NextHandRecorded(at=at, place=len(state.findings), table=hand_at_table(state))


def _floor_called(state: HandState, event: FloorCalled, at: int) -> None:
    """The floor was called: what calling it finds that no event showed is recorded in the hand (the closing step),
    and who is away then is kept (for a misdeal before the deal's last card, "away for the original deal" is measured
    then: RD-ABSENT). The ruling is the law's (``floorman.engine.hand`` asks for it)."""
    state.floors.append(at)
    state.away_at_floor = frozenset(s.seat for s in state.seats.values() if s.entitled and not s.present)
    state.seconds_after_award = event.seconds_after_award
    close(state)


def close(state: HandState) -> None:
    """The closing step, recorded in the hand: what calling the floor now (or ending the hand) finds that no event
    showed (``closing_findings``)."""
    state.findings += closing_findings(state)


def _ruling_applied(state: HandState, event: RulingApplied, at: int) -> None:
    """A ruling was applied, as ruled or overridden: kept as it was logged. What it does to the hand comes back from
    the ruling, which is the law's, as facts (``ruled``)."""
    override = event.override.verdict if event.override is not None else None
    state.applied += ((at, event.ruling, override),)


def begin(log: HandLog) -> HandState:
    """The hand before its first event: a button the header says is misplaced is found at once."""
    state = HandState(log)
    if log.button_should_be is not None and log.button is not None and log.button_should_be != log.button:
        state.add(Finding(at=0, irregularity=I.BUTTON_MISPLACED, seat=log.button, expected_seat=log.button_should_be))
    return state


def fold(state: HandState, event: Event, at: int) -> None:
    """Fold one event, the log's ``at``-th, into the hand (it happened: it is always taken).

    Play carried on after the floor called the hand off is found once; what the log records after the next hand
    began is not part of this hand (found once, and left out), but for the floor's calls and rulings applied.
    """
    state.index = at
    if state.called_off_at is not None and not state.played_on_reported and isinstance(event, PROGRESS):
        state.played_on_reported = True
        state.add(Finding(at=at, irregularity=I.PLAYED_ON_AFTER_RULING,
                          note=Message.of("finding.played_on.ruled_at", at=state.called_off_at)))
    step = STEPS.get(type(event)) or _step_of(event)
    if state.next_hand_begun and step is not _floor_called and step is not _ruling_applied:
        if not state.has(I.EVENT_AFTER_NEXT_HAND):
            state.add(Finding(at=at, irregularity=I.EVENT_AFTER_NEXT_HAND))
        return
    step(state, event, at)


def _step_of(event: Event) -> Callable[[HandState, Any, int], None]:
    """The fold's step for an instance of a subclass of an event class."""
    return next(f for kind, f in STEPS.items() if isinstance(event, kind))


def _deal(state: HandState, event: CardDealt, at: int) -> None:
    _hand_under_way(state)
    if state.initial_open:
        state.deck_position += 1
        dealing.deal_initial(state, event, at)
    elif state.is_stud:
        streets.stud_card(state, event, at)
    else:
        state.deck_position += 1
        dealing.deal_after(state, event, at)


def _act(state: HandState, event: PlayerActed, at: int) -> None:
    if state.pot_awarded:  # the hand is over: the action is not part of it
        state.add(Finding(at=at, irregularity=I.ACTED_AFTER_POT_AWARDED, seat=event.seat))
        return
    _hand_under_way(state)
    if state.initial_open:
        _close_initial_if(state, at)
    if state.street is _FLOP:
        short = _short_flop(state, state.findings)
        if short is not None:
            state.add(short)
    seat = state.seats[event.seat]
    n = state.spec.hole_cards
    short_button = (
        state.street_idx == 0 and 0 < seat.held < n and state.spec.family is not _STUD_GAME
        and any(f.irregularity is I.BUTTON_SHORT and f.seat == event.seat for f in state.findings)
        and not any(f.irregularity is I.ACTED_WITH_WRONG_COUNT and f.seat == event.seat for f in state.findings)
    )
    if short_button:
        state.add(Finding(at=at, irregularity=I.ACTED_WITH_WRONG_COUNT, seat=event.seat, count=seat.held))
    if event.action is _FOLD and seat.owed_replacements:
        # folded before the replacement came: the exposed card goes to the muck with the hand
        seat.owed_replacements = 0
        for street, why in list(state.designated_burn.items()):
            if why is SetAside.EXPOSED_CARD:
                del state.designated_burn[street]
                break
    betting.act(state, event, at)


def _show(state: HandState, event: HandShown, at: int) -> None:
    _table(state, event.seat, at)
    seat = state.seats.get(event.seat)
    if seat is None:
        return
    faces = seat.faces
    known = set(faces)
    unknown = [i for i in seat.live() if faces[i] == "??"]
    for card in event.cards:
        if card == "??" or card in known:
            continue
        if unknown:
            faces[unknown.pop(0)] = card
        else:
            seat.add_card(card, at)
        see(state, card, at=at, where=at_seat(event.seat), seat=event.seat)


STEPS: Final[dict[type[Event], Callable[[HandState, Any, int], None]]] = {
    BlindPosted: _post,
    CardDealt: _deal,
    BoxedCardFound: _boxed,
    CardExposed: dealing.expose,
    PlayerActed: _act,
    CardBurned: _burn,
    BoardCardDealt: _board,
    CardsDiscarded: _discard,
    HandShown: _show,
    HandMucked: _muck,
    DefectDiscovered: discover,
    PlayerArrived: _arrive,
    PlayerLeft: _leave,
    PlayerSeated: _seat_player,
    LevelChanged: _level_change,
    StubShuffled: _shuffle,
    PotAwarded: _pot_awarded,
    NextHandBegan: _next_hand,
    FloorCalled: _floor_called,
    RulingApplied: _ruling_applied,
    HandBegan: _hand_began,
    DealCompleted: _deal_completed,
    CardFoundInBurns: _found_in_burns,
    MuckRetrieved: _muck_retrieved,
    CardFound: _card_found,
    StubDropped: _stub_dropped,
}
"""The fold's step for each kind of event: change the state by one event and record what is irregular about it."""


