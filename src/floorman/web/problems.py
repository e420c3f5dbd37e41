"""What a request can run into in the web layer itself (the core and the stores have their own)."""

from __future__ import annotations

from floorman.errors import FloormanError
from floorman.locale import Message, say
from floorman.storage.accounts import Role

__all__ = [
    "ConsoleBusy", "CsrfFailed", "InvalidInput", "LoginRequired", "PermissionDenied", "RateLimited", "Refusal",
    "SetupClosed",
]


class Refusal(Exception):
    """A request the web layer itself refuses: a message id of the catalog and its parameters (``what``)."""

    what = Message.of("error.web.internal")

    def __str__(self) -> str:
        return say(self.what)


class LoginRequired(Refusal):
    """No valid session: pages send the browser to the login page, the API answers 401."""

    what = Message.of("error.web.login_required")


class PermissionDenied(Refusal):
    def __init__(self, needed: Role) -> None:
        super().__init__(needed.value)
        self.what = Message.of("error.web.forbidden", role=needed.value)
        self.needed = needed


class CsrfFailed(Refusal):
    what = Message.of("error.web.csrf")


class RateLimited(Refusal):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.what = Message.of("error.web.rate_limited", seconds=retry_after)
        self.retry_after = retry_after


class ConsoleBusy(Refusal):
    """Every ruling worker stayed busy for as long as a ruling may take: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.what = Message.of("error.web.busy", seconds=retry_after)
        self.retry_after = retry_after


class SetupClosed(Refusal):
    """The first-run account form is only for a fresh database, from this computer."""

    what = Message.of("error.web.setup_closed")


class InvalidInput(FloormanError):
    """A form or request value the console cannot use (a seat that is not at the table, a bad amount)."""

    def __init__(self, message: str | Message, /, *, field: str | None = None, **params: object) -> None:
        super().__init__(message, **params)
        self.field = field
