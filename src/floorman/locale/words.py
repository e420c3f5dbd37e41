"""How the catalog's templates say a fact (seats, cards) in English and Vietnamese.

Vietnamese follows the card room (docs/glossary-vi.md): misdeal, flop, turn, river, button, blinds,
fold, call, check, bet, raise, pot, dealer, floor, stub and Substantial Action stay in English.

>>> seats_en([3, 5, 7]), seats_vi([3, 5, 7])
('seat 3, seat 5 and seat 7', 'ghế 3, ghế 5 và ghế 7')
>>> seats_vi([3, 5, 7])
'ghế 3, ghế 5 và ghế 7'
>>> card_vi("As"), card_vi("Td"), card_vi("JK")
('lá Át bích (As)', 'lá 10 rô (Td)', 'lá joker')
>>> gloss_once("Chưa có Substantial Action. Sau Substantial Action thì khác.")
'Chưa có Substantial Action (hành động đáng kể). Sau Substantial Action thì khác.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "cap", "card_vi", "gloss_once", "seats_en", "seats_vi",
]

SA = "Substantial Action"
_GLOSS = "Substantial Action (hành động đáng kể)"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def gloss_once(text: str) -> str:
    """Gloss "Substantial Action" once in a ruling, where no bracket already follows it."""
    if _GLOSS in text:
        return text
    return re.sub(r"Substantial Action(?! \()(?!\))", _GLOSS, text, count=1)


def seats_en(seats: Iterable[int | None]) -> str:
    """Seats as the floor says them: "seat 3", "seat 3 and seat 5", "seat 1, seat 2 and seat 4"."""
    named = list(dict.fromkeys(f"seat {s}" for s in seats if s is not None))
    return " and ".join(named) if len(named) <= 2 else ", ".join(named[:-1]) + " and " + named[-1]


def seats_vi(seats: Iterable[int | None]) -> str:
    named = list(dict.fromkeys(f"ghế {s}" for s in seats if s is not None))
    return " và ".join(named) if len(named) <= 2 else ", ".join(named[:-1]) + " và " + named[-1]


_RANKS = {"A": "Át", "K": "Già", "Q": "Đầm", "J": "Bồi", "T": "10"}
_SUITS = {"s": "bích", "h": "cơ", "d": "rô", "c": "chuồn"}


def card_vi(card: str | None) -> str:
    """The card by name, its code kept: "As" is "lá Át bích (As)"; an unknown face is just "lá bài"."""
    if card == "JK":
        return "lá joker"
    if not card or len(card) != 2 or card[1] not in _SUITS:
        return "lá bài"
    return f"lá {_RANKS.get(card[0], card[0])} {_SUITS[card[1]]} ({card})"
