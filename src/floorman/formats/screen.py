"""The quick screen: one JSONL hand log to its ruling, for the usual hand where nothing went wrong.

Most hands of an audit are dealt, bet and shown by the book, and their ruling is always the same
clean ruling. ``screen_line`` decodes a line of the usual shape straight into typed values
(``msgspec``, see ``_screen_schema``), follows the hand on a lean copy of the fold's own
bookkeeping (the deal, whose turn it is, the board, the burns, the cards seen) and, when it meets
nothing the engine would report, gives that clean ruling: the very value ``hand.rule`` gives.

At the first sign of anything else (a field or event it does not follow, a game that is not a
flop game, a card seen twice, a short deal, an action out of turn, a premature card, a board that
does not add up...) it gives ``None``, and the caller reads the line with the full reader and
rules on it with the full engine, which says what is wrong. The screen never decides that
something is irregular: it only recognises the plainly regular hand. ``ruling_of_line`` is the
two together. ``screen_log`` and ``ruling_of_log`` do the same for a hand log already read (from
PHH, say).

Each goes first to the screen's kernel in C (``_screen_c``, where it was built), which reads the
line (or the log's events) into fixed fields and follows the hand with the same steps, without a
Python object per key, event or card; a hand the kernel steps aside from comes to the screen in
Python below (``screen_line_in_python``), and then, if need be, to the full reader and engine.

>>> line = (b'{"floorman": 1, "game": "holdem", "seats": 3, "button": 3, "level": {"small_blind": 1, "big_blind": 2},'
...         b' "players": [{"seat": 1, "name": "An", "stack": 100}, {"seat": 2, "name": "Bo", "stack": 100},'
...         b' {"seat": 3, "name": "Cu", "stack": 100}], "events": [{"type": "post", "seat": 1, "blind": "sb",'
...         b' "amount": 1}, {"type": "post", "seat": 2, "blind": "bb", "amount": 2}, {"type": "deal", "seat": 1},'
...         b' {"type": "deal", "seat": 2}, {"type": "deal", "seat": 3}, {"type": "deal", "seat": 1},'
...         b' {"type": "deal", "seat": 2}, {"type": "deal", "seat": 3}, {"type": "act", "seat": 3, "action": "fold"},'
...         b' {"type": "act", "seat": 1, "action": "fold"}]}')
>>> screen_line(line).ruling.summary()
'Play on (DEAL-ORDER-FLOP)'
>>> screen_line(line.replace(b'"seat": 3, "action"', b'"seat": 1, "action"')) is None  # seat 1 acted out of turn
True
>>> last_card_to_seat_2 = line.replace(b'"seat": 3}, {"type": "act"', b'"seat": 2}, {"type": "act"')
>>> screen_line(last_card_to_seat_2) is None  # the full engine takes it, and says what is wrong
True
>>> ruling_of_line(last_card_to_seat_2).summary()
'Misdeal (CNT-ONE-EXTRA)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import msgspec
from msgspec.structs import astuple

from floorman.errors import UnknownRulebookError
from floorman.events import (
    BlindPosted,
    BoardCardDealt,
    CardBurned,
    CardDealt,
    Event,
    HandMucked,
    HandShown,
    NextHandBegan,
    PlayerActed,
)
from floorman.events import PotAwarded as PotAwardedEvent
from floorman.formats import handlog
from floorman.formats._fields import LEVEL_NUMBER_MAX
from floorman.formats._screen_c import KERNEL_GAMES, follow_log, scan
from floorman.formats._screen_hand import Hand, Unusual, chips
from floorman.formats._screen_ruling import FLOP_GAMES, MAX_SEATS, book_of, clean_of, clean_of_codes
from floorman.formats._screen_schema import DECODER, Act, Board, Burn, Deal, Header, Muck, Post, PotAwarded, Show
from floorman.formats._screen_schema import Event as DecodedEvent
from floorman.hand import rule
from floorman.log import HandLog, Omission
from floorman.rulebooks import Rulebook
from floorman.rulings.model import Ruling
from floorman.table import Chips, Family, Game, PlayerStatus, Structure

if TYPE_CHECKING:
    from floorman.formats._screen_kernel import Facts

__all__ = ["Screened", "ruling_of_line", "ruling_of_log", "screen_line", "screen_line_in_python", "screen_log"]

_UNSET: Final = msgspec.UNSET
_SURROGATE: Final = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")  # (no surrogate literal: mypyc cannot hold one)
_KEY_WHITESPACE: Final = (b'" ', b'"\t', b'"\n', b'"\r')

_FIELDS_OF: Final = astuple
_LIMIT: Final = Structure.LIMIT
_BURNS: Final = Omission.BURNS
_DEAL_ORDER: Final = Omission.DEAL_ORDER


@dataclass(frozen=True, slots=True, kw_only=True)
class Screened:
    """A hand the screen found plainly regular: its ruling and what an audit reports of its header."""

    ruling: Ruling
    game: Game
    hand: str | None
    """The hand's id (``hand`` in the header), as text."""
    table: str | None
    dealer: str | None


def screen_line(line: bytes | str, *, rulebook: Rulebook | str | None = None) -> Screened | None:
    """The clean ruling of a hand log of the usual shape in which nothing went wrong; else ``None``.

    ``rulebook`` overrides the log's own, as in ``hand.rule``.
    """
    facts = scan(line)
    if facts is not None:
        ruling = _ruling_of_facts(facts, rulebook)
        if ruling is not None:
            game, _own, _heads_up, _dead, _actions, hand, table, dealer = facts
            return Screened(ruling=ruling, game=KERNEL_GAMES[game], hand=hand, table=table, dealer=dealer)
    return screen_line_in_python(line, rulebook=rulebook)


def screen_line_in_python(line: bytes | str, *, rulebook: Rulebook | str | None = None) -> Screened | None:
    """``screen_line`` without the kernel in C: the line decoded by ``msgspec`` and followed by ``Hand``.

    ``screen_line`` comes here for every line the kernel steps aside from (and for every line
    when the kernel was not built).
    """
    header = _decode(line)
    if header is None:
        return None
    try:
        ruling = _screen(header, line, rulebook)
        if ruling is None:
            return None
        return Screened(ruling=ruling, game=header.game, hand=_meta(header.hand), table=_meta(header.table),
                        dealer=_meta(header.dealer))
    except Unusual:
        return None


def ruling_of_line(line: bytes | str, *, rulebook: Rulebook | str | None = None) -> Ruling:
    """The last ruling on the hand log in ``line``: ``rule(handlog.loads(line)).ruling``, quicker for the usual hand.

    Raises what ``handlog.loads`` raises for a line it cannot read.
    """
    facts = scan(line)
    if facts is not None:
        ruling = _ruling_of_facts(facts, rulebook)
        if ruling is not None:
            return ruling
    header = _decode(line)
    if header is not None:
        try:
            ruling = _screen(header, line, rulebook)
        except Unusual:
            ruling = None
        if ruling is not None:
            return ruling
    return rule(handlog.loads(line), rulebook=rulebook).ruling


def _decode(line: bytes | str) -> Header | None:
    """The header and events of a line of the usual shape; ``None`` for any other (or for text that is not JSON).

    The decoder refuses what the full reader reads otherwise: a lone surrogate escape, bytes that
    are not UTF-8, ``NaN``. A ``str`` holding a lone surrogate itself is left to the full reader.
    """
    if type(line) is str:
        if not line.isascii() and _SURROGATE.search(line):
            return None
    elif type(line) is not bytes:
        return None
    try:
        return DECODER.decode(line)
    except msgspec.MsgspecError:
        return None


def _meta(value: object) -> str | None:
    if value is _UNSET or value is None:
        return None
    return str(value)


def _screen(h: Header, line: bytes | str, rulebook: Rulebook | str | None) -> Ruling | None:
    """The clean ruling, or ``None`` (or ``Unusual``) for a hand the screen does not follow to the end.

    The header's fields are read at once, in the order ``Header`` declares them (``astuple``).
    """
    (version, game, seats, level, players, events, own_book, structure, button, omits,
     hand_id, table, tournament, dealer, time, phh) = _FIELDS_OF(h)
    if version != 1 or not 2 <= seats <= MAX_SEATS:
        return None
    spec = FLOP_GAMES.get(game)
    if spec is None or button is _UNSET or not 1 <= button <= seats:
        return None
    hole_cards, short_deck, default_structure = spec
    keys = 7  # floorman, game, seats, level, players, events, button
    if structure is _UNSET:
        structure = default_structure
    else:
        keys += 1
    burns_omitted = order_omitted = False
    if omits is not _UNSET:
        burns_omitted = _BURNS in omits
        order_omitted = _DEAL_ORDER in omits
        keys += 1
    if own_book is _UNSET:
        own_book = None
    else:
        keys += 1
    try:
        book = book_of(rulebook, own_book)
    except UnknownRulebookError:
        return None
    for meta in (hand_id, table, tournament, dealer, time):
        if meta is not _UNSET:
            keys += 1
    if phh is not _UNSET:
        keys += 1 + len(phh)
    (number, _small_blind, big_blind, _ante, _bb_ante, _bring_in, small_bet, big_bet) = amounts = _FIELDS_OF(level)
    if number is not _UNSET:
        if not 0 <= number <= LEVEL_NUMBER_MAX:
            return None
        keys += 1
    for amount in amounts[1:]:
        if amount is not _UNSET:
            chips(amount)  # (the reader's checks)
            keys += 1
    hand = Hand(
        seats=seats, button=button, hole_cards=hole_cards, short=short_deck,
        limit=structure is _LIMIT, burns_omitted=burns_omitted, order_omitted=order_omitted,
        big_blind=_amount(big_blind), small_bet=_amount(small_bet), big_bet=_amount(big_bet),
    )
    for player in players:
        number, _name, stack = _FIELDS_OF(player)
        hand.sit(number, chips(stack))
    hand.seated()
    keys += 3 * len(players)
    keys += _play(hand, events)
    if not hand.is_clean_at_end() or not _keys_alike(line, keys):
        return None
    return _clean(hand, book)


def _clean(hand: Hand, book: Rulebook) -> Ruling:
    """The engine's clean ruling on a hand the screen in Python followed to the end."""
    dead_button = (hand.at[hand.button] is None
                   or (hand.bb_seat != 0 and hand.sb_seat == 0 and len(hand.order) > 2))
    return clean_of(book, heads_up=len(hand.order) == 2, dead_button=dead_button, actions=hand.actions)


def _ruling_of_facts(facts: Facts, rulebook: Rulebook | str | None) -> Ruling | None:
    """The engine's clean ruling on a hand the kernel followed to the end (``None``: an unknown rulebook)."""
    _game, own, heads_up, dead_button, actions, _hand, _table, _dealer = facts
    try:
        book = book_of(rulebook, own)
    except UnknownRulebookError:
        return None
    return clean_of_codes(book, heads_up=heads_up, dead_button=dead_button, codes=actions)


def screen_log(log: HandLog, *, rulebook: Rulebook | str | None = None) -> Ruling | None:
    """The clean ruling of a hand log already read (from PHH, say) in which nothing went wrong; else ``None``.

    ``None`` leaves the log to ``hand.rule``, which says what is wrong (or rules on what the screen
    does not follow).
    """
    spec = log.spec
    button = log.button
    if (spec.family is not Family.FLOP or button is None or log.button_should_be is not None
            or log.redeal_of is not None or log.deck_back is not None or log.deck_ext):
        return None
    try:
        book = book_of(rulebook, log.rulebook)
    except UnknownRulebookError:
        return None
    level = log.level
    limit = log.effective_structure is Structure.LIMIT
    burns_omitted, order_omitted = Omission.BURNS in log.omits, Omission.DEAL_ORDER in log.omits
    facts = follow_log(log.game, log.seats, button, limit, burns_omitted, order_omitted, level, log.players,
                       log.events)  # the kernel in C (it steps aside for a decimal amount, among others)
    if facts is not None:
        heads_up, dead_button, actions = facts
        return clean_of_codes(book, heads_up=heads_up, dead_button=dead_button, codes=actions)
    hand = Hand(
        seats=log.seats, button=button, hole_cards=spec.hole_cards, short=spec.short_deck, limit=limit,
        burns_omitted=burns_omitted, order_omitted=order_omitted, big_blind=level.big_blind,
        small_bet=level.small_bet, big_bet=level.big_bet,
    )
    return _screen_log_in_python(log, book, hand)


def _screen_log_in_python(log: HandLog, book: Rulebook, hand: Hand) -> Ruling | None:
    """``screen_log`` without the kernel in C: the log's players and events followed by ``hand``, under ``book``."""
    try:
        for player in log.players:
            if player.status is not PlayerStatus.PRESENT:
                return None
            hand.sit(player.seat, player.stack)
        hand.seated()
        _follow(hand, log.events)
    except Unusual:
        return None
    return _clean(hand, book) if hand.is_clean_at_end() else None


def ruling_of_log(log: HandLog, *, rulebook: Rulebook | str | None = None) -> Ruling:
    """The last ruling on a hand log already read: ``rule(log).ruling``, quicker for the usual hand."""
    ruling = screen_log(log, rulebook=rulebook)
    return ruling if ruling is not None else rule(log, rulebook=rulebook).ruling


# -- the events, into the hand's steps -----------------------------------------------------

def _play(hand: Hand, events: list[DecodedEvent]) -> int:
    """Follow every event of a decoded log with the hand's steps; the number of keys their objects gave.

    Each event's fields are read at once, in the order its type declares them (``astuple``):
    one call in place of an attribute lookup per field.
    """
    keys = 0
    act_type, deal_type, board_type, post_type, show_type, muck_type = Act, Deal, Board, Post, Show, Muck
    burn_type, pot_type = Burn, PotAwarded
    unset = _UNSET
    fields_of = astuple
    for ev in events:
        kind = type(ev)
        fields = fields_of(ev)
        if kind is deal_type:
            seat, card, face_up = fields  # Deal: seat, card, face_up
            if card is unset:
                card = "??"
                keys += 2
            else:
                keys += 3
            if face_up is not unset:
                if face_up:
                    raise Unusual  # dealt face up: an exposed card
                keys += 1
            hand.deal(seat, card)
        elif kind is act_type:
            seat, action, to = fields  # Act: seat, action, to
            if to is unset:
                keys += 3
                hand.act(seat, action, None)
            else:
                keys += 4
                hand.act(seat, action, chips(to))
        elif kind is board_type:
            card, face_up = fields  # Board: card, face_up
            keys += 1
            if card is unset:
                card = "??"
            else:
                keys += 1
            if face_up is not unset:
                if not face_up:
                    raise Unusual
                keys += 1
            hand.board_card(card)
        elif kind is post_type:
            seat, blind, amount = fields  # Post: seat, blind, amount
            keys += 4
            hand.post(seat, blind, chips(amount))
        elif kind is show_type:
            seat, cards = fields  # Show: seat, cards
            if cards is unset:
                keys += 2
                hand.show(seat, [])
            else:
                keys += 3
                hand.show(seat, cards)
        elif kind is muck_type:
            seat, by = fields  # Muck: seat, by
            keys += 2 if by is unset else 3
            hand.muck(seat)
        elif kind is burn_type:
            (card,) = fields  # Burn: card
            if card is unset:
                keys += 1
                hand.burn("??")
            else:
                keys += 2
                hand.burn(card)
        else:  # the pot awarded (the hand is over: ``hand._pot_awarded``), or the next hand begun
            keys += 1
            if kind is pot_type:
                hand.hand_over = True
    return keys

def _follow(hand: Hand, events: tuple[Event, ...]) -> None:
    """Follow every event of a hand log already read (``HandLog.events``): the kinds ``_play`` knows, each plain."""
    for ev in events:
        if ev.ext is not None:
            raise Unusual  # a private field on the event
        if type(ev) is CardDealt:
            if ev.face_up or ev.back is not None or ev.boxed or ev.replacement:
                raise Unusual
            hand.deal(ev.seat, ev.card)
        elif type(ev) is PlayerActed:
            hand.act(ev.seat, ev.action, ev.to)
        elif type(ev) is BoardCardDealt:
            if not ev.face_up or ev.back is not None:
                raise Unusual
            hand.board_card(ev.card)
        elif type(ev) is BlindPosted:
            hand.post(ev.seat, ev.blind, ev.amount)
        elif type(ev) is HandShown:
            hand.show(ev.seat, list(ev.cards))
        elif type(ev) is HandMucked:
            hand.muck(ev.seat)
        elif type(ev) is CardBurned:
            hand.burn(ev.card)
        elif type(ev) is PotAwardedEvent:
            hand.hand_over = True
        elif type(ev) is not NextHandBegan:
            raise Unusual  # an irregularity reported, a floor call, a player coming or going...


def _amount(value: object) -> Chips:
    return 0 if value is _UNSET else chips(value)


def _keys_alike(line: bytes | str, keys: int) -> bool:
    """No key was given twice: the text has as many keys as the decoded values hold.

    Every key is followed by a colon: as many colons as keys settles it. Otherwise (a colon in a
    string) the keys are counted as ``_quick._decoded_alike`` counts them.
    """
    data = line if isinstance(line, bytes) else line.encode("utf-8")
    colons = data.count(b":")
    if colons == keys:
        return True
    if data.count(b'":') != keys:
        return False
    return not any(pattern in data for pattern in _KEY_WHITESPACE)


