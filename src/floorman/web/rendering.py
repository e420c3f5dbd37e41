"""Server-rendered pages: one Jinja2 environment per language, with the gettext catalog installed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.responses import HTMLResponse

from floorman.web.i18n import Translator

__all__ = ["PageRenderer", "format_chips", "local_time"]


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
                trim_blocks=True,
                lstrip_blocks=True,
            )
            env.install_gettext_translations(translator.catalog, newstyle=True)  # type: ignore[attr-defined]
            env.filters["chips"] = format_chips
            env.filters["local_time"] = local_time
            env.globals["asset_version"] = asset_version
            self.envs[locale] = env

    def render_text(self, name: str, context: Mapping[str, Any], *, locale: str) -> str:
        return self.envs[locale].get_template(name).render(**context)

    def render(
        self, name: str, context: Mapping[str, Any], *, locale: str, status: int = 200,
        headers: Mapping[str, str] | None = None,
    ) -> HTMLResponse:
        return HTMLResponse(self.render_text(name, context, locale=locale), status_code=status,
                            headers=dict(headers or {}))
