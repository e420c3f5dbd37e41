"""What the drill says, in English and in Vietnamese (the card room's words, docs/glossary-vi.md).

>>> from floorman.law.rulings.model import Remedy, RemedyKind
>>> steps = (Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=200), Remedy.of(RemedyKind.REDEAL))
>>> remedy_lines(steps, "vi")
('Trả lại chip đã cược: ghế 3 nhận lại 200.', 'Chia lại y hệt ván bài: cùng button, cùng cấp độ, cùng những người chơi; chỉ có bài là mới.')
>>> remedy_lines((), "en")
('Nothing to correct: the hand plays on as dealt.',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from floorman.drill.model import Kind, Topic
from floorman.law.rulebooks import Citation, find_rulebook
from floorman.law.rulings.model import Remedy, RemedyKind, Verdict
from floorman.locale import DEFAULT_LANG, LANGS, Message, catalog_ids, translations
from floorman.locale import say as say_message
from floorman.words.rulings import verdict_words

__all__ = [
    "citation_text",
    "kind_name",
    "remedy_lines",
    "say",
    "topic_name",
    "verdict_keys",
    "verdict_label",
    "verdict_text",
]






@cache
def verdict_keys() -> Mapping[str, Verdict]:
    """What a player may type for a verdict, in any language of the catalog (``drill.typed.<verdict>``: the words,
    ``|`` between them): ``m``, ``v``, ``p``, or the words.

    >>> keys = verdict_keys()
    >>> keys["m"], keys["vo hieu"], keys["play on"]
    (<Verdict.MISDEAL: 'misdeal'>, <Verdict.VOID: 'void'>, <Verdict.CONTINUE: 'continue'>)
    """
    keys: dict[str, Verdict] = {}
    for lang in LANGS:
        said = translations(lang)
        for verdict in Verdict:
            key = f"drill.typed.{verdict.value}"
            words = said._catalog.get(key)  # type: ignore[attr-defined]  # the language's own words only
            for word in (words or "").split("|"):
                if word.strip():
                    keys.setdefault(" ".join(word.strip().lower().split()), verdict)
    return keys


def verdict_text(verdict: Verdict, lang: str) -> str:
    """The verdict with what it means, as the drill's answer gives it (``floorman.words.rulings.verdict_words``)."""
    return verdict_words(verdict.value, lang, "answer")


def verdict_label(verdict: Verdict, lang: str) -> str:
    """The verdict as a player picks it (``floorman.words.rulings.verdict_words``)."""
    return verdict_words(verdict.value, lang, "label")


def topic_name(topic: Topic, lang: str) -> str:
    """A topic of the drill (``drill.topic.*``)."""
    return say_message(Message.of(f"drill.topic.{topic.name.lower()}"), lang)


def kind_name(kind: Kind, lang: str) -> str:
    """A kind of irregularity the drill puts in (``drill.kind.*``)."""
    return say_message(Message.of(f"drill.kind.{kind.name.lower()}"), lang)


def say(key: str, lang: str, **values: Any) -> str:
    """A fixed sentence of the drill (``drill.<key>`` in the catalog) in ``lang``, with ``values`` filled in."""
    return say_message(Message.of(f"drill.{key}", **values), lang)


def remedy_lines(remedies: Sequence[Remedy], lang: str) -> tuple[str, ...]:
    """The steps of a remedy, one line each (the catalog's ``remedy.*`` messages); chips given back are one line
    for every seat."""
    if not remedies:
        return (say_message(Message.of("remedy.none"), lang),)
    lines: list[str] = []
    returns = [r for r in remedies if r.do is RemedyKind.RETURN_CHIPS]
    for remedy in remedies:
        if remedy.do is RemedyKind.RETURN_CHIPS:
            if remedy is returns[0]:
                back = tuple(Message.of("remedy.return_chips.each", seat=r.fields.get("seat"),
                                        amount=r.fields.get("amount")) for r in returns)
                lines.append(say_message(Message.of("remedy.return_chips.all", back=back), lang))
            continue
        lines.append(say_message(remedy.message(), lang))
    return tuple(lines)


def citation_text(citation: Citation, lang: str) -> str:
    """Where the book has the rule: its own source line, or in a language that says citations its own way
    (``drill.citation.*``: Vietnamese) the book and the rule number.

    >>> c = find_rulebook("tda").citation("FLOP-4CARD")
    >>> citation_text(c, "en"), citation_text(c, "vi")
    ('Poker TDA Rules 2024 v1.0, Rule 39-A (applying Recommended Procedure 14)', 'TDA 2024, luật 39-A')
    """
    if lang == DEFAULT_LANG or "drill.citation.rule" not in catalog_ids(lang):
        return citation.source_in(lang)
    book = find_rulebook(citation.book).short
    if citation.number in ("-", ""):
        return say("citation.silent", lang, book=book)
    if citation.number == "unnumbered":
        text = say("citation.unnumbered", lang, book=book)
    elif citation.number[:1].isdigit() or citation.number.startswith(("LA-", "RP-")):
        text = say("citation.rule", lang, book=book, number=citation.number)
    else:
        text = say("citation.named", lang, book=book, number=citation.number)
    return say("citation.via", lang, citation=text, via=citation.via) if citation.via else text
