"""The incident log: search and filters, one incident as it was recorded, and corrections."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.engine.hand import Hand
from floorman.errors import FloormanError, UnknownRulebookError
from floorman.fold.findings import Irregularity
from floorman.formats import handlog
from floorman.law.rulebooks import find_rulebook
from floorman.locale import say
from floorman.storage import ConflictError, IncidentQuery, Incidents, Role, Session
from floorman.web.error_responses import describe_error
from floorman.web.event_words import cause_name, describe_batch, describe_event
from floorman.web.incident_log import correct_incident, query_from_params
from floorman.web.live_view import carried_words, game_text, level_text, out_of_turn_events
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.params import RecordId
from floorman.web.problems import InvalidInput
from floorman.web.ruling_view import stored_ruling_view
from floorman.web.security import PagePost, page_post, page_user, request_locale
from floorman.web.services import services
from floorman.web.told_facts import told_words, with_rests_on

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
Floor = Annotated[Session, Depends(page_user(Role.FLOOR))]
FloorPost = Annotated[PagePost, Depends(page_post(Role.FLOOR))]
PAGE_SIZE = 50


@router.get("/incidents")
def incidents_page(request: Request, session: Floor) -> Response:
    params = dict(request.query_params)
    t = translator_for(request, session)
    error = ""
    try:
        query = query_from_params(params, limit=PAGE_SIZE)
    except InvalidInput as exc:
        query, error = IncidentQuery(limit=PAGE_SIZE), exc.words(t.locale)
    svc = services(request)
    with svc.db.connect() as conn:
        store = Incidents(conn, rooms=session.reach)
        found = store.search(query, summary=True)
        total = store.count(query)
        choices = {c: store.distinct(c) for c in ("table_name", "dealer", "floor_person")}
        chain = (svc.chain_watch_of(session.home_room).status(conn)
                 if (session.user.role_in(session.home_room) or Role.DEALER).allows(Role.DIRECTOR) else None)
    causes = sorted(((i.value, cause_name(i.value, t)) for i in Irregularity), key=lambda pair: pair[1])
    export_query = str(request.url.query)
    return render_page(
        request, session, "incidents.html", active="incidents", incidents=found, total=total, query=query,
        params=params, choices=choices, causes=causes, chain=chain, chain_read_at=svc.stamp(), error=error,
        export_query=export_query,
        cause_name=lambda value: cause_name(value, t), page_size=PAGE_SIZE,
    )


def _incident_page(request: Request, session: Session, incident_id: int, *, error: str = "",
                   status: int = 200) -> Response:
    t = translator_for(request, session)
    with services(request).db.connect() as conn:
        history = Incidents(conn, rooms=session.reach).history(incident_id)
    incident = next(i for i in history if i.id == incident_id)
    try:
        book = find_rulebook(incident.rulebook)
    except UnknownRulebookError:
        book = None
    view = stored_ruling_view(incident.ruling, book, t, incident.causes,
                              final_verdict=incident.final_verdict)
    logged = incident.log.get("events", [])
    game = level = oot_note = ""
    late: set[int] = set()
    record = incident.told
    try:
        log = handlog.from_obj(incident.log)
        game, level = game_text(log.game, log.effective_structure, t), level_text(log.level, t)
        hand = Hand(log, rulebook=book)
        late = out_of_turn_events(hand.view)
        if late and book is not None:
            oot_note = say(hand.sa_reason(), t.locale)
        if record is not None and book is not None:
            record = with_rests_on(record, hand, logged)
    except FloormanError:
        pass  # a log kept as it was recorded that the engine no longer reads: its events are still listed
    told = told_words(record, t, substantial_action=view.substantial_action)
    marks = told.marks if told is not None else {}
    marker = " (" + t.gettext("console.common.out_of_turn_2") + ")"
    events = [(describe_event(e, t) + (marker if i in late else ""), marks.get(i, ""))
              for i, e in enumerate(logged)]
    runs, at = _runs(logged, marks), 0
    report_lines = []
    for run in runs:
        report_lines.append((describe_batch(run, t) + (marker if late & set(range(at, at + len(run))) else ""),
                             marks.get(at, "")))
        at += len(run)
    return render_page(request, session, "incident.html", active="incidents", incident=incident, view=view,
                       events=events, history=history, error=error, status=status, game=game, level=level,
                       here=f"/incidents/{incident_id}",
                       report_lines=report_lines, told=told, oot_note=oot_note,
                       carried=carried_words((incident.told or {}).get("carried"), t),
                       players=incident.log.get("players", []), involved=_involved(incident.ruling))


def _runs(events: list[dict[str, Any]], marks: Mapping[int, str]) -> list[list[dict[str, Any]]]:
    """The events in runs of one kind (the deal, the board), so that the printed report fits a page; a run holds
    events all said at the table or all assumed alike (``marks``: the assumption of each assumed event), and the
    events one assumption made in a row are one run (the calls and checks that close a betting round)."""
    runs: list[list[dict[str, Any]]] = []
    for i, event in enumerate(events):
        kind = event.get("type")
        alike = marks.get(i) == marks.get(i - 1)
        if runs and alike and (marks.get(i) or (kind in ("deal", "board", "burn", "post") and runs[-1][-1].get(
                "type") in (("board", "burn") if kind in ("board", "burn") else (kind,)))):
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def _involved(ruling: Mapping[str, Any]) -> set[int]:
    """The seats the ruling names: in its findings (the seat, the seat it should have been) and remedies."""
    seats: set[int] = set()
    for finding in ruling.get("findings", []):
        seats |= {int(finding[k]) for k in ("seat", "expected_seat") if isinstance(finding.get(k), int)}
    for ruled in ruling.get("rulings", []):
        seats |= {int(r["seat"]) for r in ruled.get("remedies", []) if isinstance(r.get("seat"), int)}
    return seats


@router.get("/incidents/{incident_id}")
async def incident_page(request: Request, session: Floor, incident_id: RecordId) -> Response:
    return _incident_page(request, session, incident_id)


@router.post("/incidents/{incident_id}/correct")
def correct(request: Request, post: FloorPost, incident_id: RecordId) -> Response:
    svc = services(request)
    try:
        with svc.db.transaction() as conn:
            new = correct_incident(conn, incident_id, floor_person=post.session.user.username,
                                   verdict=post.text("verdict"), reason=post.text("reason"), now=svc.stamp(),
                                   rooms=post.session.reach)
    except (InvalidInput, ConflictError) as exc:
        body = describe_error(exc, request_locale(request, post.session))
        return _incident_page(request, post.session, incident_id, error=body.message, status=body.status)
    return redirect(f"/incidents/{new.id}", notice="correction_recorded")


