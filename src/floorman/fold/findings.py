"""Findings: irregularities seen in a hand, as facts (the same under every rulebook).

A finding records *what happened* and where (the event index); what the rules make of it, the rules it
rests on included, is the job of the law (``floorman.law``): a finding names no rule.

>>> from floorman.fold.table import Family, deal_order
>>> order = deal_order(family=Family.FLOP, seats=6, button=2, entitled=(2, 5))
>>> f = Finding(at=3, irregularity=Irregularity.EXPOSED_HOLE_CARD, seat=5, card="Ah", how="flashed", order=order)
>>> f.how, f.order.heads_up
('flashed', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from floorman.fold.table import DealOrder, Street
from floorman.locale import Message

__all__ = ["MIXED_WITH", "NEXT_HAND", "DeckCheck", "DeckCount", "Finding", "Irregularity", "SetAside"]


class Irregularity(StrEnum):
    """Every kind of irregularity floorman finds. Values are stable once released."""

    FIRST_CARD_WRONG_SEAT = "first_card_wrong_seat"
    CARD_TO_SEAT_NOT_ENTITLED = "card_to_seat_not_entitled"
    SEAT_DEALT_OUT = "seat_dealt_out"
    CARD_OUT_OF_SEQUENCE = "card_out_of_sequence"
    BUTTON_DEALT_CONSECUTIVE_CARDS = "button_dealt_consecutive_cards"
    BUTTON_MISPLACED = "button_misplaced"
    BOXED_CARD = "boxed_card"
    EXPOSED_HOLE_CARD = "exposed_hole_card"
    EXPOSED_REPLACEMENT_CARD = "exposed_replacement_card"
    EXPOSED_AFTER_DEAL = "exposed_after_deal"
    PLAYER_EXPOSED_OWN_CARD = "player_exposed_own_card"
    EXTRA_CARD = "extra_card"
    WRONG_CARD_COUNT = "wrong_card_count"
    BUTTON_SHORT = "button_short"
    ACTED_WITH_WRONG_COUNT = "acted_with_wrong_count"
    CARDS_THROWN_INTO_HAND = "cards_thrown_into_hand"
    NON_STANDARD_CARD = "non_standard_card"
    DUPLICATE_CARD = "duplicate_card"
    FOREIGN_BACK_IN_PLAY = "foreign_back_in_play"
    FOREIGN_BACK_IN_STUB = "foreign_back_in_stub"
    PREVIOUS_HAND_CARD = "previous_hand_card"
    MISSING_CARD = "missing_card"
    KNEW_DEFECT = "knew_defect"
    FOUR_CARD_FLOP = "four_card_flop"
    FLOP_FIVE_OR_MORE = "flop_five_or_more"
    SHORT_FLOP = "short_flop"
    MISSING_BURN = "missing_burn"
    EXTRA_BURN = "extra_burn"
    PREMATURE_CARD = "premature_card"
    PREMATURE_BURN = "premature_burn"
    STUD_DOOR_CARD_DOWN = "stud_door_card_down"
    STUD_SEVENTH_EXPOSED = "stud_seventh_exposed"
    STUD_SHORT_STUB = "stud_short_stub"
    WRONG_BRING_IN = "wrong_bring_in"
    ABSENT_AT_DEAL = "absent_at_deal"
    STUB_DISORDERED = "stub_disordered"
    LEVEL_CHANGED_DURING_HAND = "level_changed_during_hand"
    DISPUTE_AFTER_WINDOW = "dispute_after_window"
    PLAYED_ON_AFTER_RULING = "played_on_after_ruling"
    PLAYER_AWAY_DURING_HAND = "player_away_during_hand"
    BLINDS_AT_OLD_LEVEL = "blinds_at_old_level"
    """A forced bet posted at a level other than the hand's (the level in force when it began): at the amount of
    another level the log names (the old one, after a change before ``hand_began`` in v1.1, or one changed to
    during the hand), above or below; or, with no ``hand_began``, below the hand's amount by a seat that could post
    it in full."""
    WRONG_COUNT_CAUSED_BY_PLAYER = "wrong_count_caused_by_player"
    FOREIGN_BACK_ON_BURN = "foreign_back_on_burn"
    MUCKED_HAND_RETRIEVED = "mucked_hand_retrieved"
    HAND_MUCKED_BY_DEALER = "hand_mucked_by_dealer"
    CARD_FOUND_OFF_TABLE = "card_found_off_table"
    CARD_OF_UNKNOWN_ORIGIN = "card_of_unknown_origin"

    POST_EXCEEDS_STACK = "post_exceeds_stack"
    """The log has a seat post more chips than it had."""
    ACTED_AFTER_POT_AWARDED = "acted_after_pot_awarded"
    """The log has a seat act after the pot was awarded."""
    EVENT_AFTER_NEXT_HAND = "event_after_next_hand"
    """The log goes on after the next hand began (``next_hand``)."""
    BUTTON_MOVED_ON_REDEAL = "button_moved_on_redeal"
    """The re-play of a misdealt (or voided) hand was dealt with the button elsewhere than its ruling put it
    (``next_hand.button``, v1.1)."""
    NEXT_BUTTON_MISPLACED = "next_button_misplaced"
    """The next hand's button is not where the rotation puts it: moved twice, or not moved (``next_hand.button``)."""
    MISSED_BLINDS_MADE_UP = "missed_blinds_made_up"
    """The next hand makes up a seat's missed blinds where the book leaves no blind to miss (``next_hand.made_up``)."""
    AWARD_NOT_ADDING_UP = "award_not_adding_up"
    """A pot awarded in parts whose parts do not come to the pot (``pot_awarded.shares``, v1.1)."""
    EXTRA_BOARD_CARD = "extra_board_card"
    """A board card past the last street: the river came off as two cards stuck together (no street to belong to)."""


NEXT_HAND = frozenset({Irregularity.BUTTON_MOVED_ON_REDEAL, Irregularity.NEXT_BUTTON_MISPLACED,
                       Irregularity.MISSED_BLINDS_MADE_UP})
"""What a log records of the next hand: ruled on after the next hand began, as the next hand's own business (the
dispute window of this hand does not close it)."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Finding:
    """One irregularity, at the event index where it was first known.

    Only the fields that matter to the irregularity are set: ``seat`` (whose hand),
    ``card`` (which card), ``street``, ``count`` (how many: cards on the flop, extra cards,
    cards at a seat), ``position`` (the card's number off the deck on the initial deal),
    ``expected_seat`` (where the card should have gone), ``during_initial_deal``.
    """

    at: int
    irregularity: Irregularity
    seat: int | None = None
    card: str | None = None
    street: Street | None = None
    count: int | None = None
    position: int | None = None
    expected_seat: int | None = None
    from_seat: int | None = None
    """Where a card came from (cards thrown from another seat's hand)."""
    during_initial_deal: bool = False
    replacement: bool = False
    """The card was a replacement given during the initial deal (for an exposed card): it counts with the
    initial deal's cards only by inference, which leaves the floor the call."""
    note: Message | None = None
    """A short fact as a message id with its parameters (where a duplicate was seen, how a card was exposed):
    ``finding.*`` in the catalog, said at the edge."""
    how: str | None = None
    """How a card was exposed, in the log's word (``flashed``, ``off_table``, ``dealt_face_up``...)."""
    order: DealOrder | None = None
    """The deal's order when the finding was made, where the finding is about the initial deal's order (the first
    card to the wrong seat; a card exposed on the initial deal): its family, who is dealt in, heads-up or not."""
    dead_small_blind: bool = False
    """The big blind was posted and no small blind, with more than two seats dealt in (with ``order``)."""

    def __init__(
        self, *, at: int, irregularity: Irregularity, seat: int | None = None, card: str | None = None,
        street: Street | None = None, count: int | None = None, position: int | None = None,
        expected_seat: int | None = None, from_seat: int | None = None, during_initial_deal: bool = False,
        replacement: bool = False, note: Message | None = None, how: str | None = None, order: DealOrder | None = None,
        dead_small_blind: bool = False,
    ) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (one an irregularity)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "irregularity", irregularity)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "street", street)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "expected_seat", expected_seat)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "during_initial_deal", during_initial_deal)
        object.__setattr__(self, "replacement", replacement)
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "how", how)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "dead_small_blind", dead_small_blind)


class SetAside(StrEnum):
    """Why a card is already set aside as a street's burn. Values are stable once released."""

    PREMATURE_BURN = "premature_burn"
    EXPOSED_CARD = "exposed_card"
    FOUR_CARD_FLOP_SCRAMBLE = "four_card_flop_scramble"

    def note(self) -> Message:
        """The finding's note for a burn set aside for this reason (``finding.set_aside.*``)."""
        return Message.of(f"finding.set_aside.{self.value}")


MIXED_WITH = {
    ("muck",): Message.of("remedy.mixed_with.muck"), ("burns",): Message.of("remedy.mixed_with.burns"),
    ("burns", "muck"): Message.of("remedy.mixed_with.burns_muck"),
}
"""What a dropped stub fell into, in words: the remedy's and the finding's (sorted, as ``stub_dropped.mixed_with`` values)."""


class DeckCheck(StrEnum):
    """What the end of a hand checks beyond the findings (no rule id: a count). Values are stable once released."""

    BOARD_COUNT = "board_count"
    """A flop game's board is not 3 + 1 + 1 cards: a card after the river, or a showdown on a short board."""
    HOLE_COUNT = "hole_count"
    """A seat still in the hand at its end holds more or fewer cards than the game deals it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckCount:
    """A count of cards found wrong at the end of a hand, where no finding covers it (``DeckCheck``)."""

    at: int
    """The event index: the first board card too many, else the hand's last event."""
    check: DeckCheck
    count: int
    """How many cards: on the board, or at the seat."""
    seat: int | None = None
