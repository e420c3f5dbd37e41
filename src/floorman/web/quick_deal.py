"""Fast reconstruction: one tap deals a whole round, the whole initial deal, or a street, and the
floor names only what went wrong (the first card's seat, a skipped seat, a card face up or boxed,
four cards on the flop, a missing burn).

Each function returns hand-log events (JSON-shaped, as section 2 of the format writes them); they
go through the same validation as any other event.

>>> from floorman.formats import handlog
>>> from floorman.engine.hand import Hand
>>> log = handlog.from_obj({"floorman": 1, "game": "holdem", "seats": 3, "button": 3, "level": {"big_blind": 2},
...     "players": [{"seat": s, "name": f"P{s}", "stack": 100} for s in (1, 2, 3)], "events": []})
>>> [e["seat"] for e in initial_deal(Hand(log).view, flaws=DealFlaws(first_seat=2))]
[2, 3, 1, 2, 3, 1]
>>> [e["seat"] for e in initial_deal(Hand(log).view, rounds=1, flaws=DealFlaws(skipped_seat=3))]
[1, 2]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.fold.rotation import deal_ring
from floorman.fold.table import Family, Street
from floorman.fold.view import HandView
from floorman.web.problems import InvalidInput

__all__ = ["DealFlaws", "board_street", "initial_deal", "next_board_street", "stud_street"]

Event = dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealFlaws:
    """What went wrong in the deal; all None means a correct deal."""

    first_seat: int | None = None
    """The seat that got the first card (the deal went on clockwise from there)."""
    skipped_seat: int | None = None
    """A seat the dealer passed over."""
    face_up: tuple[int, int] | None = None
    """(seat, which card of that seat: 1 = its first) dealt face up."""
    boxed: tuple[int, int] | None = None
    """(seat, which card) found face up in the deck as it was dealt; the seat then got the next card."""


def _ring(state: HandView, flaws: DealFlaws) -> list[int]:
    order = list(state.entitled_order())
    seats = state.log.seats
    if flaws.first_seat is not None:
        if not 1 <= flaws.first_seat <= seats:
            raise InvalidInput("error.web.quick_deal.seat_at_table", field="first_seat", first_seat=flaws.first_seat)
        return list(deal_ring(seats=seats, first=flaws.first_seat, dealt=(*order, flaws.first_seat)))
    if state.initial_seats and order:
        return list(deal_ring(seats=seats, after=state.initial_seats[-1], dealt=order))
    return order


def initial_deal(state: HandView, *, rounds: int | None = None, flaws: DealFlaws = DealFlaws()) -> list[Event]:
    """The rest of the initial deal (or ``rounds`` rounds of it), one card a seat a round."""
    if not state.initial_open:
        raise InvalidInput("error.web.quick_deal.initial_deal_over_betting", field="rounds")
    order = state.entitled_order()
    if not order:
        raise InvalidInput("error.web.quick_deal.seat_at_table_entitled", field="players")
    cards = state.spec.hole_cards
    done = len(state.initial_seats) // len(order)
    remaining = cards - done if rounds is None else min(rounds, cards - done)
    if remaining <= 0:
        raise InvalidInput("error.web.quick_deal.every_seat_already_starting", field="rounds")
    ring = [s for s in _ring(state, flaws) if s != flaws.skipped_seat]
    held = {s: (state.seats[s].held if s in state.seats else 0) for s in ring}
    stud_up = state.spec.initial_face_up
    events: list[Event] = []
    for _ in range(remaining):
        for seat in ring:
            nth = held[seat] + 1
            held[seat] = nth
            if flaws.boxed == (seat, nth):
                events.append({"type": "deal", "seat": seat, "boxed": True})
            face_up = flaws.face_up == (seat, nth) or (nth <= len(stud_up) and stud_up[nth - 1])
            event: Event = {"type": "deal", "seat": seat}
            if face_up:
                event["face_up"] = True
            events.append(event)
    return events


def next_board_street(state: HandView) -> Street | None:
    """The flop, turn or river still to come (flop games), or None."""
    if state.spec.family is not Family.FLOP:
        return None
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        if not state.board.get(street):
            return street
    return None


def board_street(state: HandView, *, cards: int | None = None, burn: bool = True) -> list[Event]:
    """Burn and deal the next street's board cards; ``cards`` overrides how many (four on the flop)."""
    street = next_board_street(state)
    if street is None:
        raise InvalidInput("error.web.quick_deal.board_complete", field="street")
    count = cards if cards is not None else (3 if street is Street.FLOP else 1)
    if not 1 <= count <= 6:
        raise InvalidInput("error.web.quick_deal.expected_board_cards_got", field="cards", count=count)
    events: list[Event] = [{"type": "burn"}] if burn else []
    events += [{"type": "board"} for _ in range(count)]
    return events


def stud_street(state: HandView, *, burn: bool = True) -> list[Event]:
    """Stud: burn, then one card to each player still in the hand (face up on 4th to 6th street)."""
    if not state.is_stud:
        raise InvalidInput("error.web.quick_deal.only_stud_deals_streets", field="street")
    index = state.street_idx + 1
    if index >= len(state.spec.streets):
        raise InvalidInput("error.web.quick_deal.every_street_been_dealt", field="street")
    face_up = state.spec.street_face_up[index - 1]
    seats = [s for s in state.entitled_order() if state.seats[s].in_hand]
    events: list[Event] = [{"type": "burn"}] if burn else []
    for seat in seats:
        event: Event = {"type": "deal", "seat": seat}
        if face_up:
            event["face_up"] = True
        events.append(event)
    return events
