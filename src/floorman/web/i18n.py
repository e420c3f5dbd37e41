"""The console's two languages: gettext catalogs kept as ``.po`` sources and compiled when the app starts.

The catalogs live in ``translations/<locale>/LC_MESSAGES/messages.po`` and are managed with Babel
(``babel.cfg`` beside this file says what to extract). There is no build step: the ``.po`` files
are compiled in memory by ``load_translations``. English is the source language.

>>> negotiate("vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7")
'vi'
>>> negotiate("fr-FR, en;q=0.5"), negotiate(None), negotiate("de")
('en', 'en', 'en')
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

__all__ = ["DEFAULT_LOCALE", "LOCALES", "LOCALE_NAMES", "N_", "Translator", "load_translations", "negotiate"]

LOCALES = ("en", "vi")
DEFAULT_LOCALE = "en"
LOCALE_NAMES = {"en": "English", "vi": "Tiếng Việt"}


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


def _compile(locale: str) -> gettext.NullTranslations:
    source = resources.files("floorman.web").joinpath("translations", locale, "LC_MESSAGES", "messages.po")
    with source.open("rb") as fp:
        catalog = read_po(fp, locale=locale)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def load_translations() -> Mapping[str, Translator]:
    """A translator per locale; English needs no catalog."""
    out = {DEFAULT_LOCALE: Translator(DEFAULT_LOCALE, gettext.NullTranslations())}
    for locale in LOCALES:
        if locale != DEFAULT_LOCALE:
            out[locale] = Translator(locale, _compile(locale))
    return out


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
    if preferred in LOCALES:
        return str(preferred)
    for negative_weight, _, tag in _accepted(accept_language or ""):
        if negative_weight >= 0:
            break
        base = tag.split("-")[0]
        if base in LOCALES:
            return base
    return DEFAULT_LOCALE
