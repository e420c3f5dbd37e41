"""The name of every cause the engine finds (an ``Irregularity``) and of every count the audit checks at the end
of a hand (a ``DeckCheck``), said from the one catalog: the console's words, and the audit report's.

The names are English and are their own message ids (``N_`` marks them for extraction, as the console's strings).

>>> cause_words("four_card_flop", "en"), cause_words("four_card_flop", "vi")
('Four-card flop', 'Chia bốn lá bài cho flop (flop bốn lá)')
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.locale import translations

__all__ = ["CAUSE_NAMES", "N_", "cause_words"]


def N_(message: str) -> str:
    """Mark a string for extraction where it is defined; it is translated where it is shown."""
    return message


CAUSE_NAMES: Mapping[str, str] = {
    "first_card_wrong_seat": N_("First card dealt to the wrong seat"),
    "card_to_seat_not_entitled": N_("Card dealt to a seat not entitled to a hand"),
    "seat_dealt_out": N_("A player was skipped on the deal"),
    "card_out_of_sequence": N_("Card dealt out of sequence"),
    "button_dealt_consecutive_cards": N_("Button dealt two cards in a row"),
    "button_misplaced": N_("Button in the wrong place"),
    "boxed_card": N_("Boxed card (face up in the deck)"),
    "exposed_hole_card": N_("Down card exposed by the dealer"),
    "exposed_replacement_card": N_("Replacement card exposed"),
    "exposed_after_deal": N_("Card exposed after the deal"),
    "player_exposed_own_card": N_("Player exposed his own card"),
    "extra_card": N_("Extra card dealt"),
    "wrong_card_count": N_("Wrong number of cards"),
    "button_short": N_("Button short a card"),
    "acted_with_wrong_count": N_("Acted with the wrong number of cards"),
    "cards_thrown_into_hand": N_("Folded cards thrown into a live hand"),
    "non_standard_card": N_("Card that does not belong to the game (joker)"),
    "duplicate_card": N_("Two identical cards"),
    "foreign_back_in_play": N_("Card with a different back in play"),
    "foreign_back_in_stub": N_("Card with a different back in the stub"),
    "previous_hand_card": N_("Card from a previous hand"),
    "missing_card": N_("Deck short a card"),
    "knew_defect": N_("Player knew the deck was defective"),
    "four_card_flop": N_("Four-card flop"),
    "flop_five_or_more": N_("Five or more cards on the flop"),
    "short_flop": N_("Flop short a card"),
    "missing_burn": N_("Missing burn card"),
    "extra_burn": N_("Extra burn card"),
    "premature_card": N_("Card dealt before the betting was over"),
    "premature_burn": N_("Burn before the betting was over"),
    "stud_door_card_down": N_("Stud door card dealt face down"),
    "stud_seventh_exposed": N_("Stud seventh-street card exposed"),
    "stud_short_stub": N_("Not enough cards for seventh street"),
    "wrong_bring_in": N_("Wrong bring-in"),
    "absent_at_deal": N_("Player away from the seat at the deal"),
    "player_away_during_hand": N_("Player away from the seat during the hand"),
    "stub_disordered": N_("Stub dropped or mixed"),
    "level_changed_during_hand": N_("Level changed during the hand"),
    "dispute_after_window": N_("Dispute after the next hand began"),
    "played_on_after_ruling": N_("Hand played on after a misdeal ruling"),
    "blinds_at_old_level": N_("Blinds posted at a level other than the hand's"),
    "wrong_count_caused_by_player": N_("Wrong number of cards caused by a player"),
    "foreign_back_on_burn": N_("Burn card with a different back"),
    "mucked_hand_retrieved": N_("Hand taken back from the muck"),
    "card_found_off_table": N_("Card found off the table"),
    "card_of_unknown_origin": N_("Card of unknown origin in a hand"),

    "post_exceeds_stack": N_("A post larger than the stack"),
    "acted_after_pot_awarded": N_("An action after the pot was awarded"),
    "event_after_next_hand": N_("Events after the next hand began"),
    "button_moved_on_redeal": N_("Button moved for the re-deal"),
    "next_button_misplaced": N_("Next hand's button in the wrong place"),
    "missed_blinds_made_up": N_("Blinds made up that no one missed"),
    "award_not_adding_up": N_("Split pot that does not add up"),
    "extra_board_card": N_("A board card past the river"),

    "board_count": N_("Wrong number of board cards at the end of the hand"),
    "hole_count": N_("Wrong number of hole cards at the end of the hand"),
}


def cause_words(value: str, lang: str) -> str:
    """The name of a cause in ``lang`` (a value the list does not know, with its underscores as spaces)."""
    return translations(lang).gettext(CAUSE_NAMES[value]) if value in CAUSE_NAMES else value.replace("_", " ")
