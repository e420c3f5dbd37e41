"""Decisions as data: the rows of ``data/decisions.toml``, one per outcome of an irregularity.

A row names the rules an outcome rests on, the remedy steps it orders (templates filled from the facts)
and the evidence behind it (``tag``: V firm, I interpreted, U uncertain, as rules.md tags it). The deciding
code only chooses rows; an I or U row is the floor's call. A book may tag a row otherwise (its ``[tags]``).

>>> row("four_card_flop.found").rules
('FLOP-4CARD',)
>>> [r.do for r in row("four_card_flop.scramble").remedies]
['scramble_and_pick_burn', 'deal_without_burn']
>>> row("short_flop.found").is_discretion
True
>>> from floorman.fold.findings import Finding, Irregularity
>>> finding_rules(Finding(at=7, irregularity=Irregularity.DUPLICATE_CARD, card="As"))
('FD-DUP', 'DEF-FOULED-DECK')

The first row of an irregularity (``<irregularity>.found``) is the one map from the irregularity to the
rules its finding rests on; a finding's facts may add the rules of other rows (``fact_rules``). A finding
itself names no rule: it is a fact of the fold, and this is the one place its rules are read.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from floorman.fold.findings import Finding, Irregularity
from floorman.fold.table import DealOrder, Family

__all__ = ["TAGS", "RemedyTemplate", "Row", "deal_order_rules", "decision_rows", "fact_rules", "fill", "finding_rules",
           "row"]

TAGS = ("V", "I", "U")
"""The evidence tags of rules.md: V firm, I interpreted (an inference), U uncertain."""

_DISCRETION_TAGS = frozenset({"I", "U"})
_ROW_FIELDS = {"rules", "front", "tag", "about", "remedies", "combines"}


def fill(value: Any, facts: Mapping[str, Any]) -> Any:
    """A template value: ``"{name}"`` is the fact called ``name`` (None when it is not known), else itself.

    >>> fill("{seat}", {"seat": 4}), fill("muck", {"seat": 4}), fill("{card}", {})
    (4, 'muck', None)
    """
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return facts.get(value[1:-1])
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class RemedyTemplate:
    """One remedy step of a row: its kind and its fields, some of them ``"{fact}"`` placeholders."""

    do: str
    fields: Mapping[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class Row:
    key: str
    """``<irregularity or topic>.<outcome>``, e.g. ``boxed_card.late``."""
    rules: tuple[str, ...]
    front: bool
    """The rules lead the ruling's list: the outcome is named after them."""
    tag: str
    about: str | None
    """The rule whose discretion note speaks for the row; the first of ``rules`` when not given."""
    remedies: tuple[RemedyTemplate, ...]
    combines: tuple[tuple[str, str], ...] = ()
    """Pairs of hand-log features this row says how to rule together, where the pair does not rule as each alone
    would (``next_hand`` with anything found in the hand: the dispute window); ``*`` stands for any feature."""

    @property
    def is_discretion(self) -> bool:
        """Whether the row, as tagged here, is the floor's call (a book may tag it otherwise)."""
        return self.tag in _DISCRETION_TAGS

    @property
    def subject(self) -> str | None:
        return self.about or (self.rules[0] if self.rules else None)


def is_discretion_tag(tag: str) -> bool:
    return tag in _DISCRETION_TAGS


def _read() -> dict[str, Any]:
    text = resources.files("floorman.law.rulebooks").joinpath("data", "decisions.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _row(key: str, raw: Mapping[str, Any]) -> Row:
    where = f"decisions.toml row {key!r}"
    unknown = sorted(set(raw) - _ROW_FIELDS)
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(_ROW_FIELDS))})")
    tag = raw.get("tag")
    if tag not in TAGS:
        raise ValueError(f"{where}: tag must be one of {', '.join(TAGS)}, got {tag!r}")
    templates = []
    for step in raw.get("remedies", ()):
        fields = {k: v for k, v in step.items() if k != "do"}
        templates.append(RemedyTemplate(do=str(step["do"]), fields=MappingProxyType(fields)))
    about = raw.get("about")
    combines = []
    for pair in raw.get("combines", ()):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise ValueError(f"{where}: combines holds pairs of feature names, got {pair!r}")
        combines.append((pair[0], pair[1]))
    return Row(
        key=key, rules=tuple(str(r) for r in raw.get("rules", ())), front=bool(raw.get("front", False)),
        tag=str(tag), about=str(about) if about is not None else None, remedies=tuple(templates),
        combines=tuple(combines),
    )


@cache
def decision_rows() -> Mapping[str, Row]:
    """Every row of the decisions file, by key, in the file's order."""
    return MappingProxyType({key: _row(key, raw) for key, raw in _read()["row"].items()})


def row(key: str) -> Row:
    """The row called ``key``; a ``KeyError`` names a row the data does not hold."""
    rows = decision_rows()
    if key not in rows:
        raise KeyError(f"no decision row {key!r} in decisions.toml")
    return rows[key]


def finding_rules(finding: Finding) -> tuple[str, ...]:
    """The rules a finding rests on: its irregularity's ``found`` row, then the rules its facts add
    (``fact_rules``)."""
    return row(f"{finding.irregularity.value}.found").rules + fact_rules(finding)


_FLASHED = frozenset({"flashed", "off_table"})
"""How a card is exposed that the flash rule speaks of: flashed, or sent off the table (exposed all the same)."""


def fact_rules(finding: Finding) -> tuple[str, ...]:
    """The rules a finding's facts add to its irregularity's own row.

    The first card dealt to the wrong seat rests on the deal's order (``deal_order_rules``: the game family's,
    heads-up, a dead button or small blind). A hole card the dealer exposed on the initial deal rests on the flash
    rule when it was flashed or sent off the table, and, on a heads-up deal of a flop or stud game, on the heads-up
    order (a draw game's exposures rest on the draw's own rules).

    >>> from floorman.fold.table import deal_order
    >>> hu = deal_order(family=Family.FLOP, seats=6, button=2, entitled=(2, 5))
    >>> fact_rules(Finding(at=4, irregularity=Irregularity.EXPOSED_HOLE_CARD, seat=5, how="flashed", order=hu))
    ('EXP-FLASH', 'DEAL-ORDER-HU')
    >>> fact_rules(Finding(at=2, irregularity=Irregularity.FIRST_CARD_WRONG_SEAT, seat=2, expected_seat=5, order=hu))
    ('DEAL-ORDER-FLOP', 'DEAL-ORDER-HU')
    >>> fact_rules(Finding(at=2, irregularity=Irregularity.EXPOSED_AFTER_DEAL, seat=2, how="flashed"))
    ()
    """
    kind = finding.irregularity
    order = finding.order
    if kind is Irregularity.FIRST_CARD_WRONG_SEAT:
        return deal_order_rules(order, dead_small_blind=finding.dead_small_blind) if order is not None else ()
    if kind is not Irregularity.EXPOSED_HOLE_CARD:
        return ()
    rules = row("exposed_hole_card.flashed").rules if finding.how in _FLASHED else ()
    if order is not None and order.heads_up and order.family is not Family.DRAW:
        rules += row("deal_order.heads_up").rules
    return rules


def deal_order_rules(order: DealOrder, *, dead_small_blind: bool = False) -> tuple[str, ...]:
    """The dealing-order rules a deal rests on: the game family's order, heads-up and dead-button rules.

    >>> from floorman.fold.table import Family, deal_order
    >>> deal_order_rules(deal_order(family=Family.FLOP, seats=6, button=2, entitled=(2, 5)))
    ('DEAL-ORDER-FLOP', 'DEAL-ORDER-HU')
    >>> deal_order_rules(deal_order(family=Family.FLOP, seats=9, button=9, entitled=range(1, 9)))
    ('DEAL-ORDER-FLOP', 'DEAL-DEADBUTTON')
    >>> deal_order_rules(deal_order(family=Family.STUD, seats=8, button=None, entitled=(1, 2)))
    ('DEAL-ORDER-STUD',)
    """
    return _deal_order_rules(order.family, order.heads_up, order.dead_button or dead_small_blind)


@cache
def _deal_order_rules(family: Family, heads_up: bool, dead_button: bool) -> tuple[str, ...]:
    """``deal_order_rules`` from the facts it rests on (a few combinations, each looked up once: every clean
    ruling cites them)."""
    rules = row(f"deal_order.{family.value}").rules
    if family is Family.STUD:
        return rules
    if heads_up:
        rules += row("deal_order.heads_up").rules
    if dead_button:
        rules += row("deal_order.dead_button").rules
    return rules
