"""The hand as a fold over its events, and the live API around it.

``Hand`` takes events one at a time (``push``) and can rule at any moment (``ruling()``, as
if the floor were called now); ``rule(log)`` replays a whole log. Both are the same pure
fold: no I/O, clock or randomness, so the same log always gives the same rulings.

>>> from floorman.formats import handlog
>>> log = handlog.loads('''{"floorman": 1, "game": "holdem", "seats": 3, "button": 3,
...   "level": {"small_blind": 1, "big_blind": 2},
...   "players": [{"seat": 1, "name": "An", "stack": 100}, {"seat": 2, "name": "Bo", "stack": 100},
...               {"seat": 3, "name": "Cu", "stack": 100}],
...   "events": [{"type": "post", "seat": 1, "blind": "sb", "amount": 1},
...              {"type": "post", "seat": 2, "blind": "bb", "amount": 2},
...              {"type": "deal", "seat": 2}, {"type": "floor"}]}''')
>>> result = rule(log)
>>> result.ruling.verdict.value, result.ruling.rules[0]
('misdeal', 'MD-FIRST-WRONG-SEAT')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from floorman import betting, dealing, streets
from floorman.cardcheck import at_seat, see
from floorman.events import (
    Action,
    BlindKind,
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardsDiscarded,
    Defect,
    DefectDiscovered,
    Event,
    FloorCalled,
    HandMucked,
    HandShown,
    LevelChanged,
    NextHandBegan,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
    RulingApplied,
    StubShuffled,
    Where,
)
from floorman.findings import Finding
from floorman.findings import Irregularity as I
from floorman.log import HandLog
from floorman.rulebooks import Rulebook, find_rulebook
from floorman.rulings.judge import judge
from floorman.rulings.model import Override, Ruling, Verdict
from floorman.rulings.sa import sa_reached
from floorman.state import HandState, HoleCard, SeatState
from floorman.table import Family, PlayerStatus, Street

__all__ = ["Hand", "Result", "replay", "rule"]

_PROGRESS = (CardDealt, PlayerActed, CardBurned, BoardCardDealt, CardsDiscarded)


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """Everything floorman says about one hand log."""

    log: HandLog
    rulebook: Rulebook
    rulings: tuple[Ruling, ...]
    findings: tuple[Finding, ...]
    redeal: HandLog | None
    """The header of the exact re-play when the last ruling is a misdeal (or a void that is re-played)."""
    state: HandState
    redeals: tuple[HandLog | None, ...] = ()
    """For each ruling, the header of its re-play (None when the hand goes on)."""

    @property
    def ruling(self) -> Ruling:
        """The last ruling: the one a tool that wants a single answer reads."""
        return self.rulings[-1]


class Hand:
    """A hand being logged as it is dealt."""

    def __init__(self, log: HandLog, *, rulebook: Rulebook | str | None = None) -> None:
        if isinstance(rulebook, Rulebook):
            self.rulebook = rulebook
        else:
            self.rulebook = find_rulebook(rulebook or log.rulebook)
        self._source = log
        self._header: HandLog | None = None
        self.state = HandState(log)
        self.events: list[Event] = []
        self._rulings: list[Ruling] = []
        self._redeals: list[HandLog | None] = []
        self._closed: set[int] = set()
        self._cancelled_by: int | None = None
        self._played_on_reported = False
        if log.button_should_be is not None and log.button is not None and log.button_should_be != log.button:
            self.state.add(Finding(at=0, irregularity=I.BUTTON_MISPLACED, seat=log.button,
                                   expected_seat=log.button_should_be))
        for event in log.events:
            self.push(event)

    # -- the live API ------------------------------------------------------------------

    @property
    def header(self) -> HandLog:
        """The log's header: the table before the deal, without events."""
        if self._header is None:
            self._header = replace(self._source, events=())
        return self._header

    def push(self, event: Event) -> None:
        """Record one event (it happened: it is always accepted)."""
        state = self.state
        at = len(self.events)
        self.events.append(event)
        state.index = at
        if self._cancelled_by is not None and isinstance(event, _PROGRESS) and not self._played_on_reported:
            self._played_on_reported = True
            state.add(Finding(at=at, irregularity=I.PLAYED_ON_AFTER_RULING, note=str(self._cancelled_by)))
        step = _STEPS.get(type(event)) or _step_of(event)
        step(state, event, at)
        if step is _floor_called:
            state.floors.append(at)
            self._rule_now(at)
        elif step is _ruling_applied:
            assert isinstance(event, RulingApplied)
            self._apply_ruling(event, at)

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.push(event)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return tuple(self.state.findings)

    @property
    def substantial_action(self) -> bool:
        return sa_reached(self.state, self.rulebook.params)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return tuple(self._rulings)

    def ruling(self) -> Ruling:
        """The ruling if the floor were called now (nothing is recorded)."""
        mark = len(self.state.findings)
        try:
            return self._judge(at=None)[0]
        finally:
            self.state.forget_findings_after(mark)

    def result(self) -> Result:
        rulings = list(self._rulings)
        redeals = list(self._redeals)
        mark = len(self.state.findings)
        if not self.events or not isinstance(self.events[-1], FloorCalled):
            ruling, redeal = self._judge(at=None)
            rulings.append(ruling)
            redeals.append(redeal)
        findings = tuple(self.state.findings)
        self.state.forget_findings_after(mark)  # as if the floor were called now: the hand goes on unchanged
        last = rulings[-1]
        redeal = redeals[-1] if last.verdict is not Verdict.CONTINUE else None
        whole = len(self.events) == len(self._source.events)  # nothing was pushed after the log's own events
        return Result(
            log=self._source if whole else replace(self.header, events=tuple(self.events)),
            rulebook=self.rulebook,
            rulings=tuple(rulings),
            findings=findings,
            redeal=redeal,
            state=self.state,
            redeals=tuple(
                header if ruling.verdict is not Verdict.CONTINUE else None
                for ruling, header in zip(rulings, redeals, strict=True)
            ),
        )

    # -- internals ----------------------------------------------------------------------

    def _open_findings(self) -> list[Finding]:
        return [f for i, f in enumerate(self.state.findings) if i not in self._closed]

    def _judge(self, *, at: int | None) -> tuple[Ruling, HandLog | None]:
        dealing.evaluate_initial(self.state, final=False)
        _check_short_flop(self.state)
        streets.check_seventh_street_due(self.state)
        return judge(self.state, self.rulebook, self._open_findings(), at=at)

    def _rule_now(self, at: int) -> None:
        ruling, redeal = self._judge(at=at)
        self._rulings.append(ruling)
        self._redeals.append(redeal)
        if ruling.verdict is Verdict.CONTINUE:
            self._close(ruling)
            _apply_remedies(self.state, ruling)
        elif self._cancelled_by is None:
            self._cancelled_by = at

    def _close(self, ruling: Ruling) -> None:
        ids = {id(f) for f in ruling.findings}
        for i, f in enumerate(self.state.findings):
            if id(f) in ids:
                self._closed.add(i)

    def _apply_ruling(self, event: RulingApplied, at: int) -> None:
        ruling = self._rulings[event.ruling]
        if event.override is not None:
            override = Override(at=at, verdict=Verdict(event.override.verdict), reason=event.override.reason)
            self._rulings[event.ruling] = replace(ruling, override=override)
            if override.verdict is Verdict.CONTINUE:
                self._cancelled_by = None
        self._close(ruling)
        if ruling.verdict is not Verdict.CONTINUE and event.override is None:
            self.state.hand_over = True


def _apply_remedies(state: HandState, ruling: Ruling) -> None:
    for remedy in ruling.remedies:
        if remedy.do.value == "kill_hand":
            seat = state.seats.get(int(remedy.fields.get("seat", 0)))
            if seat is not None:
                seat.dead = True
                seat.dead_reason = "ruling"


def _check_short_flop(state: HandState) -> None:
    if state.street is Street.FLOP and state.is_flop_game and not state.has(I.SHORT_FLOP):
        count = len(state.board.get(Street.FLOP, []))
        if 0 < count < 3:
            state.add(Finding(at=state.index, irregularity=I.SHORT_FLOP, street=Street.FLOP, count=count))


def _close_initial_if(state: HandState, at: int) -> None:
    if state.initial_open and state.initial_deals:
        dealing.close_initial(state, at)


def _post(state: HandState, event: BlindPosted, at: int) -> None:
    if event.blind is BlindKind.BRING_IN:
        _close_initial_if(state, at)
    betting.post(state, event, at)


def _boxed(state: HandState, event: BoxedCardFound, at: int) -> None:
    state.deck_position += 1
    see(state, event.card, at=at, where="the deck (boxed)")
    state.add(Finding(at=at, irregularity=I.BOXED_CARD, card=event.card, street=state.street,
                      during_initial_deal=state.initial_open and not state.deal_finished))
    if state.initial_open and not state.deal_finished:
        state.boxed_initial += 1


def _burn(state: HandState, event: CardBurned, at: int) -> None:
    _close_initial_if(state, at)
    streets.burn(state, event, at)


def _board(state: HandState, event: BoardCardDealt, at: int) -> None:
    _close_initial_if(state, at)
    streets.board_card(state, event, at)


def _discard(state: HandState, event: CardsDiscarded, at: int) -> None:
    _close_initial_if(state, at)
    streets.discard(state, event, at)


def _muck(state: HandState, event: HandMucked, at: int) -> None:
    seat = state.seats.get(event.seat)
    if seat is not None:
        seat.folded = True


def _arrive(state: HandState, event: PlayerArrived, at: int) -> None:
    state.seats[event.seat].present = True


def _leave(state: HandState, event: PlayerLeft, at: int) -> None:
    seat = state.seats[event.seat]
    seat.present = False
    if not state.initial_open and seat.in_hand and not state.hand_over:
        state.add(Finding(at=at, irregularity=I.PLAYER_AWAY_DURING_HAND, seat=event.seat))


def _seat_player(state: HandState, event: PlayerSeated, at: int) -> None:
    state.seat(SeatState(
        seat=event.seat, name=event.name, stack=event.stack, status=PlayerStatus.WAITING,
        entitled=False, present=True, seated_during_hand=True,
    ))


def _level_change(state: HandState, event: LevelChanged, at: int) -> None:
    state.level_changes.append((at, event.level))
    state.add(Finding(at=at, irregularity=I.LEVEL_CHANGED_DURING_HAND))


def _shuffle(state: HandState, event: StubShuffled, at: int) -> None:
    streets.reshuffle(state)


def _pot_awarded(state: HandState, event: PotAwarded, at: int) -> None:
    state.pot_awarded = True
    state.hand_over = True


def _next_hand(state: HandState, event: NextHandBegan, at: int) -> None:
    state.next_hand_begun = True


def _floor_called(state: HandState, event: Event, at: int) -> None:
    """``floor`` changes the hand through ``Hand`` (which rules), not here."""


def _ruling_applied(state: HandState, event: Event, at: int) -> None:
    """``ruling_applied`` changes the hand through ``Hand`` (which applies the ruling), not here."""


def _step_of(event: Event) -> Callable[[HandState, Any, int], None]:
    """The fold's step for an instance of a subclass of an event class."""
    return next(f for kind, f in _STEPS.items() if isinstance(event, kind))


def _deal(state: HandState, event: CardDealt, at: int) -> None:
    if state.initial_open:
        state.deck_position += 1
        dealing.deal_initial(state, event, at)
    elif state.is_stud:
        streets.stud_card(state, event, at)
    else:
        state.deck_position += 1
        dealing.deal_after(state, event, at)


def _act(state: HandState, event: PlayerActed, at: int) -> None:
    if state.initial_open:
        _close_initial_if(state, at)
    if state.street is Street.FLOP:
        _check_short_flop(state)
    seat = state.seats[event.seat]
    n = state.spec.hole_cards
    short_button = (
        state.street_idx == 0 and 0 < seat.held < n and state.spec.family is not Family.STUD
        and any(f.irregularity is I.BUTTON_SHORT and f.seat == event.seat for f in state.findings)
        and not any(f.irregularity is I.ACTED_WITH_WRONG_COUNT and f.seat == event.seat for f in state.findings)
    )
    if short_button:
        state.add(Finding(at=at, irregularity=I.ACTED_WITH_WRONG_COUNT, seat=event.seat, count=seat.held))
    if event.action is Action.FOLD and seat.owed_replacements:
        # folded before the replacement came: the exposed card goes to the muck with the hand
        seat.owed_replacements = 0
        for street, why in list(state.designated_burn.items()):
            if why == "exposed card":
                del state.designated_burn[street]
                break
    betting.act(state, event, at)


def _show(state: HandState, event: HandShown, at: int) -> None:
    seat = state.seats.get(event.seat)
    if seat is None:
        return
    known = {c.card for c in seat.cards}
    unknown = [c for c in seat.live_cards if c.card == "??"]
    for card in event.cards:
        if card == "??" or card in known:
            continue
        if unknown:
            unknown.pop(0).card = card
        else:
            seat.cards.append(HoleCard(card=card, at=at))
        see(state, card, at=at, where=at_seat(event.seat), seat=event.seat)


def _discover(state: HandState, event: DefectDiscovered, at: int) -> None:
    what = event.what
    if what is Defect.DUPLICATE:
        if not any(f.irregularity is I.DUPLICATE_CARD and (f.card == event.card or event.card == "??")
                   for f in state.findings):
            state.add(Finding(at=at, irregularity=I.DUPLICATE_CARD, card=event.card, seat=event.seat,
                              note="found at the table"))
    elif what is Defect.FOREIGN_BACK:
        kind = I.FOREIGN_BACK_IN_STUB if event.where is Where.STUB else I.FOREIGN_BACK_IN_PLAY
        if not any(f.irregularity is kind and (f.seat == event.seat or kind is I.FOREIGN_BACK_IN_STUB)
                   for f in state.findings):
            state.add(Finding(at=at, irregularity=kind, seat=event.seat, card=event.card,
                              note=event.where.value if event.where else ""))
    elif what is Defect.PREVIOUS_HAND_CARD:
        state.add(Finding(at=at, irregularity=I.PREVIOUS_HAND_CARD, seat=event.seat, card=event.card))
    elif what is Defect.MISSING_CARD:
        state.add(Finding(at=at, irregularity=I.MISSING_CARD, card=event.card))
    elif what is Defect.NON_STANDARD:
        if not any(f.irregularity is I.NON_STANDARD_CARD and f.seat == event.seat for f in state.findings):
            state.add(Finding(at=at, irregularity=I.NON_STANDARD_CARD, seat=event.seat, card=event.card,
                              note=event.where.value if event.where else ""))
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
                              note="an extra card was mixed into the hand"))


def _just_folded(state: HandState, seat: int | None) -> int | None:
    """The seat whose fold was the last thing to happen before cards were found mixed into ``seat``'s hand."""
    if not state.actions:
        return None
    last = state.actions[-1]
    if last.at == state.index - 1 and last.action.value == "fold" and last.seat != seat:
        return last.seat
    return None


def _wrong_count(state: HandState, event: DefectDiscovered, at: int) -> None:
    n = state.spec.hole_cards
    seat = event.seat
    count = event.count or 0
    order = state.entitled_order()
    is_button = not state.is_stud and bool(order) and seat == order[-1]
    kind = I.BUTTON_SHORT if is_button and count < n else I.WRONG_CARD_COUNT
    if not any(f.irregularity is kind and f.seat == seat for f in state.findings):
        state.add(Finding(at=at, irregularity=kind, seat=seat, count=count))


_STEPS: dict[type[Event], Callable[[HandState, Any, int], None]] = {
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
    DefectDiscovered: _discover,
    PlayerArrived: _arrive,
    PlayerLeft: _leave,
    PlayerSeated: _seat_player,
    LevelChanged: _level_change,
    StubShuffled: _shuffle,
    PotAwarded: _pot_awarded,
    NextHandBegan: _next_hand,
    FloorCalled: _floor_called,
    RulingApplied: _ruling_applied,
}
"""The fold's step for each kind of event: change the state by one event and record what is irregular about it."""


def replay(log: HandLog, *, rulebook: Rulebook | str | None = None) -> HandState:
    """The state of the hand after all its events."""
    return Hand(log, rulebook=rulebook).state


def rule(log: HandLog, *, rulebook: Rulebook | str | None = None) -> Result:
    """Rule on a whole hand log: one ruling per ``floor`` event, and one at the end."""
    return Hand(log, rulebook=rulebook).result()
