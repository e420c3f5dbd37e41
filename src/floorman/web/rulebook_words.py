"""The rules page's words: rule families, tags, and every rulebook switch where the books differ."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from floorman.law.rulebooks import Rulebook, rulebooks
from floorman.law.rulebooks.params import Params
from floorman.web.i18n import N_, Translator

__all__ = ["FAMILY_NAMES", "SWITCH_NAMES", "TAG_BADGES", "TAG_NAMES", "SwitchRow", "switch_rows"]

FAMILY_NAMES: Mapping[str, str] = {
    "definition": N_("console.rulebook_words.definitions"), "dealing": N_("console.rulebook_words.dealing"), "substantial-action": N_("console.common.substantial_action"),
    "misdeal": N_("console.rulebook_words.misdeals"), "redeal": N_("console.rulebook_words.the_re_deal"), "count": N_("cause.name.wrong_card_count"),
    "exposed": N_("console.rulebook_words.exposed_cards"), "boxed": N_("console.rulebook_words.boxed_cards"), "nonstandard": N_("console.rulebook_words.non_standard_cards"),
    "fouled-deck": N_("console.rulebook_words.fouled_deck"), "flop": N_("console.rulebook_words.the_flop"), "burn": N_("console.rulebook_words.burn_cards"),
    "premature": N_("console.rulebook_words.premature_cards"), "stud": N_("console.rulebook_words.stud"), "draw": N_("console.rulebook_words.draw_games"),
    "absent": N_("console.rulebook_words.absent_players"), "button": N_("console.common.the_button"), "level": N_("console.rulebook_words.levels"),
    "dispute": N_("console.rulebook_words.disputes"), "stub": N_("console.rulebook_words.the_stub"),
}
TAG_NAMES: Mapping[str, str] = {
    "V": N_("console.rulebook_words.verified_in_the_rulebooks"), "S": N_("console.rulebook_words.from_a_secondary_source"), "I": N_("console.rulebook_words.inferred_from_the_texts"),
    "U": N_("console.rulebook_words.uncertain_the_floors_call"),
}
TAG_BADGES: Mapping[str, str] = {
    "V": N_("console.rulebook_words.verified"), "S": N_("console.rulebook_words.secondary_source"), "I": N_("console.rulebook_words.inferred"), "U": N_("console.rulebook_words.floors_call"),
}
"""The evidence tag as the rules list shows it beside a rule (``TAG_NAMES`` says it in full)."""
SWITCH_NAMES: Mapping[str, str] = {
    "sa_rule": N_("console.rulebook_words.which_rule_defines_substantial_action"),
    "sa_any_actions": N_("console.rulebook_words.actions_that_are_substantial_action"),
    "sa_pair_actions": N_("console.rulebook_words.actions_that_are_enough_when_one"),
    "sa_pair_allows_check_fold": N_("console.rulebook_words.a_check_and_a_fold_count"),
    "sa_pair_allows_two_folds": N_("console.rulebook_words.two_folds_count_as_substantial_action"),
    "sa_pair_allows_two_checks": N_("console.rulebook_words.two_checks_count_as_substantial_action"),
    "sa_stud_any_actions": N_("console.rulebook_words.stud_actions_after_the_forced_bet"),
    "sa_counts": N_("console.rulebook_words.button_games_what_substantial_action"),
    "sa_stud_counts": N_("console.rulebook_words.stud_what_substantial_action_counts"),
    "sa_counts_out_of_turn": N_("console.rulebook_words.out_of_turn_actions_count_toward"),
    "boxed_misdeal_at": N_("console.rulebook_words.boxed_cards_that_make_a_misdeal"),
    "boxed_late_fouled_at": N_("console.rulebook_words.boxed_cards_met_after_the_deal"),
    "boxed_counted": N_("console.rulebook_words.which_boxed_cards_count"),
    "extra_cards_misdeal_at": N_("console.rulebook_words.extra_cards_that_make_a_misdeal"),
    "one_extra_card": N_("console.rulebook_words.one_extra_card_on_the_deal"),
    "exposed_first_cards": N_("console.rulebook_words.exposing_one_of_the_first_cards"),
    "exposed_misdeal_at": N_("console.rulebook_words.down_cards_exposed_on_the_deal"),
    "stud_downcard_exposed": N_("console.rulebook_words.stud_a_down_card_exposed_on"),
    "stud_all_exposed_misdeal": N_("console.rulebook_words.stud_every_down_card_exposed_is"),
    "draw_exposed": N_("console.rulebook_words.draw_games_a_card_exposed_on"),
    "draw_exposed_misdeal_at": N_("console.rulebook_words.draw_games_exposed_cards_that_make"),
    "wrong_count_misdeal": N_("console.rulebook_words.a_wrong_number_of_cards_before"),
    "wrong_count_in_sequence": N_("console.rulebook_words.a_short_deal_the_top_card"),
    "button_short_before_sa": N_("console.rulebook_words.a_button_dealt_too_few_cards"),
    "out_of_sequence": N_("console.rulebook_words.a_card_dealt_out_of_sequence"),
    "nonstandard_before_sa": N_("console.rulebook_words.a_joker_or_wrong_card_before"),
    "button_misplaced_misdeal": N_("console.rulebook_words.a_misplaced_button_is_a_misdeal"),
    "misplaced_button_next": N_("console.rulebook_words.the_button_after_a_misplaced_button"),
    "missed_blinds": N_("console.rulebook_words.missed_blinds"),
    "award_whole_pot": N_("console.rulebook_words.every_chip_of_the_pot_is"),
    "dealt_out_needs_presence": N_("console.rulebook_words.skipping_a_player_on_the_deal"),
    "foreign_back_in_play": N_("console.rulebook_words.a_card_with_a_different_back"),
    "foreign_back_in_stub": N_("console.rulebook_words.a_card_with_a_different_back_2"),
    "previous_hand_card_fouls": N_("console.rulebook_words.a_card_from_a_previous_hand"),
    "four_card_flop": N_("console.common.four_cards_on_the_flop"),
    "flop_five_plus": N_("cause.name.flop_five_or_more"),
    "flop_noburn_stands_after": N_("console.rulebook_words.a_flop_dealt_without_a_burn"),
    "flop_noburn_no_action": N_("console.rulebook_words.a_flop_dealt_without_a_burn_2"),
    "burn_restore_order": N_("console.rulebook_words.burn_errors_are_corrected_to_restore"),
    "burn_missing_no_action": N_("console.rulebook_words.a_missing_burn_noticed_before_any"),
    "premature_turn": N_("console.rulebook_words.a_turn_card_dealt_before_the"),
    "seventh_street_exposed": N_("console.rulebook_words.stud_a_seventh_street_card_dealt"),
    "accounting_dispute_until": N_("console.rulebook_words.an_award_that_does_not_add"),
    "break_dispute_seconds": N_("console.rulebook_words.seconds_after_the_award_a_hand"),
    "absent_deadline": N_("console.rulebook_words.an_absent_player_must_be_back"),
    "redeal_absent": N_("console.rulebook_words.a_player_away_for_the_original"),
}

_VALUES: Mapping[str, str] = {
    "misdeal": N_("console.rulebook_words.misdeal"), "burn": N_("console.rulebook_words.the_card_is_burned"), "void": N_("console.rulebook_words.void"), "house": N_("console.rulebook_words.house_rule"),
    "discretion": N_("console.rulebook_words.floors_discretion"), "scramble": N_("console.rulebook_words.scramble_pick_the_burn"),
    "redeal_flop": N_("console.rulebook_words.re_deal_the_flop"), "reshuffle": N_("console.rulebook_words.reshuffle_the_stub"), "rectify": N_("console.rulebook_words.rectify"),
    "correct": N_("console.rulebook_words.correct_it"), "set_aside": N_("console.rulebook_words.set_the_card_aside"), "stands": N_("console.rulebook_words.the_hand_stands"),
    "misdeal_before_sa": N_("console.rulebook_words.misdeal_before_substantial_action"), "replace": N_("console.rulebook_words.replace_the_card"),
    "upcard": N_("console.rulebook_words.it_becomes_the_upcard"), "third_down": N_("console.rulebook_words.the_third_card_is_dealt_down"),
    "replace_then_misdeal": N_("console.rulebook_words.replace_then_misdeal"), "initial_deal": N_("console.rulebook_words.on_the_initial_deal"),
    "needed_for_hand": N_("console.rulebook_words.cards_needed_for_the_hand"),
    "any_found": N_("console.rulebook_words.any_found_when_not_stated"), "all_up_or_declare": N_("console.rulebook_words.all_up_or_declare"),
    "last_card": N_("console.rulebook_words.the_last_card_of_the_deal"), "first_card": N_("console.rulebook_words.the_first_card_of_the_deal"),
    "dead": N_("console.rulebook_words.dealt_in_hand_killed"), "play": N_("console.rulebook_words.may_play_if_back_in_time"),
    "never": N_("console.rulebook_words.never"), "before_short_seat_acts": N_("console.rulebook_words.until_a_short_seat_acts"),
    "before_any_action": N_("console.rulebook_words.until_anyone_acts"),
    "rotation": N_("console.rulebook_words.moves_on_from_where_it_was"), "each_position": N_("console.rulebook_words.set_so_each_player_gets_each"),
    "none": N_("console.rulebook_words.none_posted_from_the_stack"), "made_up": N_("console.rulebook_words.made_up"),
    "replace_by_practice": N_("console.rulebook_words.replaced_as_the_books_floor_has"),
    "next_hand": N_("console.rulebook_words.the_next_hand_begins"),
    "next_hand_substantial_action": N_("console.rulebook_words.substantial_action_in_the_next_hand"),
    "actions": N_("console.rulebook_words.actions_in_turn"), "participants": N_("console.rulebook_words.players_who_have_acted_each_once"),
    "wrong_count": N_("console.rulebook_words.as_a_wrong_number_of_cards"), "button_rule": N_("console.rulebook_words.by_the_button_rule"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class SwitchRow:
    name: str
    label: str
    values: tuple[str, ...]
    differs: bool


def _value(value: Any, t: Translator) -> str:
    if isinstance(value, bool):
        return t.gettext("console.common.yes") if value else t.gettext("console.common.no")
    text = str(value)
    return t.gettext(_VALUES[text]) if text in _VALUES else text


def switch_rows(t: Translator, books: tuple[Rulebook, ...] | None = None) -> list[SwitchRow]:
    """Every switch, its value in each book, and whether the books disagree."""
    shown = books or tuple(rulebooks().values())
    rows = []
    for f in dataclasses.fields(Params):
        raw = [getattr(b.params, f.name) for b in shown]
        label = t.gettext(SWITCH_NAMES[f.name]) if f.name in SWITCH_NAMES else f.name.replace("_", " ")
        rows.append(SwitchRow(name=f.name, label=label,
                              values=tuple(_value(v, t) for v in raw), differs=len(set(map(str, raw))) > 1))
    return rows
