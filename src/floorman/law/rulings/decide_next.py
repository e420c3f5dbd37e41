"""Decisions on what a log records beyond the hand (v1.1): the next deal's button, blinds made up, a split award."""

from __future__ import annotations

from collections.abc import Callable

from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.law.rulings.context import Context, Decision
from floorman.locale import Message

__all__ = ["NEXT_DECISIONS"]


def _why(f: Finding) -> str:
    return f.note.id.rsplit(".", 1)[-1] if f.note is not None else ""


def moved_on_redeal(ctx: Context, fs: list[Finding]) -> Decision:
    """The re-play of a misdealt hand keeps its button (RD-BUTTON), or takes the corrected one when the misdeal was
    the misplaced button (RD-BUTTON-ERROR-EXCEPTION); after a fouled deck, by the engine's default (FD-AFTERMATH)."""
    f = fs[0]
    d = ctx.decide(fs, "button_moved_on_redeal.found")
    why = _why(f)
    reason = Message.of("ruling.next_button.void_why" if why == "void" else "ruling.next_button.corrected_why")
    ctx.apply(d, f"button_moved_on_redeal.{why}", reason, seat=f.expected_seat)
    if why != "void" and ctx.is_unstated("button_moved_on_redeal.unstated"):
        ctx.apply(d, "button_moved_on_redeal.unstated", Message.of("ruling.next_button.no_redeal_rule"))
    d.say(Message.of(f"ruling.next_button.redeal.{why}", seat=f.seat, expected_seat=f.expected_seat))
    return d


def next_misplaced(ctx: Context, fs: list[Finding]) -> Decision:
    """The next hand's button away from the rotation: a button in the wrong place, corrected in that hand."""
    f = fs[0]
    d = ctx.decide(fs, "next_button_misplaced.found")
    key = _why(f)
    ctx.apply(d, f"next_button_misplaced.{key}", Message.of("ruling.next_button.behind_why"), seat=f.expected_seat)
    if key != "heads_up" and ctx.is_unstated("next_button_misplaced.unstated"):
        ctx.apply(d, "next_button_misplaced.unstated", Message.of("ruling.next_button.no_dead_button_rule"))
    d.say(Message.of(f"ruling.next_button.{key}", seat=f.seat, expected_seat=f.expected_seat,
                     button=ctx.state.log.button))
    return d


def made_up(ctx: Context, fs: list[Finding]) -> Decision:
    """Blinds made up where the book leaves none to miss (ABS-DEALT-IN, DEAL-DEADBUTTON), or, under a cash book, by a
    seat whose blind of this hand was posted: a player makes up the blinds he missed (LA-160), and it missed none."""
    seats = tuple(dict.fromkeys(f.seat for f in fs))
    if ctx.params.missed_blinds != "none":
        # a cash book: the seat's blind of this hand was posted, so it missed none in this hand
        d = ctx.decide(fs, "missed_blinds_made_up.found", Message.of("ruling.made_up.cash_why"))
        ctx.apply(d, "missed_blinds_made_up.blind_posted", Message.of("ruling.made_up.cash_why"))
        for seat in seats:
            ctx.apply(d, "missed_blinds_made_up.seat", seat=seat)
        d.say(Message.of("ruling.made_up.posted", seats=seats))
        return d
    d = ctx.decide(fs, "missed_blinds_made_up.found", Message.of("ruling.made_up.why"))
    for seat in seats:
        ctx.apply(d, "missed_blinds_made_up.seat", seat=seat)
    d.say(Message.of("ruling.made_up.said", seats=seats))
    return d


def award(ctx: Context, fs: list[Finding]) -> Decision:
    """A split that does not come to the pot: the award is corrected (DISP-WINDOW)."""
    f = fs[0]
    facts = dict(f.note.params) if f.note is not None else {}
    d = ctx.decide(fs, "award_not_adding_up.found", Message.of("ruling.award.why"), **facts)
    d.say(Message.of("ruling.award.said", **facts))
    if ctx.state.next_hand_begun:  # ruled at all only where the book keeps accounting errors open (judge)
        ctx.apply(d, "dispute.accounting_until_next_substantial_action")
        d.say(Message.of("ruling.award.in_time_after_next_hand"))
    return d


NEXT_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.BUTTON_MOVED_ON_REDEAL: moved_on_redeal,
    I.NEXT_BUTTON_MISPLACED: next_misplaced,
    I.MISSED_BLINDS_MADE_UP: made_up,
    I.AWARD_NOT_ADDING_UP: award,
}
