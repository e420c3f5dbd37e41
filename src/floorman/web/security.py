"""Sessions, roles and CSRF: who is asking, and may they.

A session is an HttpOnly, SameSite=Lax cookie holding a random token (Secure when served over TLS);
the database knows only the token's hash. Every form carries the session's CSRF token in a hidden
field, every state-changing API call carries it in the ``X-CSRF-Token`` header, and the login form
(before there is a session) carries a token that must match its own cookie.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from floorman.locale import LANGS
from floorman.storage import Accounts, Role, Session
from floorman.web.i18n import negotiate
from floorman.web.problems import CsrfFailed, LoginRequired, PermissionDenied
from floorman.web.services import services

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "LANG_COOKIE",
    "LOGIN_CSRF_COOKIE",
    "SESSION_COOKIE",
    "PagePost",
    "api_user",
    "clear_session_cookie",
    "current_session",
    "is_secure",
    "login_csrf_token",
    "page_post",
    "page_user",
    "request_locale",
    "set_session_cookie",
    "tokens_match",
]

SESSION_COOKIE = "floorman_session"
LOGIN_CSRF_COOKIE = "floorman_login_csrf"
LANG_COOKIE = "floorman_lang"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def tokens_match(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))


def is_secure(request: Request) -> bool:
    forced = services(request).secure_cookies
    return request.url.scheme == "https" if forced is None else forced


def current_session(request: Request) -> Session | None:
    """The request's session, looked up once per request."""
    if "floorman_session" in request.scope:
        return request.scope["floorman_session"]  # type: ignore[no-any-return]
    token = request.cookies.get(SESSION_COOKIE)
    session = None
    if token:
        svc = services(request)
        with svc.db.connect() as conn:
            session = Accounts(conn).session(token, now=svc.now())
    request.scope["floorman_session"] = session
    return session


def request_locale(request: Request, session: Session | None = None) -> str:
    preferred = session.user.locale if session is not None else None
    if preferred not in LANGS:
        preferred = request.cookies.get(LANG_COOKIE)
    return negotiate(request.headers.get("accept-language"), preferred=preferred)


def set_session_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax", secure=is_secure(request), path="/")


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax", secure=is_secure(request), path="/")


def login_csrf_token(request: Request) -> str:
    """The login form's token: the one in its cookie, or a new one (the caller sets the cookie)."""
    return request.cookies.get(LOGIN_CSRF_COOKIE) or secrets.token_urlsafe(32)


def _require(request: Request, role: Role) -> Session:
    """The session, if its account holds ``role`` in some room, with its reach narrowed to the rooms where it
    does: every store the request makes keeps to them (``Session.reach``), so another room's hand, incident or
    call is not found, as if it were not there, whatever the path names."""
    session = current_session(request)
    if session is None:
        raise LoginRequired
    narrowed = session.at(role)
    if narrowed.reach == ():
        raise PermissionDenied(role)
    return narrowed


def page_user(role: Role = Role.DEALER) -> Callable[[Request], Awaitable[Session]]:
    """A page that needs a login (and this role): the browser goes to the login page otherwise.

    The checks run on the event loop (one indexed read, never a write), not in a worker thread.
    """

    async def dependency(request: Request) -> Session:
        return _require(request, role)

    return dependency


def api_user(role: Role = Role.DEALER) -> Callable[[Request], Awaitable[Session]]:
    """An API call that needs a login (and this role); a state-changing one also needs the CSRF header."""

    async def dependency(request: Request) -> Session:
        session = _require(request, role)
        if request.method in _UNSAFE and not tokens_match(request.headers.get(CSRF_HEADER), session.csrf_token):
            raise CsrfFailed
        return session

    return dependency


@dataclass(frozen=True, slots=True, kw_only=True)
class PagePost:
    """A form posted from a page: whose session, and the fields (the CSRF token already checked)."""

    session: Session
    form: FormData

    def text(self, name: str, default: str = "") -> str:
        value = self.form.get(name)
        return value.strip() if isinstance(value, str) else default

    def fields(self) -> dict[str, str]:
        """The text fields (a field sent twice keeps its last value)."""
        return {key: value for key, value in self.form.multi_items() if isinstance(value, str)}

    def seq(self) -> int:
        raw = self.text("seq")
        return int(raw) if raw.isdigit() else -1


def page_post(role: Role = Role.DEALER) -> Callable[[Request], Awaitable[PagePost]]:
    async def dependency(request: Request) -> PagePost:
        session = _require(request, role)
        form = await request.form()
        token = form.get(CSRF_FIELD)
        if not isinstance(token, str) or not tokens_match(token, session.csrf_token):
            raise CsrfFailed
        return PagePost(session=session, form=form)

    return dependency
