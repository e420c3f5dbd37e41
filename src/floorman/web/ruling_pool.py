"""Worker processes that rule on the logs clients send, so that no ruling holds up the console.

The console answers every table from one event loop. A ruling is pure computation: run on the loop,
a long one would stop every other request until it ends; run on a thread, it would still hold the
interpreter. ``RulingPool`` runs it in one of a few worker processes instead (``rule_workers`` of
``ServiceLimits``, started with the console), and waits for the answer on a thread, so the loop goes on
serving the tables meanwhile.

Each job has a time budget (``rule_seconds``): a worker still busy when it runs out is stopped and a fresh
one takes its place, and the request is answered ``OverLimitError`` (``rule_seconds``). A job that finds
every worker busy waits for one as long as that budget, then is refused with ``ConsoleBusy`` (503, try
again). What a job raises as a ``FloormanError`` (a log that cannot be read, a limit passed) comes back
whole and is answered as if raised here.

The pool is shared by every console app in the process (a test suite starts hundreds) and its workers
stop with the process.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from floorman.errors import FloormanError
from floorman.service_limits import OverLimitError, ServiceLimits
from floorman.web.problems import ConsoleBusy

__all__ = ["RulingPool", "run_job", "serve", "shared_pool"]

T = TypeVar("T")

WARM_UP = ("floorman.web.ruling_jobs", "warm_up")
"""What a worker runs before it says it is ready: the modules, rulebooks and catalogs its jobs read are loaded
then, so that its first job does not pay for them."""
READY_SECONDS = 60.0
"""How long a new worker may take to start (a fresh interpreter importing the engine on a busy machine)."""
_START = "import sys; from floorman.web.ruling_pool import serve; serve(int(sys.argv[1]))"
"""A worker is a fresh interpreter that imports only what its jobs need (not the program that started the
console, nor its threads, sockets and database connections), talking over one socket."""


def serve(fd: int) -> None:
    """A worker's loop over the socket ``fd``: the modules its jobs need imported, then a job in, its answer out,
    until the socket closes (the console stopped, or died)."""
    conn = Connection(fd)
    module, name = WARM_UP
    getattr(importlib.import_module(module), name)()
    conn.send("ready")
    while True:
        try:
            job, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", job(*args))
        except FloormanError as exc:
            answer = ("refused", exc)
        except Exception as exc:  # a defect: the parent logs it as a 500
            answer = ("failed", f"{type(exc).__name__}: {exc}")
        conn.send(answer)


class _Worker:
    def __init__(self) -> None:
        """A worker started (``ready`` waits until it can take jobs)."""
        mine, theirs = socket.socketpair()
        with mine, theirs:
            self.process = subprocess.Popen([sys.executable, "-c", _START, str(theirs.fileno())],
                                            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
            self.conn = Connection(os.dup(mine.fileno()))

    def ready(self) -> _Worker:
        try:
            ready = self.conn.poll(READY_SECONDS) and self.conn.recv() == "ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self.stop()
            raise RuntimeError("a ruling worker did not start")
        return self

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)


class RulingPool:
    """``workers`` processes that run jobs (a module-level function and its arguments) one at a time each."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._idle: list[_Worker] = []
        self._warmed = 0
        self._lock = threading.Lock()
        self._free = threading.Semaphore(self.workers)
        self._closed = False

    def _take(self) -> _Worker:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return _Worker().ready()

    def warm(self) -> None:
        """Start the workers not started yet, at once, and wait until they can take jobs (the console does this
        before it answers its first request, so no request waits for a worker to start)."""
        with self._lock:
            missing = self.workers - len(self._idle) - self._warmed
            self._warmed += max(missing, 0)
        started = [_Worker() for _ in range(max(missing, 0))]
        ready = [worker.ready() for worker in started]
        with self._lock:
            self._idle.extend(ready)

    def _give_back(self, worker: _Worker | None) -> None:
        with self._lock:
            keep = worker is not None and not self._closed and len(self._idle) < self.workers
            if keep and worker is not None:
                self._idle.append(worker)
        if worker is not None and not keep:
            worker.stop()
        self._free.release()

    def run(self, job: Callable[..., T], *args: Any, seconds: float) -> T:
        """``job(*args)`` in a worker, within ``seconds`` (blocks the calling thread, never the event loop)."""
        if not self._free.acquire(timeout=seconds):
            raise ConsoleBusy(max(1, round(seconds)))
        worker: _Worker | None = None
        try:
            worker = self._take()
            worker.conn.send((job, args))
            if not worker.conn.poll(seconds):
                worker.stop()
                worker = None
                raise OverLimitError("error.limit.rule_seconds", most=seconds, got=seconds)
            kind, value = worker.conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:  # the worker died (killed, out of memory)
            if worker is not None:
                worker.stop()
                worker = None
            raise RuntimeError(f"a ruling worker stopped: {exc}") from exc
        finally:
            self._give_back(worker)
        if kind == "refused":
            raise value
        if kind == "failed":
            raise RuntimeError(f"a ruling worker failed: {value}")
        return value  # type: ignore[no-any-return]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.stop()


_POOLS: dict[int, RulingPool] = {}
_POOLS_LOCK = threading.Lock()


def shared_pool(workers: int) -> RulingPool:
    """The process's pool of ``workers`` workers (made when first asked for)."""
    with _POOLS_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            pool = _POOLS[workers] = RulingPool(workers)
        return pool


@atexit.register
def _close_pools() -> None:
    for pool in list(_POOLS.values()):
        pool.close()


async def run_job(limits: ServiceLimits, job: Callable[..., T], *args: Any) -> T:
    """``job(*args)`` in the shared pool of ``limits.rule_workers`` workers within ``limits.rule_seconds``,
    awaited without holding the event loop."""
    pool = shared_pool(limits.rule_workers)
    return await run_in_threadpool(lambda: pool.run(job, *args, seconds=limits.rule_seconds))
