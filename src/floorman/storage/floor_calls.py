"""Floor calls, published by the console server that took them and heard by every server on the database.

A dealer calls the floor at one table; the floor devices waiting for calls may be connected to
another console server on the same database. ``Database.floor_calls`` is the one place both sides
go through:

- ``publish(call)`` after the call is committed;
- ``subscribe()`` gives a ``Subscription`` that receives every call published from then on, read
  with ``get()`` (a thread) or ``await next()`` (an event loop), and closed when done.

On SQLite the console is one server, so calls go round in the process (``LocalFloorCalls``). On
PostgreSQL they go through ``NOTIFY`` on the channel ``floorman_floor_calls`` and each server
LISTENs on it (``floorman.storage.postgres``), so a call made through one server reaches the devices
connected to any of them, its own included.

>>> calls = LocalFloorCalls()
>>> with calls.subscribe() as heard:
...     calls.publish(FloorCall(room_id=1, hand_id=7, table_name="T3", hand_number="12", note="four-card flop",
...                             called_by="dana", called_at="2026-06-01T21:04:00+00:00"))
...     heard.get(timeout=1).table_name
'T3'
"""

from __future__ import annotations

import contextlib
import json
import threading
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    import asyncio

__all__ = ["CHANNEL", "FloorCall", "FloorCalls", "LocalFloorCalls", "Subscription"]

CHANNEL = "floorman_floor_calls"
"""The PostgreSQL channel floor calls are sent on."""

NOTE_CHARS = 500
"""A floor call's note is cut to this many characters (a NOTIFY payload holds under 8000 bytes)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorCall:
    """One call of the floor to a table, as the floor devices are told of it."""

    room_id: int
    hand_id: int
    table_name: str
    hand_number: str
    note: str
    called_by: str
    called_at: str
    kind: str = "call"
    """``call`` (a new call), ``raised`` (raised again: nobody answered) or ``answered`` (acknowledged,
    ruled on, or taken back)."""

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_obj(cls, obj: Mapping[str, Any]) -> FloorCall:
        return cls(room_id=int(obj["room_id"]), hand_id=int(obj["hand_id"]), table_name=str(obj["table_name"]),
                   hand_number=str(obj["hand_number"]), note=str(obj["note"])[:NOTE_CHARS],
                   called_by=str(obj["called_by"]), called_at=str(obj["called_at"]),
                   kind=str(obj.get("kind", "call")))


class Subscription:
    """The floor calls heard since ``subscribe()``, in the order heard; close it when done (or use ``with``)."""

    def __init__(self, owner: FloorCalls) -> None:
        self._owner = owner
        self._calls: deque[FloorCall] = deque()
        self._ready = threading.Condition()
        self._waiters: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()

    def deliver(self, call: FloorCall) -> None:
        """Hand over one call (from whichever thread heard it)."""
        with self._ready:
            self._calls.append(call)
            self._ready.notify_all()
            waiters = list(self._waiters)
        for loop, event in waiters:
            loop.call_soon_threadsafe(event.set)

    def get(self, timeout: float | None = None) -> FloorCall | None:
        """The next call, waiting up to ``timeout`` seconds (None: for ever); None if none came."""
        with self._ready:
            if not self._ready.wait_for(lambda: bool(self._calls), timeout):
                return None
            return self._calls.popleft()

    async def next(self, timeout: float | None = None) -> FloorCall | None:
        """The next call, awaited up to ``timeout`` seconds without holding a thread; None if none came."""
        import asyncio

        loop = asyncio.get_running_loop()
        event = asyncio.Event()
        waiter = (loop, event)
        with self._ready:
            if self._calls:
                return self._calls.popleft()
            self._waiters.add(waiter)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
            with self._ready:
                return self._calls.popleft() if self._calls else None
        finally:
            with self._ready:
                self._waiters.discard(waiter)

    def close(self) -> None:
        self._owner.unsubscribe(self)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class FloorCalls(ABC):
    """Publish floor calls and hear them: the same for every kind of database."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: list[Subscription] = []

    def subscribe(self) -> Subscription:
        subscription = Subscription(self)
        with self._lock:
            self._subscriptions.append(subscription)
        self._listening()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

    def heard(self, call: FloorCall) -> None:
        """Give a call heard to every subscription of this process."""
        with self._lock:
            subscriptions = list(self._subscriptions)
        for subscription in subscriptions:
            subscription.deliver(call)

    @abstractmethod
    def publish(self, call: FloorCall) -> None:
        """Tell every console server on the database (this one included) of ``call``."""

    @abstractmethod
    def _listening(self) -> None:
        """Make sure calls published elsewhere are heard."""

    @abstractmethod
    def close(self) -> None:
        """Stop hearing calls."""


class LocalFloorCalls(FloorCalls):
    """Floor calls for a database only one console server uses (SQLite): they go round in the process."""

    def publish(self, call: FloorCall) -> None:
        self.heard(call)

    def _listening(self) -> None:
        """Nothing is published elsewhere."""

    def close(self) -> None:
        """Nothing to stop."""
