"""The record of a hand told to the floor: what the floor entered as the facts, and what the console assumed.

"What happened" turns a few answers into a complete hand log so that the engine can rule on it
(``floorman.web.what_happened``): the blinds posted, the deal in order, the earlier betting rounds closed by
calls and checks, the burns, the players who acted said seat by seat. None of that was said at the table.
The record keeps the answers as entered (the mishap, the street, the seat and card, the counts, the note, and
what was carried over from the last hand) apart from the assumptions, each naming the events of the log it
made, so that the incident page and the printed report say which line nobody said, and what a ruling that
rests on an assumption rests on.

>>> from floorman.web.what_happened import Account, Mishap, reconstructed_log
>>> header = {"floorman": 1, "game": "holdem", "seats": 4, "button": 4, "table": "12", "hand": "12-1",
...     "level": {"small_blind": 100, "big_blind": 200},
...     "players": [{"seat": s, "name": f"P{s}", "stack": 20000} for s in range(1, 5)]}
>>> told = Account(mishap=Mishap.FOUR_CARD_FLOP, acted=2, chips_in=1)
>>> log = reconstructed_log(header, told)
>>> [(a.what.value, a.events) for a in assumed_events(log, told)]
... # doctest: +NORMALIZE_WHITESPACE
[('posts', (0, 1)), ('deal', (2, 3, 4, 5, 6, 7, 8, 9)), ('closing', (10, 11, 12, 13)), ('burns', (14,)),
 ('counted', (19, 20))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from floorman.engine.hand import Hand
from floorman.fold.findings import Finding
from floorman.fold.table import Street
from floorman.formats import handlog
from floorman.law.rulebooks import Rulebook
from floorman.web.event_words import cause_name
from floorman.web.i18n import N_, Translator
from floorman.web.ruling_words import street_name
from floorman.web.what_happened import Account, CarriedFacts, Mishap

__all__ = ["Assumed", "Assumption", "Rested", "ToldRecord", "ToldWords", "assumed_events", "deciding_events",
           "rulings_rest_on", "told_record", "told_words", "with_rests_on"]

RECORD_VERSION = 1


class Assumption(StrEnum):
    """What the console assumed to make a complete hand of what the floor was told."""

    POSTS = "posts"
    """The blinds and antes, posted at the level's amounts."""
    DEAL = "deal"
    """The deal, card by card in the usual order (but the card the floor named)."""
    CLOSING = "closing"
    """The betting rounds before the mishap's street, closed by calls and checks."""
    BOARD = "board"
    """The board cards of the streets before the mishap's."""
    BURNS = "burns"
    """The burn cards."""
    DRAWS = "draws"
    """The draws: each seat discarding and being dealt one card."""
    COUNTED = "counted"
    """Who acted since and how (call, bet, check, fold), from the counts the floor gave."""
    OTHER = "other"
    """Any other event the log needed (none today): never shown as said."""

    @property
    def puts_chips_in(self) -> bool:
        return self in (Assumption.POSTS, Assumption.CLOSING, Assumption.COUNTED)


_TOLD_EVENTS = frozenset({"discover", "floor"})
"""The events the account itself makes: what was found, and the call to the floor."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Assumed:
    """One assumption, and the places in the hand log of the events it made."""

    what: Assumption
    events: tuple[int, ...]


def _streets(events: Sequence[Mapping[str, Any]]) -> list[int]:
    """Each event's board street (0: before the first board card; a burn or a board card after other events opens
    the next one)."""
    street, out, last = 0, [], ""
    for event in events:
        kind = str(event.get("type", ""))
        if kind == "burn" or (kind == "board" and last not in ("board", "burn")):
            street += 1
        out.append(street)
        last = kind
    return out


def _named_deal(events: Sequence[Mapping[str, Any]], account: Account) -> int | None:
    """The place of the card the floor named, if the mishap names one: the seat's card it names (an exposed or
    boxed card, a stud down card dealt up), its door card (the third) dealt down, its card dealt up on a draw."""
    if account.seat is None:
        return None
    to_seat = [i for i, e in enumerate(events) if e.get("type") == "deal" and e.get("seat") == account.seat]
    card = 3 if account.mishap is Mishap.DOOR_CARD_DOWN else account.card
    if account.mishap.names_card or account.mishap is Mishap.DOOR_CARD_DOWN:
        return to_seat[card - 1] if 0 < card <= len(to_seat) else None
    if account.mishap is Mishap.DRAW_CARD_EXPOSED:
        return next((i for i in reversed(to_seat) if events[i].get("face_up")), None)
    return None


def _street_dealt(events: Sequence[Mapping[str, Any]]) -> set[int]:
    """The cards of the last street dealt to the seats (a stud street with no board: the burn the floor spoke of
    was missing before it, as a flop game's board of the mishap's street)."""
    deals = [i for i, e in enumerate(events) if e.get("type") == "deal"]
    run: set[int] = set()
    for i in reversed(deals):
        if run and i + 1 not in run:
            break
        run.add(i)
    return run


def assumed_events(log: Mapping[str, Any], account: Account) -> tuple[Assumed, ...]:
    """The assumptions a reconstructed log (``reconstructed_log(header, account)``) rests on, in the order of the
    log, each with the events it made; every event but the account's own (the card the floor named, the board
    of the mishap's street or, in stud, the cards of the street dealt with no burn, what was found, the floor
    call) is in exactly one."""
    events: list[Mapping[str, Any]] = list(log.get("events", []))
    acts = [i for i, e in enumerate(events) if e.get("type") == "act"]
    counted = set(acts[len(acts) - account.acted:]) if account.acted else set()
    streets = _streets(events)
    # the board street the mishap is about (its cards are what the floor said): the last one dealt
    told_street = streets[-1] if account.mishap.on_the_board or account.mishap is Mishap.FOUR_CARD_FLOP else None
    named = _named_deal(events, account)
    said = _street_dealt(events) if account.mishap.on_the_board and not any(
        e.get("type") == "board" for e in events) else set()
    made: dict[Assumption, list[int]] = {}
    for i, event in enumerate(events):
        kind = str(event.get("type", ""))
        what: Assumption | None
        if kind in _TOLD_EVENTS or i == named or i in said:
            what = None
        elif kind == "post":
            what = Assumption.POSTS
        elif kind == "deal":
            what = Assumption.DEAL
        elif kind == "discard":
            what = Assumption.DRAWS
        elif kind == "act":
            what = Assumption.COUNTED if i in counted else Assumption.CLOSING
        elif kind == "burn":
            what = Assumption.BURNS
        elif kind == "board":
            what = None if streets[i] == told_street else Assumption.BOARD
        else:
            what = Assumption.OTHER
        if what is not None:
            made.setdefault(what, []).append(i)
    return tuple(Assumed(what=what, events=tuple(at)) for what, at in made.items())


@dataclass(frozen=True, slots=True, kw_only=True)
class ToldRecord:
    """What the incident keeps of a hand told to the floor: the answers as entered, what was carried over (and
    corrected), the assumptions with their events, and the assumption the ruling's substantial action rests on
    (None: it rests on the facts entered)."""

    account: Account
    carried: CarriedFacts
    assumed: tuple[Assumed, ...]
    sa_rests_on: Assumption | None
    rests_on: tuple[Rested, ...]
    """The assumptions the ruling's findings rest on, each once, with the causes that rest on it."""
    street: Street
    """The street it happened on, as the floor said it or as the mishap fixes it."""
    street_asked: bool
    """The floor is asked the street (the mishap does not fix it in the game's family)."""

    def obj(self) -> dict[str, Any]:
        """The record as JSON (the incident's ``told``)."""
        a = self.account
        return {
            "version": RECORD_VERSION,
            "entered": {"mishap": a.mishap.value, "street": self.street.value,
                        "street_said": a.street.value if a.street is not None and self.street_asked else None,
                        "street_asked": self.street_asked,
                        "seat": a.seat, "card": a.card if a.mishap.names_card else None, "acted": a.acted,
                        "chips_in": a.chips_in, "note": a.note},
            "carried": self.carried.obj(),
            "assumed": [{"what": x.what.value, "events": list(x.events)} for x in self.assumed],
            "sa_rests_on": self.sa_rests_on.value if self.sa_rests_on is not None else None,
            "rests_on": [{"what": r.what.value, "causes": list(r.causes)} for r in self.rests_on],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Rested:
    """An assumption a ruling rests on, and the causes (the irregularities of its findings) that rest on it."""

    what: Assumption
    causes: tuple[str, ...]


def deciding_events(finding: Finding, events: Sequence[Mapping[str, Any]]) -> tuple[int, ...]:
    """The places in the log of the events a finding rests on: the event where it was found, and, when the finding
    counts the deal (the card's number off the deck, the seat the card should have gone to, the deal's order), every
    card dealt before it.

    >>> from floorman.fold.findings import Irregularity
    >>> events = [{"type": "post"}, {"type": "deal"}, {"type": "deal"}, {"type": "deal"}]
    >>> deciding_events(Finding(at=3, irregularity=Irregularity.EXPOSED_HOLE_CARD, position=3), events)
    (1, 2, 3)
    >>> deciding_events(Finding(at=3, irregularity=Irregularity.WRONG_CARD_COUNT), events)
    (3,)
    """
    counts_the_deal = finding.position is not None or finding.expected_seat is not None or finding.order is not None
    before = [i for i in range(min(finding.at, len(events))) if events[i].get("type") == "deal"] if counts_the_deal else []
    return (*before, finding.at)


def rulings_rest_on(findings: Sequence[Finding], events: Sequence[Mapping[str, Any]],
                    assumed: Sequence[Assumed]) -> tuple[Rested, ...]:
    """The assumptions the ``findings`` of a ruling rest on (an assumption made one of the events each rests on,
    ``deciding_events``), each once, in the order of the log, with the causes that rest on it.

    >>> from floorman.fold.findings import Irregularity
    >>> events = [{"type": "post"}, {"type": "deal"}, {"type": "burn"}, {"type": "board"}]
    >>> assumed = (Assumed(what=Assumption.POSTS, events=(0,)), Assumed(what=Assumption.DEAL, events=(1,)),
    ...            Assumed(what=Assumption.BURNS, events=(2,)))
    >>> rulings_rest_on((Finding(at=2, irregularity=Irregularity.PREMATURE_BURN),
    ...                  Finding(at=3, irregularity=Irregularity.PREMATURE_CARD)), events, assumed)
    (Rested(what=<Assumption.BURNS: 'burns'>, causes=('premature_burn',)),)
    """
    made = {i: a.what for a in assumed for i in a.events}
    causes: dict[Assumption, list[str]] = {}
    for finding in findings:
        for what in dict.fromkeys(made[i] for i in deciding_events(finding, events) if i in made):
            at = causes.setdefault(what, [])
            if finding.irregularity.value not in at:
                at.append(finding.irregularity.value)
    return tuple(Rested(what=a.what, causes=tuple(causes[a.what])) for a in assumed if a.what in causes)


def _sa_rests_on(hand: Hand, log: Mapping[str, Any], assumed: Sequence[Assumed]) -> Assumption | None:
    """The assumption whose action first makes substantial action under the hand's book (None: there is none)."""
    made = {i: a.what for a in assumed for i in a.events}
    for i, event in enumerate(log.get("events", [])):
        if event.get("type") == "act" and hand.substantial_action_by(i):
            return made.get(i)
    return None


def told_record(log: Mapping[str, Any], account: Account, carried: CarriedFacts, *, book: Rulebook) -> ToldRecord:
    """The record of the hand ``account`` was made into (``log``), ruled under ``book``: what its substantial
    action and the findings of its ruling (the floor's, at the log's end) rest on."""
    assumed = assumed_events(log, account)
    parsed = handlog.from_obj(log)
    hand = Hand(parsed, rulebook=book)
    findings = tuple(f for r in hand.rulings or (hand.ruling(),) for f in r.findings)
    spec = parsed.spec
    return ToldRecord(account=account, carried=carried, assumed=assumed, sa_rests_on=_sa_rests_on(hand, log, assumed),
                      rests_on=rulings_rest_on(findings, list(log.get("events", [])), assumed),
                      street=account.where_in(spec.family, spec.streets),
                      street_asked=account.mishap.asks_street(spec.family))


def with_rests_on(record: Mapping[str, Any], hand: Hand, events: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """A stored record kept before records said what the ruling rests on, with it, from the rulings on the hand
    as it was filed (``hand``, its ``events``); a record that says it is returned as it is."""
    stored = record.get("assumed")
    if "rests_on" in record or not isinstance(stored, list):
        return record
    assumed = []
    for item in stored:
        try:
            assumed.append(Assumed(what=Assumption(str(item.get("what"))),
                                   events=tuple(i for i in item.get("events", []) if _int(i) is not None)))
        except (AttributeError, TypeError, ValueError):
            continue  # an assumption this version does not know: nothing rests on it here
    findings = tuple(f for r in hand.rulings for f in r.findings)
    rested = rulings_rest_on(findings, events, assumed)
    return {**record, "rests_on": [{"what": r.what.value, "causes": list(r.causes)} for r in rested]}


MISHAP_NAMES: Mapping[str, str] = {
    Mishap.FIRST_CARD_WRONG_SEAT: N_("console.common.first_card_to_the_wrong_seat"), Mishap.SEAT_SKIPPED: N_("console.common.a_seat_was_skipped"),
    Mishap.EXPOSED_CARD: N_("console.common.card_exposed_in_the_deal"), Mishap.BOXED_CARD: N_("console.common.boxed_card_in_the_deal"),
    Mishap.EXTRA_CARD: N_("console.common.a_seat_has_an_extra_card"), Mishap.SHORT_CARD: N_("console.common.a_seat_is_a_card_short"),
    Mishap.FOUR_CARD_FLOP: N_("cause.name.four_card_flop"), Mishap.MISSING_BURN: N_("console.common.no_burn_before_the_street"),
    Mishap.PREMATURE_CARD: N_("console.common.card_dealt_too_soon"), Mishap.FOREIGN_BACK: N_("console.common.different_back_in_a_hand"),
    Mishap.DUPLICATE: N_("cause.name.duplicate_card"), Mishap.DOWN_CARD_UP: N_("console.common.a_down_card_dealt_face_up"),
    Mishap.DOOR_CARD_DOWN: N_("console.common.door_card_dealt_face_down"), Mishap.DRAW_CARD_EXPOSED: N_("console.common.card_exposed_on_the_draw"),
}
"""The mishaps as the "what happened" form names them."""

_ASSUMED_WORDS: Mapping[Assumption, str] = {
    Assumption.POSTS: N_("console.told_facts.the_blinds_and_antes_posted_at"),
    Assumption.DEAL: N_("console.told_facts.the_deal_card_by_card_in"),
    Assumption.CLOSING: N_("console.told_facts.the_betting_before_the_street_it"),
    Assumption.BOARD: N_("console.told_facts.the_board_cards_of_the_earlier"),
    Assumption.BURNS: N_("console.told_facts.the_burn_cards"),
    Assumption.DRAWS: N_("console.told_facts.the_draws_each_seat_discarding_one"),
    Assumption.COUNTED: N_("console.told_facts.who_acted_and_how_seat_by"),
    Assumption.OTHER: N_("console.told_facts.the_other_events_a_complete_hand"),
}


_RESTS_ON_WORDS: Mapping[Assumption, str] = {
    Assumption.POSTS: N_("console.told_facts.rests_on.posts"),
    Assumption.DEAL: N_("console.told_facts.rests_on.deal"),
    Assumption.CLOSING: N_("console.told_facts.rests_on.closing"),
    Assumption.BOARD: N_("console.told_facts.rests_on.board"),
    Assumption.BURNS: N_("console.told_facts.rests_on.burns"),
    Assumption.DRAWS: N_("console.told_facts.rests_on.draws"),
    Assumption.COUNTED: N_("console.told_facts.rests_on.counted"),
    Assumption.OTHER: N_("console.told_facts.rests_on.other"),
}
"""What a ruling rests on, said once per assumption with the causes that rest on it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ToldWords:
    """A told hand's record as the incident page and the report say it."""

    entered: tuple[tuple[str, str], ...]
    """The facts the floor entered, as (label, value)."""
    assumed: tuple[tuple[str, str], ...]
    """What was assumed, as (kind, words)."""
    marks: Mapping[int, str]
    """The kind of assumption each assumed event of the log comes from, by its place in the log."""
    substantial_action: str
    """What the ruling's substantial action rests on, in words."""
    rests_on: tuple[tuple[str, str], ...] = ()
    """Each assumption the ruling's findings rest on, as (kind, words naming the causes); none when the ruling
    rests only on the facts entered."""


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def told_words(record: object, t: Translator, *, substantial_action: bool) -> ToldWords | None:
    """The words for a stored record (an incident's ``told``); None for a logged hand, or a record this version
    cannot read."""
    if not isinstance(record, Mapping) or not isinstance(record.get("entered"), Mapping):
        return None
    entered: Mapping[str, Any] = record["entered"]
    mishap = str(entered.get("mishap", ""))
    acted, chips_in = _int(entered.get("acted")) or 0, _int(entered.get("chips_in")) or 0
    lines = [(t.gettext("console.common.what_went_wrong"), t.gettext(MISHAP_NAMES[mishap]) if mishap in MISHAP_NAMES else mishap)]
    street = street_name(entered.get("street"), t)
    lines.append((t.gettext("console.common.on_which_street"), street if entered.get("street_said") or not entered.get(
        "street_asked") else t.gettext("console.common.not_known") + f" ({street})"))
    seat, card = _int(entered.get("seat")), _int(entered.get("card"))
    if seat is not None:
        lines.append((t.gettext("console.common.to_which_seat"), str(seat)
                      + (", " + t.gettext("console.common.card_n") % {"n": card} if card is not None else "")))
    lines.append((t.gettext("console.told_facts.how_many_acted"), str(acted)))
    lines.append((t.gettext("console.told_facts.how_many_put_chips_in"), str(chips_in)))
    if entered.get("note"):
        lines.append((t.gettext("console.told_facts.what_the_table_says"), str(entered["note"])))
    assumed: list[tuple[str, str]] = []
    marks: dict[int, str] = {}
    chips = False
    for item in record.get("assumed", []):
        if not isinstance(item, Mapping):
            continue
        try:
            what = Assumption(str(item.get("what")))
        except ValueError:
            what = Assumption.OTHER
        at = [i for i in item.get("events", []) if _int(i) is not None]
        if not at:
            continue
        chips = chips or what.puts_chips_in
        assumed.append((what.value, t.gettext(_ASSUMED_WORDS[what]) % {"acted": acted, "chips_in": chips_in}))
        marks.update(dict.fromkeys(at, what.value))
    if chips:
        assumed.append(("pot", t.gettext("console.told_facts.the_pot_every_amount_in_it")))
    rests = record.get("sa_rests_on")
    if not substantial_action:
        sa = t.gettext("console.told_facts.no_substantial_action_from_the_facts")
    elif rests == Assumption.COUNTED:
        sa = t.gettext("console.told_facts.substantial_action_assumed_from_how_many")
    elif rests == Assumption.CLOSING:
        sa = t.gettext("console.told_facts.substantial_action_assumed_from_the")
    elif rests in {a.value for a in Assumption}:
        sa = t.gettext("console.told_facts.substantial_action_assumed_from_events")
    else:
        sa = t.gettext("console.told_facts.substantial_action_from_the_facts")
    return ToldWords(entered=tuple(lines), assumed=tuple(assumed), marks=marks,
                     substantial_action=sa % {"acted": acted, "chips_in": chips_in},
                     rests_on=_rests_on_words(record.get("rests_on"), t, acted=acted, chips_in=chips_in))


def _rests_on_words(stored: object, t: Translator, *, acted: int, chips_in: int) -> tuple[tuple[str, str], ...]:
    """The assumptions a stored record says the ruling rests on, each once, in words (a record kept before the
    record said so: none)."""
    said: dict[Assumption, list[str]] = {}
    for item in stored if isinstance(stored, list) else ():
        if not isinstance(item, Mapping):
            continue
        try:
            what = Assumption(str(item.get("what")))
        except ValueError:
            what = Assumption.OTHER
        causes = said.setdefault(what, [])
        causes += [c for c in item.get("causes", []) if isinstance(c, str) and c not in causes]
    return tuple((what.value, t.gettext(_RESTS_ON_WORDS[what]) % {
        "causes": ", ".join(f"'{cause_name(c, t)}'" for c in causes), "acted": acted,
        "chips_in": chips_in}) for what, causes in said.items() if causes)
