"""The sweep: every irregularity the drill can inject, at every moment it can be found, in every game of the
registry, under every book, in an ordinary hand and in the re-play of a misdealt one, gives one ruling whose
remedies do not contradict each other and that cites the rule of the irregularity. So does every pair of them
put into one hand (two exposed cards, a boxed card and an exposure, a four-card flop and a missing burn ...), in
every game family.

The hands are clean hands of each game played to the pot (``tests/sweep_hands.py``); the drill's own injectors
put the irregularity in (``floorman.drill.inject``, the same random choices for the same case), and the hand is
cut where the floor is called:

``in_deal``   before the initial deal is complete (errors of the deal);
``at_sa``     at the action that makes substantial action (errors of the deal);
``on_street`` as the street's cards come out, before anyone acts on them (errors of a street);
``after``     at the first action after substantial action, or after the street's error;
``showdown``  once every hand still in has been shown;
``pushed``    once the pot has been pushed (the next hand not begun: still disputable).

A ruling offers nothing the table can no longer carry out (``undoable``: a step on the cards once the pot is
awarded, a seat's repair once the hand is over or the seat out of it, a card of the deal repaired after the next
street, a street's burn or cards redone once a later street is out, a burn order restored with no card to come),
and says only facts of the hand (``untrue``: every seat its explanation or remedies name sits in the hand and has
done what is said of it, every card named is a card of the hand, every street one of the game).

A ruling is *contradictory* when, of its remedies,
  - the verdict and the steps disagree: a misdeal without ``redeal``, a void without returning every chip, or a
    re-deal (or a void's refund) beside any step that plays the hand on (replace, burn, scramble, kill ...);
  - one seat is given two dispositions: its hand killed and also corrected (a replacement, a missing card, an
    upcard), or two different amounts of chips back;
  - one card is given two dispositions (removed from play and used as a burn, removed to two places);
  - one street is disposed of twice: its cards left to stand and also scrambled, re-dealt, completed or
    reshuffled; two different scrambles of the same cards; or its burn taken "as usual" while another step
    designates a card as that burn or deals it without a burn, or two steps designating two burns for it (two
    cards, or the cards of two seats).

Beside the drill's pairs, one exposed card with one extra card in the same deal (each wanting to be the flop
burn) is swept in every game and book.

Two features of the log at once: every v1.1 field and event (``tests/sweep_hands.FEATURES``) beside the re-play of a
misdealt hand (``redeal_of``), the next hand begun (``next_hand``), a heads-up table and a dead button
(``CONTEXTS``), in a game of each family and under every book. Each pair rules as each feature alone would (the same
findings, verdict and remedies, and every rule still cited), or a row of decisions.toml says how the two combine
(its ``combines`` names them, and the pair's ruling cites its rules): the next hand beside anything found in the
hand closes the dispute window (``dispute.window_closed``), except an award that does not add up under a book that
keeps accounting errors open until substantial action in the next hand.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

import floorman
from floorman.drill.draft import Draft
from floorman.drill.inject import inject
from floorman.drill.model import Kind, Moment
from floorman.engine.hand import Hand
from floorman.fold.findings import Irregularity as I
from floorman.fold.table import GAMES, Family, Game
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import rulebooks
from floorman.law.rulebooks.decisions import decision_rows
from tests.sweep_hands import CONTEXTS, FEATURES, clean_hand

Obj = dict[str, Any]

BOOKS = sorted(rulebooks())
DEAL_MOMENTS = ("in_deal", "at_sa", "after", "showdown", "pushed")
STREET_MOMENTS = ("on_street", "after", "showdown", "pushed")
STREET_KINDS = (Kind.FOUR_CARD_FLOP, Kind.MISSING_BURN, Kind.PREMATURE)
MOMENTS: dict[Kind, tuple[str, ...]] = {
    **{kind: DEAL_MOMENTS for kind in Kind}, **{kind: STREET_MOMENTS for kind in STREET_KINDS},
    Kind.ABSENT: DEAL_MOMENTS[1:],
}
"""The moments each irregularity can be found at: an absent player is one only once the last card of the
deal is out (ABS-AT-SEAT); an error of a street is found from its own cards on."""
DEALS = ("first", "redeal")
"""An ordinary hand, and the re-play of a misdealt hand (a foreign back found during a re-deal ...)."""
SEEDS = 12
"""How many of the drill's random choices are tried for a case before it is a failure of the sweep itself."""

KIND_RULES: dict[Kind, frozenset[str]] = {
    Kind.ABSENT: frozenset({"ABS-AT-SEAT", "STUD-ABSENT"}),
    Kind.WRONG_SEAT: frozenset({"MD-FIRST-WRONG-SEAT"}),
    Kind.EXPOSED: frozenset({"DEF-EXPOSED"}),
    Kind.BOXED: frozenset({"DEF-BOXED"}),
    Kind.DUPLICATE: frozenset({"FD-DUP"}),
    Kind.FOREIGN_BACK: frozenset({"FD-FOREIGN-BACK-HAND", "FD-FOREIGN-BACK-STUB"}),
    Kind.FOUR_CARD_FLOP: frozenset({"FLOP-4CARD"}),
    Kind.MISSING_BURN: frozenset({"FLOP-NOBURN", "BURN-STREET", "STUD-BURN-ERROR"}),
    Kind.PREMATURE: frozenset({"PREM-FLOP", "PREM-TURN", "PREM-RIVER", "PREM-RRoP", "PREM-STUD"}),
}
"""The rule that names each irregularity (one of them must be cited)."""

FAMILY_RULES: dict[Family, frozenset[str]] = {
    Family.FLOP: frozenset({"DEAL-ORDER-FLOP", "MD-FLOP-EXPOSE", "EXP-HOLE-SINGLE", "EXP-REPLACEMENT-EXPOSED",
                            "FLOP-4CARD", "FLOP-5PLUS", "FLOP-SHORT", "FLOP-NOBURN", "FLOP-EXTRA-BURN",
                            "BURN-STREET", "PREM-FLOP", "PREM-TURN", "PREM-RIVER", "PREM-RRoP"}),
    Family.STUD: frozenset({"DEAL-ORDER-STUD", "MD-STUD-DOWNCARD", "STUD-DOWN-EXPOSED", "STUD-ALL-DOWN",
                            "STUD-7TH-EXPOSED", "STUD-SHORT-STUB", "STUD-ABSENT", "STUD-BRINGIN-WRONG",
                            "STUD-CARD-COUNT", "STUD-BURN-ERROR", "PREM-STUD", "DEF-DOOR-CARD"}),
    Family.DRAW: frozenset({"DEAL-ORDER-DRAW", "MD-DRAW", "DRAW-EXPOSED"}),
}
"""Rules that belong to one game family only: a ruling in another family never cites them."""

_REQUIRED = {
    Kind.ABSENT: {I.ABSENT_AT_DEAL}, Kind.WRONG_SEAT: {I.FIRST_CARD_WRONG_SEAT},
    Kind.EXPOSED: {I.EXPOSED_HOLE_CARD}, Kind.BOXED: {I.BOXED_CARD}, Kind.DUPLICATE: {I.DUPLICATE_CARD},
    Kind.FOREIGN_BACK: {I.FOREIGN_BACK_IN_PLAY, I.FOREIGN_BACK_IN_STUB},
    Kind.FOUR_CARD_FLOP: {I.FOUR_CARD_FLOP}, Kind.MISSING_BURN: {I.MISSING_BURN},
    Kind.PREMATURE: {I.PREMATURE_CARD},
}

_VERDICT_STEPS = {"redeal", "return_chips", "return_all_chips", "new_deck", "carry_chips_to_next_deal",
                  "penalty_possible", "remove_card"}
"""Steps that may stand beside a misdeal or a void (they do not play the hand on)."""
_CORRECTS_SEAT = {"replace_card", "deal_missing_card", "turn_up_card", "deal_face_down", "correct_bring_in"}
_COMPATIBLE = {
    frozenset({"picked", "no_new_burn"}), frozenset({"designated", "no_new_burn"}),
    frozenset({"scrambled", "completed"}), frozenset({"reshuffled", "redealt"}),
    frozenset({"set_aside", "reshuffled"}),
}
"""Dispositions of one street that go together (a scramble completed from the stub; a reshuffle re-dealt)."""


# --- Building the cases ------------------------------------------------------------------------------------

@cache
def _base(game: Game) -> Obj:
    return clean_hand(game)


def _sa_index(header: Obj, events: list[Obj], book: str) -> int | None:
    log = handlog.from_obj({**header, "events": events})
    hand = Hand(replace(log, events=()), rulebook=book)
    for i, event in enumerate(log.events):
        hand.push(event)
        if hand.substantial_action:
            return i
    return None


def _cut(draft: Draft, moment: str, book: str) -> int | None:
    """Where the floor is called at ``moment`` (after every error put in), or None if the hand has no such moment."""
    events = draft.events
    marks = sorted(draft.marks, key=lambda mark: draft.index(mark.event))
    m = draft.index(marks[-1].event)
    first, last = draft.deal_span()
    if moment == "in_deal":
        return m if all(first <= draft.index(mark.event) < last for mark in marks) else None
    if moment == "on_street":
        return m
    sa = _sa_index(draft.header, events, book)
    if moment == "at_sa":
        return sa if sa is not None and m <= sa else None
    if moment == "after":
        start = m if marks[-1].kind in STREET_KINDS else max(m, sa if sa is not None else len(events))
        return next((i for i in range(start + 1, len(events)) if events[i]["type"] == "act"), None)
    shows = [i for i, e in enumerate(events) if e["type"] == "show"]
    pushed = [i for i, e in enumerate(events) if e["type"] == "pot_awarded"]
    at = shows[-1] if moment == "showdown" and shows else pushed[0] if moment == "pushed" and pushed else None
    return at if at is not None and m < at else None


def _log(kinds: tuple[Kind, ...], game: Game, moment: str, book: str, deal: str) -> Obj | None:
    """The base hand of ``game`` with ``kinds`` put in and cut at ``moment`` (None if the hand cannot take them);
    a ``redeal`` deal is the re-play of a misdealt hand."""
    drill_moment = Moment.BEFORE if moment in ("in_deal", "at_sa", "on_street") else Moment.AFTER
    names = "+".join(k.value for k in kinds)
    base = _base(game)
    if deal == "redeal":
        base = {**base, "redeal_of": {"hand": f"{game.value}-1", "count": 1}}
    for attempt in range(SEEDS):
        rng = random.Random(zlib.crc32(f"{names}/{game.value}/{moment}/{deal}/{attempt}".encode()))
        draft = Draft(base)
        if not all(inject(kind, draft, rng, drill_moment) for kind in kinds):
            continue
        cut = _cut(draft, moment, book)
        if cut is not None:
            return {**draft.header, "events": [*draft.events[:cut + 1], {"type": "floor"}]}
    return None


def _cases() -> Iterator[Any]:
    for kind in Kind:
        for game in Game:
            if GAMES[game].family not in kind.families:
                continue
            for moment in MOMENTS[kind]:
                for deal in DEALS:
                    for book in BOOKS:
                        yield pytest.param(kind, game, moment, deal, book,
                                           id=f"{kind.value}-{moment}-{game.value}-{deal}-{book}")


def _pairs() -> Iterator[tuple[Kind, Kind]]:
    kinds = list(Kind)
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if a is not b or a.repeatable:
                yield a, b


def _pair_cases() -> Iterator[Any]:
    """Two irregularities in one hand: each pair, in each family (the family's games taken in turn)."""
    for n, (a, b) in enumerate(_pairs()):
        for family in Family:
            games = [g for g in Game if GAMES[g].family is family]
            if family not in a.families or family not in b.families:
                continue
            game = games[n % len(games)]
            moments = [m for m in MOMENTS[a] if m in MOMENTS[b]] + (
                ["on_street"] if (a in STREET_KINDS) != (b in STREET_KINDS) else [])
            for moment in moments:
                for book in BOOKS:
                    yield pytest.param((a, b), game, moment, book,
                                       id=f"{a.value}+{b.value}-{moment}-{game.value}-{book}")


# --- What a ruling must not say ------------------------------------------------------------------------

def _street_dispositions(step: Obj) -> list[tuple[str, str, Any]]:
    """(what, disposition, detail) for each street's cards or burn a step disposes of."""
    do, street = step["do"], step.get("street")
    if do == "board_stands":
        out = [(f"{street} cards", "stands", None)]
        return out + ([(f"{step['next_street']} burn", "as_usual", None)] if step.get("next_street") else [])
    if do == "scramble_and_pick_burn" and not step.get("turn_up"):
        picked = [(f"{street} burn", "picked", step.get("cards"))] if street else []
        return [("flop cards", "scrambled", step.get("cards")), *picked]
    table = {"redeal_board": [("cards", "redealt"), ("burn", "as_usual")], "complete_board": [("cards", "completed")],
             "reshuffle_stub": [("cards", "reshuffled")], "set_aside_card": [("cards", "set_aside")],
             "deal_without_burn": [("burn", "no_new_burn")], "use_as_burn": [("burn", "designated")],
             "restore_order": [("burn", "restored")]}
    if street is None:
        return []
    return [(f"{street} {what}", how, step.get("card")) for what, how in table.get(do, [])]


def contradictions(ruling: Obj) -> list[str]:
    """Every way the ruling's remedies contradict its verdict or each other (empty when they do not)."""
    out: list[str] = []
    steps: list[Obj] = ruling["remedies"]
    kinds = {s["do"] for s in steps}
    verdict = ruling["verdict"]
    if verdict == "misdeal" and "redeal" not in kinds:
        out.append("a misdeal without a re-deal")
    if verdict == "void" and "return_all_chips" not in kinds:
        out.append("a void without every chip returned")
    if verdict == "continue" and "redeal" in kinds:
        out.append("play on, and a re-deal")
    if verdict in ("misdeal", "void"):
        play_on = sorted(kinds - _VERDICT_STEPS)
        if play_on:
            out.append(f"a {verdict} beside steps that play the hand on: {play_on}")
    seats: dict[int, set[str]] = {}
    chips: dict[int, set[Any]] = {}
    cards: dict[str, set[str]] = {}
    streets: dict[str, dict[str, set[Any]]] = {}
    for s in steps:
        seat, card = s.get("seat"), s.get("card")
        if seat is not None and s["do"] == "kill_hand":
            seats.setdefault(seat, set()).add("dead")
        elif seat is not None and s["do"] in _CORRECTS_SEAT:
            seats.setdefault(seat, set()).add("corrected")
        if seat is not None and s["do"] == "return_chips":
            chips.setdefault(seat, set()).add(s.get("amount"))
        if card and card != "??" and s["do"] in ("remove_card", "use_as_burn"):
            cards.setdefault(card, set()).add(f"{s['do']} {s.get('where', '')}".strip())
        for what, how, detail in _street_dispositions(s):
            streets.setdefault(what, {}).setdefault(how, set()).add(detail)
    burns: dict[str, set[Any]] = {}
    for s in steps:
        if s["do"] == "use_as_burn" and s.get("street") and s.get("seat") is not None:
            burns.setdefault(s["street"], set()).add(s["seat"])
    out += [f"the {street} burn: designated twice, from seats {sorted(seats)}" for street, seats in burns.items()
            if len(seats) > 1]  # one card is burned per street (BURN-ONE-PER-STREET)
    for hows in streets.values():
        named = hows.get("designated", set()) - {None}
        if named:  # "the set-aside card" and the card it names are one designation
            hows["designated"] = named
    out += [f"seat {seat}: killed and corrected" for seat, ways in seats.items() if len(ways) > 1]
    out += [f"seat {seat}: chips back twice ({sorted(map(str, a))})" for seat, a in chips.items() if len(a) > 1]
    out += [f"the {card}: {sorted(ways)}" for card, ways in cards.items() if len(ways) > 1]
    for what, hows in streets.items():
        for how, details in hows.items():
            if len(details) > 1:
                out.append(f"the {what}: {how} twice, differently ({sorted(map(str, details))})")
        names = sorted(hows)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if frozenset({a, b}) not in _COMPATIBLE:
                    out.append(f"the {what}: {a} and {b}")
    return out


def problems(kinds: tuple[Kind, ...], game: Game, result: Any) -> list[str]:
    ruling = ruling_json.to_obj(result)["rulings"][-1]
    found = {f.irregularity for f in result.findings}
    out = contradictions(ruling)
    for kind in kinds:
        if not _REQUIRED[kind] & found:
            out.append(f"no {'/'.join(sorted(i.value for i in _REQUIRED[kind]))} found (findings: "
                       f"{sorted(f.value for f in found)})")
    cited = [kind for kind in kinds if KIND_RULES[kind] & set(ruling["rules"])]
    if ruling["verdict"] == "continue":
        out += [f"none of {sorted(KIND_RULES[k])} cited: {ruling['rules']}" for k in kinds if k not in cited]
    elif not cited:
        out.append(f"none of the irregularities' rules cited: {ruling['rules']}")
    family = GAMES[game].family
    foreign = sorted(r for other, rules in FAMILY_RULES.items() if other is not family for r in rules
                     if r in ruling["rules"])
    if foreign:
        out.append(f"rules of another game family cited: {foreign}")
    if ruling["discretion"] and not ruling["discretion_reasons"]:
        out.append("discretion without a reason")
    if {c["rule"] for c in ruling["citations"]} != set(ruling["rules"]):
        out.append("not every rule has its citation")
    out += undoable(ruling, result.view)
    out += untrue(result.rulings[-1], result.view, handlog.to_obj(result.log))
    return out


# --- What a ruling must not offer or say: steps the table can no longer carry out, facts not of the hand -------

_CARD_STEPS = {"replace_card", "deal_missing_card", "turn_up_card", "deal_face_down", "deal_face_up",
               "correct_bring_in", "community_card", "use_as_burn", "deal_without_burn", "complete_board",
               "redeal_board", "scramble_and_pick_burn", "set_aside_card", "restore_order"}
"""Steps on the cards of the hand in play: none can be carried out once the pot has been awarded."""
_SEAT_STEPS = {"replace_card", "deal_missing_card", "turn_up_card", "correct_bring_in"}
"""Steps that repair a seat's cards: the seat must still hold a hand, and the hand must not be over."""
_STREET_STEPS = {"use_as_burn", "deal_without_burn", "complete_board", "redeal_board", "set_aside_card",
                 "restore_order"}
"""Steps on a street's cards or burn: not once a street after it has been dealt."""
_PROPERTIES: dict[str, str] = {
    "ruling.non_standard.seat_acted_on_that_hand_so": "acted",
    "ruling.button_short.acted": "acted",
    "ruling.button_short.the_button_seat_is_short_a": "not_acted",
    "ruling.exposed_flop.seat_has_since_folded_his_hand": "folded",
    "ruling.exposed_draw.seat_has_folded": "folded",
    "ruling.button_consecutive.allowed": "button",
    "ruling.acted_after_award.said": "acted",
    **{f"ruling.sa.acted.{a}": "acted" for a in ("fold", "check", "call", "bet", "raise", "complete", "all_in")},
}
"""What an explanation says of the seats it names, by message: each must be true of the hand."""
_SEAT_PARAMS = ("seat", "expected_seat", "from_seat", "by_seat", "seats")


def _street_index(state: Any, street: Any) -> int | None:
    streets = [s.value for s in state.spec.streets]
    return streets.index(street) if street in streets else None


def _hand_is_over(state: Any) -> bool:
    return bool(state.pot_awarded or state.hand_over or (
        state.showdown_at is not None and state.street_idx >= len(state.spec.streets) - 1))


def undoable(ruling: Obj, state: Any) -> list[str]:
    """Every remedy step the hand, as it stands at the ruling, says the table can no longer carry out."""
    out: list[str] = []
    initial = {f.seat for f in state.findings if f.during_initial_deal and f.seat is not None}
    for step in ruling["remedies"]:
        do, seat, street = step["do"], step.get("seat"), step.get("street")
        if do in _CARD_STEPS and state.pot_awarded:
            out.append(f"{do}: the pot has been awarded")
            continue
        if seat is not None and seat not in state.seats:
            out.append(f"{do}: seat {seat} is not in the hand")
            continue
        if do in _SEAT_STEPS or (do == "scramble_and_pick_burn" and step.get("turn_up")):
            held = state.seats[seat] if seat is not None else None
            if _hand_is_over(state):
                out.append(f"{do} seat {seat}: the hand is over")
            elif held is not None and (held.folded or held.dead):
                out.append(f"{do} seat {seat}: the seat holds no hand")
            elif seat in initial and street is None and state.street_idx > 0 and do != "deal_missing_card":
                out.append(f"{do} seat {seat}: a card of the deal repaired after the next street was dealt")
        if do in ("deal_face_down", "deal_face_up") and seat is not None and street is not None:
            i = _street_index(state, street)
            if i is not None and state.seats[seat].held >= state.spec.hole_cards + i:
                out.append(f"{do} seat {seat}: its {street} card has been dealt")
        i = _street_index(state, street)
        if do in _STREET_STEPS and i is not None and state.street_idx > i:
            out.append(f"{do} {street}: the next street has been dealt")
        if do == "restore_order" and i is not None and state.street_idx >= i and (
                _hand_is_over(state) or i == len(state.spec.streets) - 1):
            out.append(f"restore_order {street}: no card is left to come")
    return out


def _messages(message: Any) -> Iterator[Any]:
    """The message and every message among its parameters."""
    yield message
    for value in dict(message.params).values():
        for item in value if isinstance(value, tuple) else (value,):
            if hasattr(item, "params") and hasattr(item, "id"):
                yield from _messages(item)


def _cards_of(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        found = {v for k, v in obj.items() if k == "card" and isinstance(v, str)}
        return found.union(*(_cards_of(v) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(_cards_of(v) for v in obj)) | {v for v in obj if isinstance(v, str) and len(v) == 2}
    return set()


def untrue(ruling: Any, state: Any, log: Obj) -> list[str]:
    """Every seat or card an explanation or a remedy names that is not in the hand with the property said of it."""
    out: list[str] = []
    cards = _cards_of(log["events"]) | {"??", "JK"}
    acted = {a.seat for a in state.actions}
    for top in (*ruling.explanation_messages, *ruling.discretion_messages, *(r.message() for r in ruling.remedies)):
        for m in _messages(top):
            params = dict(m.params)
            seats: list[Any] = []
            for name in _SEAT_PARAMS:
                value = params.get(name)
                seats += list(value) if isinstance(value, tuple) else [value] if value is not None else []
            for seat in seats:
                if seat not in state.seats:
                    out.append(f"{m.id}: seat {seat} is not in the hand")
                    continue
                prop = _PROPERTIES.get(m.id)
                s = state.seats[seat]
                holds = {"acted": seat in acted, "not_acted": seat not in acted, "folded": s.folded or s.dead,
                         "button": state.order.is_button(seat)}
                if prop is not None and not holds[prop]:
                    out.append(f"{m.id}: seat {seat} is said to be {prop.replace('_', ' ')}, and is not")
            card = params.get("card")
            if isinstance(card, str) and card not in cards:
                out.append(f"{m.id}: the {card} is no card of the hand")
            street = params.get("street")
            if isinstance(street, str) and street not in {s.value for s in state.spec.streets}:
                out.append(f"{m.id}: the {street} is no street of the game")
    return out


# --- The sweep -----------------------------------------------------------------------------------------

def test_every_game_of_the_registry_has_a_clean_hand_played_to_the_pot() -> None:
    for game in Game:
        events = _base(game)["events"]
        assert events[-1]["type"] == "pot_awarded"
        assert any(e["type"] == "show" for e in events)


@pytest.mark.parametrize(("kind", "game", "moment", "deal", "book"), list(_cases()))
def test_sweep_rules_without_contradiction_and_cites_the_irregularity(
    kind: Kind, game: Game, moment: str, deal: str, book: str,
) -> None:
    log = _log((kind,), game, moment, book, deal)
    assert log is not None, f"the sweep could not put a {kind.value} into a {game.value} {deal} found {moment}"
    result = floorman.rule(handlog.from_obj(log), rulebook=book)
    assert problems((kind,), game, result) == []


@pytest.mark.parametrize(("kinds", "game", "moment", "book"), list(_pair_cases()))
def test_sweep_of_two_irregularities_at_once_rules_without_contradiction(
    kinds: tuple[Kind, Kind], game: Game, moment: str, book: str,
) -> None:
    log = _log(kinds, game, moment, book, "first")
    assert log is not None, f"the sweep could not put {kinds} into a {game.value} hand found {moment}"
    result = floorman.rule(handlog.from_obj(log), rulebook=book)
    assert problems(kinds, game, result) == []


def _exposed_with_an_extra_card(game: Game) -> Obj | None:
    """The base hand of ``game`` with a down card exposed on the deal (the drill's injector; not one of the first
    two off the deck, which alone would be a misdeal) and, after the last starting card, one extra card to the first
    other seat; the floor is called before anyone acts."""
    for attempt in range(SEEDS):
        rng = random.Random(zlib.crc32(f"exposed+extra/{game.value}/{attempt}".encode()))
        draft = Draft(_base(game))
        if not inject(Kind.EXPOSED, draft, rng, Moment.BEFORE):
            continue
        deals = draft.initial_deals()
        if any(draft.events[i].get("face_up") for i in deals[:2]) or any(e["type"] == "expose" for e in draft.events):
            continue
        last = draft.deal_span()[1]
        exposed = next(draft.events[i]["seat"] for i in deals if draft.events[i].get("face_up"))
        seat = next(draft.events[i]["seat"] for i in deals if draft.events[i]["seat"] != exposed)
        extra = {"type": "deal", "seat": seat}  # (to the exposed seat, it would be the exposed card's replacement)
        return {**draft.header, "events": [*draft.events[:last + 1], extra, {"type": "floor"}]}
    return None


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("game", [g for g in Game if GAMES[g].family is Family.FLOP])
def test_sweep_of_an_exposed_card_with_an_extra_card_rules_without_contradiction(game: Game, book: str) -> None:
    log = _exposed_with_an_extra_card(game)
    assert log is not None, f"the sweep could not expose a card in a {game.value} deal"
    result = floorman.rule(handlog.from_obj(log), rulebook=book)
    assert {I.EXPOSED_HOLE_CARD, I.EXTRA_CARD} <= {f.irregularity for f in result.findings}
    ruling = ruling_json.to_obj(result)["rulings"][-1]
    assert contradictions(ruling) == []
    assert undoable(ruling, result.view) == [] and untrue(result.rulings[-1], result.view, log) == []
    assert {"CNT-ONE-EXTRA", "MD-WRONG-COUNT"} & set(ruling["rules"])
    if ruling["verdict"] == "continue":
        assert [s["seat"] for s in ruling["remedies"] if s["do"] == "use_as_burn"] == [
            next(f.seat for f in result.findings if f.irregularity is I.EXPOSED_HOLE_CARD)]
        assert "BURN-ONE-PER-STREET" in ruling["rules"] and ruling["discretion"] is True


def test_the_contradiction_check_sees_each_kind_of_contradiction() -> None:
    def ruling(verdict: str, *steps: Obj) -> Obj:
        return {"verdict": verdict, "remedies": list(steps)}

    assert contradictions(ruling("misdeal", {"do": "redeal"}, {"do": "return_chips", "seat": 3, "amount": 600})) == []
    assert contradictions(ruling("misdeal", {"do": "redeal"}, {"do": "replace_card", "seat": 3}))
    assert contradictions(ruling("misdeal", {"do": "return_chips", "seat": 3, "amount": 600}))
    assert contradictions(ruling("continue", {"do": "redeal"}))
    assert contradictions(ruling("continue", {"do": "kill_hand", "seat": 2}, {"do": "replace_card", "seat": 2}))
    assert contradictions(ruling("continue", {"do": "remove_card", "card": "As", "where": "muck"},
                                 {"do": "use_as_burn", "card": "As", "street": "flop"}))
    assert contradictions(ruling("continue", {"do": "board_stands", "street": "flop", "next_street": "turn"},
                                 {"do": "scramble_and_pick_burn", "cards": 4, "street": "turn"}))
    assert contradictions(ruling("continue", {"do": "scramble_and_pick_burn", "cards": 3, "street": "flop"},
                                 {"do": "scramble_and_pick_burn", "cards": 4, "street": "turn"}))
    assert contradictions(ruling("continue", {"do": "scramble_and_pick_burn", "cards": 4, "street": "turn"},
                                 {"do": "deal_without_burn", "street": "turn"})) == []
    assert contradictions(ruling("continue", {"do": "scramble_and_pick_burn", "cards": 3, "street": "flop"},
                                 {"do": "complete_board", "street": "flop", "cards": 1})) == []
    assert contradictions(ruling("continue", {"do": "use_as_burn", "street": "turn"},
                                 {"do": "restore_order", "street": "turn"}))
    exposed_and_extra = ({"do": "replace_card", "seat": 4}, {"do": "use_as_burn", "seat": 4, "card": "Kh", "street": "flop"},
                         {"do": "deal_without_burn", "street": "flop"}, {"do": "use_as_burn", "seat": 1, "street": "flop"})
    assert contradictions(ruling("continue", *exposed_and_extra)) == [
        "the flop burn: designated twice, from seats [1, 4]"]
    assert contradictions(ruling("continue", *exposed_and_extra[:3])) == []
    assert contradictions(ruling("continue", {"do": "use_as_burn", "seat": 4, "card": "Kh", "street": "flop"},
                                 {"do": "use_as_burn", "seat": 7, "card": "Td", "street": "turn"})) == []


def _ruled(kind: Kind, game: Game, moment: str, book: str) -> Any:
    log = _log((kind,), game, moment, book, "first")
    assert log is not None
    return floorman.rule(handlog.from_obj(log), rulebook=book)


def test_the_remedy_check_sees_a_step_the_table_can_no_longer_carry_out() -> None:
    result = _ruled(Kind.EXPOSED, Game.OMAHA, "showdown", "wsop-la-2026")
    ruling = ruling_json.to_obj(result)["rulings"][-1]
    seat = next(f.seat for f in result.findings if f.irregularity is I.EXPOSED_HOLE_CARD)
    assert undoable(ruling, result.view) == []
    for planted in ({"do": "replace_card", "seat": seat}, {"do": "use_as_burn", "seat": seat, "street": "flop"},
                    {"do": "restore_order", "street": "turn"}, {"do": "deal_without_burn", "street": "flop"},
                    {"do": "replace_card", "seat": 8}):
        assert undoable({**ruling, "remedies": [*ruling["remedies"], planted]}, result.view), planted
    stud = _ruled(Kind.EXPOSED, Game.STUD, "after", "tda-2024")
    seat = next(f.seat for f in stud.findings if f.irregularity is I.EXPOSED_HOLE_CARD)
    planted = {"do": "deal_face_down", "seat": seat, "street": "third"}
    assert undoable({"remedies": [planted]}, stud.view) == [f"deal_face_down seat {seat}: its third card has been dealt"]
    pushed = _ruled(Kind.FOUR_CARD_FLOP, Game.HOLDEM, "pushed", "tda-2024")
    planted = {"do": "scramble_and_pick_burn", "cards": 4, "out_of_play": True}
    assert undoable({"remedies": [planted]}, pushed.view) == ["scramble_and_pick_burn: the pot has been awarded"]


def test_the_fact_check_sees_a_seat_or_card_that_is_not_of_the_hand() -> None:
    from floorman.locale import Message

    result = _ruled(Kind.EXPOSED, Game.HOLDEM, "at_sa", "wsop-2026")
    log = handlog.to_obj(result.log)
    ruling = result.rulings[-1]
    assert untrue(ruling, result.view, log) == []
    idle = next(s for s in result.view.seats if not any(a.seat == s for a in result.view.actions))
    for planted in (Message.of("ruling.non_standard.seat_acted_on_that_hand_so", seat=idle),
                    Message.of("ruling.dealt_out.seat_was_skipped", seats=(2, 9)),
                    Message.of("ruling.exposed_flop.seat_has_since_folded_his_hand", seat=idle),
                    Message.of("ruling.boxed.a_boxed_card_was_found_in", card="Ac"),
                    Message.of("ruling.too_late.said", since=Message.of("remedy.too_late.street_dealt",
                                                                        street="seventh"))):
        bad = replace(ruling, explanation_messages=(*ruling.explanation_messages, planted))
        assert untrue(bad, result.view, log), planted.id


# --- Two features of the log at once: every v1.1 field and event beside the re-deal, the next hand, heads-up, a dead
# button, in each game family -----------------------------------------------------------------------------------

FAMILY_GAMES = {Family.FLOP: Game.HOLDEM, Family.STUD: Game.STUD, Family.DRAW: Game.DEUCE_SEVEN_SINGLE}
"""One game of each family: a pair of features is swept in each."""
_ORDER_RULES = frozenset({"DEAL-ORDER-FLOP", "DEAL-ORDER-STUD", "DEAL-ORDER-DRAW", "DEAL-ORDER-HU", "DEAL-DEADBUTTON"})
"""The dealing-order rules a clean ruling rests on, which differ with the table (heads-up, a dead button)."""


def _feature_pair_cases() -> Iterator[Any]:
    for family, game in FAMILY_GAMES.items():
        for feature in FEATURES:
            if FEATURES[feature](_base(game)) is None:
                continue
            for context, (table, _) in CONTEXTS.items():
                if table == "dead_button" and family is Family.STUD:
                    continue  # stud has no button
                for book in BOOKS:
                    yield pytest.param(feature, context, game, book, id=f"{feature}+{context}-{game.value}-{book}")


@cache
def _table_hand(game: Game, table: str) -> Obj:
    return clean_hand(game, table)


def _summary(log: Obj, book: str) -> Obj:
    result = floorman.rule(handlog.from_obj(log), rulebook=book)
    ruling = ruling_json.to_obj(result)["rulings"][-1]
    return {"verdict": ruling["verdict"], "rules": set(ruling["rules"]),
            "remedies": {step["do"] for step in ruling["remedies"]},
            "found": {f.irregularity for f in result.findings}, "ruling": ruling}


def combining_rows(feature: str, context: str) -> list[Any]:
    """The rows of decisions.toml that say how ``feature`` and ``context`` rule together (``*``: any feature)."""
    def matches(a: str, b: str) -> bool:
        return (a in (feature, "*") and b in (context, "*")) or (a in (context, "*") and b in (feature, "*"))
    return [r for r in decision_rows().values() if any(matches(a, b) for a, b in r.combines)]


def pair_departures(alone: Obj, beside: Obj, pair: Obj) -> list[str]:
    """How the pair's ruling departs from what each feature alone rules (empty when it rules as each alone would)."""
    out = []
    if pair["found"] != alone["found"] | beside["found"]:
        out.append(f"found {sorted(pair['found'])}, each alone {sorted(alone['found'] | beside['found'])}")
    if pair["verdict"] != alone["verdict"]:
        out.append(f"verdict {pair['verdict']}, alone {alone['verdict']}")
    lost = sorted((alone["rules"] - _ORDER_RULES) - pair["rules"])
    if lost:
        out.append(f"rules {lost} no longer cited")
    if pair["remedies"] != alone["remedies"]:
        out.append(f"remedies {sorted(pair['remedies'])}, alone {sorted(alone['remedies'])}")
    return out


@pytest.mark.parametrize(("feature", "context", "game", "book"), list(_feature_pair_cases()))
def test_sweep_of_two_log_features_rules_as_each_alone_or_by_a_row_that_combines_them(
    feature: str, context: str, game: Game, book: str,
) -> None:
    table, add = CONTEXTS[context]
    alone_log = FEATURES[feature](_base(game))
    pair_log = FEATURES[feature](_table_hand(game, table))
    assert alone_log is not None and pair_log is not None
    alone = _summary(alone_log, book)
    beside = _summary(add(_table_hand(game, table)), book)
    pair = _summary(add(pair_log), book)
    assert contradictions(pair["ruling"]) == []
    departures = pair_departures(alone, beside, pair)
    if departures:
        rows = [r for r in combining_rows(feature, context) if r.rules and set(r.rules) <= pair["rules"]]
        assert rows, f"{feature} beside {context} rules otherwise than each alone, and no row says how: {departures}"


def test_the_pair_property_sees_a_pair_that_rules_otherwise() -> None:
    alone = {"verdict": "continue", "rules": {"FD-DUP"}, "remedies": {"kill_hand"}, "found": {I.DUPLICATE_CARD}}
    beside: Obj = {"verdict": "continue", "rules": set(), "remedies": set(), "found": set()}
    assert pair_departures(alone, beside, alone) == []
    assert pair_departures(alone, beside, {**alone, "remedies": set()})
    assert pair_departures(alone, beside, {**alone, "found": set()})
    assert pair_departures(alone, beside, {**alone, "verdict": "misdeal"})
    assert [r.key for r in combining_rows("pot_awarded.shares", "next_hand")]
    assert combining_rows("hand_began", "heads_up") == []
