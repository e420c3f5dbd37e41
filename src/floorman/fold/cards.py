"""Cards as the table sees them: a rank and a suit, an unknown face, or a joker.

Cards are plain strings in their canonical spelling (``"As"``, ``"Td"``, ``"??"``,
``"JK"``) so that logs, findings and rulings can carry them without conversion.

>>> parse_card("As")
'As'
>>> is_known("??")
False
>>> rank_of("Td"), suit_of("Td")
('T', 'd')
>>> len(standard_deck()), len(short_deck())
(52, 36)
>>> is_standard("5c", short=True)
False
"""

from __future__ import annotations

__all__ = [
    "JOKER",
    "RANKS",
    "SUITS",
    "UNKNOWN",
    "is_joker",
    "is_known",
    "is_standard",
    "parse_card",
    "rank_of",
    "rank_value",
    "short_deck",
    "standard_deck",
    "suit_of",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = "??"
JOKER = "JK"
SHORT_DECK_LOW_RANKS = frozenset("2345")

_FACES = frozenset(r + s for r in RANKS for s in SUITS)
_VALID = _FACES | {UNKNOWN, JOKER}


def parse_card(text: object) -> str:
    """Return the card if ``text`` spells one, else raise ``ValueError``.

    >>> parse_card("Xx")
    Traceback (most recent call last):
    ...
    ValueError: expected a card such as 'As', 'Td', '??' or 'JK', got 'Xx'
    """
    if isinstance(text, str) and text in _VALID:
        return text
    raise ValueError(f"expected a card such as 'As', 'Td', '??' or 'JK', got {text!r}")


def is_known(card: str) -> bool:
    """True for a card whose face is known (a joker is known)."""
    return card != UNKNOWN


def is_joker(card: str) -> bool:
    return card == JOKER


def is_standard(card: str, *, short: bool = False) -> bool:
    """True when a known card belongs to the game's deck (no joker; 6 to A in short deck)."""
    if card == JOKER:
        return False
    if card == UNKNOWN:
        return True
    return not (short and card[0] in SHORT_DECK_LOW_RANKS)


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def rank_value(card: str) -> int:
    """2 for a deuce up to 14 for an ace."""
    return RANKS.index(card[0]) + 2


def standard_deck() -> tuple[str, ...]:
    return tuple(r + s for r in RANKS for s in SUITS)


def short_deck() -> tuple[str, ...]:
    return tuple(r + s for r in RANKS if r not in SHORT_DECK_LOW_RANKS for s in SUITS)
