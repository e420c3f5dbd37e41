"""The rule reference as the edges show it: the books, one rule in every book, the rules of one book, and search.

The command line (``floorman rules``, ``floorman explain``), the console's API and the MCP server all show
these, from here:

>>> obj = explain_obj(find_rule("flop-4card"))
>>> obj["rule"], obj["books"][0]["source"]
('FLOP-4CARD', 'WSOP 2026 Tournament Rule 89')
>>> explain_lines(find_rule("FLOP-4CARD"))[0]
'FLOP-4CARD: Four-card flop   [verified]'

Search takes words in English or Vietnamese, with or without the Vietnamese accents, and ranks the rules whose
id, titles and paraphrases hold them (the id and the titles count for more):

>>> [hit.rule.id for hit in search_rules("four card flop")][:1]
['FLOP-4CARD']
>>> search_rules("lá bài đốt")[0].rule.id, search_rules("la bai dot")[0].rule.id
('DEF-BURN', 'DEF-BURN')
>>> "FLOP-4CARD" in [hit.rule.id for hit in search_rules("BON LA")]
True

The console's rules page searches with this same function.
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, get_args, get_type_hints

from floorman.law.rulebooks import Rule, Rulebook, catalog, find_rule, rulebooks
from floorman.law.rulebooks.params import Params
from floorman.locale import DEFAULT_LANG, LANGS, Message, in_every_lang, other_langs, say

__all__ = [
    "SearchHit",
    "explain_lines",
    "explain_obj",
    "find_rule",
    "rule_rows",
    "rulebook_obj",
    "rulebook_summary",
    "search_rules",
    "switches_obj",
]

_TAGS = frozenset({"V", "S", "I", "U"})
"""The evidence tags the catalog says in words (``reference.tag.*``), as the console's rules list shows them."""


def rulebook_summary(book: Rulebook) -> dict[str, Any]:
    """One book in brief: id, names, edition, kind, aliases and description."""
    return {"id": book.id, "name": book.name, "short": book.short, "edition": book.edition, "kind": book.kind,
            "aliases": list(book.aliases), "description": book.description}


def rule_rows(book: Rulebook) -> list[dict[str, Any]]:
    """Every rule id of the catalog with its title, family, tag and this book's citation."""
    rows = []
    for rule_id, r in catalog().items():
        rows.append({"rule": rule_id, **in_every_lang("title", r.title_in), "family": r.family, "tag": r.tag,
                     "source": book.citation(rule_id).source})
    return rows


def explain_obj(rule: Rule) -> dict[str, Any]:
    """One rule: our paraphrase in every language, and where each book has it (or what it leaves it to)."""
    books = []
    for book in rulebooks().values():
        c = book.citation(rule.id)
        books.append({"rulebook": book.id, "number": c.number, "source": c.source, "via": c.via,
                      "silent": book.is_silent(rule.id), "discretion": book.discretion_reason(rule.id)})
    return {"rule": rule.id, **in_every_lang("title", rule.title_in), "family": rule.family, "tag": rule.tag,
            **in_every_lang("paraphrase", rule.paraphrase_in), "books": books}


def explain_lines(rule: Rule, lang: str = DEFAULT_LANG, *, bold: bool = False) -> list[str]:
    """``floorman explain``: the rule's title and paraphrase, then one line per book, in ``lang``."""
    head = f"{rule.id}: {rule.title_in(lang)}"
    tag = say(Message.of(f"reference.tag.{rule.tag.lower()}"), lang) if rule.tag in _TAGS else rule.tag
    lines = [(f"\033[1m{head}\033[0m" if bold else head) + f"   [{tag}]",
             rule.paraphrase_in(lang), ""]
    for book in rulebooks().values():
        c = book.citation(rule.id)
        reason = book.discretion_reason(rule.id, lang)
        mark = f"  ({say(Message.of('reference.floor_call'), lang)}: {reason})" if reason else ""
        lines.append(f"  {book.short:<18} {c.source_in(lang)}{mark}")
    return lines


def switches_obj(params: Params) -> dict[str, Any]:
    """A book's switches (what house rules may change): each one's value here and the values it may take."""
    hints = get_type_hints(Params)
    out: dict[str, Any] = {}
    for field in dataclasses.fields(Params):
        allowed = get_args(hints[field.name])
        kind = "one of" if allowed else hints[field.name].__name__
        out[field.name] = {"value": getattr(params, field.name),
                           "type": {"bool": "true or false", "int": "whole number", "str": "rule id"}.get(kind, kind),
                           **({"allowed": list(allowed)} if allowed else {})}
    return out


def rulebook_obj(book: Rulebook) -> dict[str, Any]:
    """Everything a book says: its notes in every language, its switches, and every rule with its citation."""
    rules = []
    for rule_id, r in catalog().items():
        c = book.citation(rule_id)
        row: dict[str, Any] = {
            "rule": rule_id, **in_every_lang("title", r.title_in), "family": r.family, "tag": r.tag,
            "number": c.number, **in_every_lang("source", c.source_in), "silent": book.is_silent(rule_id),
            **in_every_lang("paraphrase", r.paraphrase_in),
        }
        if c.via is not None:
            row["via"] = c.via
        reason = book.discretion_message(rule_id)
        if reason is not None:
            row.update(in_every_lang("discretion", partial(say, reason)))
        rules.append(row)
    return {**rulebook_summary(book), **{f"{k}_{lang}": said for lang in other_langs()
                                         for k, said in (("name", book.name_in(lang)),
                                                         ("description", book.description_in(lang)))},
            "fallback": book.fallback, "switches": switches_obj(book.params), "rules": rules}


# -- search -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class SearchHit:
    rule: Rule
    score: float
    """Higher is better: the rarer the words matched, and matched in the id or a title rather than a paraphrase."""


_WORD = re.compile(r"[0-9a-z]+")
_HEADING_WEIGHT = 2.0
_CUTOFF = 0.25
"""A rule scoring less than this share of the best match is left out: it shares only the commonest words."""


def _fold(text: str) -> str:
    """Lower case without accents (Vietnamese typed without them still matches), đ as d."""
    text = text.casefold().replace("đ", "d")
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(_fold(text)))


@cache
def _index() -> tuple[tuple[Rule, frozenset[str], frozenset[str]], ...]:
    """Each rule with the words of its id, family and titles, and the words of its paraphrases and of its
    citation in every book (a rule number such as 88.a finds the rule)."""
    rows = []
    books = tuple(rulebooks().values())
    for r in catalog().values():
        heading = frozenset(_words(" ".join((r.id, r.family, *(r.title_in(lang) for lang in LANGS)))))
        sources = " ".join(b.citation(r.id).source_in(lang) for b in books for lang in LANGS)
        body = frozenset(_words(" ".join((*(r.paraphrase_in(lang) for lang in LANGS), sources))))
        rows.append((r, heading, body))
    return tuple(rows)


def _matches(term: str, words: Iterable[str]) -> bool:
    """A term matches a word it equals, or begins when it is three letters or more (burn: burns, burned)."""
    return any(w == term or (len(term) >= 3 and w.startswith(term)) for w in words)


def search_rules(words: str, *, limit: int = 10) -> list[SearchHit]:
    """The rules that best match ``words`` (English or Vietnamese), best first, at most ``limit``; rules that
    match far worse than the best (only by a common word) are left out."""
    index = _index()
    terms = tuple(dict.fromkeys(_words(words)))
    hits = []
    weights = {}
    for term in terms:
        having = sum(1 for _, heading, body in index if _matches(term, heading | body))
        weights[term] = math.log((1 + len(index)) / (1 + having)) if having else 0.0
    named = _fold(words.strip())
    for order, (r, heading, body) in enumerate(index):
        score = 100.0 if _fold(r.id) == named else 0.0  # the query is a rule id: that rule first
        for term in terms:
            if _matches(term, heading):
                score += _HEADING_WEIGHT * weights[term]
            elif _matches(term, body):
                score += weights[term]
        if score > 0:
            hits.append((-score, order, SearchHit(rule=r, score=round(score, 3))))
    hits.sort(key=lambda h: (h[0], h[1]))
    best = -hits[0][0] if hits else 0.0
    return [h[2] for h in hits[:limit] if -h[0] >= _CUTOFF * best]
