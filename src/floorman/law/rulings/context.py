"""What every decision reads: the hand at the moment of the ruling, the book, and a Decision to fill."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from floorman.fold.findings import Finding
from floorman.fold.state import HandState
from floorman.law.rulebooks import Rulebook
from floorman.law.rulebooks.decisions import Row, fill, is_discretion_tag, row
from floorman.law.rulebooks.params import Params
from floorman.law.rulings.feasible import too_late, what_the_floor_can_still_do
from floorman.law.rulings.model import Remedy, RemedyKind, Verdict
from floorman.locale import Message

__all__ = ["Context", "Decision"]


@dataclass(slots=True, init=False)
class Decision:
    """What the rules make of one group of findings."""

    verdict: Verdict
    rules: list[str]
    findings: list[Finding]
    remedies: list[Remedy] = field(default_factory=list)
    discretion: list[Message] = field(default_factory=list)
    """Why the floor has the call."""
    doubtful: bool = False
    """A row this decision rests on is tagged I or U under the book: the floor's call."""
    explanation: list[Message] = field(default_factory=list)
    misdeal_blocked: bool = False
    """A misdeal cause found after substantial action: play on."""
    redeal_dead: tuple[int, ...] = ()
    """Seats whose hand is dealt dead in the re-deal (a player who threw cards into another's)."""
    corrected_button: int | None = None
    too_late: bool = False
    """A row's remedy could no longer be carried out (``floorman.law.rulings.feasible``): the floor's call."""

    def __init__(
        self, verdict: Verdict, rules: list[str], findings: list[Finding], remedies: list[Remedy] | None = None,
        discretion: list[Message] | None = None, doubtful: bool = False, explanation: list[Message] | None = None,
        misdeal_blocked: bool = False, redeal_dead: tuple[int, ...] = (), corrected_button: int | None = None,
        too_late: bool = False,
    ) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (one a group of findings)
        self.verdict = verdict
        self.rules = rules
        self.findings = findings
        self.remedies = [] if remedies is None else remedies
        self.discretion = [] if discretion is None else discretion
        self.doubtful = doubtful
        self.explanation = [] if explanation is None else explanation
        self.misdeal_blocked = misdeal_blocked
        self.redeal_dead = redeal_dead
        self.corrected_button = corrected_button
        self.too_late = too_late

    def remedy(self, do: RemedyKind, **fields: object) -> None:
        self.remedies.append(Remedy.of(do, **fields))

    def say(self, message: Message) -> None:
        """One sentence of the explanation."""
        self.explanation.append(message)

    def say_first(self, message: Message) -> None:
        self.explanation.insert(0, message)

    def maybe(self, reason: Message | None) -> None:
        if reason is not None:
            self.discretion.append(reason)


@dataclass(frozen=True, slots=True, kw_only=True)
class BookRow:
    """A decision row as one book reads it: its rules with the book's choices filled in, whether it is the
    floor's call under the book, and the book's reason if so."""

    book: Rulebook
    row: Row
    rules: tuple[str, ...]
    kinds: tuple[RemedyKind, ...]
    """The kind of each of the row's remedy steps, in order."""
    doubtful: bool
    reason: Message | None


_READ: dict[tuple[int, str], BookRow] = {}
"""Rows as each book reads them, by book and row key (the book is kept beside its reading, so that its ``id``
cannot be another book's while it is here)."""
_READ_KEPT = 4096


@dataclass(frozen=True, slots=True, init=False)
class Context:
    """The hand at the moment of the ruling and the book (its ``__init__`` written out, so that the
    compiled core builds one natively)."""

    state: HandState
    book: Rulebook
    sa: bool
    """Substantial action at the moment of the ruling (the whole-hand latch)."""

    def __init__(self, state: HandState, book: Rulebook, sa: bool) -> None:
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "book", book)
        object.__setattr__(self, "sa", sa)

    @property
    def params(self) -> Params:
        return self.book.params

    def row(self, key: str) -> Row:
        return row(key)

    def _read(self, key: str) -> BookRow:
        """The row ``key`` as this book reads it, read once per book and row and kept."""
        book = self.book
        kept = _READ.get((id(book), key))
        if kept is not None and kept.book is book:
            return kept
        r = row(key)
        facts = self._book_facts()
        doubtful = is_discretion_tag(book.tag_of(r))
        subject = r.subject
        read = BookRow(
            book=book, row=r, rules=tuple(str(fill(rule, facts)) for rule in r.rules),
            kinds=tuple(RemedyKind(t.do) for t in r.remedies), doubtful=doubtful,
            reason=self.reason(str(fill(subject, facts))) if doubtful and subject else None,
        )
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        _READ[(id(book), key)] = read
        return read

    def _book_facts(self) -> dict[str, object]:
        return {"sa_rule": self.book.params.sa_rule}

    def decide(self, fs: list[Finding], key: str, reason: Message | None = None, **facts: Any) -> Decision:
        """A decision on ``fs`` that starts from the row ``key`` (play on until a row says otherwise)."""
        d = Decision(verdict=Verdict.CONTINUE, rules=[], findings=fs)
        self.apply(d, key, reason, **facts)
        return d

    def apply(self, d: Decision, key: str, reason: Message | None = None, *, happened: Message | None = None,
              **facts: object) -> bool:
        """Rest ``d`` on the row ``key``: its rules, its remedies filled from ``facts``, and, when the row is
        tagged I or U under this book, the floor's call with the book's reason (``reason`` when it gives none).

        A row whose remedy the table can no longer carry out as the hand stands (``feasible.too_late``) offers
        none of its steps: the ruling says what happened (``happened``), why the remedy cannot be carried out and what
        the floor can still do, and the floor has the call. Whether the row's remedy stands is returned."""
        read = self._read(key)
        r = read.row
        if r.front:
            d.rules[0:0] = read.rules
        else:
            d.rules += read.rules
        late: Message | None = None
        if r.remedies:
            steps = [Remedy.of(kind, **{k: fill(v, facts) for k, v in t.fields.items()})
                     for kind, t in zip(read.kinds, r.remedies, strict=True)]
            for step in steps:
                late = too_late(self.state, step, d.findings)
                if late is not None:
                    break
            else:
                d.remedies += steps
        if read.doubtful:
            d.doubtful = True
            d.maybe(read.reason or reason)
        if late is not None:
            if happened is not None:
                d.say(happened)
            self._too_late(d, late)
        return late is None

    def _too_late(self, d: Decision, since: Message) -> None:
        said = Message.of("ruling.too_late.said", since=since)
        if said not in d.explanation:  # two exposed cards found at showdown: said once
            d.say(said)
        if not d.too_late:
            d.too_late = True
            self.apply(d, "too_late.withheld", Message.of("ruling.too_late.why"))
            d.say(what_the_floor_can_still_do(self.state))

    def is_unstated(self, key: str) -> bool:
        """The book does not state the rule a row speaks for itself (silent, or only through its fallback)."""
        subject = self.row(key).subject
        return subject is not None and self.book.is_indirect(subject)

    def reason(self, rule_id: str) -> Message | None:
        """The book's stated reason the rule is the floor's call (its own note, from the catalog), if it gives one."""
        return self.book.discretion_message(rule_id)

    def seat_acted_before(self, seat: int | None, at: int) -> bool:
        return seat is not None and self.state.has_acted(seat, before=at)

    def misdeal_or_blocked(self, d: Decision, cause: Message) -> Decision:
        """A misdeal cause: misdeal before substantial action, play on after it."""
        if self.sa:
            self.apply(d, "misdeal.blocked")
            d.verdict = Verdict.CONTINUE
            d.misdeal_blocked = True
            d.say(Message.of("ruling.misdeal.blocked", cause=cause))
        else:
            self.apply(d, "misdeal.called")
            d.verdict = Verdict.MISDEAL
            d.say(Message.of("ruling.misdeal.called", cause=cause))
        return d
