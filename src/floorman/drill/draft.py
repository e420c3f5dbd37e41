"""A rebuilt hand being given its irregularities: the events as JSON-shaped dicts, and where each error is.

An injection changes the events and leaves a ``Mark``: the event that carries the error and the
kind of window in which the floor may be called about it. Marks hold the event object itself, so
that events inserted later do not move them.

>>> from floorman.drill.hands import bundled_hands, rebuild
>>> draft = Draft(rebuild(bundled_hands()[0].obj()))
>>> draft.spec.game.value, draft.order
('omaha', [1, 2])
>>> first, last = draft.deal_span()
>>> [draft.events[i]["seat"] for i in range(first, first + 4)]
[1, 2, 1, 2]
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from floorman.drill.hands import deal_order, initial_deal
from floorman.drill.model import Kind
from floorman.fold.cards import is_known, short_deck, standard_deck
from floorman.fold.table import GAMES, Family, Game, GameSpec
from floorman.locale import Message

__all__ = ["Draft", "Mark", "Window"]

Obj = dict[str, Any]
_CARD_EVENTS = ("deal", "board", "burn", "boxed", "expose")


class Window(StrEnum):
    """How the moment of the floor call is measured for an error."""

    SA = "sa"
    """Before or after substantial action (errors of the deal)."""
    STREET = "street"
    """Before or after the first action on the error's street, and before the next street's cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    kind: Kind
    event: Obj
    window: Window


@dataclass(slots=True)
class Draft:
    """The hand being built: header, events, the irregularities put in and what the floor is told.

    A working copy, changed in place by the injectors and thrown away once the scenario is made
    (or if an injection does not fit the hand); nothing outside the drill package sees it.
    """

    log: Obj
    header: Obj = field(init=False)
    events: list[Obj] = field(init=False)
    spec: GameSpec = field(init=False)
    marks: list[Mark] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)
    added: list[Obj] = field(default_factory=list)
    """Events an injection put in (a fourth flop card, a premature turn): not part of the real streets."""

    def __post_init__(self) -> None:
        self.header = {k: v for k, v in self.log.items() if k != "events"}
        self.events = [dict(e) for e in self.log["events"]]
        self.spec = GAMES[Game(self.header["game"])]

    # -- what the hand is -------------------------------------------------------------------

    @property
    def family(self) -> Family:
        return self.spec.family

    @property
    def is_flop(self) -> bool:
        return self.spec.family is Family.FLOP

    @property
    def is_stud(self) -> bool:
        return self.spec.family is Family.STUD

    @property
    def order(self) -> list[int]:
        """The seats in the order the initial deal reaches them."""
        return deal_order(self.header)

    def player(self, seat: int) -> Mapping[str, Any]:
        return next(p for p in self.header["players"] if int(p["seat"]) == seat)

    def deal_span(self) -> tuple[int, int]:
        return initial_deal(self.events)

    def initial_deals(self) -> list[int]:
        """Indexes of the cards dealt to seats in the initial deal."""
        first, last = self.deal_span()
        return [i for i in range(first, last + 1) if self.events[i]["type"] == "deal"] if first >= 0 else []

    def index(self, event: Obj) -> int:
        """Where an event (this very object) now stands."""
        return next(i for i, e in enumerate(self.events) if e is event)

    # -- streets ----------------------------------------------------------------------------

    def streets(self) -> list[tuple[str, int | None, list[int]]]:
        """The real hand's streets after the deal: (name, index of its burn, indexes of its cards).

        Flop games: flop, turn, river (board cards). Stud: fourth to seventh street (one card to
        each seat still in). Draw games have none here. Cards an injection added are not counted.
        """
        out: list[tuple[str, int | None, list[int]]] = []
        if self.is_flop:
            names, sizes = ("flop", "turn", "river"), (3, 1, 1)
            boards = [i for i, e in enumerate(self.events) if e["type"] == "board" and not self.is_added(e)]
            start = 0
            for name, size in zip(names, sizes, strict=True):
                cards = boards[start:start + size]
                if len(cards) < size:
                    break
                start += size
                burn = cards[0] - 1 if self.events[cards[0] - 1]["type"] == "burn" else None
                out.append((name, burn, cards))
        elif self.is_stud:
            _, last = self.deal_span()
            held: dict[int, int] = {}
            by_street: dict[int, list[int]] = {}
            for i in range(last + 1, len(self.events)):
                e = self.events[i]
                if e["type"] == "deal" and not e.get("boxed") and not self.is_added(e):
                    count = held[e["seat"]] = held.get(e["seat"], 3) + 1
                    by_street.setdefault(count, []).append(i)
            for count, cards in sorted(by_street.items()):
                name = ("fourth", "fifth", "sixth", "seventh")[count - 4] if 4 <= count <= 7 else str(count)
                burn = cards[0] - 1 if self.events[cards[0] - 1]["type"] == "burn" else None
                out.append((name, burn, cards))
        return out

    def acts_before(self, index: int) -> list[int]:
        """The actions of the betting round that ends where the cards at ``index`` come (back to earlier cards)."""
        out: list[int] = []
        for i in range(index - 1, -1, -1):
            kind = self.events[i]["type"]
            if kind == "act":
                out.append(i)
            elif kind in ("board", "burn", "deal", "discard"):
                break
        return out[::-1]

    def next_cards(self, index: int) -> int:
        """The index of the first event after ``index`` that brings the next street's cards (or the end)."""
        _, last = self.deal_span()
        for i in range(index + 1, len(self.events)):
            kind = self.events[i]["type"]
            if kind in ("board", "burn", "discard") or (kind == "deal" and i > last):
                return i
        return len(self.events)

    # -- cards ------------------------------------------------------------------------------

    def used_cards(self) -> set[str]:
        """Every face the log shows anywhere."""
        seen: set[str] = set()
        for e in self.events:
            if e["type"] in _CARD_EVENTS and is_known(str(e.get("card", "??"))):
                seen.add(str(e["card"]))
            for card in e.get("cards", ()) if e["type"] == "show" else ():
                if is_known(card):
                    seen.add(card)
            for card in e.get("_cards", ()):
                if is_known(card):
                    seen.add(card)
        return seen

    def fresh_card(self, rng: random.Random) -> str:
        """A card of this game's deck that the log does not show anywhere."""
        deck = short_deck() if self.spec.short_deck else standard_deck()
        used = self.used_cards()
        return rng.choice([c for c in deck if c not in used])

    def seat_cards(self, seat: int, before: int) -> list[Obj]:
        """The deal events that put a card at ``seat`` before event ``before``."""
        return [e for e in self.events[:before] if e["type"] == "deal" and e["seat"] == seat and not e.get("boxed")]

    def set_face(self, event: Obj, card: str) -> None:
        """Give a dealt card another face, and the same face wherever its seat later shows it."""
        old = event.get("card", "??")
        event["card"] = card
        if event["type"] != "deal":
            return
        for e in self.events[self.index(event) + 1:]:
            if e["type"] == "show" and e["seat"] == event["seat"] and old in e.get("cards", ()):
                cards = list(e["cards"])
                cards[cards.index(old)] = card
                e["cards"] = cards

    # -- the record of what was done ---------------------------------------------------------

    def mark(self, kind: Kind, event: Obj, window: Window, *notes: Message) -> None:
        """The irregularity put in at ``event``, and what the floor is told of it (the catalog's ``drill.note.*``)."""
        self.marks.append(Mark(kind=kind, event=event, window=window))
        self.notes.extend(notes)

    def insert(self, index: int, *events: Obj) -> None:
        self.events[index:index] = list(events)
        self.added.extend(events)

    def is_added(self, event: Obj) -> bool:
        return any(e is event for e in self.added)
