"""What every page template gets: the user, the language, the CSRF token, the navigation, a notice."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse

from floorman.storage import Role, Session
from floorman.web.i18n import N_, Translator, locale_names
from floorman.web.ruling_words import verdict_names
from floorman.web.security import request_locale
from floorman.web.services import services

__all__ = ["NOTICES", "ROLE_NAMES", "STATUS_NAMES", "base_context", "redirect", "render_page", "return_address",
           "translator_for"]

NOTICES = {
    "ruling_recorded": N_("console.page_context.the_ruling_is_recorded_in_the"),
    "replay_started": N_("console.page_context.the_re_play_has_started_same"),
    "undone": N_("console.page_context.the_last_entry_was_taken_back"),
    "stale": N_("console.page_context.someone_else_logged_on_this_hand"),
    "correction_recorded": N_("console.page_context.the_correction_is_recorded_as_a"),
    "user_saved": N_("console.page_context.the_account_is_saved"),
    "user_unlocked": N_("console.page_context.failed_logins_forgotten_the_account_can"),
    "language_saved": N_("console.page_context.language_changed"),
    "hand_started": N_("console.page_context.new_hand_blinds_and_antes_are"),
    "logged_out": N_("console.page_context.you_are_logged_out"),
    "nothing_to_undo": N_("console.page_context.there_is_nothing_to_take_back"),
    "on_the_way": N_("console.page_context.the_table_knows_you_are_on"),
    "already_filed": N_("console.page_context.this_account_was_filed_already_here"),
}

ROLE_NAMES = {"dealer": N_("console.common.dealer"), "floor": N_("console.common.floor"), "director": N_("console.page_context.director")}
STATUS_NAMES = {"present": N_("console.page_context.present"), "absent": N_("console.page_context.away"), "penalized": N_("console.page_context.on_a_penalty"),
                "waiting": N_("console.page_context.waiting_for_the_button"), "redeal_dead": N_("console.page_context.dealt_a_dead_hand"), "empty": N_("console.page_context.empty")}


def translator_for(request: Request, session: Session | None) -> Translator:
    return services(request).translators[request_locale(request, session)]


def return_address(request: Request, answering: str | None = None) -> str:
    """Where the language switch comes back to: a page's own address, its query kept; a page that answers a form
    comes back as the GET page that shows the same (``answering``), never sending the form again."""
    if request.method in ("GET", "HEAD"):
        path = quote(request.url.path, safe="/")
        return f"{path}?{request.url.query}" if request.url.query else path
    return answering or quote(request.url.path, safe="/")


def base_context(request: Request, session: Session | None, *, active: str = "",
                 here: str | None = None) -> dict[str, Any]:
    locale = request_locale(request, session)
    t = services(request).translators[locale]
    notice_key = request.query_params.get("notice", "")
    notice = t.gettext(NOTICES[notice_key]) if notice_key in NOTICES else ""
    user = session.user if session is not None else None
    return {
        "user": user,
        "csrf_token": session.csrf_token if session is not None else "",
        "locale": locale,
        "locale_names": locale_names(),
        "active": active,
        "path": request.url.path,
        "here": return_address(request, here),
        "notice": notice,
        "is_floor": user is not None and user.role.allows(Role.FLOOR),
        "is_director": user is not None and user.role.allows(Role.DIRECTOR),
        "role_names": {key: t.gettext(name) for key, name in ROLE_NAMES.items()},
        "status_names": {key: t.gettext(name) for key, name in STATUS_NAMES.items()},
        "verdict_names": verdict_names(t),
    }


def render_page(
    request: Request, session: Session | None, template: str, *, active: str = "", status: int = 200,
    here: str | None = None, **context: Any,
) -> HTMLResponse:
    """The page; ``here`` is the GET address that shows it again where it answers a form."""
    ctx = base_context(request, session, active=active, here=here)
    ctx.update(context)
    svc = services(request)
    return svc.pages.render(template, ctx, locale=ctx["locale"], status=status)


def redirect(url: str, *, notice: str | None = None) -> RedirectResponse:
    if notice:
        url += ("&" if "?" in url else "?") + f"notice={notice}"
    return RedirectResponse(url, status_code=303)
