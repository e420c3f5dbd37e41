"""How the catalog's words are put together: a capital letter, a term glossed the first time it is said, an amount
written the room's way.

>>> gloss_once("Chưa có Substantial Action. Sau Substantial Action thì khác.", "Substantial Action (hành động đáng kể)")
'Chưa có Substantial Action (hành động đáng kể). Sau Substantial Action thì khác.'
"""

from __future__ import annotations

import re
from decimal import Decimal

__all__ = ["amount_text", "cap", "gloss_once"]

SA = "Substantial Action"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def gloss_once(text: str, gloss: str) -> str:
    """Gloss "Substantial Action" once in a ruling (``gloss``: the term with its gloss), where no bracket already
    follows it."""
    if gloss in text or gloss == SA:
        return text
    return re.sub(r"Substantial Action(?! \()(?!\))", gloss, text, count=1)

_VI_DIGITS = str.maketrans(",.", ".,")


def amount_text(amount: object, lang: str = "en") -> str:
    """A chip amount as the room writes it: thousands grouped with a comma in English and a dot in
    Vietnamese, cents kept where a cash table plays them (the console writes the same with Babel).

    >>> amount_text(12500), amount_text(12500, "vi"), amount_text(Decimal("2.5")), amount_text(Decimal("2.5"), "vi")
    ('12,500', '12.500', '2.50', '2,50')
    >>> amount_text(400), amount_text(None)
    ('400', 'None')
    """
    if isinstance(amount, bool) or not isinstance(amount, (int, Decimal)):
        return str(amount)
    text = f"{int(amount):,}" if amount == int(amount) else f"{amount:,.2f}"
    return text.translate(_VI_DIGITS) if lang == "vi" else text
