"""Clean hands of every game in the registry, dealt and played to the pot, for the sweep of irregularities.

Each hand is four-handed, every card known, one burn before each street, every player checking or calling to a
showdown (seat 3 folds at once). The engine itself says whose turn it is, so the hands are in turn under every book; a hand that is
not clean (any finding) is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from floorman.betting import is_round_complete, next_to_act
from floorman.cards import short_deck, standard_deck
from floorman.formats import handlog
from floorman.hand import Hand, rule
from floorman.table import GAMES, Family, Game, clockwise_from

Obj = dict[str, Any]

SEATS = 4
BUTTON = 4
FOLDER = 3
"""The seat that folds at its first turn (a player the drill can make absent)."""
_STUD_DOORS = {True: ("2c", "Kd", "Qh", "Js"), False: ("Kc", "2d", "3h", "4s")}
"""Stud up cards: seat 1 brings in (the lowest card, or in razz the highest)."""


def _level(family: Family) -> Obj:
    if family is Family.STUD:
        return {"number": 4, "small_bet": 200, "big_bet": 400, "ante": 25, "bring_in": 50}
    return {"number": 4, "small_blind": 100, "big_blind": 200, "small_bet": 200, "big_bet": 400}


class _Dealer:
    """Plays a hand forward event by event, asking the engine whose turn it is."""

    def __init__(self, game: Game) -> None:
        self.spec = GAMES[game]
        header: Obj = {
            "floorman": 1, "game": game.value, "seats": SEATS, "level": _level(self.spec.family),
            "players": [{"seat": s, "name": f"P{s}", "stack": 50000} for s in range(1, SEATS + 1)],
            "deck": {"back": "blue"},
        }
        if self.spec.family is not Family.STUD:
            header["button"] = BUTTON
        self.header = header
        self.events: list[Obj] = []
        self.hand = Hand(replace(handlog.from_obj({**header, "events": []}), events=()))
        deck = short_deck() if self.spec.short_deck else standard_deck()
        self.reserved = set(_STUD_DOORS[self.spec.low_bring_in]) if self.spec.family is Family.STUD else set()
        self.deck = [c for c in deck if c not in self.reserved]
        self.held: dict[int, list[str]] = {s: [] for s in range(1, SEATS + 1)}

    def push(self, event: Obj) -> None:
        self.events.append(event)
        log = handlog.from_obj({**self.header, "events": [event]})
        self.hand.push(log.events[0])

    def card(self, wanted: str | None = None) -> str:
        if wanted is not None:
            return wanted
        return self.deck.pop(0)

    def deal(self, seat: int, *, face_up: bool = False, wanted: str | None = None) -> None:
        card = self.card(wanted)
        self.held[seat].append(card)
        ev: Obj = {"type": "deal", "seat": seat, "card": card}
        if face_up:
            ev["face_up"] = True
        self.push(ev)

    def betting(self) -> None:
        """Everyone checks or calls until the round is complete; seat 3 folds the first time it acts."""
        for _ in range(40):
            state = self.hand.state
            if is_round_complete(state):
                return
            seat = next_to_act(state)
            if seat is None:
                return
            due = state.current_bet > state.seats[seat].street_bet
            action = "fold" if seat == FOLDER else "call" if due else "check"
            self.push({"type": "act", "seat": seat, "action": action})
        raise AssertionError("the betting round did not end")

    def showdown(self) -> None:
        for seat in range(1, SEATS + 1):
            if self.hand.state.seats[seat].in_hand:
                live = [c.card for c in self.hand.state.seats[seat].live_cards]
                self.push({"type": "show", "seat": seat, "cards": live})
        self.push({"type": "pot_awarded"})


def _order() -> list[int]:
    return list(clockwise_from(SEATS, BUTTON % SEATS + 1))


def _flop_or_draw(d: _Dealer) -> None:
    order = _order()
    d.push({"type": "post", "seat": order[0], "blind": "sb", "amount": 100})
    d.push({"type": "post", "seat": order[1], "blind": "bb", "amount": 200})
    for _ in range(d.spec.hole_cards):
        for seat in order:
            d.deal(seat)
    d.betting()
    if d.spec.family is Family.FLOP:
        for n in d.spec.board_cards:
            d.push({"type": "burn", "card": d.card()})
            for _ in range(n):
                d.push({"type": "board", "card": d.card()})
            d.betting()
        return
    for _ in d.spec.streets[1:]:
        for seat in order:
            if d.hand.state.seats[seat].in_hand:
                d.push({"type": "discard", "seat": seat, "count": 1})
                d.deal(seat)
        d.betting()


def _stud(d: _Dealer) -> None:
    doors = _STUD_DOORS[d.spec.low_bring_in]
    for seat in range(1, SEATS + 1):
        d.push({"type": "post", "seat": seat, "blind": "ante", "amount": 25})
    for round_ in range(3):
        for seat in range(1, SEATS + 1):
            d.deal(seat, face_up=round_ == 2, wanted=doors[seat - 1] if round_ == 2 else None)
    d.push({"type": "post", "seat": 1, "blind": "bring_in", "amount": 50})
    d.betting()
    for face_up in d.spec.street_face_up:
        d.push({"type": "burn", "card": d.card()})
        for seat in range(1, SEATS + 1):
            if d.hand.state.seats[seat].in_hand:
                d.deal(seat, face_up=face_up)
        d.betting()


def clean_hand(game: Game) -> Obj:
    """A clean hand of ``game``, played to the pot, as a JSON-shaped hand log."""
    d = _Dealer(game)
    (_stud if d.spec.family is Family.STUD else _flop_or_draw)(d)
    d.showdown()
    log = {**d.header, "events": d.events}
    result = rule(handlog.from_obj(log))
    assert not result.findings, (game, result.findings)
    return log
