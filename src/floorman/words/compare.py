"""One hand under every rulebook, side by side: what ``floorman compare`` prints and the MCP server returns.

>>> import floorman
>>> results = compare(floorman.load("examples/four-card-flop.json"))
>>> [r.rulebook.id for r in results][:2]
['wsop-2026', 'wsop-la-2026']
>>> compare_lines(results, color=False)[1].split()[:3]
['WSOP', '2026', 'continue']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from floorman.engine.hand import rule
from floorman.engine.result import Result
from floorman.fold.log import HandLog
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import Rulebook, rulebooks
from floorman.words.rulings import compare_words

__all__ = ["compare", "compare_lines", "compare_obj"]


def compare(log: HandLog, *, also: Iterable[Rulebook] = ()) -> list[Result]:
    """The hand ruled under every rulebook, then under each of ``also`` (house rules, say)."""
    return [rule(log, rulebook=b) for b in (*rulebooks().values(), *also)]


def compare_obj(results: Iterable[Result]) -> dict[str, Any]:
    """``floorman compare --json``: one ruling object (hand-log.md, section 3) per book, under ``compare``."""
    return {"floorman": 1, "compare": [ruling_json.to_obj(r) for r in results]}


def compare_lines(results: list[Result], *, lang: str = "en", color: bool = True) -> list[str]:
    """The table: one row per book (verdict, substantial action, discretion, rules and remedies); rows whose
    verdict differs from the first book's are highlighted (ANSI yellow when ``color``), and a last line says so."""

    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    say = compare_words(lang)
    rows = []
    for result in results:
        book, r = result.rulebook, result.ruling
        name = book.short + (f" + {book.house}" if book.house else "")
        steps = "; ".join(m.do.value for m in r.remedies) or "-"
        rows.append((name, say[r.verdict.value], say["yes"] if r.substantial_action else say["no"],
                     say["yes"] if r.discretion else "", ", ".join(r.rules[:4]), steps))
    verdicts = {row[1] for row in rows}
    head = (say["rulebook"], say["verdict"], "SA", say["discr"], "rules", "remedies")
    widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(4)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head[:4], widths, strict=False)) + "  " + say["rules_remedies"]]
    for row in rows:
        line = "  ".join(str(v).ljust(w) for v, w in zip(row[:4], widths, strict=False))
        differs = len(verdicts) > 1 and row[1] != rows[0][1]
        lines.append((paint(line, "1;33") if differs else line) + f"  {row[4]} / {row[5]}")
    if len(verdicts) > 1:
        lines.append(paint(say["disagree"], "33"))
    return lines
