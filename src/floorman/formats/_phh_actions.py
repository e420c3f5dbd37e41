"""A PHH hand's ``actions`` list read into hand-log events, in the deck's physical order.

``ActionReader`` reads the action strings into the engine's events (made by ``_phh_events``), of
which ``phh.read_log`` builds its ``HandLog`` and ``phh.to_hand_log`` writes its dict.
An action string is first read apart from the hand (``_parse``, kept for the next time the same
string comes, as folds and calls do), then applied to the hand; every error is raised where
and as it always was, naming ``actions[i]``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from itertools import chain
from typing import Any

from floorman.errors import LogFieldError, shown
from floorman.fold.bets import after_bet, street_target
from floorman.fold.events import Action, Event
from floorman.fold.rotation import deal_ring
from floorman.fold.table import GAMES, Chips, Family
from floorman.formats import _phh_events as make
from floorman.formats.checks import MAX_CHIPS, MAX_DISCARD, MAX_SHOWN
from floorman.locale import Message

__all__ = ["STUD_GAMES", "ActionReader", "Betting", "PhhError", "cards", "chips", "up_card"]

Obj = dict[str, object]

STUD_GAMES = frozenset(spec.game.value for spec in GAMES.values() if spec.family is Family.STUD)
_RANKS, _SUITS = "23456789TJQKA", "cdhs"
_CARD_OF = {r + s: "??" if "?" in (r, s) else r + s for r in _RANKS + "?" for s in _SUITS + "?"}
"""Every two-character PHH card, as the hand-log card it is."""
_FIELDS = [f"actions[{i}]" for i in range(256)]
"""The names of the first actions' fields, made once."""
_WHOLE_DIGITS = 18
"""Bets of up to this many digits are read as whole numbers directly (``chips`` caps them at ``MAX_CHIPS``)."""
_PLAYER = re.compile(r"p([1-9][0-9]{0,3})")
_PLAYER_WORDS = [f"p{k}" for k in range(1, 11)]
"""How actions name the players of a table (ten at most); ``ActionReader.seat`` reads any other."""


class PhhError(ValueError):
    """A hand history that cannot be read or written: the field, and a message id of the catalog with its
    parameters (``what``); the reader of a file makes it the ``LogFieldError`` it stands for.

    >>> err = PhhError("variant", "error.value.one_of", allowed="NT, FT", got="'XX'")
    >>> str(err), err.error().say("vi")
    ("field 'variant': expected one of NT, FT, got 'XX'", "trường 'variant': cần một trong các giá trị NT, FT, nhận được 'XX'")
    """

    def __init__(self, field: str, what: str | Message, /, **params: Any) -> None:
        self.field = field
        self.what = what if isinstance(what, Message) else Message.of(what, **params)
        super().__init__(self.error().say())

    def error(self, *, source: str | None = None) -> LogFieldError:
        """The error of the hand log this history stands for."""
        return LogFieldError(self.what, field=self.field, source=source)


def chips(value: object, field: str) -> Chips:
    """A chip amount: ``int``, or a finite ``Decimal`` that is not a whole number."""
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(field, "error.value.chips", got=shown(value))
    if isinstance(value, Decimal) and not value.is_finite():
        raise PhhError(field, "error.value.chips_finite", got=str(value))
    if value > MAX_CHIPS:  # before any conversion: 1e999999999 must not become an int
        raise PhhError(field, "error.value.chips_most", high=MAX_CHIPS, got=f"{Decimal(value):.6g}")
    if value < 0:
        raise PhhError(field, "error.value.chips_negative", got=str(value))
    if isinstance(value, Decimal) and value == value.to_integral_value():
        value = int(value)
    return value


def cards(text: str, field: str) -> list[str]:
    """PHH cards (``AsKd``, ``????``) as hand-log cards; a face with ``?`` in it is ``??``."""
    if len(text) % 2:
        raise PhhError(field, "error.phh.cards", got=shown(text))
    try:
        if len(text) == 4:  # the usual hole cards
            return [_CARD_OF[text[:2]], _CARD_OF[text[2:]]]
        return [_CARD_OF[text[i:i + 2]] for i in range(0, len(text), 2)]
    except KeyError:
        raise PhhError(field, "error.phh.cards", got=shown(text)) from None


def up_card(game: str, dealt_before: int) -> bool:
    """Stud: the 3rd to 6th cards of a seat are dealt face up."""
    return game in STUD_GAMES and 2 <= dealt_before <= 5


class Betting:
    """A hand's bets as the fold counts them (``fold.bets``): what each seat has put in on this street and in the
    hand, the street's bet and its last raise; whether anyone acted on the street tells a check from a call."""

    __slots__ = ("acted", "last_raise", "put", "spent", "stacks", "street", "top")

    def __init__(self, stacks: Mapping[int, Chips]) -> None:
        self.stacks = stacks
        self.top: Chips = 0
        self.last_raise: Chips = 0
        self.put: dict[int, Chips] = {}
        self.spent: dict[int, Chips] = {}
        self.street = 0
        self.acted = False

    def cards(self) -> None:
        """Cards come out: a betting round that saw action is over."""
        if self.acted:
            self.street, self.top, self.last_raise, self.put, self.acted = self.street + 1, 0, 0, {}, False

    def remaining(self, seat: int) -> Chips:
        """The chips the seat has behind what it has put in."""
        return self.stacks[seat] - self.spent.get(seat, 0)

    def pay(self, seat: int, amount: Chips, *, live: bool) -> None:
        """A forced bet; a live one counts toward the street's bet."""
        self.spent[seat] = self.spent.get(seat, 0) + amount
        if live:
            put = self.put[seat] = self.put.get(seat, 0) + amount
            self.top = max(self.top, put)

    def owed(self, seat: int) -> Chips:
        """What a call costs the seat (0 or less: it checks)."""
        return self.top - self.put.get(seat, 0)

    def target(self, seat: int, action: Action, to: Chips | None, *, limit: bool = False, fixed: Chips = 0) -> Chips:
        """What the action brings the seat's bet on this street to (``street_target``): ``to`` when given, else a
        call to the street's bet, all in to all the seat has, a limit game's bet, raise or completion by ``fixed``;
        never more than the seat has."""
        return street_target(action, to, street_bet=self.put.get(seat, 0), remaining=self.remaining(seat),
                             current_bet=self.top, last_raise=self.last_raise, limit=limit, fixed=fixed)

    def bring(self, seat: int, target: Chips) -> None:
        """The seat acted, its bet on this street now ``target``: the street's bet and last raise follow
        (``after_bet``)."""
        put = self.put.get(seat, 0)
        if target > put:
            self.spent[seat] = self.spent.get(seat, 0) + target - put
            self.put[seat] = target
            self.top, self.last_raise, _ = after_bet(target, self.top, self.last_raise)
        self.acted = True


_Step = tuple[str, str, str, "tuple[str, ...] | None", "int | None", "str | None"]
"""An action string read, apart from the hand: (kind, player word, argument, the argument read as cards, the
argument read as a whole amount, note). The kind is the verb of a player's action (``f``, ``cc``, ``cbr``,
``sm``, ``sd``, ``pb``; ``?`` for none known), ``dh`` or ``db`` for the dealer's (``d?`` for none known), or
empty for an empty action. What cannot be read (cards that are not cards, say) is left ``None``, for
``ActionReader`` to say so when it comes to it, in the order the checks are made."""
_STEPS: dict[str, _Step] = {}
"""The action strings read so far: folds, calls, bets and hole cards recur from hand to hand."""
_STEPS_LIMIT = 16384
"""How many action strings to keep (a few MB at most): past this the cache is emptied and fills again with what
recurs. Hole cards dealt face up in the history make most of the strings (``d dh p3 Ks2s``)."""
_PLAYER_VERBS = {"sd": 1, "f": 0, "cc": 0, "cbr": 1, "pb": 0, "sm": 1}
"""The verbs of a player's action, and how many arguments each takes at most (``cbr`` exactly one)."""


def _parse(raw: str) -> _Step:
    """Read an action string apart from the hand (see ``_Step``), and keep it for the next time it comes."""
    note: str | None = None
    if "#" in raw:
        body, _, comment = raw.partition("#")
        note, words = comment.strip(), body.split()
    else:
        words = raw.split()
    step: _Step
    if not words:
        step = ("", "", "", None, None, note)
    elif words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            step = ("dh", words[2], words[3], _cards_or_none(words[3]), None, note)
        elif len(words) == 3 and words[1] == "db":
            step = ("db", "", words[2], _cards_or_none(words[2]), None, note)
        else:
            step = ("d?", "", "", None, None, note)
    else:
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        most = _PLAYER_VERBS.get(verb)
        if most is None or len(args) > most or (verb == "cbr" and not args):
            step = ("?", words[0], "", None, None, note)
        else:
            text = args[0] if args else ""
            step = (verb, words[0], text, _cards_or_none(text), _whole(text) if verb == "cbr" else None, note)
    if step[0] != "db":  # (a board is mostly new: its cards are kept, not its string)
        if len(_STEPS) >= _STEPS_LIMIT:
            _STEPS.clear()
        _STEPS[raw] = step
    return step


_CARD_TEXTS: dict[str, tuple[str, ...] | None] = {}
"""Hole cards as written (``AsKd``), read: there are fewer of them than of the strings that deal them."""
_CARD_TEXT_KEPT = 4
"""The longest text of cards kept (two cards): longer ones, boards most of all, are mostly new."""
_CARD_TEXTS_LIMIT = 8192
"""How many texts of cards to keep (every pair of PHH cards fits): past this the cache is emptied."""


def _cards_or_none(text: str) -> tuple[str, ...] | None:
    if text in _CARD_TEXTS:
        return _CARD_TEXTS[text]
    try:
        read: tuple[str, ...] | None = tuple(cards(text, ""))
    except PhhError:
        read = None
    if len(text) <= _CARD_TEXT_KEPT:
        if len(_CARD_TEXTS) >= _CARD_TEXTS_LIMIT:
            _CARD_TEXTS.clear()
        _CARD_TEXTS[text] = read
    return read


def _field(i: int) -> str:
    return _FIELDS[i] if i < len(_FIELDS) else f"actions[{i}]"


def _whole(amount: str) -> int | None:
    """The amount ``chips(Decimal(amount))`` reads from ASCII digits (in range), else ``None``."""
    if amount.isdigit() and amount.isascii() and len(amount) <= _WHOLE_DIGITS:
        value = int(amount)
        return value if value <= MAX_CHIPS else None
    return None


def _bad_action(field: str, raw: str) -> PhhError:
    return PhhError(field, "error.phh.action", got=shown(raw))


class ActionReader:
    """Turns the ``actions`` list into events, keeping the deck's physical order; ``checked`` stays true while
    every event is one a hand log allows (no post of less than nothing, no more cards shown or thrown than a
    log holds)."""

    __slots__ = (
        "bets", "button", "checked", "draws", "events", "hands", "level", "notes", "run", "seat_by_word",
        "seat_count", "seat_of", "stacks", "stud",
    )

    def __init__(self, game: str, seat_of: list[int], button: int | None, seat_count: int,
                 stacks: dict[int, Chips], level: Obj) -> None:
        self.seat_of, self.button, self.seat_count = seat_of, button, seat_count
        self.seat_by_word = dict(zip(_PLAYER_WORDS, seat_of, strict=False))
        self.stacks, self.level = stacks, level
        self.checked = True
        self.stud = game in STUD_GAMES
        self.events: list[Event] = []
        self.hands: dict[int, list[str]] = {s: [] for s in seat_of}
        self.bets = Betting(stacks)
        self.run: dict[int, list[str]] = {}
        self.notes: dict[int, str] = {}
        self.draws: list[tuple[int, Event]] = []

    def post(self, seat: int, blind: str, nominal: Chips, *, live: bool, note: str | None = None) -> None:
        amount = min(nominal, self.bets.remaining(seat))
        if amount < 0:
            self.checked = False
        self.bets.pay(seat, amount, live=live)
        self.events.append(make.post(seat, blind, amount, note))

    def _deal(self, seat: int, card: str, note: str | None) -> None:
        hand = self.hands[seat]
        self.events.append(make.deal(seat, card, self.stud and 2 <= len(hand) <= 5, note))
        hand.append(card)

    def flush(self) -> None:
        """Emit the pending hole cards: a draw seat by seat, a deal round by round."""
        run, notes = self.run, self.notes
        for seat, discard in self.draws:
            self.events.append(discard)
            for k, card in enumerate(run.pop(seat, [])):
                self._deal(seat, card, notes.pop(seat, None) if k == 0 else None)
        self.draws = []
        if run:
            # the seats of this deal, from the button's left (from seat 1 without a button)
            order = list(deal_ring(seats=max(self.seat_count, *run), after=self.button, dealt=run))
            rows = list(map(run.__getitem__, order))
            if not self.stud and not notes and len(set(map(len, rows))) == 1:  # the usual deal, face down: in one go
                dealt = list(chain.from_iterable(zip(*rows, strict=True)))  # round by round
                self.events += make.hole_cards(order * len(rows[0]), dealt)
                for seat, row in zip(order, rows, strict=True):
                    self.hands[seat] += row
            else:
                self._deal_rounds(order)
        self.run, self.notes = {}, {}

    def _deal_rounds(self, order: list[int]) -> None:
        run, notes = self.run, self.notes
        for k in range(max(map(len, run.values()))):
            for seat in order:
                dealt = run[seat]
                if k < len(dealt):
                    self._deal(seat, dealt[k], notes.pop(seat, None) if k == 0 else None)

    def action(self, i: int, raw: object) -> None:
        """Read the action at index ``i`` (its errors name ``actions[i]``)."""
        if not isinstance(raw, str):
            raise PhhError(_field(i), "error.phh.action_text", got=shown(raw))
        step = _STEPS.get(raw) or _parse(raw)
        kind, word, text, dealt, _, note = step
        if kind == "dh":
            seat = self.seat_by_word.get(word) or self.seat(word, _field(i))
            if self.bets.acted:
                self.bets.cards()
            self.run.setdefault(seat, []).extend(dealt if dealt is not None else cards(text, _field(i)))
            if note:
                self.notes[seat] = "; ".join(filter(None, (self.notes.get(seat), note)))
        elif kind == "db":
            if self.run or self.draws:
                self.flush()
            if self.bets.acted:
                self.bets.cards()
            for k, card in enumerate(dealt if dealt is not None else cards(text, _field(i))):
                self.events.append(make.board(card, note if k == 0 else None))
        elif kind == "d?":
            raise _bad_action(_field(i), raw)
        elif kind:
            self._player(i, raw, step, self.seat_by_word.get(word) or self.seat(word, _field(i)))

    def _player(self, i: int, raw: str, step: _Step, seat: int) -> None:
        """A player's action (``kind`` is the verb), the player's seat already known."""
        kind, _, text, dealt, amount, note = step
        if kind == "sd":  # (no cards thrown read as none: an empty tuple)
            self._discard(seat, list(dealt) if dealt is not None else cards(text, _field(i)), note)
            return
        if self.run or self.draws:
            self.flush()
        if kind == "f":
            self.act(seat, "fold", None, note)
        elif kind == "cc":
            bets = self.bets
            owed = bets.owed(seat)
            self.act(seat, "check" if owed <= 0 else "call", None, note)
            if owed > 0:  # a check moves no chips
                bets.bring(seat, bets.target(seat, Action.CALL, None))
        elif kind == "cbr":
            self._bet(seat, text, amount, _field(i), note)
        elif kind == "pb":
            nominal = self.level.get("bring_in")
            if not isinstance(nominal, (int, Decimal)):
                raise PhhError(_field(i), "error.phh.bring_in")
            self.post(seat, "bring_in", nominal, live=True, note=note)
        elif kind == "sm" and not text:
            self.events.append(make.muck(seat, note))
        elif kind == "sm":
            shown = list(self.hands[seat]) if text == "-" else list(dealt) if dealt is not None else cards(text, _field(i))
            if len(shown) > MAX_SHOWN:
                self.checked = False
            self.events.append(make.show(seat, shown, note))
        else:
            raise _bad_action(_field(i), raw)

    def _discard(self, seat: int, thrown: list[str], note: str | None) -> None:
        if self.run:
            self.flush()
        self.bets.cards()
        if len(thrown) > MAX_DISCARD:
            self.checked = False
        discard = make.discard(seat, thrown, note)
        self._drop(seat, thrown)
        self.draws.append((seat, discard))

    def _bet(self, seat: int, amount: str, whole: int | None, field: str, note: str | None) -> None:
        to: Chips | None = whole
        if to is None:
            try:
                to = chips(Decimal(amount), field)
            except InvalidOperation:
                raise PhhError(field, "error.phh.amount_after_cbr", got=shown(amount)) from None
        small = self.level.get("small_bet", 0)
        assert isinstance(small, (int, Decimal))
        if self.stud and self.bets.street == 0 and self.bets.top < small:
            kind = "complete"
        else:
            kind = "bet" if self.bets.top == 0 else "raise"
        self.act(seat, kind, to, note)
        self.bets.bring(seat, self.bets.target(seat, Action.RAISE, to))

    def act(self, seat: int, action: str, to: Chips | None, note: str | None) -> None:
        self.bets.acted = True  # (a call or a raise says so again)
        self.events.append(make.act(seat, action, to, note))

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
            raise PhhError(field, "error.phh.player", most=len(self.seat_of), got=shown(word))
        return self.seat_of[int(match[1]) - 1]

