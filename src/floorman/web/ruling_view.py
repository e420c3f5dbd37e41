"""A ruling as the floor shows it to the table: verdict first, the remedies as numbered steps, the
rules it rests on with their text, then the explanation, in the user's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from floorman.law.rulebooks import Rulebook, catalog
from floorman.law.rulings.model import Remedy, RemedyKind, Ruling
from floorman.locale import DEFAULT_LANG, field_in
from floorman.web.event_words import cause_name
from floorman.web.i18n import Translator
from floorman.web.ruling_words import remedy_step
from floorman.words.rulings import VERDICTS, verdict_words

__all__ = ["CitedRule", "RulingView", "explanation_for", "ruling_view", "stored_ruling_view"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CitedRule:
    rule_id: str
    title: str
    source: str
    text: str
    discretion: str | None
    source_lang: str = ""
    """The language the source is written in where it is not the reader's (a book's number not yet said in
    Vietnamese stays in its English, and the page marks it so)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingView:
    verdict: str
    headline: str
    meaning: str
    steps: tuple[str, ...]
    rules: tuple[CitedRule, ...]
    explanation: str
    causes: tuple[str, ...]
    substantial_action: bool
    discretion: bool
    discretion_reasons: tuple[str, ...]
    override_verdict: str | None
    override_headline: str | None
    override_reason: str | None
    book_name: str
    final_verdict: str
    """The verdict that stands, as the ruling record has it (``Ruling.final_verdict``, or the stored incident's)."""


def explanation_for(ruling: Ruling, locale: str) -> str:
    return ruling.explain(locale)


def _cited(rule_id: str, source: str, book: Rulebook | None, t: Translator) -> CitedRule:
    entry = catalog().get(rule_id)
    title = entry.title_in(t.locale) if entry else rule_id
    text = entry.paraphrase_in(t.locale) if entry else ""
    discretion = book.discretion_reason(rule_id, t.locale) if book is not None else None
    english = book.citation(rule_id).source_in(DEFAULT_LANG) if book is not None else ""
    source_lang = DEFAULT_LANG if t.locale != DEFAULT_LANG and source == english else ""
    return CitedRule(rule_id=rule_id, title=title, source=source, text=text, discretion=discretion,
                     source_lang=source_lang)


def ruling_view(ruling: Ruling, book: Rulebook, t: Translator) -> RulingView:
    override = ruling.override
    return RulingView(
        verdict=ruling.verdict.value,
        headline=verdict_words(ruling.verdict.value, t.locale, "headline"),
        meaning=verdict_words(ruling.verdict.value, t.locale, "meaning"),
        steps=tuple(remedy_step(r, t) for r in ruling.remedies),
        rules=tuple(_cited(c.rule, c.source_in(t.locale), book, t) for c in ruling.citations),
        explanation=explanation_for(ruling, t.locale),
        causes=tuple(dict.fromkeys(cause_name(f.irregularity.value, t) for f in ruling.findings)),
        substantial_action=ruling.substantial_action,
        discretion=ruling.discretion,
        discretion_reasons=ruling.reasons(t.locale),
        override_verdict=override.verdict.value if override else None,
        override_headline=verdict_words(override.verdict.value, t.locale, "headline") if override else None,
        override_reason=override.reason if override else None,
        book_name=book.name_in(t.locale),
        final_verdict=ruling.final_verdict.value,
    )


def _remedy(obj: Mapping[str, Any]) -> Remedy | None:
    try:
        kind = RemedyKind(str(obj.get("do", "")))
    except ValueError:
        return None
    return Remedy.of(kind, **{k: v for k, v in obj.items() if k != "do"})


def stored_ruling_view(obj: Mapping[str, Any], book: Rulebook | None, t: Translator,
                       causes: tuple[str, ...] = (), *, final_verdict: str) -> RulingView:
    """The same view from a stored ruling object (section 3): the incident log shows rulings as recorded, and the
    verdict that stands as the incident records it (``final_verdict``)."""
    rulings = obj.get("rulings") or [{}]
    last: Mapping[str, Any] = rulings[-1]
    verdict = str(last.get("verdict", "continue"))
    override = last.get("override") or None
    steps = []
    for step in last.get("remedies", []):
        remedy = _remedy(step)
        steps.append(remedy_step(remedy, t) if remedy is not None else str(step.get("do", "")))
    explanation = str(field_in(last, "explanation", t.locale) or "")
    return RulingView(
        verdict=verdict,
        headline=verdict_words(verdict, t.locale, "headline"),
        meaning=verdict_words(verdict, t.locale, "meaning") if verdict in VERDICTS else "",
        steps=tuple(steps),
        rules=tuple(_cited(str(c.get("rule")), str(field_in(c, "source", t.locale) or ""), book, t)
                    for c in last.get("citations", [])),
        explanation=explanation,
        causes=tuple(cause_name(c, t) for c in causes),
        substantial_action=bool(last.get("substantial_action")),
        discretion=bool(last.get("discretion")),
        discretion_reasons=tuple(field_in(last, "discretion_reasons", t.locale) or ()),
        override_verdict=str(override["verdict"]) if override else None,
        override_headline=(verdict_words(str(override["verdict"]), t.locale, "headline")
                           if str(override["verdict"]) in VERDICTS else "") if override else None,
        override_reason=str(override.get("reason", "")) if override else None,
        book_name=book.name_in(t.locale) if book is not None else str((obj.get("rulebook") or {}).get("name", "")),
        final_verdict=final_verdict,
    )
