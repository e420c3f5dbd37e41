"""What the live hand page shows: the table as it stands, the ruling so far and the meter, the
quick deal buttons that fit the moment, and the hand's log."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Any, Final

from floorman.fold.events import BoardCardDealt
from floorman.fold.table import Family, Game, Level, Street, Structure
from floorman.fold.view import HandView
from floorman.locale import LevelWords, say
from floorman.locale import game_text as locale_game_text
from floorman.locale import level_text as locale_level_text
from floorman.web.event_words import cause_name, describe_batch
from floorman.web.i18n import N_, Translator
from floorman.web.live_hands import LiveHand
from floorman.web.quick_deal import next_board_street
from floorman.web.rendering import format_chips
from floorman.web.ruling_view import RulingView, ruling_view
from floorman.web.ruling_words import street_name
from floorman.web.sa_meter import SaMeter, sa_meter

__all__ = [
    "BoardCard",
    "CarriedWords",
    "LiveView",
    "SeatView",
    "board_cards",
    "carried_words",
    "game_text",
    "level_text",
    "live_view",
    "seat_views",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    seat: int
    name: str
    status: str
    present: bool
    occupied: bool
    held: int
    shown: tuple[str, ...]
    bet: str
    """The chips in front of the seat: its bet on this street."""
    stack: str
    """The chips it has behind."""
    folded: bool
    dead: bool
    button: bool
    to_act: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardCard:
    card: str
    """The card (``Kd``), or ``▢`` when it is not known or lies face down."""
    face_up: bool


def board_cards(state: HandView) -> tuple[BoardCard, ...]:
    """The board as it lies: a card dealt face down (a fourth flop card, say) is drawn as a card back."""
    down = Counter(e.card for e in state.log.events if isinstance(e, BoardCardDealt) and not e.face_up)
    out = []
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        for card in state.board.get(street, []):
            if down[card] > 0:
                down[card] -= 1
                out.append(BoardCard(card="▢", face_up=False))
            else:
                out.append(BoardCard(card="▢" if card == "??" else card, face_up=True))
    return tuple(out)


@dataclass(frozen=True, slots=True, kw_only=True)
class LogLine:
    number: int
    text: str
    at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveView:
    hand_id: int
    seq: int
    table_name: str
    hand_number: str
    dealer: str
    level: str
    book_short: str
    game: str
    replay_count: int
    top_row: tuple[SeatView, ...]
    bottom_row: tuple[SeatView, ...]
    seats: tuple[SeatView, ...]
    board: tuple[BoardCard, ...]
    pot: str
    to_act: int | None
    banner: RulingView
    banner_summary: str
    meter: SaMeter
    meter_text: str
    meter_hint: str
    oot_note: str
    """When a seat acted out of turn: the engine's account of substantial action, which says why it does not count."""
    pending: bool
    over: bool
    cancelled: bool
    closed: bool
    can_deal_initial: bool
    next_street: str | None
    next_street_name: str
    stud_street: bool
    bring_in: bool
    limit: bool
    raise_presets: tuple[int, ...]
    lines: tuple[LogLine, ...]
    can_undo: bool
    occupied_seats: tuple[int, ...]
    hole_cards: int
    replay_hand_id: int | None
    replay_of: int | None
    can_correct_deal: bool = False
    """The initial deal is over (a flop game): a deal error noticed now can still be entered."""
    omits: tuple[str, ...] = ()
    """What a reconstructed hand's log does not record (the log's ``omits``)."""
    carried: CarriedWords | None = None
    """A hand reconstructed from what the table said: the facts carried over from the last hand that it was ruled
    with, each as carried over or as the floor corrected it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedWords:
    """The facts a hand told to the floor rests on, carried over from the table's last hand, as the pages say
    them: the button, the level and the seats dealt in, each as carried over or as the floor corrected it
    (the level and the seats are absent from a hand filed before they were recorded; a stud table has no
    button)."""

    button: int | None
    button_corrected: bool = False
    level: str = ""
    level_corrected: bool = False
    seats: str = ""
    players_corrected: bool = False


def carried_words(carried: object, t: Translator) -> CarriedWords | None:
    """The words for a reconstructed hand's record of what it carried over (its header's ``_carried_over``)."""
    if not isinstance(carried, Mapping) or "button" not in carried:
        return None
    button = carried["button"]
    if button is not None and not isinstance(button, int):
        return None
    level = carried.get("level")
    named = {f.name for f in dataclass_fields(Level)}
    dealt = carried.get("dealt")
    return CarriedWords(
        button=button, button_corrected=bool(carried.get("corrected")),
        level=level_text(Level(**{k: v for k, v in level.items() if k in named}), t)
        if isinstance(level, Mapping) else "",
        level_corrected=bool(carried.get("level_corrected")),
        seats=", ".join(str(s) for s in dealt) if isinstance(dealt, list) else "",
        players_corrected=bool(carried.get("players_corrected")))


def seat_views(state: HandView, t: Translator, to_act: int | None = None) -> list[SeatView]:
    """Each seat as the felt shows it: the chips it has bet on this street (antes and the big-blind ante
    go straight to the pot and are not a bet), and the chips it has behind."""
    out = []
    for n in range(1, state.log.seats + 1):
        seat = state.seats.get(n)
        if seat is None:
            out.append(SeatView(seat=n, name="", status="empty", present=False, occupied=False, held=0, shown=(),
                                bet="", stack="", folded=False, dead=False, button=state.log.button == n,
                                to_act=False))
            continue
        shown = tuple(c.card if c.card != "??" else "▢" for c in seat.live_cards if c.face_up or c.exposed)
        out.append(SeatView(
            seat=n, name=seat.name or "", status=seat.status.value, present=seat.present, occupied=True,
            held=seat.held, shown=shown, bet=format_chips(seat.street_bet, t.locale) if seat.street_bet else "",
            stack=format_chips(max(seat.remaining, 0), t.locale), folded=seat.folded, dead=seat.dead,
            button=state.log.button == n, to_act=to_act == n,
        ))
    return out


def out_of_turn_events(state: HandView) -> set[int]:
    """The places in the hand log of the actions taken out of turn."""
    return {state.acted_at[i] for i in range(state.action_count) if not state.is_in_turn(i)}


def game_text(game: Game, structure: Structure, t: Translator) -> str:
    """The game as the table names it: ``No-limit Hold'em``, ``Limit Seven-card stud`` (the catalog's ``game.*``)."""
    return locale_game_text(game, structure, t.locale)


_HEADER_LEVEL: Final = LevelWords(
    number=N_("console.live_view.level_n"), blinds=None, limits=N_("console.live_view.limits_small_big"),
    ante=N_("console.live_view.ante_amount"), big_blind_ante=N_("console.live_view.big_blind_ante_amount"),
    bring_in=N_("console.live_view.bring_in_amount"), joiner=" · ", printf=True)
"""How the page header says a level (the console's ``console.live_view.*`` entries)."""


def level_text(level: Level, t: Translator) -> str:
    """The level as the page header shows it: ``Level 7 · 200/400 · big-blind ante 400``."""
    return locale_level_text(level, t.locale, _HEADER_LEVEL)


def _presets(state: HandView) -> tuple[int, ...]:
    big = int(state.level.big_blind or state.level.small_bet or 1)
    facing = int(state.current_bet)
    if facing <= 0:
        sizes = [big, 2 * big, 3 * big]
    else:
        minimum = facing + max(int(state.last_raise), big)
        sizes = [minimum, int(facing * 2.5), 3 * facing]
    return tuple(sorted({s for s in sizes if s > facing}))[:3]


def live_view(live: LiveHand, t: Translator, *, replay_hand_id: int | None = None) -> LiveView:
    result = live.result
    state = result.view
    book = live.book
    banner_ruling = live.current_ruling
    pending = live.pending_ruling is not None
    over = live.over
    to_act = None if (pending or over) else state.next_to_act
    seats = seat_views(state, t, to_act)
    half = (len(seats) + 1) // 2
    causes = [cause_name(f.irregularity.value, t) for f in banner_ruling.findings]
    if not causes and not pending:
        causes = [cause_name(f.irregularity.value, t) for f in result.findings if f.at is not None]
    summary = ", ".join(dict.fromkeys(causes)) or t.gettext("console.live_view.no_irregularity_so_far")
    meter = sa_meter(live.hand)
    street = next_board_street(state)
    batches: dict[int, list[Any]] = {}
    at: dict[int, int] = {}  # a logged event's place in the hand log (the engine's event index)
    for index, e in enumerate(live.events):
        batches.setdefault(e.batch, []).append(e)
        at[id(e)] = index
    out_of_turn = out_of_turn_events(state)
    out_of_turn_words = t.gettext("console.common.out_of_turn_2")
    lines = tuple(
        LogLine(number=i + 1, text=describe_batch([e.event for e in group], t)
                + (f" ({out_of_turn_words})" if any(at[id(e)] in out_of_turn for e in group) else ""),
                at=group[0].logged_at)
        for i, group in enumerate(batches.values())
    )
    oot_note = ""
    if out_of_turn:
        oot_note = say(live.hand.sa_reason(), t.locale)
    last_kinds = {str(e.event.get("type")) for e in (list(batches.values())[-1] if batches else [])}
    redeal_of = live.log.redeal_of
    return LiveView(
        hand_id=live.record.id, seq=live.seq, table_name=live.record.table_name,
        hand_number=live.record.hand_number, dealer=live.record.dealer, level=level_text(live.log.level, t),
        book_short=book.short, game=game_text(live.log.game, live.log.effective_structure, t), replay_count=redeal_of.count if redeal_of else 0,
        top_row=tuple(seats[:half]), bottom_row=tuple(reversed(seats[half:])), seats=tuple(seats),
        board=board_cards(state), pot=format_chips(state.pot, t.locale), to_act=to_act,
        banner=ruling_view(banner_ruling, book, t), banner_summary=summary, meter=meter,
        meter_text=meter.text(t), meter_hint=meter.hint(t), oot_note=oot_note, pending=pending, over=over,
        cancelled=live.cancelled, closed=live.record.closed_at is not None,
        can_deal_initial=state.initial_open and len(state.initial_seats) < state.spec.hole_cards * max(
            len(state.entitled_order()), 1),
        next_street=street.value if street is not None and not state.initial_open else None,
        next_street_name=street_name(street.value, t) if street is not None else "",
        stud_street=state.spec.family is Family.STUD and not state.initial_open,
        bring_in=state.is_stud and state.bring_in_seat is None and bool(state.level.bring_in),
        limit=live.log.effective_structure is Structure.LIMIT,
        raise_presets=_presets(state), lines=lines,
        can_undo=bool(live.events) and "ruling_applied" not in last_kinds and not live.record.closed_at,
        occupied_seats=tuple(s.seat for s in seats if s.occupied), hole_cards=state.spec.hole_cards,
        replay_hand_id=replay_hand_id, replay_of=live.record.replay_of,
        omits=tuple(sorted(o.value for o in live.log.omits)),
        carried=carried_words(live.log.ext.get("_carried_over"), t),
        can_correct_deal=bool(state.initial_seats) and state.spec.family is Family.FLOP and not (
            state.initial_open and len(state.initial_seats) < state.spec.hole_cards * max(
                len(state.entitled_order()), 1)),
    )
