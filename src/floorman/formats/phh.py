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

Writing (``from_hand_log``, in ``phh_write``) is the inverse; what PHH cannot say travels in
the ``_floorman`` field, so that PHH -> log -> PHH -> log gives the same log.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from pathlib import Path

from floorman.formats import phh_toml
from floorman.formats._fields import MAX_CHIPS

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
    "to_hand_log",
]

Chips = int | Decimal
Obj = dict[str, object]


class PhhError(ValueError):
    """A hand history that cannot be read or written; the message names the field.

    >>> str(PhhError("variant", "expected one of NT, FT, got 'XX'"))
    "field 'variant': expected one of NT, FT, got 'XX'"
    """

    def __init__(self, field: str, expected: str) -> None:
        self.field = field
        super().__init__(f"field {field!r}: {expected}")


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

STUD_GAMES = frozenset({"stud", "stud8", "razz"})
DRAW_GAMES = frozenset({"2-7-single-draw", "2-7-triple-draw", "badugi"})
OMITS = ["burns", "deal_order"]
"""What a log converted from PHH does not record."""

_USED = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "starting_stacks", "actions", "players", "seats", "seat_count", "hand", "table", "time",
    "level", "_floorman",
})
_PLAYER = re.compile(r"p([1-9][0-9]{0,3})")
_RANKS, _SUITS = "23456789TJQKA", "cdhs"
_CARD_OF = {r + s: "??" if "?" in (r, s) else r + s for r in _RANKS + "?" for s in _SUITS + "?"}
"""Every two-character PHH card, as the hand-log card it is."""


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


def parse_phhs(text: str) -> list[tuple[str, Obj]]:
    """A ``.phhs`` file: one ``[section]`` table per hand, as (section name, table)."""
    out: list[tuple[str, Obj]] = []
    for name, table in parse_phh(text).items():
        if not isinstance(table, dict):
            raise PhhError(name, f"expected a [section] table holding one hand, got {table!r}")
        out.append((name, table))
    return out


def chips(value: object, field: str) -> Chips:
    """A chip amount: ``int``, or a finite ``Decimal`` that is not a whole number."""
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(field, f"expected a chip amount (a number), got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise PhhError(field, f"expected a finite chip amount, got {value}")
    if value > MAX_CHIPS:  # before any conversion: 1e999999999 must not become an int
        raise PhhError(field, f"expected a chip amount up to {MAX_CHIPS}, got {Decimal(value):.6g}")
    if value < 0:
        raise PhhError(field, f"expected a chip amount of 0 or more, got {value}")
    if isinstance(value, Decimal) and value == value.to_integral_value():
        value = int(value)
    return value


def _amounts(phh: Mapping[str, object], key: str, count: int | None) -> list[Chips]:
    raw = phh.get(key)
    if not isinstance(raw, list) or (count is not None and len(raw) != count):
        size = "" if count is None else f" of {count}"
        raise PhhError(key, f"expected a list{size} chip amounts, got {raw!r}")
    return [chips(v, f"{key}[{i}]") for i, v in enumerate(raw)]


def cards(text: str, field: str) -> list[str]:
    """PHH cards (``AsKd``, ``????``) as hand-log cards; a face with ``?`` in it is ``??``."""
    if len(text) % 2:
        raise PhhError(field, f"expected cards such as 'AsKd' or '????', got {text!r}")
    try:
        return [_CARD_OF[text[i:i + 2]] for i in range(0, len(text), 2)]
    except KeyError:
        raise PhhError(field, f"expected cards such as 'AsKd' or '????', got {text!r}") from None


def phh_index(player: int, players: int) -> int:
    """Which entry of ``antes``/``blinds_or_straddles`` a player posts (heads-up reverses them)."""
    return 1 - player if players == 2 else player


def plain(value: object) -> object:
    """A TOML value made JSON-shaped: dates and times as ISO text, floats as ``Decimal``."""
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


class Betting:
    """The chips each seat has in front of it on this street: tells a check from a call."""

    def __init__(self) -> None:
        self.top: Chips = 0
        self.put: dict[int, Chips] = {}
        self.spent: dict[int, Chips] = {}
        self.street = 0
        self.acted = False

    def cards(self) -> None:
        """Cards come out: a betting round that saw action is over."""
        if self.acted:
            self.street, self.top, self.put, self.acted = self.street + 1, 0, {}, False

    def pay(self, seat: int, amount: Chips, *, live: bool = True) -> None:
        self.spent[seat] = self.spent.get(seat, 0) + amount
        if live:
            self.put[seat] = self.put.get(seat, 0) + amount
            self.top = max(self.top, self.put[seat])

    def owed(self, seat: int) -> Chips:
        return self.top - self.put.get(seat, 0)

    def call(self, seat: int) -> None:
        self.pay(seat, max(self.owed(seat), 0))
        self.acted = True

    def raise_to(self, seat: int, to: Chips) -> None:
        self.pay(seat, max(to - self.put.get(seat, 0), 0))
        self.acted = True


def up_card(game: str, dealt_before: int) -> bool:
    """Stud: the 3rd to 6th cards of a seat are dealt face up."""
    return game in STUD_GAMES and 2 <= dealt_before <= 5


def _bad_action(field: str, raw: str) -> PhhError:
    return PhhError(field, f"expected a PHH action such as 'p1 cc' or 'd db AhKh2c', got {raw!r}")


class _Reader:
    """Turns the ``actions`` list into events, keeping the deck's physical order."""

    def __init__(self, game: str, seat_of: list[int], button: int | None, seat_count: int,
                 stacks: dict[int, Chips], level: Obj) -> None:
        self.game, self.seat_of, self.button, self.seat_count = game, seat_of, button, seat_count
        self.seat_by_word = {f"p{k}": seat for k, seat in enumerate(seat_of, start=1)}
        self.stacks, self.level = stacks, level
        self.events: list[Obj] = []
        self.hands: dict[int, list[str]] = {s: [] for s in seat_of}
        self.bets = Betting()
        self.run: dict[int, list[str]] = {}
        self.notes: dict[int, str] = {}
        self.draws: list[Obj] = []

    def post(self, seat: int, blind: str, nominal: Chips, *, live: bool) -> None:
        amount = min(nominal, self.stacks[seat] - self.bets.spent.get(seat, 0))
        self.bets.pay(seat, amount, live=live)
        self.events.append({"type": "post", "seat": seat, "blind": blind, "amount": amount})

    def _deal(self, seat: int, card: str) -> Obj:
        event: Obj = {"type": "deal", "seat": seat, "card": card}
        if up_card(self.game, len(self.hands[seat])):
            event["face_up"] = True
        self.hands[seat].append(card)
        self.events.append(event)
        return event

    def _note(self, event: Obj, note: str | None) -> None:
        if note:
            event["_comment"] = note

    def flush(self) -> None:
        """Emit the pending hole cards: a draw seat by seat, a deal round by round."""
        if not self.run and not self.draws:
            return
        for discard in self.draws:
            self.events.append(discard)
            seat = discard["seat"]
            assert isinstance(seat, int)
            for k, card in enumerate(self.run.pop(seat, [])):
                self._note(self._deal(seat, card), self.notes.pop(seat, None) if k == 0 else None)
        self.draws = []
        first = 1 if self.button is None else self.button + 1
        order = sorted(self.run, key=lambda s: (s - first) % self.seat_count)
        for k in range(max((len(c) for c in self.run.values()), default=0)):
            for seat in order:
                if k < len(self.run[seat]):
                    note = self.notes.pop(seat, None) if k == 0 else None
                    self._note(self._deal(seat, self.run[seat][k]), note)
        self.run, self.notes = {}, {}

    @property
    def stud(self) -> bool:
        return self.game in STUD_GAMES

    def action(self, i: int, raw: object) -> None:
        field = f"actions[{i}]"
        if not isinstance(raw, str):
            raise PhhError(field, f"expected an action string, got {raw!r}")
        body, hashed, comment = raw.partition("#")
        note = comment.strip() if hashed else None
        words = body.split()
        if not words:
            return
        if words[0] == "d":
            if len(words) == 3 and words[1] == "db":
                self.flush()
                self.bets.cards()
                for k, card in enumerate(cards(words[2], field)):
                    board: Obj = {"type": "board", "card": card}
                    self._note(board, note if k == 0 else None)
                    self.events.append(board)
            elif len(words) == 4 and words[1] == "dh":
                seat = self.seat(words[2], field)
                self.bets.cards()
                self.run.setdefault(seat, []).extend(cards(words[3], field))
                if note:
                    self.notes[seat] = "; ".join(filter(None, (self.notes.get(seat), note)))
            else:
                raise _bad_action(field, raw)
            return
        seat = self.seat(words[0], field)
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if verb == "sd" and len(args) <= 1:
            if self.run:
                self.flush()
            self.bets.cards()
            thrown = cards(args[0], field) if args else []
            discard: Obj = {"type": "discard", "seat": seat, "count": len(thrown)}
            if any(c != "??" for c in thrown):
                discard["_cards"] = thrown
            self._note(discard, note)
            self._drop(seat, thrown)
            self.draws.append(discard)
            return
        self.flush()
        event: Obj
        if verb == "pb" and not args:
            nominal = self.level.get("bring_in")
            if not isinstance(nominal, (int, Decimal)):
                raise PhhError(field, "a bring-in ('pb') needs the bring_in field")
            self.post(seat, "bring_in", nominal, live=True)
            event = self.events[-1]
        elif verb == "f" and not args:
            event = self.act(seat, "fold")
        elif verb == "cc" and not args:
            event = self.act(seat, "check" if self.bets.owed(seat) <= 0 else "call")
            self.bets.call(seat)
        elif verb == "cbr" and len(args) == 1:
            try:
                to = chips(Decimal(args[0]), field)
            except InvalidOperation:
                raise PhhError(field, f"expected an amount after cbr, got {args[0]!r}") from None
            small = self.level.get("small_bet", 0)
            assert isinstance(small, (int, Decimal))
            if self.stud and self.bets.street == 0 and self.bets.top < small:
                kind = "complete"
            else:
                kind = "bet" if self.bets.top == 0 else "raise"
            event = self.act(seat, kind, to)
            self.bets.raise_to(seat, to)
        elif verb == "sm" and len(args) <= 1:
            if not args:
                event = {"type": "muck", "seat": seat}
            else:
                shown = list(self.hands[seat]) if args[0] == "-" else cards(args[0], field)
                event = {"type": "show", "seat": seat, "cards": shown}
            self.events.append(event)
        else:
            raise _bad_action(field, raw)
        self._note(event, note)

    def act(self, seat: int, action: str, to: Chips | None = None) -> Obj:
        event: Obj = {"type": "act", "seat": seat, "action": action}
        if to is not None:
            event["to"] = to
        self.bets.acted = True
        self.events.append(event)
        return event

    def _drop(self, seat: int, thrown: list[str]) -> None:
        hand = self.hands[seat]
        for card in thrown:
            if card in hand:
                hand.remove(card)
            elif "??" in hand:
                hand.remove("??")

    def seat(self, word: str, field: str) -> int:
        seat = self.seat_by_word.get(word)
        if seat is not None:
            return seat
        match = _PLAYER.fullmatch(word)
        if not match or int(match[1]) > len(self.seat_of):
            raise PhhError(field, f"expected a player p1 to p{len(self.seat_of)}, got {word!r}")
        return self.seat_of[int(match[1]) - 1]


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
    variant = phh.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise PhhError("variant", f"expected one of {', '.join(VARIANTS)}, got {variant!r}")
    game, structure = VARIANTS[variant]
    stud = game in STUD_GAMES
    stacks = _amounts(phh, "starting_stacks", None)
    n = len(stacks)
    if n < 2:
        raise PhhError("starting_stacks", f"expected 2 players or more, got {n}")
    antes = _amounts(phh, "antes", n) if "antes" in phh else [0] * n
    blinds = [0] * n if stud else _amounts(phh, "blinds_or_straddles", n)
    seat_of, seat_count = _seating(phh, n)
    button = None if stud else seat_of[-1]
    level: Obj = {}
    if "level" in phh:
        number = phh["level"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise PhhError("level", f"expected a level number, got {number!r}")
        level["number"] = number
    # Who posts what: PHH lists forced bets by position (reversed heads-up).
    blind_at = [i for i in range(n) if blinds[i]]
    kinds = {i: ("sb", "bb")[k] if k < 2 else "straddle" for k, i in enumerate(blind_at)}
    if len(blind_at) == 1:
        kinds = {blind_at[0]: "bb"}
    bb_player = next((phh_index(i, n) for i, k in kinds.items() if k == "bb"), None)
    ante_at = [p for p in range(n) if antes[phh_index(p, n)]]
    bb_ante = ante_at == [bb_player] and bb_player is not None
    ante_amounts = [antes[phh_index(p, n)] for p in ante_at]
    for key, value in (
        ("small_blind", next((blinds[i] for i, k in kinds.items() if k == "sb"), 0)),
        ("big_blind", next((blinds[i] for i, k in kinds.items() if k == "bb"), 0)),
        ("ante", 0 if bb_ante else max(ante_amounts, default=0)),
        ("big_blind_ante", ante_amounts[0] if bb_ante else 0),
        ("bring_in", _level_amount(phh, "bring_in")),
        ("small_bet", _level_amount(phh, "small_bet")),
        ("big_bet", _level_amount(phh, "big_bet")),
    ):
        if value:
            level[key] = value
    reader = _Reader(game, seat_of, button, seat_count, dict(zip(seat_of, stacks, strict=True)), level)
    for p in ante_at:
        reader.post(seat_of[p], "bb_ante" if bb_ante else "ante", antes[phh_index(p, n)], live=False)
    for i in blind_at:
        reader.post(seat_of[phh_index(i, n)], kinds[i], blinds[i], live=True)
    actions = phh.get("actions")
    if not isinstance(actions, list):
        raise PhhError("actions", f"expected a list of action strings, got {actions!r}")
    for i, raw in enumerate(actions):
        reader.action(i, raw)
    reader.flush()
    names = phh.get("players", [f"p{i + 1}" for i in range(n)])
    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise PhhError("players", f"expected {n} player names, got {names!r}")
    log: Obj = {"floorman": 1, "game": game, "structure": structure, "seats": seat_count}
    if button is not None:
        log["button"] = button
    log["level"] = level
    extra = {k: plain(v) for k, v in phh.items() if k not in _USED}
    if hand is not None:
        log["hand"] = hand
        if "hand" in phh and str(phh["hand"]) != hand:
            extra["hand"] = phh["hand"]
    elif "hand" in phh:
        log["hand"] = phh["hand"]
    for key in ("table", "time"):
        if key in phh:
            log[key] = plain(phh[key])
    log["players"] = [
        {"seat": s, "name": name, "stack": stack} for s, name, stack in sorted(zip(seat_of, names, stacks, strict=True))
    ]
    log["omits"] = list(OMITS)
    if extra:
        log["_phh"] = extra
    log["events"] = reader.events
    if "_floorman" in phh:
        from floorman.formats.phh_write import restore

        restore(log, phh["_floorman"], actions)
    return log


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
