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
    "definition": N_("Definitions"), "dealing": N_("Dealing"), "substantial-action": N_("Substantial action"),
    "misdeal": N_("Misdeals"), "redeal": N_("The re-deal"), "count": N_("Wrong number of cards"),
    "exposed": N_("Exposed cards"), "boxed": N_("Boxed cards"), "nonstandard": N_("Non-standard cards"),
    "fouled-deck": N_("Fouled deck"), "flop": N_("The flop"), "burn": N_("Burn cards"),
    "premature": N_("Premature cards"), "stud": N_("Stud"), "draw": N_("Draw games"),
    "absent": N_("Absent players"), "button": N_("The button"), "level": N_("Levels"),
    "dispute": N_("Disputes"), "stub": N_("The stub"),
}
TAG_NAMES: Mapping[str, str] = {
    "V": N_("verified in the rulebooks"), "S": N_("from a secondary source"), "I": N_("inferred from the texts"),
    "U": N_("uncertain: the floor's call"),
}
TAG_BADGES: Mapping[str, str] = {
    "V": N_("verified"), "S": N_("secondary source"), "I": N_("inferred"), "U": N_("floor's call"),
}
"""The evidence tag as the rules list shows it beside a rule (``TAG_NAMES`` says it in full)."""
SWITCH_NAMES: Mapping[str, str] = {
    "sa_rule": N_("Which rule defines substantial action"),
    "sa_any_actions": N_("Actions that are substantial action, whatever they are"),
    "sa_pair_actions": N_("Actions that are enough when one puts chips in"),
    "sa_pair_allows_check_fold": N_("A check and a fold count as substantial action"),
    "sa_pair_allows_two_folds": N_("Two folds count as substantial action"),
    "sa_pair_allows_two_checks": N_("Two checks count as substantial action"),
    "sa_stud_any_actions": N_("Stud: actions after the forced bet that are substantial action"),
    "sa_counts": N_("Button games: what substantial action counts"),
    "sa_stud_counts": N_("Stud: what substantial action counts"),
    "sa_counts_out_of_turn": N_("Out-of-turn actions count toward substantial action"),
    "boxed_misdeal_at": N_("Boxed cards that make a misdeal"),
    "boxed_late_fouled_at": N_("Boxed cards met after the deal that leave it to the floor to call the deck fouled"),
    "boxed_counted": N_("Which boxed cards count"),
    "extra_cards_misdeal_at": N_("Extra cards that make a misdeal"),
    "one_extra_card": N_("One extra card on the deal"),
    "exposed_first_cards": N_("Exposing one of the first cards off the deck is a misdeal (how many)"),
    "exposed_misdeal_at": N_("Down cards exposed on the deal that make a misdeal"),
    "stud_downcard_exposed": N_("Stud: a down card exposed on the deal"),
    "stud_all_exposed_misdeal": N_("Stud: every down card exposed is a misdeal"),
    "draw_exposed": N_("Draw games: a card exposed on the deal"),
    "draw_exposed_misdeal_at": N_("Draw games: exposed cards that make a misdeal"),
    "wrong_count_misdeal": N_("A wrong number of cards before substantial action is a misdeal"),
    "wrong_count_in_sequence": N_("A short deal the top card completes in proper sequence is completed"),
    "button_short_before_sa": N_("A button dealt too few cards, before substantial action"),
    "out_of_sequence": N_("A card dealt out of sequence"),
    "nonstandard_before_sa": N_("A joker or wrong card before substantial action"),
    "button_misplaced_misdeal": N_("A misplaced button is a misdeal"),
    "misplaced_button_next": N_("The button after a misplaced button that stood"),
    "missed_blinds": N_("Missed blinds"),
    "award_whole_pot": N_("Every chip of the pot is awarded (no rake)"),
    "dealt_out_needs_presence": N_("Skipping a player on the deal is a misdeal only if he is present or posted"),
    "foreign_back_in_play": N_("A card with a different back in play"),
    "foreign_back_in_stub": N_("A card with a different back in the stub"),
    "previous_hand_card_fouls": N_("A card from a previous hand fouls the deck"),
    "four_card_flop": N_("Four cards on the flop"),
    "flop_five_plus": N_("Five or more cards on the flop"),
    "flop_noburn_stands_after": N_("A flop dealt without a burn stands after this many flop actions"),
    "flop_noburn_no_action": N_("A flop dealt without a burn, before any flop action"),
    "burn_restore_order": N_("Burn errors are corrected to restore the card order"),
    "burn_missing_no_action": N_("A missing burn noticed before any action"),
    "premature_turn": N_("A turn card dealt before the flop betting is over"),
    "seventh_street_exposed": N_("Stud: a seventh-street card dealt face up"),
    "accounting_dispute_until": N_("An award that does not add up may be disputed until"),
    "break_dispute_seconds": N_("Seconds after the award a hand finished during a break may be disputed (0: no such rule)"),
    "absent_deadline": N_("An absent player must be back by"),
    "redeal_absent": N_("A player away for the original deal, in the re-deal"),
}

_VALUES: Mapping[str, str] = {
    "misdeal": N_("misdeal"), "burn": N_("the card is burned"), "void": N_("void"), "house": N_("house rule"),
    "discretion": N_("floor's discretion"), "scramble": N_("scramble, pick the burn"),
    "redeal_flop": N_("re-deal the flop"), "reshuffle": N_("reshuffle the stub"), "rectify": N_("rectify"),
    "correct": N_("correct it"), "set_aside": N_("set the card aside"), "stands": N_("the hand stands"),
    "misdeal_before_sa": N_("misdeal before substantial action"), "replace": N_("replace the card"),
    "upcard": N_("it becomes the upcard"), "third_down": N_("the third card is dealt down"),
    "replace_then_misdeal": N_("replace, then misdeal"), "initial_deal": N_("on the initial deal"),
    "needed_for_hand": N_("cards needed for the hand"),
    "any_found": N_("any found, when not stated"), "all_up_or_declare": N_("all up, or declare"),
    "last_card": N_("the last card of the deal"), "first_card": N_("the first card of the deal"),
    "dead": N_("dealt in, hand killed"), "play": N_("may play if back in time"),
    "never": N_("never"), "before_short_seat_acts": N_("until a short seat acts"),
    "before_any_action": N_("until anyone acts"),
    "rotation": N_("moves on from where it was"), "each_position": N_("set so each player gets each position"),
    "none": N_("none: posted from the stack"), "made_up": N_("made up"),
    "replace_by_practice": N_("replaced, as the book's floor has ruled (the floor's call)"),
    "next_hand": N_("the next hand begins"),
    "next_hand_substantial_action": N_("substantial action in the next hand"),
    "actions": N_("actions in turn"), "participants": N_("players who have acted, each once"),
    "wrong_count": N_("as a wrong number of cards"), "button_rule": N_("by the button rule"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class SwitchRow:
    name: str
    label: str
    values: tuple[str, ...]
    differs: bool


def _value(value: Any, t: Translator) -> str:
    if isinstance(value, bool):
        return t.gettext("yes") if value else t.gettext("no")
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
