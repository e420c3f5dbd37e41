"""The name of every cause the engine finds (an ``Irregularity``) and of every count the audit checks at the end
of a hand (a ``DeckCheck``), said from the one catalog: the console's words, and the audit report's.

Each name is the catalog's ``cause.name.<irregularity>`` (``N_`` marks it for extraction, as the console's strings).

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
    "first_card_wrong_seat": N_("cause.name.first_card_wrong_seat"),
    "card_to_seat_not_entitled": N_("cause.name.card_to_seat_not_entitled"),
    "seat_dealt_out": N_("cause.name.seat_dealt_out"),
    "card_out_of_sequence": N_("cause.name.card_out_of_sequence"),
    "button_dealt_consecutive_cards": N_("cause.name.button_dealt_consecutive_cards"),
    "button_misplaced": N_("cause.name.button_misplaced"),
    "boxed_card": N_("cause.name.boxed_card"),
    "exposed_hole_card": N_("cause.name.exposed_hole_card"),
    "exposed_replacement_card": N_("cause.name.exposed_replacement_card"),
    "exposed_after_deal": N_("cause.name.exposed_after_deal"),
    "player_exposed_own_card": N_("cause.name.player_exposed_own_card"),
    "extra_card": N_("cause.name.extra_card"),
    "wrong_card_count": N_("cause.name.wrong_card_count"),
    "button_short": N_("cause.name.button_short"),
    "acted_with_wrong_count": N_("cause.name.acted_with_wrong_count"),
    "cards_thrown_into_hand": N_("cause.name.cards_thrown_into_hand"),
    "non_standard_card": N_("cause.name.non_standard_card"),
    "duplicate_card": N_("cause.name.duplicate_card"),
    "foreign_back_in_play": N_("cause.name.foreign_back_in_play"),
    "foreign_back_in_stub": N_("cause.name.foreign_back_in_stub"),
    "previous_hand_card": N_("cause.name.previous_hand_card"),
    "missing_card": N_("cause.name.missing_card"),
    "knew_defect": N_("cause.name.knew_defect"),
    "four_card_flop": N_("cause.name.four_card_flop"),
    "flop_five_or_more": N_("cause.name.flop_five_or_more"),
    "short_flop": N_("cause.name.short_flop"),
    "missing_burn": N_("cause.name.missing_burn"),
    "extra_burn": N_("cause.name.extra_burn"),
    "premature_card": N_("cause.name.premature_card"),
    "premature_burn": N_("cause.name.premature_burn"),
    "stud_door_card_down": N_("cause.name.stud_door_card_down"),
    "stud_seventh_exposed": N_("cause.name.stud_seventh_exposed"),
    "stud_short_stub": N_("cause.name.stud_short_stub"),
    "wrong_bring_in": N_("cause.name.wrong_bring_in"),
    "absent_at_deal": N_("cause.name.absent_at_deal"),
    "player_away_during_hand": N_("cause.name.player_away_during_hand"),
    "stub_disordered": N_("cause.name.stub_disordered"),
    "level_changed_during_hand": N_("cause.name.level_changed_during_hand"),
    "dispute_after_window": N_("cause.name.dispute_after_window"),
    "played_on_after_ruling": N_("cause.name.played_on_after_ruling"),
    "blinds_at_old_level": N_("cause.name.blinds_at_old_level"),
    "wrong_count_caused_by_player": N_("cause.name.wrong_count_caused_by_player"),
    "foreign_back_on_burn": N_("cause.name.foreign_back_on_burn"),
    "mucked_hand_retrieved": N_("cause.name.mucked_hand_retrieved"),
    "hand_mucked_by_dealer": N_("cause.name.hand_mucked_by_dealer"),
    "card_found_off_table": N_("cause.name.card_found_off_table"),
    "card_of_unknown_origin": N_("cause.name.card_of_unknown_origin"),

    "post_exceeds_stack": N_("cause.name.post_exceeds_stack"),
    "acted_after_pot_awarded": N_("cause.name.acted_after_pot_awarded"),
    "event_after_next_hand": N_("cause.name.event_after_next_hand"),
    "button_moved_on_redeal": N_("cause.name.button_moved_on_redeal"),
    "next_button_misplaced": N_("cause.name.next_button_misplaced"),
    "missed_blinds_made_up": N_("cause.name.missed_blinds_made_up"),
    "award_not_adding_up": N_("cause.name.award_not_adding_up"),
    "extra_board_card": N_("cause.name.extra_board_card"),

    "board_count": N_("cause.name.board_count"),
    "hole_count": N_("cause.name.hole_count"),
}


def cause_words(value: str, lang: str) -> str:
    """The name of a cause in ``lang`` (a value the list does not know, with its underscores as spaces)."""
    return translations(lang).gettext(CAUSE_NAMES[value]) if value in CAUSE_NAMES else value.replace("_", " ")
