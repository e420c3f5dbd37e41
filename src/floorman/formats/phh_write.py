"""Hand-log v1 dicts written as PHH hand histories (TOML written by hand).

PHH records a hand as a player sees it: posts, hole and board cards, actions, showdown. A
hand log records the table: burns, exposures, boxed cards, floor calls... Those events go
into the PHH as ``#`` comments (for the reader) and, with every header field PHH cannot
say, into the ``_floorman`` field (a JSON string) so that reading the PHH back gives the
same log.

>>> log = {"floorman": 1, "game": "holdem", "seats": 3, "button": 3,
...        "level": {"small_blind": 1, "big_blind": 2},
...        "players": [{"seat": s, "name": n, "stack": 100} for s, n in ((1, "Ann"), (2, "Bo"), (3, "Cy"))],
...        "events": [{"type": "post", "seat": 1, "blind": "sb", "amount": 1},
...                   {"type": "post", "seat": 2, "blind": "bb", "amount": 2},
...                   {"type": "deal", "seat": 1, "card": "As"}, {"type": "burn", "card": "7h"}]}
>>> text = from_hand_log(log)
>>> print(text.split("actions = ")[1].split("]")[0])
[
  'd dh p1 As',
  # event 3: {"type":"burn","card":"7h"}
<BLANKLINE>
>>> from floorman.formats import phh
>>> phh.to_hand_log(parse_phh(text)) == log
True
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from decimal import Decimal

from floorman.errors import shown
from floorman.fold.bets import fixed_bet
from floorman.fold.events import Action
from floorman.fold.rotation import deal_order
from floorman.fold.table import GAMES, Game
from floorman.formats.phh_read import (
    STUD_GAMES,
    VARIANTS,
    Betting,
    Chips,
    Obj,
    PhhError,
    chips,
    parse_phh,
    phh_index,
    plain,
    to_hand_log,
    up_card,
)

__all__ = ["action_strings", "dumps", "from_hand_log", "restore"]

VARIANT_OF = {spec: code for code, spec in VARIANTS.items()}
USUAL_STRUCTURE = {spec.game.value: spec.default_structure.value for spec in GAMES.values() if spec.phh_codes}
"""The structure of a game PHH can name when a log gives none (from the registry of games)."""
_OPTIONAL = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
    "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "time_limit", "time_banks",
)
_HEADER = ("floorman", "rulebook", "game", "structure", "seats", "button", "button_should_be", "redeal_of",
           "level", "hand", "table", "tournament", "dealer", "time", "players", "deck", "omits", "events")
_NOMINAL = {"sb": "small_blind", "bb": "big_blind", "ante": "ante", "bb_ante": "big_blind_ante",
            "bring_in": "bring_in"}
_FORCED = frozenset({*_NOMINAL, "straddle"})
_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_LOCAL_TIME = re.compile(r"\d\d:\d\d:\d\d(\.\d+)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_TIME = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?)?|\d\d:\d\d:\d\d(\.\d+)?")


def _int(value: object, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PhhError(field, "error.value.whole", low=low, high=high, got=shown(value))
    return value


class _Writer:
    """Walks the events once, gathering forced bets and PHH action strings."""

    def __init__(self, log: Mapping[str, object]) -> None:
        game, structure = log.get("game"), log.get("structure")
        if game not in {g for g, _ in VARIANT_OF}:
            names = ", ".join(sorted(USUAL_STRUCTURE))
            raise PhhError("game", "error.phh.game", names=names, got=shown(game))
        structure = USUAL_STRUCTURE[str(game)] if structure is None else structure
        if (game, structure) not in VARIANT_OF:
            known = " or ".join(repr(st) for g, st in VARIANT_OF if g == game)
            raise PhhError("structure", "error.phh.structure", known=known, game=str(game), got=shown(structure))
        self.game, self.code = str(game), VARIANT_OF[(str(game), str(structure))]
        self.stud, self.limit = self.game in STUD_GAMES, structure == "limit"
        self.seats = _int(log.get("seats"), "seats", 2, 10)
        self.button = None if self.stud else _int(log.get("button"), "button", 1, self.seats)
        raw = log.get("players")
        entries = [p for p in raw if isinstance(p, Mapping)] if isinstance(raw, list) else []
        if not isinstance(raw, list) or len(raw) < 2 or len(entries) != len(raw):
            raise PhhError("players", "error.phh.players_list", got=shown(raw))
        by_seat = {_int(p.get("seat"), "players.seat", 1, self.seats): p for p in entries}
        if len(by_seat) != len(entries):
            raise PhhError("players", "error.phh.players_named")
        events = log.get("events")
        small_blind = next((e.get("seat") for e in events if isinstance(e, Mapping) and e.get("type") == "post"
                            and e.get("blind") == "sb"), None) if isinstance(events, list) else None
        family = GAMES[Game(self.game)].family
        self.order = list(deal_order(family=family, seats=self.seats, button=self.button, entitled=by_seat,
                                     small_blind=small_blind if isinstance(small_blind, int) else None).seats)
        entries = [by_seat[s] for s in self.order]
        self.names = [p.get("name") for p in entries]
        if len(set(self.order)) != len(self.order) or not all(isinstance(x, str) for x in self.names):
            raise PhhError("players", "error.phh.players_named")
        self.stacks = {s: chips(p.get("stack"), "players.stack") for s, p in zip(self.order, entries, strict=True)}
        self.p_of = {seat: i for i, seat in enumerate(self.order)}
        level = log.get("level", {})
        if not isinstance(level, Mapping):
            raise PhhError("level", "error.phh.object", got=shown(level))
        self.level = {k: chips(v, f"level.{k}") for k, v in level.items() if k != "number" and not k.startswith("_")}
        n = len(self.order)
        self.antes: list[Chips] = [0] * n
        self.blinds: list[Chips] = [0] * n
        self.bring_in: Chips = self.level.get("bring_in", 0)
        self.items: list[tuple[bool, str]] = []
        self.bets = Betting(self.stacks)
        self.dealt = dict.fromkeys(self.order, 0)
        self.group: dict[int, list[str]] = {}
        self.group_notes: dict[int, list[str]] = {}
        self.group_street = 0
        self.sds: list[str] = []
        self.board: list[str] = []
        self.board_note: list[str] = []
        self.board_count = 0
        self.queue: list[str] = []

    def pn(self, seat: int) -> str:
        return f"p{self.p_of[seat] + 1}"

    def run(self, events: object) -> None:
        if not isinstance(events, list):
            raise PhhError("events", "error.value.events", got=shown(events))
        for i, event in enumerate(events):
            if not isinstance(event, Mapping):
                raise PhhError(f"events[{i}]", "error.phh.event", got=shown(event))
            if not self.event(i, event):
                note = f"event {i}: {_json(event)}".replace("\x7f", "\\u007f")
                if self.group or self.sds or self.board:
                    self.queue.append(note)
                else:
                    self.items.append((False, note))
        self.flush()

    def _say(self, text: str, notes: Iterable[str] = ()) -> None:
        joined = "; ".join(notes)
        self.items.append((True, f"{text} # {joined}" if joined else text))

    def flush(self, *, board: bool = True) -> None:
        for sd in self.sds:
            self._say(sd)
        for seat in sorted(self.group, key=self.p_of.__getitem__):
            self._say(f"d dh {self.pn(seat)} {''.join(self.group[seat])}", self.group_notes.get(seat, ()))
        self.group, self.group_notes, self.sds = {}, {}, []
        if board and self.board:
            self._say(f"d db {''.join(self.board)}", self.board_note)
            self.board, self.board_note = [], []
        if not self.board:
            self.items.extend((False, note) for note in self.queue)
            self.queue = []

    def event(self, i: int, ev: Mapping[str, object]) -> bool:
        """Write the event as PHH; False when it needs a comment (PHH cannot say all of it)."""
        kind, seat, where = ev.get("type"), ev.get("seat"), f"events[{i}]"
        comment = ev.get("_comment")
        note = [comment] if isinstance(comment, str) else []
        mine = isinstance(seat, int) and not isinstance(seat, bool) and seat in self.p_of
        card = ev.get("card", "??")
        if kind == "post" and mine and ev.get("blind") in _FORCED:
            assert isinstance(seat, int)
            self.post(seat, str(ev["blind"]), chips(ev.get("amount"), f"{where}.amount"))
            return True
        if kind == "deal" and mine and isinstance(card, str) and _CARD.fullmatch(card):
            assert isinstance(seat, int)
            return self.deal(seat, card, bool(ev.get("face_up", False)), note) and not (
                ev.get("boxed") or ev.get("replacement") or "back" in ev)
        if kind == "board" and isinstance(card, str) and _CARD.fullmatch(card):
            self.flush(board=False)
            if self.board and (self.stud or self.board_count in (3, 4)):
                self.flush()
            self.bets.cards()
            self.board.append(card)
            self.board_note += note
            self.board_count += 1
            return ev.get("face_up", True) is True and "back" not in ev
        if kind == "discard" and mine:
            assert isinstance(seat, int)
            count = _int(ev.get("count"), f"{where}.count", 0, 7)
            if self.board or (self.group and not self.sds):
                self.flush()
            self.bets.cards()
            thrown = ev.get("_cards")
            if not (isinstance(thrown, list) and len(thrown) == count
                    and all(isinstance(c, str) and _CARD.fullmatch(c) for c in thrown)):
                thrown = ["??"] * count
            text = f"{self.pn(seat)} sd {''.join(str(c) for c in thrown)}".rstrip()
            self.sds.append(f"{text} # {'; '.join(note)}" if note else text)
            return True
        if kind == "act" and mine:
            assert isinstance(seat, int)
            return self.act(i, seat, ev, note)
        shown = ev.get("cards")
        if kind == "show" and mine and isinstance(shown, list) and shown and all(
                isinstance(c, str) and _CARD.fullmatch(c) for c in shown):
            assert isinstance(seat, int)
            self.flush()
            self._say(f"{self.pn(seat)} sm {''.join(str(c) for c in shown)}", note)
            return True
        if kind == "muck" and mine and ev.get("by", "player") == "player":
            assert isinstance(seat, int)
            self.flush()
            self._say(f"{self.pn(seat)} sm", note)
            return True
        return False

    def post(self, seat: int, blind: str, amount: Chips) -> None:
        nominal = self.level.get(_NOMINAL.get(blind, ""), 0)
        remaining = self.bets.remaining(seat)
        value = nominal if nominal and amount < nominal and amount == remaining else amount
        self.bets.pay(seat, amount, live=blind not in ("ante", "bb_ante"))
        at = phh_index(self.p_of[seat], len(self.order))
        if blind == "bring_in":
            self.bring_in = self.bring_in or value
            self.flush()
            self._say(f"{self.pn(seat)} pb")
        elif blind in ("ante", "bb_ante"):
            self.antes[at] += value
        else:
            self.blinds[at] += value

    def deal(self, seat: int, card: str, face_up: bool, note: list[str]) -> bool:
        if self.board:
            self.flush()
        before = self.dealt[seat]
        street = 0 if not self.stud or before < 3 else before - 2
        if self.group and self.stud and street != self.group_street:
            self.flush()
        self.bets.cards()
        self.group_street = street
        self.group.setdefault(seat, []).append(card)
        self.group_notes.setdefault(seat, []).extend(note)
        self.dealt[seat] = before + 1
        return face_up == up_card(self.game, before)

    def act(self, i: int, seat: int, ev: Mapping[str, object], note: list[str]) -> bool:
        action, raw = ev.get("action"), ev.get("to")
        to = None if raw is None else chips(raw, f"events[{i}].to")
        if action not in ("fold", "check", "call", "bet", "raise", "complete", "all_in"):
            return False
        self.flush()
        if action == "all_in":
            to = self.bets.target(seat, Action.ALL_IN, to)
            action = "raise" if to > self.bets.top else "call"
        if action == "fold":
            self.bets.acted = True
            self._say(f"{self.pn(seat)} f", note)
        elif action in ("check", "call"):
            self.bets.bring(seat, self.bets.target(seat, Action.CALL, None))
            self._say(f"{self.pn(seat)} cc", note)
        else:
            to = self.limit_to(Action(action), seat, i) if to is None else to
            self.bets.bring(seat, self.bets.target(seat, Action.RAISE, to))
            self._say(f"{self.pn(seat)} cbr {to}", note)
        return True

    def limit_to(self, action: Action, seat: int, i: int) -> Chips:
        """A limit bet without ``to``: the fold's fixed bet of the street (``fixed_bet``: small, then big), a raise
        by that much."""
        size = fixed_bet(self.level.get("small_bet", 0), self.level.get("big_blind", 0), self.level.get("big_bet", 0),
                         self.bets.street, small_bet_streets=GAMES[Game(self.game)].small_bet_streets)
        if not size:
            raise PhhError(f"events[{i}].to", "error.phh.no_bet_size")
        return self.bets.target(seat, action, None, limit=True, fixed=size)

    def fields(self, log: Mapping[str, object]) -> Obj:
        """The PHH fields, in the usual order (``actions`` is a placeholder)."""
        extra_raw = log.get("_phh", {})
        extra: Mapping[str, object] = extra_raw if isinstance(extra_raw, Mapping) else {}
        out: Obj = {"variant": self.code}
        if "ante_trimming_status" in extra:
            out["ante_trimming_status"] = extra["ante_trimming_status"]
        out["antes"] = self.antes
        if not self.stud:
            out["blinds_or_straddles"] = self.blinds
        if self.bring_in:
            out["bring_in"] = self.bring_in
        for key in ("small_bet", "big_bet"):
            if self.level.get(key):
                out[key] = self.level[key]
        if "min_bet" in extra or (not self.limit and self.level.get("big_blind")):
            out["min_bet"] = extra.get("min_bet", self.level.get("big_blind"))
        out["starting_stacks"] = [self.stacks[s] for s in self.order]
        out["actions"] = []
        level = log.get("level")
        own: Obj = {"hand": _name(extra.get("hand", log.get("hand"))), "table": _name(log.get("table")),
                    "time": _local_time(log.get("time")), "players": self.names,
                    "level": level.get("number") if isinstance(level, Mapping) else None}
        if self.order != list(range(1, len(self.order) + 1)):
            own["seats"] = self.order
        if self.seats != len(self.order):
            own["seat_count"] = self.seats
        for key in _OPTIONAL:
            value = own[key] if key in own else extra.get(key)
            if value is not None:
                out[key] = value
        for key, value in extra.items():
            if key not in out and key not in own and key != "_floorman" and value is not None:
                out[key] = value
        return out


def _name(value: object) -> object:
    """A hand's or table's name as PHH holds it (an integer or a string); another kind of value is kept in
    ``_floorman`` instead."""
    return value if type(value) in (int, str) else None


def _local_time(value: object) -> object:
    """A log's ``time`` as PHH's ``time`` holds it: a local time of day (``10:30:00``); a timestamp or other
    value is kept in ``_floorman`` instead."""
    return value if isinstance(value, str) and _LOCAL_TIME.fullmatch(value) and _is_toml_time(value) else None


def action_strings(log: Mapping[str, object]) -> list[str]:
    """The PHH ``actions`` a hand log is written with (comments left out)."""
    writer = _Writer(log)
    writer.run(log.get("events"))
    return [text for is_action, text in writer.items if is_action]


def restore(log: Obj, raw: object, actions: list[object]) -> None:
    """Put back what the ``_floorman`` field kept: header fields and the full events list."""
    try:
        kept = json.loads(raw, parse_float=Decimal) if isinstance(raw, str) else None
    except ValueError:
        kept = None
    if not isinstance(kept, dict):
        raise PhhError("_floorman", "error.phh.kept_text", got=shown(raw))
    header, drop, events = kept.get("header", {}), kept.get("drop", []), kept.get("events")
    if not isinstance(header, dict) or not isinstance(drop, list) or not isinstance(events, (list, type(None))):
        raise PhhError("_floorman", "error.phh.kept_shape")
    log.update(header)
    for key in drop:
        log.pop(str(key), None)
    if events is not None:
        candidate = {**log, "events": events}
        written = [" ".join(str(a).split()) for a in actions if str(a).strip()]
        if [" ".join(a.split()) for a in action_strings(candidate)] != written:
            raise PhhError("_floorman", "error.phh.kept_changed")
        log["events"] = events


def from_hand_log(obj: Mapping[str, object]) -> str:
    """PHH text of one hand-log dict; reading it back with ``to_hand_log`` gives ``obj``."""
    writer = _Writer(obj)
    writer.run(obj.get("events"))
    fields = writer.fields(obj)
    text = _render(fields, writer.items, None)
    derived = to_hand_log(parse_phh(text))
    kept: Obj = {}
    differ = [k for k, v in obj.items() if k != "events" and (k not in derived or derived[k] != v)]
    header = {k: obj[k] for k in sorted(differ, key=_header_order)}
    drop = sorted((k for k in derived if k != "events" and k not in obj), key=_header_order)
    if header:
        kept["header"] = header
    if drop:
        kept["drop"] = drop
    if obj.get("events") != derived["events"]:
        kept["events"] = obj.get("events")
    return _render(fields, writer.items, kept) if kept else text


def _header_order(key: str) -> tuple[int, str]:
    """Hand-log header fields in the order of the format, then private fields by name."""
    return (_HEADER.index(key) if key in _HEADER else len(_HEADER), key)


def dumps(objs: Iterable[Mapping[str, object]], *, multi: bool | None = None) -> str:
    """One hand as ``.phh`` text, or several as ``.phhs`` sections ``[1]``, ``[2]``..."""
    hands = list(objs)
    if multi is None:
        multi = len(hands) != 1
    if not multi:
        if len(hands) != 1:
            raise PhhError("objs", "error.phh.one_hand", got=len(hands))
        return from_hand_log(hands[0])
    return "\n".join(f"[{k}]\n{from_hand_log(obj)}" for k, obj in enumerate(hands, start=1))


def _render(fields: Obj, items: list[tuple[bool, str]], kept: Obj | None) -> str:
    lines: list[str] = []
    for key, value in fields.items():
        if key == "actions":
            lines.append("actions = [")
            lines += [f"  {_string(t)}," if is_action else f"  # {t}" for is_action, t in items]
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_toml(value, key, loose=key not in ('players', 'hand'))}")
    if kept:
        lines.append(f"_floorman = {_string(_json(kept))}")
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key, literal=False)


def _string(text: str, *, literal: bool = True) -> str:
    """A TOML string: literal ('...' or '''...''') when it can be, else basic with escapes."""
    if literal and not any(ord(c) < 32 or ord(c) == 127 for c in text):
        if "'" not in text:
            return f"'{text}'"
        if "'''" not in text and not text.endswith("'"):
            return f"'''{text}'''"
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 32 or ord(c) == 127 else c for c in out) + '"'


def _is_toml_time(text: str) -> bool:
    if not _TOML_TIME.fullmatch(text):
        return False
    try:
        return plain(tomllib.loads(f"v = {text}")["v"]) == text
    except tomllib.TOMLDecodeError:
        return False


def _toml(value: object, field: str, *, loose: bool = False) -> str:
    """A TOML value; with ``loose``, text that spells a TOML date or time is written as one."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        return str(value) if value.is_finite() else ("-inf" if value < 0 else "inf")
    if isinstance(value, str):
        return value if loose and _is_toml_time(value) else _string(value)
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v, field, loose=loose) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_key(str(k))} = {_toml(v, field, loose=loose)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise PhhError(field, "error.phh.toml_value", got=shown(value))


def _json(value: object) -> str:
    """Compact JSON, with ``Decimal`` written as the number it is."""
    if value is None or isinstance(value, (bool, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal) and value.is_finite():
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{json.dumps(str(k), ensure_ascii=False)}:{_json(v)}" for k, v in value.items()) + "}"
    raise PhhError("_floorman", "error.phh.json_value", got=shown(value))
