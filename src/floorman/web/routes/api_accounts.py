"""Logging in over the API, the users (directors), and the OpenAPI document."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from floorman.locale import LANGS
from floorman.storage import AccountAdmin, Accounts, Role, Session, User
from floorman.storage.rooms import Rooms
from floorman.web.params import RecordId
from floorman.web.problems import InvalidInput, LoginRequired
from floorman.web.routes.account_pages import client_address, log_in
from floorman.web.security import SESSION_COOKIE, api_user, clear_session_cookie, set_session_cookie
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["accounts"])
Dealer = Annotated[Session, Depends(api_user(Role.DEALER))]
Director = Annotated[Session, Depends(api_user(Role.DIRECTOR))]


class Login(BaseModel):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=1024)


class NewUser(BaseModel):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=8, max_length=1024)
    role: Role
    rooms: list[str] = Field(default_factory=list, max_length=100,
                             description="The short names of the rooms the account works in, with its role in each; "
                                         "none: the rooms of the director who adds it (the group director's: "
                                         "every room). Only rooms the director directs.")


class UserChange(BaseModel):
    role: Role | None = None
    active: bool | None = None
    password: str | None = Field(default=None, min_length=8, max_length=1024)
    locale: str | None = Field(default=None, pattern=f"^({'|'.join(LANGS)})$")


def user_obj(user: User) -> dict[str, Any]:
    return {"id": user.id, "username": user.username, "role": user.role.value, "locale": user.locale,
            "active": user.active, "created_at": user.created_at,
            "rooms": [{"room_id": room, "role": role.value} for room, role in user.rooms]}


@router.post("/session", summary="Log in: sets the session cookie; send csrf_token back as X-CSRF-Token.")
async def open_session(request: Request, body: Login) -> Response:
    svc = services(request)
    opened = await run_in_threadpool(log_in, svc, client_address(request), body.username, body.password)
    if opened is None:
        raise LoginRequired
    token, session = opened
    response = JSONResponse({"user": user_obj(session.user), "csrf_token": session.csrf_token,
                             "expires_at": session.expires_at})
    set_session_cookie(response, request, token)
    return response


@router.get("/session", summary="Who is logged in, and the CSRF token to send with changes.")
async def get_session(session: Dealer) -> dict[str, Any]:
    return {"user": user_obj(session.user), "csrf_token": session.csrf_token, "expires_at": session.expires_at}


@router.delete("/session", summary="Log out.")
def close_session(request: Request, session: Dealer) -> Response:
    with services(request).db.transaction() as conn:
        Accounts(conn).close_session(request.cookies.get(SESSION_COOKIE, ""))
    response = JSONResponse({"ok": True})
    clear_session_cookie(response, request)
    return response


def _admin(accounts: Accounts, session: Session) -> AccountAdmin:
    return AccountAdmin(accounts, session.user)


@router.get("/users", tags=["users"], summary="The accounts the director administers: every account for the "
                                               "group director, the accounts of their rooms for a room's.")
async def list_users(request: Request, session: Director) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        return {"users": [user_obj(u) for u in _admin(Accounts(conn), session).all()]}


@router.post("/users", tags=["users"], status_code=201,
             summary="Add an account in the director's rooms, or in rooms they direct (directors).")
def add_user(request: Request, session: Director, body: NewUser) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        admin = _admin(Accounts(conn, svc.hasher), session)
        return user_obj(admin.add(body.username, body.password, body.role, now=svc.stamp(),
                                  rooms=_directed_rooms(Rooms(conn), admin, body.rooms)))


def _directed_rooms(rooms: Rooms, admin: AccountAdmin, slugs: list[str]) -> tuple[int, ...]:
    """The ids of the rooms named, each one the director directs (else a 422 naming it)."""
    ids = []
    for slug in slugs:
        room = rooms.find(slug)
        if room is None or (admin.directed is not None and room.id not in admin.directed):
            raise InvalidInput("error.routes.api_accounts.room_not_directed", field="rooms", slug=repr(slug[:40]))
        ids.append(room.id)
    return tuple(dict.fromkeys(ids))


@router.patch("/users/{user_id}", tags=["users"], summary="Change a role, switch an account off or on, "
                                                         "set a password or a language (directors).")
def change_user(request: Request, session: Director, user_id: RecordId, body: UserChange) -> dict[str, Any]:
    svc = services(request)
    with svc.db.transaction() as conn:
        admin = _admin(Accounts(conn, svc.hasher), session)
        target = admin.get(user_id)
        if body.role is not None and (body.role is not target.role or any(
                role is not body.role for _, role in target.rooms)):
            admin.set_role(user_id, body.role)
        if body.active is not None:
            if not body.active and user_id == session.user.id:
                raise InvalidInput("error.accounts.own_account", field="active")
            admin.set_active(user_id, body.active)
        if body.password is not None:
            admin.set_password(user_id, body.password)
        if body.locale is not None:
            admin.set_locale(user_id, body.locale)
        return user_obj(admin.get(user_id))


@router.post("/users/{user_id}/unlock", tags=["users"], summary="Forget an account's failed logins from every "
                                                               "address, so that it logs in again at once (directors).")
def unlock_user(request: Request, session: Director, user_id: RecordId) -> dict[str, Any]:
    svc = services(request)
    with svc.db.connect() as conn:
        target = _admin(Accounts(conn), session).get(user_id)
    return {"user": user_obj(target), "unlocked": svc.login_limiter.unlock(target.username)}


@router.get("/openapi.json", tags=["meta"], summary="This API's OpenAPI document.")
async def openapi_document(request: Request, session: Dealer) -> dict[str, Any]:
    document: dict[str, Any] = request.app.openapi()
    return document
