"""The session above the fold and the law: a hand's events folded into facts, and the floor's rulings on them.

``Hand`` takes events one at a time (``push``): each is folded into the hand (``floorman.fold.steps.fold``), and a
floor call is then judged by the law on the hand as the fold left it (``floorman.law.rulings.judge.judge_hand``);
what a ruling does at the table (the findings it settles, a hand it kills, the hand called off or ended) is pushed
back into the fold as a fact (``floorman.fold.ruled``). ``ruling()`` rules at any moment, as if the floor were called
now; ``rule(log)`` replays a whole log. No I/O, clock or randomness, so the same log always gives the same rulings.

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
from typing import Final, cast

from floorman.engine.result import Result
from floorman.fold.aftermath import hand_at_table
from floorman.fold.events import Event, FloorCalled, RulingApplied
from floorman.fold.findings import Finding
from floorman.fold.log import HandLog
from floorman.fold.rotation import HandAtTable
from floorman.fold.ruled import FindingsSettled, HandCalledOff, HandEnded, HandKilled, PlayResumed, record
from floorman.fold.state import ActionRecord, HandState
from floorman.fold.steps import STEPS, begin, close, closing_findings, deck_counts, fold
from floorman.fold.view import HandView, view_of
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.law.rulings.judge import judge_hand
from floorman.law.rulings.model import Override, RemedyKind, Ruling, Verdict
from floorman.law.rulings.next_hand import hand_findings
from floorman.law.rulings.redeal import redeal_log
from floorman.law.rulings.sa import counted_actions, sa_reached, sa_reason
from floorman.locale import Message

__all__ = ["Hand", "replay", "rule"]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_CONTINUE: Final = Verdict.CONTINUE
_KILL_HAND: Final = RemedyKind.KILL_HAND
# and the event classes asked of every event (msgspec Structs, which the compiled core reads as module globals)
_FLOOR_CALLED: Final = FloorCalled
_RULING_APPLIED: Final = RulingApplied


class Hand:
    """A hand being logged as it is dealt.

    ``push`` records one event; every query (``ruling()``, ``result()``, ``findings``, ``view``)
    only reads, and what it hands out is never changed by later events.
    """

    def __init__(self, log: HandLog, *, rulebook: Rulebook | str | None = None) -> None:
        if isinstance(rulebook, Rulebook):
            self.rulebook = rulebook
        else:
            self.rulebook = find_rulebook(rulebook or log.rulebook)
        self._source = log
        self._header: HandLog | None = None
        self._state = begin(log)
        self.events: list[Event] = []
        self._rulings: list[Ruling] = []
        self._redeals: list[HandLog | None] = []
        self._standing: tuple[int, Ruling, HandLog | None] | None = None
        """A ruling the floor just made that left the hand as it was (a misdeal or a void, before the pot was
        awarded), with its re-deal and the number of events then: until another event, ``ruling()`` is that one."""
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
    def view(self) -> HandView:
        """The hand as it stands now: a frozen view, which later events leave as it is."""
        return view_of(self._state)

    def push(self, event: Event) -> None:
        """Record one event (it happened: it is always accepted): fold it into the hand; a floor call is then
        ruled on, and a ruling applied carried out."""
        at = len(self.events)
        self.events.append(event)
        fold(self._state, event, at)
        # told apart by its type first: ``isinstance`` on an event asks its Struct metaclass, at every event
        kind = type(event)
        if kind is _FLOOR_CALLED or (kind not in STEPS and isinstance(event, FloorCalled)):
            self._rule_now(at)
        elif kind is _RULING_APPLIED or (kind not in STEPS and isinstance(event, RulingApplied)):
            self._apply_ruling(cast(RulingApplied, event), at)

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.push(event)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return tuple(hand_findings(self._state, self.rulebook, self._rulings, self._redeals))

    @property
    def substantial_action(self) -> bool:
        """Whether the hand has reached substantial action under the book (SA-DEF): no misdeal from then on."""
        return sa_reached(self._state, self.rulebook.params)

    def substantial_action_by(self, at: int) -> bool:
        """Whether the hand had reached substantial action under the book by event ``at`` (its actions up to it)."""
        return sa_reached(self._state, self.rulebook.params, upto=at)

    def sa_counted(self) -> tuple[ActionRecord, ...]:
        """The actions that count toward substantial action under the book, in order."""
        return tuple(counted_actions(self._state, self.rulebook.params))

    def sa_reason(self) -> Message:
        """Why the hand has or has not reached substantial action under the book, as the floor tells the table."""
        return sa_reason(self._state, self.rulebook.params)

    def replay_header(self) -> HandLog:
        """The header of the hand's exact re-play (RD-EXACT): the last ruling's when it calls for one, else the one
        a misdeal called now would give (the floor overriding a ruling that lets the hand go on)."""
        redeal = self.result().redeal
        return redeal if redeal is not None else redeal_log(self._state, self.rulebook)[0]

    def hand_at_table(self) -> HandAtTable | None:
        """What the hand leaves for the next one at the table (the button, the blinds, who busted, who sat down),
        or ``None`` when the log does not tell it."""
        return hand_at_table(self._state)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return tuple(self._rulings)

    def ruling(self) -> Ruling:
        """The ruling if the floor were called now (nothing is recorded)."""
        return self._judge_now()[0]

    def result(self) -> Result:
        """Everything said about the hand so far, and the ruling if the floor were called now (nothing is recorded)."""
        return self._result(self._state, owned=False)

    # -- internals ----------------------------------------------------------------------

    def _result(self, state: HandState, *, owned: bool) -> Result:
        """The result, on ``state``, which the closing step completes. ``owned``: nobody goes on with the hand
        (``rule``), so the closing step's findings are recorded in it and its view is made when first asked for;
        otherwise the findings are recorded in a state seen with them, and the view made now."""
        rulings = list(self._rulings)
        redeals = list(self._redeals)
        if not self.events or not isinstance(self.events[-1], FloorCalled):
            if not owned:  # the end of the hand so far: recorded in what the result says, not in the hand
                state = state.seen_with(list(state.findings))
            close(state)
            ruling, redeal = judge_hand(state, self.rulebook, self._rulings, self._redeals, at=None)
            rulings.append(ruling)
            redeals.append(redeal)
        last = rulings[-1]
        redeal = redeals[-1] if last.verdict is not _CONTINUE else None
        whole = len(self.events) == len(self._source.events)  # nothing was pushed after the log's own events
        findings = tuple(hand_findings(state, self.rulebook, self._rulings, self._redeals))
        return Result(
            log=self._source if whole else replace(self.header, events=tuple(self.events)),
            rulebook=self.rulebook,
            rulings=tuple(rulings),
            findings=findings,
            redeal=redeal,
            view=(lambda: view_of(state)) if owned else view_of(state),
            redeals=tuple(
                header if ruling.verdict is not _CONTINUE else None
                for ruling, header in zip(rulings, redeals, strict=True)
            ),
            deck_counts=deck_counts(state, findings),
        )

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
        return judge_hand(state, self.rulebook, self._rulings, self._redeals, at=None,
                          closing=closing_findings(state))

    def _rule_now(self, at: int) -> None:
        """The floor was called (the fold has recorded what calling it finds): the law rules on the hand, and what
        the ruling does at once goes back into the fold."""
        state = self._state
        ruling, redeal = judge_hand(state, self.rulebook, self._rulings, self._redeals, at=at)
        self._rulings.append(ruling)
        self._redeals.append(redeal)
        self._standing = None if ruling.verdict is _CONTINUE or state.pot_awarded else (at + 1, ruling, redeal)
        if ruling.verdict is _CONTINUE:
            self._settle(ruling, at)
            for remedy in ruling.remedies:
                if remedy.do is _KILL_HAND:
                    record(state, HandKilled(at=at, seat=int(remedy.fields.get("seat", 0))))
        else:
            record(state, HandCalledOff(at=at))

    def _apply_ruling(self, event: RulingApplied, at: int) -> None:
        """A ruling was applied (the fold has kept it as logged): the floor's override, if any, is the ruling's;
        its findings are settled, and a misdeal or a void applied as ruled ends the hand."""
        ruling = self._rulings[event.ruling]
        if event.override is not None:
            override = Override(at=at, verdict=Verdict(event.override.verdict), reason=event.override.reason)
            self._rulings[event.ruling] = replace(ruling, override=override)
            if override.verdict is _CONTINUE:
                record(self._state, PlayResumed(at=at))
        self._settle(ruling, at)
        if ruling.verdict is not _CONTINUE and event.override is None:
            record(self._state, HandEnded(at=at))

    def _settle(self, ruling: Ruling, at: int) -> None:
        """The findings ``ruling`` decided are settled: the fold's by their numbers, the law's reading of a record
        beyond the hand by the record's event index (the finding's ``at``)."""
        numbers = {id(f): i for i, f in enumerate(self._state.findings)}
        found: list[int] = []
        records: list[int] = []
        for f in ruling.findings:
            i = numbers.get(id(f))
            if i is not None:
                found.append(i)
            else:
                records.append(f.at)
        record(self._state, FindingsSettled(at=at, findings=tuple(found), records=tuple(records)))


def replay(log: HandLog, *, rulebook: Rulebook | str | None = None) -> HandView:
    """The hand after all its events, as a frozen view."""
    return Hand(log, rulebook=rulebook).view


def rule(log: HandLog, *, rulebook: Rulebook | str | None = None) -> Result:
    """Rule on a whole hand log: one ruling per ``floor`` event, and one at the end of the hand.

    The hand is followed here and nowhere else, so its state needs no copy: the result takes it, and makes its
    view of it only when asked.
    """
    hand = Hand(log, rulebook=rulebook)
    return hand._result(hand._state, owned=True)
