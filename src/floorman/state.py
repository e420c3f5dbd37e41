"""The state of a hand as the fold builds it, event by event.

``HandState`` is the working record of ``floorman.hand``: everything the detectors and the
rulings read (seats, cards, chips, streets, the in-turn action log). The fold is the only
writer; everyone else reads, and what the fold hands out is a ``snapshot()``: a copy that no
later event changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from floorman.events import Action, BlindKind, BlindPosted
from floorman.findings import Finding, Irregularity, SetAside
from floorman.locale import Message
from floorman.log import HandLog, Omission
from floorman.table import Chips, Family, Level, PlayerStatus, Street, clockwise_from

__all__ = ["ActionRecord", "HandState", "HoleCard", "SeatState"]

CHIP_ACTIONS = frozenset({Action.CALL, Action.BET, Action.RAISE, Action.COMPLETE, Action.ALL_IN})
_DEAD_POSTS = frozenset({BlindKind.ANTE, BlindKind.BIG_BLIND_ANTE, BlindKind.DEAD})


@dataclass(slots=True)
class HoleCard:
    card: str
    at: int
    face_up: bool = False
    exposed: bool = False
    exposed_by_dealer: bool = False
    set_aside: bool = False
    replacement: bool = False
    position: int | None = None
    street: Street | None = None


@dataclass(slots=True)
class SeatState:
    seat: int
    name: str | None
    stack: Chips
    status: PlayerStatus
    entitled: bool
    present: bool
    cards: list[HoleCard] = field(default_factory=list)
    forced: Chips = 0
    voluntary: Chips = 0
    street_bet: Chips = 0
    acted: bool = False
    folded: bool = False
    dead: bool = False
    dead_reason: str = ""
    all_in: bool = False
    owed_replacements: int = 0
    seated_during_hand: bool = False
    aside: int = 0
    """How many of ``cards`` are set aside (kept by ``set_aside``, so that ``held`` is a subtraction)."""

    @property
    def live_cards(self) -> list[HoleCard]:
        return [c for c in self.cards if not c.set_aside]

    @property
    def held(self) -> int:
        return len(self.cards) - self.aside

    def set_aside(self, card: HoleCard) -> None:
        """Take one of the seat's cards out of its hand (discarded, or replaced after an exposure)."""
        if not card.set_aside:
            card.set_aside = True
            self.aside += 1

    @property
    def in_hand(self) -> bool:
        """Still contesting the pot: dealt in, not folded, not dead."""
        return self.entitled and not self.folded and not self.dead and len(self.cards) > self.aside

    @property
    def can_act(self) -> bool:
        return (self.entitled and not self.folded and not self.dead and not self.all_in
                and len(self.cards) > self.aside)

    @property
    def committed(self) -> Chips:
        return self.forced + self.voluntary

    @property
    def remaining(self) -> Chips:
        return self.stack - self.committed


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRecord:
    at: int
    seat: int
    action: Action
    in_turn: bool
    street: Street
    chips: Chips

    @property
    def puts_chips_in(self) -> bool:
        return self.action in CHIP_ACTIONS


class HandState:
    """The working state of one hand."""

    def __init__(self, log: HandLog) -> None:
        self.log = log
        self.spec = log.spec
        self.level: Level = log.level
        self.seats: dict[int, SeatState] = {}
        for p in log.players:
            entitled = p.status is not PlayerStatus.WAITING
            self.seats[p.seat] = SeatState(
                seat=p.seat, name=p.name, stack=p.stack, status=p.status, entitled=entitled,
                present=p.status is PlayerStatus.PRESENT,
            )
        self.findings: list[Finding] = []
        self.action_rows: list[tuple[int, int, Action, bool, Street, Chips]] = []
        """Every action so far as (event index, seat, action, in turn, street, chips put in): ``actions`` as records."""
        self.index = -1
        self.deck_position = 0
        self.street: Street = self.spec.streets[0]
        self.street_idx = 0
        self.current_bet: Chips = 0
        self.last_raise: Chips = 0
        self.pointer: int | None = None
        self.round_started = False
        self.initial_open = True
        self.deal_finished = False
        self.initial_deals: list[tuple[int, int, int]] = []
        """(event index, seat, position) of the cards of the initial deal, in order."""
        self.sb_seat: int | None = None
        self.bb_seat: int | None = None
        self.straddle_seats: list[int] = []
        self.bring_in_seat: int | None = None
        self.bring_in_amount: Chips = 0
        self.posts: list[BlindPosted] = []
        self.board: dict[Street, list[str]] = {}
        self.burns: dict[Street, list[str]] = {}
        self.designated_burn: dict[Street, SetAside] = {}
        """Streets whose burn is already set aside (an exposed card, a scramble pick, a premature burn)."""
        self.no_burn_expected: set[Street] = set()
        self.withdrawn: list[str] = []
        self.seen: dict[str, Message] = {}
        """Known card faces in play and where each was seen (to find duplicates)."""
        self.deck_back: str | None = log.deck_back
        self.absent_at_first_card: set[int] = set()
        self.absent_at_last_card: set[int] = set()
        self.first_card_seen = False
        self.hand_over = False
        self.pot_awarded = False
        self.next_hand_begun = False
        self.street_action_count: dict[Street, int] = {}
        self.boxed_initial = 0
        self.floors: list[int] = []
        """Event indexes of the ``floor`` events so far."""
        self.draw_rounds: set[Street] = set()
        self.flop_completed_after_scramble = False
        self.level_changes: list[tuple[int, Level]] = []
        self.board_events: list[int] = []
        """Event indexes of the board cards, as they were dealt (whatever the fold made of them)."""
        self.tabled: set[int] = set()
        """Seats that have shown or mucked their hand at the end."""
        self.showdown_at: int | None = None
        """The event index at which a second seat tabled its hand (the showdown), if it has come."""
        self._entitled_order = self._order_of_entitled()

    # -- queries -----------------------------------------------------------------------

    def hole_cards_at(self, seat: int | None) -> int:
        return self.seats[seat].held if seat in self.seats else 0

    def floor_called_after(self, at: int) -> bool:
        return any(i > at for i in self.floors)

    def has(self, irregularity: Irregularity) -> bool:
        return any(f.irregularity is irregularity for f in self.findings)

    def omits(self, what: Omission) -> bool:
        return what in self.log.omits

    @property
    def is_stud(self) -> bool:
        return self.spec.family is Family.STUD

    @property
    def is_flop_game(self) -> bool:
        return self.spec.family is Family.FLOP

    def entitled_order(self) -> tuple[int, ...]:
        """Entitled seats in dealing order: from the first seat left of the button (stud: seat 1).

        Who is entitled is settled before the deal (a player seated during the hand waits), so the
        order is worked out once, when the table is set.
        """
        return self._entitled_order

    def _order_of_entitled(self) -> tuple[int, ...]:
        n = self.log.seats
        start = 1 if self.is_stud or self.log.button is None else (self.log.button % n) + 1
        seats = self.seats
        return tuple(s for s in clockwise_from(n, start) if s in seats and seats[s].entitled)

    @property
    def actions(self) -> tuple[ActionRecord, ...]:
        """Every action so far, in order, as records (made when asked: the fold keeps them as plain rows)."""
        return tuple(ActionRecord(at=at, seat=seat, action=action, in_turn=in_turn, street=street, chips=chips)
                     for at, seat, action, in_turn, street, chips in self.action_rows)

    def counted_actions(self, *, out_of_turn: bool, upto: int | None = None) -> list[Action]:
        """The actions in order, those in turn only unless ``out_of_turn``, up to event ``upto`` if given."""
        return [action for at, _, action, in_turn, _, _ in self.action_rows
                if (in_turn or out_of_turn) and (upto is None or at <= upto)]

    def in_turn_actions(self) -> list[ActionRecord]:
        return [a for a in self.actions if a.in_turn]

    def contributed(self) -> dict[int, Chips]:
        return {s.seat: s.committed for s in self.seats.values() if s.committed}

    def voluntary(self) -> dict[int, Chips]:
        return {s.seat: s.voluntary for s in self.seats.values() if s.voluntary}

    @property
    def pot(self) -> Chips:
        return sum((s.committed for s in self.seats.values()), start=0)

    @property
    def uncalled(self) -> Chips:
        """The part of the biggest bet that no one can call any more: it goes back to its owner.

        It is what the top bettor put in beyond the next one, counting live chips only (antes and
        dead blinds are nobody's bet), once every other seat that could still match it has folded,
        is all in, or has had its say.
        """
        dead: dict[int, Chips] = {}
        for post in self.posts:
            if post.blind in _DEAD_POSTS:
                dead[post.seat] = dead.get(post.seat, 0) + post.amount
        ranked = sorted(((s.committed - dead.get(s.seat, 0), s) for s in self.seats.values()),
                        key=lambda pair: pair[0], reverse=True)
        if len(ranked) < 2 or ranked[0][0] <= ranked[1][0]:
            return 0
        top = ranked[0][1]
        if not self.hand_over and any(
            s.can_act and (not s.acted or s.street_bet < top.street_bet) for _, s in ranked[1:]
        ):
            return 0
        return ranked[0][0] - ranked[1][0]

    @property
    def contested_pot(self) -> Chips:
        """The pot the hand is played for: every chip put in, less the bet no one called (``uncalled``)."""
        return self.pot - self.uncalled

    @property
    def live_seats(self) -> frozenset[int]:
        return frozenset(s.seat for s in self.seats.values() if s.in_hand)

    def seat(self, seat: SeatState) -> None:
        """A player sat down during the hand (he waits for the next one)."""
        self.seats[seat.seat] = seat
        self._entitled_order = self._order_of_entitled()

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    # -- copies ------------------------------------------------------------------------

    def snapshot(self) -> HandState:
        """The hand as it stands now, in a copy that no later event changes (nor any change to this one)."""
        other = self._copy()
        other.seats = {n: _seat_copy(s) for n, s in self.seats.items()}
        other.findings = list(self.findings)
        other.action_rows = list(self.action_rows)
        other.initial_deals = list(self.initial_deals)
        other.straddle_seats = list(self.straddle_seats)
        other.posts = list(self.posts)
        other.board = {street: list(cards) for street, cards in self.board.items()}
        other.burns = {street: list(cards) for street, cards in self.burns.items()}
        other.designated_burn = dict(self.designated_burn)
        other.no_burn_expected = set(self.no_burn_expected)
        other.withdrawn = list(self.withdrawn)
        other.seen = dict(self.seen)
        other.absent_at_first_card = set(self.absent_at_first_card)
        other.absent_at_last_card = set(self.absent_at_last_card)
        other.street_action_count = dict(self.street_action_count)
        other.floors = list(self.floors)
        other.draw_rounds = set(self.draw_rounds)
        other.level_changes = list(self.level_changes)
        other.board_events = list(self.board_events)
        other.tabled = set(self.tabled)
        return other

    def seen_with(self, findings: list[Finding]) -> HandState:
        """The hand as it stands now with ``findings`` as its findings: a view to judge, sharing the rest.

        It is for a ruling made on the spot (the floor called now): the view is read and dropped at
        once, and the hand itself is not touched.
        """
        other = self._copy()
        other.findings = findings
        return other

    def _copy(self) -> HandState:
        """A copy whose every field is this one's (the same objects: the caller replaces what must not be shared)."""
        other = HandState(self.log)
        for name in _fields(self):
            setattr(other, name, getattr(self, name))
        return other


def _fields(state: HandState) -> tuple[str, ...]:
    """The names of a state's fields (compiled with mypyc, the class lists them; in Python, the instance does)."""
    names: tuple[str, ...] | None = getattr(type(state), "__mypyc_attrs__", None)
    return names if names is not None else tuple(vars(state))


def _seat_copy(seat: SeatState) -> SeatState:
    return replace(seat, cards=[replace(card) for card in seat.cards])
