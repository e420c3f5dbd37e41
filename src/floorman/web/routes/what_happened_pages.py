"""The floor at a table where nobody logged the hand: "what happened" in a few taps, the ruling shown, then Confirm.

The table comes from its last hand (carried over by the rotation, as "Next hand" does): its button, level and
players are shown and each is corrected in one tap. "Rule on it" rules on the draft (the answers and the
corrections, a reconstructed hand log, ``floorman.web.what_happened``) and shows the ruling; nothing is stored.
Going back to change an answer changes the draft, not the table. Only Confirm files the hand (with the floor call
at its end and the ruling recorded) and moves the table on; a draft is filed once: its token is kept in the filed
hand's header, and a draft whose table has moved on since its last hand is refused.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.engine.hand import rule
from floorman.errors import LogError
from floorman.fold.table import Family
from floorman.formats import handlog
from floorman.law.rulebooks import find_rulebook
from floorman.storage import ConflictError, Connection, HandRecord, Hands, Role, Session
from floorman.web import live_hands
from floorman.web.error_responses import describe_error
from floorman.web.live_view import carried_words, game_text, level_text
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.problems import InvalidInput
from floorman.web.ruling_view import ruling_view
from floorman.web.security import PagePost, page_post, page_user, request_locale
from floorman.web.services import services
from floorman.web.table_setup import TableSetup, carried_over, next_blinds
from floorman.web.told_facts import told_record, told_words
from floorman.web.what_happened import (
    CARRIED_LEVEL_FIELDS,
    MAX_ACTED,
    Account,
    CarriedFacts,
    account_from_form,
    card_choices,
    carried_facts,
    corrected_setup,
    mishaps_for,
    reconstructed_log,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
Floor = Annotated[Session, Depends(page_user(Role.FLOOR))]
FloorPost = Annotated[PagePost, Depends(page_post(Role.FLOOR))]

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_ANSWERS = ("mishap", "seat", "card", "street", "acted", "chips_in", "note", "button", "players_told",
            *(f"level_{name}" for name in CARRIED_LEVEL_FIELDS))
_FILED_LOOKBACK = 50
"""How many of a table's latest hands are searched for the one a draft was filed as."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Draft:
    """What the floor has told so far: the answers and corrections, the hand they carry over from (``base``) and
    the draft's token. It lives in the pages' forms only."""

    table: str
    token: str
    base: int | None
    fields: Mapping[str, str]
    dealt: tuple[str, ...] | None

    @classmethod
    def of(cls, fields: Mapping[str, str], dealt: Sequence[str]) -> Draft:
        """The draft a form or a link carries (a new token when it has none)."""
        token = fields.get("draft", "").strip()
        if token and not _TOKEN.fullmatch(token):
            raise InvalidInput("error.routes.what_happened_pages.draft_token", field="draft")
        base = fields.get("base", "").strip()
        return cls(table=fields.get("table", ""), token=token or secrets.token_urlsafe(16),
                   base=int(base) if base.isascii() and base.isdigit() else None, fields=dict(fields),
                   dealt=tuple(dealt) if fields.get("players_told") else None)

    @classmethod
    def posted(cls, post: PagePost) -> Draft:
        return cls.of(post.fields(), [v for v in post.form.getlist("dealt") if isinstance(v, str)])

    @classmethod
    def linked(cls, request: Request) -> Draft:
        return cls.of(dict(request.query_params), request.query_params.getlist("dealt"))

    def hidden(self) -> list[tuple[str, str]]:
        """The draft as form fields (the ruling's address, and its Confirm and Back carry it)."""
        pairs = [("table", self.table), ("draft", self.token), ("base", str(self.base or ""))]
        pairs += [(name, self.fields[name]) for name in _ANSWERS if self.fields.get(name)]
        pairs += [("dealt", seat) for seat in self.dealt or ()]
        return pairs

    def query(self) -> str:
        return urlencode(self.hidden())


@dataclass(frozen=True, slots=True, kw_only=True)
class Told:
    """A draft made into the hand it would file: the table it rests on and the reconstructed log."""

    last: HandRecord
    setup: TableSetup
    facts: CarriedFacts
    header: dict[str, Any]
    account: Account


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


def _filed(conn: Connection, draft: Draft, session: Session) -> HandRecord | None:
    """The hand this draft was filed as, if it was (its token is in the hand's header)."""
    for hand in Hands(conn, rooms=session.reach).recent(table_name=draft.table, limit=_FILED_LOOKBACK):
        if hand.header.get("_draft") == draft.token:
            return hand
    return None


def _told(conn: Connection, draft: Draft, session: Session) -> Told:
    """The hand the draft would file, carried over from the table's last hand, which must still be the draft's."""
    last = _last_hand(conn, draft.table, session)
    if draft.base is not None and draft.base != last.id:
        raise ConflictError("error.routes.what_happened_pages.table_moved_on", table=repr(draft.table))
    carried = _carried_over(conn, last, session)
    setup = corrected_setup(carried, draft.fields, draft.dealt)
    spec = handlog.from_obj(setup.header()).spec
    account = account_from_form(draft.fields, seats=setup.seats, hole_cards=spec.hole_cards, game=spec)
    header = reconstructed_log(setup.header(), account)
    facts = carried_facts(carried, setup)
    header["_carried_over"] = facts.obj()
    header["_draft"] = draft.token
    return Told(last=last, setup=setup, facts=facts, header=header, account=account)


def _page(request: Request, session: Session, table: str, *, form: Mapping[str, str] | None = None,
          dealt: Sequence[str] | None = None, token: str = "", error: str = "", status: int = 200) -> Response:
    """The "what happened" form, on the table's last hand as it is now (a new draft unless ``token`` is kept)."""
    t = translator_for(request, session)
    with services(request).db.connect() as conn:
        last = _last_hand(conn, table, session)
        setup = _carried_over(conn, last, session)
    log = handlog.from_obj({**setup.header(), "events": []})
    entitled = [p.seat for p in setup.players if p.status != "waiting"]
    level_fields = [(name, setup.level.get(name, 0)) for name in CARRIED_LEVEL_FIELDS
                    if name == "number" or setup.level.get(name)]
    told = form or {}
    token = token or secrets.token_urlsafe(16)
    kept = Draft(table=table, token=token, base=None, fields=told, dealt=None if dealt is None else tuple(dealt))
    family = log.spec.family
    offered = mishaps_for(family)
    return render_page(
        request, session, "what_happened.html", active="tables", setup=setup, level=level_text(log.level, t),
        game=game_text(log.game, log.effective_structure, t),
        seats=[p.seat for p in setup.players], mishaps=[m.value for m in offered],
        seated=[m.value for m in offered if m.needs_seat], carded=[m.value for m in offered if m.names_card],
        own_street=[m.value for m in offered if m.asks_street(family)],
        board_only=[m.value for m in offered if m.after_the_first_street], streets=[s.value for s in log.spec.streets],
        cards=card_choices(log.spec), counts=list(range(min(MAX_ACTED, len(setup.players)) + 1)),
        form=form or {}, error=error, status=status, blinds=next_blinds(setup),
        table_seats=list(range(1, setup.seats + 1)), stud=family is Family.STUD,
        dealt=[int(s) for s in dealt if s.isdigit()] if dealt is not None else entitled,
        level_fields=level_fields,
        level_changed=any(told.get(f"level_{n}", str(v)) not in ("", str(v)) for n, v in level_fields),
        draft=token, base=last.id, here=f"/what-happened?{kept.query()}",
    )


def _no_draft(table: str) -> Draft:
    return Draft(table=table, token="", base=None, fields={}, dealt=None)


def _form_again(request: Request, session: Session, draft: Draft, exc: Exception) -> Response:
    """The form again with the error; a draft whose table moved on starts afresh on the table as it is now."""
    body = describe_error(exc, request_locale(request, session))
    keep = draft.token if not isinstance(exc, ConflictError) else ""
    return _page(request, session, draft.table, form=draft.fields, dealt=draft.dealt, token=keep,
                 error=body.message, status=body.status)


@router.get("/what-happened")
async def what_happened_page(request: Request, session: Floor, table: str = "") -> Response:
    """The form; with a draft in its address (Back from the ruling), the draft's answers to change."""
    if "draft" not in request.query_params:
        return _page(request, session, table)
    try:
        draft = Draft.linked(request)
    except InvalidInput:
        return _page(request, session, table)
    return _page(request, session, draft.table, form=draft.fields, dealt=draft.dealt, token=draft.token)


@router.post("/what-happened")
def what_happened(request: Request, post: FloorPost) -> Response:
    """Rule on it: the answers checked, then the ruling on the draft at its own address; nothing is stored."""
    try:
        draft = Draft.posted(post)
    except InvalidInput as exc:
        return _form_again(request, post.session, _no_draft(post.text("table")), exc)
    try:
        with services(request).db.connect() as conn:
            filed = _filed(conn, draft, post.session)
            if filed is not None:
                return redirect(f"/hands/{filed.id}", notice="already_filed")
            told = _told(conn, draft, post.session)
    except (InvalidInput, LogError, ConflictError) as exc:
        return _form_again(request, post.session, draft, exc)
    return redirect(f"/what-happened/ruling?{replace(draft, base=told.last.id).query()}")


@router.get("/what-happened/ruling")
def draft_ruling(request: Request, session: Floor) -> Response:
    """The ruling on a draft, with Confirm and Back; nothing is stored. A draft filed already leads to its hand."""
    try:
        draft = Draft.linked(request)
    except InvalidInput as exc:
        return _form_again(request, session, _no_draft(request.query_params.get("table", "")), exc)
    return _ruling_page(request, session, draft)


def _ruling_page(request: Request, session: Session, draft: Draft, *, error: str = "",
                 status: int = 200) -> Response:
    t = translator_for(request, session)
    try:
        with services(request).db.connect() as conn:
            filed = _filed(conn, draft, session)
            if filed is not None:
                return redirect(f"/hands/{filed.id}", notice="already_filed")
            told = _told(conn, draft, session)
    except (InvalidInput, LogError, ConflictError) as exc:
        return _form_again(request, session, draft, exc)
    log = handlog.from_obj(told.header)
    book = find_rulebook(log.rulebook)
    result = rule(log, rulebook=book)
    ruling = result.rulings[-1] if result.rulings else result.ruling
    record = told_record(told.header, told.account, told.facts, book=book)
    return render_page(
        request, session, "what_happened_ruling.html", active="tables", setup=told.setup,
        level=level_text(log.level, t), game=game_text(log.game, log.effective_structure, t),
        omits=sorted(o.value for o in log.omits), r=ruling_view(ruling, book, t), hidden=draft.hidden(),
        back=f"/what-happened?{draft.query()}", carried=carried_words(told.facts.obj(), t), error=error,
        status=status, here=f"/what-happened/ruling?{draft.query()}",
        told=told_words(record.obj(), t, substantial_action=ruling.substantial_action),
    )


@router.post("/what-happened/confirm")
def confirm(request: Request, post: FloorPost) -> Response:
    """Confirm: the draft is filed as the table's hand with the ruling confirmed (or overridden), once."""
    svc = services(request)
    user = post.session.user
    try:
        draft = Draft.posted(post)
    except InvalidInput as exc:
        return _form_again(request, post.session, _no_draft(post.text("table")), exc)
    try:
        if draft.base is None or not post.text("draft"):
            raise InvalidInput("error.routes.what_happened_pages.draft_token", field="draft")
        override = post.text("verdict") if post.text("decision") == "override" else ""
        with svc.db.transaction() as conn:
            filed = _filed(conn, draft, post.session)
            if filed is not None:
                return redirect(f"/hands/{filed.id}", notice="already_filed")
            told = _told(conn, draft, post.session)
            record = told_record(told.header, told.account, told.facts,
                                 book=find_rulebook(handlog.from_obj(told.header).rulebook))
            if told.last.closed_at is None:
                Hands(conn, rooms=post.session.reach).close(told.last.id, now=svc.stamp())
            hand = live_hands.create_hand(conn, told.header, user=user, now=svc.stamp(),
                                         room_id=told.last.room_id, rooms=post.session.reach)
            outcome = live_hands.record_ruling(
                conn, hand.id, expected_seq=len(told.header["events"]), user=user, now=svc.stamp(),
                override_verdict=override or None, override_reason=post.text("reason"),
                note=post.text("incident_note"), replay=post.text("replay") == "yes", rooms=post.session.reach,
                told=record.obj())
    except InvalidInput as exc:
        if exc.field in ("verdict", "reason"):  # the floor's override, said again on the ruling
            body = describe_error(exc, request_locale(request, post.session))
            return _ruling_page(request, post.session, draft, error=body.message, status=body.status)
        return _form_again(request, post.session, draft, exc)
    except (LogError, ConflictError) as exc:
        return _form_again(request, post.session, draft, exc)
    if outcome.replay is not None:
        return redirect(f"/hands/{outcome.replay.id}", notice="replay_started")
    return redirect(f"/hands/{hand.id}", notice="ruling_recorded")
