"""The initial deal: who gets which card, in what order, face up or down.

``deal_initial`` handles each card of the starting deal; ``evaluate_initial`` compares
what each seat holds with what the game deals once the deal is over (or when the floor
is called); ``expose`` handles a card that became exposed at a seat.
"""

from __future__ import annotations

from typing import Final

from floorman.fold.cardcheck import at_seat, see
from floorman.fold.events import CardDealt, CardExposed, ExposedBy
from floorman.fold.findings import Finding, SetAside
from floorman.fold.findings import Irregularity as I
from floorman.fold.log import Omission
from floorman.fold.seat import SeatState
from floorman.fold.state import HandState
from floorman.fold.table import Family, PlayerStatus, Street
from floorman.locale import Message

__all__ = ["close_initial", "deal_after", "deal_initial", "evaluate_initial", "expose"]

# the members compared with here, named once: the compiled core reads each as a constant, not as an
# attribute of its enum looked up at every comparison
_DRAW_GAME: Final = Family.DRAW
_FLOP_GAME: Final = Family.FLOP
_STUD_GAME: Final = Family.STUD
_OMITTED_DEAL_ORDER: Final = Omission.DEAL_ORDER
_PENALIZED: Final = PlayerStatus.PENALIZED
_REDEAL_DEAD: Final = PlayerStatus.REDEAL_DEAD
_PREDRAW: Final = Street.PREDRAW


def deal_initial(state: HandState, ev: CardDealt, at: int) -> None:
    if not state.first_card_seen:
        state.first_card_seen = True
        state.absent_at_first_card = {s.seat for s in state.seats.values() if s.entitled and not s.present}
    to = ev.seat  # (an event's fields are read once each: each read is an attribute lookup)
    seat = state.seats.get(to)
    see(state, ev.card, at=at, where=at_seat(to), seat=to, back=ev.back, initial=True)
    if ev.boxed:
        state.boxed_initial += 1
        state.add(Finding(
            at=at, irregularity=I.BOXED_CARD, seat=ev.seat, card=ev.card, count=state.boxed_initial,
            during_initial_deal=True, replacement=ev.replacement or (
                seat is not None and seat.owed_replacements > 0 and _is_exposure_replacement(state, seat)),
        ))
        return
    if seat is not None and (
            (ev.replacement and not _skips_a_boxed_card(state, seat, at))
            or (seat.owed_replacements > 0 and _is_exposure_replacement(state, seat))):
        _replace(state, seat, ev, at)
        return
    state.initial_seats.append(to)
    state.initial_at.append(at)
    position = len(state.initial_seats)
    if position == 1 and not state.omits(_OMITTED_DEAL_ORDER):
        first = state.order.first
        if first is not None and to != first:
            state.add(Finding(
                at=at, irregularity=I.FIRST_CARD_WRONG_SEAT, seat=ev.seat, expected_seat=first,
                during_initial_deal=True, order=state.order, dead_small_blind=state.dead_small_blind,
            ))
    if seat is None or not seat.entitled:
        if not any(f.irregularity is I.CARD_TO_SEAT_NOT_ENTITLED and f.seat == ev.seat for f in state.findings):
            why = Message.of("finding.not_entitled.empty_seat" if seat is None else "finding.not_entitled.waiting")
            state.add(Finding(
                at=at, irregularity=I.CARD_TO_SEAT_NOT_ENTITLED, seat=ev.seat, note=why,
                during_initial_deal=True,
            ))
        return
    spec = state.spec
    face_up = ev.face_up
    card = seat.add_card(ev.card, at, face_up=face_up, position=position, street=spec.streets[0])
    if spec.family is _STUD_GAME:
        k = card + 1
        pattern = spec.initial_face_up
        should_be_up = pattern[k - 1] if k <= len(pattern) else False
        if face_up and not should_be_up and not _in_a_face_up_round(state, position):
            _dealer_exposure(state, seat, card, at, how="dealt_face_up")
        elif should_be_up and not face_up:
            state.add(Finding(at=at, irregularity=I.STUD_DOOR_CARD_DOWN, seat=to, during_initial_deal=True))
    elif face_up:
        _dealer_exposure(state, seat, card, at, how="dealt_face_up")
    if len(seat.faces) - seat.aside >= spec.hole_cards:  # else this seat, a holder, is short: the deal goes on
        _check_finished(state)


def _in_a_face_up_round(state: HandState, position: int) -> bool:
    """Stud: the ``position``-th card of the deal came in a round dealt face up (the door cards) by its place in the
    deal, so a seat passed over on an earlier round got it face up as every seat did: a card short, not a down card
    exposed (rules.md section 20, [U])."""
    n = len(state.order.seats)
    if not n:
        return False
    round_ = (position - 1) // n
    pattern = state.spec.initial_face_up
    return round_ < len(pattern) and pattern[round_]


def _skips_a_boxed_card(state: HandState, seat: SeatState, at: int) -> bool:
    """The card marked ``replacement`` comes right after a boxed card dealt to the same seat, which owes no exposed
    card's replacement: it is the next card below the boxed one, the seat's own card in the deal's sequence
    (BOX-REPLACE: the boxed card is simply skipped), not a card out of turn."""
    if seat.owed_replacements > 0:
        return False
    last = state.findings[-1] if state.findings else None
    return (last is not None and last.irregularity is I.BOXED_CARD and last.seat == seat.seat
            and last.at == at - 1 and last.during_initial_deal)


def _is_exposure_replacement(state: HandState, seat: SeatState) -> bool:
    if seat.owed_replacements <= 0:
        return False
    n = state.spec.hole_cards
    return all(s.held >= n for s in state.seats.values() if s.entitled and s.held > 0)


def _replace(state: HandState, seat: SeatState, ev: CardDealt, at: int) -> None:
    if seat.owed_replacements > 0:
        out = seat.by_dealer & ~seat.aside_set
        if out:
            seat.set_aside((out & -out).bit_length() - 1)  # the first such card
        seat.owed_replacements -= 1
    card = seat.add_card(ev.card, at, face_up=ev.face_up, replacement=True, street=state.street)
    if ev.face_up and not state.is_stud:
        _dealer_exposure(state, seat, card, at, how="dealt_face_up")


def _check_finished(state: HandState) -> None:
    if state.deal_finished:
        return
    n = state.spec.hole_cards
    if len(state.initial_seats) < n:
        return
    holders = False
    for s in state.seats.values():
        if s.entitled:
            held = len(s.faces) - s.aside
            if held > 0:
                if held < n:
                    return
                holders = True
    if holders:
        _finish(state, state.index)


def _finish(state: HandState, at: int) -> None:
    state.deal_finished = True
    state.absent_at_last_card = {s.seat for s in state.seats.values() if s.entitled and not s.present}
    for seat in state.seats.values():
        if not seat.entitled:
            continue
        if seat.status in (_PENALIZED, _REDEAL_DEAD):
            seat.dead = True
            seat.dead_reason = "penalty" if seat.status is _PENALIZED else "re-deal"
            if seat.status is _REDEAL_DEAD:  # dealt in and killed, even if he is back (RD-ABSENT)
                state.add(Finding(at=at, irregularity=I.ABSENT_AT_DEAL, seat=seat.seat,
                                  note=Message.of("finding.absent.redeal_dead")))
        elif not seat.present or seat.seat in state.absent_at_first_card:
            state.add(Finding(
                at=at, irregularity=I.ABSENT_AT_DEAL, seat=seat.seat,
                note=Message.of("finding.absent.last_card" if not seat.present else "finding.absent.first_card_only"),
            ))
            if not seat.present:
                seat.dead = True
                seat.dead_reason = "absent"


def close_initial(state: HandState, at: int) -> None:
    """The initial deal is over: the first action, burn or board card has happened."""
    if not state.initial_open:
        return
    state.initial_open = False
    if not state.deal_finished:
        _finish(state, at)
    evaluate_initial(state, final=True)


def evaluate_initial(state: HandState, *, final: bool, found: list[Finding] | None = None) -> None:
    """Compare each seat's holding with the game's, once the deal has gone round.

    What is wrong is added to ``found``: the hand's own findings when the deal closes (``final``),
    or the findings of a floor called now, which the caller keeps apart from the hand's.
    """
    if not state.initial_seats or not (final or state.initial_open):
        return
    n = state.spec.hole_cards
    order = state.entitled_order()
    if not (final or state.deal_finished or len(state.initial_seats) >= n * len(order) or _last_seat_served(state)):
        return
    into = state.findings if found is None else found
    seats = state.seats
    if all(seats[s].held == n for s in order):  # the usual deal: every seat has its cards
        _check_sequence(state, order, into)
        return
    last_at = state.initial_at[-1]
    held = {s: state.seats[s].held for s in order}
    for s in order:
        if held[s] == 0:
            _add_once(into, Finding(at=last_at, irregularity=I.SEAT_DEALT_OUT, seat=s, during_initial_deal=True))
    short = [s for s in order if 0 < held[s] < n]
    long_ = [s for s in order if held[s] > n]
    button_short = [s for s in short if state.order.is_button(s)]
    others_short = [s for s in short if s not in button_short]
    for s in button_short:
        _add_once(into, Finding(at=last_at, irregularity=I.BUTTON_SHORT, seat=s, count=held[s]))
    if others_short:
        for s in others_short + long_:
            _add_once(into, Finding(at=_extra_at(state, s, n) if s in long_ else last_at,
                                    irregularity=I.WRONG_CARD_COUNT, seat=s, count=held[s], during_initial_deal=True))
    elif long_:
        extras = sum(held[s] - n for s in long_)
        first, first_at = long_[0], _extra_at(state, long_[0], n)  # the seat whose extra card came first
        for s in long_[1:]:
            at = _extra_at(state, s, n)
            if at < first_at:
                first, first_at = s, at
        _add_once(into, Finding(at=first_at, irregularity=I.EXTRA_CARD, seat=first, count=extras,
                                during_initial_deal=True))
    _check_sequence(state, order, into)


def _add_once(into: list[Finding], finding: Finding) -> None:
    """Add the finding unless one of its kind is already recorded for its seat.

    (A function of its own, not one nested in ``evaluate_initial``: compiled, a nested one and
    the variables it shares would hold each other, and every hand's state with them, until the
    garbage collector looked for cycles.)
    """
    if not any(f.irregularity is finding.irregularity and f.seat == finding.seat for f in into):
        into.append(finding)


def _last_seat_served(state: HandState) -> bool:
    """The last seat in dealing order (the button in flop and draw games) has all its starting cards: the
    deal has gone round its last time (DEF-INITIAL-DEAL), whatever a seat before it is missing. Not while a
    boxed card dealt to a seat may still be owed its replacement (BOX-REPLACE)."""
    order = state.entitled_order()
    return bool(order) and not state.boxed_initial and state.seats[order[-1]].held >= state.spec.hole_cards


def _extra_at(state: HandState, seat: int, n: int) -> int:
    holder = state.seats[seat]
    live = holder.live()
    return holder.dealt_at[live[n]] if len(live) > n else state.index


_ORDER_UNKNOWABLE: Final = frozenset({I.FIRST_CARD_WRONG_SEAT, I.CARD_TO_SEAT_NOT_ENTITLED, I.SEAT_DEALT_OUT,
                               I.WRONG_CARD_COUNT, I.EXTRA_CARD})
"""Findings after which the dealing sequence is not checked (it is already wrong in a way reported)."""


def _check_sequence(state: HandState, order: tuple[int, ...], found: list[Finding]) -> None:
    """The cards of the initial deal against the dealing order, in every round.

    Every seat takes its cards in turn, one a round; only the button may take two in a row (DEAL-BTN-CONSEC),
    and only at the end of a round. A seat that is not the button (the seat dealt last with a dead button,
    the big blind heads-up) taking two in a row is out of sequence, as is a seat skipped in any round.
    """
    if any(f.irregularity in _ORDER_UNKNOWABLE for f in found) or len(order) < 2 or state.omits(_OMITTED_DEAL_ORDER):
        return
    deals = state.initial_at
    seq = state.initial_seats
    expected = state.order.expected(len(seq))
    if tuple(seq) == expected:
        return
    button = state.order.button
    for i in range(1, len(seq)):
        if seq[i] == seq[i - 1] and seq[i] != button:
            _add_once(found, Finding(at=deals[i], irregularity=I.CARD_OUT_OF_SEQUENCE, seat=seq[i], count=2,
                                     during_initial_deal=True))
            return
    rotation = [s for s in order if s != button]
    others = [(i, s) for i, s in enumerate(seq) if s != button]
    for k, (i, s) in enumerate(others):
        due = rotation[k % len(rotation)]
        if s != due:
            _add_once(found, Finding(at=deals[i], irregularity=I.CARD_OUT_OF_SEQUENCE, seat=s, expected_seat=due,
                                     during_initial_deal=True))
            return
    run: list[int] = []
    consecutive: int | None = None
    for i, s in enumerate([*seq, 0]):
        if s == button:
            run.append(i)
            continue
        if run:
            before = sum(1 for j in range(run[0]) if seq[j] != button)
            if before == 0 or before % len(rotation) or len(run) > 2:
                at = run[-1] if len(run) > 2 else run[0]
                was_due = rotation[before % len(rotation)] if len(run) <= 2 else None
                _add_once(found, Finding(
                    at=deals[at], irregularity=I.CARD_OUT_OF_SEQUENCE, seat=button, expected_seat=was_due,
                    count=len(run) if len(run) > 2 else None, during_initial_deal=True))
                return
            if len(run) == 2 and consecutive is None:
                consecutive = run[-1]
            run = []
    if consecutive is not None:
        _add_once(found, Finding(at=deals[consecutive], irregularity=I.BUTTON_DEALT_CONSECUTIVE_CARDS,
                                 seat=button, during_initial_deal=True))


_HOWS: Final = frozenset({"flashed", "flipped", "off_table", "shown", "exposed", "dealt_face_up"})
"""How a card was exposed, as an ``expose`` event says it (``exposed`` when it does not; ``dealt_face_up`` for a
card the dealer dealt face up)."""


def _how(how: str) -> Message:
    """The note of an exposure: ``finding.exposed.<how>``, or the log's own word for a way the format does not list."""
    return Message.of(f"finding.exposed.{how}") if how in _HOWS else Message.of("finding.exposed.other", how=how)


def _dealer_exposure(state: HandState, seat: SeatState, card: int, at: int, *, how: str) -> None:
    """The dealer exposed the seat's card ``card`` (its index among the seat's cards)."""
    seat.expose(card, by_dealer=True)
    face = seat.faces[card]
    if state.spec.family is _DRAW_GAME and (state.initial_open or seat.card_streets[card] is not state.spec.streets[0]):
        _draw_exposure(state, seat, card, at, how=how)
        return
    if seat.is_replacement(card):
        state.add(Finding(at=at, irregularity=I.EXPOSED_REPLACEMENT_CARD, seat=seat.seat, card=face,
                          note=_how(how), how=how))
        _set_up_replacement(state, seat)
        return
    if not state.initial_open:
        state.add(Finding(at=at, irregularity=I.EXPOSED_AFTER_DEAL, seat=seat.seat, card=face, note=_how(how),
                          how=how))
        return
    count = 1 + sum(
        1 for f in state.findings
        if f.irregularity is I.EXPOSED_HOLE_CARD and f.during_initial_deal
    )
    state.add(Finding(
        at=at, irregularity=I.EXPOSED_HOLE_CARD, seat=seat.seat, card=face,
        position=None if state.omits(_OMITTED_DEAL_ORDER) else seat.positions[card],
        count=count, during_initial_deal=True, note=_how(how), how=how, order=state.order,
    ))
    if not state.is_stud:
        _set_up_replacement(state, seat)


def _draw_exposure(state: HandState, seat: SeatState, card: int, at: int, *, how: str) -> None:
    """Draw games: every card the dealer exposes is replaced. On the initial deal (its replacements included)
    the exposures are counted toward the misdeal; a card exposed in a draw is an exposure all the same."""
    street = seat.card_streets[card]
    initial = state.initial_open and street is state.spec.streets[0]
    count = 1 + sum(
        1 for f in state.findings if f.irregularity is I.EXPOSED_HOLE_CARD and f.during_initial_deal
    ) if initial else None
    state.add(Finding(
        at=at, irregularity=I.EXPOSED_HOLE_CARD, seat=seat.seat, card=seat.faces[card],
        street=None if initial else street, count=count, during_initial_deal=initial, note=_how(how),
        position=seat.positions[card] if initial and not state.omits(_OMITTED_DEAL_ORDER) else None, how=how,
        order=state.order if initial else None,
    ))
    seat.owed_replacements += 1


def _set_up_replacement(state: HandState, seat: SeatState) -> None:
    """Procedure: the seat gets the next card after the deal; the exposed card is the next burn."""
    seat.owed_replacements += 1
    if state.spec.family is not _FLOP_GAME:
        return
    for street in state.spec.streets[1:]:
        if street not in state.designated_burn and not state.burns.get(street) and not state.board.get(street):
            state.designated_burn[street] = SetAside.EXPOSED_CARD
            break


def expose(state: HandState, ev: CardExposed, at: int) -> None:
    seat = state.seats.get(ev.seat)
    if seat is None or not seat.faces:
        return
    n = len(seat.faces)
    card = (ev.index - 1) if ev.index is not None else n - 1
    if card >= n:
        card = n - 1
    if ev.card != "??" and seat.faces[card] == "??":
        seat.faces[card] = ev.card
        see(state, ev.card, at=at, where=at_seat(ev.seat), seat=ev.seat)
    if ev.by is ExposedBy.PLAYER:
        seat.expose(card, by_dealer=False)
        state.add(Finding(at=at, irregularity=I.PLAYER_EXPOSED_OWN_CARD, seat=ev.seat, card=seat.faces[card],
                          note=_how(ev.how or "shown"), how=ev.how or "shown"))
        return
    if seat.is_by_dealer(card):
        return
    last_dealt = max((s.dealt_at[-1] for s in state.seats.values() if s.dealt_at), default=-1)
    if state.deal_finished and seat.dealt_at[card] != last_dealt and not seat.is_replacement(card):
        seat.expose(card, by_dealer=True)
        state.add(Finding(at=at, irregularity=I.EXPOSED_AFTER_DEAL, seat=seat.seat, card=seat.faces[card],
                          note=_how(ev.how or "exposed"), how=ev.how or "exposed"))
        return
    _dealer_exposure(state, seat, card, at, how=ev.how or "exposed")


def deal_after(state: HandState, ev: CardDealt, at: int) -> None:
    """A card dealt to a seat after the initial deal in a flop or draw game."""
    seat = state.seats.get(ev.seat)
    see(state, ev.card, at=at, where=at_seat(ev.seat), seat=ev.seat, back=ev.back)
    if ev.boxed:
        # on a replacement owed from the initial deal, it counts with the initial deal's boxed cards
        owed = ev.replacement or (seat is not None and seat.owed_replacements > 0)
        if owed:
            state.boxed_initial += 1
        state.add(Finding(at=at, irregularity=I.BOXED_CARD, seat=ev.seat, card=ev.card,
                          street=None if owed else state.street, count=state.boxed_initial if owed else None,
                          during_initial_deal=owed, replacement=owed))
        return
    if seat is None or not seat.entitled:
        state.add(Finding(at=at, irregularity=I.CARD_TO_SEAT_NOT_ENTITLED, seat=ev.seat))
        return
    if seat.owed_replacements > 0:
        _replace(state, seat, ev, at)
        return
    n = state.spec.hole_cards
    if state.spec.family is _DRAW_GAME and state.street is not _PREDRAW:
        drawn = seat.add_card(ev.card, at, face_up=ev.face_up, street=state.street)
        if ev.face_up:
            _dealer_exposure(state, seat, drawn, at, how="dealt_face_up")
        if seat.held > n and not any(f.irregularity is I.WRONG_CARD_COUNT and f.seat == ev.seat
                                     for f in state.findings):
            state.add(Finding(at=at, irregularity=I.WRONG_CARD_COUNT, seat=ev.seat, count=seat.held,
                              street=state.street))
        return
    card = seat.add_card(ev.card, at, face_up=ev.face_up, street=state.street)
    if seat.held > n:
        state.add(Finding(at=at, irregularity=I.EXTRA_CARD, seat=ev.seat, count=seat.held - n))
    elif ev.face_up:
        _dealer_exposure(state, seat, card, at, how="dealt_face_up")
