"""Small builders for hand logs in tests: the oracle's standard tables and their usual deals."""

from __future__ import annotations

from typing import Any

import floorman
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json

T9_LEVEL = {"number": 12, "small_blind": 1000, "big_blind": 2000, "big_blind_ante": 2000}
NAMES = ["An", "Binh", "Chi", "Dung", "Em", "Giang", "Hoa", "Khanh", "Linh", "Minh"]


def t9(events: list[dict[str, Any]], *, seats: int = 9, button: int = 9, empty: tuple[int, ...] = (),
       status: dict[int, str] | None = None, game: str = "holdem", **header: Any) -> dict[str, Any]:
    """The oracle's T9 table: blinds on seats 1 and 2 (big-blind ante), then ``events``."""
    players = []
    for seat in range(1, seats + 1):
        if seat in empty:
            continue
        p: dict[str, Any] = {"seat": seat, "name": NAMES[seat - 1], "stack": 60000 + 1000 * seat}
        if status and seat in status:
            p["status"] = status[seat]
        players.append(p)
    posts = [
        {"type": "post", "seat": 1, "blind": "sb", "amount": 1000},
        {"type": "post", "seat": 2, "blind": "bb", "amount": 2000},
        {"type": "post", "seat": 2, "blind": "bb_ante", "amount": 2000},
    ]
    log: dict[str, Any] = {
        "floorman": 1, "game": game, "seats": seats, "button": button, "level": dict(T9_LEVEL),
        "players": players, "events": posts + events,
    }
    log.update(header)
    return log


def deal(order: list[int], rounds: int = 2, **overrides: Any) -> list[dict[str, Any]]:
    """``rounds`` rounds of one card to each seat of ``order``; ``overrides`` maps card number -> fields."""
    out: list[dict[str, Any]] = []
    n = 0
    for _ in range(rounds):
        for seat in order:
            n += 1
            ev: dict[str, Any] = {"type": "deal", "seat": seat}
            ev.update(overrides.get(f"c{n}", {}))
            out.append(ev)
    return out


def act(seat: int, action: str, to: int | None = None) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "act", "seat": seat, "action": action}
    if to is not None:
        ev["to"] = to
    return ev


FLOOR = {"type": "floor"}
NINE = list(range(1, 10))


def ruled(log: dict[str, Any], book: str = "wsop-2026") -> dict[str, Any]:
    """The ruling object (hand-log section 3) for ``log`` under ``book``."""
    return ruling_json.to_obj(floorman.rule(handlog.from_obj(log), rulebook=book))


def last(log: dict[str, Any], book: str = "wsop-2026") -> dict[str, Any]:
    ruling: dict[str, Any] = ruled(log, book)["rulings"][-1]
    return ruling
