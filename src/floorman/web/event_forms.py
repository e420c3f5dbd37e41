"""The live page's forms, turned into hand-log events: the action pad, the quick deal, and the
other events (exposed and boxed cards, burns, board cards, discoveries, players coming and going)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from floorman.fold.view import HandView
from floorman.web.problems import InvalidInput
from floorman.web.quick_deal import DealFlaws, board_street, initial_deal, stud_street

__all__ = ["EVENT_KINDS", "action_event", "deal_events", "deal_flaws", "other_event"]

Event = dict[str, Any]
Form = Mapping[str, str]
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


def _seat(form: Form, name: str, state: HandView, *, required: bool = True) -> int | None:
    raw = form.get(name, "").strip()
    if not raw:
        if required:
            raise InvalidInput("error.web.event_forms.tap_seat_first", field=name)
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= state.log.seats:
        raise InvalidInput("error.web.event_forms.seat_at_table", field=name, raw=raw)
    return int(raw)


def _number(form: Form, name: str, *, low: int, high: int, default: int | None = None) -> int:
    raw = form.get(name, "").strip().replace(",", "")
    if not raw and default is not None:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise InvalidInput("error.web.event_forms.expected_number_from", field=name, low=low, high=high)
    return int(raw)


def _card(form: Form) -> str:
    rank, suit = form.get("rank", ""), form.get("suit", "")
    if rank in _RANKS and suit in _SUITS and rank and suit:
        return rank + suit
    if form.get("card", "") == "JK":
        return "JK"
    return "??"


def _with_card(event: Event, form: Form) -> Event:
    card = _card(form)
    if card != "??":
        event["card"] = card
    return event


def action_event(form: Form, state: HandView) -> Event:
    """The action pad: a seat and a move such as ``fold``, ``call``, ``raise:1000`` or ``raise:custom``; a call
    by a seat that has nothing to call is its check."""
    seat = _seat(form, "seat", state)
    move = form.get("move", "")
    if move == "bring_in":
        return {"type": "post", "seat": seat, "blind": "bring_in", "amount": state.level.bring_in}
    action, _, size = move.partition(":")
    if action not in ("fold", "check", "call", "bet", "raise", "complete", "all_in"):
        raise InvalidInput("error.web.event_forms.unknown_move", field="move", move=repr(move))
    held = state.seats.get(seat) if seat is not None else None
    if action == "call" and held is not None and held.street_bet >= state.current_bet:
        action = "check"  # a call with nothing to call (the big blind when everyone limped) is a check
    event: Event = {"type": "act", "seat": seat, "action": action}
    if size == "custom":
        event["to"] = _number(form, "amount", low=1, high=10**12)
    elif size:
        event["to"] = _number({"to": size}, "to", low=1, high=10**12)
    return event


def _pair(form: Form, seat_field: str, card_field: str, state: HandView) -> tuple[int, int] | None:
    seat = _seat(form, seat_field, state, required=False)
    if seat is None:
        return None
    return seat, _number(form, card_field, low=1, high=state.spec.hole_cards, default=1)


def deal_flaws(form: Form, state: HandView) -> DealFlaws:
    """What went wrong in the deal: ``first_seat``, ``skipped_seat``, ``face_up_seat`` and ``face_up_card``,
    ``boxed_seat`` and ``boxed_card``."""
    return DealFlaws(
        first_seat=_seat(form, "first_seat", state, required=False),
        skipped_seat=_seat(form, "skipped_seat", state, required=False),
        face_up=_pair(form, "face_up_seat", "face_up_card", state),
        boxed=_pair(form, "boxed_seat", "boxed_card", state),
    )


def deal_events(form: Form, state: HandView) -> list[Event]:
    """The quick deal: ``deal`` = all | round (with what went wrong), ``board`` = 3 | 4 | 5 | noburn,
    ``stud_street``."""
    deal = form.get("deal", "")
    if deal in ("all", "round"):
        return initial_deal(state, rounds=1 if deal == "round" else None, flaws=deal_flaws(form, state))
    board = form.get("board", "")
    if board == "noburn":
        return board_street(state, burn=False)
    if board:
        return board_street(state, cards=_number({"n": board}, "n", low=1, high=6))
    if form.get("stud_street"):
        return stud_street(state)
    raise InvalidInput("error.web.event_forms.choose_what_deal", field="deal")


def _expose(form: Form, state: HandView) -> Event:
    event: Event = {"type": "expose", "seat": _seat(form, "seat", state),
                    "by": "player" if form.get("by") == "player" else "dealer"}
    index = form.get("index", "").strip()
    if index:
        event["index"] = _number(form, "index", low=1, high=52)
    return _with_card(event, form)


def _foreign(where: str) -> Callable[[Form, HandView], Event]:
    def build(form: Form, state: HandView) -> Event:
        event: Event = {"type": "discover", "what": "foreign_back", "where": where}
        if where == "hand":
            event["seat"] = _seat(form, "seat", state)
        return _with_card(event, form)
    return build


def _count_by_player(form: Form, state: HandView) -> Event:
    """A wrong count a player caused (took or swapped cards): hand log 1.1's ``caused_by``."""
    event = _discover("wrong_count", seat=True)(form, state)
    event["caused_by"] = "player"
    return event


def _discover(what: str, *, seat: bool = False) -> Callable[[Form, HandView], Event]:
    def build(form: Form, state: HandView) -> Event:
        event: Event = {"type": "discover", "what": what}
        if seat:
            chosen = _seat(form, "seat", state, required=what in ("wrong_count", "knew_defect", "mixed"))
            if chosen is not None:
                event["seat"] = chosen
        if what == "wrong_count":
            event["count"] = _number(form, "count", low=0, high=52)
        return _with_card(event, form)
    return build


def _seat_event(kind: str) -> Callable[[Form, HandView], Event]:
    return lambda form, state: {"type": kind, "seat": _seat(form, "seat", state)}


def _deal_one(form: Form, state: HandView) -> Event:
    event: Event = {"type": "deal", "seat": _seat(form, "seat", state)}
    if form.get("face_up") == "on":
        event["face_up"] = True
    return _with_card(event, form)


def _board_card(form: Form, state: HandView) -> Event:
    event: Event = {"type": "board"}
    if form.get("face_down") == "on":
        event["face_up"] = False
    return _with_card(event, form)


EVENT_KINDS: Mapping[str, Callable[[Form, HandView], Event]] = {
    "expose": _expose,
    "expose_dealer": lambda form, state: _expose({**form, "by": "dealer"}, state),
    "expose_player": lambda form, state: _expose({**form, "by": "player"}, state),
    "deal_one": _deal_one,
    "boxed": lambda form, state: _with_card({"type": "boxed"}, form),
    "burn": lambda form, state: _with_card({"type": "burn"}, form),
    "board": _board_card,
    "foreign_stub": _foreign("stub"),
    "foreign_board": _foreign("board"),
    "foreign_hand": _foreign("hand"),
    "duplicate": _discover("duplicate"),
    "previous_hand_card": _discover("previous_hand_card", seat=True),
    "missing_card": _discover("missing_card"),
    "non_standard": _discover("non_standard", seat=True),
    "stub_disordered": _discover("stub_disordered"),
    "wrong_count": _discover("wrong_count", seat=True),
    "knew_defect": _discover("knew_defect", seat=True),
    "dealer_muck": lambda form, state: {"type": "muck", "seat": _seat(form, "seat", state), "by": "dealer"},
    "arrive": _seat_event("arrive"),
    "leave": _seat_event("leave"),
    "shuffle": lambda form, state: {"type": "shuffle"},
    "pot_awarded": lambda form, state: {"type": "pot_awarded"},
    # hand log 1.1
    "deal_completed": lambda form, state: {"type": "deal_completed"},
    "stub_rebuilt": lambda form, state: {"type": "stub_dropped", "rebuilt": True},
    "stub_dropped": lambda form, state: {"type": "stub_dropped"},
    "card_off_table": lambda form, state: _with_card(
        {"type": "card_found", "where": "off_table", "origin": "this_deck"}, form),
    "wrong_count_player": _count_by_player,
    "retrieved_apart": lambda form, state: {"type": "muck_retrieved", "seat": _seat(form, "seat", state),
                                            "identified": "kept_apart"},
}


def other_event(form: Form, state: HandView) -> Event:
    kind = form.get("kind", "")
    if kind not in EVENT_KINDS:
        raise InvalidInput("error.web.event_forms.unknown_event", field="kind", kind=repr(kind))
    return EVENT_KINDS[kind](form, state)
