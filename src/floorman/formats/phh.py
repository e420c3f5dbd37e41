"""PHH hand histories (the TOML poker hand history format) as floorman hand-log v1 dicts.

Reading turns one PHH hand into the JSON-shaped dict of ``hand-log.md``: ``pN`` become seats,
the forced bets become ``post`` events, every hole card becomes one ``deal`` event in the order
it left the deck, and ``cc`` becomes a ``check`` or a ``call`` from the bets on the street.
Chip amounts are ``int``, or ``decimal.Decimal`` where the hand was played with cents.

>>> log = to_hand_log(parse_phh('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKd", "d dh p2 ????", "d dh p3 7h6h", "p3 cc", "p1 cc", "p2 cc"]
... '''))
>>> log["game"], log["button"], [(e["seat"], e["card"]) for e in log["events"][2:5]]
('holdem', 3, [(1, 'Ac'), (2, '??'), (3, '7h')])
>>> [e["action"] for e in log["events"] if e["type"] == "act"]
['call', 'call', 'check']

``read_log`` builds the ``HandLog`` of a PHH hand straight from its table: the same log (and
the same errors) as ``handlog.from_obj(to_hand_log(...))``, without the dict in between.

Writing (``from_hand_log``, in ``phh_write``) is the inverse; what PHH cannot say travels in
the ``_floorman`` field, so that PHH -> log -> PHH -> log gives the same log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Generic, TypeVar

from floorman.events import Event
from floorman.formats import handlog, phh_toml
from floorman.formats._intern import level_from, player
from floorman.formats._phh_actions import STUD_GAMES as STUD_GAMES  # re-exported (phh_write finds them here)
from floorman.formats._phh_actions import ActionReader, PhhError
from floorman.formats._phh_actions import Betting as Betting
from floorman.formats._phh_actions import chips as chips
from floorman.formats._phh_actions import up_card as up_card
from floorman.formats._phh_events import DICT_EVENTS, OBJECT_EVENTS, EventMaker
from floorman.formats.checks import LEVEL_NUMBER_MAX, MAX_CHIPS, Unusual
from floorman.log import HandLog, Omission
from floorman.table import Game, Player, Structure

__all__ = [
    "VARIANTS",
    "PhhError",
    "dump",
    "dumps",
    "from_hand_log",
    "load",
    "loads",
    "parse_phh",
    "parse_phhs",
    "read_log",
    "to_hand_log",
]

Chips = int | Decimal
Obj = dict[str, object]
E = TypeVar("E")
_Post = tuple[int, str, Chips, bool]
"""A forced bet: the player's index, the blind, its amount, whether it is live."""


VARIANTS: dict[str, tuple[str, str]] = {
    "NT": ("holdem", "no-limit"),
    "FT": ("holdem", "limit"),
    "NS": ("short-deck", "no-limit"),
    "PO": ("omaha", "pot-limit"),
    "FO/8": ("omaha8", "limit"),
    "F7S": ("stud", "limit"),
    "F7S/8": ("stud8", "limit"),
    "FR": ("razz", "limit"),
    "N2L1D": ("2-7-single-draw", "no-limit"),
    "F2L3D": ("2-7-triple-draw", "limit"),
    "FB": ("badugi", "limit"),
}
"""PHH variant code -> (hand-log ``game``, ``structure``)."""

DRAW_GAMES = frozenset({"2-7-single-draw", "2-7-triple-draw", "badugi"})
OMITS = ["burns", "deal_order"]
"""What a log converted from PHH does not record."""

_USED = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "starting_stacks", "actions", "players", "seats", "seat_count", "hand", "table", "time",
    "level", "_floorman",
})


def parse_phh(text: str) -> Obj:
    """One ``.phh`` hand as TOML (floats as ``Decimal``).

    >>> parse_phh("min_bet = 0.50  # cents")["min_bet"]
    Decimal('0.50')
    """
    try:
        return phh_toml.loads(text.removeprefix("\ufeff"))
    except RecursionError:
        raise PhhError("toml", "expected TOML text (nested too deeply)") from None
    except ValueError as exc:  # TOMLDecodeError, or an integer too long to convert
        raise PhhError("toml", f"expected TOML text ({exc})") from None
    except ArithmeticError:  # decimal.InvalidOperation: an exponent past what a Decimal holds
        raise PhhError("toml", "expected TOML text (a number whose exponent no decimal holds)") from None


def parse_phhs(text: str) -> list[tuple[str, Obj]]:
    """A ``.phhs`` file: one ``[section]`` table per hand, as (section name, table)."""
    out: list[tuple[str, Obj]] = []
    for name, table in parse_phh(text).items():
        if not isinstance(table, dict):
            raise PhhError(name, f"expected a [section] table holding one hand, got {table!r}")
        out.append((name, table))
    return out


def _amounts(phh: Mapping[str, object], key: str, count: int | None) -> list[Chips]:
    raw = phh.get(key)
    if not isinstance(raw, list) or (count is not None and len(raw) != count):
        size = "" if count is None else f" of {count}"
        raise PhhError(key, f"expected a list{size} chip amounts, got {raw!r}")
    if raw and set(map(type, raw)) == _JUST_INT and min(raw) >= 0 and max(raw) <= MAX_CHIPS:  # the usual: in one go
        return list(raw)
    return [chips(v, f"{key}[{i}]") for i, v in enumerate(raw)]


def phh_index(player: int, players: int) -> int:
    """Which entry of ``antes``/``blinds_or_straddles`` a player posts (heads-up reverses them)."""
    return 1 - player if players == 2 else player


_JUST_INT, _JUST_STR = {int}, {str}
_AS_IS = frozenset({str, int, bool, Decimal})
"""The types of TOML values that are JSON-shaped already."""


def plain(value: object) -> object:
    """A TOML value made JSON-shaped: dates and times as ISO text, floats as ``Decimal``."""
    if type(value) in _AS_IS:
        return value
    if type(value) is list and set(map(type, value)) <= _AS_IS:
        return list(value)
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def _seating(phh: Mapping[str, object], n: int) -> tuple[list[int], int]:
    count = phh.get("seat_count")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool)):
        raise PhhError("seat_count", f"expected a whole number of seats, got {count!r}")
    raw = phh.get("seats")
    if raw is None:
        seats = list(range(1, n + 1))
    elif (not isinstance(raw, list) or len(raw) != n or len(set(raw)) != n
          or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in raw)):
        raise PhhError("seats", f"expected {n} different seat numbers from 1 up, got {raw!r}")
    else:
        seats = [int(s) for s in raw]
    total = count if count is not None else max(n, *seats)
    if not 2 <= total <= 10 or max(seats) > total:
        field = "seat_count" if count is not None else "starting_stacks"
        raise PhhError(field, f"expected a table of 2 to 10 seats holding seats {seats}, got {total}")
    return seats, total


def _level_amount(phh: Mapping[str, object], key: str) -> Chips:
    value = phh.get(key)
    return 0 if value is None else chips(value, key)


def to_hand_log(phh: Mapping[str, object], *, hand: str | None = None) -> Obj:
    """One PHH hand (as parsed TOML) as a hand-log v1 dict; ``hand`` names it if given.

    >>> log = to_hand_log({"variant": "F7S", "antes": [5, 5], "bring_in": 5, "small_bet": 20,
    ...     "big_bet": 40, "starting_stacks": [500, 500],
    ...     "actions": ["d dh p1 ????Ac", "d dh p2 9s9d2c", "p2 pb", "p1 cbr 20"]})
    >>> [(e["seat"], e["card"], e.get("face_up", False)) for e in log["events"] if e["type"] == "deal"][4:]
    [(1, 'Ac', True), (2, '2c', True)]
    >>> log["events"][-1]
    {'type': 'act', 'seat': 1, 'action': 'complete', 'to': 20}
    """
    worked = _convert(phh, hand, DICT_EVENTS)
    log: Obj = {"floorman": 1, "game": worked.game, "structure": worked.structure, "seats": worked.seats}
    if worked.button is not None:
        log["button"] = worked.button
    log["level"] = worked.level
    log.update(worked.meta)
    log["players"] = [{"seat": s, "name": name, "stack": stack} for s, name, stack in worked.players]
    log["omits"] = list(OMITS)
    if worked.extra:
        log["_phh"] = worked.extra
    log["events"] = worked.events
    if "_floorman" in phh:
        from floorman.formats.phh_write import restore

        restore(log, phh["_floorman"], worked.actions)
    return log


def read_log(phh: Mapping[str, object], *, hand: str | None = None) -> HandLog:
    """One PHH hand (as parsed TOML) as the ``HandLog`` of ``handlog.from_obj(to_hand_log(phh, hand=hand))``.

    The log is built straight from the PHH table, without the dict; a hand whose dict needs the
    full reader (one with a ``_floorman`` field, one that is not valid) takes that route, which
    raises the same ``PhhError`` or ``LogError``.

    >>> phh = {"variant": "NT", "blinds_or_straddles": [1, 2], "starting_stacks": [200, 200],
    ...        "actions": ["d dh p1 AcKd", "d dh p2 ????", "p2 cbr 6", "p1 f"]}
    >>> read_log(phh) == handlog.from_obj(to_hand_log(phh))
    True
    """
    if "_floorman" not in phh:
        try:
            return _log_of(_convert(phh, hand, OBJECT_EVENTS))
        except (PhhError, Unusual):
            pass
    return handlog.from_obj(to_hand_log(phh, hand=hand))


_LOG_OMITS = frozenset([Omission(o) for o in OMITS])
_GAMES = {g.value: g for g in Game}
_STRUCTURES = {s.value: s for s in Structure}


def _log_of(worked: _Worked[Event]) -> HandLog:
    """The ``HandLog`` that ``handlog.from_obj`` builds from the dict of ``worked`` (``Unusual`` if it refuses it)."""
    number = worked.level.get("number")
    if number is not None and (not isinstance(number, int) or number > LEVEL_NUMBER_MAX):
        raise Unusual
    level = level_from(worked.level)
    players = tuple([
        player(s, name, stack) if type(stack) is int and type(name) is str else Player(seat=s, name=name, stack=stack)
        for s, name, stack in worked.players
    ])
    return HandLog(
        game=_GAMES[worked.game], seats=worked.seats, button=worked.button, button_should_be=None,
        structure=_STRUCTURES[worked.structure], rulebook=None, level=level, players=players, deck_back=None,
        deck_ext={}, omits=_LOG_OMITS, redeal_of=None, events=tuple(worked.events), meta=worked.meta,
        ext={"_phh": worked.extra} if worked.extra else {},
    )


@dataclass(slots=True)
class _Worked(Generic[E]):
    """A PHH hand worked out: what its log says, before it is written as a dict or built as a ``HandLog``."""

    game: str
    structure: str
    seats: int
    button: int | None
    level: Obj
    meta: Obj
    """The log's ``hand``, ``table`` and ``time``, those given, in that order."""
    players: list[tuple[int, str, Chips]]
    """(seat, name, stack), by seat."""
    extra: Obj
    """What the log keeps of the PHH in ``_phh``."""
    events: list[E]
    actions: list[object]


def _convert(phh: Mapping[str, object], hand: str | None, make: EventMaker[E]) -> _Worked[E]:
    """Work out a PHH hand, its events made by ``make``; every ``PhhError`` is raised here."""
    variant = phh.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise PhhError("variant", f"expected one of {', '.join(VARIANTS)}, got {variant!r}")
    game, structure = VARIANTS[variant]
    stud = game in STUD_GAMES
    stacks = _amounts(phh, "starting_stacks", None)
    n = len(stacks)
    if n < 2:
        raise PhhError("starting_stacks", f"expected 2 players or more, got {n}")
    seat_of, seat_count, level, posts = _table(phh, n, stud)
    button = None if stud else seat_of[-1]
    reader = ActionReader(game, seat_of, button, seat_count, dict(zip(seat_of, stacks, strict=True)), level, make)
    for p, blind, amount, live in posts:
        reader.post(seat_of[p], blind, amount, live=live)
    actions = phh.get("actions")
    if not isinstance(actions, list):
        raise PhhError("actions", f"expected a list of action strings, got {actions!r}")
    for i, raw in enumerate(actions):
        reader.action(i, raw)
    reader.flush()
    names = phh["players"] if "players" in phh else [f"p{i + 1}" for i in range(n)]
    if not isinstance(names, list) or len(names) != n or not (
            set(map(type, names)) <= _JUST_STR or all(isinstance(x, str) for x in names)):
        raise PhhError("players", f"expected {n} player names, got {names!r}")
    meta, extra = _kept(phh, hand)
    players = sorted(zip(seat_of, names, stacks, strict=True))
    return _Worked(game, structure, seat_count, button, level, meta, players, extra, reader.events, actions)


_Table = tuple[tuple[int, ...], int, Obj, tuple[_Post, ...]]
"""How a hand's table is set: each player's seat, the seats at the table, the level, the forced bets."""
_TABLE_FIELDS = ("variant", "antes", "blinds_or_straddles", "seats", "seat_count", "level", "bring_in", "small_bet",
                 "big_bet")
"""The fields that set the table (with the number of players)."""
_TABLES: dict[tuple[object, ...], _Table] = {}
"""The tables set so far, by those fields (each absent, text, or whole numbers): a tournament's recur."""
_TABLES_LIMIT = 1024
"""How many tables to keep: past this the cache is emptied and fills again with what recurs."""
_ABSENT = object()
"""A field not given (``None`` may be given, and is not the same)."""


def _table(phh: Mapping[str, object], n: int, stud: bool) -> tuple[list[int], int, Obj, tuple[_Post, ...]]:
    """How the table of ``n`` players is set: worked out once for each ``_TABLE_FIELDS`` met."""
    key = _table_key(phh, n)
    known = _TABLES.get(key) if key is not None else None
    if known is None:
        antes: list[Chips] = _amounts(phh, "antes", n) if "antes" in phh else [0] * n
        blinds: list[Chips] = [0] * n if stud else _amounts(phh, "blinds_or_straddles", n)
        seat_of, count = _seating(phh, n)
        forced = _forced_bets(phh, antes, blinds)
        known = (tuple(seat_of), count, forced[0], tuple(forced[1]))
        if key is not None:
            if len(_TABLES) >= _TABLES_LIMIT:
                _TABLES.clear()
            _TABLES[key] = known
    seats, seat_count, level, posts = known
    return list(seats), seat_count, dict(level), posts  # fresh ones: a hand's log may be changed by its reader


def _table_key(phh: Mapping[str, object], n: int) -> tuple[object, ...] | None:
    """The fields that set the table, as a key; ``None`` unless each is absent, text or whole numbers exactly."""
    key: list[object] = [n]
    for field in _TABLE_FIELDS:
        value = phh.get(field, _ABSENT)
        if type(value) is list:
            if not set(map(type, value)) <= _JUST_INT:
                return None
            value = tuple(value)
        elif value is not _ABSENT and type(value) is not int and type(value) is not str:
            return None
        key.append(value)
    return tuple(key)


def _forced_bets(phh: Mapping[str, object], antes: list[Chips], blinds: list[Chips]) -> tuple[Obj, list[_Post]]:
    """The level, and the forced bets: PHH lists them by position (reversed heads-up, see ``phh_index``).

    The blinds are the small and the big blind, then straddles; a lone blind is a big blind.
    """
    n = len(antes)
    entry = [1, 0] if n == 2 else list(range(n))  # each player's entry in antes and blinds_or_straddles
    level: Obj = {}
    if "level" in phh:
        number = phh["level"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise PhhError("level", f"expected a level number, got {number!r}")
        level["number"] = number
    blind_at = [i for i, blind in enumerate(blinds) if blind]
    kinds = ["bb"] if len(blind_at) == 1 else ["sb", "bb", *["straddle"] * (len(blind_at) - 2)][:len(blind_at)]
    big = blind_at[kinds.index("bb")] if blind_at else None
    ante_at = [p for p in range(n) if antes[entry[p]]] if any(antes) else []
    bb_ante = big is not None and ante_at == [entry[big]]
    ante_amounts = [antes[entry[p]] for p in ante_at]
    if len(blind_at) > 1 and blinds[blind_at[0]]:
        level["small_blind"] = blinds[blind_at[0]]
    if big is not None:
        level["big_blind"] = blinds[big]
    if not bb_ante and ante_amounts and max(ante_amounts):
        level["ante"] = max(ante_amounts)
    if bb_ante and ante_amounts[0]:
        level["big_blind_ante"] = ante_amounts[0]
    for key in ("bring_in", "small_bet", "big_bet"):
        if amount := _level_amount(phh, key):
            level[key] = amount
    posts: list[_Post] = [(p, "bb_ante" if bb_ante else "ante", antes[entry[p]], False) for p in ante_at]
    posts += [(entry[i], kind, blinds[i], True) for i, kind in zip(blind_at, kinds, strict=True)]
    return level, posts


def _kept(phh: Mapping[str, object], hand: str | None) -> tuple[Obj, Obj]:
    """What the log keeps of the PHH: its ``hand``, ``table`` and ``time``, and the rest (for ``_phh``)."""
    meta: Obj = {}
    extra = {k: v if type(v) in _AS_IS else plain(v) for k, v in phh.items() if k not in _USED}
    if hand is not None:
        meta["hand"] = hand
        if "hand" in phh and str(phh["hand"]) != hand:
            extra["hand"] = phh["hand"]
    elif "hand" in phh:
        meta["hand"] = phh["hand"]
    for key in ("table", "time"):
        if key in phh:
            meta[key] = plain(phh[key])
    return meta, extra


def loads(text: str, *, multi: bool = False) -> list[Obj]:
    """Hand-log dicts from PHH text: one ``.phh`` hand, or every section of a ``.phhs``."""
    if not multi:
        return [to_hand_log(parse_phh(text))]
    return [to_hand_log(t, hand=None if "hand" in t else name) for name, t in parse_phhs(text)]


def load(path: str | Path) -> list[Obj]:
    """Hand-log dicts from a ``.phh`` or ``.phhs`` file (a hand with no number takes the file's name)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PhhError("toml", f"expected UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if path.suffix == ".phhs":
        return loads(text, multi=True)
    phh = parse_phh(text)
    return [to_hand_log(phh, hand=None if "hand" in phh else path.stem)]


def from_hand_log(obj: Mapping[str, object]) -> str:
    """PHH text of one hand-log dict (see ``floorman.formats.phh_write``)."""
    from floorman.formats.phh_write import from_hand_log as write

    return write(obj)


def dumps(objs: Iterable[Mapping[str, object]], *, multi: bool | None = None) -> str:
    """PHH text of hand-log dicts: one ``.phh`` hand, or ``.phhs`` sections ``[1]``, ``[2]``..."""
    from floorman.formats.phh_write import dumps as write

    return write(objs, multi=multi)


def dump(objs: Sequence[Mapping[str, object]], path: str | Path) -> None:
    """Write hand-log dicts to a ``.phh`` (one hand) or ``.phhs`` file."""
    Path(path).write_text(dumps(objs, multi=Path(path).suffix == ".phhs"), encoding="utf-8")
