"""Reading PHH hand histories (the TOML poker hand history format) as floorman hand logs.

``to_hand_log`` turns one PHH hand into the JSON-shaped dict of ``hand-log.md``; ``log_of``
builds the ``HandLog`` straight from its table. What a hand written by floorman keeps in its
``_floorman`` field is put back by ``floorman.formats.phh`` (it needs the writer). The public
functions, with examples, are those of ``floorman.formats.phh``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal

from floorman.errors import shown
from floorman.fold.events import Event
from floorman.fold.log import HandLog, Omission
from floorman.fold.table import PHH_VARIANTS, Game, Player, Structure
from floorman.formats import phh_toml
from floorman.formats._intern import level_from, player
from floorman.formats._phh_actions import STUD_GAMES as STUD_GAMES
from floorman.formats._phh_actions import ActionReader, PhhError
from floorman.formats._phh_actions import Betting as Betting
from floorman.formats._phh_actions import chips as chips
from floorman.formats._phh_actions import up_card as up_card
from floorman.formats._phh_types import check_types
from floorman.formats.checks import LEVEL_NUMBER_MAX, MAX_CHIPS, MAX_EVENTS, Unusual
from floorman.formats.handlog import event_to_obj
from floorman.locale import Message

__all__ = [
    "OMITS",
    "STUD_GAMES",
    "VARIANTS",
    "Betting",
    "PhhError",
    "actions_of",
    "chips",
    "log_of",
    "parse_phh",
    "parse_phhs",
    "phh_index",
    "plain",
    "to_hand_log",
    "up_card",
]

Chips = int | Decimal
Obj = dict[str, object]
_Post = tuple[int, str, Chips, bool]
"""A forced bet: the player's index, the blind, its amount, whether it is live."""


VARIANTS: dict[str, tuple[str, str]] = {code: (g.value, st.value) for code, (g, st) in PHH_VARIANTS.items()}
"""PHH variant code -> (hand-log ``game``, ``structure``), from the registry of games (``table.GAMES``)."""

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
        raise PhhError("toml", "error.phh.toml_too_deep") from None
    except ValueError as exc:  # TOMLDecodeError, or an integer too long to convert
        raise PhhError("toml", "error.phh.toml", reason=str(exc)) from None
    except ArithmeticError:  # decimal.InvalidOperation: an exponent past what a Decimal holds
        raise PhhError("toml", "error.phh.toml_exponent") from None


def parse_phhs(text: str) -> list[tuple[str, Obj]]:
    """A ``.phhs`` file: one ``[section]`` table per hand, as (section name, table)."""
    out: list[tuple[str, Obj]] = []
    for name, table in parse_phh(text).items():
        if not isinstance(table, dict):
            raise PhhError(name, "error.phh.section", got=shown(table))
        out.append((name, table))
    return out


def _amounts(phh: Mapping[str, object], key: str, count: int | None) -> list[Chips]:
    raw = phh.get(key)
    if not isinstance(raw, list) or (count is not None and len(raw) != count):
        raise PhhError(key, Message.of("error.phh.amounts", got=shown(raw)) if count is None else
                       Message.of("error.phh.amounts_n", count=count, got=shown(raw)))
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
        raise PhhError("seat_count", "error.phh.seat_count", got=shown(count))
    raw = phh.get("seats")
    if raw is None:
        seats = list(range(1, n + 1))
    elif (not isinstance(raw, list) or len(raw) != n or len(set(raw)) != n
          or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in raw)):
        raise PhhError("seats", "error.phh.seats", n=n, got=shown(raw))
    else:
        seats = [int(s) for s in raw]
    total = count if count is not None else max(n, *seats)
    if not 2 <= total <= 10 or max(seats) > total:
        field = "seat_count" if count is not None else "starting_stacks"
        raise PhhError(field, "error.phh.table", seats=str(seats), got=total)
    return seats, total


def _level_amount(phh: Mapping[str, object], key: str) -> Chips:
    value = phh.get(key)
    return 0 if value is None else chips(value, key)


def to_hand_log(phh: Mapping[str, object], *, hand: str | None = None) -> Obj:
    """One PHH hand (as parsed TOML) as a hand-log v1 dict, its ``_floorman`` field left aside (see
    ``floorman.formats.phh.to_hand_log``); ``hand`` names it if given."""
    worked = _convert(phh, hand)
    log: Obj = {"floorman": 1, "game": worked.game, "structure": worked.structure, "seats": worked.seats}
    if worked.button is not None:
        log["button"] = worked.button
    log["level"] = worked.level
    log.update(worked.meta)
    log["players"] = [{"seat": s, "name": name, "stack": stack} for s, name, stack in worked.players]
    log["omits"] = list(OMITS)
    if worked.extra:
        log["_phh"] = worked.extra
    log["events"] = [event_to_obj(e) for e in worked.events]
    return log


def actions_of(phh: Mapping[str, object]) -> list[object]:
    """The hand's ``actions`` as given (``to_hand_log`` has checked them)."""
    actions = phh.get("actions")
    return actions if isinstance(actions, list) else []


def log_of(phh: Mapping[str, object], *, hand: str | None = None) -> HandLog | None:
    """The ``HandLog`` of a PHH hand built straight from its table, or ``None`` when the hand takes the dict route
    (one with a ``_floorman`` field, one that is not valid: that route says what is wrong)."""
    if "_floorman" in phh:
        return None
    try:
        worked = _convert(phh, hand)
        return _log_of(worked) if worked.checked else None
    except (PhhError, Unusual):
        return None


_LOG_OMITS = frozenset([Omission(o) for o in OMITS])
_GAMES = {g.value: g for g in Game}
_STRUCTURES = {s.value: s for s in Structure}


def _log_of(worked: _Worked) -> HandLog:
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
class _Worked:
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
    events: list[Event]
    checked: bool
    """Whether every event is one a hand log allows (``ActionReader.checked``)."""


def _convert(phh: Mapping[str, object], hand: str | None) -> _Worked:
    """Work out a PHH hand; every ``PhhError`` is raised here."""
    variant = phh.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise PhhError("variant", "error.value.one_of", allowed=", ".join(VARIANTS), got=shown(variant))
    check_types(phh)
    game, structure = VARIANTS[variant]
    stud = game in STUD_GAMES
    stacks = _amounts(phh, "starting_stacks", None)
    n = len(stacks)
    if n < 2:
        raise PhhError("starting_stacks", "error.phh.players_few", got=n)
    seat_of, seat_count, level, posts = _table(phh, n, stud)
    button = None if stud else seat_of[-1]
    reader = ActionReader(game, seat_of, button, seat_count, dict(zip(seat_of, stacks, strict=True)), level)
    for p, blind, amount, live in posts:
        reader.post(seat_of[p], blind, amount, live=live)
    actions = phh.get("actions")
    if not isinstance(actions, list):
        raise PhhError("actions", "error.phh.actions", got=shown(actions))
    if len(actions) > MAX_EVENTS:
        raise PhhError("actions", "error.phh.actions_many", most=MAX_EVENTS, got=len(actions))
    for i, raw in enumerate(actions):
        reader.action(i, raw)
    reader.flush()
    names = phh["players"] if "players" in phh else [f"p{i + 1}" for i in range(n)]
    if not isinstance(names, list) or len(names) != n or not (
            set(map(type, names)) <= _JUST_STR or all(isinstance(x, str) for x in names)):
        raise PhhError("players", "error.phh.names", n=n, got=shown(names))
    meta, extra = _kept(phh, hand)
    players = sorted(zip(seat_of, names, stacks, strict=True))
    return _Worked(game, structure, seat_count, button, level, meta, players, extra, reader.events, reader.checked)


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
            raise PhhError("level", "error.phh.level", got=shown(number))
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
