"""What every request handler reaches through ``request.app.state``: the database and the helpers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import cast

from starlette.requests import Request

from floorman.service_limits import LIMITS, ServiceLimits
from floorman.storage import ChainWatch, Database, PasswordHasher, StatsCache
from floorman.web.i18n import Translator
from floorman.web.login_limiter import LoginLimiter
from floorman.web.rendering import PageRenderer

__all__ = ["ConsoleServices", "services"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsoleServices:
    db: Database
    hasher: PasswordHasher
    pages: PageRenderer
    translators: Mapping[str, Translator]
    login_limiter: LoginLimiter
    clock: Callable[[], datetime]
    secure_cookies: bool | None
    """True or False forces the cookies' Secure flag; None sets it when the request came over TLS."""
    chain_watch: ChainWatch = field(default_factory=ChainWatch)
    """The first room's hash chain for the incident log page (checked a step at a time, see ``ChainWatch``)."""
    chain_watches: dict[int, ChainWatch] = field(default_factory=dict)
    """The other rooms' chains, watched once a page has shown them."""
    stats_cache: StatsCache = field(default_factory=StatsCache)
    """The statistics page's counts, kept until an incident or a hand is added."""
    page_again_after: float = 60.0
    """Seconds after which a floor call nobody acknowledged is raised again."""
    stream_seconds: float = 900.0
    """How long one floor-call stream stays open before the browser reconnects (and logs in again)."""
    limits: ServiceLimits = LIMITS
    """What one request may ask (``floorman.service_limits``)."""

    def chain_watch_of(self, room_id: int) -> ChainWatch:
        """The watch over one room's chain."""
        if room_id == self.chain_watch.room_id:
            return self.chain_watch
        return self.chain_watches.setdefault(room_id, ChainWatch(room_id=room_id))

    def now(self) -> datetime:
        return self.clock().astimezone(UTC)

    def stamp(self) -> str:
        return self.now().isoformat(timespec="seconds")


def services(request: Request) -> ConsoleServices:
    return cast(ConsoleServices, request.app.state.services)
