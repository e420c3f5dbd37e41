"""Hands and their events over the API: the same changes as the live page, with the same rules.

An append names the sequence number it expects (the number of events it has seen); a stale number
gets 409 and the caller reloads the hand.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.requests import Request

from floorman.storage import FloorCallLog, Hands, Role, Session
from floorman.web import live_hands
from floorman.web.incident_drafts import plain_json, ruling_object
from floorman.web.json_body import body_schema, json_body
from floorman.web.live_hands import LiveHand, load_hand
from floorman.web.params import RecordId, SeqNumber
from floorman.web.problems import InvalidInput
from floorman.web.sa_meter import sa_meter
from floorman.web.security import api_user
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter(prefix="/api/hands", tags=["hands"])
Dealer = Annotated[Session, Depends(api_user(Role.DEALER))]
Floor = Annotated[Session, Depends(api_user(Role.FLOOR))]


class NewHand(BaseModel):
    header: dict[str, Any] = Field(description="A hand log header (section 1). Its `events`, if any, are logged "
                                               "first (the posts of a re-play); otherwise the blinds are posted.")
    post_blinds: bool = True


class Append(BaseModel):
    seq: SeqNumber
    event: dict[str, Any] | None = Field(default=None, description="One event (section 2).")
    events: list[dict[str, Any]] | None = Field(default=None, description="Several events logged as one tap.")


class Expected(BaseModel):
    seq: SeqNumber


class Override(BaseModel):
    verdict: str = Field(pattern="^(misdeal|void|continue)$")
    reason: str = Field(min_length=1, max_length=1000)


class Decision(BaseModel):
    seq: SeqNumber
    override: Override | None = None
    note: str = Field(default="", max_length=2000)
    replay: bool = Field(default=False, description="On a misdeal (or void), start the exact re-play at once.")


class FloorCall(BaseModel):
    seq: SeqNumber
    note: str = Field(default="", max_length=500)


def hand_obj(live: LiveHand, *, with_log: bool = True) -> dict[str, Any]:
    """A hand as the API gives it; without ``log`` (``with_log=False``) for an answer that says only what changed."""
    result = live.result
    meter = sa_meter(live.hand)
    pending = live.pending_ruling
    to_act = None if (pending is not None or live.over) else result.view.next_to_act
    return {
        "id": live.record.id, "table": live.record.table_name, "hand": live.record.hand_number,
        "dealer": live.record.dealer, "seq": live.seq, "replay_of": live.record.replay_of,
        "created_at": live.record.created_at, "closed_at": live.record.closed_at, "over": live.over,
        "pending_ruling": pending, "to_act": to_act,
        "substantial_action": {"counted": meter.counted, "target": meter.target, "reached": meter.reached},
        **({"log": plain_json(live.log_obj())} if with_log else {}), "ruling": ruling_object(result),
    }


@router.get("", summary="Recent hands, newest first (optionally at one table).")
async def list_hands(request: Request, session: Dealer, table: str | None = None, limit: int = 50) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        records = Hands(conn, rooms=session.reach).recent(table_name=table, limit=max(1, min(limit, 500)))
    return {"hands": [{"id": r.id, "table": r.table_name, "hand": r.hand_number, "dealer": r.dealer,
                       "replay_of": r.replay_of, "created_at": r.created_at, "closed_at": r.closed_at,
                       "room_id": r.room_id}
                      for r in records]}


@router.post("", openapi_extra=body_schema(NewHand),
             status_code=201, summary="Start a hand from a hand-log header.")
def create(request: Request, session: Dealer, body: Annotated[NewHand, Depends(json_body(NewHand))]) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        record = live_hands.create_hand(conn, {**body.header, "events": body.header.get("events", [])},
                                        user=session.user, now=svc.stamp(), post_blinds=body.post_blinds, rooms=session.reach)
        return hand_obj(load_hand(conn, record.id, rooms=session.reach))


@router.post("/next", status_code=201, summary="The table's next hand, carried over from its last one.")
def next_hand(request: Request, session: Dealer, table: str) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        record = live_hands.next_hand(conn, table, user=session.user, now=svc.stamp(), rooms=session.reach)
        return hand_obj(load_hand(conn, record.id, rooms=session.reach))


@router.get("/{hand_id}", summary="A hand: its log, the ruling so far, the substantial-action count.")
async def get_hand(request: Request, session: Dealer, hand_id: RecordId) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        return hand_obj(load_hand(conn, hand_id, rooms=session.reach))


@router.get("/{hand_id}/events", summary="A hand's events with their sequence numbers, and its last floor call "
                                       "(who is on the way, how often it was raised) or null.")
async def get_events(request: Request, session: Dealer, hand_id: RecordId) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        hands = Hands(conn, rooms=session.reach)
        events = hands.events(hand_id) if hands.get(hand_id) else []
        calls = FloorCallLog(conn, rooms=session.reach).of_hand(hand_id) if events else []
    floor_call = None if not calls else {
        "called_at": calls[-1].called_at, "raised_times": calls[-1].raised_times,
        "acknowledged_at": calls[-1].acknowledged_at, "acknowledged_by": calls[-1].acknowledged_by}
    return {"seq": len(events), "events": [{"seq": e.seq, "batch": e.batch, "event": e.event,
                                            "logged_at": e.logged_at} for e in events], "floor_call": floor_call}


@router.post("/{hand_id}/events", openapi_extra=body_schema(Append),
             status_code=201,
             summary="Append an event (or a tap's events) at the expected sequence number; stale gets 409. "
                     "The answer says what changed: the events appended (with their sequence numbers), the new "
                     "sequence number and the ruling so far, not the whole log (GET the hand for that).")
def append(request: Request, session: Dealer, hand_id: RecordId, body: Annotated[Append, Depends(json_body(Append))]) -> dict[str, Any]:
    events = ([body.event] if body.event is not None else []) + list(body.events or [])
    if body.event is not None and body.events:
        raise InvalidInput("error.routes.api_hands.send_either_event_events", field="events")
    svc = services(request)
    with svc.db.transaction() as conn:
        live = live_hands.append_events(conn, hand_id, events, expected_seq=body.seq, user=session.user,
                                        now=svc.stamp(), rooms=session.reach)
        appended = [{"seq": e.seq, "batch": e.batch, "event": e.event, "logged_at": e.logged_at}
                    for e in live.events[body.seq:]]
        return {**hand_obj(live, with_log=False), "appended": appended}


@router.post("/{hand_id}/floor", openapi_extra=body_schema(FloorCall),
             status_code=201, summary="Call the floor: the ruling as of now is recorded on the hand.")
def call_floor(request: Request, session: Dealer, hand_id: RecordId, body: Annotated[FloorCall, Depends(json_body(FloorCall))]) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        live = live_hands.call_floor(conn, hand_id, expected_seq=body.seq, note=body.note, user=session.user,
                                     now=svc.stamp(), rooms=session.reach)
    svc.db.floor_calls.publish(live_hands.floor_call_of(live, user=session.user))
    return hand_obj(live)


@router.post("/{hand_id}/undo", openapi_extra=body_schema(Expected),
             summary="Take back the last tap (not a recorded ruling).")
def undo(request: Request, session: Dealer, hand_id: RecordId, body: Annotated[Expected, Depends(json_body(Expected))]) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        removed = live_hands.undo_last(conn, hand_id, expected_seq=body.seq, user=session.user, rooms=session.reach)
        live = load_hand(conn, hand_id, rooms=session.reach)
        obj = hand_obj(live)
    svc.db.floor_calls.publish(live_hands.floor_answer_of(live.record, user=session.user, now=svc.stamp()))
    return {"removed": [e.event for e in removed], "hand": obj}


@router.post("/{hand_id}/ruling", openapi_extra=body_schema(Decision),
             status_code=201,
             summary="The floor confirms or overrides the pending ruling; it goes into the incident log.")
def record_ruling(request: Request, session: Floor, hand_id: RecordId, body: Annotated[Decision, Depends(json_body(Decision))]) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        outcome = live_hands.record_ruling(
            conn, hand_id, expected_seq=body.seq, user=session.user, now=svc.stamp(),
            override_verdict=body.override.verdict if body.override else None,
            override_reason=body.override.reason if body.override else "", note=body.note, replay=body.replay, rooms=session.reach)
        replay = hand_obj(load_hand(conn, outcome.replay.id, rooms=session.reach)) if outcome.replay else None
        live = load_hand(conn, hand_id, rooms=session.reach)
        obj = {"incident": outcome.incident.to_obj(), "hand": hand_obj(live), "replay": replay}
    svc.db.floor_calls.publish(live_hands.floor_answer_of(live.record, user=session.user, now=svc.stamp()))
    return obj


@router.post("/{hand_id}/replay", status_code=201, summary="Start the exact re-play of a misdealt hand.")
def replay(request: Request, session: Floor, hand_id: RecordId) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        record = live_hands.start_replay(conn, hand_id, user=session.user, now=svc.stamp(), rooms=session.reach)
        return hand_obj(load_hand(conn, record.id, rooms=session.reach))
