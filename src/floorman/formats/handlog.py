"""The hand log format v1 as JSON (one hand) and JSONL (one hand per line).

Every rejection names the event index and the field, and says what was expected:

>>> loads('{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {},'
...       ' "players": [], "events": [{"type": "deal", "seat": 3}]}')
Traceback (most recent call last):
...
floorman.errors.LogFieldError: event 0: field 'seat': expected a seat number from 1 to 2, got 3

A valid log round-trips:

>>> text = '{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {"big_blind": 2},' \\
...        ' "players": [{"seat": 1, "name": "An", "stack": 100}], "events": [{"type": "floor"}]}'
>>> loads(dumps(loads(text))) == loads(text)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from floorman.errors import LogFieldError, LogSyntaxError, UnknownRulebookError
from floorman.events import FloorCalled, PlayerSeated
from floorman.formats import _quick
from floorman.formats._events import event_from_obj, event_to_obj
from floorman.formats._fields import (
    MAX_CHIPS,
    Duplicated,
    Fields,
    chips_value,
    level_from_obj,
    level_to_obj,
)
from floorman.formats._quick import HEADER_FIELDS, INT_DIGITS, MAX_SEATS, META_FIELDS, SURROGATE, SURROGATE_ESCAPE
from floorman.log import HandLog, Omission, RedealOf
from floorman.rulebooks import find_rulebook
from floorman.table import GAMES, Family, Game, Player, PlayerStatus, Structure

__all__ = ["dump", "dumps", "from_obj", "iter_jsonl", "load", "loads", "to_obj"]

def _int(digits: str) -> int | Decimal:
    """A JSON integer; one too long to be a seat or a chip count stays a ``Decimal`` (no conversion limit)."""
    return int(digits) if len(digits) <= INT_DIGITS else Decimal(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                return Duplicated(obj, duplicate=key)
            seen.add(key)
    return obj


def _decode(text: str | bytes) -> Any:
    """JSON text (UTF-8, a leading byte-order mark ignored) as Python values, floats as ``Decimal``."""
    raw_surrogates = False  # strict UTF-8 decoding leaves none; a str from a caller may hold some
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogSyntaxError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    else:
        raw_surrogates = not text.isascii() and SURROGATE.search(text) is not None
    text = text.removeprefix("\ufeff")
    try:
        obj = json.loads(text, parse_float=Decimal, parse_int=_int, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise LogSyntaxError(
            f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise LogSyntaxError("not valid JSON: nested too deeply") from None
    except ArithmeticError:  # decimal.InvalidOperation: an exponent past what a Decimal holds
        raise LogSyntaxError("not valid JSON: a number whose exponent no decimal holds") from None
    escaped = "\\u" in text and SURROGATE_ESCAPE.search(text) is not None
    if raw_surrogates or escaped or "NaN" in text or "Infinity" in text:
        _check_values(obj)
    return obj


def _check_values(obj: Any) -> None:
    """Refuse what JSON text cannot carry: half a UTF-16 surrogate pair in a string, ``NaN`` or ``Infinity``."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(obj, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str) and SURROGATE.search(value):
            raise _value_error(path, f"expected Unicode text, got a lone surrogate in {value!r}")
        if isinstance(value, float):
            raise _value_error(path, f"expected a number, got {json.dumps(value)} (not a JSON number)")
        if isinstance(value, Mapping):
            for key, item in reversed(list(value.items())):
                stack.append((item, (*path, key)))
                stack.append((key, (*path, key)))
        elif isinstance(value, list):
            stack.extend((value[i], (*path, i)) for i in range(len(value) - 1, -1, -1))


def _value_error(path: tuple[str | int, ...], message: str) -> LogFieldError:
    event = path[1] if len(path) > 1 and path[0] == "events" and isinstance(path[1], int) else None
    rest = path[2:] if event is not None else path
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in rest).lstrip(".")
    return LogFieldError(message, field=field or None, event=event)


def loads(text: str | bytes) -> HandLog:
    """Read one hand log from JSON text (a log of the usual shape by a fast path, that falls back to this one)."""
    log = _quick.loads(text)
    return log if log is not None else from_obj(_decode(text))


def load(fp: IO[str] | IO[bytes] | str | Path) -> HandLog:
    """Read one hand log from a file object or a path."""
    if isinstance(fp, (str, Path)):
        return loads(Path(fp).read_bytes())
    return loads(fp.read())


def iter_jsonl(lines: Iterable[str | bytes]) -> Iterator[HandLog]:
    """Yield each hand of a JSONL stream; an error says which line it is on."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield loads(line)
        except LogFieldError as exc:
            raise exc.located(line=number) from None
        except LogSyntaxError as exc:
            raise exc.located(line=number) from None


def _seat_range(fields: Fields, key: str, seats: int, *, required: bool) -> int | None:
    value = fields.get(key)
    if value is None:
        if required:
            raise fields.error(key, "is required")
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= seats:
        raise fields.error(key, f"expected a seat number from 1 to {seats}, got {value!r}")
    return value


def from_obj(obj: Any) -> HandLog:
    """Validate a JSON-shaped object as a hand log v1 and build the ``HandLog``.

    A log of the usual shape is read by a fast path (``_quick.build``), which gives the same log
    and leaves anything else, errors included, to the full reader below.
    """
    log = _quick.build(obj, _quick.Tally())
    if log is not None:
        return log
    if not isinstance(obj, Mapping):
        raise LogSyntaxError(f"expected a JSON object for a hand log, got {type(obj).__name__}")
    top = Fields(obj, where=None)
    top.check_known(HEADER_FIELDS)
    version = top.get("floorman")
    if version != 1 or isinstance(version, bool):
        raise top.error("floorman", f"expected the format version 1, got {version!r}")
    game = top.enum("game", Game, required=True)
    assert game is not None
    spec = GAMES[game]
    structure = top.enum("structure", Structure)
    seats = top.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= MAX_SEATS:
        raise top.error("seats", f"expected a number of seats from 2 to {MAX_SEATS}, got {seats!r}")
    needs_button = spec.family is not Family.STUD
    button = _seat_range(top, "button", seats, required=needs_button)
    button_should_be = _seat_range(top, "button_should_be", seats, required=False)
    rulebook = top.string("rulebook")
    if rulebook is not None:
        try:
            find_rulebook(rulebook)
        except UnknownRulebookError as exc:
            raise top.error("rulebook", str(exc)) from None
    level = level_from_obj(top.get("level"), field="level", required=True)
    players = _players(top, seats)
    deck = top.get("deck")
    deck_back: str | None = None
    deck_ext: dict[str, Any] = {}
    if deck is not None:
        deck_fields = Fields(deck, where="deck") if isinstance(deck, Mapping) else None
        if deck_fields is None:
            raise top.error("deck", f"expected an object such as {{\"back\": \"blue\"}}, got {deck!r}")
        deck_fields.check_known(frozenset({"back"}))
        deck_back = deck_fields.string("back")
        deck_ext = deck_fields.private()
    omits = frozenset(_omits(top))
    redeal_of = _redeal_of(top)
    events_obj = top.get("events")
    if not isinstance(events_obj, list):
        raise top.error("events", f"expected a list of events, got {events_obj!r}")
    occupied = {p.seat for p in players}
    structure_eff = structure or spec.default_structure
    floors = 0
    events = []
    for index, raw in enumerate(events_obj):
        event = event_from_obj(
            raw, index=index, seats=seats, occupied=occupied,
            needs_to=structure_eff is not Structure.LIMIT, floors=floors,
        )
        if isinstance(event, PlayerSeated):
            occupied.add(event.seat)
        elif isinstance(event, FloorCalled):
            floors += 1
        events.append(event)
    meta = {key: obj[key] for key in META_FIELDS if key in obj}
    return HandLog(
        game=game,
        seats=seats,
        button=button,
        button_should_be=button_should_be,
        structure=structure,
        rulebook=rulebook,
        level=level,
        players=players,
        deck_back=deck_back,
        deck_ext=deck_ext,
        omits=omits,
        redeal_of=redeal_of,
        events=tuple(events),
        meta=meta,
        ext=top.private(),
    )


_PLAIN_PLAYER = frozenset({"seat", "name", "stack"})


def _players(top: Fields, seats: int) -> tuple[Player, ...]:
    raw = top.get("players")
    if not isinstance(raw, list):
        raise top.error("players", f"expected a list of players, got {raw!r}")
    players: list[Player] = []
    seen: set[int] = set()
    for i, entry in enumerate(raw):
        if type(entry) is dict and entry.keys() <= _PLAIN_PLAYER:  # the usual entry: read directly
            seat, name, stack = entry.get("seat"), entry.get("name"), entry.get("stack")
            if (type(seat) is int and 1 <= seat <= seats and seat not in seen and type(name) is str
                    and type(stack) is int and 0 <= stack <= MAX_CHIPS):
                seen.add(seat)
                players.append(Player(seat=seat, name=name, stack=stack))
                continue
        where = f"players[{i}]"
        if not isinstance(entry, Mapping):
            raise LogFieldError(f"expected an object with seat, name and stack, got {entry!r}", field=where)
        fields = Fields(entry, where=where)
        fields.check_known(frozenset({"seat", "name", "stack", "status"}))
        seat = _seat_range(fields, "seat", seats, required=True)
        assert seat is not None
        if seat in seen:
            raise fields.error("seat", f"seat {seat} is listed twice")
        seen.add(seat)
        name = fields.string("name")
        if name is None:
            raise fields.error("name", "is required")
        stack = chips_value(fields, "stack", required=True)
        status = fields.enum("status", PlayerStatus) or PlayerStatus.PRESENT
        players.append(Player(seat=seat, name=name, stack=stack, status=status))
    return tuple(sorted(players, key=lambda p: p.seat))


def _omits(top: Fields) -> list[Omission]:
    raw = top.get("omits")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise top.error("omits", f"expected a list such as [\"burns\"], got {raw!r}")
    out: list[Omission] = []
    for item in raw:
        try:
            out.append(Omission(item))
        except ValueError:
            allowed = ", ".join(o.value for o in Omission)
            raise top.error("omits", f"expected only {allowed}, got {item!r}") from None
    return out


def _redeal_of(top: Fields) -> RedealOf | None:
    raw = top.get("redeal_of")
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise top.error("redeal_of", f"expected an object with hand and count, got {raw!r}")
    fields = Fields(raw, where="redeal_of")
    fields.check_known(frozenset({"hand", "count"}))
    hand = raw.get("hand")
    count = raw.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise fields.error("count", f"expected 1 for the first re-play, 2 for a second, got {count!r}")
    return RedealOf(hand=None if hand is None else str(hand), count=count)


def to_obj(log: HandLog) -> dict[str, Any]:
    """The JSON-shaped object of a hand log (field order as in the format)."""
    obj: dict[str, Any] = {"floorman": 1}
    if log.rulebook is not None:
        obj["rulebook"] = log.rulebook
    obj["game"] = log.game.value
    if log.structure is not None:
        obj["structure"] = log.structure.value
    obj["seats"] = log.seats
    if log.button is not None:
        obj["button"] = log.button
    if log.button_should_be is not None:
        obj["button_should_be"] = log.button_should_be
    if log.redeal_of is not None:
        redeal: dict[str, Any] = {}
        if log.redeal_of.hand is not None:
            redeal["hand"] = log.redeal_of.hand
        redeal["count"] = log.redeal_of.count
        obj["redeal_of"] = redeal
    obj["level"] = level_to_obj(log.level)
    obj.update(log.meta)
    players = []
    for p in log.players:
        entry: dict[str, Any] = {"seat": p.seat, "name": p.name, "stack": p.stack}
        if p.status is not PlayerStatus.PRESENT:
            entry["status"] = p.status.value
        players.append(entry)
    obj["players"] = players
    if log.deck_back is not None or log.deck_ext:
        deck: dict[str, Any] = {}
        if log.deck_back is not None:
            deck["back"] = log.deck_back
        deck.update(log.deck_ext)
        obj["deck"] = deck
    if log.omits:
        obj["omits"] = sorted(o.value for o in log.omits)
    obj.update(log.ext)
    obj["events"] = [event_to_obj(e) for e in log.events]
    return obj


class _Encoder(json.JSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, Decimal):
            if not o.is_finite() or abs(o.adjusted()) > 300:  # no JSON number a float can hold: kept as text
                return str(o)
            return int(o) if o == o.to_integral_value() else float(o)
        return super().default(o)


def dumps(log: HandLog, *, indent: int | None = None) -> str:
    """JSON text of a hand log."""
    return json.dumps(to_obj(log), cls=_Encoder, indent=indent, ensure_ascii=False)


def dump(log: HandLog, fp: IO[str]) -> None:
    fp.write(dumps(log, indent=1))
    fp.write("\n")
