"""The state of a hand as the fold builds it, event by event.

``HandState`` is the working record of ``floorman.engine.hand``: everything the detectors and the
rulings read (seats, cards, chips, streets, the in-turn action log). The fold is the only
writer, and the state is the fold's and the engine's own: what they hand out is a frozen view of
it (``floorman.fold.view``), which no later event changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from floorman.fold.events import Action, BlindKind, BlindPosted
from floorman.fold.findings import Finding, Irregularity, SetAside
from floorman.fold.log import HandLog, Omission
from floorman.fold.rotation import HandAtTable
from floorman.fold.seat import Seat, SeatState
from floorman.fold.table import Chips, DealOrder, Family, GameSpec, Level, PlayerStatus, Street, deal_order
from floorman.locale import Message

__all__ = [
    "ActionRecord", "AwardRecorded", "HandState", "NextHandRecorded", "acting_seats", "action_in_turn", "action_record",
    "action_records", "any_out_of_turn", "chips_by_seat", "count_of_actions", "has_irregularity", "hole_cards_at_seat",
    "log_omits", "spec_is_flop", "spec_is_stud", "voluntary_by_seat",
]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_FLOP_GAME: Final = Family.FLOP
_STUD_GAME: Final = Family.STUD
_OMITTED_DEAL_ORDER: Final = Omission.DEAL_ORDER
_PRESENT: Final = PlayerStatus.PRESENT
_NO_ORDER: Final = DealOrder(family=Family.FLOP, seats=(), button=None, dead_button=False)

CHIP_ACTIONS: Final = frozenset({Action.CALL, Action.BET, Action.RAISE, Action.COMPLETE, Action.ALL_IN})
_DEAD_POSTS: Final = frozenset({BlindKind.ANTE, BlindKind.BIG_BLIND_ANTE, BlindKind.DEAD})
_RAISING: Final = frozenset({Action.BET, Action.RAISE, Action.COMPLETE, Action.ALL_IN})
"""The actions that put in a bet or raise of the seat's own (an all-in that does not top the bet is matched)."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class ActionRecord:
    """One action of the hand, as ``HandState.actions`` gives it: a value made when asked (the fold keeps the
    actions as columns). Its ``__init__`` is written out, as ``HandLog``'s is."""

    at: int
    seat: int
    action: Action
    in_turn: bool
    street: Street
    chips: Chips

    def __init__(self, *, at: int, seat: int, action: Action, in_turn: bool, street: Street, chips: Chips) -> None:
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "in_turn", in_turn)
        object.__setattr__(self, "street", street)
        object.__setattr__(self, "chips", chips)

    @property
    def puts_chips_in(self) -> bool:
        return self.action in CHIP_ACTIONS


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardRecorded:
    """A pot awarded in parts (``pot_awarded.shares``), as the fold kept it for the law to read: whether the parts
    come to the pot is the book's question (``floorman.law.rulings.next_hand``)."""

    at: int
    place: int
    """How many findings the hand had then: what the law finds in the award stands after them."""
    shares: tuple[tuple[int, Chips], ...]
    """(seat, chips) of each part."""
    pot: Chips
    """The pot played for when it was awarded (``HandState.contested_pot``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NextHandRecorded:
    """The next hand began (``next_hand``), as the fold kept it for the law to read: where its button went and whose
    blinds it made up are ``HandState.next_button`` and ``made_up``; whether they depart from the hand's rulings and
    from the book is the law's question (``floorman.law.rulings.next_hand``)."""

    at: int
    place: int
    """How many findings the hand had then: what the law finds in the record stands after them."""
    table: HandAtTable | None
    """What the hand left for the next one (``aftermath.hand_at_table``), or None when the log does not tell."""


class HandState:
    """The working state of one hand."""

    def __init__(self, log: HandLog, *, blank: bool = False) -> None:
        """The hand before its first event; ``blank``: no seats and no deal order yet (a copy fills them in)."""
        self.log = log
        self.spec = log.spec
        self.level: Level = log.level
        self.seats: dict[int, SeatState] = {}
        for p in () if blank else log.players:
            entitled = p.status.is_entitled
            self.seats[p.seat] = SeatState(
                seat=p.seat, name=p.name, stack=p.stack, status=p.status, entitled=entitled,
                present=p.status is _PRESENT,
            )
        self.findings: list[Finding] = []
        self.acted_at: list[int] = []
        """The actions so far as columns, one entry an action in order: event index, seat, action, street and
        chips put in (``record_action`` writes them, ``actions`` makes records of them when asked)."""
        self.acted_seat: list[int] = []
        self.acted_kind: list[Action] = []
        self.acted_street: list[Street] = []
        self.acted_chips: list[Chips] = []
        self.out_of_turn: int = 0
        """Bit set over the actions: bit ``i`` is set when action ``i`` was not in turn."""
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
        self.initial_seats: list[int] = []
        """The seat each card of the initial deal went to, in order (card ``i`` is the deal's card ``i + 1``)."""
        self.initial_at: list[int] = []
        """The event index of each card of the initial deal, in order."""
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
        self.hand_began_at: int | None = None
        """The event index of ``hand_began`` (v1.1): the first riffle or the shuffler's button."""
        self.level_before_start: Level | None = None
        """The level the header gave, when a change before the hand began made another the hand's (v1.1)."""
        self.away_at_floor: frozenset[int] | None = None
        """The seats dealt in whose player was away when the floor was last called."""
        self.level_next_hand: Level | None = None
        """A re-deal's level change before it began: it waits for the next hand (RD-LIMITS)."""
        self.pending_levels: list[tuple[int, Level]] = []
        """Level changes logged before anything of the hand (v1.1), waiting to be told before or during it."""
        self.deal_completed_at: int | None = None
        """The event index of ``deal_completed`` (v1.1)."""
        self.dealer_mucked: set[int] = set()
        """Seats whose hand the dealer mucked (``muck`` by the dealer)."""
        self.next_button: int | None = None
        """Where the button went for the next hand (``next_hand``, v1.1)."""
        self.made_up: tuple[int, ...] = ()
        """Seats whose missed blinds the next hand makes up (``next_hand``, v1.1)."""
        self.award_shares: tuple[tuple[int, Chips], ...] = ()
        """A pot awarded in parts (``pot_awarded``, v1.1): (seat, chips) of each part."""
        self.award_during_break = False
        """The hand finished during a break (``pot_awarded.during_break``, v1.2)."""
        self.seconds_after_award: int | None = None
        """How long after the award the floor was last called (``floor.seconds_after_award``, v1.2), if the log says."""
        self.awards: tuple[AwardRecorded, ...] = ()
        """Each pot awarded in parts, as it was awarded."""
        self.next_hand: NextHandRecorded | None = None
        """The next hand's beginning, once it began."""
        self.applied: tuple[tuple[int, int, str | None], ...] = ()
        """The rulings applied (``ruling_applied``): the event index, the ruling's number, the override's verdict (None:
        applied as ruled)."""
        self.settled: frozenset[int] = frozenset()
        """The findings (their numbers in ``findings``) a ruling of the floor settled: they are not ruled on again."""
        self.settled_records: frozenset[int] = frozenset()
        """The records beyond the hand (``awards``, ``next_hand``: their event indexes) whose findings a ruling settled."""
        self.called_off_at: int | None = None
        """The floor call whose ruling called the hand off (a misdeal or a void), unless an override let play go on."""
        self.played_on_reported = False
        """Play after the hand was called off has been found (once)."""
        self.order: DealOrder = _NO_ORDER if blank else self._deal_order()
        """Who is dealt in, in what order, and who is the button of the deal."""

    # -- queries -----------------------------------------------------------------------

    def hole_cards_at(self, seat: int | None) -> int:
        return hole_cards_at_seat(self.seats, seat)

    def floor_called_after(self, at: int) -> bool:
        return any(i > at for i in self.floors)

    def has(self, irregularity: Irregularity) -> bool:
        return has_irregularity(self.findings, irregularity)

    def open_findings(self) -> list[Finding]:
        """The findings no ruling of the floor has settled, in the order found."""
        settled = self.settled
        if not settled:
            return list(self.findings)
        return [f for i, f in enumerate(self.findings) if i not in settled]

    def omits(self, what: Omission) -> bool:
        return log_omits(self.log, what)

    @property
    def is_stud(self) -> bool:
        return spec_is_stud(self.spec)

    @property
    def is_flop_game(self) -> bool:
        return spec_is_flop(self.spec)

    def entitled_order(self) -> tuple[int, ...]:
        """Entitled seats in dealing order (``order.seats``).

        Who is entitled is settled before the deal (a player seated during the hand waits), so the
        order is worked out once, when the table is set.
        """
        return self.order.seats

    @property
    def dead_small_blind(self) -> bool:
        """The big blind was posted and no small blind, with more than two seats dealt in (DEAL-DEADBUTTON)."""
        return self.sb_seat is None and self.bb_seat is not None and len(self.order.seats) > 2

    def _deal_order(self) -> DealOrder:
        seats = self.seats
        return deal_order(family=self.spec.family, seats=self.log.seats, button=self.log.button,
                          entitled=(s for s in seats if seats[s].entitled), small_blind=self.sb_seat)

    def deal_order_now(self) -> DealOrder:
        """The deal order as the table stands now (the posted small blind taken into account heads-up)."""
        return self._deal_order()

    def owed_in_sequence(self) -> tuple[int, ...] | None:
        """The seats still owed a starting card, one entry a card, when the deal so far went in proper
        sequence and only stopped short: the next cards off the stub then go to them in that order
        (LA-108, RRoP Misdeals 1(e)). ``None`` when the deal left its sequence, or is complete.
        """
        order = self.entitled_order()
        dealt = self.initial_seats
        if not order or not dealt or self.omits(_OMITTED_DEAL_ORDER):
            return None
        expected = [order[i % len(order)] for i in range(self.spec.hole_cards * len(order))]
        if len(dealt) >= len(expected) or dealt != expected[:len(dealt)]:
            return None
        if any(self.seats[s].held != dealt.count(s) for s in order):
            return None
        return tuple(expected[len(dealt):])

    def record_action(self, *, at: int, seat: int, action: Action, in_turn: bool, street: Street,
                      chips: Chips) -> None:
        """An action happened (the fold's one writer of the action columns)."""
        if not in_turn:
            self.out_of_turn |= 1 << len(self.acted_at)
        self.acted_at.append(at)
        self.acted_seat.append(seat)
        self.acted_kind.append(action)
        self.acted_street.append(street)
        self.acted_chips.append(chips)

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
        """Action ``i`` as a record (made now)."""
        return action_record(i, self.acted_at, self.acted_seat, self.acted_kind, self.acted_street, self.acted_chips,
                             self.out_of_turn)

    @property
    def actions(self) -> tuple[ActionRecord, ...]:
        """Every action so far, in order, as records made when asked."""
        return action_records(self.acted_at, self.acted_seat, self.acted_kind, self.acted_street, self.acted_chips,
                              self.out_of_turn)

    def counted_actions(self, *, out_of_turn: bool, upto: int | None = None,
                        participants: bool = False) -> list[Action]:
        """The actions in order, those in turn only unless ``out_of_turn``, up to event ``upto`` if given; with
        ``participants``, only each seat's first (a test that counts the players who have acted)."""
        kinds, ats = self.acted_kind, self.acted_at
        n = len(ats)
        if upto is not None:
            while n and ats[n - 1] > upto:
                n -= 1
        oot = 0 if out_of_turn else self.out_of_turn
        if participants:
            seen: set[int] = set()
            firsts: list[Action] = []
            for i in range(n):
                seat = self.acted_seat[i]
                if oot >> i & 1 or seat in seen:
                    continue
                seen.add(seat)
                firsts.append(kinds[i])
            return firsts
        if not oot & ((1 << n) - 1):
            return kinds[:n]
        return [kinds[i] for i in range(n) if not oot >> i & 1]

    def has_acted(self, seat: int, *, after: int = -1, before: int | None = None,
                  street: Street | None = None) -> bool:
        """Whether ``seat`` acted between events ``after`` and ``before`` (exclusive), on ``street`` if given."""
        ats, seats, streets = self.acted_at, self.acted_seat, self.acted_street
        for i in range(len(ats)):
            at = ats[i]
            if (seats[i] == seat and at > after and (before is None or at < before)
                    and (street is None or streets[i] is street)):
                return True
        return False

    def seats_that_acted(self) -> frozenset[int]:
        return acting_seats(self.acted_seat)

    def contributed(self) -> dict[int, Chips]:
        """The chips each seat put in (those that put in any)."""
        return chips_by_seat(self.seats.values())

    def voluntary(self) -> dict[int, Chips]:
        """The chips each seat put in by its own actions (blinds and antes left out)."""
        return voluntary_by_seat(self.seats.values())

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
        live = self._live_committed()
        ranked = sorted(((live[s.seat], s) for s in self.seats.values()), key=lambda pair: pair[0], reverse=True)
        if len(ranked) < 2 or ranked[0][0] <= ranked[1][0]:
            return 0
        top = ranked[0][1]
        if not self.hand_over and any(
            s.can_act and (not s.acted or s.street_bet < top.street_bet) for _, s in ranked[1:]
        ):
            return 0
        return ranked[0][0] - ranked[1][0]

    def _live_committed(self) -> dict[int, Chips]:
        """What each seat has put in as a bet of its own: antes and dead blinds are nobody's bet."""
        dead: dict[int, Chips] = {}
        for post in self.posts:
            if post.blind in _DEAD_POSTS:
                dead[post.seat] = dead.get(post.seat, 0) + post.amount
        return {s.seat: s.committed - dead.get(s.seat, 0) for s in self.seats.values()}

    def unmatched(self, seat: int) -> Chips:
        """The part of ``seat``'s last bet or raise that no other seat has matched yet (0 when its last action
        was no bet or raise, or someone has matched it): what a hand killed now would have back (DEAD-UNCALLED).

        Unlike ``uncalled`` it does not wait for the other seats to have their say: once the hand is
        dead, nobody can call its raise any more.
        """
        last = next((self.acted_kind[i] for i in range(len(self.acted_seat) - 1, -1, -1)
                     if self.acted_seat[i] == seat), None)
        if last not in _RAISING:
            return 0
        live = self._live_committed()
        mine = live.pop(seat, 0)
        return max(0, mine - max(live.values(), default=0))

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
        self.order = self._deal_order()

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    # -- copies ------------------------------------------------------------------------

    def seen_with(self, findings: list[Finding]) -> HandState:
        """The hand as it stands now with ``findings`` as its findings: a state to judge, sharing the rest.

        It is for a ruling made on the spot (the floor called now, a result taken now): the state is
        read (and a frozen view made of it) and dropped at once, and the hand itself is not touched.
        """
        other = self._copy()
        other.findings = findings
        return other

    def _copy(self) -> HandState:
        """A copy whose every field is this one's (the same objects: the caller replaces what must not be shared)."""
        other = HandState(self.log, blank=True)
        for name in _fields(self):
            setattr(other, name, getattr(self, name))
        return other


def _fields(state: HandState) -> tuple[str, ...]:
    """The names of a state's fields (compiled with mypyc, the class lists them; in Python, the instance does)."""
    names: tuple[str, ...] | None = getattr(type(state), "__mypyc_attrs__", None)
    return names if names is not None else tuple(vars(state))



# -- what the hand says, read once for the fold's working state and the frozen view alike (``floorman.fold.view``):
# each reads only fields the two share, under the same names (the state keeps its columns as lists, the view as
# tuples)


def count_of_actions(acted_at: Sequence[int]) -> int:
    """How many actions the hand has had (the action columns have one entry an action)."""
    return len(acted_at)


def any_out_of_turn(out_of_turn: int) -> bool:
    """Whether any action was out of turn, read from the bit set over the actions (bit ``i``: action ``i``)."""
    return out_of_turn != 0


def action_in_turn(out_of_turn: int, i: int) -> bool:
    """Whether action ``i`` was in turn, read from the bit set of the actions out of turn."""
    return not out_of_turn >> i & 1


def action_record(i: int, acted_at: Sequence[int], acted_seat: Sequence[int], acted_kind: Sequence[Action],
                  acted_street: Sequence[Street], acted_chips: Sequence[Chips], out_of_turn: int) -> ActionRecord:
    """Action ``i`` as a record, made now from the action columns and the bit set of the actions out of turn."""
    return ActionRecord(at=acted_at[i], seat=acted_seat[i], action=acted_kind[i], in_turn=not out_of_turn >> i & 1,
                        street=acted_street[i], chips=acted_chips[i])


def action_records(acted_at: Sequence[int], acted_seat: Sequence[int], acted_kind: Sequence[Action],
                   acted_street: Sequence[Street], acted_chips: Sequence[Chips],
                   out_of_turn: int) -> tuple[ActionRecord, ...]:
    """Every action, in order, as records made now (``action_record`` of each)."""
    return tuple(action_record(i, acted_at, acted_seat, acted_kind, acted_street, acted_chips, out_of_turn)
                 for i in range(len(acted_at)))


def acting_seats(acted_seat: Iterable[int]) -> frozenset[int]:
    """The seats that acted at least once."""
    return frozenset(acted_seat)


def chips_by_seat(seats: Iterable[SeatState | Seat]) -> dict[int, Chips]:
    """The chips each seat put in (those that put in any)."""
    return {s.seat: s.forced + s.voluntary for s in seats if s.forced + s.voluntary}


def voluntary_by_seat(seats: Iterable[SeatState | Seat]) -> dict[int, Chips]:
    """The chips each seat put in by its own actions (blinds and antes left out)."""
    return {s.seat: s.voluntary for s in seats if s.voluntary}


def hole_cards_at_seat(seats: Mapping[int, SeatState | Seat], seat: int | None) -> int:
    """How many cards ``seat`` holds (0 for no seat, or a seat not at the table)."""
    return seats[seat].held if seat is not None and seat in seats else 0


def has_irregularity(findings: Iterable[Finding], irregularity: Irregularity) -> bool:
    """Whether one of ``findings`` is ``irregularity``."""
    return any(f.irregularity is irregularity for f in findings)


def log_omits(log: HandLog, what: Omission) -> bool:
    """Whether the log says it leaves ``what`` out."""
    return what in log.omits


def spec_is_stud(spec: GameSpec) -> bool:
    """Whether the game is a stud game."""
    return spec.family is _STUD_GAME


def spec_is_flop(spec: GameSpec) -> bool:
    """Whether the game is a flop game (hold'em, Omaha)."""
    return spec.family is _FLOP_GAME
