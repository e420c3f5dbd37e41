"""Setting up a table for a hand: from the setup form, or carried over from the table's last hand.

>>> next_hand_number("12-0458"), next_hand_number("99"), next_hand_number("")
('12-0459', '100', '1')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.engine.hand import Hand
from floorman.errors import FloormanError
from floorman.fold.log import HandLog
from floorman.fold.rotation import Blinds, HandAtTable, blinds_due, next_hand
from floorman.fold.table import GAMES, Family, Game, PlayerStatus
from floorman.formats import handlog
from floorman.law.rulebooks import DEFAULT_BOOK
from floorman.web.problems import InvalidInput

__all__ = ["LEVEL_FIELDS", "MAX_SEATS", "SeatEntry", "TableSetup", "blind_posts", "carried_over",
           "next_blinds", "next_hand_number", "setup_from_form"]

MAX_SEATS = 10
_GAME_VALUES = frozenset(g.value for g in GAMES)
LEVEL_FIELDS = ("small_blind", "big_blind", "ante", "big_blind_ante", "bring_in", "small_bet", "big_bet")


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatEntry:
    seat: int
    name: str
    stack: int
    status: str = "present"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSetup:
    table_name: str
    hand_number: str
    dealer: str
    rulebook: str = DEFAULT_BOOK
    game: str = Game.HOLDEM.value
    seats: int = 9
    button: int = 1
    level: Mapping[str, int] = field(default_factory=dict)
    players: tuple[SeatEntry, ...] = ()
    deck_back: str = ""
    structure: str = ""
    """``no-limit``, ``pot-limit`` or ``limit``; empty for the game's usual structure."""

    def header(self) -> dict[str, Any]:
        """The hand log's header (section 1), with no events yet."""
        obj: dict[str, Any] = {"floorman": 1, "rulebook": self.rulebook, "game": self.game, "seats": self.seats}
        if self.structure:
            obj["structure"] = self.structure
        obj["button"] = self.button
        obj["level"] = {k: v for k, v in self.level.items() if v or k == "number"}
        obj["table"] = self.table_name
        obj["hand"] = self.hand_number
        if self.dealer:
            obj["dealer"] = self.dealer
        obj["players"] = [
            {"seat": p.seat, "name": p.name, "stack": p.stack, **({"status": p.status} if p.status != "present" else {})}
            for p in self.players
        ]
        if self.deck_back:
            obj["deck"] = {"back": self.deck_back}
        obj["events"] = []
        return obj

    def validated(self) -> HandLog:
        """The header as the engine reads it; a ``LogError`` names the field that is wrong."""
        return handlog.from_obj(self.header())


def next_hand_number(number: str) -> str:
    match = re.fullmatch(r"(.*?)(\d+)", number.strip())
    if match is None:
        return f"{number.strip()}-2" if number.strip() else "1"
    prefix, digits = match.groups()
    return f"{prefix}{int(digits) + 1:0{len(digits)}d}"


def _family(game: str) -> Family:
    """The registry's family of ``game``; an unknown game is taken as a flop game (the header check names it)."""
    return GAMES[Game(game)].family if game in _GAME_VALUES else Family.FLOP


def _left_behind(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]],
                 players: Sequence[SeatEntry]) -> HandAtTable:
    """What the table's last hand left for the next one: read by the engine from its events where they are
    given (the blinds posted, who busted, who sat down), else from its header alone (the blinds its button
    placed)."""
    if events:
        try:
            after = Hand(handlog.from_obj({**header, "events": list(events)})).hand_at_table()
        except FloormanError:
            after = None
        if after is not None:
            return after
    seats = int(header.get("seats", 9))
    button = header.get("button")
    return HandAtTable(family=_family(str(header.get("game", ""))), seats=seats,
                       button=int(button) if button else None, small_blind=None, big_blind=None,
                       dealt=tuple(p.seat for p in players if p.status != "waiting"),
                       arrived=tuple(p.seat for p in players if p.status == "waiting"))


def carried_over(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]] = ()) -> TableSetup:
    """The next hand at the same table: the same players, level and dealer, the button where the rotation puts it
    (``rotation.next_hand``: the big blind to the player due, heads-up nobody takes it twice), players who busted
    in the last hand (its ``events``) gone."""
    entries = [
        SeatEntry(seat=int(p["seat"]), name=str(p["name"]), stack=int(p["stack"]),
                  status=str(p.get("status") or "present"))
        for p in header.get("players", [])
    ]
    after = _left_behind(header, events, entries)
    nxt = next_hand(after)
    players = [
        SeatEntry(seat=p.seat, name=p.name, stack=p.stack,
                  status="waiting" if p.seat in nxt.waiting
                  else "present" if p.status in ("redeal_dead", "waiting") else p.status)
        for p in entries if p.seat not in after.busted
    ]
    seats = int(header.get("seats", 9))
    button = int(header.get("button") or 1)
    if nxt.button is not None:
        button = nxt.button
    level = dict(header.get("level", {}))
    return TableSetup(
        table_name=str(header.get("table", "")), hand_number=next_hand_number(str(header.get("hand", ""))),
        dealer=str(header.get("dealer", "")), rulebook=str(header.get("rulebook") or DEFAULT_BOOK),
        game=str(header.get("game", Game.HOLDEM.value)), seats=seats, button=button, level=level,
        players=tuple(players), deck_back=str((header.get("deck") or {}).get("back", "")),
        structure=str(header.get("structure") or ""),
    )


def next_blinds(setup: TableSetup) -> Blinds:
    """Who posts the blinds of the hand ``setup`` sets up, from its button (``rotation.blinds_due``)."""
    return blinds_due(family=_family(setup.game), seats=setup.seats, button=setup.button,
                      entitled=[p.seat for p in setup.players if p.status != "waiting"])


def blind_posts(log: HandLog) -> list[dict[str, Any]]:
    """The forced bets of a normal hand: blinds (and big-blind ante) where the rotation places them from the
    button (``rotation.blinds_due``), or every ante."""
    level = log.level
    entitled = [p.seat for p in log.players if p.status is not PlayerStatus.WAITING]
    posts: list[dict[str, Any]] = []
    if log.spec.family is Family.STUD or log.button is None:
        if level.ante:
            posts += [{"type": "post", "seat": s, "blind": "ante", "amount": level.ante} for s in entitled]
        return posts
    due = blinds_due(family=log.spec.family, seats=log.seats, button=log.button, entitled=entitled)
    sb, bb = due.small_blind, due.big_blind
    if sb is None:
        return posts
    if level.ante:
        posts += [{"type": "post", "seat": s, "blind": "ante", "amount": level.ante} for s in entitled]
    if level.small_blind:
        posts.append({"type": "post", "seat": sb, "blind": "sb", "amount": level.small_blind})
    if level.big_blind and bb is not None:
        posts.append({"type": "post", "seat": bb, "blind": "bb", "amount": level.big_blind})
    if level.big_blind_ante and bb is not None:
        posts.append({"type": "post", "seat": bb, "blind": "bb_ante", "amount": level.big_blind_ante})
    return posts


_GROUPED = re.compile(r"\d{1,3}(?:([,. \u00a0\u202f])\d{3})(?:\1\d{3})*")


def _whole(form: Mapping[str, str], name: str, *, default: int = 0, low: int = 0, high: int = 10**12) -> int:
    raw = form.get(name, "").strip()
    if _GROUPED.fullmatch(raw):  # 24,000 or 24.000 or 24 000, as a floor types it in either language
        raw = re.sub(r"\D", "", raw)
    if not raw:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise InvalidInput("error.web.table_setup.expected_whole_number_from", field=name, low=low, high=high,
                           raw=repr(raw))
    return int(raw)


def setup_from_form(form: Mapping[str, str]) -> TableSetup:
    """The setup form's fields: table, hand, dealer, game, seats, button, level, and name_N/stack_N/status_N."""
    table_name = form.get("table", "").strip()
    if not table_name:
        raise InvalidInput("error.web.table_setup.name_table", field="table")
    seats = _whole(form, "seats", default=9, low=2, high=MAX_SEATS)
    players = []
    for seat in range(1, seats + 1):
        name = form.get(f"name_{seat}", "").strip()
        if not name:
            continue
        status = form.get(f"status_{seat}", "present") or "present"
        if status not in {s.value for s in PlayerStatus}:
            raise InvalidInput("error.web.table_setup.unknown_player_status", field=f"status_{seat}",
                               status=repr(status))
        players.append(SeatEntry(seat=seat, name=name, stack=_whole(form, f"stack_{seat}", high=10**12),
                                 status=status))
    level: dict[str, int] = {key: _whole(form, key) for key in LEVEL_FIELDS}
    if form.get("level_number", "").strip():
        level = {"number": _whole(form, "level_number", high=10**6), **level}
    setup = TableSetup(
        table_name=table_name, hand_number=form.get("hand", "").strip() or "1",
        dealer=form.get("dealer", "").strip(), rulebook=form.get("rulebook", DEFAULT_BOOK) or DEFAULT_BOOK,
        game=form.get("game", "") or Game.HOLDEM.value, seats=seats,
        button=_whole(form, "button", default=1, low=1, high=seats), level=level, players=tuple(players),
        deck_back=form.get("deck_back", "").strip(), structure=form.get("structure", "").strip(),
    )
    setup.validated()
    return setup
