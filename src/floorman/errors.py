"""The errors floorman raises, and only these.

An exception means one thing: *this input cannot be interpreted*. Irregularities in a
hand that was well recorded are never raised; they come back as findings and rulings.

The tree::

    FloormanError                   the root: catch this to catch everything floorman raises
    ├── LogError                    a hand log (or a hand history) cannot be read
    │   ├── LogSyntaxError          not JSON / TOML at all, or not an object
    │   ├── LogFieldError           a field is missing, unknown or has a value the format forbids
    │   └── UnsupportedVariantError a PHH variant floorman's games do not cover
    ├── UnknownRulebookError        no rulebook by that id or alias
    ├── UnknownRuleError            no rule by that id
    └── HouseRulesError             a house-rules file names a switch or value that does not exist

Every message is one line that says where (line, event index, field) and what was expected.

>>> err = LogFieldError("expected a seat number from 1 to 9, got 12", field="seat", event=14)
>>> str(err)
"event 14: field 'seat': expected a seat number from 1 to 9, got 12"
>>> isinstance(err, FloormanError)
True
"""

from __future__ import annotations

import reprlib

__all__ = [
    "MAX_MESSAGE_CHARS",
    "SHOWN_CHARS",
    "FloormanError",
    "HouseRulesError",
    "LogError",
    "LogFieldError",
    "LogSyntaxError",
    "UnknownRuleError",
    "UnknownRulebookError",
    "UnsupportedVariantError",
    "shown",
]

SHOWN_CHARS = 100
"""How much of an offending value an error message repeats (about: a cut value says how long it was)."""

MAX_MESSAGE_CHARS = 400
"""The longest message a ``LogError`` carries; a longer one (a value not passed through ``shown``) is cut."""

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxset = 3, 12, 12, 8, 8
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = SHOWN_CHARS


def shown(value: object) -> str:
    """``value`` as an error message repeats it: its ``repr``, cut to about ``SHOWN_CHARS`` characters.

    >>> shown("seat 3")
    "'seat 3'"
    >>> shown(list(range(1_000_000)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, ...]'
    >>> len(shown("x" * 10_000)) < 120
    True
    """
    text = _REPR.repr(value)
    return text if len(text) <= SHOWN_CHARS + 20 else f"{text[:SHOWN_CHARS]}..."


def _cut(message: str) -> str:
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return f"{message[:MAX_MESSAGE_CHARS - 60]}... (cut: the message held {len(message):,} characters)"


class FloormanError(Exception):
    """The root of every error floorman raises."""


class LogError(FloormanError):
    """A hand log cannot be interpreted.

    ``line`` is the line of a multi-hand file (1-based) when known, ``event`` the index
    in the ``events`` list (0-based) when the problem is inside an event, and ``field``
    the offending field.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        event: int | None = None,
        line: int | None = None,
        source: str | None = None,
    ) -> None:
        self.message = _cut(message)
        self.field = field
        self.event = event
        self.line = line
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        parts: list[str] = []
        if self.source is not None:
            parts.append(self.source)
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.event is not None:
            parts.append(f"event {self.event}")
        if self.field is not None:
            parts.append(f"field {self.field!r}")  # quoted as Python does: a name holding a line break stays on one line
        parts.append(self.message)
        text = ": ".join(parts)
        return text if len(text.splitlines()) <= 1 else repr(text)[1:-1]

    def located(self, *, line: int | None = None, source: str | None = None) -> LogError:
        """The same error with a line number or a file name added."""
        clone = type(self)(
            self.message,
            field=self.field,
            event=self.event,
            line=self.line if line is None else line,
            source=self.source if source is None else source,
        )
        return clone


class LogSyntaxError(LogError):
    """The text is not a JSON (or TOML) object."""


class LogFieldError(LogError):
    """A field is missing, unknown, or holds a value the format does not allow."""


class UnsupportedVariantError(LogError):
    """A hand history names a game variant floorman does not cover."""


class UnknownRulebookError(FloormanError):
    """No rulebook has that id or alias."""


class UnknownRuleError(FloormanError):
    """No rule has that id."""


class HouseRulesError(FloormanError):
    """A house-rules file is malformed or names a switch the rulebook does not have."""
