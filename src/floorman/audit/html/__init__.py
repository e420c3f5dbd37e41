"""The audit as pictures: one HTML file a room manager opens in a browser, with no server and no network.

``floorman audit PATH... --html REPORT.html`` writes it from the audit's own records: the
``Summary`` of the audit's one ``Tally`` (the same figures as ``--json``) up front, and the
flagged and unreadable hands the audit streams back. The page holds its styles, its script
and its chart library (Apache ECharts, vendored with its licence in ``vendor/``); it speaks
English or Vietnamese, every word from the one catalog (``report.*`` ids).

Hand details stay small and load on demand: while the audit runs, each flagged hand's
ruling and events are said in words by the worker that ruled on it (``HandDetail``, so the
parent only packs them), packed ``BLOCK_HANDS`` hands at a time, gzipped and written into
the page as base64 text that the browser unpacks (``DecompressionStream``) only when a hand
of the block is opened. The page itself parses the summary and a one-line index of the
flagged hands; a million hands make a report of a few megabytes that opens in a second or two.

>>> rate_per_thousand(3, 1000), interval_per_thousand(0, 10)
(3.0, (0.0, 277.5))
"""

from __future__ import annotations

import base64
import math
import os
import tempfile
import zlib
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from floorman.audit.report import UNKNOWN, CrossRow, HandAudit, Summary, SummaryRow, hour_and_period
from floorman.engine.result import Result
from floorman.errors import FloormanError
from floorman.fold.log import HandLog
from floorman.law.rulebooks import find_rulebook
from floorman.law.rulebooks.decisions import finding_rules
from floorman.law.rulings.model import Ruling
from floorman.locale import lang_of, translations
from floorman.words.causes import cause_words
from floorman.words.events import event_line
from floorman.words.rulings import VERDICTS, remedy_text, verdict_words

__all__ = ["BLOCK_HANDS", "WORD_IDS", "HandDetail", "HtmlReport", "interval_per_thousand", "rate_per_thousand",
           "report_data"]

BLOCK_HANDS = 400
"""How many flagged hands' details are packed (and unpacked by the browser) together: one block is a few
hundred kilobytes of words, unpacked in a few milliseconds when one of its hands is opened."""

WORD_IDS = (
    "title", "subtitle", "nav.overview", "nav.dealers", "nav.tables", "nav.time", "nav.levels", "nav.unreadable",
    "kpi.files", "kpi.hands", "kpi.flagged", "kpi.findings", "kpi.unreadable", "kpi.rate", "rate.line",
    "overview.title", "chart.by_verdict", "chart.by_kind", "chart.by_book", "dealers.title", "dealers.chart",
    "tables.title", "tables.chart", "time.title", "time.chart", "time.none", "hours.title", "hours.chart",
    "heat.title", "heat.chart", "heat.note", "levels.title", "levels.chart", "col.verdict", "col.kind", "col.book",
    "col.dealer", "col.table", "col.hour", "col.level", "col.period", "col.hands", "col.flagged", "col.rate",
    "col.interval", "col.findings", "col.with_cause", "col.file", "col.hand", "col.time", "col.causes", "col.event", "col.field",
    "col.error", "col.rule", "col.source", "unknown", "other", "hands.title", "hands.count", "hands.more",
    "hands.none", "hands.close", "hand.title", "hand.ruling", "hand.at", "hand.now", "hand.sa", "hand.yes",
    "hand.no", "hand.discretion", "hand.no_discretion", "hand.override", "hand.todo", "hand.rules", "hand.events",
    "hand.findings", "hand.marked", "hand.loading", "hand.why", "unreadable.title", "unreadable.none",
    "table.sort", "table.open", "chart.alt", "chart.top", "print", "lang",
)
"""The page's words: ``report.<id>`` in the catalog, passed to the page as their templates (``{n}`` and the like
filled in by the page, numbers written the language's way)."""

_STATIC = resources.files("floorman.audit.html")


def _asset(name: str) -> str:
    return _STATIC.joinpath(name).read_text(encoding="utf-8")


# -- figures -------------------------------------------------------------------------------------

def rate_per_thousand(flagged: int, hands: int) -> float:
    """Hands with an irregularity per 1,000 hands (0 when there are no hands)."""
    return 1000.0 * flagged / hands if hands else 0.0


def interval_per_thousand(flagged: int, hands: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson interval of the rate per 1,000 hands, to one decimal: a dealer with 3 hands and one
    irregularity is somewhere between 61.5 and 792.3 per 1,000, not "333".

    >>> interval_per_thousand(1, 3)
    (61.5, 792.3)
    """
    if hands <= 0:
        return 0.0, 0.0
    p = flagged / hands
    denominator = 1 + z * z / hands
    centre = (p + z * z / (2 * hands)) / denominator
    half = z * math.sqrt(p * (1 - p) / hands + z * z / (4 * hands * hands)) / denominator
    return round(1000 * max(centre - half, 0.0), 1), round(1000 * min(centre + half, 1.0), 1)


def _row(row: SummaryRow) -> list[Any]:
    low, high = interval_per_thousand(row.flagged, row.hands)
    return [row.key, row.hands, row.flagged, row.findings, round(rate_per_thousand(row.flagged, row.hands), 1), low,
            high]


def _cell(cell: CrossRow) -> list[Any]:
    return [cell.row, cell.column, cell.hands, cell.flagged, cell.findings,
            round(rate_per_thousand(cell.flagged, cell.hands), 1)]


_TABLES = ("by_kind", "by_verdict", "by_dealer", "by_table", "by_hour", "by_level", "by_book", "by_period")
_CROSS = ("by_dealer_kind", "by_table_hour")


def _summary_obj(summary: Summary) -> dict[str, Any]:
    """The summary as the page reads it: each table's rows as [key, hands, flagged, findings, rate, low, high]
    (a cause's row: [key, hands audited, hands with the cause, findings, rate, low, high])."""
    obj: dict[str, Any] = {"files": summary.files, "hands": summary.hands, "flagged": summary.flagged,
                           "findings": summary.findings, "unreadable": summary.unreadable,
                           "rate": round(rate_per_thousand(summary.flagged, summary.hands), 1),
                           "interval": interval_per_thousand(summary.flagged, summary.hands)}
    for name in _TABLES:
        obj[name] = [_row(r) for r in getattr(summary, name)]
    # a cause's hands are all flagged: its rate is of the hands audited (how many in 1,000 hands had this cause)
    obj["by_kind"] = [_row(SummaryRow(key=r.key, hands=summary.hands, flagged=r.hands, findings=r.findings))
                      for r in summary.by_kind]
    for name in _CROSS:
        obj[name] = [_cell(c) for c in getattr(summary, name)]
    return obj


# -- a flagged hand in words (in the worker) ------------------------------------------------------

def _ruling_obj(ruling: Ruling, lang: str) -> dict[str, Any]:
    override = ruling.override
    return {
        "verdict": ruling.verdict.value,
        "at": ruling.at,
        "sa": ruling.substantial_action,
        "discretion": ruling.discretion,
        "override": None if override is None else [override.verdict.value, override.reason],
        "remedies": [remedy_text(r, lang) for r in ruling.remedies],
        "rules": [[c.rule, c.source_in(lang)] for c in ruling.citations],
        "explain": ruling.explain(lang),
        "reasons": list(ruling.reasons(lang)),
    }


_LINES_KEPT = 100_000
"""How many event lines a worker keeps to say again (a few megabytes at most)."""


class HandDetail:
    """What the report keeps of a flagged hand: its rulings and its events in words, as JSON bytes.

    Called by the worker that ruled on the hand (``audit_hand``'s ``detail``), so that the words are said where
    the hand is at hand, in parallel, and only bytes travel back. It pickles (a module-level class and its
    language).
    """

    __slots__ = ("_lines", "lang")

    def __init__(self, lang: str) -> None:
        self.lang = lang_of(lang)
        self._lines: dict[tuple[Any, ...], str] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return HandDetail, (self.lang,)

    def _events(self, log: HandLog) -> list[str]:
        """The hand's events in words. An event is said from itself, the game's family and the name of the player
        at its seat, so a line said once is kept and said again for the same event of another hand (the deals,
        posts and folds of a room repeat from hand to hand)."""
        lines = self._lines
        if len(lines) > _LINES_KEPT:
            lines.clear()
        family = log.spec.family
        said = []
        for e in log.events:
            seat = getattr(e, "seat", None)
            player = log.player_at(seat) if isinstance(seat, int) else None
            key = (type(e), e, family, None if player is None else player.name)
            line = lines.get(key)
            if line is None:
                line = lines[key] = event_line(log, e, self.lang)
            said.append(line)
        return said

    def __call__(self, result: Result) -> bytes:
        log, lang = result.log, self.lang
        obj = {
            "book": result.rulebook.name_in(lang),
            "rulings": [_ruling_obj(r, lang) for r in result.rulings],
            "findings": [[f.at, f.irregularity.value, list(finding_rules(f))] for f in result.findings]
            + [[c.at, c.check.value, []] for c in result.deck_counts],
            "events": self._events(log),
        }
        return msgspec.json.encode(obj)


# -- the report --------------------------------------------------------------------------------------

class _Strings:
    """Strings interned as numbers in the hands' index (a million hands name a few hundred dealers)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.values: list[str] = []

    def __call__(self, value: str) -> int:
        found = self.ids.get(value)
        if found is None:
            found = self.ids[value] = len(self.values)
            self.values.append(value)
        return found


class HtmlReport:
    """The HTML report, filled as the audit streams its records by and written once, whole, at the end.

    ``add`` takes every record the audit shows (flagged and unreadable hands; clean ones are ignored:
    the summary counts them); ``write`` writes the page next to ``path`` and moves it into place, so a
    report is never left half-written.
    """

    def __init__(self, path: str | Path, *, lang: str = "en") -> None:
        self.path = Path(path)
        self.lang = lang_of(lang)
        self.strings = _Strings()
        self.hands: list[list[Any]] = []
        self.unreadable: list[list[Any]] = []
        self.blocks: list[str] = []
        self._block: list[bytes] = []

    def add(self, hand: HandAudit) -> None:
        if hand.error is not None:
            self.unreadable.append([hand.file, hand.hand, hand.error_event, hand.error_field, hand.said(self.lang)])
            return
        if not hand.findings:
            return
        s = self.strings
        hour, period = hour_and_period(hand.time)
        kinds = sorted({s(f.irregularity) for f in hand.findings})
        detail = hand.detail if hand.detail is not None else b"null"
        self.hands.append([
            s(hand.file), hand.hand, s(hand.dealer or UNKNOWN), s(hand.table or UNKNOWN), s(hour),
            s(UNKNOWN if hand.level is None else str(hand.level)), s(hand.book or UNKNOWN), s(period),
            s(str(hand.verdict)), kinds, s(hand.time or ""), len(self.blocks), len(self._block),
        ])
        self._block.append(detail)
        if len(self._block) >= BLOCK_HANDS:
            self._pack()

    def _pack(self) -> None:
        if self._block:
            raw = b"[" + b",".join(self._block) + b"]"
            self.blocks.append(base64.b64encode(zlib.compress(raw, 6, wbits=31)).decode("ascii"))
            self._block = []

    def add_all(self, hands: Iterable[HandAudit]) -> None:
        for hand in hands:
            self.add(hand)

    def write(self, summary: Summary) -> int:
        """Write the page; its size in bytes."""
        self._pack()
        data = report_data(summary, lang=self.lang, strings=self.strings.values, hands=self.hands,
                           unreadable=self.unreadable, blocks=len(self.blocks))
        head, tail = _page(self.lang, data)
        folder = self.path.parent if str(self.path.parent) else Path(".")
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fp:
                fp.write(head)
                for i, block in enumerate(self.blocks):
                    fp.write(f'<script type="application/gzip-base64" id="block-{i}">{block}</script>\n')
                fp.write(tail)
                size = fp.tell()
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return size




def _names(summary: Summary, lang: str) -> dict[str, dict[str, str]]:
    """The words for the keys the page shows: causes, verdicts and rulebooks by name, "unknown" for ``-``."""
    kinds = {r.key for r in summary.by_kind} | {c.column for c in summary.by_dealer_kind}
    books: dict[str, str] = {}
    for row in summary.by_book:
        try:
            book = find_rulebook(row.key)
        except FloormanError:  # a house book's id: the id is its name
            books[row.key] = row.key
        else:
            books[row.key] = book.name_in(lang)
    return {
        "kind": {k: cause_words(k, lang) for k in sorted(kinds)},
        "verdict": {v: verdict_words(v, lang, "short") for v in VERDICTS},
        "verdict_long": {v: verdict_words(v, lang) for v in VERDICTS},
        "book": books,
    }


def report_data(summary: Summary, *, lang: str, strings: list[str] | None = None,
                hands: list[list[Any]] | None = None, unreadable: list[list[Any]] | None = None,
                blocks: int = 0) -> dict[str, Any]:
    """Everything the page shows but the hands' details: the summary's figures, the words, the hands' index."""
    lang = lang_of(lang)
    catalog = translations(lang)
    words = {key: catalog.gettext(f"report.{key}") for key in WORD_IDS}
    return {
        "lang": lang, "unknown_key": UNKNOWN, "words": words, "names": _names(summary, lang),
        "summary": _summary_obj(summary), "strings": strings or [], "hands": hands or [],
        "unreadable": unreadable or [], "blocks": blocks,
    }


def _script_json(data: Mapping[str, Any]) -> str:
    """JSON safe inside a ``<script>`` element (no ``</``, no HTML comment start)."""
    text = msgspec.json.encode(data).decode("utf-8")
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def _page(lang: str, data: Mapping[str, Any]) -> tuple[str, str]:
    """The page before the hands' blocks and after them."""
    words = data["words"]
    title = words["title"].replace("{hands}", f"{data['summary']['hands']:,}".replace(",", "." if lang == "vi" else ","))
    head = (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="floorman audit --html">\n'
        f"<title>{_escape(title)}</title>\n<style>\n{_asset('report.css')}\n</style>\n</head>\n"
        f'<body>\n<noscript><p class="noscript">{_escape(words["chart.alt"])}</p></noscript>\n'
        '<div id="app" aria-live="polite"></div>\n'
        f'<script type="application/json" id="report-data">{_script_json(data)}</script>\n'
    )
    tail = (
        "<script>\n/* Apache ECharts 6.1.0, Apache License 2.0 (see floorman/audit/html/vendor/LICENSE-echarts) */\n"
        f"{_asset('vendor/echarts.min.js')}\n</script>\n"
        f"<script>\n{_asset('report.js')}\n</script>\n</body>\n</html>\n"
    )
    return head, tail


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
