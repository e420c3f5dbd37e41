"""Rulings in the user's language: verdict headlines, remedy steps, streets.

Each remedy kind has its sentence here (in English the core's own words, ``floorman.text.remedy_text``,
with amounts written the language's way), translated by the catalog, with the same fields filled in.

>>> from floorman.rulings.model import Remedy, RemedyKind
>>> from floorman.web.i18n import load_translations
>>> vi = load_translations()["vi"]
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), vi)
'Trả lại 2.000 chip cho ghế 3.'
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), load_translations()["en"])
'Give seat 3 back 2,000 chips.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from floorman.rulings.model import Remedy, RemedyKind
from floorman.text import remedy_text
from floorman.web.i18n import N_, Translator
from floorman.web.rendering import format_chips

__all__ = ["REMEDY_TEMPLATES", "STREET_NAMES", "VERDICT_HEADLINES", "VERDICT_MEANINGS", "VERDICT_NAMES", "remedy_step",
           "street_name", "verdict_name"]

VERDICT_HEADLINES = {"misdeal": N_("MISDEAL"), "void": N_("VOID"), "continue": N_("PLAY ON")}
VERDICT_NAMES = {"misdeal": N_("Misdeal"), "void": N_("Void"), "continue": N_("Play on")}
"""A verdict as a word in a sentence or a choice (the headlines are for the banner)."""
VERDICT_MEANINGS = {
    "misdeal": N_("Cancel the deal and re-deal."),
    "void": N_("Fouled deck: every chip goes back to whoever bet it."),
    "continue": N_("The hand goes on."),
}

STREET_NAMES = {
    "preflop": N_("preflop"), "flop": N_("flop"), "turn": N_("turn"), "river": N_("river"),
    "third": N_("third street"), "fourth": N_("fourth street"), "fifth": N_("fifth street"),
    "sixth": N_("sixth street"), "seventh": N_("seventh street"), "predraw": N_("the deal before the draw"),
    "first_draw": N_("first draw"), "second_draw": N_("second draw"), "third_draw": N_("third draw"),
    "next street": N_("next street"),
}

_WHERE = {"stub": N_("the stub"), "board": N_("the board"), "hand": N_("a player's hand"), "table": N_("the table")}

REMEDY_TEMPLATES: Mapping[str, str] = {
    "redeal": N_("Re-deal the hand exactly: same button, same level, same players; new cards."),
    "return_chips": N_("Give seat %(seat)s back %(amount)s chips."),
    "return_all_chips": N_("Return every chip in the pot to the player who put it in, blinds and antes included."),
    "kill_hand": N_("Kill seat %(seat)s's hand (muck it); chips it put in stay in the pot."),
    "replace_card": N_("Give seat %(seat)s the top card of the stub as a replacement."),
    "use_as_burn": N_("Use the set-aside card as the %(street)s burn."),
    "scramble_and_pick_burn": N_("Scramble the %(cards)s cards face down; the floor picks one at random as the "
                                 "%(street)s burn."),
    "scramble_and_pick_burn/turn_up": N_("Scramble the %(cards)s cards face down; the floor picks one at random "
                                         "to turn face up."),
    "reshuffle_stub": N_("Put the named cards back into the stub and reshuffle it face down."),
    "deal_missing_card": N_("Deal seat %(seat)s the next card off the stub."),
    "remove_card": N_("Remove the %(card)s (%(where)s) from play."),
    "deal_without_burn": N_("Deal the %(street)s without burning another card."),
    "restore_order": N_("Correct the burns so the %(street)s is the card that would have come."),
    "new_deck": N_("Bring a new deck."),
    "complete_board": N_("Complete the %(street)s with the next card(s) off the stub."),
    "redeal_board": N_("Burn and deal the %(street)s again from the reshuffled stub."),
    "set_aside_card": N_("Set the premature %(street)s card aside."),
    "turn_up_card": N_("Seat %(seat)s's exposed card becomes his upcard."),
    "deal_face_down": N_("Deal seat %(seat)s's next card face down."),
    "deal_face_down/others": N_("Deal the other players' %(street)s cards face down."),
    "deal_face_up": N_("Deal every remaining player's %(street)s card face up."),
    "community_card": N_("Burn one card and deal the next face up in the centre as a community card."),
    "correct_bring_in": N_("Seat %(seat)s must bring in (or complete)."),
    "penalty_possible": N_("Seat %(seat)s may be penalised at the end of the hand."),
    "carry_chips_to_next_deal": N_("Seat %(seat)s's chips may stay in the pot for the next deal."),
    "award_after_override": N_("Award the pot as the floor ruled."),
    "board_stands": N_("The %(street)s stands; burn one card before the %(next_street)s as usual."),
    "board_stands/last": N_("The %(street)s stands."),
}


def verdict_name(value: Any, t: Translator) -> str:
    """``continue`` -> ``Play on`` (``Tiếp tục``); an unknown value as it is."""
    return t.gettext(VERDICT_NAMES[str(value)]) if str(value) in VERDICT_NAMES else str(value)


def street_name(value: Any, t: Translator) -> str:
    key = str(value) if value else "next street"
    return t.gettext(STREET_NAMES[key]) if key in STREET_NAMES else key


def _template_key(remedy: Remedy) -> str:
    kind = remedy.do.value
    if remedy.do is RemedyKind.SCRAMBLE_AND_PICK_BURN and remedy.fields.get("turn_up"):
        return f"{kind}/turn_up"
    if remedy.do is RemedyKind.DEAL_FACE_DOWN and not remedy.fields.get("seat"):
        return f"{kind}/others"
    if remedy.do is RemedyKind.BOARD_STANDS and not remedy.fields.get("next_street"):
        return f"{kind}/last"
    return kind


def remedy_step(remedy: Remedy, t: Translator) -> str:
    """One numbered step of a remedy, as the floor says it to the table, amounts written the language's way."""
    key = _template_key(remedy)
    if key not in REMEDY_TEMPLATES:
        return remedy_text(remedy)
    f = remedy.fields
    where = str(f.get("where", "table"))
    values = {
        "seat": f.get("seat", ""),
        "amount": format_chips(f.get("amount", ""), t.locale),
        "cards": f.get("cards", ""),
        "card": f.get("card", t.gettext("card")),
        "street": street_name(f.get("street"), t),
        "next_street": street_name(f.get("next_street"), t),
        "where": t.gettext(_WHERE[where]) if where in _WHERE else where,
    }
    return t.gettext(REMEDY_TEMPLATES[key]) % values
