"""The floor's desk: open calls as the floor's devices show them, the Server-Sent Events stream that
pages them, and the watch that raises a call again when nobody acknowledges it.

The stream sends ``call`` (a call to answer: the table, the hand so far and the engine's ruling, in
the reader's language; sent again, marked ``again``, when raised again) and ``answered`` (someone
acknowledged it, the floor ruled, or the dealer's call was taken back). Each event's id says what the
device has been told, so a device that reconnects (``Last-Event-ID``) gets only what it missed. The store tells every
console server of each change (``Database.floor_calls``: in the process on SQLite, LISTEN/NOTIFY on
PostgreSQL); each makes the stream compare the open calls of the log (``FloorCallLog``) with those it
has sent, so a missed notice costs nothing. A stream
closes after ``stream_seconds``; the browser reconnects at once, and its session is checked again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from floorman.locale import say
from floorman.storage import EVERY_ROOM, Connection, FloorCallLog, Hands, LoggedCall, NotFoundError, RoomScope
from floorman.web.event_words import cause_name, describe_batch
from floorman.web.i18n import Translator
from floorman.web.live_hands import floor_answer_of, load_hand
from floorman.web.live_view import out_of_turn_events
from floorman.web.ruling_view import ruling_view
from floorman.web.services import ConsoleServices

__all__ = [
    "CallView", "call_view", "event_id", "floor_stream", "known_calls", "open_call_views", "raise_overdue",
    "watch_floor_calls",
]

log = logging.getLogger("floorman.web")
HEARTBEAT_SECONDS = 10.0
LINES = 8
"""The last lines of the hand a call shows (the hand so far, newest last)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CallView:
    id: int
    table: str
    hand: str
    hand_id: int
    url: str
    note: str
    called_at: str
    waiting_seconds: int
    raised_times: int
    verdict: str
    headline: str
    causes: tuple[str, ...]
    lines: tuple[str, ...]
    """The hand's last lines, an action taken out of turn marked as the live hand marks it."""
    oot_note: str
    """When a seat acted out of turn: the engine's account of substantial action, which says why it does not count."""
    oot_label: str
    title: str
    open_label: str
    answer_label: str
    later_label: str


def _seconds_between(start: str, end: datetime) -> int:
    return max(0, round((end - datetime.fromisoformat(start)).total_seconds()))


def call_view(conn: Connection, call: LoggedCall, t: Translator, *, now: datetime, rooms: RoomScope) -> CallView:
    """A call as the floor reads it: where, how long it has waited, the engine's ruling so far."""
    live = load_hand(conn, call.hand_id, rooms=rooms)
    rulings = live.result.rulings
    ruling = rulings[call.call_index] if call.call_index < len(rulings) else live.current_ruling
    view = ruling_view(ruling, live.book, t)
    late = out_of_turn_events(live.result.view)
    marker = f" ({t.gettext('console.common.out_of_turn_2')})"
    batches: dict[int, list[tuple[int, dict[str, object]]]] = {}
    for index, e in enumerate(live.events):  # a logged event's place in the hand log (the engine's event index)
        batches.setdefault(e.batch, []).append((index, dict(e.event)))
    lines = tuple(describe_batch([e for _, e in group], t) + (marker if any(i in late for i, _ in group) else "")
                  for group in batches.values())[-LINES:]
    return CallView(
        id=call.id, table=call.table_name, hand=call.hand_number, hand_id=call.hand_id, url=f"/hands/{call.hand_id}",
        note=call.note, called_at=call.called_at, waiting_seconds=_seconds_between(call.called_at, now),
        raised_times=call.raised_times, verdict=view.verdict, headline=view.headline,
        causes=tuple(dict.fromkeys(cause_name(f.irregularity.value, t) for f in ruling.findings)), lines=lines,
        oot_note=say(live.hand.sa_reason(), t.locale) if late else "",
        oot_label=t.gettext("console.common.out_of_turn"),
        title=t.gettext("console.floor_desk.floor_call_table_hand") % {"table": call.table_name,
                                                                           "hand": call.hand_number},
        open_label=t.gettext("console.common.open_the_hand"), answer_label=t.gettext("console.common.on_my_way"), later_label=t.gettext("console.floor_desk.later"),
    )


def open_call_views(conn: Connection, t: Translator, *, now: datetime, rooms: RoomScope) -> list[CallView]:
    """The open calls of ``rooms`` (the rooms where the reader is floor staff)."""
    return [call_view(conn, call, t, now=now, rooms=rooms)
            for call in FloorCallLog(conn, rooms=rooms).open_calls()]


MAX_EVENT_ID_CHARS = 4096
"""The longest ``Last-Event-ID`` read back (a device that knows more open calls than fit starts afresh)."""
_KNOWN = re.compile(r"c(?:\d{1,18}\.\d{1,9}(?:,\d{1,18}\.\d{1,9})*)?")


def event_id(known: Mapping[int, int]) -> str:
    """The id of a stream event: what the device has been told once it has read the event, the open calls and
    how many times each was raised again (``c12.0,15.2``; ``c``: none).

    >>> event_id({15: 2, 12: 0}), event_id({})
    ('c12.0,15.2', 'c')
    >>> known_calls('c12.0,15.2'), known_calls('c'), known_calls('12;drop table'), known_calls(None)
    ({12: 0, 15: 2}, {}, None, None)
    """
    return "c" + ",".join(f"{call}.{raised}" for call, raised in sorted(known.items()))


def known_calls(last_event_id: str | None) -> dict[int, int] | None:
    """What a reconnecting device was told, from the id of the last event it read (None: start afresh)."""
    if not last_event_id or len(last_event_id) > MAX_EVENT_ID_CHARS or not _KNOWN.fullmatch(last_event_id):
        return None
    pairs = (item.split(".") for item in last_event_id[1:].split(",") if item)
    return {int(call): int(raised) for call, raised in pairs}


def _event(kind: str, data: object, known: Mapping[int, int]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\nid: {event_id(known)}\n\n"


async def floor_stream(svc: ConsoleServices, t: Translator, *, is_gone: Callable[[], object],
                       rooms: RoomScope, last_event_id: str | None = None) -> AsyncIterator[str]:
    """The stream a floor device reads: every open call of ``rooms`` (the rooms where its floor person is
    floor staff) at once, then each change as it comes.

    Every event carries an id saying what the device has been told (``event_id``); a device that reconnects
    with it as ``Last-Event-ID`` is sent only what changed meanwhile: calls made, calls raised again, calls
    answered. A call it has already been paged with (and perhaps put off with *Later*) is not paged again."""
    sent: dict[int, int] = known_calls(last_event_id) or {}

    def changes() -> list[str]:
        """The events that bring this device up to date."""
        with svc.db.connect() as conn:
            now = svc.now()
            calls = FloorCallLog(conn, rooms=rooms).open_calls()
            out = []
            for gone in sorted(set(sent) - {c.id for c in calls}):
                del sent[gone]
                out.append(_event("answered", {"id": gone}, sent))
            for call in calls:
                told = sent.get(call.id)
                if told is None or call.raised_times > told:
                    sent[call.id] = call.raised_times
                    out.append(_event("call", {**asdict(call_view(conn, call, t, now=now, rooms=rooms)),
                                               "again": told is not None}, sent))
        return out

    loop = asyncio.get_running_loop()
    closes_at = loop.time() + svc.stream_seconds
    with svc.db.floor_calls.subscribe() as inbox:
        yield f"retry: 3000\n: {t.gettext('console.common.floor_calls')}\n\n"
        for chunk in await asyncio.to_thread(changes):
            yield chunk
        while (left := closes_at - loop.time()) > 0:
            notice = await inbox.next(timeout=min(HEARTBEAT_SECONDS, left))
            gone = is_gone()
            if asyncio.iscoroutine(gone):
                gone = await gone
            if gone:
                return
            if notice is None:
                yield ": keep-alive\n\n"
                continue
            try:
                chunks = await asyncio.to_thread(changes)
            except NotFoundError:
                continue
            for chunk in chunks:
                yield chunk


def raise_overdue(svc: ConsoleServices) -> list[LoggedCall]:
    """Raise again every open call last raised ``page_again_after`` seconds ago or more, and page it."""
    now = svc.now()
    stamp = now.isoformat(timespec="seconds")
    due = (now - timedelta(seconds=svc.page_again_after)).isoformat(timespec="seconds")
    with svc.db.transaction() as conn:
        raised = FloorCallLog(conn, rooms=EVERY_ROOM).raise_again(due_before=due, now=stamp)
        records = [Hands(conn, rooms=EVERY_ROOM).get(call.hand_id) for call in raised]
    for record in records:
        svc.db.floor_calls.publish(floor_answer_of(record, user=None, now=stamp, kind="raised"))
    return raised


async def watch_floor_calls(svc: ConsoleServices) -> None:
    """Runs beside the server: looks for overdue calls a few times per interval."""
    tick = max(0.5, min(5.0, svc.page_again_after / 4))
    while True:
        await asyncio.sleep(tick)
        try:
            await asyncio.to_thread(raise_overdue, svc)
        except Exception:  # the database is busy or restarting: the next tick tries again
            log.exception("raising floor calls again failed")
