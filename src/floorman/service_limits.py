"""What one request may ask of floorman when it rules for others: the floor console's API and
``floorman mcp``. The one place these limits are set.

The hand-log format bounds what floorman reads at all (``floorman.formats.checks``: 100,000 events, a
16 MiB hand). A service answering many clients bounds what a single request may make it do, so that
no one request holds up the tables:

- ``body_bytes``: the largest request body the console reads;
- ``events_per_log``: the events of a log a request asks a ruling on (a log sent, or a live hand with
  the events a tap adds);
- ``floor_calls_per_log``: the ``floor`` events of such a log (each one is a whole ruling in the answer,
  and in the incident log for good);
- ``answer_bytes``: the largest ruling, comparison or incident entry written for one request;
- ``rule_seconds``: the time one ruling may take in the console's worker processes (``rule_workers``
  of them) before it is stopped;
- ``search_words``: the words one search of the incident log may hold;
- ``login_*``: the wrong passwords tried before logins are slowed (``floorman.web.login_limiter``).

A request past a limit is refused with ``OverLimitError``, which names the limit, the most allowed
and what was asked (the web answers 413 for a size in bytes, 422 for the rest):

>>> from floorman.formats import handlog
>>> log = handlog.from_obj({"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {},
...                         "players": [], "events": [{"type": "floor"}] * 3})
>>> check_log(log, ServiceLimits(floor_calls_per_log=2))
Traceback (most recent call last):
...
floorman.service_limits.OverLimitError: a log may call the floor at most 2 times per request, got 3
>>> check_log(log, LIMITS) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.errors import FloormanError
from floorman.fold.events import FloorCalled
from floorman.fold.log import HandLog

__all__ = ["LIMITS", "OverLimitError", "ServiceLimits", "check_answer", "check_log", "check_search"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ServiceLimits:
    """The limits of one request (see the module's text); ``LIMITS`` holds the ones in force."""

    body_bytes: int = 1 << 20
    """1 MiB: a long hand log is a few kilobytes."""
    events_per_log: int = 5_000
    """A hand of hold'em takes a few dozen events, a long stud hand a hundred or two."""
    floor_calls_per_log: int = 20
    """A hand that calls the floor more than a few times is rare; twenty is past any real one."""
    answer_bytes: int = 4 << 20
    """4 MiB: a ruling is a few kilobytes; a comparison of the longest log allowed is well under this."""
    rule_seconds: float = 10.0
    """The longest log allowed is ruled under every book in well under a second."""
    rule_workers: int = 2
    """The console's processes that rule on logs sent to it (one per core of a small server)."""
    search_words: int = 16
    """Words of one search of the incident log (each one must match)."""
    login_free_tries: int = 5
    """Wrong passwords for one name from one address before its tries are slowed (1 s, then 2, 4, ...)."""
    login_free_tries_per_address: int = 20
    """Wrong passwords from one address (any names) before the names that failed there are slowed."""
    login_free_tries_overall: int = 100
    """Wrong passwords on the whole database before the names that failed are slowed wherever they are tried."""
    login_window_seconds: float = 900.0
    """How long a wrong password is remembered."""
    login_first_delay: float = 1.0
    login_max_delay: float = 300.0
    """The longest wait a name is given (never a lock)."""
    login_check_seconds: float = 30.0
    """The longest a password check may take; an attempt pending longer (its server died) counts as failed."""


LIMITS = ServiceLimits()

_BYTE_LIMITS = frozenset({"body_bytes", "answer_bytes"})


class OverLimitError(FloormanError):
    """A request asks more than a limit of ``ServiceLimits`` allows: ``limit`` names it, with the most
    allowed and what was asked (``most``, ``got``)."""

    def __init__(self, message: str, /, *, most: Any, got: Any, field: str | None = None) -> None:
        super().__init__(message, most=most, got=got)
        self.limit = message.rsplit(".", 1)[-1]
        """The name of the limit (a field of ``ServiceLimits``)."""
        self.field = field

    @property
    def is_size(self) -> bool:
        """A size in bytes (the web answers 413), not a count or a time (422)."""
        return self.limit in _BYTE_LIMITS


def check_log(log: HandLog, limits: ServiceLimits = LIMITS) -> None:
    """Raise ``OverLimitError`` when ``log`` holds more events or floor calls than a request may ask a ruling on."""
    floors = sum(1 for event in log.events if isinstance(event, FloorCalled))
    if floors > limits.floor_calls_per_log:
        raise OverLimitError("error.limit.floor_calls_per_log", most=limits.floor_calls_per_log, got=floors,
                             field="events")
    if len(log.events) > limits.events_per_log:
        raise OverLimitError("error.limit.events_per_log", most=limits.events_per_log, got=len(log.events),
                             field="events")


def check_answer(data: bytes, limits: ServiceLimits = LIMITS) -> bytes:
    """``data`` as it is, or ``OverLimitError`` when an answer that long is more than a request may be given."""
    if len(data) > limits.answer_bytes:
        raise OverLimitError("error.limit.answer_bytes", most=limits.answer_bytes // 1024, got=len(data) // 1024)
    return data


def check_search(text: str, limits: ServiceLimits = LIMITS) -> None:
    """Raise ``OverLimitError`` when a search of the incident log holds more words than allowed."""
    words = len(text.split())
    if words > limits.search_words:
        raise OverLimitError("error.limit.search_words", most=limits.search_words, got=words, field="q")
