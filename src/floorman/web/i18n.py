"""The console's languages, from the one gettext catalog of the package (``floorman.locale``).

The catalog lives in ``src/floorman/locale/<locale>/LC_MESSAGES/messages.po`` and is managed with Babel
(``src/floorman/locale/babel.cfg`` says what to extract); the package build compiles it to ``.mo``. The
console's strings have dotted ids (``console.<page or area>.<words>``) whose English is the English catalog's, as
the engine's rulings are said from the same catalog.

>>> negotiate("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7")
'vi'
>>> negotiate("fr-FR, en;q=0.5"), negotiate(None), negotiate("de")
('en', 'en', 'en')
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from floorman.locale import DEFAULT_LANG, LANGS, lang_name, translations

__all__ = ["N_", "Translator", "load_translations", "locale_names", "negotiate"]


@cache
def locale_names() -> Mapping[str, str]:
    """Each language of the catalog by its own name (``lang.name``), for the language menu."""
    return {lang: lang_name(lang) for lang in LANGS}


def N_(message: str) -> str:
    """Mark a string for extraction where it is defined; it is translated where it is shown."""
    return message


@dataclass(frozen=True, slots=True)
class Translator:
    locale: str
    catalog: gettext.NullTranslations

    def gettext(self, message: str) -> str:
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)


@cache
def load_translations() -> Mapping[str, Translator]:
    """A translator per locale, over the package's catalog."""
    return {locale: Translator(locale, translations(locale)) for locale in LANGS}


def _accepted(header: str) -> list[tuple[float, int, str]]:
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()
        if not tag:
            continue
        weight = 1.0
        for param in pieces[1:]:
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        ranked.append((-weight, position, tag))
    return sorted(ranked)


def negotiate(accept_language: str | None, *, preferred: str | None = None) -> str:
    """The user's own choice if any, else the browser's best match, else English."""
    if preferred in LANGS:
        return str(preferred)
    for negative_weight, _, tag in _accepted(accept_language or ""):
        if negative_weight >= 0:
            break
        base = tag.split("-")[0]
        if base in LANGS:
            return base
    return DEFAULT_LANG
