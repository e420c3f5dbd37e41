"""The remedy choices of a question: the engine's remedy and plausible wrong ones.

Wrong choices come first from the other rulebooks (what the floor would do under TDA or Robert's
Rules is the likeliest confusion), then from the remedies floors mix up for the same kind of
irregularity (burning the boxed card, killing the hand with the exposed card, scrambling a flop
that has already seen action), then from the other verdicts. Two choices never share the same
steps once chips given back and the floor's discretionary steps are set aside, so no wrong choice
is the answer with a detail missing. Every verdict has at least one choice: once a verdict is
given, only the remedies of that verdict are offered (``choice_verdict`` says which a remedy is).

>>> from floorman.drill.generate import make_scenarios
>>> scenario = make_scenarios(seed=4, count=1, kinds=[Kind.FOUR_CARD_FLOP])[0]
>>> ruling = rule(scenario.log).ruling
>>> choices, answer = remedy_choices(scenario, ruling, random.Random(0))
>>> len(choices), choices[answer] == ruling.remedies
(4, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from floorman.drill.model import Kind, Scenario
from floorman.engine.hand import rule
from floorman.fold.events import BoardCardDealt
from floorman.fold.findings import Finding
from floorman.law.rulebooks import rulebooks
from floorman.law.rulings.model import Remedy, RemedyKind, Ruling, Verdict

__all__ = ["choice_verdict", "remedy_choices", "signature"]

R = RemedyKind
Steps = tuple[Remedy, ...]
CHOICES = 4


def signature(steps: Sequence[Remedy]) -> tuple[str, ...]:
    """What a remedy does, chips given back and the floor's discretionary steps aside: choices differ in this.

    >>> signature(_of((R.RETURN_ALL_CHIPS, {}), (R.RETURN_CHIPS, {"seat": 1, "amount": 50}), (R.NEW_DECK, {}),
    ...               (R.REDEAL, {"discretion": True})))
    ('return_all_chips', 'new_deck')
    """
    return tuple(r.do.value for r in steps if r.do is not R.RETURN_CHIPS and not r.fields.get("discretion"))


def choice_verdict(steps: Sequence[Remedy]) -> Verdict:
    """The verdict a remedy carries out: every chip back and a new deck is a void, a re-deal a misdeal,
    anything else plays on.

    >>> choice_verdict(_of((R.RETURN_CHIPS, {"seat": 3, "amount": 400}), (R.REDEAL, {}))).value
    'misdeal'
    >>> choice_verdict(()).value, choice_verdict(_of((R.RETURN_ALL_CHIPS, {}), (R.NEW_DECK, {}))).value
    ('continue', 'void')
    """
    kinds = {r.do for r in steps}
    if R.RETURN_ALL_CHIPS in kinds or R.NEW_DECK in kinds:
        return Verdict.VOID
    if R.REDEAL in kinds:
        return Verdict.MISDEAL
    return Verdict.CONTINUE


def _of(*steps: tuple[RemedyKind, dict[str, object]]) -> Steps:
    return tuple(Remedy.of(do, **fields) for do, fields in steps)


def _subject(ruling: Ruling) -> Finding | None:
    return ruling.findings[0] if ruling.findings else None


def _last_board_card(scenario: Scenario) -> str:
    cards = [e.card for e in scenario.log.events if isinstance(e, BoardCardDealt)]
    return cards[-1] if cards else "??"


def _bank(kind: Kind, scenario: Scenario, ruling: Ruling) -> list[Steps]:
    """Remedies that a floor could wrongly reach for on this kind of irregularity."""
    f = _subject(ruling)
    seat = f.seat if f and f.seat else None
    card = f.card if f and f.card else "??"
    if kind is Kind.FOUR_CARD_FLOP:
        card = _last_board_card(scenario)
    street = f.street.value if f and f.street else "flop"
    banks: dict[Kind, Callable[[], list[Steps]]] = {
        Kind.ABSENT: lambda: [_of((R.KILL_HAND, {"seat": seat})), _of((R.REDEAL, {}))],
        Kind.WRONG_SEAT: lambda: [_of((R.KILL_HAND, {"seat": seat})), _of((R.REDEAL, {}))],
        Kind.EXPOSED: lambda: [
            _of((R.REPLACE_CARD, {"seat": seat}), (R.USE_AS_BURN, {"seat": seat, "street": "flop"}),
                (R.DEAL_WITHOUT_BURN, {"street": "flop"})),
            _of((R.KILL_HAND, {"seat": seat})),
            _of((R.REPLACE_CARD, {"seat": seat})),
        ],
        Kind.BOXED: lambda: [
            _of((R.REMOVE_CARD, {"card": card, "where": "muck"}), (R.REPLACE_CARD, {"seat": seat})),
            _of((R.USE_AS_BURN, {"card": card, "street": "flop"}), (R.DEAL_WITHOUT_BURN, {"street": "flop"})),
            _of((R.KILL_HAND, {"seat": seat})),
        ],
        Kind.DUPLICATE: lambda: [
            _of((R.REMOVE_CARD, {"card": card, "where": "table"})),
            _of((R.RETURN_ALL_CHIPS, {}), (R.NEW_DECK, {}), (R.REDEAL, {})),
        ],
        Kind.FOREIGN_BACK: lambda: [
            _of((R.REMOVE_CARD, {"card": "??", "where": "stub"})),
            _of((R.RETURN_ALL_CHIPS, {}), (R.NEW_DECK, {}), (R.REDEAL, {})),
        ],
        Kind.FOUR_CARD_FLOP: lambda: [
            _of((R.SCRAMBLE_AND_PICK_BURN, {"cards": 4, "street": "turn"}), (R.DEAL_WITHOUT_BURN, {"street": "turn"})),
            _of((R.REMOVE_CARD, {"card": card, "where": "board"})),
            _of((R.RESHUFFLE_STUB, {"cards": 4}), (R.REDEAL_BOARD, {"street": "flop"})),
        ],
        Kind.MISSING_BURN: lambda: [
            _of((R.SCRAMBLE_AND_PICK_BURN, {"cards": 3, "street": "flop"}), (R.COMPLETE_BOARD, {"street": "flop"})),
            _of((R.USE_AS_BURN, {"street": street}), (R.COMPLETE_BOARD, {"street": street})),
            _of((R.RESTORE_ORDER, {"street": street})),
        ],
        Kind.PREMATURE: lambda: [
            _of((R.USE_AS_BURN, {"street": street}), (R.RESHUFFLE_STUB, {"cards": 1, "street": street}),
                (R.DEAL_WITHOUT_BURN, {"street": street})),
            _of((R.SET_ASIDE_CARD, {"street": street})),
            _of((R.RESHUFFLE_STUB, {"cards": 1, "street": street})),
        ],
    }
    return banks[kind]()


_VERDICT_STEPS: tuple[Steps, ...] = (
    (),
    _of((R.REDEAL, {})),
    _of((R.RETURN_ALL_CHIPS, {}), (R.NEW_DECK, {})),
)


def _other_books(scenario: Scenario) -> list[Steps]:
    out = []
    for book in rulebooks().values():
        if book.id != scenario.rulebook:
            out.append(rule(scenario.log, rulebook=book).ruling.remedies)
    return out


def remedy_choices(scenario: Scenario, ruling: Ruling, rng: random.Random) -> tuple[tuple[Steps, ...], int]:
    """Up to four remedies, shuffled, and the index of the engine's; each verdict has one at least."""
    seen = {signature(ruling.remedies)}
    pool: list[Steps] = []

    def offer(candidates: list[Steps]) -> None:
        rng.shuffle(candidates)
        for steps in candidates:
            if signature(steps) not in seen:
                seen.add(signature(steps))
                pool.append(steps)

    offer(_other_books(scenario))
    for kind in scenario.kinds:
        offer(_bank(kind, scenario, ruling))
    offer(list(_VERDICT_STEPS))
    wrong = pool[: CHOICES - 1]
    for verdict in Verdict:
        have = [choice_verdict(c) for c in (ruling.remedies, *wrong)]
        if verdict in have:
            continue
        extra = next((c for c in pool if choice_verdict(c) is verdict), None)
        spare = next((i for i in reversed(range(len(wrong))) if have.count(have[i + 1]) > 1), None)
        if extra is not None and spare is not None:
            wrong[spare] = extra
    choices = [ruling.remedies, *wrong]
    rng.shuffle(choices)
    answer = next(i for i, c in enumerate(choices) if c is ruling.remedies)
    return tuple(choices), answer
