"""The quick screen's copy of the fold, narrowed to the usual hand of a flop game (see ``screen``).

``Hand`` takes the events of a hand (``screen`` reads them from a decoded line or from a log)
with the fold's own steps (``betting``, ``dealing``, ``streets``, ``cardcheck``, ``hand``),
narrowed to the hand where every player is dealt in and present and nothing unusual happens.
Where the fold would record a finding, or meets something the screen does not follow, ``Hand``
raises ``Unusual`` and the full engine takes the hand. Each method names the step of the fold it
copies; the screen's tests compare the two on every sample hand and on hands broken on purpose.
"""

from __future__ import annotations

from typing import Final

import msgspec

from floorman.betting import after_bet, fixed_bet, street_target
from floorman.cards import short_deck, standard_deck
from floorman.events import (
    Action,
    BlindKind,
)
from floorman.formats._fields import plain_chips
from floorman.table import Chips

__all__ = ["ACTION_CODES", "BLIND_CODES", "MAX_SHOWN", "Hand", "Unusual", "chips"]

_UNSET: Final = msgspec.UNSET
MAX_SHOWN: Final = 10
"""The most cards a ``show`` event may list (``_events.MAX_SHOWN``)."""
_DECKS: Final = (
    {card: 1 << i for i, card in enumerate(standard_deck())},
    {card: 1 << i for i, card in enumerate(short_deck())},
)
"""Each deck's cards (long, short), each with a bit of its own: the cards seen are one integer."""

# actions by code (an integer compares in one step; the screen's kernel in C knows them by the same codes);
# the others put chips in (betting._STREET_BETS)
_FOLD: Final = 0
_CHECK: Final = 1
_BET: Final = 2
_RAISE: Final = 3
ACTION_CODES: Final = {Action.FOLD: _FOLD, Action.CHECK: _CHECK, Action.BET: _BET, Action.RAISE: _RAISE,
                        Action.CALL: 4, Action.COMPLETE: 5, Action.ALL_IN: 6}
# blinds by code: dead ones (0) put no chips into the street's bet
BLIND_CODES: Final = {BlindKind.ANTE: 0, BlindKind.BIG_BLIND_ANTE: 0, BlindKind.DEAD: 0, BlindKind.SMALL_BLIND: 1,
                       BlindKind.BIG_BLIND: 2, BlindKind.STRADDLE: 3}



class Unusual(Exception):
    """Not a hand the screen follows: the full reader and engine take it."""


def chips(value: object) -> Chips:
    """An amount as the reader takes it (``_fields.plain_chips``); ``Unusual`` for any other."""
    amount = plain_chips(value)
    if amount is None:
        raise Unusual
    return amount


class _Seat:
    """One seat's part of the hand, as ``state.SeatState`` keeps it (every player is dealt in and present)."""

    def __init__(self, seat: int, stack: Chips) -> None:
        self.seat = seat
        self.stack: Chips = stack
        self.committed: Chips = 0
        self.street_bet: Chips = 0
        self.acted = False
        self.folded = False
        self.all_in = False
        self.cards: list[str] = []


class Hand:
    """The hand as the fold follows it, for the events the screen knows; ``Unusual`` at anything else.

    Each step is the fold's own (``betting``, ``dealing``, ``streets``, ``cardcheck``) narrowed to
    the hand where every player is dealt in and present; where the fold would record a finding,
    the screen stops.
    """

    def __init__(self, *, seats: int, button: int, hole_cards: int, short: bool, limit: bool, burns_omitted: bool,
                 order_omitted: bool, big_blind: Chips, small_bet: Chips, big_bet: Chips) -> None:
        self.n = hole_cards
        self.deck = _DECKS[1 if short else 0]
        self.limit = limit
        self.burns_omitted = burns_omitted
        self.order_omitted = order_omitted
        self.big_blind: Chips = big_blind
        self.small_bet: Chips = small_bet
        self.big_bet: Chips = big_bet
        self.table_seats = seats
        self.at: list[_Seat | None] = [None] * (seats + 1)
        """The seats by number (``None`` where no one sits): ``sit`` fills them."""
        self.listed: list[_Seat] = []
        self.button = button
        self.order: list[int] = []
        """The seats in dealing order, from the first left of the button: ``seated`` works it out."""
        self.seen = 0
        """The cards seen so far, a bit each (``_DECKS``)."""
        self.actions: list[Action] = []
        self.street = 0
        """0 preflop, 1 flop, 2 turn, 3 river."""
        self.board = [0, 0, 0, 0]
        self.burns = [0, 0, 0, 0]
        self.current_bet: Chips = 0
        self.last_raise: Chips = 0
        self.pointer = 0
        """The seat the turn moves on from (0: not known yet)."""
        self.round_started = False
        self.initial_open = True
        self.dealt = 0
        self.hand_over = False
        self.sb_seat = 0
        self.bb_seat = 0
        self.straddle = 0
        self.board_events = 0
        self.tabled = 0
        """The seats that showed or mucked at the end, a bit each."""
        self.in_hand = 0
        self.can = 0
        self.only: _Seat | None = None
        self.due = 0
        self.after = 0
        self.first = 0

    def sit(self, number: int, stack: Chips) -> None:
        """A player at ``number`` with ``stack``, dealt in and present."""
        if not 1 <= number <= self.table_seats or self.at[number] is not None:
            raise Unusual
        seat = _Seat(number, stack)
        self.at[number] = seat
        self.listed.append(seat)

    def seated(self) -> None:
        """Everyone is seated: the dealing order (``HandState.entitled_order``)."""
        seats = self.table_seats
        at = self.at
        for i in range(seats):
            number = (self.button + i) % seats + 1
            if at[number] is not None:
                self.order.append(number)
        if len(self.order) < 2:
            raise Unusual

    # -- the events ---------------------------------------------------------------------------

    def see(self, card: str) -> None:
        """``cardcheck.see`` for a card in plain view: the usual card is remembered, any other is unusual."""
        bit = self.deck.get(card, 0)
        if bit and not self.seen & bit:
            self.seen |= bit
        elif card != "??":
            raise Unusual  # seen twice, not of this deck, a joker, not a card

    def player(self, number: int) -> _Seat:
        seat = self.at[number] if 0 < number <= self.table_seats else None
        if seat is None:
            raise Unusual
        return seat

    def post(self, number: int, blind: BlindKind, amount: Chips) -> None:
        """``betting.post``."""
        seat = self.player(number)
        code = BLIND_CODES.get(blind, -1)
        if code < 0:
            raise Unusual  # a bring-in (a stud post), or no blind at all
        remaining = seat.stack - seat.committed
        amount = min(amount, max(remaining, 0))
        seat.committed += amount
        if code:
            seat.street_bet += amount
            self.current_bet = max(self.current_bet, seat.street_bet)
            if code == 1:
                self.sb_seat = number
            elif code == 2:
                self.bb_seat = number
                self.last_raise = max(self.last_raise, amount)
            else:
                self.straddle = number
        if seat.stack - seat.committed <= 0:
            seat.all_in = True

    def deal(self, number: int, card: str) -> None:
        """``dealing.deal_initial``: a card of the initial deal, face down."""
        seat = self.at[number] if 0 < number <= self.table_seats else None
        if seat is None or not self.initial_open:
            raise Unusual  # a card to an empty seat; after the deal, an extra card (or a replacement)
        bit = self.deck.get(card, 0)  # ``see``, inline: the usual card of the initial deal
        if bit and not self.seen & bit:
            self.seen |= bit
        elif card != "??":
            raise Unusual
        order = self.order
        if not self.order_omitted and number != order[self.dealt % len(order)]:
            raise Unusual  # out of the dealing order (or the first card to the wrong seat)
        self.dealt += 1
        seat.cards.append(card)

    def close_initial(self) -> None:
        """The first action, burn or board card: every seat must hold its cards (``dealing.close_initial``)."""
        self.initial_open = False
        if not self.is_deal_complete():
            raise Unusual

    def is_deal_complete(self) -> bool:
        n = self.n
        if not self.dealt:
            return False
        return all(len(seat.cards) == n for seat in self.listed)

    def act(self, number: int, action: Action, to: Chips | None) -> None:
        """``hand._act`` and ``betting.act`` for an action in turn."""
        if self.initial_open:
            self.close_initial()
        if self.street == 1 and self.board[1] < 3:
            raise Unusual  # acting on a short flop
        seat = self.at[number] if 0 < number <= self.table_seats else None
        if seat is None:
            raise Unusual
        code = ACTION_CODES[action]
        if to is None and not self.limit and code in (_BET, _RAISE):
            raise Unusual  # a bet without its amount (the full reader says so)
        if not self.round_started:
            self.begin()
        if self.hand_over or self.turn() != number:
            raise Unusual  # out of turn, or no one's turn
        in_hand = self.in_hand
        was_in_hand = not seat.folded and len(seat.cards) > 0
        self.apply(seat, action, code, to)
        seat.acted = True
        self.pointer = number
        self.actions.append(action)
        if in_hand - (1 if was_in_hand and seat.folded else 0) <= 1:
            self.hand_over = True

    def apply(self, seat: _Seat, action: Action, code: int, to: Chips | None) -> None:
        """``betting._apply``: the chips an action puts in."""
        if code == _FOLD:
            seat.folded = True
            return
        if code == _CHECK:
            return
        target = street_target(
            action, to, street_bet=seat.street_bet, remaining=seat.stack - seat.committed,
            current_bet=self.current_bet, last_raise=self.last_raise, limit=self.limit,
            fixed=fixed_bet(self.small_bet, self.big_blind, self.big_bet, self.street),
        )
        diff = max(target - seat.street_bet, 0)
        seat.committed += diff
        seat.street_bet += diff
        self.current_bet, self.last_raise, reopened = after_bet(seat.street_bet, self.current_bet, self.last_raise)
        if reopened:
            for other in self.listed:
                if other is not seat:
                    other.acted = False
        if seat.stack - seat.committed <= 0:
            seat.all_in = True

    def begin(self) -> None:
        """``betting._begin`` and ``_anchor``: the seat just before the first to act."""
        self.round_started = True
        if self.street > 0:
            self.pointer = self.button
        elif self.straddle:
            self.pointer = self.straddle
        elif self.bb_seat:
            self.pointer = self.bb_seat
        else:
            order = [s for s in self.order if self.player(s).cards]
            self.pointer = order[0] if len(order) == 2 else order[1] if len(order) > 2 else 0

    def tally(self) -> None:
        """``betting._in_hand_and_can_act`` and the count of ``_due_seat``, in one pass over the seats.

        Keeps how many seats are in the hand (``in_hand``), how many can act (``can``, the last of
        them ``only``), how many of those are due to act (``due``), and the first due seat after the
        pointer (``after``) and of all (``first``).
        """
        in_hand = can = due = after = first = 0
        only: _Seat | None = None
        current = self.current_bet
        pointer = self.pointer
        for s in self.listed:
            if s.folded or not s.cards:
                continue
            in_hand += 1
            if s.all_in:
                continue
            can += 1
            only = s
            if not s.acted or s.street_bet < current:
                due += 1
                number = s.seat
                if pointer and number > pointer:
                    if not after or number < after:
                        after = number
                elif not first or number < first:
                    first = number
        self.in_hand, self.can, self.only, self.due, self.after, self.first = in_hand, can, only, due, after, first

    def is_settled(self) -> bool:
        """No betting is left on this street: one seat in the hand, or one that can act and has matched the bet."""
        only = self.only
        return self.in_hand <= 1 or only is None or (self.can == 1 and only.street_bet >= self.current_bet)

    def turn(self) -> int:
        """``betting._due_seat``: the seat whose turn it is (0: no one's)."""
        self.tally()
        if self.is_settled():
            return 0
        if not self.pointer:
            return self.first if self.due == 1 else 0
        return self.after if self.after else self.first

    def is_round_complete(self) -> bool:
        """``betting.is_round_complete``: no one is due to act on this street."""
        if self.hand_over:
            return True
        self.tally()
        return self.is_settled() or not self.due

    def board_target(self) -> int:
        """``streets._board_target``: the street a board card or burn belongs to (4: past the river)."""
        street = self.street
        if street == 0:
            return 1
        if self.board[street] < (3 if street == 1 else 1):
            return street
        return street + 1

    def start_round(self, street: int) -> None:
        """``betting.start_round``."""
        self.street = street
        self.current_bet = 0
        self.last_raise = 0
        for seat in self.listed:
            seat.street_bet = 0
            seat.acted = False
        self.round_started = False
        self.pointer = 0

    def board_card(self, card: str) -> None:
        """``streets.board_card`` for a flop game."""
        self.board_events += 1
        if self.initial_open:
            self.close_initial()
        self.see(card)
        if self.hand_over:
            return
        street = self.street
        target = self.board_target()
        if target > 3:
            raise Unusual  # a card past the river
        if target == street:  # the flop's second or third card
            self.board[street] += 1
            return
        # (a fourth flop card, which the fold tells from the turn, is refused here too: dealt before the
        # flop's action is over it is premature, dealt after it without a burn the turn's burn is missing)
        if not self.is_round_complete():
            raise Unusual  # a premature card
        self.start_round(target)
        self.board[target] += 1
        if not self.burns_omitted and not self.burns[target]:
            raise Unusual  # no burn before the street

    def burn(self, card: str) -> None:
        """``streets.burn`` for a flop game whose log records its burns."""
        if self.burns_omitted:
            raise Unusual
        if self.initial_open:
            self.close_initial()
        self.see(card)
        target = self.board_target()
        if target > 3:
            raise Unusual
        if target != self.street and not self.hand_over and not self.is_round_complete():
            raise Unusual  # a premature burn
        self.burns[target] += 1
        if self.burns[target] > 1:
            raise Unusual  # a second burn

    def show(self, number: int, cards: list[str]) -> None:
        """``hand._show``: the cards a seat tabled (an unknown card of the seat's becomes known)."""
        seat = self.player(number)
        self.tabled |= 1 << number
        if len(cards) > MAX_SHOWN:
            raise Unusual
        held = seat.cards
        known = set(held)
        for card in cards:
            if card == "??" or card in known:
                continue
            if "??" in held:
                held[held.index("??")] = card
            else:
                held.append(card)
            self.see(card)

    def muck(self, number: int) -> None:
        """``hand._muck``."""
        if not 1 <= number <= self.table_seats:
            raise Unusual
        self.tabled |= 1 << number
        seat = self.at[number]
        if seat is not None:
            seat.folded = True

    # -- the end ------------------------------------------------------------------------------

    def is_clean_at_end(self) -> bool:
        """Nothing for the ruling or for the audit's deck checks: a complete deal, a board that adds up."""
        if self.initial_open and not self.is_deal_complete():
            return False
        if self.street == 1 and self.board[1] < 3:
            return False
        if self.board_events > 5:
            return False  # the audit counts the cards dealt after the hand was over too
        tabled = self.tabled
        showdown = tabled & (tabled - 1) != 0  # two seats or more
        if showdown and self.board_events < 5:
            return False
        if self.hand_over or showdown:
            n = self.n
            for s in self.listed:
                if not s.folded and s.cards and len(s.cards) != n:
                    return False
        return True
