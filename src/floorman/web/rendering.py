"""Server-rendered pages: one Jinja2 environment per language, with the gettext catalog installed.

The templates ship with the package, so they are compiled once and never checked for changes; a
page part that depends on nothing but its inputs and the language (the list of rules) is rendered
once per input and kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from datetime import datetime
from decimal import Decimal
from functools import lru_cache, partial
from typing import Any

from babel.numbers import format_decimal
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from starlette.responses import HTMLResponse

from floorman.web.i18n import Translator

__all__ = ["FRAGMENTS", "PageRenderer", "format_chips", "format_number", "local_time"]

FRAGMENTS = 256
"""Rendered page parts kept (see ``PageRenderer.fragment``)."""


@lru_cache(maxsize=4096)
def local_time(stamp: str | None) -> str:
    """An ISO time as the card room's clock shows it: ``2026-06-01 21:05``."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def format_chips(amount: Any, locale: str = "en") -> str:
    """An amount as the room writes it in its language (Babel's number formats): ``12500`` is ``12,500`` in
    English and ``12.500`` in Vietnamese; cents are kept where a cash table plays them.

    >>> format_chips(12500), format_chips(12500, "vi"), format_chips(Decimal("2.5"), "vi"), format_chips("")
    ('12,500', '12.500', '2,50', '')
    """
    if isinstance(amount, bool) or not isinstance(amount, (int, float, Decimal)):
        return str(amount)
    if isinstance(amount, int) or amount == int(amount):
        return format_decimal(int(amount), locale=locale)
    return format_decimal(amount, format="#,##0.00", locale=locale)


def format_number(value: Any, locale: str = "en") -> str:
    """A count or a rate in the page's language: ``1,234`` / ``1.234``, ``3.5`` / ``3,5``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return str(value)
    return format_decimal(value, locale=locale)


BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The Unicode controls that reorder text (embeddings, overrides, isolates and their ends)."""
_INERT = str.maketrans({c: f"<U+{ord(c):04X}>" for c in BIDI_CONTROLS})


def inert(value: object) -> object:
    """A value as a page shows it: the direction controls of a text (a player's or user's name) shown as
    ``<U+202E>`` rather than obeyed, so that a name cannot reorder the page around it.

    >>> inert("Ann\u202eKcab")
    'Ann<U+202E>Kcab'
    """
    if type(value) is str and not value.isascii():
        return value.translate(_INERT)
    return value


class PageRenderer:
    def __init__(self, translators: Mapping[str, Translator], *, asset_version: str) -> None:
        self.envs: dict[str, Environment] = {}
        for locale, translator in translators.items():
            env = Environment(
                loader=PackageLoader("floorman.web", "templates"),
                autoescape=select_autoescape(["html", "svg"]),
                extensions=["jinja2.ext.i18n"],
                undefined=StrictUndefined,
                auto_reload=False,  # the templates ship with the package: no file check on every page
                trim_blocks=True,
                lstrip_blocks=True,
                finalize=inert,
            )
            env.install_gettext_translations(translator.catalog, newstyle=True)  # type: ignore[attr-defined]
            env.filters["chips"] = partial(format_chips, locale=locale)
            env.filters["number"] = partial(format_number, locale=locale)
            env.filters["local_time"] = local_time
            env.globals["asset_version"] = asset_version
            self.envs[locale] = env
        self._fragments: OrderedDict[tuple[str, str, Hashable], Markup] = OrderedDict()
        self._lock = threading.Lock()

    def preload(self) -> int:
        """Compile every template in every language now, not on the first page views; how many."""
        count = 0
        for env in self.envs.values():
            for name in env.list_templates(extensions=["html"]):
                env.get_template(name)
                count += 1
        return count

    def render_text(self, name: str, context: Mapping[str, Any], *, locale: str) -> str:
        return self.envs[locale].get_template(name).render(**context)

    def fragment(self, name: str, key: Hashable, context: Callable[[], Mapping[str, Any]], *, locale: str) -> Markup:
        """A part of a page that depends on ``key`` and the language only (no user, no token), rendered
        once and kept (the ``FRAGMENTS`` most recent)."""
        cache_key = (name, locale, key)
        with self._lock:
            if cache_key in self._fragments:
                self._fragments.move_to_end(cache_key)
                return self._fragments[cache_key]
        html = Markup(self.render_text(name, context(), locale=locale))  # rendered with autoescape on
        with self._lock:
            self._fragments[cache_key] = html
            while len(self._fragments) > FRAGMENTS:
                self._fragments.popitem(last=False)
        return html

    def render(
        self, name: str, context: Mapping[str, Any], *, locale: str, status: int = 200,
        headers: Mapping[str, str] | None = None,
    ) -> HTMLResponse:
        return HTMLResponse(self.render_text(name, context, locale=locale), status_code=status,
                            headers=dict(headers or {}))
