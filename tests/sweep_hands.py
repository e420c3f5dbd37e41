"""Clean hands of every game in the registry, dealt and played to the pot, for the sweep of irregularities.

Each hand is four-handed, every card known, one burn before each street, every player checking or calling to a
showdown (seat 3 folds at once). The engine itself says whose turn it is, so the hands are in turn under every book; a hand that is
not clean (any finding) is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from floorman.engine.hand import Hand, rule
from floorman.fold.cards import short_deck, standard_deck
from floorman.fold.table import GAMES, Family, Game, clockwise_from
from floorman.formats import handlog

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


TABLES: dict[str, tuple[int, ...]] = {"standard": (1, 2, 3, 4), "heads_up": (1, 2), "dead_button": (1, 2, 3)}
"""The seats with a player at each kind of table (four seats; the button on seat 4, or seat 2 heads-up; with seat 4
empty the button is dead)."""


class _Dealer:
    """Plays a hand forward event by event, asking the engine whose turn it is."""

    def __init__(self, game: Game, table: str = "standard") -> None:
        self.spec = GAMES[game]
        self.seated = TABLES[table]
        header: Obj = {
            "floorman": 1, "game": game.value, "seats": SEATS, "level": _level(self.spec.family),
            "players": [{"seat": s, "name": f"P{s}", "stack": 50000} for s in self.seated],
            "deck": {"back": "blue"},
        }
        if self.spec.family is not Family.STUD:
            header["button"] = 2 if table == "heads_up" else BUTTON
        self.header = header
        self.events: list[Obj] = []
        self.hand = Hand(replace(handlog.from_obj({**header, "events": []}), events=()))
        deck = short_deck() if self.spec.short_deck else standard_deck()
        self.reserved = set(_STUD_DOORS[self.spec.low_bring_in]) if self.spec.family is Family.STUD else set()
        self.deck = [c for c in deck if c not in self.reserved]
        self.held: dict[int, list[str]] = {s: [] for s in self.seated}

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
            state = self.hand.view
            seat = state.next_to_act  # None once the round is complete
            if seat is None:
                return
            due = state.current_bet > state.seats[seat].street_bet
            action = "fold" if seat == FOLDER else "call" if due else "check"
            self.push({"type": "act", "seat": seat, "action": action})
        raise AssertionError("the betting round did not end")

    def showdown(self) -> None:
        for seat in self.seated:
            if self.hand.view.seats[seat].in_hand:
                live = [c.card for c in self.hand.view.seats[seat].live_cards]
                self.push({"type": "show", "seat": seat, "cards": live})
        self.push({"type": "pot_awarded"})


def _order() -> list[int]:
    return list(clockwise_from(SEATS, BUTTON % SEATS + 1))


def _flop_or_draw(d: _Dealer) -> None:
    order = list(d.hand.view.order.seats) if len(d.seated) < SEATS else _order()
    sb, bb = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])  # heads-up the button is the small blind
    d.push({"type": "post", "seat": sb, "blind": "sb", "amount": 100})
    d.push({"type": "post", "seat": bb, "blind": "bb", "amount": 200})
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
            if d.hand.view.seats[seat].in_hand:
                d.push({"type": "discard", "seat": seat, "count": 1})
                d.deal(seat)
        d.betting()


def _stud(d: _Dealer) -> None:
    doors = _STUD_DOORS[d.spec.low_bring_in]
    for seat in d.seated:
        d.push({"type": "post", "seat": seat, "blind": "ante", "amount": 25})
    for round_ in range(3):
        for seat in d.seated:
            d.deal(seat, face_up=round_ == 2, wanted=doors[seat - 1] if round_ == 2 else None)
    d.push({"type": "post", "seat": 1, "blind": "bring_in", "amount": 50})
    d.betting()
    for face_up in d.spec.street_face_up:
        d.push({"type": "burn", "card": d.card()})
        for seat in d.seated:
            if d.hand.view.seats[seat].in_hand:
                d.deal(seat, face_up=face_up)
        d.betting()


def clean_hand(game: Game, table: str = "standard") -> Obj:
    """A clean hand of ``game``, played to the pot, as a JSON-shaped hand log, at a ``table`` of ``TABLES``."""
    d = _Dealer(game, table)
    (_stud if d.spec.family is Family.STUD else _flop_or_draw)(d)
    d.showdown()
    log = {**d.header, "events": d.events}
    result = rule(handlog.from_obj(log))
    assert not result.findings, (game, result.findings)
    return log


# --- Hand-log features, to sweep two at once ------------------------------------------------------------------

Feature = Callable[[Obj], "Obj | None"]


def _first(events: list[Obj], kind: str, start: int = 0) -> int | None:
    return next((i for i in range(start, len(events)) if events[i]["type"] == kind), None)


def _deal_end(events: list[Obj]) -> int:
    """The index of the last card of the initial deal."""
    first = _first(events, "deal") or 0
    i = first
    while i + 1 < len(events) and events[i + 1]["type"] == "deal":
        i += 1
    return i


def _unused_card(log: Obj) -> str:
    seen = {e.get("card") for e in log["events"]} | {c for e in log["events"] for c in e.get("cards", ())}
    return next(c for c in standard_deck() if c not in seen and c[0] not in "2345")


def _with(log: Obj, at: int, *events: Obj) -> Obj:
    return {**log, "floorman": 1.1, "events": [*log["events"][:at], *events, *log["events"][at:]]}


def _seat_in_hand(log: Obj) -> int:
    return next(e["seat"] for e in log["events"] if e["type"] == "show")


def _hand_began(log: Obj) -> Obj:
    return _with(log, 0, {"type": "hand_began", "how": "riffle"})


def _deal_completed(log: Obj) -> Obj:
    return _with(log, _deal_end(log["events"]) + 1, {"type": "deal_completed"})


def _burn_back(log: Obj) -> Obj | None:
    i = _first(log["events"], "burn")
    if i is None:
        return None
    events = list(log["events"])
    events[i] = {**events[i], "back": "red"}
    return {**log, "floorman": 1.1, "events": events}


def _found_in_burns(log: Obj) -> Obj | None:
    i = _first(log["events"], "burn")
    return None if i is None else _with(log, i + 1, {"type": "found_in_burns", "card": _unused_card(log)})


def _caused_by(log: Obj) -> Obj:
    seat = _seat_in_hand(log)
    by = next(e["seat"] for e in log["events"] if e["type"] == "show" and e["seat"] != seat)
    held = sum(1 for e in log["events"][:_deal_end(log["events"]) + 1] if e["type"] == "deal" and e["seat"] == seat)
    return _with(log, _deal_end(log["events"]) + 1, {"type": "discover", "what": "wrong_count", "seat": seat,
                                                     "count": held - 1, "caused_by": "player", "by_seat": by})


def _muck_retrieved(log: Obj) -> Obj:
    i = _first(log["events"], "show") or len(log["events"])
    seat = log["events"][i]["seat"]
    cards = log["events"][i]["cards"]
    return _with(log, i, {"type": "muck", "seat": seat, "by": "dealer"},
                 {"type": "muck_retrieved", "seat": seat, "identified": "camera", "cards": cards})


def _card_found(log: Obj) -> Obj:
    return _with(log, _deal_end(log["events"]) + 1,
                 {"type": "card_found", "where": "off_table", "card": _unused_card(log), "origin": "this_deck"})


def _stub_dropped(log: Obj) -> Obj:
    i = _first(log["events"], "act") or len(log["events"])
    return _with(log, i + 1, {"type": "stub_dropped", "rebuilt": True})


def _level_change(log: Obj) -> Obj:
    """The clock moves to the next level after the hand began (the level applies to the next hand)."""
    level = {**log["level"], "number": log["level"]["number"] + 1}
    began = {**log, "events": [{"type": "hand_began", "how": "riffle"}, *log["events"]]}
    i = _first(began["events"], "act") or len(began["events"])
    return _with(began, i + 1, {"type": "level_change", "level": level})


def _next_button(log: Obj) -> Obj | None:
    if "button" not in log:
        return None
    return _with(log, len(log["events"]), {"type": "next_hand", "button": log["button"]})  # the button did not move


def _made_up(log: Obj) -> Obj | None:
    if "button" not in log:
        return None
    return _with(log, len(log["events"]), {"type": "next_hand", "made_up": [_seat_in_hand(log)]})


def _shares(log: Obj) -> Obj:
    events = list(log["events"])
    i = max(j for j, e in enumerate(events) if e["type"] == "pot_awarded")
    events[i] = {**events[i], "shares": [{"seat": _seat_in_hand(log), "amount": 10**6}]}  # more than the pot
    return {**log, "floorman": 1.1, "events": events}


FEATURES: dict[str, Feature] = {
    "hand_began": _hand_began, "deal_completed": _deal_completed, "burn.back": _burn_back,
    "found_in_burns": _found_in_burns, "discover.caused_by": _caused_by, "muck_retrieved": _muck_retrieved,
    "card_found": _card_found, "stub_dropped": _stub_dropped, "level_change": _level_change,
    "next_hand.button": _next_button, "next_hand.made_up": _made_up, "pot_awarded.shares": _shares,
}
"""Every v1.1 field and event, each put into a clean hand the way a log records it (None where the game has no
place for it: a button in stud)."""


def _redeal_of(log: Obj) -> Obj:
    return {**log, "redeal_of": {"hand": "h-1", "count": 1}}


def _next_hand(log: Obj) -> Obj:
    if any(e["type"] == "next_hand" for e in log["events"]):
        return log
    return {**log, "events": [*log["events"], {"type": "next_hand"}]}


CONTEXTS: dict[str, tuple[str, Callable[[Obj], Obj]]] = {
    "redeal_of": ("standard", _redeal_of), "next_hand": ("standard", _next_hand),
    "heads_up": ("heads_up", lambda log: log), "dead_button": ("dead_button", lambda log: log),
}
"""What a hand may be beside its own events: the re-play of a misdealt hand, followed by the next hand, heads-up,
with a dead button; each the kind of table it is dealt at and what it adds to the log."""
