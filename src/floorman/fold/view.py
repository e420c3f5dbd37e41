"""The hand as its readers see it: a frozen view that the fold makes of its working state.

The fold keeps the hand in a ``HandState`` that it changes at every event (``floorman.fold.state``, the fold's own
and nobody else's); what it hands out is a ``HandView``: the same facts as tuples, frozen sets and read-only
mappings, each seat a frozen ``Seat``, and what a reader asks of the fold (the seat next to act, the pot, the bet no
one can call) worked out when the view is made. No later event changes a view.

Every field of the state is a field of the view, under the same name, except the few that the fold keeps for its
own reckoning (``PRIVATE_TO_THE_FOLD``, each with its reason); a test holds the two to that, and so for the seats.

>>> from floorman.formats import handlog
>>> from floorman.engine.hand import Hand
>>> from floorman.fold.events import PlayerActed
>>> log = handlog.loads('''{"floorman": 1, "game": "holdem", "seats": 3, "button": 3,
...   "level": {"small_blind": 1, "big_blind": 2},
...   "players": [{"seat": 1, "name": "An", "stack": 100}, {"seat": 2, "name": "Bo", "stack": 100},
...               {"seat": 3, "name": "Cu", "stack": 100}],
...   "events": [{"type": "post", "seat": 1, "blind": "sb", "amount": 1},
...              {"type": "post", "seat": 2, "blind": "bb", "amount": 2}]}''')
>>> hand = Hand(log)
>>> before = hand.view
>>> before.pot, before.seats[2].committed, before.seats[3].acted
(3, 2, False)
>>> hand.push(PlayerActed(seat=3, action=Action.CALL))
>>> hand.view.pot, hand.view.seats[3].acted, before.pot, before.seats[3].acted
(5, True, 3, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from floorman.fold.betting import next_to_act
from floorman.fold.events import Action, BlindPosted
from floorman.fold.findings import Finding, Irregularity, SetAside
from floorman.fold.log import HandLog, Omission
from floorman.fold.seat import Seat
from floorman.fold.state import (
    ActionRecord,
    AwardRecorded,
    HandState,
    NextHandRecorded,
    acting_seats,
    action_in_turn,
    action_record,
    action_records,
    any_out_of_turn,
    chips_by_seat,
    count_of_actions,
    has_irregularity,
    hole_cards_at_seat,
    log_omits,
    spec_is_flop,
    spec_is_stud,
    voluntary_by_seat,
)
from floorman.fold.table import Chips, DealOrder, GameSpec, Level, Street

__all__ = ["PRIVATE_TO_THE_FOLD", "HandView", "view_of"]

PRIVATE_TO_THE_FOLD: Final = frozenset({
    "pointer",  # the betting round's own turn pointer: a reader is given next_to_act, worked out from it
    "seen",  # the duplicate-card check's memory: what it finds is a finding
    "played_on_reported",  # play after a call-off is found once: what it finds is a finding
})
"""The fields of ``HandState`` that the view leaves out (the reason of each beside it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandView:
    """The hand as it stood when the view was made (``view_of``): what the fold knew, frozen.

    The fields are the fold's (``HandState``'s, under the same names), but those ``PRIVATE_TO_THE_FOLD``; the last
    four are worked out by the fold when the view is made.
    """

    log: HandLog
    spec: GameSpec
    level: Level
    seats: Mapping[int, Seat]
    findings: tuple[Finding, ...]
    acted_at: tuple[int, ...]
    """The actions as columns, one entry an action in order: event index, seat, action, street and chips put in."""
    acted_seat: tuple[int, ...]
    acted_kind: tuple[Action, ...]
    acted_street: tuple[Street, ...]
    acted_chips: tuple[Chips, ...]
    out_of_turn: int
    """Bit set over the actions: bit ``i`` is set when action ``i`` was not in turn."""
    index: int
    deck_position: int
    street: Street
    street_idx: int
    current_bet: Chips
    last_raise: Chips
    round_started: bool
    """The betting round on this street has had its first action."""
    initial_open: bool
    deal_finished: bool
    initial_seats: tuple[int, ...]
    initial_at: tuple[int, ...]
    sb_seat: int | None
    bb_seat: int | None
    straddle_seats: tuple[int, ...]
    bring_in_seat: int | None
    bring_in_amount: Chips
    posts: tuple[BlindPosted, ...]
    board: Mapping[Street, tuple[str, ...]]
    burns: Mapping[Street, tuple[str, ...]]
    designated_burn: Mapping[Street, SetAside]
    no_burn_expected: frozenset[Street]
    withdrawn: tuple[str, ...]
    deck_back: str | None
    absent_at_first_card: frozenset[int]
    absent_at_last_card: frozenset[int]
    first_card_seen: bool
    hand_over: bool
    pot_awarded: bool
    next_hand_begun: bool
    street_action_count: Mapping[Street, int]
    boxed_initial: int
    floors: tuple[int, ...]
    draw_rounds: frozenset[Street]
    flop_completed_after_scramble: bool
    level_changes: tuple[tuple[int, Level], ...]
    board_events: tuple[int, ...]
    tabled: frozenset[int]
    showdown_at: int | None
    hand_began_at: int | None
    level_before_start: Level | None
    away_at_floor: frozenset[int] | None
    level_next_hand: Level | None
    pending_levels: tuple[tuple[int, Level], ...]
    deal_completed_at: int | None
    dealer_mucked: frozenset[int]
    next_button: int | None
    made_up: tuple[int, ...]
    award_shares: tuple[tuple[int, Chips], ...]
    award_during_break: bool
    """The pot was awarded during a break (``pot_awarded.during_break``, v1.2)."""
    seconds_after_award: int | None
    """How long after the award the floor was last called (``floor.seconds_after_award``, v1.2), if the log says."""
    awards: tuple[AwardRecorded, ...]
    """Each pot awarded in parts, as it was awarded."""
    next_hand: NextHandRecorded | None
    """The next hand's beginning, once it began."""
    applied: tuple[tuple[int, int, str | None], ...]
    """The rulings applied: the event index, the ruling's number, the override's verdict (None: applied as ruled)."""
    settled: frozenset[int]
    """The findings (their numbers in ``findings``) a ruling of the floor settled."""
    settled_records: frozenset[int]
    """The records beyond the hand (``awards``, ``next_hand``: their event indexes) whose findings a ruling settled."""
    called_off_at: int | None
    """The floor call whose ruling called the hand off (a misdeal or a void), unless an override let play go on."""
    order: DealOrder
    next_to_act: int | None
    """The seat whose turn it is, or None when nobody is due to act (``betting.next_to_act``)."""
    pot: Chips
    """Every chip put in."""
    uncalled: Chips
    """The part of the biggest bet that no one can call any more (``HandState.uncalled``)."""
    live_seats: frozenset[int]
    """The seats still contesting the pot."""

    @property
    def contested_pot(self) -> Chips:
        """The pot the hand is played for: every chip put in, less the bet no one called."""
        return self.pot - self.uncalled

    @property
    def is_stud(self) -> bool:
        return spec_is_stud(self.spec)

    @property
    def is_flop_game(self) -> bool:
        return spec_is_flop(self.spec)

    def entitled_order(self) -> tuple[int, ...]:
        """Entitled seats in dealing order (``order.seats``)."""
        return self.order.seats

    def hole_cards_at(self, seat: int | None) -> int:
        return hole_cards_at_seat(self.seats, seat)

    def has(self, irregularity: Irregularity) -> bool:
        return has_irregularity(self.findings, irregularity)

    def omits(self, what: Omission) -> bool:
        return log_omits(self.log, what)

    @property
    def action_count(self) -> int:
        return count_of_actions(self.acted_at)

    @property
    def has_out_of_turn_action(self) -> bool:
        return any_out_of_turn(self.out_of_turn)

    def is_in_turn(self, i: int) -> bool:
        """Whether action ``i`` was in turn."""
        return action_in_turn(self.out_of_turn, i)

    def action(self, i: int) -> ActionRecord:
        """Action ``i`` as a record."""
        return action_record(i, self.acted_at, self.acted_seat, self.acted_kind, self.acted_street, self.acted_chips,
                             self.out_of_turn)

    @property
    def actions(self) -> tuple[ActionRecord, ...]:
        """Every action, in order, as records (made when asked)."""
        return action_records(self.acted_at, self.acted_seat, self.acted_kind, self.acted_street, self.acted_chips,
                              self.out_of_turn)

    def seats_that_acted(self) -> frozenset[int]:
        return acting_seats(self.acted_seat)

    def contributed(self) -> dict[int, Chips]:
        """The chips each seat put in (those that put in any)."""
        return chips_by_seat(self.seats.values())

    def voluntary(self) -> dict[int, Chips]:
        """The chips each seat put in by its own actions (blinds and antes left out)."""
        return voluntary_by_seat(self.seats.values())


def view_of(state: HandState) -> HandView:
    """The view of the hand as ``state`` holds it now (nothing shared that the fold goes on changing)."""
    return HandView(
        log=state.log, spec=state.spec, level=state.level,
        seats=MappingProxyType({n: s.frozen() for n, s in state.seats.items()}),
        findings=tuple(state.findings), acted_at=tuple(state.acted_at), acted_seat=tuple(state.acted_seat),
        acted_kind=tuple(state.acted_kind), acted_street=tuple(state.acted_street),
        acted_chips=tuple(state.acted_chips), out_of_turn=state.out_of_turn, index=state.index,
        deck_position=state.deck_position, street=state.street, street_idx=state.street_idx,
        current_bet=state.current_bet, last_raise=state.last_raise, round_started=state.round_started,
        initial_open=state.initial_open,
        deal_finished=state.deal_finished, initial_seats=tuple(state.initial_seats),
        initial_at=tuple(state.initial_at), sb_seat=state.sb_seat, bb_seat=state.bb_seat,
        straddle_seats=tuple(state.straddle_seats), bring_in_seat=state.bring_in_seat,
        bring_in_amount=state.bring_in_amount, posts=tuple(state.posts),
        board=MappingProxyType({street: tuple(cards) for street, cards in state.board.items()}),
        burns=MappingProxyType({street: tuple(cards) for street, cards in state.burns.items()}),
        designated_burn=MappingProxyType(dict(state.designated_burn)),
        no_burn_expected=frozenset(state.no_burn_expected), withdrawn=tuple(state.withdrawn),
        deck_back=state.deck_back, absent_at_first_card=frozenset(state.absent_at_first_card),
        absent_at_last_card=frozenset(state.absent_at_last_card), first_card_seen=state.first_card_seen,
        hand_over=state.hand_over, pot_awarded=state.pot_awarded, next_hand_begun=state.next_hand_begun,
        street_action_count=MappingProxyType(dict(state.street_action_count)), boxed_initial=state.boxed_initial,
        floors=tuple(state.floors), draw_rounds=frozenset(state.draw_rounds),
        flop_completed_after_scramble=state.flop_completed_after_scramble,
        level_changes=tuple(state.level_changes), board_events=tuple(state.board_events),
        tabled=frozenset(state.tabled), showdown_at=state.showdown_at, hand_began_at=state.hand_began_at,
        level_before_start=state.level_before_start, away_at_floor=state.away_at_floor,
        level_next_hand=state.level_next_hand, pending_levels=tuple(state.pending_levels),
        deal_completed_at=state.deal_completed_at, dealer_mucked=frozenset(state.dealer_mucked),
        next_button=state.next_button, made_up=state.made_up, award_shares=state.award_shares,
        award_during_break=state.award_during_break, seconds_after_award=state.seconds_after_award, awards=state.awards,
        next_hand=state.next_hand, applied=state.applied, settled=state.settled, settled_records=state.settled_records,
        called_off_at=state.called_off_at, order=state.order,
        next_to_act=next_to_act(state), pot=state.pot, uncalled=state.uncalled, live_seats=state.live_seats,
    )
