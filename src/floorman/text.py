"""Rulings in words for a person at the table: verdict first, then the steps, then the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from floorman.hand import Result
from floorman.rulebooks import Rulebook
from floorman.rulings.model import Remedy, Ruling

__all__ = ["VERDICT_WORDS", "remedy_text", "ruling_lines"]

VERDICT_WORDS = {
    "misdeal": "MISDEAL: cancel the deal and re-deal",
    "void": "VOID: fouled deck, every chip goes back",
    "continue": "PLAY ON",
}


def _street(fields: Mapping[str, Any]) -> str:
    return str(fields.get("street", "next street"))


def remedy_text(remedy: Remedy) -> str:
    f = remedy.fields
    seat = f.get("seat")
    kind = remedy.do.value
    texts = {
        "redeal": "Re-deal the hand exactly: same button, same level, same players; new cards.",
        "return_chips": f"Give seat {seat} back {f.get('amount')} chips.",
        "return_all_chips": "Return every chip in the pot to the player who put it in, blinds and antes included.",
        "kill_hand": f"Kill seat {seat}'s hand (muck it); chips it put in stay in the pot.",
        "replace_card": f"Give seat {seat} the top card of the stub as a replacement.",
        "use_as_burn": f"Use the set-aside card as the {_street(f)} burn.",
        "scramble_and_pick_burn": (
            f"Scramble the {f.get('cards')} cards face down; the floor picks one at random"
            + (f" as the {_street(f)} burn." if not f.get("turn_up") else " to turn face up.")
        ),
        "reshuffle_stub": "Put the named cards back into the stub and reshuffle it face down.",
        "deal_missing_card": f"Deal seat {seat} the next card off the stub.",
        "remove_card": f"Remove the {f.get('card', 'card')} ({f.get('where', 'table')}) from play.",
        "deal_without_burn": f"Deal the {_street(f)} without burning another card.",
        "restore_order": f"Correct the burns so the {_street(f)} is the card that would have come.",
        "new_deck": "Bring a new deck.",
        "complete_board": f"Complete the {_street(f)} with the next card(s) off the stub.",
        "redeal_board": f"Burn and deal the {_street(f)} again from the reshuffled stub.",
        "set_aside_card": f"Set the premature {_street(f)} card aside.",
        "turn_up_card": f"Seat {seat}'s exposed card becomes his upcard.",
        "deal_face_down": (f"Deal seat {seat}'s next card face down." if seat else
                           f"Deal the other players' {_street(f)} cards face down."),
        "deal_face_up": f"Deal every remaining player's {_street(f)} card face up.",
        "community_card": "Burn one card and deal the next face up in the centre as a community card.",
        "correct_bring_in": f"Seat {seat} must bring in (or complete).",
        "penalty_possible": f"Seat {seat} may be penalised at the end of the hand.",
        "carry_chips_to_next_deal": f"Seat {seat}'s chips may stay in the pot for the next deal.",
        "award_after_override": "Award the pot as the floor ruled.",
    }
    return texts.get(kind, kind.replace("_", " "))


def ruling_lines(ruling: Ruling, book: Rulebook, *, color: bool = True) -> list[str]:
    """The ruling as lines of text, with ANSI colour when ``color``."""

    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    colors = {"misdeal": "1;31", "void": "1;35", "continue": "1;32"}
    where = "now" if ruling.at is None else f"at event {ruling.at}"
    lines = [paint(VERDICT_WORDS[ruling.verdict.value], colors[ruling.verdict.value]) + f"   ({book.short}, {where})"]
    if ruling.override is not None:
        lines.append(paint(f"Floor ruled: {ruling.override.verdict.value}, because {ruling.override.reason}", "1;33"))
    sa = "yes" if ruling.substantial_action else "no"
    lines.append(f"Substantial action: {sa}" + ("   Floor's discretion: yes" if ruling.discretion else ""))
    if ruling.remedies:
        lines.append("")
        lines.append(paint("What to do:", "1"))
        lines += [f"  {i}. {remedy_text(r)}" for i, r in enumerate(ruling.remedies, start=1)]
    if ruling.citations:
        lines.append("")
        lines.append(paint("Rules:", "1"))
        lines += [f"  {c.rule:<26} {c.source}" for c in ruling.citations]
    lines.append("")
    lines.append(ruling.explanation)
    for reason in ruling.discretion_reasons:
        lines.append(paint(f"Floor's call: {reason}", "33"))
    return lines


def result_lines(result: Result, *, color: bool = True) -> list[str]:
    lines: list[str] = []
    book = result.rulebook
    if book.house:
        lines.append(f"House rules: {book.house} on {book.short} ({', '.join(book.house_switches) or 'no switches'})")
    for i, ruling in enumerate(result.rulings):
        if i:
            lines.append("-" * 60)
        lines += ruling_lines(ruling, book, color=color)
    return lines
