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


_BLINDS = {"sb": N_("small blind"), "bb": N_("big blind"), "ante": N_("ante"), "bb_ante": N_("big-blind ante"),
           "straddle": N_("straddle"), "bring_in": N_("bring-in"), "dead": N_("dead blind")}
_ACTIONS = {"fold": N_("Seat %(seat)s folds"), "check": N_("Seat %(seat)s checks"),
            "call": N_("Seat %(seat)s calls"), "bet": N_("Seat %(seat)s bets %(to)s"),
            "raise": N_("Seat %(seat)s raises to %(to)s"), "complete": N_("Seat %(seat)s completes"),
            "all_in": N_("Seat %(seat)s goes all in")}
_DISCOVERIES = {
    "duplicate": N_("Two identical cards found"),
    "foreign_back": N_("Card with a different back found (%(where)s)"),
    "previous_hand_card": N_("Card from a previous hand found"),
    "missing_card": N_("The deck is short a card"),
    "non_standard": N_("Card that does not belong to the game found"),
    "stub_disordered": N_("The stub was dropped or mixed"),
    "wrong_count": N_("Seat %(seat)s holds %(count)s cards"),
    "knew_defect": N_("Seat %(seat)s knew the deck was defective"),
    "mixed": N_("A card was mixed into seat %(seat)s's hand"),
}
_WHERE = {"hand": N_("in a hand"), "board": N_("on the board"), "stub": N_("in the stub")}
_SIMPLE = {"shuffle": N_("The stub is reshuffled"), "pot_awarded": N_("The pot is pushed"),
           "next_hand": N_("The next hand begins"), "boxed": N_("Boxed card found in the deck"),
           "burn": N_("Burn card"), "hand_began": N_("The hand begins (first riffle or shuffler button)"),
           "deal_completed": N_("The deal is complete"), "found_in_burns": N_("Card found among the burns")}
_IDENTIFIED = {"kept_apart": N_("kept apart from the muck"), "faces_known": N_("faces known"),
               "camera": N_("seen on camera"), "table_agreement": N_("by the table's agreement"),
               "not_identified": N_("not identified")}
_FOUND_WHERE = {"off_table": N_("Card found off the table"), "table": N_("Card found loose on the table"),
                "hand": N_("Card found in seat %(seat)s's hand")}
_MIXED = {"muck": N_("into the muck"), "burns": N_("into the burns")}


def cause_name(value: str, t: Translator) -> str:
    """A cause by its name in the console's language (``floorman.words.causes.cause_words``)."""
    return cause_words(value, t.locale)


def _card(event: Mapping[str, Any]) -> str:
    card = event.get("card", "??")
    return "" if card in (None, "??") else str(card)


def _deal(event: Mapping[str, Any], t: Translator) -> str:
    notes = [c for c in (_card(event),) if c]
    if event.get("boxed"):
        notes.append(t.gettext("boxed"))
    elif event.get("face_up"):
        notes.append(t.gettext("face up"))
    if event.get("replacement"):
        notes.append(t.gettext("replacement"))
    if event.get("back"):
        notes.append(t.gettext("%(back)s back") % {"back": colour_text(str(event["back"]), t.locale)})
    text = t.gettext("Card to seat %(seat)s") % {"seat": event.get("seat")}
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
        return t.gettext("Seat %(seat)s posts the %(blind)s: %(amount)s") % {
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
            return t.gettext("Board card") + " (" + t.gettext("face down") + ")"
        return t.gettext("Board card") + (f" {_card(event)}" if _card(event) else "")
    if kind == "expose":
        who = t.gettext("by the dealer") if event.get("by") == "dealer" else t.gettext("by the player")
        index = event.get("index")
        which = t.gettext("card %(index)s") % {"index": index} if index else t.gettext("a card")
        return t.gettext("Seat %(seat)s: %(which)s exposed %(who)s") % {"seat": seat, "which": which, "who": who}
    if kind == "discover":
        what = str(event.get("what", ""))
        where = str(event.get("where", ""))
        text = t.gettext(_DISCOVERIES.get(what, what)) % {
            "seat": seat, "count": event.get("count", ""),
            "where": t.gettext(_WHERE[where]) if where in _WHERE else where}
        return text + (f" ({_card(event)})" if _card(event) else "")
    if kind == "discard":
        return t.gettext("Seat %(seat)s discards %(count)s") % {"seat": seat, "count": event.get("count")}
    if kind == "show":
        return t.gettext("Seat %(seat)s shows %(cards)s") % {"seat": seat, "cards": " ".join(event.get("cards", []))}
    if kind == "muck":
        if event.get("by") == "dealer":
            return t.gettext("The dealer mucks seat %(seat)s's hand") % {"seat": seat}
        return t.gettext("Seat %(seat)s mucks") % {"seat": seat}
    if kind == "arrive":
        return t.gettext("Seat %(seat)s is back at the table") % {"seat": seat}
    if kind == "leave":
        return t.gettext("Seat %(seat)s leaves the table") % {"seat": seat}
    if kind == "seat_player":
        return t.gettext("%(name)s sits down in seat %(seat)s") % {"name": event.get("name"), "seat": seat}
    if kind == "level_change":
        return t.gettext("The level changes")
    if kind == "floor":
        note = event.get("note")
        text = t.gettext("Floor called")
        if event.get("seconds_after_award") is not None:  # version 1.2
            text += " (" + t.gettext("%(seconds)s seconds after the pot was awarded") % {
                "seconds": event["seconds_after_award"]} + ")"
        return text + (f": {note}" if note else "")
    if kind == "ruling_applied":
        override = event.get("override")
        if override:
            return t.gettext("Floor ruled otherwise (%(verdict)s): %(reason)s") % {
                "verdict": verdict_name(override.get("verdict"), t), "reason": override.get("reason")}
        return t.gettext("Floor's ruling carried out")
    if kind in _SIMPLE:
        return t.gettext(_SIMPLE[kind]) + (f" ({_card(event)})" if _card(event) else "")
    return str(kind)


def _added_event(event: Mapping[str, Any], t: Translator) -> str | None:
    """The events (and fields) hand log versions 1.1 and 1.2 added, in words; ``None`` for any other event."""
    kind = event.get("type", "")
    seat = event.get("seat")
    if kind == "muck_retrieved":
        how = str(event.get("identified", ""))
        return t.gettext("Seat %(seat)s's hand taken back from the muck (%(how)s)") % {
            "seat": seat, "how": t.gettext(_IDENTIFIED[how]) if how in _IDENTIFIED else how}
    if kind == "card_found":
        where = str(event.get("where", ""))
        text = t.gettext(_FOUND_WHERE[where]) % {"seat": seat} if where in _FOUND_WHERE else where
        notes = [c for c in (_card(event),) if c]
        if event.get("origin", "unknown") == "unknown":
            notes.append(t.gettext("origin unknown"))
        return f"{text} ({', '.join(notes)})" if notes else text
    if kind == "stub_dropped":
        if event.get("rebuilt"):
            return t.gettext("The stub was dropped and put back in order")
        into = [t.gettext(_MIXED[m]) for m in event.get("mixed_with", ()) if m in _MIXED]
        text = t.gettext("The stub was dropped, its order lost")
        return f"{text} ({', '.join(into)})" if into else text
    if kind == "burn" and event.get("back"):
        return t.gettext("Burn card") + " (" + t.gettext("%(back)s back") % {
            "back": colour_text(str(event["back"]), t.locale)} + ")"
    if kind == "discover" and event.get("what") == "wrong_count" and event.get("caused_by") == "player":
        text = t.gettext("Seat %(seat)s holds %(count)s cards") % {"seat": seat, "count": event.get("count", "")}
        by = event.get("by_seat")
        cause = (t.gettext("seat %(seat)s took or swapped cards") % {"seat": by} if by is not None
                 else t.gettext("a player took or swapped cards"))
        return f"{text} ({cause})"
    if kind == "next_hand" and (event.get("button") is not None or event.get("made_up")):
        parts = []
        if event.get("button") is not None:
            parts.append(t.gettext("button to seat %(seat)s") % {"seat": event["button"]})
        if event.get("made_up"):
            parts.append(t.gettext("blinds made up by seats %(seats)s") % {
                "seats": " ".join(str(s) for s in event["made_up"])})
        return t.gettext("The next hand begins") + f" ({'; '.join(parts)})"
    if kind == "pot_awarded" and (event.get("shares") or event.get("during_break")):
        parts = [t.gettext("seat %(seat)s: %(amount)s") % {"seat": share.get("seat"),
                 "amount": format_chips(share.get("amount"), t.locale)} for share in event.get("shares") or ()]
        if event.get("during_break"):  # version 1.2
            parts.append(t.gettext("during a break"))
        text = t.gettext("The pot is awarded in parts") if event.get("shares") else t.gettext("The pot is pushed")
        return text + f" ({', '.join(parts)})"
    return None


def describe_batch(events: Sequence[Mapping[str, Any]], t: Translator) -> str:
    """The events of one tap as one line: a run of deals becomes the seats in the order dealt."""
    deals = [e for e in events if e.get("type") == "deal"]
    plain = [e for e in deals if not (e.get("face_up") or e.get("boxed") or e.get("replacement") or _card(e))]
    if len(deals) > 2 and len(deals) == len(events):
        seats = " ".join(str(e.get("seat")) for e in deals)
        text = t.ngettext("%(n)s card dealt to seats %(seats)s", "%(n)s cards dealt to seats %(seats)s",
                          len(deals)) % {"n": len(deals), "seats": seats}
        special = [describe_event(e, t) for e in deals if e not in plain]
        return "; ".join([text, *special])
    boards = [e for e in events if e.get("type") in ("board", "burn")]
    if len(boards) == len(events) and any(e.get("type") == "board" for e in events):
        parts = [t.gettext("Burn card") if e.get("type") == "burn"
                 else "▢" if e.get("face_up") is False else (_card(e) or "▢") for e in events]
        return t.gettext("Board") + ": " + " · ".join(parts)
    return "; ".join(describe_event(e, t) for e in events)


def street_label(value: str, t: Translator) -> str:
    return street_name(value, t)
