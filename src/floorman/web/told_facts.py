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
from floorman.fold.table import Street
from floorman.formats import handlog
from floorman.law.rulebooks import Rulebook
from floorman.web.i18n import N_, Translator
from floorman.web.ruling_words import street_name
from floorman.web.what_happened import Account, CarriedFacts, Mishap

__all__ = ["Assumed", "Assumption", "ToldRecord", "ToldWords", "assumed_events", "told_record", "told_words"]

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


def assumed_events(log: Mapping[str, Any], account: Account) -> tuple[Assumed, ...]:
    """The assumptions a reconstructed log (``reconstructed_log(header, account)``) rests on, in the order of the
    log, each with the events it made; every event but the account's own (the card the floor named, the board
    of the mishap's street, what was found, the floor call) is in exactly one."""
    events: list[Mapping[str, Any]] = list(log.get("events", []))
    acts = [i for i, e in enumerate(events) if e.get("type") == "act"]
    counted = set(acts[len(acts) - account.acted:]) if account.acted else set()
    streets = _streets(events)
    # the board street the mishap is about (its cards are what the floor said): the last one dealt
    told_street = streets[-1] if account.mishap.on_the_board or account.mishap is Mishap.FOUR_CARD_FLOP else None
    named = _named_deal(events, account)
    made: dict[Assumption, list[int]] = {}
    for i, event in enumerate(events):
        kind = str(event.get("type", ""))
        what: Assumption | None
        if kind in _TOLD_EVENTS or i == named:
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
        }


def _sa_rests_on(log: Mapping[str, Any], assumed: Sequence[Assumed], book: Rulebook) -> Assumption | None:
    """The assumption whose action first makes substantial action under ``book`` (None: there is none)."""
    hand = Hand(handlog.from_obj(log), rulebook=book)
    made = {i: a.what for a in assumed for i in a.events}
    for i, event in enumerate(log.get("events", [])):
        if event.get("type") == "act" and hand.substantial_action_by(i):
            return made.get(i)
    return None


def told_record(log: Mapping[str, Any], account: Account, carried: CarriedFacts, *, book: Rulebook) -> ToldRecord:
    """The record of the hand ``account`` was made into (``log``), ruled under ``book``."""
    assumed = assumed_events(log, account)
    spec = handlog.from_obj(log).spec
    return ToldRecord(account=account, carried=carried, assumed=assumed, sa_rests_on=_sa_rests_on(log, assumed, book),
                      street=account.where_in(spec.family, spec.streets),
                      street_asked=account.mishap.asks_street(spec.family))


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
                     substantial_action=sa % {"acted": acted, "chips_in": chips_in})
