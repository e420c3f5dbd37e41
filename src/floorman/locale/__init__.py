"""Words at the edge: message ids with parameters, said in each language of one gettext catalog.

The engine never builds a sentence: a ruling carries :class:`Message` values (an id such as
``ruling.four_card_flop.scramble`` and its facts), and :func:`say` turns one into words with the catalog
of ``locale/<lang>/LC_MESSAGES/messages.po`` (compiled to ``.mo`` when the package is built, in memory
from a source checkout), read with the standard library's ``gettext``. The console's own strings live in
the same catalog. A language is a folder ``<lang>/LC_MESSAGES`` with its ``messages.po`` (``LANGS``): a new one
speaks on the command line, in the rulings and on the console's pages as soon as the file is there, and an entry it
lacks is said in English.

>>> say(Message.of("ruling.misdeal.called", cause=Message.of("cause.wrong_number_of_cards_2")))
'That is a misdeal (wrong number of cards).'
>>> say(Message.of("ruling.misdeal.called", cause=Message.of("cause.wrong_number_of_cards_2")), "vi")
'Đây là misdeal (chia sai số lá bài): ván bài bị hủy.'

A template names each fact in braces, with how to say it after a colon: ``{card:card}`` is "As" in
English and "lá Át bích (As)" in Vietnamese, ``{seats:seats}`` "seat 3 and seat 5" or "ghế 3 và ghế 5",
``{n:plural:card:cards}`` the English word for ``n`` of them; ``|cap`` capitalises what comes out.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol

from floorman.locale.message import Message
from floorman.locale.mo import MoFile, compile_po
from floorman.locale.words import amount_text, cap, gloss_once


class Stakes(Protocol):
    """What the catalog reads of a level to say it (``floorman.fold.table.Level`` is one): the catalog says the
    table's values and imports nothing of the table."""

    @property
    def number(self) -> int | None: ...
    @property
    def small_blind(self) -> object: ...
    @property
    def big_blind(self) -> object: ...
    @property
    def small_bet(self) -> object: ...
    @property
    def big_bet(self) -> object: ...
    @property
    def ante(self) -> object: ...
    @property
    def big_blind_ante(self) -> object: ...
    @property
    def bring_in(self) -> object: ...

__all__ = ["DEFAULT_LANG", "LANGS", "LevelWords", "Message", "amount_text", "catalog_ids", "field_in", "game_text", "in_every_lang", "lang_name", "lang_of",
           "level_text", "other_langs", "say", "say_all", "street_text", "structure_text", "translations"]

DEFAULT_LANG = "en"


def _langs() -> tuple[str, ...]:
    """The languages of the catalog: a folder ``<lang>/LC_MESSAGES`` with a ``messages.po`` (or its compiled
    ``.mo``) is a language, English first."""
    found = {entry.name for entry in resources.files("floorman.locale").iterdir()
             if any(entry.joinpath("LC_MESSAGES", name).is_file() for name in ("messages.po", "messages.mo"))}
    return (DEFAULT_LANG, *sorted(found - {DEFAULT_LANG}))


LANGS = _langs()
"""Every language the catalog speaks: the one list (``--lang``, the console, the drill and the tools read it).

>>> LANGS[:1], "vi" in LANGS
(('en',), True)
"""


def lang_of(lang: str | None) -> str:
    """One of ``LANGS``: the language asked for where the catalog has it, English otherwise."""
    return lang if lang is not None and lang in LANGS else DEFAULT_LANG


def in_every_lang(key: str, said: Callable[[str], Any]) -> dict[str, Any]:
    """A field said in every language, the way the JSON formats carry words: ``key`` in English, then
    ``<key>_<lang>`` for each other language of the catalog.

    >>> said = in_every_lang("name", lang_name)
    >>> said["name"], len(said) == len(LANGS)
    ('English', True)
    """
    return {key if lang == DEFAULT_LANG else f"{key}_{lang}": said(lang) for lang in LANGS}


def field_in(obj: Mapping[str, Any], key: str, lang: str) -> Any:
    """A field of a JSON object in ``lang`` (``<key>_<lang>``, as ``in_every_lang`` wrote it), else in English."""
    if lang != DEFAULT_LANG:
        said = obj.get(f"{key}_{lang}")
        if said:
            return said
    return obj.get(key)


def other_langs() -> tuple[str, ...]:
    """The languages of the catalog but English."""
    return LANGS[1:]


def lang_name(lang: str) -> str:
    """A language's name in itself (``lang.name``): "English", "Tiếng Việt"."""
    return say(Message.of("lang.name"), lang)


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang``: the built ``.mo`` file, or the ``.po`` source compiled now. An entry a
    language lacks is said in English (the English catalog is its fallback)."""
    lang = lang_of(lang)
    folder = resources.files("floorman.locale").joinpath(lang, "LC_MESSAGES")
    built = folder.joinpath("messages.mo")
    if built.is_file():
        catalog = gettext.GNUTranslations(MoFile(built.read_bytes()))
    else:
        source = folder.joinpath("messages.po")
        catalog = gettext.GNUTranslations(MoFile(compile_po(source.read_text(encoding="utf-8"), name=str(source))))
    if lang != DEFAULT_LANG:
        catalog.add_fallback(translations(DEFAULT_LANG))
    return catalog


@cache
def catalog_ids(lang: str) -> frozenset[str]:
    """Every message id the catalog of ``lang`` translates (gathered once: every note of every book is checked
    against it when the books are read)."""
    return frozenset(k for k in translations(lang)._catalog if isinstance(k, str) and k)  # type: ignore[attr-defined]


def _template(message_id: str, lang: str) -> str:
    return translations(lang).gettext(message_id)


def _chips(value: Any, lang: str) -> str:
    """An amount the language's way: 2,000 in English, 2.000 in Vietnamese (``floorman.locale.words.amount_text``)."""
    return amount_text(value, lang)


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelWords:
    """The catalog entries one place says a level with, one a part of the level (``level_text``).

    An entry names the level's number ``n``; the blinds or the limits ``small`` and ``big`` (and ``amount``, the two
    as ``small/big``); an ante, a big-blind ante or a bring-in ``amount``: each amount written the language's way.
    """

    number: str | None
    """The level's number, the first part; None: the number is no part (a ruling says it before them)."""
    blinds: str | None
    """The blinds; None: the two amounts as they are, ``1,000/2,000``."""
    limits: str
    ante: str
    big_blind_ante: str
    bring_in: str
    joiner: str = ", "
    """What stands between two parts."""
    printf: bool = False
    """The entries are written ``%(amount)s``, as the console's are, not ``{amount}``."""


_RULING_LEVEL: Final = LevelWords(number=None, blinds=None, limits="level.limits", ante="level.ante",
                                  big_blind_ante="level.big_blind_ante", bring_in="level.bring_in")
"""How a ruling says the parts of a level: ``1,000/2,000, 2,000 big-blind ante``."""


def level_text(level: Stakes, lang: str = DEFAULT_LANG, words: LevelWords | None = None) -> str:
    """The level in words, in either language: as a ruling says it (``level.*`` in the catalog), or with ``words``,
    the parts of the level a place names, in its own entries, joined its way.

    >>> from floorman.fold.table import Level
    >>> lv = Level(number=12, small_blind=1000, big_blind=2000, big_blind_ante=2000)
    >>> level_text(lv), level_text(lv, "vi")
    ('level 12 (1,000/2,000, 2,000 big-blind ante)', 'cấp độ 12 (1.000/2.000, big blind ante 2.000)')
    >>> level_text(lv, words=LevelWords(number="level.number", blinds=None, limits="level.limits", ante="level.ante",
    ...                                 big_blind_ante="level.big_blind_ante", bring_in="level.bring_in", joiner=" · "))
    'level 12 · 1,000/2,000 · 2,000 big-blind ante'
    """
    lang = lang_of(lang)
    if words is not None:
        return words.joiner.join(_level_parts(level, lang, words))
    parts = ", ".join(_level_parts(level, lang, _RULING_LEVEL))
    head = say(Message.of("level.number", n=level.number) if level.number is not None else Message.of("level.same"),
               lang)
    return say(Message.of("level.with_parts", head=head, parts=parts), lang) if parts else head


def _level_parts(level: Stakes, lang: str, words: LevelWords) -> list[str]:
    """The parts of ``level`` that it has, each said with its entry of ``words``."""
    def part(message_id: str, **facts: object) -> str:
        return _template(message_id, lang) % facts if words.printf else say(Message.of(message_id, **facts), lang)

    parts = [part(words.number, n=level.number)] if words.number is not None and level.number is not None else []
    for small, big, key in ((level.small_blind, level.big_blind, words.blinds),
                            (level.small_bet, level.big_bet, words.limits)):
        if small or big:
            said = {"small": amount_text(small, lang), "big": amount_text(big, lang)}
            pair = f"{said['small']}/{said['big']}"
            parts.append(pair if key is None else part(key, amount=pair, **said))
    for amount, key in ((level.ante, words.ante), (level.big_blind_ante, words.big_blind_ante),
                        (level.bring_in, words.bring_in)):
        if amount:
            parts.append(part(key, amount=amount_text(amount, lang)))
    return parts


def street_text(value: Any, lang: str = DEFAULT_LANG) -> str:
    """A street by its code ("flop", "fifth", ``None`` for the next one), as the catalog's ``street.*`` says it."""
    key = f"street.{value or 'next'}"
    text = _template(key, lang_of(lang))
    return str(value) if text == key else text


def game_text(game: Enum, structure: Enum | None = None, lang: str = DEFAULT_LANG) -> str:
    """A game of the registry (``floorman.fold.table.GAMES``) as the table names it, from the catalog's ``game.*``: with
    its structure, ``No-limit Hold'em``; without, ``Hold'em``.

    >>> from floorman.fold.table import Game, Structure
    >>> game_text(Game.STUD, Structure.LIMIT), game_text(Game.OMAHA5, lang="vi")
    ('Limit Seven-card stud', 'Omaha 5 lá')
    """
    name = Message.of(f"game.{game.name.lower()}")
    if structure is None:
        return say(name, lang)
    return say(Message.of("game.with_structure", game=name, structure=structure_text(structure, lang)), lang)


def structure_text(structure: Enum, lang: str = DEFAULT_LANG) -> str:
    """A betting structure as the table names it (``structure.*``): ``No-limit``, ``Pot-limit``, ``Limit``."""
    return say(Message.of(f"structure.{structure.name.lower()}"), lang)


def _colour(value: Any, lang: str) -> str:
    """The colour of a deck's back (``colour.*``); a colour the catalog does not name, as it is."""
    key = f"colour.{value}"
    text = _template(key, lang_of(lang))
    return str(value) if text == key else text


def _seats(seats: Iterable[int | None], lang: str, *, commas: bool = False) -> str:
    """Seats as the floor says them (``seats.*``): "seat 3", "seat 3 and seat 5", "seat 1, seat 2 and seat 4"
    ("ghế 1, ghế 2 và ghế 4"); ``commas``: all of them with commas.

    >>> _seats([3, 5, 7], "en"), _seats([3, 5, 7], "vi"), _seats([3, 5], "en", commas=True)
    ('seat 3, seat 5 and seat 7', 'ghế 3, ghế 5 và ghế 7', 'seat 3, seat 5')
    """
    named = list(dict.fromkeys(say(Message.of("seats.one", seat=s), lang) for s in seats if s is not None))
    if commas or len(named) < 2:
        return ", ".join(named)
    if len(named) == 2:
        return say(Message.of("seats.pair", first=named[0], second=named[1]), lang)
    return say(Message.of("seats.list", rest=", ".join(named[:-1]), last=named[-1]), lang)


def _card(card: Any) -> str:
    """A card by name in Vietnamese, its code kept (``card.*``): "As" is "lá Át bích (As)"; an unknown face is just
    "lá bài".

    >>> _card("As"), _card("Td"), _card("7c"), _card("JK"), _card("??")
    ('lá Át bích (As)', 'lá 10 rô (Td)', 'lá 7 chuồn (7c)', 'lá joker', 'lá bài')
    """
    if card == "JK":
        return say(Message.of("card.joker"), "vi")
    if not isinstance(card, str) or len(card) != 2 or card[1] not in "shdc":
        return say(Message.of("card.unknown"), "vi")
    rank = say(Message.of(f"card.rank.{card[0].lower()}"), "vi") if card[0] in "AKQJT" else card[0]
    return say(Message.of("card.named", rank=rank, suit=Message.of(f"card.suit.{card[1]}"), card=card), "vi")


def _plural(value: Any, lang: str, arg: str) -> str:
    one, _, many = arg.partition(":")
    return one if value == 1 else many


_SPECS: Mapping[str, Callable[[Any, str, str], str]] = {
    "card": lambda v, lang, _: _card(v) if lang == "vi" else str(v),
    "seats": lambda v, lang, _: _seats(v, lang),
    "seat_commas": lambda v, lang, _: _seats(v, lang, commas=lang != "vi"),
    "street": lambda v, lang, _: street_text(v, lang),
    "colour": lambda v, lang, _: _colour(v, lang),
    "level": lambda v, lang, _: level_text(v, lang),
    "plural": _plural,
    "chips": lambda v, lang, _: _chips(v, lang),
}


class _Speaker(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        spec, _, after = format_spec.partition("|")
        if isinstance(value, Message):
            text = say(value, self.lang)
        elif spec == "list":
            text = ", ".join(say(m, self.lang) if isinstance(m, Message) else str(m) for m in value)
        elif spec:
            kind, _, arg = spec.partition(":")
            text = _SPECS[kind](value, self.lang, arg) if kind in _SPECS else format(value, spec)
        else:
            text = format(value, "")
        return cap(text) if after == "cap" else text


def say(message: Message, lang: str = DEFAULT_LANG) -> str:
    """The message in words, in ``lang`` (one of ``LANGS``; English for any other)."""
    lang = lang_of(lang)
    return _Speaker(lang).vformat(_template(message.id, lang), (), dict(message.params))


def say_all(messages: Iterable[Message], lang: str = DEFAULT_LANG) -> str:
    """Sentences said one after the other; in Vietnamese "Substantial Action" is glossed the first time."""
    text = " ".join(t for t in (say(m, lang) for m in messages) if t)
    return gloss_once(text, say(Message.of("gloss.substantial_action"), "vi")) if lang_of(lang) == "vi" else text
