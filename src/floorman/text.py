"""Rulings in words for a person at the table: verdict first, then the steps, then the rules.

Every line is there in English (``lang="en"``) and in Vietnamese (``lang="vi"``); rule ids and the
books' own citations are the same in both, while a book's note on a rule it is silent on, and the floor's
reasons for discretion, are said in Vietnamese.
"""

from __future__ import annotations

from floorman.hand import Result
from floorman.locale import say
from floorman.rulebooks import Rulebook
from floorman.rulings.model import Remedy, Ruling

__all__ = [
    "LANGS", "VERDICT_WORDS", "VERDICT_WORDS_VI", "compare_words", "remedy_text", "result_lines", "ruling_lines",
    "verdict_words",
]

LANGS = ("en", "vi")

VERDICT_WORDS = {
    "misdeal": "MISDEAL: cancel the deal and re-deal",
    "void": "VOID: fouled deck, every chip goes back",
    "continue": "PLAY ON",
}

VERDICT_WORDS_VI = {
    "misdeal": "HỦY VÁN (misdeal): hủy lần chia này và chia lại",
    "void": "VÔ HIỆU (void): bộ bài lỗi, trả lại toàn bộ chip",
    "continue": "TIẾP TỤC: ván bài tiếp tục",
}

_VERDICT_SHORT_VI = {"misdeal": "hủy ván (misdeal)", "void": "vô hiệu (void)", "continue": "tiếp tục"}

_HEADINGS = {
    "en": {
        "now": "now", "at": "at event {at}", "floor_ruled": "Floor ruled: {verdict}, because {reason}",
        "sa": "Substantial action: {sa}", "discretion": "   Floor's discretion: yes", "yes": "yes", "no": "no",
        "todo": "What to do:", "rules": "Rules:", "call": "Floor's call: {reason}",
        "house": "House rules: {house} on {book} ({switches})", "no_switches": "no switches",
    },
    "vi": {
        "now": "hiện tại", "at": "tại sự kiện {at}", "floor_ruled": "Floor đã quyết định: {verdict}, vì {reason}",
        "sa": "Substantial Action (hành động đáng kể): {sa}", "discretion": "   Quyền quyết định của floor: có",
        "yes": "có", "no": "không",
        "todo": "Cần làm:", "rules": "Luật áp dụng:", "call": "Quyền quyết định của floor: {reason}",
        "house": "Luật riêng của phòng (house rules): {house} trên {book} ({switches})",
        "no_switches": "không đổi tùy chọn nào",
    },
}


_COMPARE = {
    "en": {
        "rulebook": "rulebook", "verdict": "verdict", "discr": "discr.", "rules_remedies": "rules / remedies",
        "yes": "yes", "no": "no", "misdeal": "misdeal", "void": "void", "continue": "continue",
        "disagree": "The books disagree on the verdict (highlighted: differs from WSOP 2026).",
    },
    "vi": {
        "rulebook": "bộ luật", "verdict": "phán quyết", "discr": "quyền floor", "rules_remedies": "luật / cách xử lý",
        "yes": "có", "no": "không", "misdeal": "misdeal", "void": "void", "continue": "tiếp tục",
        "disagree": "Các bộ luật không thống nhất về phán quyết (tô vàng: khác với WSOP 2026).",
    },
}


def compare_words(lang: str = "en") -> dict[str, str]:
    """The words of ``floorman compare``'s table: headings, yes/no, verdicts, and the disagreement line."""
    return _COMPARE["vi" if lang == "vi" else "en"]


def verdict_words(verdict: str, lang: str = "en") -> str:
    """The verdict as the floor announces it: ``verdict_words("misdeal", "vi")``."""
    return (VERDICT_WORDS_VI if lang == "vi" else VERDICT_WORDS)[verdict]


def remedy_text(remedy: Remedy, lang: str = "en") -> str:
    """One step of the remedy, said to the dealer, in English or Vietnamese."""
    return say(remedy.message(), lang)


def ruling_lines(ruling: Ruling, book: Rulebook, *, color: bool = True, lang: str = "en") -> list[str]:
    """The ruling as lines of text, with ANSI colour when ``color``, in English or Vietnamese (``lang``)."""

    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    h = _HEADINGS["vi" if lang == "vi" else "en"]
    colors = {"misdeal": "1;31", "void": "1;35", "continue": "1;32"}
    verdict = ruling.verdict.value
    where = h["now"] if ruling.at is None else h["at"].format(at=ruling.at)
    lines = [paint(verdict_words(verdict, lang), colors[verdict]) + f"   ({book.short}, {where})"]
    if ruling.override is not None:
        ruled = ruling.override.verdict.value
        lines.append(paint(h["floor_ruled"].format(
            verdict=_VERDICT_SHORT_VI[ruled] if lang == "vi" else ruled, reason=ruling.override.reason), "1;33"))
    sa = h["yes"] if ruling.substantial_action else h["no"]
    lines.append(h["sa"].format(sa=sa) + (h["discretion"] if ruling.discretion else ""))
    if ruling.remedies:
        lines.append("")
        lines.append(paint(h["todo"], "1"))
        lines += [f"  {i}. {remedy_text(r, lang)}" for i, r in enumerate(ruling.remedies, start=1)]
    if ruling.citations:
        lines.append("")
        lines.append(paint(h["rules"], "1"))
        lines += [f"  {c.rule:<26} {c.source_vi if lang == 'vi' else c.source}" for c in ruling.citations]
    lines.append("")
    lines.append(ruling.explanation_vi if lang == "vi" and ruling.explanation_vi else ruling.explanation)
    reasons = ruling.discretion_reasons
    if lang == "vi" and len(ruling.discretion_reasons_vi) == len(reasons):
        reasons = ruling.discretion_reasons_vi
    for reason in reasons:
        lines.append(paint(h["call"].format(reason=reason), "33"))
    return lines


def result_lines(result: Result, *, color: bool = True, lang: str = "en") -> list[str]:
    h = _HEADINGS["vi" if lang == "vi" else "en"]
    lines: list[str] = []
    book = result.rulebook
    if book.house:
        lines.append(h["house"].format(house=book.house, book=book.short,
                                       switches=", ".join(book.house_switches) or h["no_switches"]))
    for i, ruling in enumerate(result.rulings):
        if i:
            lines.append("-" * 60)
        lines += ruling_lines(ruling, book, color=color, lang=lang)
    return lines
