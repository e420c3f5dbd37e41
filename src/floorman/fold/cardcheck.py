"""Deck integrity as cards appear: duplicates, foreign backs and cards that do not belong."""

from __future__ import annotations

from typing import Final

from floorman.fold.cards import is_known, is_standard, short_deck, standard_deck
from floorman.fold.events import Where
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.state import HandState
from floorman.locale import Message

__all__ = ["BOARD", "BOXED", "BURN", "FOUND_AT_TABLE", "at_seat", "at_where", "forget", "see"]

_DECKS: Final = {False: frozenset(standard_deck()), True: frozenset(short_deck())}
"""The faces of each deck (long, short): a card in its deck and not yet seen needs no further check."""
_AT_SEAT: Final = tuple(Message.of("finding.place.seat", seat=n) for n in range(24))
BOARD: Final = Message.of("finding.place.board")
BURN: Final = Message.of("finding.place.burn")
BOXED: Final = Message.of("finding.place.boxed")
FOUND_AT_TABLE: Final = Message.of("finding.place.found_at_table")


def at_seat(seat: int) -> Message:
    """Where a card at ``seat`` is, as the duplicate-card note says it (``finding.place.seat``: "seat 3")."""
    return _AT_SEAT[seat] if 0 <= seat < len(_AT_SEAT) else Message.of("finding.place.seat", seat=seat)


def at_where(where: Where | None) -> Message | None:
    """A place a defect was found at (the stub, a hand, the table, the board, the muck), if the log says it."""
    return Message.of(f"finding.place.{where.value}") if where is not None else None


def _both(first: Message, then: Message) -> Message:
    """Where a duplicated card was seen, both times."""
    if first == then:
        return Message.of("finding.place.twice", place=first)
    return Message.of("finding.place.both", first=first, then=then)


def see(
    state: HandState, card: str, *, at: int, where: Message, seat: int | None = None,
    back: str | None = None, initial: bool = False,
) -> None:
    """Record a card that came into play and report what is wrong with it.

    The usual card (a face of the game's deck, seen for the first time, no back reported) is only
    remembered.
    """
    if back is None and card in _DECKS[state.spec.short_deck] and card not in state.seen:
        state.seen[card] = where
        return
    if back is not None:
        if state.deck_back is None:
            state.deck_back = back
        elif back != state.deck_back and not _found(state, I.FOREIGN_BACK_IN_PLAY, seat, card):
            state.add(Finding(
                at=at, irregularity=I.FOREIGN_BACK_IN_PLAY, seat=seat, card=card,
                note=where, during_initial_deal=initial,
            ))
    if not is_known(card):
        return
    if not is_standard(card, short=state.spec.short_deck):
        if not _found(state, I.NON_STANDARD_CARD, seat, card):
            state.add(Finding(
                at=at, irregularity=I.NON_STANDARD_CARD, seat=seat, card=card, note=where,
                during_initial_deal=initial,
            ))
        return
    if card in state.seen:
        if not any(f.irregularity is I.DUPLICATE_CARD and f.card == card for f in state.findings):
            state.add(Finding(
                at=at, irregularity=I.DUPLICATE_CARD, card=card, seat=seat,
                note=_both(state.seen[card], where),
            ))
        return
    state.seen[card] = where


def forget(state: HandState, card: str) -> None:
    """A card went back into the stub (a premature card, a re-dealt flop)."""
    state.seen.pop(card, None)


def _found(state: HandState, kind: I, seat: int | None, card: str) -> bool:
    return any(
        f.irregularity is kind and (f.seat == seat or (f.card == card and card != "??"))
        for f in state.findings
    )
