"""The tables and the live hand page: set up, deal, act, call the floor, rule, re-play, next hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.errors import LogError
from floorman.fold.rotation import Blinds
from floorman.fold.table import GAMES, PlayerStatus, Structure
from floorman.law.rulebooks import rulebooks
from floorman.locale import game_text, structure_text
from floorman.storage import (
    ConflictError,
    Connection,
    FloorCallLog,
    Hands,
    NotFoundError,
    Role,
    Session,
    StaleSequenceError,
)
from floorman.storage.rooms import Room, Rooms
from floorman.web import live_hands
from floorman.web.error_responses import describe_error
from floorman.web.event_forms import action_event, deal_events, deal_flaws, other_event
from floorman.web.live_hands import LiveHand, load_hand
from floorman.web.live_view import live_view
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.params import RecordId
from floorman.web.problems import InvalidInput
from floorman.web.security import PagePost, page_post, page_user, request_locale
from floorman.web.services import services
from floorman.web.table_setup import (
    LEVEL_FIELDS,
    MAX_SEATS,
    TableSetup,
    carried_over,
    next_blinds,
    setup_from_form,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

Dealer = Annotated[Session, Depends(page_user(Role.DEALER))]
DealerPost = Annotated[PagePost, Depends(page_post(Role.DEALER))]
FloorPost = Annotated[PagePost, Depends(page_post(Role.FLOOR))]


@router.get("/")
async def home(request: Request, session: Dealer) -> Response:
    with services(request).db.connect() as conn:
        hands = Hands(conn, rooms=session.reach)
        tables = hands.tables()
        recent = hands.recent(limit=15)
        coming = {t.table_name: _coming(hands, t.last_hand_id) for t in tables}
    return render_page(request, session, "home.html", active="tables", tables=tables, recent=recent, coming=coming)


def _coming(hands: Hands, last_hand_id: int) -> tuple[TableSetup, Blinds] | None:
    """The table's next hand as the rotation carries it over from the last one: its button and blinds."""
    last = hands.get(last_hand_id)
    setup = carried_over({**last.header, "table": last.table_name, "hand": last.hand_number, "dealer": last.dealer},
                         [e.event for e in hands.events(last.id)])
    blinds = next_blinds(setup)
    return (setup, blinds) if blinds.big_blind is not None else None


def _rooms_to_start_in(request: Request, session: Session) -> list[Room]:
    """The rooms the account may start a hand in, when there is more than one to pick from."""
    with services(request).db.connect() as conn:
        rooms = [room for room in Rooms(conn).all()
                 if (role := session.user.role_in(room.id)) is not None and role.allows(Role.DEALER)]
    return rooms if len(rooms) > 1 else []


def _setup_page(request: Request, session: Session, setup: TableSetup, *, error: str = "",
                status: int = 200, room_id: int | None = None) -> Response:
    players = {p.seat: p for p in setup.players}
    t = translator_for(request, session)
    return render_page(
        request, session, "hand_setup.html", active="tables", setup=setup, players=players, error=error,
        status=status, games=[(g.value, game_text(g, lang=t.locale)) for g in GAMES],
        structures=[(s.value, structure_text(s, t.locale)) for s in Structure],
        usual_structures={g.value: structure_text(GAMES[g].default_structure, t.locale) for g in GAMES},
        books=list(rulebooks().values()),
        statuses=[s.value for s in PlayerStatus if s is not PlayerStatus.REDEAL_DEAD], max_seats=MAX_SEATS,
        level_fields=LEVEL_FIELDS, rooms=_rooms_to_start_in(request, session),
        room_id=session.home_room if room_id is None else room_id,
        here=f"/hands/new?{urlencode({'table': setup.table_name})}",
    )


@router.get("/hands/new")
async def new_hand(request: Request, session: Dealer, table: str = "") -> Response:
    with services(request).db.connect() as conn:
        hands = Hands(conn, rooms=session.reach)
        last = hands.last_at_table(table) if table else None
        events = [e.event for e in hands.events(last.id)] if last is not None else []
    if last is not None:
        setup = carried_over({**last.header, "table": last.table_name, "hand": last.hand_number,
                              "dealer": last.dealer}, events)
    else:
        setup = TableSetup(table_name=table, hand_number="1", dealer="",
                           level={"number": 1, "small_blind": 100, "big_blind": 200, "big_blind_ante": 200})
    return _setup_page(request, session, setup, room_id=None if last is None else last.room_id)


def _room_picked(session: Session, field: str) -> int | None:
    """The room the form picked (None: the account's own); one the account does not work in is not found."""
    if not field:
        return None
    if not field.isdigit() or (role := session.user.role_in(int(field))) is None or not role.allows(Role.DEALER):
        raise NotFoundError("error.routes.hand_pages.such_room_your_rooms")
    return int(field)


@router.post("/hands")
def create_hand(request: Request, post: DealerPost) -> Response:
    svc = services(request)
    fields = post.fields()
    room_id = _room_picked(post.session, fields.get("room", "").strip())
    try:
        setup = setup_from_form(fields)
    except (InvalidInput, LogError) as exc:
        body = describe_error(exc, request_locale(request, post.session))
        draft = TableSetup(table_name=fields.get("table", ""), hand_number=fields.get("hand", ""),
                           dealer=fields.get("dealer", ""))
        error = body.message if body.located or not body.field else f"{body.field}: {body.message}"
        return _setup_page(request, post.session, draft, error=error, status=422, room_id=room_id)
    with svc.db.transaction() as conn:
        if room_id is not None:
            Rooms(conn).get(room_id)
        record = live_hands.create_from_setup(conn, setup, user=post.session.user, now=svc.stamp(),
                                              post_blinds=fields.get("post_blinds") == "on", room_id=room_id, rooms=post.session.reach)
    return redirect(f"/hands/{record.id}", notice="hand_started")


@router.post("/hands/next")
def next_hand(request: Request, post: DealerPost) -> Response:
    svc = services(request)
    with svc.db.transaction() as conn:
        record = live_hands.next_hand(conn, post.text("table"), user=post.session.user, now=svc.stamp(), rooms=post.session.reach)
    return redirect(f"/hands/{record.id}", notice="hand_started")


def _live_page(request: Request, session: Session, hand_id: int, *, error: str = "", status: int = 200) -> Response:
    with services(request).db.connect() as conn:
        live = load_hand(conn, hand_id, rooms=session.reach)
        replays = Hands(conn, rooms=session.reach).replays_of(hand_id)
        t = translator_for(request, session)
        view = live_view(live, t, replay_hand_id=replays[0].id if replays else None)
        calls = FloorCallLog(conn, rooms=session.reach).of_hand(hand_id)
    return render_page(request, session, "live.html", active="tables", view=view, error=error, status=status,
                       here=f"/hands/{hand_id}",
                       can_rule=(session.user.role_in(live.record.room_id) or Role.DEALER).allows(Role.FLOOR),
                       floor_call=calls[-1] if calls and view.pending else None)


@router.get("/hands/{hand_id}")
async def live_page(request: Request, session: Dealer, hand_id: RecordId) -> Response:
    return _live_page(request, session, hand_id)


def _change(request: Request, post: PagePost, hand_id: int,
            change: Callable[[Connection, LiveHand], Any]) -> Response:
    """Run one change to the hand in a transaction; a stale view or a refused change shows the page again."""
    svc = services(request)
    try:
        with svc.db.transaction() as conn:
            live = load_hand(conn, hand_id, rooms=post.session.reach)
            if post.seq() >= 0 and post.seq() != live.seq:
                raise StaleSequenceError("error.routes.hand_pages.stale_view", expected=post.seq(), actual=live.seq)
            outcome = change(conn, live)
    except StaleSequenceError:
        return redirect(f"/hands/{hand_id}", notice="stale")
    except (InvalidInput, LogError, ConflictError) as exc:
        body = describe_error(exc, request_locale(request, post.session))
        return _live_page(request, post.session, hand_id, error=body.message, status=body.status)
    if isinstance(outcome, Response):
        return outcome
    return redirect(f"/hands/{hand_id}")


def _appender(request: Request, post: PagePost, build: Callable[[LiveHand], list[dict[str, Any]]]
              ) -> Callable[[Connection, LiveHand], Any]:
    def change(conn: Connection, live: LiveHand) -> Any:
        return live_hands.append_events(conn, live.record.id, build(live), expected_seq=post.seq(),
                                        user=post.session.user, now=services(request).stamp(), rooms=post.session.reach)
    return change


@router.post("/hands/{hand_id}/deal")
def quick_deal(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    return _change(request, post, hand_id, _appender(
        request, post, lambda live: deal_events(post.fields(), live.result.view)))


@router.post("/hands/{hand_id}/deal-error")
def deal_error(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    """A deal error noticed after the deal: entered now, the actions that followed kept."""
    return _change(request, post, hand_id, lambda conn, live: live_hands.correct_deal(
        conn, hand_id, flaws=deal_flaws(post.fields(), live.result.view), expected_seq=post.seq(),
        user=post.session.user, now=services(request).stamp(), rooms=post.session.reach))


@router.post("/hands/{hand_id}/act")
def act(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    return _change(request, post, hand_id, _appender(
        request, post, lambda live: [action_event(post.fields(), live.result.view)]))


@router.post("/hands/{hand_id}/event")
def log_event(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    return _change(request, post, hand_id, _appender(
        request, post, lambda live: [other_event(post.fields(), live.result.view)]))


@router.post("/hands/{hand_id}/floor")
def call_floor(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    called: list[LiveHand] = []

    def change(conn: Connection, live: LiveHand) -> None:
        called.append(live_hands.call_floor(conn, hand_id, expected_seq=post.seq(), note=post.text("note"),
                                            user=post.session.user, now=services(request).stamp(), rooms=post.session.reach))

    response = _change(request, post, hand_id, change)
    for live in called:  # committed: tell the floor devices
        services(request).db.floor_calls.publish(live_hands.floor_call_of(live, user=post.session.user))
    return response


@router.post("/hands/{hand_id}/undo")
def undo(request: Request, post: DealerPost, hand_id: RecordId) -> Response:
    def change(conn: Connection, live: LiveHand) -> Response:
        removed = live_hands.undo_last(conn, hand_id, expected_seq=post.seq(), user=post.session.user, rooms=post.session.reach)
        changed.append(live)
        return redirect(f"/hands/{hand_id}", notice="undone" if removed else "nothing_to_undo")
    changed: list[LiveHand] = []
    response = _change(request, post, hand_id, change)
    _tell_the_floor(request, post, changed)
    return response


def _tell_the_floor(request: Request, post: PagePost, changed: list[LiveHand]) -> None:
    """After the commit: a call of the hand may have been answered (ruled on, taken back)."""
    for live in changed:
        services(request).db.floor_calls.publish(
            live_hands.floor_answer_of(live.record, user=post.session.user, now=services(request).stamp()))


@router.post("/hands/{hand_id}/ruling")
def record_ruling(request: Request, post: FloorPost, hand_id: RecordId) -> Response:
    override = post.text("verdict") if post.text("decision") == "override" else ""

    def change(conn: Connection, live: LiveHand) -> Response:
        outcome = live_hands.record_ruling(
            conn, hand_id, expected_seq=post.seq(), user=post.session.user, now=services(request).stamp(),
            override_verdict=override or None, override_reason=post.text("reason"), note=post.text("note"),
            replay=post.text("replay") == "yes", rooms=post.session.reach)
        changed.append(live)
        if outcome.replay is not None:
            return redirect(f"/hands/{outcome.replay.id}", notice="replay_started")
        return redirect(f"/hands/{hand_id}", notice="ruling_recorded")
    changed: list[LiveHand] = []
    response = _change(request, post, hand_id, change)
    _tell_the_floor(request, post, changed)
    return response


@router.post("/hands/{hand_id}/replay")
def replay(request: Request, post: FloorPost, hand_id: RecordId) -> Response:
    def change(conn: Connection, live: LiveHand) -> Response:
        record = live_hands.start_replay(conn, hand_id, user=post.session.user, now=services(request).stamp(), rooms=post.session.reach)
        return redirect(f"/hands/{record.id}", notice="replay_started")
    return _change(request, post, hand_id, change)

