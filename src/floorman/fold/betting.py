"""Forced bets, actions, whose turn it is, and when a betting round is over.

The fold calls ``post`` and ``act``; the detectors read ``next_to_act`` and
``is_round_complete``, which only read the hand (asking whose turn it is changes nothing).
Nothing here decides a ruling.
"""

from __future__ import annotations

from typing import Final

from floorman.fold.bets import after_bet, fixed_bet, street_target
from floorman.fold.cards import is_known, rank_value, suit_of
from floorman.fold.events import Action, BlindKind, BlindPosted, PlayerActed
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.seat import SeatState
from floorman.fold.state import HandState
from floorman.fold.table import Chips, Family, Level, Street, Structure

__all__ = ["act", "bet_size", "forced_amount", "is_round_complete", "next_to_act", "post", "start_round"]

_STREET_BETS: Final = frozenset({Action.CALL, Action.BET, Action.RAISE, Action.COMPLETE, Action.ALL_IN})
_SUIT_ORDER: Final = "cdhs"

# the members the fold compares with, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_CHECK: Final = Action.CHECK
_COMPLETE: Final = Action.COMPLETE
_FOLD: Final = Action.FOLD
_ANTE: Final = BlindKind.ANTE
_BIG_BLIND: Final = BlindKind.BIG_BLIND
_BIG_BLIND_ANTE: Final = BlindKind.BIG_BLIND_ANTE
_BRING_IN: Final = BlindKind.BRING_IN
_SMALL_BLIND: Final = BlindKind.SMALL_BLIND
_STRADDLE: Final = BlindKind.STRADDLE
_STUD_GAME: Final = Family.STUD
_LIMIT: Final = Structure.LIMIT


def post(state: HandState, ev: BlindPosted, at: int) -> None:
    by, blind, posted = ev.seat, ev.blind, ev.amount  # (each of an event's fields read once: a read is a lookup)
    state.posts.append(ev)
    seat = state.seats[by]
    if posted > max(seat.remaining, 0):
        state.add(Finding(at=at, irregularity=I.POST_EXCEEDS_STACK, seat=by))
    if _at_old_level(state, ev, seat.remaining):
        state.add(Finding(at=at, irregularity=I.BLINDS_AT_OLD_LEVEL, seat=by))
    amount = min(posted, max(seat.remaining, 0))  # a seat cannot post chips it does not have
    seat.forced += amount
    live = blind is _SMALL_BLIND or blind is _BIG_BLIND or blind is _STRADDLE or blind is _BRING_IN
    if live:
        seat.street_bet += amount
        state.current_bet = max(state.current_bet, seat.street_bet)
    if blind is _SMALL_BLIND:
        state.sb_seat = by
        if (state.order.heads_up and state.order.button != by and state.log.button not in state.order.seats
                and not state.initial_seats):
            state.order = state.deal_order_now()  # heads-up, the disc on an empty seat: the small blind is the button
    elif blind is _BIG_BLIND:
        state.bb_seat = by
        state.last_raise = max(state.last_raise, amount)
    elif blind is _STRADDLE:
        state.straddle_seats.append(by)
    elif blind is _BRING_IN:
        state.bring_in_seat = by
        state.bring_in_amount = amount
        seat.acted = True
        state.pointer = by
        state.round_started = True
        expected = _bring_in_seat(state)
        if expected is not None and expected != by:
            state.add(Finding(at=at, irregularity=I.WRONG_BRING_IN, seat=by, expected_seat=expected))
    if seat.remaining <= 0:
        seat.all_in = True


def forced_amount(level: Level, blind: BlindKind) -> Chips | None:
    """What a level asks of a forced bet of this kind (``None`` for one it does not fix: a straddle, a dead blind).

    >>> forced_amount(Level(small_blind=100, big_blind=200), BlindKind.BIG_BLIND)
    200
    """
    if blind is _SMALL_BLIND:
        return level.small_blind
    if blind is _BIG_BLIND:
        return level.big_blind
    if blind is _ANTE:
        return level.ante
    if blind is _BIG_BLIND_ANTE:
        return level.big_blind_ante
    if blind is _BRING_IN:
        return level.bring_in
    return None


def _at_old_level(state: HandState, ev: BlindPosted, remaining: Chips) -> bool:
    """A forced bet posted at a level other than the hand's (LVL-NEW-HAND: the hand is played at the level in force
    when it began). Another level is known when the log names one: the old level, where a change came before
    ``hand_began`` (v1.1), or a level changed during the hand; a bet at such a level's amount and not at the hand's
    is at the wrong level, above or below (below only from a seat that could post the hand's amount: a short stack
    all in for less is no mistake of level). With no other level named, only a bet below the hand's amount from a
    seat that could post it in full tells of the old level."""
    due = forced_amount(state.level, ev.blind)
    posted = ev.amount
    if not due or (posted < due and due > remaining):
        return False
    others = [level for _, level in state.level_changes]
    if state.level_before_start is not None:
        others.append(state.level_before_start)
    if state.level_next_hand is not None:
        others.append(state.level_next_hand)
    if posted == due:
        return False
    if any(forced_amount(level, ev.blind) == posted for level in others):
        return True
    return state.hand_began_at is None and posted < due


def bet_size(state: HandState) -> Chips:
    """The fixed bet for the current street in a limit game."""
    level = state.level
    return fixed_bet(level.small_bet, level.big_blind, level.big_bet, state.street_idx,
                     small_bet_streets=state.spec.small_bet_streets)


def _anchor(state: HandState) -> int | None:
    """The seat just before the first to act on this street, or None when it cannot be known."""
    family = state.spec.family
    if state.street_idx == 0:
        if family is _STUD_GAME:
            return state.bring_in_seat
        if state.straddle_seats:
            return state.straddle_seats[-1]
        if state.bb_seat is not None:
            return state.bb_seat
        order = [s for s in state.entitled_order() if state.seats[s].held > 0]
        if len(order) == 2:
            return order[0]
        return order[1] if len(order) > 2 else None
    if family is _STUD_GAME:
        leader = _best_showing(state)
        if leader is None:
            return None
        seats = state.log.seats
        return ((leader - 2) % seats) + 1
    deal = state.order
    return deal.button if deal.heads_up else state.log.button  # heads-up the small blind is the button


def start_round(state: HandState, street: Street) -> None:
    state.street = street
    state.street_idx = state.spec.streets.index(street)
    state.current_bet = 0
    state.last_raise = 0
    for seat in state.seats.values():
        seat.street_bet = 0
        seat.acted = False
    state.round_started = False
    state.pointer = None


def _begin(state: HandState) -> None:
    if not state.round_started:
        state.round_started = True
        state.pointer = _anchor(state)


def _needs_action(state: HandState, seat: SeatState) -> bool:
    return seat.can_act and (not seat.acted or seat.street_bet < state.current_bet)


def _in_hand_and_can_act(state: HandState) -> tuple[int, list[SeatState]]:
    """How many seats are in the hand, and those of them that can still act."""
    in_hand = 0
    can: list[SeatState] = []
    for s in state.seats.values():
        if s.entitled and not s.folded and not s.dead and len(s.faces) > s.aside:
            in_hand += 1
            if not s.all_in:
                can.append(s)
    return in_hand, can


def next_to_act(state: HandState) -> int | None:
    """The seat whose turn it is, or None when nobody is due to act."""
    if state.hand_over:
        return None
    in_hand, can = _in_hand_and_can_act(state)
    return _due_seat(state, in_hand, can)


def _due_seat(state: HandState, in_hand: int, can: list[SeatState]) -> int | None:
    """``next_to_act`` once the seats in the hand (``in_hand``) and those that can act are counted."""
    if in_hand <= 1 or not can:
        return None
    current = state.current_bet
    if len(can) == 1 and can[0].street_bet >= current:
        return None
    # the first seat due to act clockwise after the pointer (before the round's first action, the
    # seat before the first to act): the lowest seat number above it, else (going round past the
    # last seat) the lowest seat number of all
    pointer = state.pointer if state.round_started else _anchor(state)
    after: int | None = None
    first: int | None = None
    due = 0
    for s in can:
        if not s.acted or s.street_bet < current:
            due += 1
            seat = s.seat
            if pointer is not None and seat > pointer:
                if after is None or seat < after:
                    after = seat
            elif first is None or seat < first:
                first = seat
    if pointer is None:
        return first if due == 1 else None
    return after if after is not None else first


def is_round_complete(state: HandState) -> bool:
    """True when no one is due to act on the current street."""
    if state.hand_over:
        return True
    in_hand, can = _in_hand_and_can_act(state)
    if in_hand <= 1:
        return True
    current = state.current_bet
    if len(can) == 1 and can[0].street_bet >= current:
        return True
    return not any(not s.acted or s.street_bet < current for s in can)


def act(state: HandState, ev: PlayerActed, at: int) -> None:
    by, action = ev.seat, ev.action  # (an event's fields are read once each: each read is an attribute lookup)
    seat = state.seats[by]
    if not state.round_started:
        _begin(state)
    in_hand, can = _in_hand_and_can_act(state)
    expected = None if state.hand_over else _due_seat(state, in_hand, can)
    if state.pointer is None and expected is None:
        in_turn = seat.can_act and _needs_action(state, seat)
    else:
        in_turn = expected == by
    was_in_hand = seat.entitled and not seat.folded and not seat.dead and len(seat.faces) > seat.aside
    chips = _apply(state, seat, action, ev.to)
    seat.acted = True
    if in_turn:
        state.pointer = by
    street = state.street
    counts = state.street_action_count
    forced = (
        state.street_idx == 0 and state.bring_in_seat is None and action is _COMPLETE
        and state.spec.family is _STUD_GAME and not counts.get(street, 0)
    )
    state.record_action(at=at, seat=by, action=action, in_turn=in_turn and not forced, street=street, chips=chips)
    counts[street] = counts.get(street, 0) + 1
    # only this seat's fold can change how many seats are in the hand
    if in_hand - (was_in_hand and seat.folded) <= 1:
        state.hand_over = True


def _apply(state: HandState, seat: SeatState, action: Action, to: Chips | None) -> Chips:
    if action is _FOLD:
        seat.folded = True
        return 0
    if action is _CHECK or action not in _STREET_BETS:
        return 0
    target = street_target(
        action, to, street_bet=seat.street_bet, remaining=seat.remaining, current_bet=state.current_bet,
        last_raise=state.last_raise, limit=state.log.effective_structure is _LIMIT, fixed=bet_size(state),
    )
    diff = max(target - seat.street_bet, 0)
    seat.voluntary += diff
    seat.street_bet += diff
    state.current_bet, state.last_raise, reopened = after_bet(seat.street_bet, state.current_bet, state.last_raise)
    if reopened:
        for other in state.seats.values():
            if other.seat != seat.seat:
                other.acted = False
    if seat.remaining <= 0:
        seat.all_in = True
    return diff


def _bring_in_seat(state: HandState) -> int | None:
    """The seat whose door card should bring in, when every door card is known."""
    doors: list[tuple[int, str]] = []
    for seat in state.seats.values():
        if not seat.entitled or seat.folded or seat.held == 0:
            continue
        ups = seat.up_faces()
        if not ups or not is_known(ups[-1]) or len(ups[-1]) != 2 or ups[-1] == "JK":
            return None
        doors.append((seat.seat, ups[-1]))
    if not doors:
        return None
    low = state.spec.low_bring_in

    def key(item: tuple[int, str]) -> tuple[int, int]:
        card = item[1]
        value = rank_value(card)
        if not low and value == 14:
            value = 1
        suit = _SUIT_ORDER.index(suit_of(card))
        return (value, suit) if low else (-value, -suit)

    return min(doors, key=key)[0]


def _best_showing(state: HandState) -> int | None:
    """Stud, fourth street on: the seat with the best up cards (razz: the lowest)."""
    best: tuple[tuple[int, ...], int] | None = None
    for seat in sorted(state.seats.values(), key=lambda s: s.seat):
        if not seat.in_hand:
            continue
        ups = seat.up_faces()
        if not ups or not all(is_known(c) and c != "JK" for c in ups):
            return None
        score = _showing_score(ups, low=not state.spec.low_bring_in)
        if best is None or score > best[0]:
            best = (score, seat.seat)
    return None if best is None else best[1]


def _showing_score(cards: list[str], *, low: bool) -> tuple[int, ...]:
    values = [rank_value(c) for c in cards]
    if low:
        values = [1 if v == 14 else v for v in values]
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    if low:
        # razz: no pairs is best, then the lowest high card
        pairs = sum(c - 1 for c in counts.values())
        return (-pairs, *sorted(-v for v in values))
    shape = tuple(c for _, c in groups)
    return (*shape, *(v for v, _ in groups))
