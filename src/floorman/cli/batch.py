"""``floorman convert`` and ``floorman audit``: many hands at a time.

A thin skin over ``floorman.audit`` and the formats, in the style of ``floorman.cli``:
errors are translated here and only here. Input that cannot be read is one line on
standard error naming the file, the hand, the event index and the field; ``convert`` stops
with status 2, ``audit`` reports it, goes on, and ends with status 2.
"""

from __future__ import annotations

import csv
import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO, Any

import click

from floorman.audit import (
    REPORT_COLUMNS,
    ChunkReport,
    HandAudit,
    Summary,
    SummaryRow,
    Tally,
    audit_chunks,
    input_bytes,
    report_rows,
)
from floorman.audit.report import CrossRow
from floorman.cli.errors import error_edge, fail, is_output_failure, lang_option, output_failed, printable, words
from floorman.engine.result import Result
from floorman.fold.log import HandLog
from floorman.formats import handlog, house
from floorman.formats.cells import guarded_cell
from floorman.formats.files import HandFormat, format_of, hand_texts, is_gzipped, read_hands
from floorman.formats.handlog import JsonEncoder
from floorman.formats.phh import PhhError
from floorman.formats.phh_write import from_hand_log
from floorman.law.rulebooks import BOOK_IDS, Rulebook, find_rulebook

__all__ = ["audit_cmd", "convert_cmd"]

_TOP = 20
"""Rows shown per summary table on the terminal (the JSON report has them all)."""


class _Refused(Exception):
    """Input the command cannot go on with; the message is the one line to show (said in the command's language)."""


_fail = fail


@contextmanager
def _edge(lang: str) -> Iterator[None]:
    """``error_edge`` in ``lang``; a hand history that cannot be written is said as the error it stands for."""
    with error_edge(_Refused, lang=lang):
        try:
            yield
        except PhhError as exc:
            raise exc.error() from None


def _where(hand: HandAudit, lang: str) -> str:
    """One line for an unreadable hand, in ``lang``: the error already names the file; add the hand."""
    error = hand.said(lang)
    assert error is not None
    if not hand.hand or hand.hand.startswith("line "):  # the error names the line already
        return error
    head = f"{hand.file}: "
    rest = error[len(head):] if error.startswith(head) else error
    return words("cli.audit.unreadable_hand", lang, file=hand.file, hand=hand.hand, error=rest)


# -- convert ------------------------------------------------------------------------------------

def _read_logs(path: str, lang: str) -> Iterator[HandLog]:
    for item in hand_texts(path):
        for read in read_hands(item, source=path):
            if read.error is not None:
                raise _Refused(_where(HandAudit(file=path, hand=read.hand, error=str(read.error), reason=read.error),
                                      lang))
            assert read.log is not None
            yield read.log


def _open_output(path: Path, *, gzipped: bool) -> IO[str]:
    if gzipped:
        import gzip

        return gzip.open(path, "wt", encoding="utf-8")
    return open(path, "w", encoding="utf-8")


def _write(logs: Iterator[HandLog], fmt: HandFormat, fp: IO[str], source: str, lang: str) -> int:
    """Write every hand; a format that holds one hand refuses a second."""
    count = 0
    for log in logs:
        count += 1
        if count == 2 and fmt in (HandFormat.JSON, HandFormat.PHH):
            many = ".jsonl" if fmt is HandFormat.JSON else ".phhs"
            raise _Refused(words("cli.convert.more_than_one", lang, source=source, suffix=fmt.value, many=many))
        if fmt is HandFormat.JSON:
            fp.write(handlog.dumps(log, indent=1) + "\n")
        elif fmt is HandFormat.JSONL:
            fp.write(handlog.dumps(log) + "\n")
        else:
            text = from_hand_log(handlog.to_obj(log))
            if fmt is HandFormat.PHHS:
                text = ("\n" if count > 1 else "") + f"[{count}]\n" + text
            fp.write(text)
    return count


@click.command("convert")
@click.argument("source", metavar="IN", type=click.Path())
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False, writable=True))
@lang_option("Language of the count and of the error lines.")
def convert_cmd(source: str, target: str, lang: str) -> None:
    """Convert hands between PHH (.phh, .phhs), hand-log JSON (.json) and JSONL (.jsonl); .gz is read and written.

    The format is each file's suffix. Every hand is checked on the way; the first that cannot
    be read stops the conversion and OUT is left as it was.
    """
    out = Path(target)
    with _edge(lang):
        format_of(source)
        out_fmt = format_of(out)
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent if str(out.parent) else ".")
        os.close(fd)
        try:
            with _open_output(Path(tmp), gzipped=is_gzipped(out)) as fp:
                count = _write(_read_logs(source, lang), out_fmt, fp, source, lang)
            if count == 0:
                raise _Refused(words("cli.convert.no_hand", lang, source=source))
            os.replace(tmp, out)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    click.echo(printable(words("cli.convert.done", lang, n=count, source=source, target=target)), err=True)


# -- audit --------------------------------------------------------------------------------------

def _summary_obj(summary: Summary) -> dict[str, Any]:
    def table(rows: tuple[SummaryRow, ...]) -> list[dict[str, Any]]:
        return [{"key": r.key, "hands": r.hands, "flagged": r.flagged, "findings": r.findings} for r in rows]

    def cells(rows: tuple[CrossRow, ...]) -> list[dict[str, Any]]:
        return [{"row": c.row, "column": c.column, "hands": c.hands, "flagged": c.flagged, "findings": c.findings}
                for c in rows]

    return {
        "files": summary.files, "hands": summary.hands, "flagged": summary.flagged,
        "findings": summary.findings, "unreadable": summary.unreadable,
        "by_kind": table(summary.by_kind), "by_verdict": table(summary.by_verdict),
        "by_dealer": table(summary.by_dealer), "by_table": table(summary.by_table),
        "by_hour": table(summary.by_hour), "by_level": table(summary.by_level), "by_book": table(summary.by_book),
        "by_period": table(summary.by_period), "by_dealer_kind": cells(summary.by_dealer_kind),
        "by_table_hour": cells(summary.by_table_hour),
    }


def summary_lines(summary: Summary, *, seconds: float | None = None, lang: str = "en") -> Iterator[str]:
    """The summary as a text table, in ``lang`` (its counts as the language writes numbers).

    >>> summary = Summary(files=2, hands=1200, flagged=3, findings=4, unreadable=0, by_kind=(), by_verdict=(),
    ...                   by_dealer=(), by_table=())
    >>> next(summary_lines(summary))
    '1,200 hands in 2 files: 3 flagged, 4 findings, 0 unreadable'
    >>> next(summary_lines(summary, lang="vi"))
    '1.200 ván bài trong 2 tệp: 3 ván bị đánh dấu, 4 phát hiện, 0 không đọc được'
    """
    rate = words("cli.audit.rate", lang, seconds=f"{seconds:.1f}", rate=round(summary.hands / seconds)) if seconds else ""
    yield words("cli.audit.summary", lang, hands=summary.hands, files=summary.files, rate=rate,
                flagged=summary.flagged, findings=summary.findings, unreadable=summary.unreadable)
    heads = [words(f"cli.audit.column.{key}", lang) for key in ("hands", "flagged", "findings")]
    for title, rows in (("irregularity", summary.by_kind), ("verdict", summary.by_verdict),
                        ("dealer", summary.by_dealer), ("table", summary.by_table)):
        if not rows or (title in ("dealer", "table") and [r.key for r in rows] == ["-"]):
            continue
        said = words(f"cli.audit.by.{title}", lang)
        keys = [printable(r.key) for r in rows[:_TOP]]  # a table or a dealer as the hand log named it
        width = max(len(said), *(len(key) for key in keys))
        yield ""
        yield f"{said:<{width}}  " + "  ".join(f"{head:>9}" for head in heads)
        for key, r in zip(keys, rows[:_TOP], strict=False):
            counts = (words("cli.audit.count", lang, n=n) for n in (r.hands, r.flagged, r.findings))
            yield f"{key:<{width}}  " + "  ".join(f"{count:>9}" for count in counts)
        if len(rows) > _TOP:
            yield words("cli.audit.more", lang, n=len(rows) - _TOP)


class _Reports:
    """The --json and --csv reports, written row by row as hands stream in."""

    def __init__(self, stack: ExitStack, json_path: str | None, csv_path: str | None) -> None:
        self.json_path, self.csv_path = json_path, csv_path
        self.json_fp = self._open(stack, json_path)
        self.csv_fp = self._open(stack, csv_path)
        self.csv = csv.writer(self.csv_fp, lineterminator="\n") if self.csv_fp is not None else None
        self.rows = 0
        if self.csv is not None:
            with _writing(self.csv_path):
                self.csv.writerow(REPORT_COLUMNS)
        if self.json_fp is not None:
            with _writing(self.json_path):
                self.json_fp.write('{"floorman": 1, "rows": [')

    @staticmethod
    def _open(stack: ExitStack, path: str | None) -> IO[str] | None:
        if path is None:
            return None
        if path == "-":
            return sys.stdout
        return stack.enter_context(open(path, "w", encoding="utf-8", newline=""))

    def add(self, hand: HandAudit) -> None:
        for row in report_rows(hand):
            values = row.values()
            if self.csv is not None:
                with _writing(self.csv_path):
                    self.csv.writerow(["" if v is None else guarded_cell(v) for v in values])
            if self.json_fp is not None:
                obj = dict(zip(REPORT_COLUMNS, values, strict=True))
                with _writing(self.json_path):
                    self.json_fp.write(("," if self.rows else "") + "\n " + json.dumps(obj, ensure_ascii=False))
            self.rows += 1

    def close(self, summary: Summary) -> None:
        if self.json_fp is not None:
            body = json.dumps(_summary_obj(summary), cls=JsonEncoder, ensure_ascii=False)
            with _writing(self.json_path):
                self.json_fp.write(f"\n], \"summary\": {body}}}\n")
                self.json_fp.flush()
        if self.csv_fp is not None:
            with _writing(self.csv_path):
                self.csv_fp.flush()


@contextmanager
def _writing(path: str | None) -> Iterator[None]:
    """A write to a report that cannot be made (a full disk, a pipe nobody reads) is one line naming its file."""
    try:
        yield
    except OSError as exc:
        if not is_output_failure(exc):
            raise
        output_failed(exc, None if path in (None, "-") else path)


class _Progress:
    """A progress bar on standard error: share of the input read, hands per second, time left."""

    def __init__(self, total_bytes: int, *, started: float, lang: str) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

        self.console = Console(stderr=True)
        self.lang = lang
        self.bar = Progress(
            TextColumn(words("cli.audit.progress.auditing", lang)), BarColumn(), TaskProgressColumn(),
            TextColumn("{task.fields[said]}"),
            TextColumn(words("cli.audit.progress.time_left", lang)), TimeRemainingColumn(),
            console=self.console, transient=False,
        )
        self.task = self.bar.add_task("audit", total=max(total_bytes, 1), said=self._said(0, 0.0))
        self.hands = 0
        self.started = started
        self.bar.start()

    def _said(self, hands: int, rate: float) -> str:
        return words("cli.audit.progress.hands", self.lang, hands=hands, rate=round(rate))

    def update(self, report: ChunkReport) -> None:
        self.hands += report.count
        rate = self.hands / max(time.perf_counter() - self.started, 1e-9)
        self.bar.update(self.task, advance=report.read_bytes, said=self._said(self.hands, rate))

    def say(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def close(self) -> None:
        self.bar.stop()


def _reports_stream(paths: tuple[str, ...], jobs: int, book: Rulebook | None,
                    dask: str | None, lang: str, detail: Callable[[Result], bytes] | None = None,
                    ) -> Iterator[ChunkReport]:
    if dask is None:
        return audit_chunks(paths, jobs=jobs, rulebook=book, detail=detail)
    try:
        from floorman.audit.dask import audit_chunks as dask_chunks

        return dask_chunks(paths, address=dask, rulebook=book, detail=detail)
    except ImportError:
        _fail(words("cli.audit.needs_dask", lang))
        raise


@click.command("audit")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True, type=click.Path())
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes.")
@click.option("--dask", "dask", metavar="ADDRESS", help="Run on the Dask cluster at ADDRESS (needs floorman[dask]).")
@click.option("--rulebook", "-r", metavar="ID", help=f"Rule every hand under this book ({', '.join(BOOK_IDS)}); "
              "default: each log's own.")
@click.option("--house", "house_file", metavar="FILE", help="House-rules TOML that adjusts a rulebook.")
@click.option("--json", "json_path", metavar="FILE", help="Write the report as JSON (- for standard output).")
@click.option("--csv", "csv_path", metavar="FILE", help="Write the report as CSV (- for standard output).")
@click.option("--html", "html_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Write the report as one HTML page with charts, in the --lang language (opens offline in a "
              "browser).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar on standard error (default: when it is a terminal).")
@lang_option("Language of the summary, the progress bar and the error lines (the --json and --csv reports are "
             "the same in every language).")
def audit_cmd(paths: tuple[str, ...], jobs: int, dask: str | None, rulebook: str | None, house_file: str | None,
              json_path: str | None, csv_path: str | None, html_path: str | None, progress: bool | None,
              lang: str) -> None:
    """Audit hand files (.json, .jsonl, .phh, .phhs, also .gz; folders are searched) for dealing irregularities.

    Prints a summary by irregularity, verdict, dealer and table; --json and --csv write one row
    per finding (file, hand, event index, rule id, verdict); --html writes the report as charts
    and tables, from each chart to its hands and each hand to its ruling. Exit status: 0 when every hand is
    clean, 1 when anything was found, 2 when some input could not be read (each is reported on
    standard error and the audit goes on).
    """
    if dask is not None and jobs != 1:
        raise click.UsageError(words("cli.audit.jobs_and_dask", lang))
    if json_path == "-" and csv_path == "-":
        raise click.UsageError(words("cli.audit.one_to_stdout", lang))
    with _edge(lang):
        book: Rulebook | None = house.load(house_file) if house_file else (
            find_rulebook(rulebook) if rulebook else None)
    show = sys.stderr.isatty() if progress is None else progress
    tally = Tally()
    # what is loaded by now (the modules, the catalogs, the rulebooks) lives as long as the process: frozen, the
    # collector does not walk it again at each full collection while the hands stream through
    gc.freeze()
    started = time.perf_counter()
    with ExitStack() as stack, _edge(lang):
        html = None
        if html_path is not None:
            from floorman.audit.html import HandDetail, HtmlReport

            html = HtmlReport(html_path, lang=lang)
        reports = _Reports(stack, json_path, csv_path)
        total = input_bytes(paths) if show else 0
        bar: _Progress | None = None
        try:
            detail = None if html is None else HandDetail(lang)
            for report in _reports_stream(paths, jobs, book, dask, lang, detail):
                if show and bar is None:  # after the first chunk: the workers are started, with no thread to copy
                    bar = _Progress(total, started=started, lang=lang)
                tally.add_report(report)
                for hand in report.hands:
                    if hand.error is not None:
                        message = f"floorman: {printable(_where(hand, lang))}"
                        if bar is not None:
                            bar.say(message)
                        else:
                            click.echo(message, err=True)
                    reports.add(hand)
                    if html is not None:
                        html.add(hand)
                if bar is not None:
                    bar.update(report)
        finally:
            if bar is not None:
                bar.close()
        summary = tally.summary()
        reports.close(summary)
        if html is not None:
            html.write(summary)
    if "-" not in (json_path, csv_path):
        for line in summary_lines(summary, seconds=time.perf_counter() - started, lang=lang):
            click.echo(line)
    sys.exit(summary.exit_status)
