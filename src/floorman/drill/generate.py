"""Scenarios: real hands with irregularities put in, cut where the floor is called.

Generation is a pure function of the hands, the seed and the options: every random choice comes
from one ``random.Random(seed)``.

>>> scenarios = make_scenarios(seed=7, count=2, kinds=[Kind.MISSING_BURN])
>>> [s.kinds for s in scenarios]
[(<Kind.MISSING_BURN: 'missing-burn'>,), (<Kind.MISSING_BURN: 'missing-burn'>,)]
>>> scenarios == make_scenarios(seed=7, count=2, kinds=[Kind.MISSING_BURN])
True
>>> type(scenarios[0].log.events[-1]).__name__
'FloorCalled'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from floorman.drill.draft import Draft, Mark, Window
from floorman.drill.hands import SourceHand, bundled_hands, rebuild
from floorman.drill.inject import inject
from floorman.drill.model import DrillError, Kind, Moment, Scenario, Topic, topic_of
from floorman.engine.hand import Hand, rule
from floorman.errors import FloormanError
from floorman.fold.log import HandLog
from floorman.fold.table import GAMES, Game
from floorman.formats import handlog
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.locale import DEFAULT_LANG, say

__all__ = ["make_scenarios"]

_NO_CUT = frozenset({"show", "muck", "pot_awarded", "next_hand"})
_TRIES_PER_SCENARIO = 40


def _sa_after_each(log: HandLog, book: Rulebook) -> list[bool]:
    """Whether substantial action had been reached after each event (under the book's count)."""
    hand = Hand(replace(log, events=()), rulebook=book)
    out = []
    for event in log.events:
        hand.push(event)
        out.append(hand.substantial_action)
    return out


def _window(d: Draft, mark: Mark, moment: Moment, sa: list[bool]) -> set[int]:
    start = d.index(mark.event)
    if mark.window is Window.SA:
        return {i for i in range(start, len(d.events)) if sa[i] is (moment is Moment.AFTER)}
    out = set()
    acts = 0
    for i in range(start, d.next_cards(start)):
        acts += int(i > start and d.events[i]["type"] == "act")
        if (acts == 0) is (moment is Moment.BEFORE):
            out.add(i)
    return out


def _cut(d: Draft, moment: Moment, book: Rulebook, rng: random.Random) -> int | None:
    """Where the floor is called: an event after every error, inside every error's window."""
    try:
        log = handlog.from_obj({**d.header, "events": d.events})
    except FloormanError:
        return None
    sa = _sa_after_each(log, book)
    allowed = set(range(len(d.events)))
    for mark in d.marks:
        allowed &= _window(d, mark, moment, sa)
    cuts = sorted(i for i in allowed if d.events[i]["type"] not in _NO_CUT)
    if not cuts:
        return None
    return rng.choice(cuts if moment is Moment.BEFORE else cuts[:3])


def _scenario(hand: SourceHand, base: dict[str, Any], kinds: Sequence[Kind], moment: Moment, book: Rulebook,
              rng: random.Random) -> Scenario | None:
    draft = Draft(base)
    for kind in kinds:
        if not inject(kind, draft, rng, moment):
            return None
    cut = _cut(draft, moment, book, rng)
    if cut is None:
        return None
    note = " ".join(say(m, DEFAULT_LANG) for m in draft.notes)
    events = [*draft.events[:cut + 1], {"type": "floor", "note": note}]
    log = handlog.from_obj({**draft.header, "rulebook": book.id, "events": events})
    found = {f.irregularity.value for f in rule(log, rulebook=book).findings}
    allowed = frozenset().union(*(k.allowed for k in kinds))
    if any(not (k.required & found) for k in kinds) or found - allowed:
        return None
    family = GAMES[log.game].family
    return Scenario(log=log, kinds=tuple(kinds), moment=moment, topic=topic_of(kinds, family),
                    source=hand.source, notes=tuple(draft.notes), rulebook=book.id)


def _pick(options: Sequence[Kind], count: int, rng: random.Random) -> list[Kind]:
    chosen: list[Kind] = []
    for _ in range(count):
        free = [k for k in options if k.repeatable or k not in chosen]
        if not free:
            break
        chosen.append(rng.choice(free))
    order = list(Kind)
    return sorted(chosen, key=order.index)


def make_scenarios(
    hands: Sequence[SourceHand] | None = None,
    *,
    seed: int | str = 0,
    count: int = 5,
    topics: Iterable[Topic | str] | None = None,
    kinds: Iterable[Kind | str] | None = None,
    moments: Iterable[Moment | str] | None = None,
    rulebook: str | None = None,
    per_hand: int = 1,
) -> tuple[Scenario, ...]:
    """Up to ``count`` scenarios built on ``hands`` (the bundled sample when ``None``).

    ``topics``, ``kinds`` and ``moments`` narrow what is drawn (all of each by default);
    ``per_hand`` irregularities go into each hand (two boxed cards, an exposed card and a boxed
    one ...). The hands are taken in an order shuffled by ``seed``, each irregularity and moment is
    drawn for the hand, and a hand that cannot take them is passed over. Fewer than ``count`` come
    back only when the hands cannot give more; none raises ``DrillError``.
    """
    if count < 1 or per_hand < 1:
        raise DrillError("error.drill.generate.count_per_hand_must")
    rng = random.Random(seed)
    book = find_rulebook(rulebook)
    pool = tuple(hands) if hands is not None else bundled_hands()
    wanted_topics = {Topic(t) for t in topics} if topics is not None else set(Topic)
    wanted_kinds = [Kind(k) for k in kinds] if kinds is not None else list(Kind)
    wanted_moments = sorted({Moment(m) for m in moments} if moments is not None else set(Moment))
    if not pool or not wanted_kinds or not wanted_topics or not wanted_moments:
        raise DrillError("error.drill.generate.hands_irregularities_topics_moments")
    order = list(range(len(pool)))
    rng.shuffle(order)
    rebuilt: dict[int, dict[str, Any] | None] = {}
    out: list[Scenario] = []
    for attempt in range(count * _TRIES_PER_SCENARIO + len(pool)):
        if len(out) == count:
            break
        index = order[attempt % len(order)]
        if index not in rebuilt:
            rebuilt[index] = rebuild(pool[index].obj())
        base = rebuilt[index]
        if base is None:
            continue
        family = GAMES[Game(base["game"])].family
        options = [k for k in wanted_kinds if family in k.families and topic_of((k,), family) in wanted_topics]
        if not options:
            continue
        chosen = _pick(options, per_hand, rng)
        moment = rng.choice(wanted_moments)
        scenario = _scenario(pool[index], base, chosen, moment, book, rng)
        if scenario is not None and all(scenario.log != s.log for s in out):
            out.append(scenario)
    if not out:
        asked = ", ".join(sorted(wanted_topics)) + "; " + ", ".join(k.value for k in wanted_kinds)
        raise DrillError("error.drill.generate.none_hands_can_take", count=len(pool), asked=asked)
    return tuple(out)
