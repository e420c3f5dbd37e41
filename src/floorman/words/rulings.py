"""Rulings in words for a person at the table: verdict first, then the steps, then the rules.

Every line is there in English (``lang="en"``) and in Vietnamese (``lang="vi"``); rule ids and the
books' own citations are the same in both, while a book's note on a rule it is silent on, and the floor's
reasons for discretion, are said in Vietnamese.
"""

from __future__ import annotations

from floorman.engine.result import Result
from floorman.law.rulebooks import Rulebook
from floorman.law.rulings.model import Remedy, Ruling, Verdict
from floorman.locale import DEFAULT_LANG, Message, say

__all__ = ["VERDICTS", "VERDICT_FORMS", "compare_words", "remedy_text", "result_lines", "ruling_lines", "verdict_words"]

VERDICTS = tuple(v.value for v in Verdict)
"""Every verdict's value (``Verdict``): what a stored ruling, a filter or an override may name."""
VERDICT_FORMS = ("banner", "headline", "name", "short", "table", "meaning", "answer", "label")
"""The forms a verdict is said in (the catalog's ``verdict.<form>.<verdict>``): ``banner``, the first line of a
ruling on the command line; ``headline`` and ``meaning``, the console's banner of a ruling; ``name``, a verdict in a
sentence, a menu or a tag; ``short``, named beside another (the floor's override, the audit's charts); ``table``,
``floorman compare``'s column; ``answer`` and ``label``, the drill's answer and its choices."""
_COMPARE_KEYS = ("rulebook", "verdict", "discr", "rules_remedies", "yes", "no", "disagree")


def _words(key: str, lang: str, **facts: object) -> str:
    """A word or line of the CLI's, from the catalog (``cli.<key>``)."""
    return say(Message.of(f"cli.{key}", **facts), lang)


def verdict_words(verdict: str, lang: str = DEFAULT_LANG, form: str = "banner") -> str:
    """A verdict in words, in one of its ``VERDICT_FORMS``, for the command line, the console, the drill and the
    audit alike; a value that is no verdict (an old record's), as it is.

    >>> verdict_words("misdeal"), verdict_words("continue", "vi", "name"), verdict_words("void", form="headline")
    ('MISDEAL: cancel the deal and re-deal', 'Tiếp tục', 'VOID')
    """
    if verdict not in VERDICTS:
        return str(verdict)
    return say(Message.of(f"verdict.{form}.{verdict}"), lang)


def compare_words(lang: str = DEFAULT_LANG) -> dict[str, str]:
    """The words of ``floorman compare``'s table: headings, yes/no, verdicts, and the disagreement line."""
    return {**{key: _words(f"compare.{key}", lang) for key in _COMPARE_KEYS},
            **{v: verdict_words(v, lang, "table") for v in VERDICTS}}


def remedy_text(remedy: Remedy, lang: str = "en") -> str:
    """One step of the remedy, said to the dealer, in English or Vietnamese."""
    return say(remedy.message(), lang)


def ruling_lines(ruling: Ruling, book: Rulebook, *, color: bool = True, lang: str = "en") -> list[str]:
    """The ruling as lines of text, with ANSI colour when ``color``, in English or Vietnamese (``lang``)."""

    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    def h(key: str, **facts: object) -> str:
        return _words(f"heading.{key}", lang, **facts)

    colors = {"misdeal": "1;31", "void": "1;35", "continue": "1;32"}
    verdict = ruling.verdict.value
    where = h("now") if ruling.at is None else h("at", at=ruling.at)
    lines = [paint(verdict_words(verdict, lang), colors[verdict]) + f"   ({book.short}, {where})"]
    if ruling.override is not None:
        ruled = ruling.override.verdict.value
        lines.append(paint(h("floor_ruled", verdict=verdict_words(ruled, lang, "short"),
                             reason=ruling.override.reason), "1;33"))
    sa = h("yes") if ruling.substantial_action else h("no")
    lines.append(h("sa", sa=sa) + (h("discretion") if ruling.discretion else ""))
    if ruling.remedies:
        lines.append("")
        lines.append(paint(h("todo"), "1"))
        lines += [f"  {i}. {remedy_text(r, lang)}" for i, r in enumerate(ruling.remedies, start=1)]
    if ruling.citations:
        lines.append("")
        lines.append(paint(h("rules"), "1"))
        lines += [f"  {c.rule:<26} {c.source_in(lang)}" for c in ruling.citations]
    lines.append("")
    lines.append(ruling.explain(lang))
    for reason in ruling.reasons(lang):
        lines.append(paint(h("call", reason=reason), "33"))
    return lines


def result_lines(result: Result, *, color: bool = True, lang: str = "en") -> list[str]:
    def h(key: str, **facts: object) -> str:
        return _words(f"heading.{key}", lang, **facts)

    lines: list[str] = []
    book = result.rulebook
    if book.house:
        lines.append(h("house", house=book.house, book=book.short,
                       switches=", ".join(book.house_switches) or h("no_switches")))
    for i, ruling in enumerate(result.rulings):
        if i:
            lines.append("-" * 60)
        lines += ruling_lines(ruling, book, color=color, lang=lang)
    return lines
