"""The incident log over the API: search, one entry, record a ruling from a log, corrections,
exports (directors export the whole log, floor staff the incidents they ruled) and the hash chain's check."""

from __future__ import annotations

import heapq
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import StreamingResponse

from floorman.storage import ChainStatus, Connection, Incident, Incidents, Role, Session, chain_status
from floorman.storage.rooms import Rooms
from floorman.web.incident_log import (
    FILTER_PARAMETERS,
    correct_incident,
    export_csv,
    export_json,
    export_name,
    incident_words,
    query_from_params,
    without_limit,
)
from floorman.web.json_body import body_schema, json_body
from floorman.web.params import RecordId
from floorman.web.ruling_jobs import incident_from_log
from floorman.web.ruling_pool import run_job
from floorman.web.security import api_user, request_locale
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter(prefix="/api/incidents", tags=["incidents"])
Floor = Annotated[Session, Depends(api_user(Role.FLOOR))]
Director = Annotated[Session, Depends(api_user(Role.DIRECTOR))]


class NewIncident(BaseModel):
    log: dict[str, Any] = Field(description="The hand log the floor ruled on (its last ruling is recorded).")
    rulebook: str | None = None
    note: str = Field(default="", max_length=2000)


class Correction(BaseModel):
    verdict: str = Field(pattern="^(misdeal|void|continue)$")
    reason: str = Field(min_length=1, max_length=2000)


FILTERS: dict[str, Any] = {"parameters": FILTER_PARAMETERS}


def _export(media_type: str, schema: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    return {200: {"description": "The filtered log, oldest first.", "content": {media_type: {"schema": schema}}}}


@router.get("", openapi_extra=FILTERS,
            summary="Search and filter: q, table, dealer, floor, verdict, cause, since, until, all, offset.")
def search(request: Request, session: Floor, limit: int = 100) -> dict[str, Any]:
    """Runs on a worker thread: a search, however broad, never holds up the event loop."""
    query = query_from_params(dict(request.query_params), limit=max(1, min(limit, 1000)),
                              limits=services(request).limits)
    with services(request).db.connect() as conn:
        store = Incidents(conn, rooms=session.reach)
        return {"total": store.count(query), "incidents": [i.to_obj(full=False) for i in store.search(query, summary=True)]}


def _exported(request: Request, session: Session, conn: Connection) -> list[Incident]:
    """The entries an export holds, oldest first: in the rooms where the account is a director, the whole
    filtered log; in its other rooms, only the incidents it ruled."""
    query = without_limit(query_from_params(dict(request.query_params)))
    store = Incidents(conn, rooms=session.reach)
    directed = session.user.rooms_at(Role.DIRECTOR)
    if directed is None:
        return list(store.each(query))
    if session.reach is None:  # the group's floor staff: what they ruled, in every room
        return list(store.each(replace(query, floor_person=session.user.username)))
    others = tuple(room for room in session.reach or () if room not in directed)
    whole = store.each(replace(query, rooms=directed)) if directed else iter(())
    own = store.each(replace(query, rooms=others, floor_person=session.user.username)) if others else iter(())
    return list(heapq.merge(whole, own, key=lambda incident: incident.id))


CHAIN_HEAD_HEADER = "X-Floorman-Chain-Head"
"""The response header that carries the head of the hash chain with every export."""


@router.get("/export.csv", openapi_extra=FILTERS, response_class=StreamingResponse,
            responses=_export("text/csv", {"type": "string"}), summary="The filtered log as CSV, with rule numbers and remedies in words (floor staff: their own rulings).")
def export_as_csv(request: Request, session: Floor) -> StreamingResponse:
    svc = services(request)
    t = svc.translators[request_locale(request, session)]
    with svc.db.connect() as conn:
        rows = _exported(request, session, conn)
        head = chain_status(conn, room_id=session.home_room).head
    stamp = svc.stamp()
    name = export_name("csv", chain_head=head, read_at=stamp)
    return StreamingResponse(export_csv(iter(rows), lambda incident: incident_words(incident, t)),
                             media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": f'attachment; filename="{name}"', CHAIN_HEAD_HEADER: head})


@router.get("/export.json", openapi_extra=FILTERS, response_class=StreamingResponse,
            responses=_export("application/json", {"type": "object"}),
            summary="The filtered log as JSON with each entry's log and ruling (floor staff: their own rulings).")
def export_as_json(request: Request, session: Floor) -> StreamingResponse:
    svc = services(request)
    with svc.db.connect() as conn:
        rows = _exported(request, session, conn)
        head = chain_status(conn, room_id=session.home_room).head
    stamp = svc.stamp()
    name = export_name("json", chain_head=head, read_at=stamp)
    return StreamingResponse(export_json(iter(rows), chain_head=head, read_at=stamp), media_type="application/json",
                             headers={"Content-Disposition": f'attachment; filename="{name}"', CHAIN_HEAD_HEADER: head})


@router.get("/verify", summary="Check the hash chain: the first broken link, if any (directors).")
def verify(request: Request, session: Director) -> dict[str, Any]:
    """Every chain of the director's rooms: in all, the first broken link and the director's own room's head;
    then each room's."""
    with services(request).db.connect() as conn:
        rooms = [room for room in Rooms(conn).all() if session.reach is None or room.id in session.reach]
        statuses = {room.slug: chain_status(conn, room_id=room.id) for room in rooms}
        home = next((statuses[r.slug] for r in rooms if r.id == session.home_room), None)

    def obj(status: ChainStatus) -> dict[str, Any]:
        broken = {"incident": status.broken.incident_id, "reason": status.broken.reason} if status.broken else None
        return {"entries": status.entries, "head": status.head, "intact": broken is None, "broken": broken}

    first_broken = next((obj(s)["broken"] for s in statuses.values() if s.broken is not None), None)
    return {"entries": sum(s.entries for s in statuses.values()), "head": home.head if home else None,
            "intact": first_broken is None, "broken": first_broken,
            "rooms": {slug: obj(status) for slug, status in statuses.items()}}


@router.get("/{incident_id}", summary="One entry as recorded, with its log and ruling.")
def get_incident(request: Request, session: Floor, incident_id: RecordId) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        return Incidents(conn, rooms=session.reach).get(incident_id).to_obj()


@router.post("", status_code=201, openapi_extra=body_schema(NewIncident),
             summary="Record the ruling on a whole hand log (reconstructed elsewhere).")
async def record(request: Request, session: Floor,
                 body: Annotated[NewIncident, Depends(json_body(NewIncident))]) -> dict[str, Any]:
    svc = services(request)
    draft = await run_job(svc.limits, incident_from_log, body.log, body.rulebook, session.user.username, body.note,
                          svc.limits)

    def store() -> dict[str, Any]:
        with svc.db.transaction() as conn:
            incident = Incidents(conn, rooms=session.reach).record(replace(draft, room_id=session.home_room),
                                                                   now=svc.stamp())
        return incident.to_obj()

    return await run_in_threadpool(store)


@router.post("/{incident_id}/corrections", status_code=201, openapi_extra=body_schema(Correction),
             summary="Correct an entry: a new entry that points to it; the old one is never changed.")
def correct(request: Request, session: Floor, incident_id: RecordId,
            body: Annotated[Correction, Depends(json_body(Correction))]) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        incident = correct_incident(conn, incident_id, floor_person=session.user.username, verdict=body.verdict,
                                    reason=body.reason, now=svc.stamp(), rooms=session.reach)
    return incident.to_obj()
