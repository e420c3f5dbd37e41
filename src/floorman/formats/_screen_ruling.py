"""What the quick screen's clean rulings rest on: the flop games it follows, the deal rules, the book asked for.

The screen in Python (``screen``) and its kernel in C (``_screen_c``) follow a hand to the end and
hand over what decides its clean ruling: the book, whether the hand was heads-up, whether the
button was dead, and the counted actions (for substantial action). The ruling is the engine's
own value (``judge.clean_ruling``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from floorman.events import Action
from floorman.formats._screen_hand import ACTION_CODES
from floorman.rulebooks import Rulebook, find_rulebook
from floorman.rulings.judge import clean_deal_rules, clean_ruling
from floorman.rulings.model import Ruling
from floorman.rulings.sa import is_reached_by
from floorman.table import GAMES, Family

__all__ = ["ACTIONS_BY_CODE", "FLOP_GAMES", "MAX_SEATS", "book_of", "clean_of", "clean_of_codes"]

MAX_SEATS: Final = 10
FLOP_GAMES: Final = {
    game: (spec.hole_cards, spec.short_deck, spec.default_structure)
    for game, spec in GAMES.items() if spec.family is Family.FLOP
}
"""What the screen reads of each flop game's spec: hole cards, short deck, default structure (other games: absent)."""
ACTIONS_BY_CODE: Final = tuple(sorted(ACTION_CODES, key=ACTION_CODES.__getitem__))
"""The actions by the code ``Hand`` and the kernel give them."""

_RULES: Final = {
    (hu, dead): tuple(clean_deal_rules(family=Family.FLOP, entitled=2 if hu else 3, button_entitled=not dead,
                                       sb_posted=True, bb_posted=True))
    for hu in (False, True) for dead in (False, True)
}
"""What a clean ruling of a flop game rests on, by (heads-up, dead button)."""
_BOOKS: Final[dict[str | None, Rulebook]] = {}
_SA_BY_CODES: Final[dict[tuple[int, bytes], tuple[Rulebook, bool]]] = {}
"""Substantial action or not, by book (kept beside, so that its ``id`` is not reused) and first codes."""


def book_of(rulebook: Rulebook | str | None, own: str | None) -> Rulebook:
    """The book asked for, else the log's own (``UnknownRulebookError`` for a name no book has)."""
    if isinstance(rulebook, Rulebook):
        return rulebook
    name = rulebook or own
    book = _BOOKS.get(name)
    if book is None:
        book = find_rulebook(name)  # an unknown name raises: the caller's full reader says so
        if len(_BOOKS) < 64:
            _BOOKS[name] = book
    return book


def clean_of(book: Rulebook, *, heads_up: bool, dead_button: bool, actions: Sequence[Action]) -> Ruling:
    """The engine's clean ruling on a flop hand followed to the end, with these counted actions."""
    sa = is_reached_by(actions, book.params, stud=False)
    return clean_ruling(book, _RULES[heads_up, dead_button], sa=sa, at=None)


def clean_of_codes(book: Rulebook, *, heads_up: bool, dead_button: bool, codes: bytes) -> Ruling:
    """``clean_of`` for actions given by code (as the kernel gives them).

    Substantial action is reached once a book's ``sa_any_actions`` actions are counted, whatever
    they are (``sa.has_substantial_action``): the actions after those decide nothing, so whether
    they reach it is kept by the book and the first codes alone.

    >>> from floorman.rulebooks import find_rulebook
    >>> book = find_rulebook("wsop-2026")
    >>> fold, call = bytes([ACTIONS_BY_CODE.index(Action.FOLD)]), bytes([ACTIONS_BY_CODE.index(Action.CALL)])
    >>> clean_of_codes(book, heads_up=False, dead_button=False, codes=fold).substantial_action
    False
    >>> ruling = clean_of_codes(book, heads_up=False, dead_button=False, codes=fold + call + fold + fold)
    >>> ruling.substantial_action, ruling is clean_of(book, heads_up=False, dead_button=False,
    ...                                               actions=[Action.FOLD, Action.CALL, Action.FOLD])
    (True, True)
    """
    first = codes[:book.params.sa_any_actions]
    key = (id(book), first)
    kept = _SA_BY_CODES.get(key)
    if kept is not None and kept[0] is book:
        sa = kept[1]
    else:
        by_code = ACTIONS_BY_CODE
        sa = is_reached_by([by_code[code] for code in first], book.params, stud=False)
        if len(_SA_BY_CODES) >= 4096:
            _SA_BY_CODES.clear()
        _SA_BY_CODES[key] = (book, sa)
    return clean_ruling(book, _RULES[heads_up, dead_button], sa=sa, at=None)
