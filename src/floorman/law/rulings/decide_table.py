"""Decisions on stud streets and on the table around the hand: door cards, seventh street, a short stub,
the bring-in, a dropped stub, a level change, a hand played on after a ruling, a seat dealt out, players away
at the deal or during the hand."""

from __future__ import annotations

from collections.abc import Callable

from floorman.fold.findings import MIXED_WITH, Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.table import PlayerStatus
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.model import Verdict
from floorman.locale import Message

__all__ = ["TABLE_DECISIONS"]

C = Verdict.CONTINUE


def door_down(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_door_card_down.found")
    covered = ctx.state.street_idx > 0  # a later street has been dealt over the starting cards
    for f in fs:
        if not covered:
            ctx.apply(d, "stud_door_card_down.seat", seat=f.seat)
        d.say(Message.of("ruling.door_down.seat_got_all_three_starting_cards", seat=f.seat))
    if covered:
        ctx.apply(d, "stud_door_card_down.too_late", Message.of("ruling.door_down.too_late_why"))
        d.say(Message.of("ruling.door_down.too_late"))
    if ctx.is_unstated("stud_door_card_down.unstated"):
        ctx.apply(d, "stud_door_card_down.unstated", Message.of("ruling.door_down.the_book_has_no_rule_for"))
    return d


def seventh_exposed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_seventh_exposed.found")
    f = fs[0]
    seats = ctx.state.seats
    how = ctx.params.seventh_street_exposed
    seat = seats.get(f.seat or 0)
    if how == "replace_by_practice" and seat is not None and seat.all_in:
        ctx.apply(d, "stud_seventh_exposed.all_in_kept")
        d.say(Message.of("ruling.seventh_exposed.all_in_kept", seat=f.seat))
        return d
    if how != "all_up_or_declare":
        if sum(1 for s in seats.values() if s.can_act) < 2:  # replaced only while betting action remains
            ctx.apply(d, "stud_seventh_exposed.no_betting_left")
            d.say(Message.of("ruling.seventh_exposed.no_betting_remains", seat=f.seat))
            return d
        if how == "replace_by_practice":
            ctx.apply(d, "stud_seventh_exposed.replace_by_practice", seat=f.seat)
            d.say(Message.of("ruling.seventh_exposed.replaced_by_practice", seat=f.seat))
            d.say(Message.of("ruling.seventh_exposed.literal_alternative", seat=f.seat))
            return d
        ctx.apply(d, "stud_seventh_exposed.replace", seat=f.seat)
        d.say(Message.of("ruling.seventh_exposed.seat_s_seventh_street_card_was", seat=f.seat))
        return d
    if seat is not None and seat.all_in:
        ctx.apply(d, "stud_seventh_exposed.all_in_kept")
        d.say(Message.of("ruling.seventh_exposed.all_in_kept", seat=f.seat))
        return d
    if f.note == Message.of("finding.seventh.first_to_receive"):
        ctx.apply(d, "stud_seventh_exposed.first_to_receive")
        d.say(Message.of("ruling.seventh_exposed.the_first_player_s_seventh_street", seat=f.seat))
    else:
        ctx.apply(d, "stud_seventh_exposed.later")
        d.say(Message.of("ruling.seventh_exposed.seat_s_seventh_street_card_was_2", seat=f.seat))
    return d


def short_stub(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_short_stub.found")
    f = fs[0]
    stub = f.count or 0
    players = sum(1 for s in ctx.state.seats.values() if s.in_hand)
    burns = sum(len(b) for b in ctx.state.burns.values())
    needed = players + 2
    if stub + burns >= needed and stub < needed:
        ctx.apply(d, "stud_short_stub.reshuffle", cards=stub + burns)
        d.say(Message.of("ruling.short_stub.seventh_street_needs_cards_and_the", needed=needed, stub=stub, burns=burns))
    elif stub >= 3:
        ctx.apply(d, "stud_short_stub.community")
        d.say(Message.of("ruling.short_stub.the_stub_has_cards_not_enough", stub=stub))
    else:
        ctx.apply(d, "stud_short_stub.reshuffle_and_community", cards=stub + burns)
        d.say(Message.of("ruling.short_stub.only_cards_are_left_they_are", stub=stub))
    return d


def wrong_bring_in(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "wrong_bring_in.found")
    later = [a for a in ctx.state.actions if a.at > f.at and a.seat != f.seat]
    if later:
        d.say(Message.of("ruling.wrong_bring_in.seat_brought_in_although_seat_had", seat=f.seat, expected_seat=f.expected_seat))
        return d
    amount = ctx.state.bring_in_amount
    ctx.apply(d, "wrong_bring_in.corrected", seat=f.seat, amount=amount, expected=f.expected_seat)
    d.say(Message.of("ruling.wrong_bring_in.seat_brought_in_by_mistake_seat", seat=f.seat, expected_seat=f.expected_seat))
    return d


def stub_disordered(ctx: Context, fs: list[Finding]) -> Decision:
    """STUB-DISORDERED: rebuilt in its order if it can be; else the stub alone is reshuffled, or with the muck and
    burns it fell into (a ``stub_dropped`` of a v1.1 log says which; a ``discover`` cannot)."""
    d = ctx.decide(fs, "stub_disordered.found")
    note = fs[-1].note
    mixed: tuple[str, ...] = dict(note.params).get("mixed_with", ()) if note is not None else ()
    if note == Message.of("finding.stub.rebuilt"):
        ctx.apply(d, "stub_disordered.rebuilt")
        d.say(Message.of("ruling.stub_disordered.the_stub_was_dropped_and_put"))
    elif mixed:
        ctx.apply(d, "stub_disordered.mixed", mixed_with=mixed)
        d.say(Message.of("ruling.stub_disordered.the_stub_fell_into_the",
                         mixed_with=MIXED_WITH[mixed]))
    else:
        ctx.apply(d, "stub_disordered.reshuffle")
        d.say(Message.of("ruling.stub_disordered.the_stub_was_dropped_and_its"))
    if ctx.is_unstated("stub_disordered.unstated"):
        ctx.apply(d, "stub_disordered.unstated", Message.of("ruling.stub_disordered.no_text_found_in_this_book"))
    return d


def level_changed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "level_changed_during_hand.found")
    d.say(Message.of("ruling.level_changed.the_new_level_was_announced_after", level=ctx.state.level))
    return d


def played_on(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "played_on_after_ruling.found")
    d.say(Message.of("ruling.played_on.the_table_played_on_after_the"))
    return d


def post_exceeds_stack(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "post_exceeds_stack.found", Message.of("ruling.post_exceeds_stack.why"))
    for f in fs:
        seat = ctx.state.seats.get(f.seat or 0)
        d.say(Message.of("ruling.post_exceeds_stack.said", seat=f.seat, stack=seat.stack if seat else 0))
    return d


def acted_after_award(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "acted_after_pot_awarded.found", Message.of("ruling.acted_after_award.why"))
    d.say(Message.of("ruling.acted_after_award.said", seats=tuple(dict.fromkeys(f.seat for f in fs))))
    return d


def after_next_hand(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "event_after_next_hand.found")
    d.say(Message.of("ruling.after_next_hand.said", at=fs[0].at))
    return d


def dealt_out(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "seat_dealt_out.found")
    d.say(Message.of("ruling.dealt_out.seat_was_skipped", seats=tuple(f.seat for f in fs)))
    seats = ctx.state.seats
    # away: absent or penalized by the header, or gone from the table when the deal ended (open question 19)
    gone = ctx.state.absent_at_last_card
    away = tuple(f.seat for f in fs if f.seat in seats
                 and (seats[f.seat].status.is_dealt_in_though_away or f.seat in gone))
    unposted = tuple(s for s in away if seats[s].status is not PlayerStatus.PENALIZED and seats[s].forced == 0)
    if ctx.params.dealt_out_needs_presence and unposted and len(unposted) == len(fs):
        # away and nothing posted: under this book he was not entitled to the hand, and he misses his blinds
        ctx.apply(d, "seat_dealt_out.away_not_posted", Message.of("ruling.dealt_out.away_not_posted_why"))
        d.say(Message.of("ruling.dealt_out.away_not_posted", seats=unposted))
        return d
    if away:
        ctx.apply(d, "seat_dealt_out.absent", Message.of("ruling.dealt_out.absent_entitled", seats=away))
    ctx.misdeal_or_blocked(d, Message.of("cause.an_entitled_seat_dealt"))
    if d.verdict is C:
        d.say(Message.of("ruling.dealt_out.the_skipped_player_takes_no_part"))
    return d


def absent(ctx: Context, fs: list[Finding]) -> Decision:
    deadline = ctx.params.absent_deadline
    d = ctx.decide(fs, "absent_at_deal.found")
    state = ctx.state
    if state.is_stud:
        ctx.apply(d, "absent_at_deal.stud")
    if state.log.redeal_of is not None:
        ctx.apply(d, "absent_at_deal.redeal")
    for f in fs:
        if f.seat in state.seats and state.seats[f.seat].status is PlayerStatus.REDEAL_DEAD:  # back, acting on it
            ctx.apply(d, "absent_at_deal.dead", seat=f.seat)
            d.say(Message.of("ruling.absent.redeal_dead", seat=f.seat))
            continue
        missed_last = f.seat in state.absent_at_last_card
        missed = missed_last if deadline == "last_card" else f.seat in state.absent_at_first_card
        card = Message.of(f"ruling.absent.deadline.{deadline}")
        if missed:
            ctx.apply(d, "absent_at_deal.dead", seat=f.seat)
            d.say(Message.of("ruling.absent.seat_was_not_at_his_seat", seat=f.seat, card=card))
        else:
            d.say(Message.of("ruling.absent.seat_was_back_at_his_seat", seat=f.seat, card=card))
    return d


def away(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "player_away_during_hand.found", Message.of("ruling.away.the_rule_says_the_hand_may"))
    for f in fs:
        d.say(Message.of("ruling.away.seat_left_the_table_with_his", seat=f.seat))
        ctx.apply(d, "player_away_during_hand.seat", seat=f.seat)
    return d


TABLE_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.POST_EXCEEDS_STACK: post_exceeds_stack,
    I.ACTED_AFTER_POT_AWARDED: acted_after_award,
    I.EVENT_AFTER_NEXT_HAND: after_next_hand,
    I.STUD_DOOR_CARD_DOWN: door_down,
    I.STUD_SEVENTH_EXPOSED: seventh_exposed,
    I.STUD_SHORT_STUB: short_stub,
    I.WRONG_BRING_IN: wrong_bring_in,
    I.STUB_DISORDERED: stub_disordered,
    I.LEVEL_CHANGED_DURING_HAND: level_changed,
    I.PLAYED_ON_AFTER_RULING: played_on,
    I.SEAT_DEALT_OUT: dealt_out,
    I.ABSENT_AT_DEAL: absent,
    I.PLAYER_AWAY_DURING_HAND: away,
}
