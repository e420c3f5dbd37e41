"""Decisions on facts a version 1.1 hand log can report about the cards and chips around the deal: blinds posted
at a level the hand did not begin in, a wrong count a player caused, a foreign back on a burn, a hand taken back
from the muck, and a card found off the table or of unknown origin."""

from __future__ import annotations

from collections.abc import Callable

from floorman.fold.betting import forced_amount
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.decide_board import foreign_apart, void_fouled
from floorman.locale import Message

__all__ = ["HANDLING_DECISIONS"]


def blinds_at_old_level(ctx: Context, fs: list[Finding]) -> Decision:
    """LVL-NEW-HAND: the blinds are those of the level in force when the hand began; posted at another level (the
    old one, or one the clock moved to during the hand) they are corrected to the hand's level before substantial
    action and kept after it. A v1.1 log that says when the hand began names the old level; a level change during
    the hand names the new one; with neither, only that the bets fell short is known."""
    state = ctx.state
    d = ctx.decide(fs, "blinds_at_old_level.found")
    seats = tuple(dict.fromkeys(f.seat for f in fs))
    old = state.level_before_start
    if state.level_next_hand is not None:
        ctx.apply(d, "blinds_at_old_level.redeal", Message.of("ruling.old_level.redeal_why"))
        d.say(Message.of("ruling.old_level.redeal", level=state.level, seats=seats))
    elif old is not None:
        d.say(Message.of("ruling.old_level.the_level_changed_before_the_hand", level=state.level, seats=seats))
    elif state.level_changes:
        d.say(Message.of("ruling.old_level.posted_at_a_level_changed_during_the_hand", level=state.level,
                         seats=seats))
    else:
        d.say(Message.of("ruling.old_level.posted_below", level=state.level))
    reason = Message.of("ruling.old_level.the_text_corrects_a_hand_begun")
    ctx.apply(d, "substantial_action.test")  # corrected or kept: the book's test of substantial action decides
    if ctx.sa:
        ctx.apply(d, "blinds_at_old_level.stands", reason)
        if old is not None:
            d.say(Message.of("ruling.old_level.substantial_action_has_occurred_so_the", old=old))
        else:
            d.say(Message.of("ruling.old_level.kept"))
        return d
    for post in state.posts:
        due = forced_amount(state.level, post.blind)
        if due and post.seat in seats and post.amount != due:
            ctx.apply(d, "blinds_at_old_level.corrected", reason, seat=post.seat, blind=post.blind.value, amount=due)
    d.say(Message.of("ruling.old_level.corrected_to_the_hands_level", level=state.level))
    return d


def count_by_player(ctx: Context, fs: list[Finding]) -> Decision:
    """A wrong count a player caused: the deal was right, so no misdeal; the hands with the wrong count are dead,
    and so is the hand of the player who took or swapped the cards (CNT-AFTER-SA-DEAD, read for it)."""
    d = ctx.decide(fs, "wrong_count_caused_by_player.found",
                   Message.of("ruling.count_by_player.no_misdeal_rule_speaks_of_a"))
    dead: list[int] = []
    for f in fs:
        if f.from_seat is not None:
            d.say(Message.of("ruling.count_by_player.seat_holds_cards_after_seat", seat=f.seat, count=f.count,
                             by_seat=f.from_seat))
        else:
            d.say(Message.of("ruling.count_by_player.seat_holds_cards_a_player", seat=f.seat, count=f.count))
        dead += [s for s in (f.seat, f.from_seat) if s is not None and s not in dead]
    for seat in dead:
        ctx.apply(d, "wrong_count_caused_by_player.killed", seat=seat)
    d.say(Message.of("ruling.count_by_player.the_deal_was_right_so_there", seats=tuple(dead)))
    return d


def foreign_on_burn(ctx: Context, fs: list[Finding]) -> Decision:
    """A burn card with another back: it will appear in no hand and on no board, so the stub's rule decides."""
    d = ctx.decide(fs, "foreign_back_on_burn.found",
                   Message.of("ruling.foreign_on_burn.the_rules_speak_of_a_card"))
    return foreign_apart(ctx, d, fs, Message.of("ruling.foreign_on_burn.a_burn_card_has_a_different"), where="burns")


def retrieved(ctx: Context, fs: list[Finding]) -> Decision:
    """A hand taken back from the muck plays only if the dealer mucked it and it is told apart for sure
    (EXP-AFTER-DEAL)."""
    d = ctx.decide(fs, "mucked_hand_retrieved.found")
    for f in fs:
        how = f.note.id.rsplit(".", 1)[-1] if f.note is not None else ""
        if f.seat not in ctx.state.dealer_mucked:
            ctx.apply(d, "mucked_hand_retrieved.folded", Message.of("ruling.retrieved.the_text_keeps_an_identifiable_hand"),
                      seat=f.seat)
            d.say(Message.of("ruling.retrieved.seat_gave_up_the_hand_itself", seat=f.seat))
        elif how == "not_identified":
            ctx.apply(d, "mucked_hand_retrieved.not_identified",
                      Message.of("ruling.retrieved.the_text_keeps_an_identifiable_hand"), seat=f.seat)
            d.say(Message.of("ruling.retrieved.seat_s_cards_could_not_be", seat=f.seat))
        elif how == "table_agreement":
            ctx.apply(d, "mucked_hand_retrieved.table_agreement",
                      Message.of("ruling.retrieved.only_the_table_s_agreement_told"))
            d.say(Message.of("ruling.retrieved.seat_s_hand_plays_as_the", seat=f.seat))
        else:
            ctx.apply(d, "mucked_hand_retrieved.identified",
                      Message.of("ruling.retrieved.the_text_keeps_an_identifiable_hand"))
            d.say(Message.of("ruling.retrieved.the_dealer_mucked_seat_s_hand", seat=f.seat,
                             how=Message.of(f"ruling.retrieved.how.{how}")))
    return d


def dealer_mucked(ctx: Context, fs: list[Finding]) -> Decision:
    """A live hand the dealer mucked before the showdown: dead, its player has no redress, and the part of its last
    bet or raise that no one matched goes back (DEAD-UNCALLED). A hand taken back from the muck afterwards is
    the retrieval's to rule on (EXP-AFTER-DEAL)."""
    taken_back = {f.seat for f in ctx.state.findings if f.irregularity is I.MUCKED_HAND_RETRIEVED}
    dead = [f for f in fs if f.seat not in taken_back]
    if not dead:
        return ctx.decide(fs, "hand_mucked_by_dealer.taken_back")
    d = ctx.decide(fs, "hand_mucked_by_dealer.found", seat=dead[0].seat)
    for f in dead[1:]:
        ctx.apply(d, "hand_mucked_by_dealer.another", seat=f.seat)
    for f in dead:
        d.say(Message.of("ruling.dealer_mucked.dead", seat=f.seat))
    return d


def found_off_table(ctx: Context, fs: list[Finding]) -> Decision:
    """A card found off the table or loose on it: the hand was played without it (FD-MISSING-CARD)."""
    d = ctx.decide(fs, "card_found_off_table.found")
    for f in fs:
        where, origin = f.note.id.split(".")[2:] if f.note is not None else ("table", "unknown")
        if origin == "unknown":
            ctx.apply(d, "card_found_off_table.unknown_origin",
                      Message.of("ruling.found_off_table.no_text_speaks_of_a_card"))
        d.say(Message.of("ruling.found_off_table.was_found_the_hand_was_played", card=f.card,
                         where=Message.of(f"ruling.found_off_table.where.{where}")))
        ctx.apply(d, "card_found_off_table.removed", card=f.card)
    return d


def unknown_origin(ctx: Context, fs: list[Finding]) -> Decision:
    """A card of unknown origin in a hand: read as a card left from an earlier deal (FD-MISSING-CARD)."""
    f = fs[0]
    d = ctx.decide(fs, "card_of_unknown_origin.found", Message.of("ruling.previous_hand.a_missing_card_alone_does_not"))
    if ctx.params.previous_hand_card_fouls:
        return void_fouled(ctx, d, Message.of("ruling.unknown_origin.what", seat=f.seat))
    ctx.apply(d, "previous_hand_card.removed", card=f.card, where="hand")
    d.say(Message.of("ruling.unknown_origin.the_card_is_taken_out_of", seat=f.seat))
    return d


HANDLING_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.BLINDS_AT_OLD_LEVEL: blinds_at_old_level,
    I.WRONG_COUNT_CAUSED_BY_PLAYER: count_by_player,
    I.FOREIGN_BACK_ON_BURN: foreign_on_burn,
    I.MUCKED_HAND_RETRIEVED: retrieved,
    I.HAND_MUCKED_BY_DEALER: dealer_mucked,
    I.CARD_FOUND_OFF_TABLE: found_off_table,
    I.CARD_OF_UNKNOWN_ORIGIN: unknown_origin,
}
