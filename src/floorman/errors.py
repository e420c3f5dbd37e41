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
    ├── HouseRulesError             a house-rules file names a switch or value that does not exist
    ├── OutputError                 what a command writes cannot be written (a full disk, a pipe nobody reads)
    └── MessageError                a JSON-RPC message to ``floorman mcp`` is not a request, a notification or a
                                    response

An error holds no sentence: it carries a message id of the one gettext catalog (``error.*``) and its
parameters (``what``), and the edge says it in the reader's language (``say``). Parameters that come
from the input (a field's name, the offending value as ``shown`` repeats it) are said as they are; the
words around them are the catalog's. ``str(err)`` is the English line. Every message is one line that
says where (line, event index, field) and what was expected.

>>> err = LogFieldError("error.value.seat", field="seat", event=14, seats=9, got=shown(12))
>>> str(err)
"event 14: field 'seat': expected a seat number from 1 to 9, got 12"
>>> err.say("vi")
"sự kiện 14: trường 'seat': cần số ghế từ 1 đến 9, nhận được 12"
>>> err.message_id, err.params
('error.value.seat', {'seats': 9, 'got': '12'})
>>> isinstance(err, FloormanError)
True
"""

from __future__ import annotations

import reprlib
from typing import Any

from floorman.locale import Message, catalog_ids, lang_of, say

__all__ = [
    "MAX_MESSAGE_CHARS",
    "SHOWN_CHARS",
    "FloormanError",
    "HouseRulesError",
    "LogError",
    "LogFieldError",
    "LogSyntaxError",
    "MessageError",
    "OutputError",
    "UnknownRuleError",
    "UnknownRulebookError",
    "UnsupportedVariantError",
    "shown",
]

SHOWN_CHARS = 100
"""How much of an offending value an error message repeats (about: a cut value says how long it was)."""

MAX_MESSAGE_CHARS = 400
"""The longest message an error says; a longer one (a value not passed through ``shown``) is cut."""

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


def _cut(message: str, lang: str) -> str:
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return say(Message.of("error.cut", text=message[:MAX_MESSAGE_CHARS - 60], length=len(message)), lang)


SOURCE_CHARS = 300
"""The most of a file's name an error line repeats (a longer one keeps its start and its end)."""


def _cut_name(name: str) -> str:
    """A file's name as an error line repeats it: at most about ``SOURCE_CHARS`` characters.

    >>> len(_cut_name("day2/" * 1000 + "hand.json")), _cut_name("day2/" * 1000 + "hand.json")[-12:]
    (303, 'y2/hand.json')
    """
    if len(name) <= SOURCE_CHARS:
        return name
    return f"{name[:SOURCE_CHARS // 2]}...{name[-SOURCE_CHARS // 2:]}"


def _one_line(text: str) -> str:
    return text if len(text.splitlines()) <= 1 else repr(text)[1:-1]


def _plain(value: Any) -> Any:
    """A parameter as JSON holds it: a message as its id and parameters, a number or a string as it is."""
    if isinstance(value, Message):
        return {"message_id": value.id, "params": {k: _plain(v) for k, v in value.params}}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value if value is None or isinstance(value, (bool, int, str)) else str(value)


def _said_once(exc: BaseException) -> str:
    """Another library's exception as a parameter: its text on one line (a database's DETAIL lines joined).

    >>> _said_once(ValueError('duplicate key "hands_pkey"\\nDETAIL:  Key (id)=(1) already exists.'))
    'duplicate key "hands_pkey" DETAIL: Key (id)=(1) already exists.'
    """
    return " ".join(str(exc).split())


class FloormanError(Exception):
    """The root of every error floorman raises: a message id of the catalog and its parameters.

    ``message`` is a message id (``"error.rulebook.unknown"``) with its parameters as keywords, or a
    ``Message`` made before.
    """

    def __init__(self, message: str | Message, /, **params: Any) -> None:
        said = {k: _said_once(v) if isinstance(v, BaseException) else v for k, v in params.items()}
        self.what = message if isinstance(message, Message) else Message.of(message, **said)
        super().__init__(self.what.id)

    @property
    def message_id(self) -> str:
        return self.what.id

    @property
    def params(self) -> dict[str, Any]:
        """The parameters as JSON holds them (a message among them as its own id and parameters)."""
        return {k: _plain(v) for k, v in self.what.params}

    @property
    def message(self) -> str:
        """What went wrong, in English, without where."""
        return self.words()

    def words(self, lang: str = "en") -> str:
        """What went wrong in ``lang``, without where (an id the catalog lacks is said as it is)."""
        lang = lang_of(lang)
        if self.what.id not in catalog_ids("en"):
            return _cut(self.what.id, lang)
        return _cut(say(self.what, lang), lang)

    def say(self, lang: str = "en") -> str:
        """The one line in ``lang`` ("en" or "vi")."""
        return _one_line(self.words(lang))

    def __str__(self) -> str:
        return self.say()

    def __reduce__(self) -> tuple[Any, ...]:
        """The error whole across a process boundary (``audit --jobs``), whatever arguments its leaf takes."""
        return _remade, (type(self), self.args, self.__dict__)


def _remade(cls: type[FloormanError], args: tuple[Any, ...], state: dict[str, Any]) -> FloormanError:
    err = cls.__new__(cls, *args)
    err.__dict__.update(state)
    return err


class LogError(FloormanError):
    """A hand log cannot be interpreted.

    ``line`` is the line of a multi-hand file (1-based) when known, ``event`` the index
    in the ``events`` list (0-based) when the problem is inside an event, and ``field``
    the offending field.
    """

    def __init__(
        self,
        message: str | Message,
        /,
        *,
        field: str | None = None,
        event: int | None = None,
        line: int | None = None,
        source: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__(message, **params)
        self.field = field
        self.event = event
        self.line = line
        self.source = source

    def say(self, lang: str = "en", *, with_source: bool = True) -> str:
        """The one line in ``lang``: where (the file unless ``with_source`` is false, the line, the event, the
        field) and what went wrong."""
        lang = lang_of(lang)
        parts: list[str] = []
        if self.source is not None and with_source:
            parts.append(_cut_name(self.source))
        if self.line is not None:
            parts.append(say(Message.of("error.where.line", line=self.line), lang))
        if self.event is not None:
            parts.append(say(Message.of("error.where.event", event=self.event), lang))
        if self.field is not None:  # quoted as Python does (a name holding a line break stays on one line), cut
            parts.append(say(Message.of("error.where.field", field=shown(self.field)), lang))
        parts.append(self.words(lang))
        return _one_line(": ".join(parts))

    def located(self, *, line: int | None = None, source: str | None = None) -> LogError:
        """The same error with a line number or a file name added."""
        return type(self)(
            self.what,
            field=self.field,
            event=self.event,
            line=self.line if line is None else line,
            source=self.source if source is None else source,
        )


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


class OutputError(FloormanError):
    """What a command writes cannot be written: a full disk, standard output closed or a pipe nobody reads."""


class MessageError(FloormanError):
    """A JSON-RPC message (a line ``floorman mcp`` reads) is JSON but not a request, a notification or a response."""
