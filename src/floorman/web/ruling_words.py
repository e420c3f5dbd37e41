"""Rulings in the user's language: verdicts, remedy steps, streets.

Remedy steps are said from the package's catalog (``remedy.*`` message ids), as the CLI and the drill say them.

>>> from floorman.law.rulings.model import Remedy, RemedyKind
>>> from floorman.web.i18n import load_translations
>>> vi = load_translations()["vi"]
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), vi)
'Trả lại 2.000 chip cho ghế 3.'
>>> remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=2000), load_translations()["en"])
'Give seat 3 back 2,000 chips.'
"""

from __future__ import annotations

from typing import Any

from floorman.law.rulings.model import Remedy
from floorman.locale import say, street_text
from floorman.web.i18n import Translator
from floorman.words.rulings import VERDICTS, verdict_words

__all__ = ["remedy_step", "street_name", "verdict_name", "verdict_names"]


def verdict_name(value: Any, t: Translator) -> str:
    """``continue`` -> ``Play on`` (``Tiếp tục``); an unknown value as it is (``floorman.words.rulings.verdict_words``)."""
    return verdict_words(str(value), t.locale, "name")


def verdict_names(t: Translator) -> dict[str, str]:
    """Every verdict by its name, in order: the menus, tags and drill buttons."""
    return {v: verdict_name(v, t) for v in VERDICTS}


def street_name(value: Any, t: Translator) -> str:
    """A street by its code, as the engine's rulings say it (the catalog's ``street.*``); none: the next street."""
    return street_text(value or None, t.locale)


def remedy_step(remedy: Remedy, t: Translator) -> str:
    """One numbered step of a remedy, as the floor says it to the table (the catalog's ``remedy.*`` messages)."""
    return say(remedy.message(), t.locale)
