"""What a request can run into in the web layer itself (the core and the stores have their own)."""

from __future__ import annotations

from floorman.errors import FloormanError
from floorman.locale import Message
from floorman.storage.accounts import Role

__all__ = ["CsrfFailed", "InvalidInput", "LoginRequired", "PermissionDenied", "RateLimited", "SetupClosed"]


class LoginRequired(Exception):
    """No valid session: pages send the browser to the login page, the API answers 401."""


class PermissionDenied(Exception):
    def __init__(self, needed: Role) -> None:
        super().__init__(f"this needs the {needed.value} role or higher")
        self.needed = needed


class CsrfFailed(Exception):
    def __init__(self) -> None:
        super().__init__("the form or request did not carry this session's CSRF token: reload the page and try again")


class RateLimited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many failed logins: try again in {retry_after} seconds")
        self.retry_after = retry_after


class SetupClosed(Exception):
    """The first-run account form is only for a fresh database, from this computer."""


class InvalidInput(FloormanError):
    """A form or request value the console cannot use (a seat that is not at the table, a bad amount)."""

    def __init__(self, message: str | Message, /, *, field: str | None = None, **params: object) -> None:
        super().__init__(message, **params)
        self.field = field
