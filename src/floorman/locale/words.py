"""How the catalog's words are put together: a capital letter, a term glossed the first time it is said.

>>> gloss_once("Chưa có Substantial Action. Sau Substantial Action thì khác.", "Substantial Action (hành động đáng kể)")
'Chưa có Substantial Action (hành động đáng kể). Sau Substantial Action thì khác.'
"""

from __future__ import annotations

import re

__all__ = ["cap", "gloss_once"]

SA = "Substantial Action"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def gloss_once(text: str, gloss: str) -> str:
    """Gloss "Substantial Action" once in a ruling (``gloss``: the term with its gloss), where no bracket already
    follows it."""
    if gloss in text or gloss == SA:
        return text
    return re.sub(r"Substantial Action(?! \()(?!\))", gloss, text, count=1)
