"""The table and its events in words, as a dealer would call them out (English or Vietnamese).

>>> from floorman.drill.hands import bundled_hands, rebuild
>>> from floorman.formats import handlog
>>> hand = next(h for h in bundled_hands() if h.source == "dwan-ivey-2009.phh")
>>> log = handlog.from_obj(rebuild(hand.obj()))
>>> print("\\n".join(table_lines(log, "en")))
No-limit Hold'em, 3 seats, button on seat 3, blinds 1,000/2,000, ante 500
  Seat 1  Phil Ivey            1,125,600
  Seat 2  Patrik Antonius      2,000,000
  Seat 3  Tom Dwan               553,500
  [A♠] = a card face down
>>> [event_line(log, e, "vi") for e in log.events[3:6]]
['Ghế 1 (Phil Ivey) đặt small blind: 1.000', 'Ghế 2 (Patrik Antonius) đặt big blind: 2.000', 'Chia cho ghế 1: [A♣] úp']

A round of ordinary deals is one line; a card out of the ordinary (face up, boxed, with another
back) has a line of its own:

>>> event_lines(log, "en")[5]
'Deal: seat 1 [A♣] · seat 2 [??] · seat 3 [7♥]'
"""

from __future__ import annotations

from typing import Final

from floorman.fold.events import (
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardFound,
    CardFoundInBurns,
    CardsDiscarded,
    DealCompleted,
    Defect,
    DefectDiscovered,
    Event,
    ExposedBy,
    FloorCalled,
    HandBegan,
    HandMucked,
    HandShown,
    MuckRetrieved,
    NextHandBegan,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
    StubDropped,
)
from floorman.fold.log import HandLog
from floorman.fold.table import Family, Level, PlayerStatus
from floorman.locale import LevelWords, Message, amount_text, game_text, say
from floorman.locale import level_text as locale_level_text

__all__ = ["card_text", "colour_text", "event_line", "event_lines", "level_text", "table_lines"]

_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card_text(card: str) -> str:
    """A card as the table reads it: rank and suit symbol."""
    if card == "JK":
        return "Joker"
    if len(card) == 2 and card[1] in _SUITS:
        return card[0] + _SUITS[card[1]]
    return card


def colour_text(colour: str, lang: str = "en") -> str:
    """The colour of a deck's back (``colour.*`` in the catalog); a colour it does not name, as it is."""
    return say(Message.of("drill.colour", colour=colour), lang)


def _say(message_id: str, lang: str, **facts: object) -> str:
    """A line of the narration (``narrate.*`` in the catalog) in ``lang``."""
    return say(Message.of(f"narrate.{message_id}", **facts), lang)


_NARRATED_LEVEL: Final = LevelWords(
    number="narrate.stakes.number", blinds="narrate.stakes.blinds", limits="narrate.stakes.limits",
    ante="narrate.stakes.ante", big_blind_ante="narrate.stakes.big_blind_ante", bring_in="narrate.stakes.bring_in")
"""How the dealer calls the stakes out (``narrate.stakes.*`` in the catalog)."""


def level_text(level: Level, lang: str) -> str:
    """The stakes: ``blinds 1,000/2,000, big blind ante 2,000`` (the room's words in Vietnamese too).

    >>> level_text(Level(number=3, small_bet=20, big_bet=40, bring_in=5), "vi")
    'cấp độ 3, giới hạn cược 20/40, bring-in 5'
    """
    return locale_level_text(level, lang, _NARRATED_LEVEL)


def table_lines(log: HandLog, lang: str) -> list[str]:
    """The table before the deal: game, seats, button, stakes, then one line per player."""
    game = game_text(log.game, log.effective_structure, lang)
    head = (_say("table.head_button", lang, game=game, seats=log.seats, button=log.button) if log.button
            else _say("table.head", lang, game=game, seats=log.seats))
    lines = [f"{head}, {level_text(log.level, lang)}"]
    for p in log.players:
        status = f"   ({_say(f'status.{p.status.value}', lang)})" if p.status is not PlayerStatus.PRESENT else ""
        lines.append(_say("table.seat", lang, seat=p.seat, name=p.name, stack=amount_text(p.stack, lang)) + status)
    if log.deck_back:
        lines.append(_say("table.deck", lang, back=colour_text(log.deck_back, lang)))
    lines.append(_say("table.key", lang))
    return lines


def _who(log: HandLog, seat: int, lang: str) -> str:
    player = log.player_at(seat)
    return _say("who", lang, seat=seat, name=player.name) if player else _say("who.seat", lang, seat=seat)


def _face(card: str, face_up: bool) -> str:
    return card_text(card) if face_up else f"[{card_text(card)}]"


def _back(back: str | None, lang: str) -> str:
    return _say("back", lang, back=colour_text(back, lang)) if back else ""


def _act(log: HandLog, e: PlayerActed, lang: str) -> str:
    to = amount_text(e.to, lang) if e.to is not None else ""
    return _say(f"act.{e.action.value}", lang, who=_who(log, e.seat, lang), to=to).strip()


def _deal(log: HandLog, e: CardDealt, lang: str, *, up_expected: bool | None = None) -> str:
    """A card to a seat; ``up_expected`` says whether it should be face up (by default: a stud card is)."""
    back = _back(e.back, lang)
    if e.boxed:
        return _say("deal.boxed", lang, seat=e.seat, card=card_text(e.card), back=back)
    up = e.face_up
    how = _say("deal.up" if up else "deal.down", lang)
    if up and not (log.spec.family is Family.STUD if up_expected is None else up_expected):
        how = _say("deal.wrongly_up", lang)
    return _say("deal.replacement" if e.replacement else "deal", lang, seat=e.seat, card=_face(e.card, up), how=how,
                back=back)


def _discover(e: DefectDiscovered, lang: str) -> str:
    if e.what is Defect.FOREIGN_BACK and e.where is not None:
        return _say("found.foreign_back.where", lang, where=_say(f"where.{e.where.value}", lang))
    return _say(f"found.{e.what.value}", lang, card=card_text(e.card))


def event_line(log: HandLog, e: Event, lang: str) -> str:
    """One event, as the dealer or the floor would say it."""
    if isinstance(e, BlindPosted):
        return _say("post", lang, who=_who(log, e.seat, lang), blind=_say(f"blind.{e.blind.value}", lang),
                    amount=amount_text(e.amount, lang))
    if isinstance(e, CardDealt):
        return _deal(log, e, lang)
    if isinstance(e, PlayerActed):
        return _act(log, e, lang)
    if isinstance(e, CardBurned):
        return _say("burn.back", lang, back=colour_text(e.back, lang)) if e.back else _say("burn", lang)
    if isinstance(e, BoardCardDealt):
        return _say("board" if e.face_up else "board.down", lang, card=_face(e.card, e.face_up), back=_back(e.back, lang))
    if isinstance(e, CardExposed):
        if e.by is ExposedBy.PLAYER:
            return _say("exposed.player", lang, seat=e.seat, card=card_text(e.card))
        return _say("exposed.dealer_how" if e.how else "exposed.dealer", lang, seat=e.seat, how=e.how,
                    card=card_text(e.card))
    if isinstance(e, BoxedCardFound):
        return _say("boxed_found", lang, card=card_text(e.card))
    if isinstance(e, CardsDiscarded):
        return _say("discard", lang, seat=e.seat, count=e.count)
    if isinstance(e, HandShown):
        return _say("show", lang, seat=e.seat, cards=" ".join(card_text(c) for c in e.cards))
    if isinstance(e, HandMucked):
        return _say("muck", lang, seat=e.seat)
    if isinstance(e, DefectDiscovered):
        return _discover(e, lang)
    if isinstance(e, PlayerArrived):
        return _say("arrived", lang, who=_who(log, e.seat, lang))
    if isinstance(e, PlayerLeft):
        return _say("left", lang, who=_who(log, e.seat, lang))
    if isinstance(e, PlayerSeated):
        return _say("seated", lang, seat=e.seat, name=e.name)
    if isinstance(e, FloorCalled):
        return _say("floor", lang)
    if isinstance(e, PotAwarded):
        return _say("pot", lang)
    return _added(e, lang)


def _added(e: Event, lang: str) -> str:
    """The events hand log version 1.1 added."""
    if isinstance(e, HandBegan):
        return _say("hand_began", lang)
    if isinstance(e, DealCompleted):
        return _say("deal_completed", lang)
    if isinstance(e, CardFoundInBurns):
        return _say("found_in_burns", lang, card=card_text(e.card))
    if isinstance(e, MuckRetrieved):
        return _say(f"muck_retrieved.{e.identified.value}", lang, seat=e.seat)
    if isinstance(e, CardFound):
        return _say(f"card_found.{e.where.value}", lang, card=card_text(e.card), seat=e.seat)
    if isinstance(e, NextHandBegan):
        seats = ", ".join(str(s) for s in e.made_up)
        key = ("next_hand.button_made_up" if e.made_up else "next_hand.button") if e.button is not None else (
            "next_hand.made_up" if e.made_up else "next_hand")
        return _say(key, lang, seat=e.button, seats=seats)
    if isinstance(e, StubDropped):
        return _say("stub_dropped.rebuilt" if e.rebuilt else "stub_dropped", lang)
    return type(e).__name__


def _plain_deal(log: HandLog, e: Event, held: int) -> bool:
    """A card dealt the ordinary way: face down (a stud up card face up), not boxed, with the deck's back.

    ``held`` is how many cards the seat had before this one.
    """
    if not isinstance(e, CardDealt) or e.boxed or e.back or e.replacement:
        return False
    return e.face_up is _up(log, held)


def _up(log: HandLog, held: int) -> bool:
    """Whether a seat's next card is dealt face up: stud's third to sixth cards."""
    return log.spec.family is Family.STUD and 2 <= held <= 5


def _round(deals: list[CardDealt], lang: str) -> str:
    return _say("round", lang, deals=" · ".join(
        _say("round.seat", lang, seat=d.seat, card=_face(d.card, d.face_up)) for d in deals))


def event_lines(log: HandLog, lang: str) -> list[str]:
    """The hand's events in words, one line each, except that a round of ordinary deals is one line."""
    lines: list[str] = []
    run: list[CardDealt] = []
    run_round = -1
    held: dict[int, int] = {}
    for e in log.events:
        round_ = held.get(e.seat, 0) if isinstance(e, CardDealt) else -1
        plain = isinstance(e, CardDealt) and _plain_deal(log, e, round_)
        if isinstance(e, CardDealt) and not e.boxed:
            held[e.seat] = round_ + 1
        same_round = isinstance(e, CardDealt) and round_ == run_round and all(d.seat != e.seat for d in run)
        if run and not (plain and same_round):
            lines.append(_round(run, lang))
            run = []
        if plain and isinstance(e, CardDealt):
            run.append(e)
            run_round = round_
        elif isinstance(e, CardDealt):
            lines.append(_deal(log, e, lang, up_expected=_up(log, round_)))
        else:
            lines.append(event_line(log, e, lang))
    if run:
        lines.append(_round(run, lang))
    return lines
