"""Streets after the initial deal: burns, board cards, stud street cards, draws, premature cards.

The dealer is expected to follow the procedure in force: one burn before each street's
cards, except where a card is already set aside as that burn (an exposed hole card, the
card picked in a four-card-flop scramble, a premature card's burn). A finding is reported
only when the dealer departs from every procedure that could apply.
"""

from __future__ import annotations

from typing import Final

from floorman.fold.betting import is_round_complete, start_round
from floorman.fold.cardcheck import BOARD, BURN, at_seat, forget, see
from floorman.fold.events import BoardCardDealt, CardBurned, CardDealt, CardsDiscarded
from floorman.fold.findings import Finding, SetAside
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import Omission
from floorman.fold.seat import SeatState
from floorman.fold.state import HandState
from floorman.fold.table import Family, Street
from floorman.locale import Message

__all__ = ["board_card", "burn", "check_draw_counts", "check_last_street_counts", "check_seventh_street_due", "discard",
           "reshuffle", "stud_card"]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_DRAW_GAME: Final = Family.DRAW
_OMITTED_BURNS: Final = Omission.BURNS
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_SEVENTH: Final = Street.SEVENTH
_SIXTH: Final = Street.SIXTH
_TURN: Final = Street.TURN


def _next_street(state: HandState) -> Street | None:
    streets = state.spec.streets
    i = state.street_idx + 1
    return streets[i] if i < len(streets) else None


def _board_target(state: HandState) -> Street | None:
    """The street a new board card or burn belongs to (flop games)."""
    cur = state.street
    if cur is _PREFLOP:
        return _FLOP
    expected = _board_count(state, cur)
    if len(state.board.get(cur, [])) < expected:
        return cur
    return _next_street(state)


def _board_count(state: HandState, street: Street) -> int:
    idx = state.spec.streets.index(street)
    return state.spec.board_cards[idx - 1] if idx >= 1 else 0


def burn(state: HandState, ev: CardBurned, at: int) -> None:
    see(state, ev.card, at=at, where=BURN)
    state.deck_position += 1
    if state.spec.family is _DRAW_GAME:
        return
    target = _next_street(state) if state.is_stud else _board_target(state)
    if target is None:
        return
    premature = not is_round_complete(state) and target != state.street
    burns = state.burns.setdefault(target, [])
    burns.append(ev.card)
    if state.omits(_OMITTED_BURNS):
        return
    if premature and not state.hand_over:
        if not state.has(I.PREMATURE_BURN) or not any(
            f.irregularity is I.PREMATURE_BURN and f.street is target for f in state.findings
        ):
            state.add(Finding(at=at, irregularity=I.PREMATURE_BURN, street=target))
        state.designated_burn.setdefault(target, SetAside.PREMATURE_BURN)
        return
    designated = _designated(state, target)
    if len(burns) + (1 if designated else 0) > 1:
        state.add(Finding(
            at=at, irregularity=I.EXTRA_BURN, street=target, count=len(burns) + (1 if designated else 0),
            note=designated.note() if designated else None,
        ))


def board_card(state: HandState, ev: BoardCardDealt, at: int) -> None:
    state.deck_position += 1
    see(state, ev.card, at=at, where=BOARD, back=ev.back)
    if not state.is_flop_game:
        # stud: the community card of a short stub; a draw game has no board and no board streets
        state.board.setdefault(state.street, []).append(ev.card)
        return
    if state.hand_over:
        return
    cur = state.street
    target = _board_target(state)
    if target is None:  # a card past the last street: the river came off as two cards stuck together
        state.add(Finding(at=at, irregularity=I.EXTRA_BOARD_CARD, street=cur, card=ev.card, count=1))
        return
    if target == cur and cur is not _PREFLOP:
        _same_street(state, cur, ev, at)
        return
    if (
        cur is _FLOP and target is _TURN and not state.burns.get(_TURN)
        and state.street_action_count.get(_FLOP, 0) == 0
        and not (state.omits(_OMITTED_BURNS) and is_round_complete(state))
    ):
        _same_street(state, cur, ev, at)
        return
    if not is_round_complete(state):
        _premature(state, target, ev.card, at)
        return
    start_round(state, target)
    state.board.setdefault(target, []).append(ev.card)
    _check_burn(state, target, at)


def _same_street(state: HandState, street: Street, ev: BoardCardDealt, at: int) -> None:
    cards = state.board.setdefault(street, [])
    if street is _FLOP and _scramble_pending(state):
        state.flop_completed_after_scramble = True
        cards.append(ev.card)
        return
    cards.append(ev.card)
    expected = _board_count(state, street) + (1 if state.flop_completed_after_scramble else 0)
    if street is _FLOP and len(cards) == expected + 1:
        state.add(Finding(at=at, irregularity=I.FOUR_CARD_FLOP, street=street, count=len(cards)))
        state.designated_burn[_TURN] = SetAside.FOUR_CARD_FLOP_SCRAMBLE
    elif street is _FLOP and len(cards) == expected + 2:
        state.add(Finding(at=at, irregularity=I.FLOP_FIVE_OR_MORE, street=street, count=len(cards)))
        state.designated_burn.pop(_TURN, None)
    elif street is not _FLOP and len(cards) > expected:
        nxt = _next_street(state)
        if nxt is not None:
            state.add(Finding(at=at, irregularity=I.PREMATURE_CARD, street=nxt, count=1))


def _scramble_pending(state: HandState) -> bool:
    """A flop dealt without a burn was scrambled: the next card off the stub completes it."""
    if state.flop_completed_after_scramble or state.street_action_count.get(_FLOP, 0):
        return False
    return any(
        f.irregularity is I.MISSING_BURN and f.street is _FLOP and state.floor_called_after(f.at)
        for f in state.findings
    )


def _premature(state: HandState, target: Street, card: str, at: int) -> None:
    existing = [f for f in state.findings if f.irregularity is I.PREMATURE_CARD and f.street is target]
    state.withdrawn.append(card)
    forget(state, card)
    if existing:
        return
    state.add(Finding(
        at=at, irregularity=I.PREMATURE_CARD, street=target, count=1,
        note=Message.of("finding.premature.with_burn" if state.burns.get(target) else "finding.premature.without_burn"),
    ))
    if state.burns.get(target):
        state.designated_burn.setdefault(target, SetAside.PREMATURE_BURN)
        state.burns[target] = []
        state.no_burn_expected.add(target)


def _designated(state: HandState, street: Street) -> SetAside | None:
    """Why a card is already set aside as ``street``'s burn, if the procedure that sets it aside was carried out:
    a premature burn lies on the burn pile; an exposed hole card only once it has left the hand (its
    replacement dealt); the four-card flop's random pick only once the floor has been called about the flop.
    A procedure nobody carried out leaves the dealer's own burn the only one."""
    why = state.designated_burn.get(street)
    if why is SetAside.EXPOSED_CARD:
        out = any(s.by_dealer & s.aside_set for s in state.seats.values())
        return why if out else None
    if why is SetAside.FOUR_CARD_FLOP_SCRAMBLE:
        flop = next((f for f in state.findings if f.irregularity is I.FOUR_CARD_FLOP), None)
        return why if flop is not None and state.floor_called_after(flop.at) else None
    return why


def _check_burn(state: HandState, street: Street, at: int) -> None:
    if state.omits(_OMITTED_BURNS):
        return
    if state.burns.get(street) or _designated(state, street) or street in state.no_burn_expected:
        return
    state.add(Finding(at=at, irregularity=I.MISSING_BURN, street=street))


def stud_card(state: HandState, ev: CardDealt, at: int) -> None:
    """A card dealt to a seat after third street in stud."""
    see(state, ev.card, at=at, where=at_seat(ev.seat), seat=ev.seat, back=ev.back)
    state.deck_position += 1
    seat = state.seats.get(ev.seat)
    if seat is None or not seat.entitled:
        state.add(Finding(at=at, irregularity=I.CARD_TO_SEAT_NOT_ENTITLED, seat=ev.seat))
        return
    if ev.boxed:
        # the street the card was meant for: the next one when the seat already holds this street's card
        street = state.street
        if state.street_idx == 0 or seat.held >= 3 + state.street_idx:
            street = _next_street(state) or street
        state.add(Finding(at=at, irregularity=I.BOXED_CARD, seat=ev.seat, card=ev.card, street=street))
        return
    cur_idx = state.street_idx
    expected_cards = 3 + cur_idx
    has_this_street = seat.held >= expected_cards
    if has_this_street or cur_idx == 0:
        target = _next_street(state)
        if target is None:  # a card past the last street: the hand holds more than the game deals
            seat.add_card(ev.card, at, face_up=ev.face_up, street=state.street)
            if not any(f.irregularity is I.WRONG_CARD_COUNT and f.seat == ev.seat for f in state.findings):
                state.add(Finding(at=at, irregularity=I.WRONG_CARD_COUNT, seat=ev.seat, count=seat.held,
                                  street=state.street))
            return
        if not is_round_complete(state):
            _premature(state, target, ev.card, at)
            return
        start_round(state, target)
        if not state.omits(_OMITTED_BURNS) and not state.burns.get(target) and not _designated(state, target) \
                and target not in state.no_burn_expected:
            state.add(Finding(at=at, irregularity=I.MISSING_BURN, street=target))
        if target is _SEVENTH:
            short = _short_stub(state, at)
            if short is not None:
                state.add(short)
    street = state.street
    face_pattern = state.spec.street_face_up
    should_be_up = face_pattern[state.street_idx - 1] if 0 < state.street_idx <= len(face_pattern) else False
    seat.add_card(ev.card, at, face_up=ev.face_up, street=street)
    if street is _SEVENTH and ev.face_up and not should_be_up:
        first = not any(_SEVENTH in s.card_streets for s in state.seats.values() if s.seat != ev.seat)
        state.add(Finding(
            at=at, irregularity=I.STUD_SEVENTH_EXPOSED, seat=ev.seat, card=ev.card,
            count=sum(1 for s in state.seats.values() if s.in_hand),
            note=Message.of("finding.seventh.first_to_receive" if first else "finding.seventh.not_first"),
        ))


def check_seventh_street_due(state: HandState, found: list[Finding]) -> None:
    """Stud, sixth-street betting over: is the stub long enough to give everyone a seventh card?

    Asked when the floor is called; what is wrong is added to ``found``.
    """
    if (
        state.is_stud and state.street is _SIXTH and is_round_complete(state)
        and not any(f.irregularity is I.STUD_SHORT_STUB for f in found) and not state.hand_over
    ):
        short = _short_stub(state, state.index)
        if short is not None:
            found.append(short)


def check_last_street_counts(state: HandState, found: list[Finding]) -> None:
    """Stud: a seat still in (all in included) that was passed over on a street whose deal is over is found,
    with the street it missed and the cards it held by then.

    A street's deal is over once its betting has begun, a later street has been dealt, or the hands have been
    tabled; a street whose card went to the centre (a short stub's community card) is owed to no seat. Asked when
    the floor is called; what is wrong is added to ``found``.
    """
    if not state.is_stud:
        return
    spec = state.spec
    streets = spec.streets
    closed = state.street_idx
    if not (state.street_action_count.get(state.street, 0) or state.showdown_at is not None
            or _street_dealt_to_the_last_seat(state)):
        closed -= 1  # the current street may still be being dealt
    counted = {f.seat for f in found if f.irregularity in (I.WRONG_CARD_COUNT, I.EXTRA_CARD)}
    for seat in state.seats.values():
        if not seat.in_hand or seat.seat in counted or seat.held < spec.hole_cards:
            continue  # a starting hand short of cards is the initial deal's (dealing.evaluate_initial)
        community = 0
        for k in range(1, closed + 1):
            if state.board.get(streets[k]):
                community += 1
                continue
            had = _had_by(seat, streets, k)
            if had < spec.hole_cards + k - community:
                found.append(Finding(at=state.index, irregularity=I.WRONG_CARD_COUNT, seat=seat.seat,
                                     count=had, street=streets[k]))
                break


def _street_dealt_to_the_last_seat(state: HandState) -> bool:
    """Stud: the current street's deal has gone round to the last seat still in, in dealing order (it holds the
    street's card), so a seat before it that has none was passed over, not still to come."""
    k = state.street_idx
    if k == 0 or state.board.get(state.street):
        return False
    last = next((s for s in reversed(state.order.seats) if state.seats[s].in_hand), None)
    if last is None:
        return False
    seat = state.seats[last]
    had = _had_by(seat, state.spec.streets, k)
    community = sum(1 for j in range(1, k) if state.board.get(state.spec.streets[j]))
    return had >= state.spec.hole_cards + k - community


def _had_by(seat: SeatState, streets: tuple[Street, ...], k: int) -> int:
    """How many of the seat's cards still in the hand it had by street ``k`` (a card of no street counts)."""
    on = seat.card_streets
    had = 0
    for i in seat.live():
        street = on[i]
        if street is None or streets.index(street) <= k:
            had += 1
    return had


def check_draw_counts(state: HandState, found: list[Finding]) -> None:
    """Draw games, a draw over (its betting begun, or the hands tabled): a seat still in that holds fewer cards
    than the game deals was short changed at the draw (the before-the-draw shortfall is the deal's, found there).

    Asked when the floor is called; what is wrong is added to ``found``.
    """
    if state.spec.family is not Family.DRAW or state.street_idx == 0:
        return
    street = state.street
    if not state.street_action_count.get(street, 0) and state.showdown_at is None:
        return
    n = state.spec.hole_cards
    counted = {f.seat for f in found if f.irregularity in (I.WRONG_CARD_COUNT, I.EXTRA_CARD, I.BUTTON_SHORT)}
    for seat in state.seats.values():
        if seat.in_hand and seat.seat not in counted and seat.held < n:
            found.append(Finding(at=state.index, irregularity=I.WRONG_CARD_COUNT, seat=seat.seat,
                                 count=seat.held, street=street))


def _short_stub(state: HandState, at: int) -> Finding | None:
    """The finding of a stub too short to give every seat still in its seventh card, if it is."""
    players = sum(1 for s in state.seats.values() if s.in_hand)
    used = state.deck_position
    stub = state.spec.deck_size - used
    if stub >= players + 2:
        return None
    burns = sum(len(b) for b in state.burns.values())
    return Finding(
        at=at, irregularity=I.STUD_SHORT_STUB, street=_SEVENTH, count=stub,
        note=Message.of("finding.short_stub.count", players=players, burns=burns),
    )


def discard(state: HandState, ev: CardsDiscarded, at: int) -> None:
    """A draw-game player discarded: the next street (draw round) has begun."""
    seat = state.seats.get(ev.seat)
    if seat is None:
        return
    nxt = _next_street(state)
    if nxt is not None and nxt not in state.draw_rounds and is_round_complete(state):
        start_round(state, nxt)
        state.draw_rounds.add(nxt)
    for card in reversed(seat.live()[-ev.count:] if ev.count > 0 else []):
        seat.set_aside(card)
    del at


def reshuffle(state: HandState) -> None:
    """The stub was reshuffled face down: withdrawn cards are back in it.

    On a flop with too many cards (or dealt after two burns) and no flop action yet, a
    reshuffle means the flop cards went back too and the flop is dealt again, without a burn.
    """
    for card in state.withdrawn:
        forget(state, card)
    state.withdrawn.clear()
    flop_errors = (I.FOUR_CARD_FLOP, I.FLOP_FIVE_OR_MORE, I.EXTRA_BURN)
    if (
        state.street is _FLOP
        and state.street_action_count.get(_FLOP, 0) == 0
        and any(f.irregularity in flop_errors and f.street is _FLOP for f in state.findings)
    ):
        for card in state.board.get(_FLOP, []):
            forget(state, card)
        state.board[_FLOP] = []
        if state.designated_burn.get(_TURN) is SetAside.FOUR_CARD_FLOP_SCRAMBLE:
            del state.designated_burn[_TURN]
        state.no_burn_expected.add(_FLOP)
