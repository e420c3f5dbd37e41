"""The rules: every rule with its citation in each book, search, and where the books differ.

Search is the one the command line has (``floorman.words.reference.search_rules``): English or Vietnamese, accents and
case optional, best match first."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import Response

from floorman.law.rulebooks import Rule, catalog, find_rule, rulebooks
from floorman.locale import DEFAULT_LANG
from floorman.storage import Role, Session
from floorman.web.page_context import render_page, translator_for
from floorman.web.rulebook_words import FAMILY_NAMES, TAG_BADGES, TAG_NAMES, switch_rows
from floorman.web.security import page_user
from floorman.web.services import services
from floorman.words.reference import search_rules

__all__ = ["RuleEntry", "router"]

router = APIRouter(include_in_schema=False)
Dealer = Annotated[Session, Depends(page_user(Role.DEALER))]


@dataclass(frozen=True, slots=True, kw_only=True)
class BookCitation:
    book: str
    source: str
    silent: bool
    discretion: str | None
    via: str | None
    source_lang: str = ""
    """The source's language where it is not the reader's (not yet said in Vietnamese: its English)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleEntry:
    rule_id: str
    title: str
    text: str
    family: str
    tag: str
    citations: tuple[BookCitation, ...]

    @property
    def differs(self) -> bool:
        return len({c.silent for c in self.citations}) > 1 or any(c.discretion for c in self.citations)


def _entry(rule: Rule, lang: str) -> RuleEntry:
    return _entry_of(rule.id, lang)


@cache
def _entry_of(rule_id: str, lang: str) -> RuleEntry:
    """A rule with its citation in every book (the books are data shipped with floorman: built once)."""
    rule = catalog()[rule_id]
    cites = []
    for book in rulebooks().values():
        c = book.citation(rule.id)
        source = c.source_in(lang)
        english = lang != DEFAULT_LANG and source == c.source_in(DEFAULT_LANG)
        cites.append(BookCitation(book=book.short, source=source, silent=book.is_silent(rule.id) and c.via is None,
                                  discretion=book.discretion_reason(rule.id, lang), via=c.via,
                                  source_lang=DEFAULT_LANG if english else ""))
    return RuleEntry(rule_id=rule.id, title=rule.title_in(lang), text=rule.paraphrase_in(lang), family=rule.family,
                     tag=rule.tag, citations=tuple(cites))


@router.get("/rules")
async def rules_page(request: Request, session: Dealer, q: str = "", family: str = "", differs: str = "") -> Response:
    t = translator_for(request, session)
    words = q.split()
    found = [hit.rule for hit in search_rules(q, limit=len(catalog()))] if words else catalog().values()
    entries = []
    for rule in found:
        entry = _entry(rule, t.locale)
        if family and rule.family != family:
            continue
        if differs and not entry.differs:
            continue
        entries.append(entry)
    families = [(key, t.gettext(name)) for key, name in FAMILY_NAMES.items()]
    rule_list = services(request).pages.fragment(
        "_rule_list.html", (" ".join(words), family, bool(differs)), locale=t.locale,
        context=lambda: {"entries": entries, "family_names": dict(families),
                         "tag_names": {k: t.gettext(v) for k, v in TAG_NAMES.items()},
                         "tag_badges": {k: t.gettext(v) for k, v in TAG_BADGES.items()}})
    return render_page(request, session, "rules.html", active="rules", entries=entries, q=q, family=family,
                       differs=differs, families=families, rule_list=rule_list, total=len(catalog()))


@router.get("/rules/differences")
async def differences_page(request: Request, session: Dealer) -> Response:
    t = translator_for(request, session)
    books = tuple(rulebooks().values())
    return render_page(request, session, "differences.html", active="rules", books=books,
                       rows=switch_rows(t, books))


@router.get("/rules/{rule_id}")
async def rule_page(request: Request, session: Dealer, rule_id: str) -> Response:
    t = translator_for(request, session)
    rule = find_rule(rule_id)
    entry = _entry(rule, t.locale)
    return render_page(request, session, "rule.html", active="rules", entry=entry,
                       family_name=t.gettext(FAMILY_NAMES.get(rule.family, rule.family)),
                       tag_name=t.gettext(TAG_NAMES.get(rule.tag, rule.tag)), books=list(rulebooks().values()))
