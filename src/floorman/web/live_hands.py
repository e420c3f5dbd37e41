"""Hands being logged at the tables: the engine's view of a stored hand, and every change to it.

Routes (pages and API alike) call these functions inside one database transaction; each loads
the hand, lets the engine read it (``floorman.engine.hand``), and appends what the table did. Nothing
here decides a ruling: the engine does, and the floor confirms or overrides it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from floorman.engine.hand import Hand, rule
from floorman.engine.result import Result
from floorman.fold.log import HandLog
from floorman.fold.table import Family
from floorman.formats import handlog
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.law.rulings.model import Ruling, Verdict
from floorman.service_limits import check_log
from floorman.storage import (
    ConflictError,
    Connection,
    FloorCall,
    FloorCallLog,
    HandRecord,
    Hands,
    Incident,
    Incidents,
    LoggedEvent,
    Role,
    RoomScope,
    User,
)
from floorman.web.incident_drafts import incident_draft, plain_json
from floorman.web.problems import InvalidInput
from floorman.web.quick_deal import DealFlaws, initial_deal
from floorman.web.table_setup import TableSetup, blind_posts, carried_over
from floorman.words.rulings import VERDICTS

__all__ = ["LiveHand", "RulingOutcome", "append_events", "call_floor", "correct_deal", "create_hand",
           "floor_answer_of", "floor_call_of", "load_hand", "next_hand", "record_ruling", "start_replay", "undo_last"]



@dataclass(frozen=True, kw_only=True)
class LiveHand:
    record: HandRecord
    events: tuple[LoggedEvent, ...]

    @property
    def seq(self) -> int:
        return len(self.events)

    def log_obj(self, upto: int | None = None) -> dict[str, Any]:
        """The hand log (section 1) with its events, or with the events up to index ``upto``."""
        events = [dict(e.event) for e in self.events]
        return _declared({**self.record.header, "events": events if upto is None else events[: upto + 1]})

    @cached_property
    def log(self) -> HandLog:
        return handlog.from_obj(self.log_obj())

    @cached_property
    def book(self) -> Rulebook:
        return find_rulebook(self.log.rulebook)

    @cached_property
    def hand(self) -> Hand:
        """The engine's hand, all its events pushed (only read)."""
        return Hand(self.log, rulebook=self.book)

    @cached_property
    def result(self) -> Result:
        return self.hand.result()

    @property
    def types(self) -> list[str]:
        return [str(e.event.get("type")) for e in self.events]

    @property
    def floor_events(self) -> list[int]:
        return [i for i, kind in enumerate(self.types) if kind == "floor"]

    @property
    def applied(self) -> set[int]:
        return {int(e.event.get("ruling", -1)) for e in self.events if e.event.get("type") == "ruling_applied"}

    @property
    def pending_ruling(self) -> int | None:
        """The number of the floor call still waiting for the floor's decision (0 = the first call)."""
        floors = self.floor_events
        if floors and (len(floors) - 1) not in self.applied:
            return len(floors) - 1
        return None

    @property
    def cancelled(self) -> bool:
        """A misdeal or void was carried out: this deal is over."""
        return bool(self.cancelling_rulings)

    @property
    def over(self) -> bool:
        return (self.record.closed_at is not None or self.cancelled
                or any(kind in ("pot_awarded", "next_hand") for kind in self.types))

    @property
    def current_ruling(self) -> Ruling:
        """The pending floor call's ruling; on a deal the floor cancelled, the ruling that cancelled it;
        otherwise the ruling if the floor were called now."""
        pending = self.pending_ruling
        if pending is not None:
            return self.result.rulings[pending]
        cancelling = self.cancelling_rulings
        return self.result.rulings[cancelling[0]] if cancelling else self.result.ruling

    @property
    def cancelling_rulings(self) -> list[int]:
        """The floor calls whose ruling, as carried out, cancelled the deal (a misdeal or void), in order."""
        return [k for k in sorted(self.applied)
                if k < len(self.floor_events) and self.result.rulings[k].final_verdict is not Verdict.CONTINUE]

    def prefix_result(self, k: int) -> Result:
        """The engine's answer for the log up to the k-th floor call (its ruling is the last one)."""
        upto = self.floor_events[k]
        return rule(handlog.from_obj(self.log_obj(upto)), rulebook=self.book)

    def prefix_hand(self, k: int) -> Hand:
        """The engine's hand of the log up to the k-th floor call."""
        return Hand(handlog.from_obj(self.log_obj(self.floor_events[k])), rulebook=self.book)


def _declared(obj: dict[str, Any]) -> dict[str, Any]:
    """A console hand's log as the engine reads it: its header is version 1, and declares 1.1 once a tablet has
    logged an event or field that version 1.1 added (``hand_began``, a burn's ``back`` ...), 1.2 once one that
    version 1.2 added (a pot awarded ``during_break``, a floor call's ``seconds_after_award``)."""
    if obj.get("floorman") == 1:
        events = obj.get("events", ())
        if handlog.needs_v1_2_obj(events):
            return {**obj, "floorman": 1.2}
        if handlog.needs_v1_1_obj(events):
            return {**obj, "floorman": 1.1}
    return obj


def load_hand(conn: Connection, hand_id: int, *, rooms: RoomScope) -> LiveHand:
    """The hand as the engine reads it (another room's hand, one outside ``rooms``, is not found)."""
    hands = Hands(conn, rooms=rooms)
    return LiveHand(record=hands.get(hand_id), events=tuple(hands.events(hand_id)))


def create_hand(
    conn: Connection, header: Mapping[str, Any], *, user: User, now: str, post_blinds: bool = True,
    replay_of: int | None = None, room_id: int | None = None, rooms: RoomScope,
) -> HandRecord:
    """Start a hand from a hand-log header; its ``events`` (the posts of a re-play) or the blinds go in first.
    The hand belongs to ``room_id``, by default the first of ``rooms`` (the user's own room for the group's staff)."""
    log = handlog.from_obj(header)
    hands = Hands(conn, rooms=rooms)
    record = hands.create(header, table_name=str(header.get("table", "")), hand_number=str(header.get("hand", "")),
                          dealer=str(header.get("dealer", "")), now=now, user_id=user.id, replay_of=replay_of,
                          room_id=room_id if room_id is not None else rooms[0] if rooms else user.home_room)
    first = [plain_json(e) for e in header.get("events", [])] or (
        [plain_json(e) for e in blind_posts(log)] if post_blinds else [])
    if first:
        hands.append(record.id, first, expected_seq=0, now=now, user_id=user.id)
    return record


def create_from_setup(conn: Connection, setup: TableSetup, *, user: User, now: str,
                      post_blinds: bool = True, room_id: int | None = None, rooms: RoomScope) -> HandRecord:
    return create_hand(conn, setup.header(), user=user, now=now, post_blinds=post_blinds, room_id=room_id,
                       rooms=rooms)


def next_hand(conn: Connection, table_name: str, *, user: User, now: str, rooms: RoomScope) -> HandRecord:
    """The table's next hand, carried over from its last one (which is closed), in the last one's room."""
    hands = Hands(conn, rooms=rooms)
    last = hands.last_at_table(table_name)
    if last is None:
        raise InvalidInput("error.web.live_hands.table_hand_carry_over", field="table", table_name=repr(table_name))
    setup = carried_over({**last.header, "table": last.table_name, "hand": last.hand_number,
                          "dealer": last.dealer}, [e.event for e in hands.events(last.id)])
    hands.close(last.id, now=now)
    return create_from_setup(conn, setup, user=user, now=now, room_id=last.room_id, rooms=rooms)


def _check_open(live: LiveHand) -> None:
    if live.over:
        raise ConflictError("error.web.live_hands.hand_over_start_next")


def append_events(
    conn: Connection, hand_id: int, events: Sequence[Mapping[str, Any]], *, expected_seq: int,
    user: User, now: str, rooms: RoomScope,
) -> LiveHand:
    """Log what happened (one tap); the engine validates it as part of the whole log first, and the whole log
    is held to the limits of one request (``floorman.service_limits``: the engine rules on it at every tap)."""
    if not events:
        raise InvalidInput("error.web.live_hands.nothing_log", field="events")
    events = [plain_json(dict(e)) for e in events]
    live = load_hand(conn, hand_id, rooms=rooms)
    _check_open(live)
    kinds = [str(e.get("type")) for e in events]
    if "ruling_applied" in kinds:
        raise InvalidInput("error.web.live_hands.floor_records_ruling_ruling", field="type")
    if live.pending_ruling is not None:
        raise ConflictError("error.web.live_hands.floor_been_called_floor")
    check_log(handlog.from_obj(_declared({**live.log_obj(), "events": [*live.log_obj()["events"], *map(dict, events)]})))
    Hands(conn, rooms=rooms).append(hand_id, events, expected_seq=expected_seq, now=now, user_id=user.id)
    return load_hand(conn, hand_id, rooms=rooms)


def correct_deal(conn: Connection, hand_id: int, *, flaws: DealFlaws, expected_seq: int, user: User,
                 now: str, rooms: RoomScope) -> LiveHand:
    """A deal error noticed after the deal: the initial deal is logged again as it went (``flaws``), and
    everything logged after it stays, in order, with the time it was logged (re-logged by ``user``)."""
    live = load_hand(conn, hand_id, rooms=rooms)
    _check_open(live)
    if live.pending_ruling is not None:
        raise ConflictError("error.web.live_hands.floor_been_called_floor")
    if flaws == DealFlaws():
        raise InvalidInput("error.web.live_hands.tap_what_went_wrong", field="first_seat")
    kinds = live.types
    if "deal" not in kinds:
        raise InvalidInput("error.web.live_hands.nothing_been_dealt_yet", field="deal")
    start = kinds.index("deal")
    end = start
    while end < len(kinds) and kinds[end] in ("deal", "boxed"):
        end += 1
    before = handlog.from_obj(live.log_obj(start - 1) if start else {**live.record.header, "events": []})
    if before.spec.family is not Family.FLOP:
        raise InvalidInput("error.web.live_hands.deal_corrected_here_flop",
                           field="deal")
    deal = [plain_json(e) for e in initial_deal(Hand(before, rulebook=live.book).view, flaws=flaws)]
    first = live.events[start].batch
    moved = [e for e in live.events if e.batch >= first]
    events = [dict(e.event) for e in live.events]
    handlog.from_obj(_declared({**live.record.header, "events": [*events[:start], *deal, *events[end:]]}))
    hands = Hands(conn, rooms=rooms)
    seq = expected_seq
    while seq > moved[0].seq:
        seq -= len(hands.remove_last_batch(hand_id, expected_seq=seq))
    head = [dict(e.event) for e in moved if e.seq < start]
    tail = [dict(e.event) for e in moved if start <= e.seq and e.seq >= end and e.batch in
            {m.batch for m in live.events[start:end]}]
    seq = hands.append(hand_id, [*head, *deal, *tail], expected_seq=seq, now=now, user_id=user.id)
    later: dict[int, list[LoggedEvent]] = {}
    for e in moved:
        if e.seq >= end and e.batch not in {m.batch for m in live.events[start:end]}:
            later.setdefault(e.batch, []).append(e)
    for batch in later.values():
        seq = hands.append(hand_id, [dict(e.event) for e in batch], expected_seq=seq, now=batch[0].logged_at,
                           user_id=user.id)
    return load_hand(conn, hand_id, rooms=rooms)


def call_floor(conn: Connection, hand_id: int, *, expected_seq: int, note: str, user: User,
               now: str, rooms: RoomScope) -> LiveHand:
    event: dict[str, Any] = {"type": "floor"}
    if note:
        event["note"] = note[:500]
    live = append_events(conn, hand_id, [event], expected_seq=expected_seq, user=user, now=now, rooms=rooms)
    FloorCallLog(conn, rooms=rooms).open(room_id=live.record.room_id, hand_id=hand_id, call_index=len(live.floor_events) - 1,
                            table_name=live.record.table_name, hand_number=live.record.hand_number,
                            note=note[:500], user_id=user.id, now=now)
    return live


def floor_call_of(live: LiveHand, *, user: User) -> FloorCall:
    """What the floor devices are told of the floor call that ends ``live`` (published after the commit)."""
    last = live.events[-1]
    return FloorCall(room_id=live.record.room_id, hand_id=live.record.id, table_name=live.record.table_name,
                     hand_number=live.record.hand_number, note=str(last.event.get("note", "")),
                     called_by=user.username, called_at=last.logged_at)


def floor_answer_of(record: HandRecord, *, user: User | None, now: str, kind: str = "answered") -> FloorCall:
    """What the floor devices are told when a call of the hand is answered (acknowledged, ruled on,
    taken back: ``user`` did it) or raised again (``kind="raised"``, by the console itself)."""
    return FloorCall(room_id=record.room_id, hand_id=record.id, table_name=record.table_name,
                     hand_number=record.hand_number, note="", called_by=user.username if user else "",
                     called_at=now, kind=kind)


def undo_last(conn: Connection, hand_id: int, *, expected_seq: int, user: User,
              rooms: RoomScope) -> list[LoggedEvent]:
    """Take back the last tap. A recorded ruling is never taken back; a floor call only by the floor,
    before the ruling is recorded."""
    live = load_hand(conn, hand_id, rooms=rooms)
    if live.record.closed_at is not None:
        raise ConflictError("error.web.live_hands.hand_closed")
    if not live.events:
        return []
    last_batch = [e for e in live.events if e.batch == live.events[-1].batch]
    kinds = {str(e.event.get("type")) for e in last_batch}
    if "ruling_applied" in kinds:
        raise ConflictError("error.web.live_hands.recorded_ruling_cannot_taken")
    if "floor" in kinds and not (user.role_in(live.record.room_id) or Role.DEALER).allows(Role.FLOOR):
        raise ConflictError("error.web.live_hands.floor_been_called_only")
    if "floor" in kinds:
        FloorCallLog(conn, rooms=rooms).withdraw(hand_id, len(live.floor_events) - sum(1 for k in last_batch
                                                                          if k.event.get("type") == "floor"))
    return Hands(conn, rooms=rooms).remove_last_batch(hand_id, expected_seq=expected_seq)


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingOutcome:
    incident: Incident
    replay: HandRecord | None


def _replay_header(live: LiveHand, k: int) -> dict[str, Any]:
    return handlog.to_obj(live.prefix_hand(k).replay_header())


def record_ruling(
    conn: Connection, hand_id: int, *, expected_seq: int, user: User, now: str,
    override_verdict: str | None = None, override_reason: str = "", note: str = "", replay: bool = False,
    rooms: RoomScope, told: Mapping[str, Any] | None = None,
) -> RulingOutcome:
    """The floor confirms (or overrides) the pending ruling: the hand records it, the incident log stores it (with
    ``told``, the record of what the floor entered and what was assumed, for a hand told to the floor)."""
    live = load_hand(conn, hand_id, rooms=rooms)
    k = live.pending_ruling
    if k is None:
        raise ConflictError("error.web.live_hands.floor_call_waiting_for")
    ruling = live.result.rulings[k]
    applied: dict[str, Any] = {"type": "ruling_applied", "ruling": k}
    if override_verdict:
        if override_verdict not in VERDICTS:
            raise InvalidInput("error.web.live_hands.expected_misdeal_void_continue", field="verdict",
                               override_verdict=repr(override_verdict))
        if override_verdict == ruling.verdict.value:
            raise InvalidInput("error.web.live_hands.override_must_differ_from", field="verdict")
        if not override_reason.strip():
            raise InvalidInput("error.web.live_hands.say_why_floor_rules", field="reason")
        applied["override"] = {"verdict": override_verdict, "reason": override_reason.strip()[:1000]}
    log_obj = {**live.log_obj(), "events": [*live.log_obj()["events"], applied]}
    decided = handlog.from_obj(log_obj)
    Hands(conn, rooms=rooms).append(hand_id, [applied], expected_seq=expected_seq, now=now, user_id=user.id)
    FloorCallLog(conn, rooms=rooms).acknowledge_hand(hand_id, username=user.username, now=now)
    full = rule(decided, rulebook=live.book)
    draft = incident_draft(
        record=live.record, log_obj=log_obj, prefix=live.prefix_result(k), decided=full.rulings[k],
        floor_person=user.username, note=note, told=told,
    )
    incident = Incidents(conn, rooms=rooms).record(draft, now=now)
    replayed = None
    if replay and draft.final_verdict != "continue":
        replayed = start_replay(conn, hand_id, user=user, now=now, rooms=rooms)
    return RulingOutcome(incident=incident, replay=replayed)


def start_replay(conn: Connection, hand_id: int, *, user: User, now: str, rooms: RoomScope) -> HandRecord:
    """The exact re-play of a hand whose misdeal (or void) was carried out, from the ruling's ``redeal`` header."""
    live = load_hand(conn, hand_id, rooms=rooms)
    cancelling = live.cancelling_rulings
    if not cancelling:
        raise ConflictError("error.web.live_hands.only_hand_ruled_misdeal")
    hands = Hands(conn, rooms=rooms)
    existing = hands.replays_of(hand_id)
    if existing:
        return existing[0]
    header = _replay_header(live, cancelling[0])
    hands.close(hand_id, now=now)
    return create_hand(conn, header, user=user, now=now, replay_of=hand_id, room_id=live.record.room_id,
                       rooms=rooms)
