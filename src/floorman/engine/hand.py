"""The hand as a fold over its events, and the live API around it.

``Hand`` takes events one at a time (``push``) and can rule at any moment (``ruling()``, as
if the floor were called now); ``rule(log)`` replays a whole log. Both run the same pure
fold (``floorman.fold.steps``): no I/O, clock or randomness, so the same log always gives the same
rulings.

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

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from floorman.engine.result import Result
from floorman.fold.events import Event, FloorCalled, NextHandBegan, PotAwarded, RulingApplied
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import HandLog
from floorman.fold.state import HandState
from floorman.fold.steps import PROGRESS, STEPS, closing_findings, deck_counts, floor_called, ruling_applied, step_of
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.law.rulings.judge import judge
from floorman.law.rulings.model import Override, RemedyKind, Ruling, Verdict
from floorman.law.rulings.next_hand import award_findings, next_hand_findings
from floorman.law.rulings.sa import sa_reached
from floorman.locale import Message

__all__ = ["Hand", "replay", "rule"]

# the members and steps compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_CONTINUE: Final = Verdict.CONTINUE
_KILL_HAND: Final = RemedyKind.KILL_HAND
_FLOOR_CALLED: Final = floor_called
_RULING_APPLIED: Final = ruling_applied
_NEXT_HAND: Final = STEPS[NextHandBegan]
_POT_AWARDED: Final = STEPS[PotAwarded]


class Hand:
    """A hand being logged as it is dealt.

    ``push`` records one event; every query (``ruling()``, ``result()``, ``findings``, ``state``)
    only reads, and what it hands out is never changed by later events.
    """

    def __init__(self, log: HandLog, *, rulebook: Rulebook | str | None = None) -> None:
        if isinstance(rulebook, Rulebook):
            self.rulebook = rulebook
        else:
            self.rulebook = find_rulebook(rulebook or log.rulebook)
        self._source = log
        self._header: HandLog | None = None
        self._state = HandState(log)
        self.events: list[Event] = []
        self._rulings: list[Ruling] = []
        self._redeals: list[HandLog | None] = []
        self._closed: set[int] = set()
        self._cancelled_by: int | None = None
        self._standing: tuple[int, Ruling, HandLog | None] | None = None
        """A ruling the floor just made that left the hand as it was (a misdeal or a void, before the pot was
        awarded), with its re-deal and the number of events then: until another event, ``ruling()`` is that one."""
        self._played_on_reported = False
        if log.button_should_be is not None and log.button is not None and log.button_should_be != log.button:
            self._state.add(Finding(at=0, irregularity=I.BUTTON_MISPLACED, seat=log.button,
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

    @property
    def state(self) -> HandState:
        """The hand as it stands now: a snapshot, which later events leave as it is."""
        return self._state.snapshot()

    def push(self, event: Event) -> None:
        """Record one event (it happened: it is always accepted)."""
        state = self._state
        at = len(self.events)
        self.events.append(event)
        state.index = at
        if self._cancelled_by is not None and isinstance(event, PROGRESS) and not self._played_on_reported:
            self._played_on_reported = True
            state.add(Finding(at=at, irregularity=I.PLAYED_ON_AFTER_RULING, note=Message.of("finding.played_on.ruled_at", at=self._cancelled_by)))
        step = STEPS.get(type(event)) or step_of(event)
        if state.next_hand_begun and step is not _FLOOR_CALLED and step is not _RULING_APPLIED:
            # the next hand has begun: what the log records after it is not part of this hand
            if not state.has(I.EVENT_AFTER_NEXT_HAND):
                state.add(Finding(at=at, irregularity=I.EVENT_AFTER_NEXT_HAND))
            return
        step(state, event, at)
        if step is _NEXT_HAND:
            assert isinstance(event, NextHandBegan)
            state.findings += next_hand_findings(state, self.rulebook, self._rulings, self._redeals, event, at)
        elif step is _POT_AWARDED:
            assert isinstance(event, PotAwarded)
            if event.shares:
                state.findings += award_findings(state, self.rulebook, event, at)
        if step is _FLOOR_CALLED:
            state.floors.append(at)
            self._rule_now(at)
        elif step is _RULING_APPLIED:
            assert isinstance(event, RulingApplied)
            self._apply_ruling(event, at)

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.push(event)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return tuple(self._state.findings)

    @property
    def substantial_action(self) -> bool:
        return sa_reached(self._state, self.rulebook.params)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return tuple(self._rulings)

    def ruling(self) -> Ruling:
        """The ruling if the floor were called now (nothing is recorded)."""
        return self._judge_now()[0]

    def result(self) -> Result:
        """Everything said about the hand so far, and the ruling if the floor were called now (nothing is recorded)."""
        return self._result(self._state.snapshot())

    # -- internals ----------------------------------------------------------------------

    def _result(self, state: HandState) -> Result:
        """The result, on ``state``: a snapshot of the hand, which the closing step completes."""
        rulings = list(self._rulings)
        redeals = list(self._redeals)
        if not self.events or not isinstance(self.events[-1], FloorCalled):
            still_open = self._open_findings()
            closing = closing_findings(state)
            state.findings += closing  # the end of the hand so far: recorded in the snapshot, not in the hand
            ruling, redeal = judge(state, self.rulebook, [*still_open, *closing], at=None)
            rulings.append(ruling)
            redeals.append(redeal)
        last = rulings[-1]
        redeal = redeals[-1] if last.verdict is not _CONTINUE else None
        whole = len(self.events) == len(self._source.events)  # nothing was pushed after the log's own events
        findings = tuple(state.findings)
        return Result(
            log=self._source if whole else replace(self.header, events=tuple(self.events)),
            rulebook=self.rulebook,
            rulings=tuple(rulings),
            findings=findings,
            redeal=redeal,
            state=state,
            redeals=tuple(
                header if ruling.verdict is not _CONTINUE else None
                for ruling, header in zip(rulings, redeals, strict=True)
            ),
            deck_counts=deck_counts(state, findings),
        )

    def _open_findings(self) -> list[Finding]:
        closed = self._closed
        return [f for i, f in enumerate(self._state.findings) if i not in closed]

    def _judge_now(self) -> tuple[Ruling, HandLog | None]:
        """The ruling if the floor were called now, on a view of the hand with the closing step's findings.

        Right after a floor call whose ruling changed nothing in the hand (a misdeal or a void: no finding closed,
        no remedy carried out, no pot awarded for the ruling's moment to matter) it is that ruling, made "now"
        (``judged_now`` gives the same)."""
        standing = self._standing
        if standing is not None and standing[0] == len(self.events):
            return replace(standing[1], at=None), standing[2]
        return self.judged_now()

    def judged_now(self) -> tuple[Ruling, HandLog | None]:
        """The ruling if the floor were called now, judged afresh (``ruling()`` may give one already judged)."""
        state = self._state
        closing = closing_findings(state)
        if not closing:
            return judge(state, self.rulebook, self._open_findings(), at=None)
        return judge(state.seen_with([*state.findings, *closing]), self.rulebook,
                     [*self._open_findings(), *closing], at=None)

    def _rule_now(self, at: int) -> None:
        state = self._state
        state.findings += closing_findings(state)  # what calling the floor finds is recorded in the hand
        ruling, redeal = judge(state, self.rulebook, self._open_findings(), at=at)
        self._rulings.append(ruling)
        self._redeals.append(redeal)
        self._standing = None if ruling.verdict is _CONTINUE or state.pot_awarded else (at + 1, ruling, redeal)
        if ruling.verdict is _CONTINUE:
            self._close(ruling)
            _apply_remedies(state, ruling)
        elif self._cancelled_by is None:
            self._cancelled_by = at

    def _close(self, ruling: Ruling) -> None:
        ids = {id(f) for f in ruling.findings}
        for i, f in enumerate(self._state.findings):
            if id(f) in ids:
                self._closed.add(i)

    def _apply_ruling(self, event: RulingApplied, at: int) -> None:
        ruling = self._rulings[event.ruling]
        if event.override is not None:
            override = Override(at=at, verdict=Verdict(event.override.verdict), reason=event.override.reason)
            self._rulings[event.ruling] = replace(ruling, override=override)
            if override.verdict is _CONTINUE:
                self._cancelled_by = None
        self._close(ruling)
        if ruling.verdict is not _CONTINUE and event.override is None:
            self._state.hand_over = True


def _apply_remedies(state: HandState, ruling: Ruling) -> None:
    for remedy in ruling.remedies:
        if remedy.do is _KILL_HAND:
            seat = state.seats.get(int(remedy.fields.get("seat", 0)))
            if seat is not None:
                seat.dead = True
                seat.dead_reason = "ruling"


def replay(log: HandLog, *, rulebook: Rulebook | str | None = None) -> HandState:
    """The state of the hand after all its events."""
    return Hand(log, rulebook=rulebook)._state


def rule(log: HandLog, *, rulebook: Rulebook | str | None = None) -> Result:
    """Rule on a whole hand log: one ruling per ``floor`` event, and one at the end of the hand.

    The hand is followed here and nowhere else, so its state needs no copy: the result takes it.
    """
    hand = Hand(log, rulebook=rulebook)
    return hand._result(hand._state)
