"""The audit on a Dask distributed cluster (the ``floorman[dask]`` extra).

The same chunks as ``floorman.audit`` go to the cluster's workers, which run the same
``audit_chunk``; the reports come back in input order, so the report is the same as a
local audit's. The cluster's workers may not see the files, so the hand texts are read
here and sent with the chunks (a local audit sends file names). Dask is imported only when
an audit runs, so that floorman itself never needs it. Only a bounded number of chunks is
in flight, so memory stays flat.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

from floorman.audit import CHUNK_HANDS, ChunkReport, audit_chunk, chunks
from floorman.engine.result import Result
from floorman.law.rulebooks import Rulebook

__all__ = ["audit_chunks"]


def audit_chunks(
    paths: Iterable[str | Path], *, address: str, rulebook: Rulebook | None = None, size: int = CHUNK_HANDS,
    every_hand: bool = False, detail: Callable[[Result], bytes] | None = None,
) -> Iterator[ChunkReport]:
    """The audit chunk by chunk, in input order, on the cluster whose scheduler is at ``address``.

    Each report carries the hands the report shows (flagged or unreadable), or every hand
    with ``every_hand``, and counts them all, as ``floorman.audit.audit_chunks`` does.

    Raises ``ImportError`` when dask.distributed is not installed.
    """
    distributed = import_module("dask.distributed")
    client: Any = distributed.Client(address, set_as_default=False)
    try:
        workers = max(sum(client.nthreads().values()), 1)
        book = client.scatter(rulebook, broadcast=True) if rulebook is not None else None
        pending: deque[Any] = deque()
        for chunk in chunks(paths, size=size, read=True):
            pending.append(client.submit(audit_chunk, chunk, book, every_hand=every_hand, detail=detail,
                                         pure=False))
            if len(pending) >= 3 * workers:
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
    finally:
        client.close()


def _result(future: Any) -> ChunkReport:
    report = future.result()
    assert isinstance(report, ChunkReport)
    return report
