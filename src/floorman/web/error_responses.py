"""The one place where errors become HTTP responses.

The API answers every error with one JSON shape::

    {"error": {"type": "log_field_error", "message": "event 14: field 'seat': ...",
               "message_id": "error.value.seat", "params": {"seats": 9, "got": "12"}, "event": 14, "field": "seat"}}

A hand log that cannot be read gets the very line ``floorman rule`` prints for it (less the file
name): where (event index, field) and what was expected, in the user's language (their own choice,
else the browser's: ``security.request_locale``). An error of floorman's, and a refusal of the web
layer (a login needed, a role too low), also gives its message id of the catalog and its parameters,
for a client that says it in words of its own; what the web framework words itself gives ``null``.

Pages get the same facts as an HTML page in the user's language; a page that needs a login sends
the browser to the login page instead.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from floorman.errors import (
    FloormanError,
    HouseRulesError,
    LogError,
    LogFieldError,
    LogSyntaxError,
    UnknownRulebookError,
    UnknownRuleError,
    UnsupportedVariantError,
)
from floorman.locale import Message, say
from floorman.service_limits import OverLimitError
from floorman.storage import (
    ConflictError,
    MigrationError,
    NotFoundError,
    StaleSequenceError,
    StoreUnavailableError,
    UnstorableTextError,
)
from floorman.web.page_context import render_page
from floorman.web.problems import (
    ConsoleBusy,
    CsrfFailed,
    InvalidInput,
    LoginRequired,
    PermissionDenied,
    RateLimited,
    Refusal,
    SetupClosed,
)
from floorman.web.security import current_session, request_locale

__all__ = ["ErrorBody", "describe_error", "install_error_handlers"]

log = logging.getLogger("floorman.web")

_FLOORMAN: tuple[tuple[type[FloormanError], int, str], ...] = (
    (LogSyntaxError, 400, "log_syntax_error"),
    (UnsupportedVariantError, 422, "unsupported_variant"),
    (LogFieldError, 422, "log_field_error"),
    (LogError, 422, "log_error"),
    (UnknownRulebookError, 422, "unknown_rulebook"),
    (UnknownRuleError, 404, "unknown_rule"),
    (HouseRulesError, 422, "house_rules_error"),
    (InvalidInput, 422, "invalid_input"),
    (OverLimitError, 422, "over_limit"),
    (NotFoundError, 404, "not_found"),
    (StaleSequenceError, 409, "stale_sequence"),
    (ConflictError, 409, "conflict"),
    (MigrationError, 500, "migration_error"),
    (StoreUnavailableError, 503, "store_unavailable"),
    (UnstorableTextError, 422, "invalid_text"),
    (FloormanError, 422, "floorman_error"),
)
_REFUSALS: tuple[tuple[type[Refusal], int, str], ...] = (
    (LoginRequired, 401, "login_required"), (PermissionDenied, 403, "forbidden"), (CsrfFailed, 403, "csrf_failed"),
    (RateLimited, 429, "rate_limited"), (SetupClosed, 403, "setup_closed"), (ConsoleBusy, 503, "busy"),
)
"""The web layer's own refusals: each says a message id of the catalog (``error.web.*``)."""
_HTTP_TYPES = {400: "bad_request", 401: "login_required", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type",
               422: "invalid_request", 429: "rate_limited"}


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorBody:
    status: int
    type: str
    message: str
    message_id: str | None = None
    params: dict[str, Any] | None = None
    event: int | None = None
    field: str | None = None
    headers: dict[str, str] = dataclasses.field(default_factory=dict)
    located: bool = False
    """The message itself already names the event and the field."""

    def to_obj(self) -> dict[str, Any]:
        return {"error": {"type": self.type, "message": self.message, "message_id": self.message_id,
                          "params": self.params, "event": self.event, "field": self.field}}


def _validation(exc: RequestValidationError) -> ErrorBody:
    errors = exc.errors()
    first = errors[0] if errors else {}
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path")]
    message = str(first.get("msg", "the request is not valid"))
    return ErrorBody(status=422, type="invalid_request", message=message, field=".".join(loc) or None)


def describe_error(exc: Exception, lang: str = "en") -> ErrorBody:
    """The status, type and message for any error a request can end in; an error of floorman's said in ``lang``."""
    if isinstance(exc, FloormanError):
        status, kind = next((s, k) for cls, s, k in _FLOORMAN if isinstance(exc, cls))
        if isinstance(exc, LogError):  # the line the command line prints, without the file name
            return ErrorBody(status=status, type=kind, message=exc.say(lang, with_source=False), event=exc.event,
                             field=exc.field, located=True, message_id=exc.message_id, params=exc.params)
        field = exc.field if isinstance(exc, (InvalidInput, OverLimitError)) else None
        if isinstance(exc, OverLimitError) and exc.is_size:  # a size in bytes: 413, as for a body too large
            status, kind = 413, "too_large"
        return ErrorBody(status=status, type=kind, message=exc.say(lang), field=field, message_id=exc.message_id,
                         params=exc.params)
    if isinstance(exc, Refusal):
        status, kind = next((s, k) for cls, s, k in _REFUSALS if isinstance(exc, cls))
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, (RateLimited, ConsoleBusy)) else {}
        return ErrorBody(status=status, type=kind, message=say(exc.what, lang), message_id=exc.what.id,
                         params=dict(exc.what.params), headers=headers)
    if isinstance(exc, RequestValidationError):
        return _validation(exc)
    if isinstance(exc, StarletteHTTPException):
        return ErrorBody(status=exc.status_code, type=_HTTP_TYPES.get(exc.status_code, "http_error"),
                         message=str(exc.detail), headers=dict(exc.headers or {}))
    what = Message.of("error.web.internal")
    return ErrorBody(status=500, type="internal_error", message=say(what, lang), message_id=what.id, params={})


async def _respond(request: Request, exc: Exception) -> Response:
    body = describe_error(exc, request_locale(request, request.scope.get("floorman_session")))
    if isinstance(exc, StoreUnavailableError):  # one clear line: the cause is known, a traceback adds nothing
        log.warning("%s %s refused: %s", request.method, request.url.path, exc)
    elif body.status >= 500:
        log.error("error on %s %s", request.method, request.url.path, exc_info=exc)
    if request.url.path.startswith("/api/") or request.url.path == "/api":
        return JSONResponse(body.to_obj(), status_code=body.status, headers=body.headers)
    if isinstance(exc, LoginRequired):
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"/login?next={quote(target, safe='')}", status_code=303)
    session = None if isinstance(exc, SetupClosed) else current_session(request)
    response = render_page(request, session, "error.html", status=body.status, error=body)
    response.headers.update(body.headers)
    return response


def install_error_handlers(app: FastAPI) -> None:
    for kind in (FloormanError, LoginRequired, PermissionDenied, CsrfFailed, RateLimited, SetupClosed, ConsoleBusy,
                 RequestValidationError, StarletteHTTPException, Exception):
        app.add_exception_handler(kind, _respond)
