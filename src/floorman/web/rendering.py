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
from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from starlette.responses import HTMLResponse

from floorman.web.i18n import Translator

__all__ = ["FRAGMENTS", "PageRenderer", "format_chips", "local_time"]

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


def format_chips(amount: Any) -> str:
    """``12500`` -> ``12,500``; cents kept where a cash table plays them."""
    if isinstance(amount, bool) or not isinstance(amount, (int, float, Decimal)):
        return str(amount)
    if isinstance(amount, int) or amount == int(amount):
        return f"{int(amount):,}"
    return f"{amount:,.2f}"


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
            )
            env.install_gettext_translations(translator.catalog, newstyle=True)  # type: ignore[attr-defined]
            env.filters["chips"] = format_chips
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
