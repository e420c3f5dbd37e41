"""The table and its events in words, as a dealer would call them out (English or Vietnamese).

>>> from floorman.drill.hands import bundled_hands, rebuild
>>> from floorman.formats import handlog
>>> hand = next(h for h in bundled_hands() if h.source == "dwan-ivey-2009.phh")
>>> log = handlog.from_obj(rebuild(hand.obj()))
>>> print("\\n".join(table_lines(log, Lang.EN)))
No-limit Hold'em, 3 seats, button on seat 3, blinds 1,000/2,000, ante 500
  Seat 1  Phil Ivey            1,125,600
  Seat 2  Patrik Antonius      2,000,000
  Seat 3  Tom Dwan               553,500
  [A♠] = a card face down
>>> [event_line(log, e, Lang.VI) for e in log.events[3:6]]
['Ghế 1 (Phil Ivey) đặt small blind: 1.000', 'Ghế 2 (Patrik Antonius) đặt big blind: 2.000', 'Chia cho ghế 1: [A♣] úp']

A round of ordinary deals is one line; a card out of the ordinary (face up, boxed, with another
back) has a line of its own:

>>> event_lines(log, Lang.EN)[5]
'Deal: seat 1 [A♣] · seat 2 [??] · seat 3 [7♥]'
"""

from __future__ import annotations

from floorman.drill.model import Lang
from floorman.drill.words import card_text, chips, colour_vi, pick
from floorman.events import (
    Action,
    BlindPosted,
    BoardCardDealt,
    BoxedCardFound,
    CardBurned,
    CardDealt,
    CardExposed,
    CardsDiscarded,
    Defect,
    DefectDiscovered,
    Event,
    ExposedBy,
    FloorCalled,
    HandMucked,
    HandShown,
    PlayerActed,
    PlayerArrived,
    PlayerLeft,
    PlayerSeated,
    PotAwarded,
)
from floorman.locale import game_text
from floorman.log import HandLog
from floorman.table import Family, Level, PlayerStatus

__all__ = ["event_line", "event_lines", "level_text", "table_lines"]

_BLINDS = {"sb": "small blind", "bb": "big blind", "ante": "ante", "bb_ante": "big blind ante",
           "straddle": "straddle", "bring_in": "bring-in", "dead": "dead blind"}
_STATUS = {PlayerStatus.ABSENT: ("away from the table", "vắng mặt"),
           PlayerStatus.PENALIZED: ("on penalty", "đang bị phạt"),
           PlayerStatus.WAITING: ("waiting for the button", "chờ button đi qua"),
           PlayerStatus.REDEAL_DEAD: ("dealt dead", "bị hủy bài")}


def level_text(level: Level, lang: str) -> str:
    """The stakes: ``blinds 1,000/2,000, big blind ante 2,000`` (the room's words in Vietnamese too)."""
    parts = []
    if level.small_blind or level.big_blind:
        parts.append(f"blinds {chips(level.small_blind, lang)}/{chips(level.big_blind, lang)}")
    if level.small_bet or level.big_bet:
        parts.append(f"{'giới hạn cược' if lang == Lang.VI else 'limits'} "
                     f"{chips(level.small_bet, lang)}/{chips(level.big_bet, lang)}")
    for amount, name in ((level.ante, "ante"), (level.big_blind_ante, "big blind ante"), (level.bring_in, "bring-in")):
        if amount:
            parts.append(f"{name} {chips(amount, lang)}")
    if level.number is not None:
        parts.insert(0, f"{'cấp độ' if lang == Lang.VI else 'level'} {level.number}")
    return ", ".join(parts)


def table_lines(log: HandLog, lang: str) -> list[str]:
    """The table before the deal: game, seats, button, stakes, then one line per player."""
    game = game_text(log.game, log.effective_structure, lang)
    level = level_text(log.level, lang)
    if lang == Lang.VI:
        head = f"{game}, {log.seats} ghế"
        head += f", button ở ghế {log.button}" if log.button else ""
    else:
        head = f"{game}, {log.seats} seats"
        head += f", button on seat {log.button}" if log.button else ""
    lines = [f"{head}, {level}"]
    word = "Ghế" if lang == Lang.VI else "Seat"
    for p in log.players:
        status = f"   ({pick(_STATUS[p.status], lang)})" if p.status in _STATUS else ""
        lines.append(f"  {word} {p.seat:<2} {p.name:<18} {chips(p.stack, lang):>11}{status}")
    if log.deck_back:
        lines.append(f"  Bộ bài: mặt sau màu {colour_vi(log.deck_back)}" if lang == Lang.VI
                     else f"  Deck: {log.deck_back} backs")
    lines.append("  [A♠] = lá bài úp" if lang == Lang.VI else "  [A♠] = a card face down")
    return lines


def _who(log: HandLog, seat: int, lang: str) -> str:
    player = log.player_at(seat)
    word = "Ghế" if lang == Lang.VI else "Seat"
    return f"{word} {seat} ({player.name})" if player else f"{word} {seat}"


def _face(card: str, face_up: bool) -> str:
    return card_text(card) if face_up else f"[{card_text(card)}]"


def _back(back: str | None, lang: str) -> str:
    if not back:
        return ""
    return f", mặt sau màu {colour_vi(back)}" if lang == Lang.VI else f", {back} back"


def _act(log: HandLog, e: PlayerActed, lang: str) -> str:
    who = _who(log, e.seat, lang)
    to = chips(e.to, lang) if e.to is not None else ""
    if lang == Lang.VI:
        verbs = {Action.FOLD: "fold", Action.CHECK: "check", Action.CALL: "call", Action.BET: f"bet {to}",
                 Action.RAISE: f"raise lên {to}", Action.COMPLETE: f"complete lên {to}", Action.ALL_IN: "all-in"}
    else:
        verbs = {Action.FOLD: "folds", Action.CHECK: "checks", Action.CALL: "calls", Action.BET: f"bets {to}",
                 Action.RAISE: f"raises to {to}", Action.COMPLETE: f"completes to {to}", Action.ALL_IN: "is all in"}
    return f"{who} {verbs[e.action].strip()}"


def _deal(log: HandLog, e: CardDealt, lang: str, *, up_expected: bool | None = None) -> str:
    """A card to a seat; ``up_expected`` says whether it should be face up (by default: a stud card is)."""
    vi = lang == Lang.VI
    if e.boxed:
        return (f"Lá bài chia cho ghế {e.seat} đã lật ngửa sẵn trong bộ bài: {card_text(e.card)}{_back(e.back, lang)}"
                if vi else f"The card for seat {e.seat} comes off the deck already face up: "
                f"{card_text(e.card)}{_back(e.back, lang)}")
    up = e.face_up
    how = ("ngửa" if up else "úp") if vi else ("face up" if up else "face down")
    if up and not (log.spec.family is Family.STUD if up_expected is None else up_expected):
        how = "LẬT NGỬA" if vi else "FACE UP"
    extra = (" (lá thay thế)" if vi else " (replacement)") if e.replacement else ""
    head = f"Chia cho ghế {e.seat}" if vi else f"Deal to seat {e.seat}"
    return f"{head}: {_face(e.card, up)} {how}{extra}{_back(e.back, lang)}"


def _discover(e: DefectDiscovered, lang: str) -> str:
    vi = lang == Lang.VI
    where = {"hand": ("in a hand", "trong bài của người chơi"), "board": ("on the board", "trên board"),
             "stub": ("in the stub", "trong phần bài còn lại (stub)")}
    place = pick(where[e.where.value], lang) if e.where else ""
    if e.what is Defect.FOREIGN_BACK:
        return (f"Phát hiện: một lá bài có mặt sau khác màu {place}" if vi
                else f"Found: a card with a different back {place}").strip()
    if e.what is Defect.DUPLICATE:
        return f"Phát hiện: hai lá {card_text(e.card)}" if vi else f"Found: two {card_text(e.card)}"
    return f"Phát hiện: {e.what.value}" if vi else f"Found: {e.what.value.replace('_', ' ')}"


def event_line(log: HandLog, e: Event, lang: str) -> str:
    """One event, as the dealer or the floor would say it."""
    vi = lang == Lang.VI
    if isinstance(e, BlindPosted):
        return f"{_who(log, e.seat, lang)} {'đặt' if vi else 'posts the'} {_BLINDS[e.blind.value]}: {chips(e.amount, lang)}"
    if isinstance(e, CardDealt):
        return _deal(log, e, lang)
    if isinstance(e, PlayerActed):
        return _act(log, e, lang)
    if isinstance(e, CardBurned):
        return "Đốt bài" if vi else "Burn"
    if isinstance(e, BoardCardDealt):
        how = "" if e.face_up else (" úp" if vi else " face down")
        return f"Board: {_face(e.card, e.face_up)}{how}{_back(e.back, lang)}"
    if isinstance(e, CardExposed):
        how = f" ({e.how})" if e.how else ""
        if e.by is ExposedBy.PLAYER:
            return (f"Ghế {e.seat} tự để lộ lá bài của mình: {card_text(e.card)}" if vi
                    else f"Seat {e.seat} exposes his own card: {card_text(e.card)}")
        return (f"Dealer làm lộ lá bài của ghế {e.seat}: {card_text(e.card)}" if vi
                else f"The dealer exposes seat {e.seat}'s card{how}: {card_text(e.card)}")
    if isinstance(e, BoxedCardFound):
        return (f"Phát hiện một lá bài lật ngửa trong bộ bài: {card_text(e.card)}" if vi
                else f"A card is found face up in the deck: {card_text(e.card)}")
    if isinstance(e, CardsDiscarded):
        return f"Ghế {e.seat} đổi {e.count} lá" if vi else f"Seat {e.seat} discards {e.count}"
    if isinstance(e, HandShown):
        cards = " ".join(card_text(c) for c in e.cards)
        return f"Ghế {e.seat} lật bài: {cards}" if vi else f"Seat {e.seat} shows {cards}"
    if isinstance(e, HandMucked):
        return f"Bài của ghế {e.seat} bị bỏ vào muck" if vi else f"Seat {e.seat}'s hand goes into the muck"
    if isinstance(e, DefectDiscovered):
        return _discover(e, lang)
    if isinstance(e, PlayerArrived):
        return (f"{_who(log, e.seat, lang)} trở lại chỗ ngồi" if vi
                else f"{_who(log, e.seat, lang)} comes back to his seat")
    if isinstance(e, PlayerLeft):
        return f"{_who(log, e.seat, lang)} rời bàn" if vi else f"{_who(log, e.seat, lang)} leaves the table"
    if isinstance(e, PlayerSeated):
        return (f"Người chơi mới vào bàn ở ghế {e.seat}: {e.name}" if vi
                else f"A new player sits down in seat {e.seat}: {e.name}")
    if isinstance(e, FloorCalled):
        return "GỌI FLOOR!" if vi else "FLOOR!"
    if isinstance(e, PotAwarded):
        return "Trao pot" if vi else "The pot is pushed"
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
    head = "Chia bài" if lang == Lang.VI else "Deal"
    word = "ghế" if lang == Lang.VI else "seat"
    return f"{head}: " + " · ".join(f"{word} {d.seat} {_face(d.card, d.face_up)}" for d in deals)


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
