"""What the audit says: one record per hand, the report's rows, and the summary that counts them.

``audit_hand`` rules on one hand and gives its ``HandAudit``: the verdict and findings, or why
the hand could not be read. ``report_rows`` turns a record into the rows of the --json and
--csv reports (none for a clean hand), and a ``Tally`` counts records into a ``Summary``.
Tallies add up: a worker counts its chunk's hands and the parent merges the counts, so that
only the records the report shows travel between processes.

>>> a, b = Tally(), Tally()
>>> a.add(HandAudit(file="f", hand="1", verdict=Verdict.CONTINUE, dealer="D-1"))
>>> b.add(HandAudit(file="f", hand="2", error="f: line 2: not valid JSON"))
>>> a.merge(b)
>>> summary = a.summary()
>>> summary.hands, summary.unreadable, [(r.key, r.hands) for r in summary.by_dealer]
(1, 1, [('D-1', 1)])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from floorman.engine.hand import rule
from floorman.engine.result import Result
from floorman.errors import LogError
from floorman.fold.findings import DeckCheck
from floorman.fold.log import HandLog
from floorman.law.rulebooks import Rulebook
from floorman.law.rulebooks.decisions import finding_rules
from floorman.law.rulings.model import Verdict

__all__ = [
    "REPORT_COLUMNS",
    "UNKNOWN",
    "ChunkReport",
    "CrossRow",
    "DeckCheck",
    "FindingRow",
    "HandAudit",
    "ReportRow",
    "Summary",
    "SummaryRow",
    "Tally",
    "audit_hand",
    "hour_and_period",
    "report_rows",
    "unreadable",
]


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class FindingRow:
    """One finding of one hand, as the report gives it.

    Its ``__init__`` is written out, as ``HandAudit``'s is (see there).
    """

    at: int | None
    """The event index where it happened."""
    irregularity: str
    """An ``Irregularity`` value, or a ``DeckCheck`` value."""
    rules: tuple[str, ...]
    """The rule ids it rests on (none for a ``DeckCheck``)."""
    verdict: str
    """The verdict of the ruling that decided it."""
    seat: int | None = None
    card: str | None = None
    count: int | None = None

    def __init__(
        self, *, at: int | None, irregularity: str, rules: tuple[str, ...], verdict: str, seat: int | None = None,
        card: str | None = None, count: int | None = None,
    ) -> None:
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "irregularity", irregularity)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "count", count)

    def __reduce__(self) -> tuple[Any, ...]:
        return _finding_row, (self.at, self.irregularity, self.rules, self.verdict, self.seat, self.card, self.count)

    @property
    def rule(self) -> str:
        """The finding's own rule: the first of ``rules``."""
        return self.rules[0] if self.rules else ""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class HandAudit:
    """What the audit says about one hand: its verdict and findings, or why it could not be read.

    Its ``__init__`` is written out so that the compiled build makes one natively (a generated one
    runs as interpreted Python, once a hand), and it says how to pickle it (``__reduce__``: the
    records of a worker process travel to the parent).
    """

    file: str
    hand: str
    game: str | None = None
    table: str | None = None
    dealer: str | None = None
    verdict: Verdict | None = None
    """The last ruling's verdict (None when the hand could not be read)."""
    findings: tuple[FindingRow, ...] = ()
    error: str | None = None
    """Why the hand could not be read: one line naming the file, the event index and the field."""
    error_event: int | None = None
    error_field: str | None = None
    reason: LogError | None = field(default=None, compare=False, repr=False)
    """The error itself, to say ``error`` in another language (``reason.say("vi")``)."""
    level: int | None = None
    """The number of the level the hand was played at, when the log gives it."""
    time: str | None = None
    """When the hand was played, as the log gives it (its ``time``)."""
    book: str | None = None
    """The id of the rulebook the hand was ruled under."""
    detail: bytes | None = field(default=None, compare=False, repr=False)
    """What the audit's caller asked to keep of a flagged hand (``audit_hand``'s ``detail``), else None."""

    def __init__(
        self, *, file: str, hand: str, game: str | None = None, table: str | None = None, dealer: str | None = None,
        verdict: Verdict | None = None, findings: tuple[FindingRow, ...] = (), error: str | None = None,
        error_event: int | None = None, error_field: str | None = None, reason: LogError | None = None,
        level: int | None = None, time: str | None = None, book: str | None = None, detail: bytes | None = None,
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "error_event", error_event)
        object.__setattr__(self, "error_field", error_field)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "time", time)
        object.__setattr__(self, "book", book)
        object.__setattr__(self, "detail", detail)

    def __reduce__(self) -> tuple[Any, ...]:
        return _hand_audit, (self.file, self.hand, self.game, self.table, self.dealer, self.verdict, self.findings,
                             self.error, self.error_event, self.error_field, self.reason, self.level, self.time,
                             self.book, self.detail)

    def said(self, lang: str) -> str | None:
        """Why the hand could not be read, in ``lang`` (``error`` as it is when the error itself is not at hand)."""
        return self.reason.say(lang) if self.reason is not None else self.error

    @property
    def unreadable(self) -> bool:
        return self.error is not None

    @property
    def flagged(self) -> bool:
        return bool(self.findings)


def _finding_row(
    at: int | None, irregularity: str, rules: tuple[str, ...], verdict: str, seat: int | None, card: str | None,
    count: int | None,
) -> FindingRow:
    """A ``FindingRow`` unpickled."""
    return FindingRow(at=at, irregularity=irregularity, rules=rules, verdict=verdict, seat=seat, card=card, count=count)


def _hand_audit(
    file: str, hand: str, game: str | None, table: str | None, dealer: str | None, verdict: Verdict | None,
    findings: tuple[FindingRow, ...], error: str | None, error_event: int | None, error_field: str | None,
    reason: LogError | None, level: int | None = None, time: str | None = None, book: str | None = None,
    detail: bytes | None = None,
) -> HandAudit:
    """A ``HandAudit`` unpickled."""
    return HandAudit(file=file, hand=hand, game=game, table=table, dealer=dealer, verdict=verdict, findings=findings,
                     error=error, error_event=error_event, error_field=error_field, reason=reason, level=level,
                     time=time, book=book, detail=detail)


# -- one hand ----------------------------------------------------------------------------------

def _meta(log: HandLog, key: str) -> str | None:
    value = log.meta.get(key)
    return None if value is None else str(value)


def audit_hand(
    log: HandLog, *, file: str, hand: str, rulebook: Rulebook | None = None,
    detail: Callable[[Result], bytes] | None = None,
) -> HandAudit:
    """Rule on one hand and gather its findings, each with the verdict of the ruling that decided it.

    ``detail``, when given, is called with the hand's result when the hand is flagged, and what it returns is
    kept as the record's ``detail`` (the HTML report keeps the ruling and the events in words).
    """
    result = rule(log, rulebook=rulebook)
    last = result.ruling.verdict
    decided: dict[int, Verdict] = {}
    for ruling in result.rulings:
        for finding in ruling.findings:
            decided.setdefault(id(finding), ruling.verdict)
    rows = [
        FindingRow(at=f.at, irregularity=f.irregularity.value, rules=finding_rules(f),
                   verdict=decided.get(id(f), last).value, seat=f.seat, card=f.card, count=f.count)
        for f in result.findings
    ]
    rows += [FindingRow(at=c.at, irregularity=c.check.value, rules=(), verdict=last.value, seat=c.seat, count=c.count)
             for c in result.deck_counts]
    level = log.level.number
    return HandAudit(  # (str() of a StrEnum member is its value, read without the enum's property)
        file=file, hand=hand, game=str(log.game), table=_meta(log, "table"), dealer=_meta(log, "dealer"),
        verdict=last, findings=tuple(rows), level=level, time=_meta(log, "time"), book=result.rulebook.id,
        detail=detail(result) if detail is not None and rows else None,
    )


def unreadable(file: str, hand: str, error: LogError) -> HandAudit:
    """The record of a hand (or a file) that cannot be read."""
    return HandAudit(file=file, hand=hand, error=str(error), error_event=error.event, error_field=error.field,
                     reason=error)


# -- reports ------------------------------------------------------------------------------------

REPORT_COLUMNS = ("file", "hand", "event", "rule", "irregularity", "verdict", "seat", "card", "table", "dealer",
                  "error")


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportRow:
    """One row of a report: a finding, or a hand that could not be read (``error`` set)."""

    file: str
    hand: str
    event: int | None
    rule: str
    irregularity: str
    verdict: str
    seat: int | None = None
    card: str | None = None
    table: str | None = None
    dealer: str | None = None
    error: str | None = None

    def values(self) -> tuple[object, ...]:
        """The row's values in the order of ``REPORT_COLUMNS``."""
        return tuple(getattr(self, column) for column in REPORT_COLUMNS)


def report_rows(hand: HandAudit) -> Iterator[ReportRow]:
    """The report's rows for one hand: one per finding, or one for an unreadable hand; none when clean."""
    if hand.error is not None:
        yield ReportRow(file=hand.file, hand=hand.hand, event=hand.error_event, rule="", irregularity="",
                        verdict="", error=hand.error)
        return
    for f in hand.findings:
        yield ReportRow(file=hand.file, hand=hand.hand, event=f.at, rule=f.rule, irregularity=f.irregularity,
                        verdict=f.verdict, seat=f.seat, card=f.card, table=hand.table, dealer=hand.dealer)


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryRow:
    """One line of a summary table: how many hands, how many of them flagged, how many findings."""

    key: str
    hands: int
    flagged: int
    findings: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CrossRow:
    """One cell of a two-way table (a dealer and a cause, a table and an hour): its hands, flagged, findings."""

    row: str
    column: str
    hands: int
    flagged: int
    findings: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """The audit in numbers, and its tables by irregularity kind, verdict, dealer, table, hour, level and book."""

    files: int
    hands: int
    flagged: int
    findings: int
    unreadable: int
    by_kind: tuple[SummaryRow, ...]
    by_verdict: tuple[SummaryRow, ...]
    by_dealer: tuple[SummaryRow, ...]
    by_table: tuple[SummaryRow, ...]
    by_hour: tuple[SummaryRow, ...] = ()
    """By the hour of the day of the log's ``time`` (``"00"`` to ``"23"``), in order."""
    by_level: tuple[SummaryRow, ...] = ()
    """By the level's number, in order."""
    by_book: tuple[SummaryRow, ...] = ()
    """By the id of the rulebook each hand was ruled under."""
    by_period: tuple[SummaryRow, ...] = ()
    """By the date and hour of the log's ``time`` (``"2026-12-04 15:00"``), in order: the rate over time."""
    by_dealer_kind: tuple[CrossRow, ...] = ()
    """By dealer (row) and irregularity kind (column), as ``by_kind`` counts them."""
    by_table_hour: tuple[CrossRow, ...] = ()
    """By table (row) and hour of the day (column), as ``by_table`` counts them."""

    @property
    def exit_status(self) -> int:
        """2 when some input could not be read, else 1 when anything was found, else 0."""
        if self.unreadable:
            return 2
        return 1 if self.findings else 0


UNKNOWN: Final = "-"
"""The key of hands whose log names no dealer or table (or no level, or no time of day)."""

_DIGITS: Final = frozenset("0123456789")


def hour_and_period(time: str | None) -> tuple[str, str]:
    """The hour of the day and the date-and-hour of a log's ``time`` (``UNKNOWN`` for what it does not say).

    >>> hour_and_period("2026-12-04T15:04:05+07:00"), hour_and_period("09:30:00"), hour_and_period("soon")
    (('15', '2026-12-04 15:00'), ('09', '-'), ('-', '-'))
    """
    if not time:
        return UNKNOWN, UNKNOWN
    if len(time) >= 13 and time[10] in "T " and time[4] == "-" and set(time[11:13]) <= _DIGITS:
        return time[11:13], f"{time[:10]} {time[11:13]}:00"
    if len(time) >= 5 and time[2] == ":" and set(time[:2]) <= _DIGITS:
        return time[:2], UNKNOWN
    return UNKNOWN, UNKNOWN


_ONE_WAY = ("kind", "verdict", "dealer", "table", "hour", "level", "book", "period")
_TWO_WAY = ("dealer_kind", "table_hour")


class Tally:
    """Counts hand audits as they stream by (memory grows with the dealers, tables and hours, not the hands)."""

    __slots__ = ("_cross", "_tables", "files", "findings", "flagged", "hands", "unreadable")

    def __init__(self) -> None:
        self.files = 0
        self.hands = 0
        self.flagged = 0
        self.findings = 0
        self.unreadable = 0
        self._tables: dict[str, dict[str, list[int]]] = {name: {} for name in _ONE_WAY}
        self._cross: dict[str, dict[tuple[str, str], list[int]]] = {name: {} for name in _TWO_WAY}

    def _count(self, table: str, key: str, *, hands: int, flagged: int, findings: int) -> None:
        row = self._tables[table].setdefault(key, [0, 0, 0])
        row[0] += hands
        row[1] += flagged
        row[2] += findings

    def _count2(self, table: str, key: tuple[str, str], *, hands: int, flagged: int, findings: int) -> None:
        row = self._cross[table].setdefault(key, [0, 0, 0])
        row[0] += hands
        row[1] += flagged
        row[2] += findings

    def add(self, hand: HandAudit) -> None:
        if hand.error is not None:
            self.unreadable += 1
            return
        self.hands += 1
        n = len(hand.findings)
        flagged = 1 if n else 0
        self.flagged += flagged
        self.findings += n
        assert hand.verdict is not None
        dealer = hand.dealer or UNKNOWN
        table = hand.table or UNKNOWN
        hour, period = hour_and_period(hand.time)
        self._count("verdict", str(hand.verdict), hands=1, flagged=flagged, findings=n)
        self._count("dealer", dealer, hands=1, flagged=flagged, findings=n)
        self._count("table", table, hands=1, flagged=flagged, findings=n)
        self._count("hour", hour, hands=1, flagged=flagged, findings=n)
        self._count("level", UNKNOWN if hand.level is None else str(hand.level), hands=1, flagged=flagged,
                    findings=n)
        self._count("book", hand.book or UNKNOWN, hands=1, flagged=flagged, findings=n)
        self._count("period", period, hands=1, flagged=flagged, findings=n)
        self._count2("table_hour", (table, hour), hands=1, flagged=flagged, findings=n)
        if not n:
            return
        kinds: dict[str, int] = {}
        for f in hand.findings:
            kinds[f.irregularity] = kinds.get(f.irregularity, 0) + 1
        for kind, count in kinds.items():
            self._count("kind", kind, hands=1, flagged=1, findings=count)
            self._count2("dealer_kind", (dealer, kind), hands=1, flagged=1, findings=count)

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one's (the summary is the same as if its hands had been added)."""
        self.files += other.files
        self.hands += other.hands
        self.flagged += other.flagged
        self.findings += other.findings
        self.unreadable += other.unreadable
        for table, rows in other._tables.items():
            mine = self._tables[table]
            for key, (hands, flagged, findings) in rows.items():
                row = mine.get(key)
                if row is None:
                    mine[key] = [hands, flagged, findings]
                else:
                    row[0] += hands
                    row[1] += flagged
                    row[2] += findings
        for table, cells in other._cross.items():
            theirs = self._cross[table]
            for pair, (hands, flagged, findings) in cells.items():
                cell = theirs.get(pair)
                if cell is None:
                    theirs[pair] = [hands, flagged, findings]
                else:
                    cell[0] += hands
                    cell[1] += flagged
                    cell[2] += findings

    def add_report(self, report: ChunkReport) -> None:
        """Count a chunk: its files and every hand of it (its tally, not only the hands it carries)."""
        self.merge(report.tally)

    def _rows(self, table: str) -> tuple[SummaryRow, ...]:
        rows = [SummaryRow(key=k, hands=v[0], flagged=v[1], findings=v[2]) for k, v in self._tables[table].items()]
        return tuple(sorted(rows, key=lambda r: (-r.findings, -r.hands, r.key)))

    def _in_order(self, table: str) -> tuple[SummaryRow, ...]:
        """The rows by key (numbers as numbers), the unknown last."""
        rows = [SummaryRow(key=k, hands=v[0], flagged=v[1], findings=v[2]) for k, v in self._tables[table].items()]
        return tuple(sorted(rows, key=lambda r: (r.key == UNKNOWN, len(r.key) if r.key.isdigit() else 0, r.key)))

    def _cells(self, table: str) -> tuple[CrossRow, ...]:
        cells = [CrossRow(row=k[0], column=k[1], hands=v[0], flagged=v[1], findings=v[2])
                 for k, v in self._cross[table].items()]
        return tuple(sorted(cells, key=lambda c: (c.row, c.column)))

    def summary(self) -> Summary:
        return Summary(
            files=self.files, hands=self.hands, flagged=self.flagged, findings=self.findings,
            unreadable=self.unreadable, by_kind=self._rows("kind"), by_verdict=self._rows("verdict"),
            by_dealer=self._rows("dealer"), by_table=self._rows("table"), by_hour=self._in_order("hour"),
            by_level=self._in_order("level"), by_book=self._rows("book"), by_period=self._in_order("period"),
            by_dealer_kind=self._cells("dealer_kind"), by_table_hour=self._cells("table_hour"),
        )


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class ChunkReport:
    """The audit of one chunk: the records the report shows, in the chunk's order, and the counts of every hand.

    A clean hand has no row in the report, so only flagged and unreadable hands come back as
    records (every hand when the audit was asked for every record); ``tally`` counts them all.
    It travels from a worker process to the parent (``__reduce__``), as ``HandAudit`` does.
    """

    hands: tuple[HandAudit, ...]
    """Flagged and unreadable hands, in input order (every hand when asked for every record)."""
    count: int
    """How many hand records the chunk gave, clean ones and unreadable ones included (for progress)."""
    tally: Tally
    """The chunk's summary counts, its files included: ``Tally.add_report`` merges them."""
    files: int
    read_bytes: int
    """Bytes of input on disk the chunk accounts for (for progress)."""

    def __init__(self, *, hands: tuple[HandAudit, ...], count: int, tally: Tally, files: int, read_bytes: int) -> None:
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "tally", tally)
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "read_bytes", read_bytes)

    def __reduce__(self) -> tuple[Any, ...]:
        return _chunk_report, (self.hands, self.count, self.tally, self.files, self.read_bytes)


def _chunk_report(hands: tuple[HandAudit, ...], count: int, tally: Tally, files: int, read_bytes: int) -> ChunkReport:
    """A ``ChunkReport`` unpickled."""
    return ChunkReport(hands=hands, count=count, tally=tally, files=files, read_bytes=read_bytes)
