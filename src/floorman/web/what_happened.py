"""A hand nobody logged, told to the floor: "what happened" turned into a reconstructed hand log.

The table's game, level, button and players come from its last hand (carried over); the floor names
what went wrong (``Mishap``), the street it happened on, and what happened since in counts: how many
players acted and how many of them put chips in. The log is written as the table says it went (the
blinds posted, the deal in order, earlier betting rounds closed by calls and checks) and its ``omits``
names what nobody told the floor, so that a missing record is not read as an irregularity. The
engine rules on it like on any other log; nothing here decides anything.

Every family is told the same way, with the mishaps that happen in it (``mishaps_for``) and its own streets:
hold'em and Omaha pre-flop to the river; stud third to seventh street (the antes, the two down cards and the door
card, the bring-in, each later street burned and dealt, the seventh down); draw games before the draw and each
draw (a burn, then every seat still in draws one card, the seat told of drawing as the mishap says). What the
table does not say and the ruling does not rest on is written as the first one: the bring-in is the last seat
dealt in, and a stud street whose first to act the up cards would name is opened by the first seat in the deal.

>>> from floorman.engine.hand import rule
>>> header = {"floorman": 1, "game": "holdem", "seats": 6, "button": 6, "table": "12", "hand": "12-1",
...     "level": {"small_blind": 100, "big_blind": 200},
...     "players": [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, 7)]}
>>> told = Account(mishap=Mishap.FIRST_CARD_WRONG_SEAT, seat=2, acted=1, chips_in=1)
>>> log = reconstructed_log(header, told)
>>> log["omits"]
['boxed', 'burns']
>>> [e["action"] for e in log["events"] if e["type"] == "act"]
['call']
>>> rule(handlog.from_obj(log)).ruling.verdict.value
'misdeal'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from statistics import median_low
from typing import Any

from floorman.engine.hand import Hand
from floorman.fold.log import Omission
from floorman.fold.table import GAMES, Family, Game, GameSpec, Street
from floorman.fold.view import HandView
from floorman.formats import handlog
from floorman.web.problems import InvalidInput
from floorman.web.quick_deal import DealFlaws, board_street, initial_deal, next_board_street, stud_street
from floorman.web.table_setup import LEVEL_FIELDS, SeatEntry, TableSetup, blind_posts

__all__ = ["BOARD_STREETS", "CARRIED_LEVEL_FIELDS", "Account", "CarriedFacts", "Mishap", "account_from_form",
           "card_choices", "carried_facts", "corrected_setup", "mishaps_for", "reconstructed_log"]

Event = dict[str, Any]
BOARD_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
MAX_ACTED = 9


class Mishap(StrEnum):
    """What went wrong, as the floor hears it at the table."""

    FIRST_CARD_WRONG_SEAT = "first_card_wrong_seat"
    SEAT_SKIPPED = "seat_skipped"
    EXPOSED_CARD = "exposed_card"
    BOXED_CARD = "boxed_card"
    EXTRA_CARD = "extra_card"
    SHORT_CARD = "short_card"
    FOUR_CARD_FLOP = "four_card_flop"
    MISSING_BURN = "missing_burn"
    PREMATURE_CARD = "premature_card"
    FOREIGN_BACK = "foreign_back"
    DUPLICATE = "duplicate"
    DOWN_CARD_UP = "down_card_up"
    """Stud: a down card (one of the first two, or the seventh) dealt face up."""
    DOOR_CARD_DOWN = "door_card_down"
    """Stud: the door card (the third card) dealt face down."""
    DRAW_CARD_EXPOSED = "draw_card_exposed"
    """Draw games: a card dealt face up on a draw."""

    @property
    def needs_seat(self) -> bool:
        return self in _SEATED

    @property
    def names_card(self) -> bool:
        """The floor says which of the seat's cards (an exposed or boxed card in the deal, a stud down card up)."""
        return self in (Mishap.EXPOSED_CARD, Mishap.BOXED_CARD, Mishap.DOWN_CARD_UP)

    @property
    def on_the_board(self) -> bool:
        """It happens with a board card (a burn, a card too soon): never before the flop."""
        return self in (Mishap.MISSING_BURN, Mishap.PREMATURE_CARD)

    @property
    def after_the_first_street(self) -> bool:
        """It never happens on the game's first street: a burn or a board card, a card drawn."""
        return self.on_the_board or self is Mishap.DRAW_CARD_EXPOSED

    def asks_street(self, family: Family) -> bool:
        """The floor says the street (it is not fixed by the mishap in this family)."""
        return self not in _FIXED[family]

    @property
    def default_street(self) -> Street:
        """The street of a flop game's mishap when the floor does not say."""
        return _STREET.get(self, Street.PREFLOP)

    @property
    def omits(self) -> frozenset[Omission]:
        """What the floor was not told about: every record but the ones this mishap is about."""
        told = _TOLD.get(self, frozenset())
        return frozenset({Omission.BURNS, Omission.DEAL_ORDER, Omission.BOXED}) - told


def mishaps_for(family: Family) -> tuple[Mishap, ...]:
    """The mishaps a table of the family can have, in the order the floor is offered them.

    >>> [m.value for m in mishaps_for(Family.STUD)][:4]
    ['first_card_wrong_seat', 'seat_skipped', 'down_card_up', 'door_card_down']
    """
    return _OFFERED[family]


def card_choices(spec: GameSpec) -> tuple[int, ...]:
    """Which of a seat's cards the floor may name: every starting card; in stud the down cards (1, 2 and 7).

    >>> from floorman.fold.table import GAMES, Game
    >>> card_choices(GAMES[Game.RAZZ]), card_choices(GAMES[Game.BADUGI])
    ((1, 2, 7), (1, 2, 3, 4))
    """
    if spec.family is Family.STUD:
        ups = (*spec.initial_face_up, *spec.street_face_up)
        return tuple(n for n, up in enumerate(ups, start=1) if not up)
    return tuple(range(1, spec.hole_cards + 1))


_DEAL = frozenset({Mishap.FIRST_CARD_WRONG_SEAT, Mishap.SEAT_SKIPPED, Mishap.EXPOSED_CARD, Mishap.BOXED_CARD})
_STUD_DEAL = frozenset({Mishap.FIRST_CARD_WRONG_SEAT, Mishap.DOWN_CARD_UP, Mishap.DOOR_CARD_DOWN})
_SEATED = _DEAL | _STUD_DEAL | {Mishap.EXTRA_CARD, Mishap.SHORT_CARD, Mishap.FOREIGN_BACK, Mishap.DRAW_CARD_EXPOSED}
_FIXED: Mapping[Family, frozenset[Mishap]] = {
    Family.FLOP: _DEAL | {Mishap.FOUR_CARD_FLOP},
    Family.STUD: _STUD_DEAL,  # a seat is passed over on any street of stud
    Family.DRAW: _DEAL,
}
_STREET = {Mishap.FOUR_CARD_FLOP: Street.FLOP, Mishap.MISSING_BURN: Street.FLOP, Mishap.PREMATURE_CARD: Street.FLOP}
_OFFERED: Mapping[Family, tuple[Mishap, ...]] = {
    Family.FLOP: (Mishap.FIRST_CARD_WRONG_SEAT, Mishap.SEAT_SKIPPED, Mishap.EXPOSED_CARD, Mishap.BOXED_CARD,
                  Mishap.EXTRA_CARD, Mishap.SHORT_CARD, Mishap.FOUR_CARD_FLOP, Mishap.MISSING_BURN,
                  Mishap.PREMATURE_CARD, Mishap.FOREIGN_BACK, Mishap.DUPLICATE),
    Family.STUD: (Mishap.FIRST_CARD_WRONG_SEAT, Mishap.SEAT_SKIPPED, Mishap.DOWN_CARD_UP, Mishap.DOOR_CARD_DOWN,
                  Mishap.EXTRA_CARD, Mishap.SHORT_CARD, Mishap.MISSING_BURN, Mishap.FOREIGN_BACK, Mishap.DUPLICATE),
    Family.DRAW: (Mishap.FIRST_CARD_WRONG_SEAT, Mishap.SEAT_SKIPPED, Mishap.EXPOSED_CARD, Mishap.BOXED_CARD,
                  Mishap.DRAW_CARD_EXPOSED, Mishap.EXTRA_CARD, Mishap.SHORT_CARD, Mishap.FOREIGN_BACK,
                  Mishap.DUPLICATE),
}
_TOLD: Mapping[Mishap, frozenset[Omission]] = {
    Mishap.FIRST_CARD_WRONG_SEAT: frozenset({Omission.DEAL_ORDER}),
    Mishap.SEAT_SKIPPED: frozenset({Omission.DEAL_ORDER}),
    Mishap.EXPOSED_CARD: frozenset({Omission.DEAL_ORDER}),
    Mishap.BOXED_CARD: frozenset({Omission.DEAL_ORDER, Omission.BOXED}),
    Mishap.FOUR_CARD_FLOP: frozenset({Omission.BURNS}),
    Mishap.MISSING_BURN: frozenset({Omission.BURNS}),
    Mishap.PREMATURE_CARD: frozenset({Omission.BURNS}),
    Mishap.DOWN_CARD_UP: frozenset({Omission.DEAL_ORDER}),
    Mishap.DOOR_CARD_DOWN: frozenset({Omission.DEAL_ORDER}),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Account:
    """What the floor was told: the mishap, the seat it touched, where, and the action since."""

    mishap: Mishap
    seat: int | None = None
    card: int = 1
    """Which of the seat's cards (an exposed or boxed card in the deal): 1 = its first."""
    street: Street | None = None
    """The street it happened on (None: the mishap's own)."""
    acted: int = 0
    """Players who acted since (a premature card: who had acted on the street before it came)."""
    chips_in: int = 0
    """How many of them put chips in."""
    note: str = ""

    def where_in(self, family: Family, streets: Sequence[Street]) -> Street:
        """The street it happened on, in a game of the ``family`` dealing ``streets``: the floor's, unless the
        mishap fixes it (a stud down card names its street), else the mishap's own (the first it can be on)."""
        mishap = self.mishap
        if mishap is Mishap.DOWN_CARD_UP:
            return streets[-1] if self.card > 2 else streets[0]
        if self.street is not None and mishap.asks_street(family):
            return self.street
        if family is Family.FLOP:
            return mishap.default_street
        return streets[1] if mishap.after_the_first_street else streets[0]


def _form_int(form: Mapping[str, str], name: str, *, low: int, high: int, default: int) -> int:
    raw = form.get(name, "").strip()
    if not raw:
        return default
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise InvalidInput("error.web.what_happened.expected_number_from_got", field=name, low=low, high=high,
                           raw=repr(raw[:20]))
    return int(raw)


def account_from_form(form: Mapping[str, str], *, seats: int, hole_cards: int = 2,
                      game: GameSpec | None = None) -> Account:
    """The "what happened" form: ``mishap``, ``seat``, ``card`` (1 to the game's ``hole_cards``; with ``game``, one
    of its ``card_choices``), ``street`` (one of the game's), ``acted``, ``chips_in``, ``note``."""
    family = game.family if game is not None else Family.FLOP
    raw = form.get("mishap", "").strip()
    if not raw:
        raise InvalidInput("error.web.what_happened.tap_what_went_wrong", field="mishap")
    try:
        mishap = Mishap(raw)
    except ValueError:
        raise InvalidInput("error.web.what_happened.unknown_mishap", field="mishap", raw=repr(raw[:40])) from None
    if mishap not in mishaps_for(family):
        raise InvalidInput("error.web.what_happened.mishap_not_in_game", field="mishap", raw=repr(raw[:40]))
    seat = _form_int(form, "seat", low=1, high=seats, default=0) or None
    if mishap.needs_seat and seat is None:
        raise InvalidInput("error.web.what_happened.tap_seat_happened", field="seat")
    street_raw = form.get("street", "").strip()
    streets = game.streets if game is not None else BOARD_STREETS
    if street_raw and street_raw not in {s.value for s in streets}:
        if family is Family.FLOP:
            raise InvalidInput("error.web.what_happened.expected_preflop_flop_turn", field="street",
                               street_raw=repr(street_raw[:20]))
        raise InvalidInput("error.web.what_happened.street_not_in_game", field="street",
                           street_raw=repr(street_raw[:20]))
    acted = _form_int(form, "acted", low=0, high=MAX_ACTED, default=0)
    chips_in = _form_int(form, "chips_in", low=0, high=MAX_ACTED, default=0)
    if chips_in > acted:
        raise InvalidInput("error.web.what_happened.put_chips_but_only", field="chips_in", chips_in=chips_in,
                           acted=acted)
    choices = card_choices(game) if game is not None else tuple(range(1, hole_cards + 1))
    card = _form_int(form, "card", low=1, high=max(choices), default=choices[0])
    if card not in choices:
        raise InvalidInput("error.web.what_happened.card_not_offered", field="card", card=card)
    return Account(mishap=mishap, seat=seat if mishap.needs_seat else None, card=card,
                   street=Street(street_raw) if street_raw else None, acted=acted, chips_in=chips_in,
                   note=form.get("note", "").strip()[:500])


class _Log:
    """The log being written, read again by the engine after every step."""

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.header = dict(header)
        self.events: list[Event] = []

    def obj(self) -> dict[str, Any]:
        return {**self.header, "events": list(self.events)}

    @property
    def view(self) -> HandView:
        return Hand(handlog.from_obj(self.obj())).view

    def act(self, *, chips: bool) -> None:
        state = self.view
        seat = _due(state)
        if seat is None:
            raise InvalidInput("error.web.what_happened.one_left_act_street", field="acted")
        owes = state.seats[seat].street_bet < state.current_bet
        if chips:
            if owes:
                self.events.append({"type": "act", "seat": seat, "action": "call"})
            else:
                self.events.append({"type": "act", "seat": seat, "action": "bet", "to": _opening_bet(state)})
        else:
            self.events.append({"type": "act", "seat": seat, "action": "fold" if owes else "check"})

    def close_round(self) -> None:
        """The betting round played out with calls and checks (it does not bear on the ruling)."""
        for _ in range(2 * len(self.header.get("players", [])) + 2):
            state = self.view
            seat = _due(state)
            if seat is None:
                return
            owes = state.seats[seat].street_bet < state.current_bet
            self.events.append({"type": "act", "seat": seat, "action": "call" if owes else "check"})

    def actions(self, account: Account) -> None:
        for i in range(account.acted):
            self.act(chips=i < account.chips_in)


def _due(state: HandView) -> int | None:
    """The seat to act next; on a stud street whose first to act the up cards would name (faces nobody told the
    floor), the first seat still in, in the deal's order."""
    seat = state.next_to_act
    if seat is None and state.is_stud and not state.round_started and not state.hand_over:
        live = [s for s in state.entitled_order() if state.seats[s].in_hand]
        return live[0] if len(live) > 1 else None
    return seat


def _opening_bet(state: HandView) -> int:
    level = state.level
    return int(level.big_blind or level.small_bet or 1)


def _deal_flaws(account: Account) -> DealFlaws:
    seat, card = account.seat, account.card
    match account.mishap:
        case Mishap.FIRST_CARD_WRONG_SEAT:
            return DealFlaws(first_seat=seat)
        case Mishap.SEAT_SKIPPED:
            return DealFlaws(skipped_seat=seat)
        case Mishap.EXPOSED_CARD if seat is not None:
            return DealFlaws(face_up=(seat, card))
        case Mishap.DOWN_CARD_UP if seat is not None and card <= 2:
            return DealFlaws(face_up=(seat, card))
        case Mishap.BOXED_CARD if seat is not None:
            return DealFlaws(boxed=(seat, card))
    return DealFlaws()


def _found(account: Account, state: HandView) -> list[Event]:
    """The discovery that ends the account (cards counted, a back or a twin seen)."""
    seat = account.seat
    match account.mishap:
        case Mishap.EXTRA_CARD | Mishap.SHORT_CARD if seat is not None:
            due = state.spec.hole_cards + (state.street_idx if state.is_stud else 0)
            held = due + (1 if account.mishap is Mishap.EXTRA_CARD else -1)
            return [{"type": "discover", "what": "wrong_count", "seat": seat, "count": held}]
        case Mishap.FOREIGN_BACK if seat is not None:
            return [{"type": "discover", "what": "foreign_back", "where": "hand", "seat": seat}]
        case Mishap.DUPLICATE:
            return [{"type": "discover", "what": "duplicate"}]
    return []


def reconstructed_log(header: Mapping[str, Any], account: Account) -> dict[str, Any]:
    """The hand log (section 1 and 2 of the format) the account makes, ending with the floor call."""
    head = {k: v for k, v in header.items() if k != "events"}
    head["omits"] = sorted(o.value for o in account.mishap.omits)
    log = _Log(head)
    spec = log.view.spec
    if account.mishap not in mishaps_for(spec.family):
        raise InvalidInput("error.web.what_happened.mishap_not_in_game", field="mishap",
                           raw=repr(account.mishap.value))
    where = account.where_in(spec.family, spec.streets)
    if where not in spec.streets:
        raise InvalidInput("error.web.what_happened.street_not_in_game", field="street", street_raw=repr(where.value))
    first = where is spec.streets[0]
    if first and account.mishap.after_the_first_street:
        if spec.family is Family.FLOP:
            raise InvalidInput("error.web.what_happened.burn_board_card_comes", field="street")
        raise InvalidInput("error.web.what_happened.comes_after_first_street", field="street")
    log.events += blind_posts(handlog.from_obj(log.obj()))
    log.events += initial_deal(log.view, flaws=_deal_flaws(account) if first else DealFlaws())
    match spec.family:
        case Family.FLOP:
            _board_streets(log, account, where)
        case Family.STUD:
            _stud_streets(log, account, where)
        case Family.DRAW:
            _draws(log, account, where)
    if account.mishap is not Mishap.PREMATURE_CARD:
        log.actions(account)
    log.events += _found(account, log.view)
    floor: Event = {"type": "floor"}
    if account.note:
        floor["note"] = account.note
    log.events.append(floor)
    return log.obj()


def _board_streets(log: _Log, account: Account, where: Street) -> None:
    """Hold'em and Omaha: each betting round closed, then the flop, turn and river up to ``where``."""
    for street in BOARD_STREETS[1:BOARD_STREETS.index(where) + 1]:
        before = street is where
        if before and account.mishap is Mishap.PREMATURE_CARD:
            log.actions(account)
        else:
            log.close_round()
        if next_board_street(log.view) is not street:
            raise InvalidInput("error.web.what_happened.cannot_dealt_hand", field="street", value=street.value)
        cards = 4 if before and account.mishap is Mishap.FOUR_CARD_FLOP else None
        log.events += board_street(log.view, cards=cards, burn=not (before and account.mishap is Mishap.MISSING_BURN))


def _stud_streets(log: _Log, account: Account, where: Street) -> None:
    """Stud: the door card down if so told, the bring-in (the last seat dealt in), then each street to ``where``
    after its betting round, burned (unless the burn is the mishap) and dealt (a seat passed over, a down card up)."""
    if account.mishap is Mishap.DOOR_CARD_DOWN:
        door = next(i for i in range(len(log.events) - 1, -1, -1)
                    if log.events[i].get("seat") == account.seat and log.events[i]["type"] == "deal")
        log.events[door] = {"type": "deal", "seat": account.seat}
    state = log.view
    level = state.level
    if level.bring_in:
        log.events.append({"type": "post", "seat": state.entitled_order()[-1], "blind": "bring_in",
                           "amount": level.bring_in})
    streets = state.spec.streets
    for street in streets[1:streets.index(where) + 1]:
        log.close_round()
        if log.view.street_idx + 1 >= len(streets) or streets[log.view.street_idx + 1] is not street:
            raise InvalidInput("error.web.what_happened.cannot_dealt_hand", field="street", value=street.value)
        here = street is where
        dealt = stud_street(log.view, burn=not (here and account.mishap is Mishap.MISSING_BURN))
        if here and account.mishap is Mishap.SEAT_SKIPPED:
            dealt = [e for e in dealt if e.get("seat") != account.seat]
        if here and account.mishap is Mishap.DOWN_CARD_UP:
            dealt = [{**e, "face_up": True} if e.get("seat") == account.seat else e for e in dealt]
        log.events += dealt


def _draws(log: _Log, account: Account, where: Street) -> None:
    """Draw games: each betting round closed, then each draw to ``where``: a burn, and every seat still in
    discards one card and is dealt one, the told seat as the mishap says (one card too many or too few, the card
    dealt face up)."""
    streets = log.view.spec.streets
    for street in streets[1:streets.index(where) + 1]:
        log.close_round()
        here = street is where
        state = log.view
        log.events.append({"type": "burn"})
        for seat in (s for s in state.entitled_order() if state.seats[s].in_hand):
            told = here and seat == account.seat
            dealt = 1
            if told and account.mishap is Mishap.EXTRA_CARD:
                dealt = 2
            elif told and account.mishap is Mishap.SHORT_CARD:
                dealt = 0
            log.events.append({"type": "discard", "seat": seat, "count": 1})
            for n in range(dealt):
                card: Event = {"type": "deal", "seat": seat}
                if told and n == 0 and account.mishap is Mishap.DRAW_CARD_EXPOSED:
                    card["face_up"] = True
                log.events.append(card)
        if log.view.street is not street:
            raise InvalidInput("error.web.what_happened.cannot_dealt_hand", field="street", value=street.value)


CARRIED_LEVEL_FIELDS = ("number", *LEVEL_FIELDS)
"""The level's fields the floor may correct on "what happened" (form fields ``level_<field>``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedFacts:
    """What a hand told to the floor rests on that came over from the table's last hand (the rotation's button,
    the level, who is dealt in), and which of it the floor corrected before the ruling. A stud table has no button
    (None)."""

    button: int | None
    level: Mapping[str, int]
    dealt: tuple[int, ...]
    button_corrected: bool = False
    level_corrected: bool = False
    players_corrected: bool = False

    def obj(self) -> dict[str, Any]:
        """The record a filed hand keeps of it (its header's ``_carried_over``)."""
        return {"button": self.button, "corrected": self.button_corrected, "level": dict(self.level),
                "level_corrected": self.level_corrected, "dealt": list(self.dealt),
                "players_corrected": self.players_corrected}


def _dealt_in(setup: TableSetup) -> tuple[int, ...]:
    return tuple(sorted(p.seat for p in setup.players if p.status != "waiting"))


def carried_facts(carried: TableSetup, setup: TableSetup) -> CarriedFacts:
    """The facts ``setup`` rests on, each marked corrected where it differs from the ``carried`` one."""
    stud = GAMES[Game(setup.game)].family is Family.STUD
    return CarriedFacts(button=None if stud else setup.button, level=dict(setup.level), dealt=_dealt_in(setup),
                        button_corrected=not stud and setup.button != carried.button,
                        level_corrected=dict(setup.level) != dict(carried.level),
                        players_corrected=_dealt_in(setup) != _dealt_in(carried))


def _whole(raw: str, *, field: str, low: int, high: int) -> int:
    if not (raw.isascii() and raw.isdigit()) or not low <= int(raw) <= high:
        raise InvalidInput("error.web.table_setup.expected_whole_number_from", field=field, low=low, high=high,
                           raw=repr(raw[:20]))
    return int(raw)


def corrected_setup(setup: TableSetup, form: Mapping[str, str], dealt: Sequence[str] | None = None) -> TableSetup:
    """The carried-over table with the floor's corrections, each one tap on "what happened": the ``button``
    (the blinds follow it), the level (``level_number``, ``level_small_blind`` ...) and, with ``players_told``
    set, the seats ``dealt`` in (a seat tapped off had no hand; an empty seat tapped on had a new player, dealt
    in with the table's middle stack). Nothing is stored: the result is the draft's table.

    >>> table = TableSetup(table_name="9", hand_number="2", dealer="", seats=6, button=1,
    ...                    level={"number": 9, "small_blind": 300, "big_blind": 600},
    ...                    players=tuple(SeatEntry(seat=s, name=f"P{s}", stack=1000 * s) for s in (1, 2, 3)))
    >>> fixed = corrected_setup(table, {"button": "2", "level_number": "10", "level_big_blind": "800",
    ...                                 "players_told": "1"}, dealt=["1", "3", "5"])
    >>> fixed.button, dict(fixed.level), [(p.seat, p.stack) for p in fixed.players]
    (2, {'number': 10, 'small_blind': 300, 'big_blind': 800}, [(1, 1000), (3, 3000), (5, 2000)])
    """
    raw = (form.get("button") or "").strip()
    if raw and raw != str(setup.button):
        setup = replace(setup, button=_whole(raw, field="button", low=1, high=setup.seats))
    level = dict(setup.level)
    for name in CARRIED_LEVEL_FIELDS:
        raw = (form.get(f"level_{name}") or "").strip()
        if raw:
            level[name] = _whole(raw, field=f"level_{name}", low=0, high=10**12)
    if level != dict(setup.level):
        setup = replace(setup, level=level)
    if form.get("players_told") and dealt is not None:
        seats = {_whole(s.strip(), field="dealt", low=1, high=setup.seats) for s in dealt if s.strip()}
        if len(seats) < 2:
            raise InvalidInput("error.web.what_happened.two_players_dealt_in", field="dealt")
        stacks = [p.stack for p in setup.players] or [0]
        kept = [replace(p, status="present") if p.status == "waiting" and p.seat in seats else p
                for p in setup.players if p.seat in seats or p.status == "waiting"]
        new = [SeatEntry(seat=s, name="", stack=median_low(stacks))
               for s in sorted(seats - {p.seat for p in setup.players})]
        players = tuple(sorted([*kept, *new], key=lambda p: p.seat))
        if players != setup.players:
            setup = replace(setup, players=players)
    return setup
