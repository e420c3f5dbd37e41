"""Logging in and out, the first account on a new database, the language, and the users (directors)."""

from __future__ import annotations

import ipaddress
import logging
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from floorman.locale import LANGS
from floorman.storage import AccountAdmin, Accounts, ConflictError, NotFoundError, Role, Session, User
from floorman.web.page_context import redirect, render_page
from floorman.web.params import RecordId
from floorman.web.problems import CsrfFailed, RateLimited, SetupClosed
from floorman.web.security import (
    CSRF_FIELD,
    LANG_COOKIE,
    LOGIN_CSRF_COOKIE,
    SESSION_COOKIE,
    PagePost,
    clear_session_cookie,
    current_session,
    is_secure,
    login_csrf_token,
    page_post,
    page_user,
    request_locale,
    set_session_cookie,
    tokens_match,
)
from floorman.web.services import ConsoleServices, services

__all__ = ["client_address", "log_in", "router", "safe_next"]

log = logging.getLogger("floorman.web")
router = APIRouter(include_in_schema=False)

Director = Annotated[Session, Depends(page_user(Role.DIRECTOR))]
DirectorPost = Annotated[PagePost, Depends(page_post(Role.DIRECTOR))]


def safe_next(target: str | None) -> str:
    """Only a path on this site (never another host) is a place to go after logging in."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _is_loopback(request: Request) -> bool:
    try:
        return ipaddress.ip_address(client_address(request)).is_loopback
    except ValueError:
        return client_address(request) in ("testclient", "localhost")


def log_in(svc: ConsoleServices, address: str, username: str, password: str) -> tuple[str, Session] | None:
    """Check the password; a new session token, or None.

    The attempt is counted before the password is checked (``LoginLimiter.begin``: a burst of wrong
    passwords gets no more checks than the free tries), and the password is checked (scrypt) outside
    any write transaction: a burst of logins never holds up the tables' appends.
    """
    wait = svc.login_limiter.begin(address, username)
    if wait:
        raise RateLimited(wait)
    with svc.db.connect() as conn:
        accounts = Accounts(conn, svc.hasher)
        user = accounts.authenticate(username, password)
        if user is None:
            svc.login_limiter.failed(address, username)
            if accounts.find(username) is not None:
                log.warning("failed login for user %r from %s", username[:64], address)
            else:  # what was typed may be a password in the wrong field: it is not written down
                log.warning("failed login for an unknown user name from %s", address)
            return None
        upgraded = accounts.new_hash_if_due(user.id, password)
    svc.login_limiter.succeed(address, username)
    with svc.db.transaction() as conn:
        accounts = Accounts(conn, svc.hasher)
        if upgraded is not None:
            accounts.store_hash(user.id, upgraded)
        accounts.purge_expired(now=svc.now())
        return accounts.open_session(user, now=svc.now())


def _login_page(request: Request, *, error: str = "", status: int = 200, next_path: str = "/") -> Response:
    svc = services(request)
    with svc.db.connect() as conn:
        first_run = Accounts(conn).count() == 0
    token = login_csrf_token(request)
    response = render_page(request, None, "login.html", error=error, status=status, login_csrf=token,
                           next_path=safe_next(next_path), first_run=first_run and _is_loopback(request))
    response.set_cookie(LOGIN_CSRF_COOKIE, token, httponly=True, samesite="lax", secure=is_secure(request), path="/")
    return response


@router.get("/login")
async def login_form(request: Request, next: str = "/") -> Response:
    if current_session(request) is not None:
        return redirect(safe_next(next))
    return _login_page(request, next_path=next)


async def _anonymous_form(request: Request) -> dict[str, str]:
    form = await request.form()
    fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    if not tokens_match(fields.get(CSRF_FIELD), request.cookies.get(LOGIN_CSRF_COOKIE)):
        raise CsrfFailed
    return fields


@router.post("/login")
async def login(request: Request) -> Response:
    fields = await _anonymous_form(request)
    svc = services(request)
    username = fields.get("username", "").strip()
    try:
        opened = await run_in_threadpool(log_in, svc, client_address(request), username, fields.get("password", ""))
    except RateLimited as exc:
        t = svc.translators[_locale(request)]
        message = t.gettext("console.account.too_many_failed_logins_try_again") % {"seconds": exc.retry_after}
        response = _login_page(request, error=message, status=429, next_path=fields.get("next", "/"))
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    if opened is None:
        t = svc.translators[_locale(request)]
        return _login_page(request, error=t.gettext("console.account.wrong_user_name_or_password"), status=401,
                           next_path=fields.get("next", "/"))
    token, session = opened
    response = redirect(safe_next(fields.get("next")))
    set_session_cookie(response, request, token)
    if session.user.locale:
        response.set_cookie(LANG_COOKIE, session.user.locale, samesite="lax", secure=is_secure(request),
                            max_age=365 * 86400)
    return response


def _locale(request: Request) -> str:
    return request_locale(request, None)


@router.post("/logout")
def logout(request: Request, post: Annotated[PagePost, Depends(page_post(Role.DEALER))]) -> Response:
    token = request.cookies.get(SESSION_COOKIE, "")
    with services(request).db.transaction() as conn:
        Accounts(conn).close_session(token)
    response = redirect("/login", notice="logged_out")
    clear_session_cookie(response, request)
    return response


@router.get("/setup")
def first_account_form(request: Request) -> Response:
    return redirect("/login")


@router.post("/setup")
async def first_account(request: Request) -> Response:
    """The director account of a new database, created from this computer only."""
    fields = await _anonymous_form(request)
    svc = services(request)
    if not _is_loopback(request):
        raise SetupClosed
    username, password = fields.get("username", "").strip(), fields.get("password", "")
    try:
        with svc.db.transaction() as conn:
            accounts = Accounts(conn, svc.hasher)
            if accounts.count() > 0:
                raise SetupClosed
            accounts.add(username, password, Role.DIRECTOR, now=svc.stamp())
    except ConflictError as exc:
        return _login_page(request, error=exc.say(request_locale(request)), status=422)
    opened = await run_in_threadpool(log_in, svc, client_address(request), username, password)
    response = redirect("/")
    if opened is not None:
        set_session_cookie(response, request, opened[0])
    return response


@router.post("/language")
async def choose_language(request: Request) -> Response:
    """The language switch in every page's header (the login page's form carries the login token)."""
    form = await request.form()
    fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
    session = current_session(request)
    expected = session.csrf_token if session is not None else request.cookies.get(LOGIN_CSRF_COOKIE)
    if not tokens_match(fields.get(CSRF_FIELD), expected):
        raise CsrfFailed
    locale = fields.get("locale", "")
    if locale not in LANGS:
        locale = "en"
    if session is not None:
        with services(request).db.transaction() as conn:
            Accounts(conn).set_locale(session.user.id, locale)
    response = redirect(safe_next(fields.get("next")))
    response.set_cookie(LANG_COOKIE, locale, samesite="lax", secure=is_secure(request), max_age=365 * 86400)
    return response


def _users_page(request: Request, session: Session, *, error: str = "", status: int = 200) -> Response:
    svc = services(request)
    with svc.db.connect() as conn:
        users = AccountAdmin(Accounts(conn), session.user).all()
    slowed = {u.id for u in users if svc.login_limiter.slowed(u.username)}
    return render_page(request, session, "users.html", active="users", users=users, roles=[r.value for r in Role],
                       slowed=slowed, error=error, status=status, here="/users")


@router.get("/users")
async def users_page(request: Request, session: Director) -> Response:
    return _users_page(request, session)


def _change_user(svc: ConsoleServices, me: User, fields: dict[str, str], user_id: int | None) -> None:
    with svc.db.transaction() as conn:
        admin = AccountAdmin(Accounts(conn, svc.hasher), me)
        if user_id is None:
            admin.add(fields.get("username", ""), fields.get("password", ""),
                      Role(fields.get("role", "dealer")), now=svc.stamp())
            return
        target = admin.get(user_id)
        role = fields.get("role")
        if role and (role != target.role.value or any(held.value != role for _, held in target.rooms)):
            admin.set_role(user_id, Role(role))
        if fields.get("active") in ("0", "1"):
            admin.set_active(user_id, fields["active"] == "1")
        if fields.get("password"):
            admin.set_password(user_id, fields["password"])


@router.post("/users")
def add_user(request: Request, post: DirectorPost) -> Response:
    try:
        if post.text("role") not in {r.value for r in Role}:
            raise ConflictError("error.routes.account_pages.choose_role_dealer_floor")
        _change_user(services(request), post.session.user, post.fields(), None)
    except ConflictError as exc:
        return _users_page(request, post.session, error=exc.say(request_locale(request, post.session)), status=409)
    return redirect("/users", notice="user_saved")


@router.post("/users/{user_id}")
def change_user(request: Request, post: DirectorPost, user_id: RecordId) -> Response:
    try:
        if post.text("role") and post.text("role") not in {r.value for r in Role}:
            raise ConflictError("error.routes.account_pages.choose_role_dealer_floor")
        _change_user(services(request), post.session.user, post.fields(), user_id)
    except (ConflictError, NotFoundError) as exc:
        status = 404 if isinstance(exc, NotFoundError) else 409
        return _users_page(request, post.session, error=exc.say(request_locale(request, post.session)), status=status)
    return redirect("/users", notice="user_saved")


@router.post("/users/{user_id}/unlock")
def unlock_user(request: Request, post: DirectorPost, user_id: RecordId) -> Response:
    """Forget an account's failed logins from every address: it logs in again at once (a director's decision)."""
    svc = services(request)
    try:
        with svc.db.connect() as conn:
            target = AccountAdmin(Accounts(conn), post.session.user).get(user_id)
    except NotFoundError as exc:
        return _users_page(request, post.session, error=exc.say(request_locale(request, post.session)), status=404)
    svc.login_limiter.unlock(target.username)
    log.info("failed logins of %r forgotten by %r", target.username[:64], post.session.user.username[:64])
    return redirect("/users", notice="user_unlocked")
