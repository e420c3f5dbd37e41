"""Statistics: irregularities per 100 hands by dealer, by table, by cause and over time; the floor
calls still open and how fast the floor answered them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.storage import Connection, FloorCallLog, Grouping, Period, Role, Session, StatsQueries
from floorman.storage.rooms import Room, Rooms
from floorman.web.charts import Bar, Point, bar_chart, line_chart
from floorman.web.event_words import cause_name
from floorman.web.i18n import Translator
from floorman.web.incident_log import iso_date
from floorman.web.page_context import render_page, translator_for
from floorman.web.problems import InvalidInput
from floorman.web.rendering import format_number
from floorman.web.security import page_user
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
Floor = Annotated[Session, Depends(page_user(Role.FLOOR))]


def _rate(count: int, hands: int) -> float:
    return round(100.0 * count / hands, 1) if hands else 0.0


def _bars(counts: Mapping[str, int], hands: Mapping[str, int], t: Translator, *, empty_label: str) -> list[Bar]:
    bars = []
    for key in set(counts) | set(hands):
        n, h = counts.get(key, 0), hands.get(key, 0)
        note = t.gettext("console.stats.count_in_hands") % {"count": format_number(n, t.locale),
                                                             "hands": format_number(h, t.locale)}
        bars.append(Bar(label=key or empty_label, value=_rate(n, h), note=note))
    return sorted(bars, key=lambda b: (-b.value, b.label))[:20]


def _period(since: str, until: str, today: date) -> Period:
    start = iso_date(since, "since") or (today - timedelta(days=29)).isoformat()
    end = iso_date(until, "until") or today.isoformat()
    if start > end:
        raise InvalidInput("error.routes.stats_pages.first_day_comes_after", field="since")
    return Period(since=start, until=end)


@router.get("/stats")
async def stats_page(request: Request, session: Floor, since: str = "", until: str = "") -> Response:
    t = translator_for(request, session)
    svc = services(request)
    today = svc.now().date()
    error = ""
    try:
        period = _period(since, until, today)
    except InvalidInput as exc:
        period, error = _period("", "", today), exc.words(t.locale)
    with svc.db.connect() as conn:
        counts = svc.stats_cache.counts(conn, period, rooms=session.reach)
        calls = FloorCallLog(conn, rooms=session.reach)
        open_calls, response = calls.open_calls(), calls.response_times(since=period.since, until=period.until)
        rooms = _rooms_of(conn, session)
        per_room = StatsQueries(conn, rooms=session.reach).by_room(period) if len(rooms) > 1 else {}
    hands_by, irr_by, causes = counts.hands, counts.irregularities, counts.causes
    total_hands = sum(hands_by[Grouping.TABLE].values())
    total_irr = sum(irr_by[Grouping.TABLE].values())
    unknown = t.gettext("console.stats.not_named")
    by_dealer = _bars(irr_by[Grouping.DEALER], hands_by[Grouping.DEALER], t, empty_label=unknown)
    by_table = _bars(irr_by[Grouping.TABLE], hands_by[Grouping.TABLE], t, empty_label=unknown)
    cause_bars = sorted(
        (Bar(label=cause_name(c, t), value=_rate(n, total_hands),
             note=t.gettext("console.stats.count_in_hands") % {"count": format_number(n, t.locale),
                                                                   "hands": format_number(total_hands, t.locale)})
         for c, n in causes.items()), key=lambda b: (-b.value, b.label))
    days: list[Point] = []
    day = date.fromisoformat(period.since)
    end = date.fromisoformat(period.until)
    while day <= end and len(days) < 400:
        key = day.isoformat()
        if hands_by[Grouping.DAY].get(key) or irr_by[Grouping.DAY].get(key):
            days.append(Point(label=key, value=_rate(irr_by[Grouping.DAY].get(key, 0),
                                                     hands_by[Grouping.DAY].get(key, 0))))
        day += timedelta(days=1)
    charts = {
        "dealer": bar_chart(by_dealer, title=t.gettext("console.stats.irregularities_per_100_hands_by_dealer"), locale=t.locale),
        "table": bar_chart(by_table, title=t.gettext("console.stats.irregularities_per_100_hands_by_table"), locale=t.locale),
        "cause": bar_chart(cause_bars, title=t.gettext("console.stats.irregularities_per_100_hands_by_cause"), label_width=330,
                           locale=t.locale),
        "time": line_chart(days, title=t.gettext("console.stats.irregularities_per_100_hands_day_by"), locale=t.locale),
    }
    return render_page(request, session, "stats.html", active="stats", charts=charts, period=period,
                       total_hands=total_hands, total_irregularities=total_irr,
                       overall=_rate(total_irr, total_hands), by_dealer=by_dealer, by_table=by_table,
                       cause_bars=cause_bars, error=error, open_calls=open_calls, response=response,
                       waited=lambda call: _minutes_since(call.called_at, svc.now()),
                       room_rows=[_room_row(room, per_room.get(room.id, (0, 0))) for room in rooms] if len(rooms) > 1 else [])


def _rooms_of(conn: Connection, session: Session) -> list[Room]:
    """The rooms the session reaches (every room for group staff)."""
    seen = session.reach
    return [room for room in Rooms(conn).all() if seen is None or room.id in seen]


def _room_row(room: Room, counts: tuple[int, int]) -> dict[str, object]:
    hands, found = counts
    return {"name": room.name, "slug": room.slug, "hands": hands, "irregularities": found, "rate": _rate(found, hands)}


def _minutes_since(stamp: str, now: datetime) -> int:
    return max(0, int((now - datetime.fromisoformat(stamp)).total_seconds() // 60))
