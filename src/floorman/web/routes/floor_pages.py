"""The floor's calls: the page of open calls, acknowledging one, and the stream that pages the
floor's devices (Server-Sent Events; floor staff only, nothing for anyone else)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from floorman.storage import ConflictError, FloorCallLog, Hands, Role, Session
from floorman.web.floor_desk import floor_stream, open_call_views
from floorman.web.live_hands import floor_answer_of
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.params import RecordId
from floorman.web.security import PagePost, api_user, page_post, page_user, request_locale
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter()  # the pages are left out of the OpenAPI document one by one, the stream is in it
Floor = Annotated[Session, Depends(page_user(Role.FLOOR))]
FloorPost = Annotated[PagePost, Depends(page_post(Role.FLOOR))]
FloorStream = Annotated[Session, Depends(api_user(Role.FLOOR))]


def _page(request: Request, session: Session, *, error: str = "", status: int = 200) -> Response:
    svc = services(request)
    t = translator_for(request, session)
    with svc.db.connect() as conn:
        calls = open_call_views(conn, t, now=svc.now(), rooms=session.reach)
    return render_page(request, session, "floor_calls.html", active="floor", calls=calls, error=error,
                       status=status, here="/floor")


@router.get("/floor", include_in_schema=False)
async def floor_calls_page(request: Request, session: Floor) -> Response:
    return _page(request, session)


@router.post("/floor/calls/{call_id}/acknowledge", include_in_schema=False)
def acknowledge(request: Request, post: FloorPost, call_id: RecordId) -> Response:
    svc = services(request)
    try:
        with svc.db.transaction() as conn:
            call = FloorCallLog(conn, rooms=post.session.reach).acknowledge(
                call_id, username=post.session.user.username, now=svc.stamp())
            record = Hands(conn, rooms=post.session.reach).get(call.hand_id)
    except ConflictError as exc:
        return _page(request, post.session, error=exc.say(request_locale(request, post.session)), status=409)
    svc.db.floor_calls.publish(floor_answer_of(record, user=post.session.user, now=svc.stamp()))
    return redirect(f"/hands/{call.hand_id}", notice="on_the_way")


_STREAM = (
    "Server-Sent Events for a floor device (a floor account's session): a `call` event (JSON: id, hand_id, title, "
    "headline, causes, note, url, again, and the labels of its buttons in the account's language) for each open "
    "floor call, again each time it is raised again, and an `answered` event (JSON: the call's id) when someone "
    "is on the way; each event's id lets a device that reconnects with Last-Event-ID hear only what it missed; "
    "comment lines keep the connection alive.")


@router.get("/api/floor/stream", tags=["floor"], summary="Floor calls as they happen (Server-Sent Events)",
            description=_STREAM, response_class=StreamingResponse,
            responses={200: {"description": "An endless text/event-stream.",
                             "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
async def stream(request: Request, session: FloorStream) -> StreamingResponse:
    t = translator_for(request, session)
    return StreamingResponse(floor_stream(services(request), t, is_gone=request.is_disconnected,
                                          rooms=session.reach, last_event_id=request.headers.get("last-event-id")),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
