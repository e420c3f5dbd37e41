"""Audits of many hands: files in, one record per hand out, then report rows and a summary.

The audit reads hand files of every format (``.json``, ``.jsonl``, ``.phh``, ``.phhs``, each
possibly ``.gz``; folders are searched), cuts them into chunks of about a hundred hands, rules
on every hand and streams back the records, in input order. Memory stays flat however many
hands go through: only a bounded number of chunks is in flight. With ``jobs`` above 1 the
chunks go to worker processes, which read the files themselves and send back only what the
report shows, with the counts of every hand (``floorman.audit.chunking``).

On top of the engine's findings, the audit checks each hand's deck once it is over
(``DeckCheck``): the board count of a flop game (no card after the river, a full board at a
showdown) and the hole cards of every seat still in the hand at its end.

A hand that cannot be read is one record with its error; the audit goes on.

>>> hands = list(audit(["examples/four-card-flop.json", "examples/hands.jsonl"]))
>>> first = hands[0]
>>> first.file, first.verdict.value, [(f.rule, f.verdict) for f in first.findings]
('examples/four-card-flop.json', 'continue', [('FLOP-4CARD', 'continue')])
>>> tally = Tally()
>>> for hand in hands:
...     tally.add(hand)
>>> summary = tally.summary()
>>> summary.hands == len(hands), summary.unreadable
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from floorman.audit.chunking import (
    CHUNK_HANDS,
    Chunk,
    Lines,
    audit_chunk,
    audit_chunks,
    chunks,
    hand_files,
    input_bytes,
)
from floorman.audit.report import (
    REPORT_COLUMNS,
    UNKNOWN,
    ChunkReport,
    DeckCheck,
    FindingRow,
    HandAudit,
    ReportRow,
    Summary,
    SummaryRow,
    Tally,
    audit_hand,
    report_rows,
    unreadable,
)
from floorman.law.rulebooks import Rulebook

__all__ = [
    "CHUNK_HANDS",
    "REPORT_COLUMNS",
    "UNKNOWN",
    "Chunk",
    "ChunkReport",
    "DeckCheck",
    "FindingRow",
    "HandAudit",
    "Lines",
    "ReportRow",
    "Summary",
    "SummaryRow",
    "Tally",
    "audit",
    "audit_chunk",
    "audit_chunks",
    "audit_hand",
    "chunks",
    "hand_files",
    "input_bytes",
    "report_rows",
    "unreadable",
]


def audit(
    paths: Iterable[str | Path], *, jobs: int = 1, rulebook: Rulebook | None = None,
) -> Iterator[HandAudit]:
    """One ``HandAudit`` per hand of every file under ``paths``, in input order (clean hands included)."""
    for report in audit_chunks(paths, jobs=jobs, rulebook=rulebook, every_hand=True):
        yield from report.hands
