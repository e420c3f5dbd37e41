"""Rulings in the user's language: verdict headlines, remedy steps, streets.

Remedy steps are said from the package's catalog (``remedy.*`` message ids), as the CLI and the drill say them.

>>> from floorman.rulings.model import Remedy, RemedyKind
>>> from floorman.web.i18n import load_translations
>>> vi = load_translations()["vi"]
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), vi)
'Trả lại 2.000 chip cho ghế 3.'
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), load_translations()["en"])
'Give seat 3 back 2,000 chips.'
"""

from __future__ import annotations

from typing import Any

from floorman.locale import say, street_text
from floorman.rulings.model import Remedy
from floorman.web.i18n import N_, Translator

__all__ = ["VERDICT_HEADLINES", "VERDICT_MEANINGS", "VERDICT_NAMES", "remedy_step", "street_name",
           "verdict_name"]

VERDICT_HEADLINES = {"misdeal": N_("MISDEAL"), "void": N_("VOID"), "continue": N_("PLAY ON")}
VERDICT_NAMES = {"misdeal": N_("Misdeal"), "void": N_("Void"), "continue": N_("Play on")}
"""A verdict as a word in a sentence or a choice (the headlines are for the banner)."""
VERDICT_MEANINGS = {
    "misdeal": N_("Cancel the deal and re-deal."),
    "void": N_("Fouled deck: every chip goes back to whoever bet it."),
    "continue": N_("The hand goes on."),
}


def verdict_name(value: Any, t: Translator) -> str:
    """``continue`` -> ``Play on`` (``Tiếp tục``); an unknown value as it is."""
    return t.gettext(VERDICT_NAMES[str(value)]) if str(value) in VERDICT_NAMES else str(value)


def street_name(value: Any, t: Translator) -> str:
    """A street by its code, as the engine's rulings say it (the catalog's ``street.*``); none: the next street."""
    return street_text(value or None, t.locale)


def remedy_step(remedy: Remedy, t: Translator) -> str:
    """One numbered step of a remedy, as the floor says it to the table (the catalog's ``remedy.*`` messages)."""
    return say(remedy.message(), t.locale)
