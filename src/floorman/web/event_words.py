"""Events and irregularities in words, for the hand's event list and the incident log.

>>> from floorman.web.i18n import load_translations
>>> en, vi = load_translations()["en"], load_translations()["vi"]
>>> describe_event({"type": "act", "seat": 3, "action": "raise", "to": 1000}, en)
'Seat 3 raises to 1,000'
>>> describe_event({"type": "deal", "seat": 2, "face_up": True, "card": "8c"}, vi)
'Chia cho ghế 2 (8c, lật ngửa)'
>>> cause_name("four_card_flop", vi)
'Chia bốn lá bài cho flop (flop bốn lá)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from floorman.web.i18n import N_, Translator
from floorman.web.rendering import format_chips
from floorman.web.ruling_words import street_name, verdict_name
from floorman.words.causes import CAUSE_NAMES, cause_words
from floorman.words.events import colour_text

__all__ = ["CAUSE_NAMES", "cause_name", "describe_batch", "describe_event"]


_BLINDS = {"sb": N_("console.event_words.small_blind"), "bb": N_("console.event_words.big_blind"), "ante": N_("console.event_words.ante"), "bb_ante": N_("console.event_words.big_blind_ante"),
           "straddle": N_("console.event_words.straddle"), "bring_in": N_("console.event_words.bring_in"), "dead": N_("console.event_words.dead_blind")}
_ACTIONS = {"fold": N_("console.event_words.seat_folds"), "check": N_("console.event_words.seat_checks"),
            "call": N_("console.event_words.seat_calls"), "bet": N_("console.event_words.seat_bets_to"),
            "raise": N_("console.event_words.seat_raises_to"), "complete": N_("console.event_words.seat_completes"),
            "all_in": N_("console.event_words.seat_goes_all_in")}
_DISCOVERIES = {
    "duplicate": N_("console.event_words.two_identical_cards_found"),
    "foreign_back": N_("console.event_words.card_with_a_different_back_found"),
    "previous_hand_card": N_("console.event_words.card_from_a_previous_hand_found"),
    "missing_card": N_("console.event_words.the_deck_is_short_a_card"),
    "non_standard": N_("console.event_words.card_that_does_not_belong_to"),
    "stub_disordered": N_("console.event_words.the_stub_was_dropped_or_mixed"),
    "wrong_count": N_("console.event_words.seat_holds_count_cards"),
    "knew_defect": N_("console.event_words.seat_knew_the_deck_was_defective"),
    "mixed": N_("console.event_words.a_card_was_mixed_into_seat"),
}
_WHERE = {"hand": N_("console.event_words.in_a_hand"), "board": N_("console.event_words.on_the_board"), "stub": N_("console.event_words.in_the_stub")}
_SIMPLE = {"shuffle": N_("console.event_words.the_stub_is_reshuffled"), "pot_awarded": N_("console.event_words.the_pot_is_pushed"),
           "next_hand": N_("console.event_words.the_next_hand_begins"), "boxed": N_("console.common.boxed_card_found_in_the_deck"),
           "burn": N_("console.common.burn_card"), "hand_began": N_("console.event_words.the_hand_begins_first_riffle_or"),
           "deal_completed": N_("console.event_words.the_deal_is_complete"), "found_in_burns": N_("console.event_words.card_found_among_the_burns")}
_IDENTIFIED = {"kept_apart": N_("console.event_words.kept_apart_from_the_muck"), "faces_known": N_("console.event_words.faces_known"),
               "camera": N_("console.event_words.seen_on_camera"), "table_agreement": N_("console.event_words.by_the_tables_agreement"),
               "not_identified": N_("console.event_words.not_identified")}
_FOUND_WHERE = {"off_table": N_("cause.name.card_found_off_table"), "table": N_("console.event_words.card_found_loose_on_the_table"),
                "hand": N_("console.event_words.card_found_in_seat_s_hand")}
_MIXED = {"muck": N_("console.event_words.into_the_muck"), "burns": N_("console.event_words.into_the_burns")}


def cause_name(value: str, t: Translator) -> str:
    """A cause by its name in the console's language (``floorman.words.causes.cause_words``)."""
    return cause_words(value, t.locale)


def _card(event: Mapping[str, Any]) -> str:
    card = event.get("card", "??")
    return "" if card in (None, "??") else str(card)


def _deal(event: Mapping[str, Any], t: Translator) -> str:
    notes = [c for c in (_card(event),) if c]
    if event.get("boxed"):
        notes.append(t.gettext("console.event_words.boxed"))
    elif event.get("face_up"):
        notes.append(t.gettext("console.event_words.face_up"))
    if event.get("replacement"):
        notes.append(t.gettext("console.event_words.replacement"))
    if event.get("back"):
        notes.append(t.gettext("console.event_words.back") % {"back": colour_text(str(event["back"]), t.locale)})
    text = t.gettext("console.event_words.card_to_seat") % {"seat": event.get("seat")}
    return f"{text} ({', '.join(notes)})" if notes else text


def describe_event(event: Mapping[str, Any], t: Translator) -> str:
    """One event as a line of the hand's log."""
    added = _added_event(event, t)
    if added is not None:
        return added
    kind = event.get("type", "")
    seat = event.get("seat")
    if kind == "post":
        blind = str(event.get("blind", ""))
        return t.gettext("console.event_words.seat_posts_the_blind_amount") % {
            "seat": seat, "blind": t.gettext(_BLINDS[blind]) if blind in _BLINDS else blind,
            "amount": format_chips(event.get("amount"), t.locale)}
    if kind == "deal":
        return _deal(event, t)
    if kind == "act":
        action = str(event.get("action", ""))
        text = t.gettext(_ACTIONS.get(action, "%(seat)s")) % {"seat": seat, "to": format_chips(event.get("to", ""), t.locale)}
        if action in ("call", "complete", "all_in") and event.get("to") is not None:
            text += f" ({format_chips(event['to'], t.locale)})"
        return text
    if kind == "board":
        if event.get("face_up") is False:  # a card lying face down is not known at the table
            return t.gettext("console.event_words.board_card") + " (" + t.gettext("console.common.face_down") + ")"
        return t.gettext("console.event_words.board_card") + (f" {_card(event)}" if _card(event) else "")
    if kind == "expose":
        who = t.gettext("console.event_words.by_the_dealer") if event.get("by") == "dealer" else t.gettext("console.event_words.by_the_player")
        index = event.get("index")
        which = t.gettext("console.event_words.card_index") % {"index": index} if index else t.gettext("console.event_words.a_card")
        return t.gettext("console.event_words.seat_which_exposed_who") % {"seat": seat, "which": which, "who": who}
    if kind == "discover":
        what = str(event.get("what", ""))
        where = str(event.get("where", ""))
        text = t.gettext(_DISCOVERIES.get(what, what)) % {
            "seat": seat, "count": event.get("count", ""),
            "where": t.gettext(_WHERE[where]) if where in _WHERE else where}
        return text + (f" ({_card(event)})" if _card(event) else "")
    if kind == "discard":
        return t.gettext("console.event_words.seat_discards_count") % {"seat": seat, "count": event.get("count")}
    if kind == "show":
        return t.gettext("console.event_words.seat_shows_cards") % {"seat": seat, "cards": " ".join(event.get("cards", []))}
    if kind == "muck":
        if event.get("by") == "dealer":
            return t.gettext("console.event_words.the_dealer_mucks_seat_s_hand") % {"seat": seat}
        return t.gettext("console.event_words.seat_mucks") % {"seat": seat}
    if kind == "arrive":
        return t.gettext("console.event_words.seat_is_back_at_the_table") % {"seat": seat}
    if kind == "leave":
        return t.gettext("console.event_words.seat_leaves_the_table") % {"seat": seat}
    if kind == "seat_player":
        return t.gettext("console.event_words.name_sits_down_in_seat") % {"name": event.get("name"), "seat": seat}
    if kind == "level_change":
        return t.gettext("console.event_words.the_level_changes")
    if kind == "floor":
        note = event.get("note")
        text = t.gettext("console.event_words.floor_called")
        if event.get("seconds_after_award") is not None:  # version 1.2
            text += " (" + t.gettext("console.event_words.seconds_after_the_pot_was_awarded") % {
                "seconds": event["seconds_after_award"]} + ")"
        return text + (f": {note}" if note else "")
    if kind == "ruling_applied":
        override = event.get("override")
        if override:
            return t.gettext("console.event_words.floor_ruled_otherwise_verdict_reason") % {
                "verdict": verdict_name(override.get("verdict"), t), "reason": override.get("reason")}
        return t.gettext("console.event_words.floors_ruling_carried_out")
    if kind in _SIMPLE:
        return t.gettext(_SIMPLE[kind]) + (f" ({_card(event)})" if _card(event) else "")
    return str(kind)


def _added_event(event: Mapping[str, Any], t: Translator) -> str | None:
    """The events (and fields) hand log versions 1.1 and 1.2 added, in words; ``None`` for any other event."""
    kind = event.get("type", "")
    seat = event.get("seat")
    if kind == "muck_retrieved":
        how = str(event.get("identified", ""))
        return t.gettext("console.event_words.seat_s_hand_taken_back_from") % {
            "seat": seat, "how": t.gettext(_IDENTIFIED[how]) if how in _IDENTIFIED else how}
    if kind == "card_found":
        where = str(event.get("where", ""))
        text = t.gettext(_FOUND_WHERE[where]) % {"seat": seat} if where in _FOUND_WHERE else where
        notes = [c for c in (_card(event),) if c]
        if event.get("origin", "unknown") == "unknown":
            notes.append(t.gettext("console.event_words.origin_unknown"))
        return f"{text} ({', '.join(notes)})" if notes else text
    if kind == "stub_dropped":
        if event.get("rebuilt"):
            return t.gettext("console.event_words.the_stub_was_dropped_and_put")
        into = [t.gettext(_MIXED[m]) for m in event.get("mixed_with", ()) if m in _MIXED]
        text = t.gettext("console.event_words.the_stub_was_dropped_its_order")
        return f"{text} ({', '.join(into)})" if into else text
    if kind == "burn" and event.get("back"):
        return t.gettext("console.common.burn_card") + " (" + t.gettext("console.event_words.back") % {
            "back": colour_text(str(event["back"]), t.locale)} + ")"
    if kind == "discover" and event.get("what") == "wrong_count" and event.get("caused_by") == "player":
        text = t.gettext("console.event_words.seat_holds_count_cards") % {"seat": seat, "count": event.get("count", "")}
        by = event.get("by_seat")
        cause = (t.gettext("console.event_words.seat_took_or_swapped_cards") % {"seat": by} if by is not None
                 else t.gettext("console.event_words.a_player_took_or_swapped_cards"))
        return f"{text} ({cause})"
    if kind == "next_hand" and (event.get("button") is not None or event.get("made_up")):
        parts = []
        if event.get("button") is not None:
            parts.append(t.gettext("console.event_words.button_to_seat") % {"seat": event["button"]})
        if event.get("made_up"):
            parts.append(t.gettext("console.event_words.blinds_made_up_by_seats") % {
                "seats": " ".join(str(s) for s in event["made_up"])})
        return t.gettext("console.event_words.the_next_hand_begins") + f" ({'; '.join(parts)})"
    if kind == "pot_awarded" and (event.get("shares") or event.get("during_break")):
        parts = [t.gettext("console.event_words.seat_amount") % {"seat": share.get("seat"),
                 "amount": format_chips(share.get("amount"), t.locale)} for share in event.get("shares") or ()]
        if event.get("during_break"):  # version 1.2
            parts.append(t.gettext("console.event_words.during_a_break"))
        text = t.gettext("console.event_words.the_pot_is_awarded_in_parts") if event.get("shares") else t.gettext("console.event_words.the_pot_is_pushed")
        return text + f" ({', '.join(parts)})"
    return None


def describe_batch(events: Sequence[Mapping[str, Any]], t: Translator) -> str:
    """The events of one tap as one line: a run of deals becomes the seats in the order dealt."""
    deals = [e for e in events if e.get("type") == "deal"]
    plain = [e for e in deals if not (e.get("face_up") or e.get("boxed") or e.get("replacement") or _card(e))]
    if len(deals) > 2 and len(deals) == len(events):
        seats = " ".join(str(e.get("seat")) for e in deals)
        text = t.ngettext("console.event_words.n_card_dealt_to_seats", "console.event_words.n_card_dealt_to_seats.plural",
                          len(deals)) % {"n": len(deals), "seats": seats}
        special = [describe_event(e, t) for e in deals if e not in plain]
        return "; ".join([text, *special])
    boards = [e for e in events if e.get("type") in ("board", "burn")]
    if len(boards) == len(events) and any(e.get("type") == "board" for e in events):
        parts = [t.gettext("console.common.burn_card") if e.get("type") == "burn"
                 else "▢" if e.get("face_up") is False else (_card(e) or "▢") for e in events]
        return t.gettext("console.common.board") + ": " + " · ".join(parts)
    return "; ".join(describe_event(e, t) for e in events)


def street_label(value: str, t: Translator) -> str:
    return street_name(value, t)
