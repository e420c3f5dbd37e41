"""The floor at a table where nobody logged the hand: "what happened" in a few taps, then the ruling.

The table comes from its last hand (carried over, as "Next hand" does); the account becomes a
reconstructed hand log (``floorman.web.what_happened``) stored as the table's hand with the floor
call at its end, so the live page shows the engine's ruling to confirm like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.errors import LogError
from floorman.formats import handlog
from floorman.rotation import blinds_due
from floorman.storage import Connection, HandRecord, Hands, Role, Session
from floorman.table import Family
from floorman.web import live_hands
from floorman.web.error_responses import describe_error
from floorman.web.live_view import game_text, level_text
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.problems import InvalidInput
from floorman.web.security import PagePost, page_post, page_user, request_locale
from floorman.web.services import services
from floorman.web.table_setup import TableSetup, carried_over
from floorman.web.what_happened import BOARD_STREETS, MAX_ACTED, Mishap, account_from_form, reconstructed_log

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
Floor = Annotated[Session, Depends(page_user(Role.FLOOR))]
FloorPost = Annotated[PagePost, Depends(page_post(Role.FLOOR))]


def _last_hand(conn: Connection, table: str, session: Session) -> HandRecord:
    """The table's last hand in the session's rooms (tables are named within their room)."""
    last = Hands(conn, rooms=session.reach).last_at_table(table) if table else None
    if last is None:
        raise InvalidInput("error.routes.what_happened_pages.table_hand_carry_over", field="table", table=repr(table))
    return last


def _carried_over(conn: Connection, last: HandRecord, session: Session) -> TableSetup:
    """The next hand at the table, from the last hand's header and events (the rotation's next button)."""
    return carried_over({**last.header, "table": last.table_name, "hand": last.hand_number, "dealer": last.dealer},
                        [e.event for e in Hands(conn, rooms=session.reach).events(last.id)])


def _corrected(setup: TableSetup, fields: Mapping[str, str]) -> TableSetup:
    """The carried-over table with the floor's one-tap correction of the button (the blinds follow it)."""
    raw = (fields.get("button") or "").strip()
    if not raw or raw == str(setup.button):
        return setup
    if not raw.isdigit() or not 1 <= int(raw) <= setup.seats:
        raise InvalidInput("error.web.table_setup.expected_whole_number_from", field="button", low=1,
                           high=setup.seats, raw=repr(raw))
    return replace(setup, button=int(raw))


def _page(request: Request, session: Session, table: str, *, form: dict[str, str] | None = None,
          error: str = "", status: int = 200) -> Response:
    t = translator_for(request, session)
    with services(request).db.connect() as conn:
        setup = _carried_over(conn, _last_hand(conn, table, session), session)
    log = handlog.from_obj({**setup.header(), "events": []})
    due = blinds_due(family=log.spec.family, seats=log.seats, button=log.button,
                     entitled=[p.seat for p in log.players if p.status.is_entitled])
    return render_page(
        request, session, "what_happened.html", active="tables", setup=setup, level=level_text(log.level, t),
        game=game_text(log.game, log.effective_structure, t),
        seats=[p.seat for p in setup.players], mishaps=[m.value for m in Mishap],
        seated=[m.value for m in Mishap if m.needs_seat], carded=[m.value for m in Mishap if m.names_card],
        own_street=[m.value for m in Mishap if not m.fixed_street],
        board_only=[m.value for m in Mishap if m.on_the_board], streets=[s.value for s in BOARD_STREETS],
        hole_cards=log.spec.hole_cards, counts=list(range(min(MAX_ACTED, len(setup.players)) + 1)),
        form=form or {}, error=error, status=status, blinds=due,
        table_seats=list(range(1, setup.seats + 1)), stud=log.spec.family is Family.STUD,
    )


@router.get("/what-happened")
async def what_happened_page(request: Request, session: Floor, table: str = "") -> Response:
    return _page(request, session, table)


@router.post("/what-happened")
def what_happened(request: Request, post: FloorPost) -> Response:
    svc = services(request)
    fields = post.fields()
    table = fields.get("table", "")
    user = post.session.user
    try:
        with svc.db.transaction() as conn:
            last = _last_hand(conn, table, post.session)
            carried = _carried_over(conn, last, post.session)
            setup = _corrected(carried, fields)
            account = account_from_form(fields, seats=setup.seats,
                                        hole_cards=handlog.from_obj(setup.header()).spec.hole_cards)
            header: dict[str, Any] = reconstructed_log(setup.header(), account)
            header["_carried_over"] = {"button": setup.button, "corrected": setup.button != carried.button}
            if last.closed_at is None:
                Hands(conn, rooms=post.session.reach).close(last.id, now=svc.stamp())
            record = live_hands.create_hand(conn, header, user=user, now=svc.stamp(), room_id=last.room_id,
                                           rooms=post.session.reach)
    except (InvalidInput, LogError) as exc:
        body = describe_error(exc, request_locale(request, post.session))
        return _page(request, post.session, table, form=fields, error=body.message, status=body.status)
    return redirect(f"/hands/{record.id}")
