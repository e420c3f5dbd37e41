"""The floor console as an ASGI app: ``create_app(db_path)`` opens (and migrates) the database and
wires the pages, the JSON API, the static assets and the error responses together.

Every response carries the security headers; every request body is held to ``body_bytes`` of the
service's limits (``floorman.service_limits``: a hand log is a few kilobytes), so an oversized post is
refused with 413 before it is read whole.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from floorman.service_limits import LIMITS, OverLimitError, ServiceLimits
from floorman.storage import Database, PasswordHasher, StoreAddress, open_database
from floorman.web.error_responses import describe_error, install_error_handlers
from floorman.web.floor_desk import watch_floor_calls
from floorman.web.i18n import load_translations
from floorman.web.login_limiter import LoginLimiter
from floorman.web.openapi_document import build_document
from floorman.web.params import check_path_ids
from floorman.web.rendering import PageRenderer
from floorman.web.routes import (
    account_pages,
    api_accounts,
    api_drill,
    api_hands,
    api_incidents,
    api_rules,
    drill_pages,
    floor_pages,
    hand_pages,
    incident_pages,
    rule_pages,
    stats_pages,
    what_happened_pages,
)
from floorman.web.ruling_pool import shared_pool
from floorman.web.security import request_locale
from floorman.web.services import ConsoleServices

__all__ = ["CONTENT_SECURITY_POLICY", "MAX_BODY_BYTES", "ConsoleApp", "create_app"]

MAX_BODY_BYTES = LIMITS.body_bytes
"""The largest request body the console reads (``ServiceLimits.body_bytes``)."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
HSTS = b"max-age=31536000"
"""Strict-Transport-Security when the console is served over TLS (``floorman serve --certfile``)."""

_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    """Every response gets the CSP and its friends; nothing but static assets may be cached."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = str(scope.get("path", "")).startswith("/static/")
        tls = scope.get("scheme") == "https"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [h for h in _HEADERS if h[0] not in present]
                if not static and b"cache-control" not in present:
                    headers.append((b"cache-control", b"no-store"))
                if tls:  # served over TLS: browsers keep to https for a year (HSTS)
                    headers.append((b"strict-transport-security", HSTS))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413: at once when Content-Length says so,
    otherwise as soon as the bytes read pass the limit."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    def _refusal(self, received: int) -> OverLimitError:
        return OverLimitError("error.limit.body_bytes", most=self.limit // 1024, got=received // 1024)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            got = int(declared) if declared.isdigit() else self.limit + 1024
            body = describe_error(self._refusal(got), request_locale(Request(scope), None))
            await JSONResponse(body.to_obj(), status_code=413, headers={"Connection": "close"})(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise self._refusal(received)
            return message

        await self.app(scope, limited, send)


class ConsoleApp(FastAPI):
    """The console's app: FastAPI, with the OpenAPI document of ``openapi_document``."""

    def openapi(self) -> dict[str, Any]:
        if not self.openapi_schema:
            self.openapi_schema = build_document(self)
        return self.openapi_schema


def _login_limiter(db: Database, limits: ServiceLimits) -> LoginLimiter:
    """The limiter over the console's own store (shared by every server on it), with ``limits``'s numbers."""
    return LoginLimiter(db, max_failures=limits.login_free_tries, window_seconds=limits.login_window_seconds,
                        max_per_address=limits.login_free_tries_per_address,
                        max_overall=limits.login_free_tries_overall, first_delay=limits.login_first_delay,
                        max_delay=limits.login_max_delay, check_seconds=limits.login_check_seconds)


def _version() -> str:
    try:
        return metadata.version("floorman")
    except metadata.PackageNotFoundError:
        return "dev"


def create_app(
    db_path: str | Path | StoreAddress,
    *,
    secure_cookies: bool | None = None,
    password_cost: int | None = None,
    hasher: PasswordHasher | None = None,
    clock: Callable[[], datetime] | None = None,
    login_limiter: LoginLimiter | None = None,
    page_again_after: float = 60.0,
    stream_seconds: float = 900.0,
    limits: ServiceLimits = LIMITS,
) -> FastAPI:
    """The console over the database ``db_path`` names: an SQLite file or a ``postgresql://`` URL
    (created if need be, and migrated now). A floor call nobody acknowledges is raised again every
    ``page_again_after`` seconds; a floor device's stream is renewed every ``stream_seconds``. What one
    request may ask is held to ``limits``. Passwords are hashed by ``hasher`` (a ``PasswordHasher`` at
    ``password_cost``, or at the default cost, unless told).

    Raises ``StoreUnavailableError`` when the database cannot be written (a read-only file, a full disk):
    a console that cannot record a ruling does not start.
    """
    db = open_database(db_path)
    db.migrate()
    db.check_writable()
    translators = load_translations()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(shared_pool(limits.rule_workers).warm)  # no request waits for a worker to start
        watch = asyncio.create_task(watch_floor_calls(app.state.services))
        try:
            yield
        finally:
            watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watch

    app = ConsoleApp(lifespan=lifespan, dependencies=[Depends(check_path_ids)],
        title="floorman console", version=_version(), openapi_url=None, docs_url=None, redoc_url=None,
        description="Rulings on live-poker dealing irregularities: hands logged at the tables, the floor's "
                    "rulings and the incident log. Log in with POST /api/session, then send the session's "
                    "csrf_token as X-CSRF-Token with every change.",
    )
    app.state.services = ConsoleServices(
        db=db,
        hasher=hasher or (PasswordHasher(cost=password_cost) if password_cost else PasswordHasher()),
        pages=PageRenderer(translators, asset_version=_version()),
        translators=translators,
        login_limiter=login_limiter or _login_limiter(db, limits),
        clock=clock or (lambda: datetime.now(UTC)),
        secure_cookies=secure_cookies,
        page_again_after=page_again_after,
        stream_seconds=stream_seconds,
        limits=limits,
    )
    install_error_handlers(app)
    for module in (api_accounts, api_rules, api_hands, api_incidents, account_pages, hand_pages, incident_pages,
                   rule_pages, stats_pages, what_happened_pages, floor_pages):
        app.include_router(module.router)
    for module in (api_drill, drill_pages):
        app.include_router(module.router)
    static = resources.files("floorman.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.add_middleware(SecurityHeaders)
    return app
