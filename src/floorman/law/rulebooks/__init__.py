"""Rulebooks as data: one TOML file per book, plus the catalog of every rule id.

``find_rulebook`` takes an id or an alias:

>>> book = find_rulebook("wsop")
>>> book.id, book.params.sa_any_actions
('wsop-2026', 3)
>>> book.citation("FLOP-4CARD").source
'WSOP 2026 Tournament Rule 89'
>>> book.name, book.name_in("vi")
('2026 WSOP Official Tournament Rules', 'Luật giải đấu chính thức WSOP 2026')
>>> book.discretion_reason("MD-THROWN-INTO-BLIND", lang="vi")
'Điều 111 chỉ nói floor có thể cho chia lại; chia lại lúc nào là do floor quyết định.'
>>> find_rulebook("tda").params.one_extra_card
'misdeal'

Every note a book carries is a message of the one catalog (``floorman.locale``), which says it in each of its
languages: the book file names it by id (``name``, ``description``, ``[silent]``: what the book leaves a rule
to where it is silent, which also gives a silent rule's citation its words, and ``[discretion]``: why a rule is
the floor's call):

>>> find_rulebook("rrop").citation("RD-BUTTON").source_in("vi")
'RRoP: Luật không nêu; mặc định giữ button ở chỗ cũ.'

A citation's source line is the book's own number said in the book's words (``[numbering]``: for each way the book
numbers its rules, the catalog's words for its document and for its kind of rule), in any language, the number
unchanged; a line no numbering says is a message of the catalog of its own (``source``):

>>> c = find_rulebook("tda-2024").citation("MD-EXTRA-2")
>>> c.number, c.source
('35-A5', 'Poker TDA Rules 2024 v1.0, Rule 35-A5 (wrong number of cards)')
>>> c.source_in("vi")
'Luật Poker TDA 2024, phiên bản 1.0, điều 35-A5 (chia sai số lá bài)'

The books ship inside the package and are read once, on first use.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from floorman.errors import HouseRulesError, UnknownRulebookError, UnknownRuleError
from floorman.law.rulebooks.decisions import TAGS, Row, decision_rows
from floorman.law.rulebooks.params import Params, params_from_obj
from floorman.locale import DEFAULT_LANG, Message, catalog_ids, say

__all__ = [
    "BOOK_IDS",
    "Citation",
    "Numbering",
    "Rule",
    "Rulebook",
    "catalog",
    "find_rule",
    "find_rulebook",
    "row_tags",
    "rulebooks",
    "source_message",
]

BOOK_IDS = ("wsop-2026", "wsop-la-2026", "tda-2024", "tda-2022", "rrop")
DEFAULT_BOOK = "wsop-2026"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    """One rule id of the reference: its family and evidence tag; its title and our one-line paraphrase are the
    catalog's words (``rule.<id>.title``, ``rule.<id>.paraphrase``), said in any language.

    >>> r = find_rule("FLOP-4CARD")
    >>> r.title, r.title_in("vi")
    ('Four-card flop', 'Flop bốn lá')
    """

    id: str
    family: str
    tag: str

    @property
    def title(self) -> str:
        """The rule's title in English (``title_in`` for another language)."""
        return self.title_in(DEFAULT_LANG)

    @property
    def paraphrase(self) -> str:
        """Our paraphrase in English (``paraphrase_in`` for another language)."""
        return self.paraphrase_in(DEFAULT_LANG)

    def title_in(self, lang: str = DEFAULT_LANG) -> str:
        return say(Message.of(f"rule.{self.id}.title"), lang)

    def paraphrase_in(self, lang: str = DEFAULT_LANG) -> str:
        return say(Message.of(f"rule.{self.id}.paraphrase"), lang)

    @property
    def is_uncertain(self) -> bool:
        return self.tag == "U"


@dataclass(frozen=True, slots=True, kw_only=True)
class Citation:
    """Where a rule stands in a book: its own number and a readable source line, said in any language.

    >>> c = find_rulebook("wsop").citation("DEF-FOULED-DECK")
    >>> c.number, c.source
    ('88.d.1, 88.d.2', 'WSOP 2026 Tournament Rules 88.d.1 and 88.d.2')
    >>> c.source_in("vi")
    'Luật giải đấu WSOP 2026, điều 88.d.1 và 88.d.2'
    """

    rule: str
    number: str
    source: str
    """The source line in English (``source_in`` for another language)."""
    book: str
    via: str | None = None
    """Set when the book is silent and another book decides (WSOP T-129 sends to the Live-Action rules)."""
    note: Message | None = None
    """The catalog's message the source line is said from: the book's number in its document's words
    (``numbering``), a line of the catalog of its own, or where the book does not state the rule, its silence or
    its fallback book; ``None`` only for a line given as it is, the same in every language."""

    def source_in(self, lang: str = DEFAULT_LANG) -> str:
        """The source line in ``lang``: its message said in ``lang`` (the book's number unchanged)."""
        return self.source if self.note is None or lang == DEFAULT_LANG else say(self.note, lang)

    @property
    def is_said(self) -> bool:
        """The source line is a message of the catalog (it can differ by language), not a line given as it is."""
        return self.note is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class Numbering:
    """One way a book numbers its rules (``[numbering]`` of its file): the numbers that start with ``prefix`` (``""``
    for the book's plain rule numbers) stand in the document the catalog's ``doc`` names (a template of ``{refs}``),
    each group of them said by ``kind`` (a template of ``{n}``, the numbers, and ``{count}``, how many)."""

    prefix: str
    doc: str
    kind: str


def source_message(number: str, numbering: Sequence[Numbering], *, gloss: str | None = None) -> Message:
    """The source line of a book's number, as the catalog's message: each number (``", "`` apart) is read by the
    numbering whose prefix it starts with (a number with none goes with the one before it, the first with the plain
    numbering ``""``), the numbers of one kind said together, the kinds in one document; ``gloss`` (a message id)
    adds what the rule says to the point, in brackets.

    >>> tda = find_rulebook("tda-2024").numbering
    >>> say(source_message("30, RP-10-C", tda)), say(source_message("30, RP-10-C", tda), "vi")
    ('Poker TDA Rules 2024 v1.0, Rule 30 and Recommended Procedure 10-C', \
'Luật Poker TDA 2024, phiên bản 1.0, điều 30 và quy trình khuyến nghị 10-C')
    """
    by_prefix = {n.prefix: n for n in numbering}
    groups: list[tuple[Numbering, list[str]]] = []
    for item in (part.strip() for part in number.split(",")):
        way = max((n for n in numbering if n.prefix and item.startswith(n.prefix)), key=lambda n: len(n.prefix),
                  default=groups[-1][0] if groups else by_prefix.get(""))
        if way is None:
            raise ValueError(f"number {number!r}: {item!r} starts with no prefix of the book's numbering")
        if groups and groups[-1][0] is way:
            groups[-1][1].append(item.removeprefix(way.prefix))
        else:
            groups.append((way, [item.removeprefix(way.prefix)]))
    docs = {way.doc for way, _ in groups}
    if len(docs) != 1:
        raise ValueError(f"number {number!r} stands in more than one document of the book's numbering")
    refs = [Message.of(way.kind, n=_listed(numbers), count=len(numbers)) for way, numbers in groups]
    line = Message.of(docs.pop(), refs=_listed(refs))
    return Message.of("book.cite.glossed", source=line, gloss=Message.of(gloss)) if gloss else line


def _listed(items: Sequence[str | Message]) -> str | Message:
    """One item as it is; more, as the catalog lists them ("88.b and 79", "88.b và 79")."""
    return items[0] if len(items) == 1 else Message.of("book.cite.list", rest=tuple(items[:-1]), last=items[-1])


@dataclass(frozen=True, slots=True, kw_only=True)
class Rulebook:
    """A rulebook: its citations, its parameters, and its words as message ids of the catalog (said by
    ``name_in``, ``description_in``, ``silent_note`` and ``discretion_reason`` in any language)."""

    id: str
    name_id: str
    """The catalog's message id of the book's name (``book.wsop_2026.name``)."""
    short: str
    edition: str
    kind: str
    aliases: tuple[str, ...]
    description_id: str
    """The catalog's message id of the book's description."""
    cites: Mapping[str, Citation]
    silent: Mapping[str, str]
    """What the book leaves a rule to, for each rule it does not state: the catalog's message id of the note."""
    discretion: Mapping[str, str]
    """Why a rule is the floor's call under this book: the catalog's message id of the reason, by rule."""
    params: Params
    fallback: str | None = None
    fallback_rule: str | None = None
    house: str | None = None
    """The house-rules file this book was adjusted by, if any."""
    house_switches: tuple[str, ...] = ()
    numbering: tuple[Numbering, ...] = ()
    """How the book numbers its rules (``[numbering]``): its citations' source lines are said from it."""
    tags: Mapping[str, str] = field(default_factory=dict)
    """How this book tags a decision row where it differs from the row's own tag (``[tags]``)."""
    own: Mapping[str, str] = field(default_factory=dict)
    """The book's own rule for a procedure the reference also states for the other books (``[own]``: the
    reference's rule id, then the id of the book's own), cited beside it wherever a ruling rests on it."""

    @property
    def name(self) -> str:
        """The book's name in English (``name_in`` for another language)."""
        return self.name_in(DEFAULT_LANG)

    @property
    def description(self) -> str:
        """The book's description in English (``description_in`` for another language)."""
        return self.description_in(DEFAULT_LANG)

    def name_in(self, lang: str = DEFAULT_LANG) -> str:
        return say(Message.of(self.name_id), lang)

    def description_in(self, lang: str = DEFAULT_LANG) -> str:
        return say(Message.of(self.description_id), lang)

    def silent_note(self, rule_id: str, lang: str = DEFAULT_LANG) -> str | None:
        """What the book leaves a rule it does not state to, in ``lang`` (``None``: no note for it)."""
        note = self.silent.get(rule_id)
        return say(Message.of(note), lang) if note else None

    def citation(self, rule_id: str) -> Citation:
        """The book's own citation for a rule; through its fallback book; or the engine's default."""
        if rule_id in self.cites:
            return self.cites[rule_id]
        kept = _CITED.get((id(self), rule_id))
        if kept is not None and kept[0] is self:
            return kept[1]
        cited = self._unstated_citation(rule_id)
        if len(_CITED) >= _CITED_KEPT:
            _CITED.clear()
        _CITED[(id(self), rule_id)] = (self, cited)
        return cited

    def _unstated_citation(self, rule_id: str) -> Citation:
        """The citation of a rule the book does not state, with the note it is said from (made once, then kept)."""
        if self.fallback is not None:
            other = find_rulebook(self.fallback)
            if rule_id in other.cites:
                base = other.cites[rule_id]
                through = Message.of("book.citation.through", source=base.note or base.source, book=self.short,
                                     rule=self.fallback_rule)
                return replace(base, source=say(through), note=through, via=self.fallback_rule)
        note = self.silent.get(rule_id)
        silent = Message.of("book.citation.silent", book=self.short,
                            note=Message.of(note or "book.citation.no_rule"))
        return Citation(rule=rule_id, number="-", source=say(silent), note=silent, book=self.id)

    def discretion_reason(self, rule_id: str, lang: str = DEFAULT_LANG) -> str | None:
        """Why the rule is the floor's call under this book, in ``lang`` (``None``: the book does not say why)."""
        message = self.discretion_message(rule_id)
        return say(message, lang) if message else None

    def discretion_message(self, rule_id: str) -> Message | None:
        """Why the rule is the floor's call under this book, as the catalog's message, if the book says why."""
        note = self.discretion.get(rule_id)
        return Message.of(note) if note else None

    def is_silent(self, rule_id: str) -> bool:
        return rule_id not in self.cites

    def is_indirect(self, rule_id: str) -> bool:
        """The book does not state this rule itself (silent, or only through its fallback book)."""
        return self.citation(rule_id).via is not None or self.is_silent(rule_id)

    def with_own_rules(self, rules: Sequence[str]) -> tuple[str, ...]:
        """``rules``, each followed by the book's own rule for the same procedure where it has one.

        >>> find_rulebook("rrop").with_own_rules(["PREM-RIVER", "PREM-NOPLAY"])
        ('PREM-RIVER', 'PREM-RRoP', 'PREM-NOPLAY')
        >>> find_rulebook("wsop-2026").with_own_rules(["PREM-RIVER"])
        ('PREM-RIVER',)
        """
        if not self.own:
            return tuple(rules)
        out: list[str] = []
        for rule in rules:
            out.append(rule)
            mine = self.own.get(rule)
            if mine is not None and mine not in rules:
                out.append(mine)
        return tuple(dict.fromkeys(out))

    def tag_of(self, row: Row) -> str:
        """The evidence tag of a decision row under this book: its own, unless the book tags it otherwise."""
        return self.tags.get(row.key, row.tag)


_CITED: dict[tuple[int, str], tuple[Rulebook, Citation]] = {}
"""The citations of rules a book does not state, by book and rule (the book is kept beside its citation, so that
its ``id`` cannot be another book's while it is here)."""
_CITED_KEPT = 4096


def _read(name: str) -> dict[str, Any]:
    text = resources.files("floorman.law.rulebooks").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def catalog() -> Mapping[str, Rule]:
    """Every rule id of the reference, in its order; each has its title and paraphrase in the catalog."""
    raw = _read("catalog.toml")["rules"]
    said = catalog_ids(DEFAULT_LANG)
    for rid in raw:
        for key in (f"rule.{rid}.title", f"rule.{rid}.paraphrase"):
            if key not in said:
                raise ValueError(f"rule catalog: {rid!r} has no {key!r} in the message catalog")
    return {rid: Rule(id=rid, family=str(fields["family"]), tag=str(fields["tag"])) for rid, fields in raw.items()}


def _message_id(value: object, where: str) -> str:
    """A message id a book file names: one the catalog says (in English, and in each other language or through
    English where one lacks it)."""
    if not isinstance(value, str) or value not in catalog_ids(DEFAULT_LANG):
        raise ValueError(f"{where}: {value!r} is no message id of the catalog")
    return value


def _notes(raw: Mapping[str, Any], table: str, book_id: str) -> dict[str, str]:
    """A table of notes: each rule id with the message id of its note."""
    return {str(k): _message_id(v, f"rulebook {book_id}: [{table}] {k!r}") for k, v in raw.get(table, {}).items()}


def row_tags(raw: Mapping[str, Any], *, where: str | Message) -> dict[str, str]:
    """A ``[tags]`` table checked: each key names a row of the decisions file, each value is V, I or U
    (``HouseRulesError`` if not)."""
    tags = {str(k): str(v) for k, v in raw.items()}
    rows = decision_rows()
    for key, tag in tags.items():
        if key not in rows:
            raise HouseRulesError("error.house.no_row", where=where, row=repr(key))
        if tag not in TAGS:
            raise HouseRulesError("error.house.tag_one_of", where=where, row=repr(key), allowed=", ".join(TAGS), got=repr(tag))
    return tags


def _tags(raw: Mapping[str, Any], book_id: str) -> dict[str, str]:
    """The book's own tags for decision rows, each naming a row of the decisions file and a tag."""
    return row_tags(raw.get("tags", {}), where=Message.of("error.rulebook.named", book=book_id))


def _own(raw: Mapping[str, Any], book_id: str, cites: Mapping[str, Citation]) -> dict[str, str]:
    """The book's own rules (``[own]``): each names a rule of the reference and a rule the book itself cites."""
    own = {str(k): str(v) for k, v in raw.get("own", {}).items()}
    rules = catalog()
    for general, mine in own.items():
        for rule_id in (general, mine):
            if rule_id not in rules:
                raise ValueError(f"rulebook {book_id}: [own] names no rule {rule_id!r} of the reference")
        if mine not in cites:
            raise ValueError(f"rulebook {book_id}: [own] {general!r} = {mine!r}, a rule the book does not cite")
    return own


def _numbering(raw: Mapping[str, Any], book_id: str) -> tuple[Numbering, ...]:
    """The book's ``[numbering]``: each prefix with the message ids of its document and its kind of rule."""
    where = f"rulebook {book_id}: [numbering]"
    return tuple(Numbering(prefix=str(prefix), doc=_message_id(way.get("doc"), f"{where} {prefix!r}"),
                           kind=_message_id(way.get("kind"), f"{where} {prefix!r}"))
                 for prefix, way in raw.get("numbering", {}).items())


def _cite(rule_id: str, raw: Mapping[str, Any], numbering: Sequence[Numbering], book_id: str) -> Citation:
    """A rule the book states: its number, and its source line said from the number (or the catalog's own line,
    ``source``)."""
    where = f"rulebook {book_id}: [cite] {rule_id!r}"
    number = str(raw["number"])
    if "source" in raw:
        where = f"{where} (a line the numbering does not say is the catalog's message, book.cite.*; leave it out to say the number)"
        note = Message.of(_message_id(raw["source"], where))
    else:
        gloss = _message_id(raw["gloss"], where) if "gloss" in raw else None
        try:
            note = source_message(number, numbering, gloss=gloss)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    return Citation(rule=rule_id, number=number, source=say(note), note=note, book=book_id)


def _book(book_id: str) -> Rulebook:
    raw = _read(f"{book_id}.toml")
    silent = _notes(raw, "silent", book_id)
    discretion = _notes(raw, "discretion", book_id)
    name = _message_id(raw["name"], f"rulebook {book_id}: name")
    description = _message_id(raw["description"], f"rulebook {book_id}: description")
    numbering = _numbering(raw, book_id)
    cites = {rid: _cite(rid, c, numbering, book_id) for rid, c in raw.get("cite", {}).items()}
    return Rulebook(
        tags=_tags(raw, book_id),
        own=_own(raw, book_id, cites),
        id=raw["id"],
        name_id=name,
        short=raw["short"],
        edition=str(raw["edition"]),
        kind=raw["kind"],
        aliases=tuple(raw.get("aliases", ())),
        description_id=description,
        cites=cites,
        silent=silent,
        discretion=discretion,
        params=params_from_obj(raw.get("params", {}), where=Message.of("error.rulebook.named", book=book_id)),
        fallback=raw.get("fallback"),
        fallback_rule=raw.get("fallback_rule"),
        numbering=numbering,
    )


@cache
def _loaded(book_id: str) -> Rulebook:
    """The book ``book_id`` (one of ``BOOK_IDS``), read once."""
    return _book(book_id)


@cache
def rulebooks() -> Mapping[str, Rulebook]:
    return {book_id: _loaded(book_id) for book_id in BOOK_IDS}


@lru_cache(maxsize=64)
def find_rulebook(name: str | None = None) -> Rulebook:
    """A rulebook by id or alias (case-insensitive); the WSOP 2026 book when ``name`` is None.

    Each name is looked up once (every hand an audit rules on asks for its book), and a book named
    by its id is read without the others (an alias is looked for in every book).
    """
    key = (name or DEFAULT_BOOK).strip().lower()
    if key in BOOK_IDS:
        return _loaded(key)
    books = rulebooks()
    for book in books.values():
        if key in (a.lower() for a in book.aliases):
            return book
    raise UnknownRulebookError("error.rulebook.unknown", name=repr(name), known=", ".join(BOOK_IDS))


def find_rule(rule_id: str) -> Rule:
    rules = catalog()
    key = rule_id.strip().upper().replace("RROP", "RRoP")
    for rid, rule in rules.items():
        if rid.upper() == key.upper():
            return rule
    raise UnknownRuleError("error.rule.unknown", rule=repr(rule_id))
