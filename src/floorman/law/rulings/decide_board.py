"""Decisions on the deck and the board: fouled decks, odd cards, flops, burns, premature cards."""

from __future__ import annotations

from collections.abc import Callable

from floorman.fold.cards import is_joker
from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.table import Family, Street
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.model import Verdict
from floorman.law.rulings.sa import has_substantial_action
from floorman.locale import Message

__all__ = ["BOARD_DECISIONS", "void_fouled"]

C = Verdict.CONTINUE


def void_fouled(ctx: Context, d: Decision, what: Message) -> Decision:
    """``d`` decided as a fouled deck: the hand is void, and the ruling says what fouled it (``what``)."""
    d.verdict = Verdict.VOID
    ctx.apply(d, "fouled_deck.void")
    d.say(Message.of("ruling.void.the_deck_is_fouled_the_hand", what=what))
    return d


def duplicate(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "duplicate_card.found")
    known = bool(f.card and f.card != "??")
    what = Message.of("ruling.duplicate.what.card" if known else "ruling.duplicate.what.same_card", card=f.card)
    if f.note:
        what = Message.of("ruling.duplicate.what.where", what=what, where=f.note)
    return void_fouled(ctx, d, what)


def foreign_in_play(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "foreign_back_in_play.found")
    where = Message.of("ruling.where.hand" if f.seat is not None else "ruling.where.board", seat=f.seat)
    if ctx.params.foreign_back_in_play == "house":
        ctx.apply(d, "foreign_back_in_play.house",
                  Message.of("ruling.foreign_in_play.the_book_leaves_other_fouled_deck"))
    return void_fouled(ctx, d, Message.of("ruling.foreign_in_play.what.a_card_with_a_different_back", where=where))


def foreign_in_stub(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "foreign_back_in_stub.found")
    return foreign_apart(ctx, d, fs, Message.of("ruling.foreign_in_stub.a_card_with_a_different_back"), where="stub")


def foreign_apart(ctx: Context, d: Decision, fs: list[Finding], found: Message, *, where: str) -> Decision:
    """A card with another back that will appear in no hand and on no board (in the stub, ``where``): the stub's
    rule (FD-FOREIGN-BACK-STUB) under the book's switch."""
    mode = ctx.params.foreign_back_in_stub
    d.say(found)
    if mode == "house":
        ctx.apply(d, "foreign_back_in_stub.house",
                  Message.of("ruling.foreign_in_stub.the_book_leaves_a_foreign_card"))
    if mode != "stands" and not ctx.sa:
        ctx.apply(d, "foreign_back_in_stub.misdeal",
                  Message.of("ruling.foreign_in_stub.the_book_does_not_say_what"))
        d.say(Message.of("ruling.foreign_in_stub.before_substantial_action_a_misdeal_is"))
        d.verdict = Verdict.MISDEAL
        return d
    ctx.apply(d, "foreign_back_in_stub.after_sa" if mode != "stands" else "foreign_back_in_stub.stands",
              card=fs[0].card, where=where)
    d.misdeal_blocked = mode != "stands"
    d.say(Message.of("ruling.foreign_in_stub.all_action_stands_the_card_is"))
    return d


def previous_hand(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "previous_hand_card.found", Message.of("ruling.previous_hand.a_missing_card_alone_does_not"))
    if ctx.params.previous_hand_card_fouls:
        return void_fouled(ctx, d, Message.of("ruling.previous_hand.what.a_card_left_over_from_an"))
    ctx.apply(d, "previous_hand_card.removed", card=fs[0].card, where="hand" if fs[0].seat else "table")
    d.say(Message.of("ruling.previous_hand.the_card_from_the_earlier_hand"))
    return d


def missing(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "missing_card.found")
    d.say(Message.of("ruling.missing.the_deck_is_short_a_card"))
    return d


def knew(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "knew_defect.found", Message.of("ruling.knew.whether_the_player_knew_and_what"))
    for f in fs:
        d.say(Message.of("ruling.knew.seat_knew_the_deck_was_defective", seat=f.seat))
        ctx.apply(d, "knew_defect.seat", seat=f.seat)
    return d


_OUT_OF_PLAY = {"finding.place.stub": "stub", "finding.place.boxed": "stub", "finding.place.burn": "burns",
                "finding.place.off_table": "table", "finding.place.found_at_table": "table"}
"""Where a card that does not belong lay out of play (in no hand, not on the board), by its finding's place."""


def _out_of_play(f: Finding) -> str | None:
    if f.seat is not None or f.note is None:
        return None
    return _OUT_OF_PLAY.get(f.note.id)


def _place(f: Finding) -> Message:
    apart = _out_of_play(f)
    if apart is not None:
        return Message.of(f"ruling.where.{apart}")
    return Message.of("ruling.where.hand" if f.seat is not None else "ruling.where.board", seat=f.seat)


def non_standard(ctx: Context, fs: list[Finding]) -> Decision:
    """A joker, or a 2 to 5 in short deck (MD-NONSTANDARD, NSC-*): a misdeal before substantial action where the
    book makes it one; otherwise a scrap of paper, replaced in a hand whose player has not acted, the hand dead
    once he has. A book with no rule of its own for the kind of card is ruled by the joker rule, the floor's call."""
    p = ctx.params
    d = ctx.decide(fs, "non_standard_card.found")
    short = ctx.state.spec.short_deck
    jokers = [f for f in fs if f.card is not None and is_joker(f.card)]
    low = short and len(jokers) < len(fs)  # a card short deck does not use, not a joker
    if low:
        ctx.apply(d, "non_standard_card.short_deck")
    for f in fs:
        what = "joker" if f in jokers else "short_deck" if short else "foreign"
        d.say(Message.of("ruling.non_standard.was_found_in",
                         what=Message.of(f"ruling.non_standard.what.{what}", card=f.card), place=_place(f)))
    if p.nonstandard_before_sa == "misdeal":
        if ctx.state.spec.family is Family.DRAW and p.draw_exposed == "house" and not ctx.sa:
            # the book's list of misdeal causes leaves draw games to house rules (MD-DRAW)
            ctx.apply(d, "non_standard_card.draw_house", Message.of("ruling.non_standard.draw_house_why"))
        ctx.misdeal_or_blocked(d, Message.of("cause.a_card_that_does"))
        if d.verdict is Verdict.MISDEAL:
            return d
    if jokers and ctx.is_unstated("non_standard_card.joker_unstated"):
        ctx.apply(d, "non_standard_card.joker_unstated", Message.of("ruling.non_standard.the_book_has_no_joker_rule"))
    if low and ctx.is_unstated("non_standard_card.short_deck_unstated"):
        ctx.apply(d, "non_standard_card.short_deck_unstated",
                  Message.of("ruling.non_standard.the_book_has_no_rule_for"))
    for f in fs:
        apart = _out_of_play(f)
        if apart is not None:
            ctx.apply(d, "non_standard_card.out_of_play", Message.of("ruling.non_standard.out_of_play_why"),
                      card=f.card, where=apart)
            d.say(Message.of("ruling.non_standard.out_of_play"))
            continue
        if f.seat is None:
            street = next((s for s, cards in ctx.state.board.items() if f.card in cards), None)
            ctx.apply(d, "non_standard_card.on_board",
                      Message.of("ruling.non_standard.whether_a_new_burn_is_taken"),
                      card=f.card, street=street.value if street is not None else None)
            d.say(Message.of("ruling.non_standard.it_is_a_scrap_of_paper"))
            continue
        acted = f.seat is not None and ctx.state.has_acted(f.seat, after=_arrived(ctx, f))
        if acted:
            ctx.apply(d, "non_standard_card.dead", card=f.card, seat=f.seat)
            d.say(Message.of("ruling.non_standard.seat_acted_on_that_hand_so", seat=f.seat))
        elif ctx.sa and p.nonstandard_before_sa == "misdeal":
            ctx.apply(d, "non_standard_card.dead_not_acted", Message.of("ruling.non_standard.dead_not_acted_why"),
                      card=f.card, seat=f.seat)
            d.say(Message.of("ruling.non_standard.after_substantial_action_dead", seat=f.seat))
        else:
            ctx.apply(d, "non_standard_card.replaced", card=f.card, seat=f.seat)
            d.say(Message.of("ruling.non_standard.it_is_a_scrap_of_paper_2", seat=f.seat))
    return d


def _arrived(ctx: Context, f: Finding) -> int:
    """When the odd card reached the seat (its deal), or when it was reported."""
    seat = ctx.state.seats.get(f.seat or 0)
    if seat is not None and f.card:
        for face, at in zip(seat.faces, seat.dealt_at, strict=True):
            if face == f.card:
                return at
    return f.at


def four_card_flop(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "four_card_flop.found")
    if _street_actions(ctx, Street.FLOP) or _has_begun(ctx, Street.TURN):
        ctx.apply(d, "four_card_flop.after_action", Message.of("ruling.four_card_flop.no_timing"))
    if _has_begun(ctx, Street.TURN):
        if ctx.apply(d, "four_card_flop.after_next_street",
                     happened=Message.of("ruling.four_card_flop.put_out_before_the_turn")):
            d.say(Message.of("ruling.four_card_flop.after_the_turn"))
        return d
    if ctx.params.four_card_flop == "redeal_flop":
        ctx.apply(d, "four_card_flop.redeal_flop")
        d.say(Message.of("ruling.four_card_flop.redeal_flop"))
        return d
    ctx.apply(d, "four_card_flop.scramble")
    d.say(Message.of("ruling.four_card_flop.scramble"))
    return d


def flop_five(ctx: Context, fs: list[Finding]) -> Decision:
    n = max(f.count or 5 for f in fs)
    d = ctx.decide(fs, "flop_five_or_more.found", cards=n)
    if ctx.params.flop_five_plus == "discretion":
        ctx.apply(d, "flop_five_or_more.discretion",
                  Message.of("ruling.flop_five.the_book_has_no_rule_for"))
    d.say(Message.of("ruling.flop_five.cards_were_put_out_for_the", n=n))
    return d


def short_flop(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    missing = 3 - (f.count or 0)
    d = ctx.decide(fs, "short_flop.found", Message.of("ruling.short_flop.no_rulebook_covers_a_short_flop"),
                   cards=missing)
    d.say(Message.of("ruling.short_flop.completed", count=f.count))
    return d


def _has_begun(ctx: Context, street: Street) -> bool:
    """The street's own cards have been dealt (its betting round has begun)."""
    streets = ctx.state.spec.streets
    return street in streets and streets.index(street) <= ctx.state.street_idx


def _street_actions(ctx: Context, street: Street | None) -> int:
    if street is None:
        return 0
    return ctx.state.street_action_count.get(street, 0)


def missing_burn(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "missing_burn.found")
    for f in fs:
        if ctx.state.is_stud:
            d.say(Message.of("ruling.missing_burn.no_card_was_burned_before_street", street=f.street))
            ctx.apply(d, "missing_burn.stud", street=f.street.value if f.street else None)
            continue
        actions = _street_actions(ctx, f.street)
        if f.street is Street.FLOP and _flop_too_many_cards(ctx):
            ctx.apply(d, "missing_burn.flop")
            ctx.apply(d, "missing_burn.flop_too_many_cards", Message.of("ruling.flop_noburn.with_too_many_cards"))
            d.say(Message.of("ruling.flop_noburn.taken_in_by_the_flop_procedure"))
        elif f.street is Street.FLOP:
            _flop_noburn(ctx, d, actions)
        else:
            _street_burn(ctx, d, f, actions, missing=True)
    return d


def _flop_too_many_cards(ctx: Context) -> bool:
    """The flop also came with too many cards: its own procedure takes in every card put out for it."""
    return ctx.state.has(I.FOUR_CARD_FLOP) or ctx.state.has(I.FLOP_FIVE_OR_MORE)


def _flop_noburn(ctx: Context, d: Decision, actions: int) -> None:
    p = ctx.params
    ctx.apply(d, "missing_burn.flop")
    if actions >= p.flop_noburn_stands_after:
        d.say(Message.of("ruling.flop_noburn.the_flop_was_dealt_without_a", actions=actions))
        state = ctx.state
        flop_actions = [state.acted_kind[i] for i in range(state.action_count) if state.acted_street[i] is Street.FLOP]
        flop_sa = has_substantial_action(flop_actions, p, stud=False)
        ctx.apply(d, "missing_burn.flop_stands" if flop_sa else "missing_burn.flop_stands_short_of_substantial_action",
                  next_street=_next_board_street(ctx, Street.FLOP))
        return
    ctx.apply(d, f"missing_burn.flop_{p.flop_noburn_no_action}")
    if p.flop_noburn_no_action == "scramble":
        d.say(Message.of("ruling.flop_noburn.the_flop_was_dealt_without_a_2"))
    else:
        d.say(Message.of("ruling.flop_noburn.the_flop_was_dealt_without_a_3"))


def _next_board_street(ctx: Context, street: Street | None) -> str | None:
    """The board street after ``street`` still to be dealt (None after the river, or once it is out)."""
    order = (Street.FLOP, Street.TURN, Street.RIVER)
    if street not in order or street is Street.RIVER:
        return None
    nxt = order[order.index(street) + 1]
    return None if _has_begun(ctx, nxt) else nxt.value


def _street_burn(ctx: Context, d: Decision, f: Finding, actions: int, *, missing: bool) -> None:
    p = ctx.params
    street = f.street.value if f.street else None
    ctx.apply(d, "burn_error.street")
    error = Message.of("ruling.street_burn.error.missing" if missing else "ruling.street_burn.error.extra")
    if actions > 0:
        d.say(Message.of("ruling.street_burn.the_was_dealt_and_there_has", street=street, error=error))
        if p.burn_restore_order:
            if ctx.apply(d, "burn_error.stands_restored", street=street):
                d.say(Message.of("ruling.street_burn.the_following_cards_are_those_that"))
        else:
            ctx.apply(d, "burn_error.stands", street=street, next_street=_next_board_street(ctx, f.street))
            d.say(Message.of("ruling.street_burn.the_next_street_is_burned_and"))
        return
    why = Message.of("ruling.street_burn.no_rule_says_how_to_correct")
    if missing:
        ctx.apply(d, "burn_error.missing_no_action", why, street=street)
        d.say(Message.of("ruling.street_burn.the_was_dealt_without_a_burn", street=street))
    else:
        ctx.apply(d, "burn_error.extra_no_action", why, street=street)
        d.say(Message.of("ruling.street_burn.two_cards_were_burned_before_the", street=street))


def extra_burn(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "extra_burn.found")
    for f in fs:
        actions = _street_actions(ctx, f.street)
        if ctx.state.is_stud:
            d.say(Message.of("ruling.extra_burn.two_cards_were_burned_before_street", street=f.street))
            ctx.apply(d, "extra_burn.stud", street=f.street.value if f.street else None)
        elif f.street is Street.FLOP:
            _flop_extra_burn(ctx, d, f, actions)
        else:
            _street_burn(ctx, d, f, actions, missing=False)
    return d


def _flop_extra_burn(ctx: Context, d: Decision, f: Finding, actions: int) -> None:
    p = ctx.params
    ctx.apply(d, "extra_burn.flop")
    if _flop_too_many_cards(ctx):
        ctx.apply(d, "extra_burn.flop_too_many_cards", Message.of("ruling.flop_extra_burn.with_too_many_cards"))
        d.say(Message.of("ruling.flop_extra_burn.taken_in_by_the_flop_procedure"))
        return
    if f.note:
        d.say(Message.of("ruling.flop_extra_burn.a_burn_was_already_set_aside", note=f.note))
    flop_out = len(ctx.state.board.get(Street.FLOP, [])) > 0
    if not flop_out:
        ctx.apply(d, "extra_burn.flop_not_out")
        d.say(Message.of("ruling.flop_extra_burn.two_cards_were_burned_before_the_2"))
        return
    if actions == 0:
        ctx.apply(d, "extra_burn.flop_no_action", Message.of("ruling.flop_extra_burn.the_tournament_rules_are_silent_the"),
                  cards=len(ctx.state.board.get(Street.FLOP, [])))
        d.say(Message.of("ruling.flop_extra_burn.two_cards_were_burned_before_the_3"))
        return
    ctx.apply(d, "extra_burn.flop_acted")
    d.say(Message.of("ruling.flop_extra_burn.two_cards_were_burned_before_the"))
    if p.burn_restore_order:
        if ctx.apply(d, "extra_burn.flop_acted_restored"):
            d.say(Message.of("ruling.flop_extra_burn.one_of_the_two_flop_burns"))
    else:
        d.say(Message.of("ruling.flop_extra_burn.for_the_turn_the_dealer_burns"))
        ctx.apply(d, "extra_burn.flop_acted_burn_again",
                  Message.of("ruling.flop_extra_burn.how_to_deal_the_next_street"))


def premature(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "premature_card.found")
    for f in fs:
        street = f.street or Street.FLOP
        ctx.apply(d, f"premature_card.{street.value}" if street in (Street.FLOP, Street.TURN, Street.RIVER)
                  else "premature_card.stud")
        burned = bool(ctx.state.designated_burn.get(street))
        if not burned:
            ctx.apply(d, "premature_card.without_burn", Message.of("ruling.premature.no_burn_to_keep"))
        if ctx.state.hand_over:
            d.say(Message.of("ruling.premature.the_card_s_came_out_before", street=street.value))
            continue
        if _has_begun(ctx, street):
            ctx.apply(d, "premature_card.since_dealt", Message.of("ruling.premature.found_after_the_street"))
            d.say(Message.of("ruling.premature.the_street_has_since_been_dealt", street=street.value))
            continue
        if street is Street.TURN and ctx.params.premature_turn == "set_aside":
            ctx.apply(d, "premature_card.turn_set_aside", street=street.value)
            d.say(Message.of("ruling.premature.the_premature_turn_card_is_set"))
            continue
        ctx.apply(d, "premature_card.burned" if burned else "premature_card.not_burned",
                  cards=f.count or 1, street=street.value)
        d.say(Message.of("ruling.premature.burned" if burned else "ruling.premature.not_burned", street=street.value))
    return d


def premature_burn(ctx: Context, fs: list[Finding]) -> Decision:
    alone = [
        f for f in fs
        if not any(p.irregularity is I.PREMATURE_CARD and p.street is f.street for p in ctx.state.findings)
    ]
    if not alone:
        return Decision(verdict=C, rules=[], findings=fs)
    d = ctx.decide(fs, "premature_burn.found", Message.of("ruling.premature_burn.no_rule_covers_a_premature_burn"))
    for f in alone:
        street = f.street.value if f.street else None
        ctx.apply(d, "premature_burn.street", street=street)
        d.say(Message.of("ruling.premature_burn.a_card_was_burned_for_the", street=street))
    return d


def extra_board(ctx: Context, fs: list[Finding]) -> Decision:
    """A board card past the last street: the first card is the river, the other goes out of play (no text)."""
    d = ctx.decide(fs, "extra_board_card.found", Message.of("ruling.extra_board.no_rule"))
    for f in fs:
        ctx.apply(d, "extra_board_card.out_of_play", card=f.card)
    d.say(Message.of("ruling.extra_board.said", street=fs[0].street.value if fs[0].street else None))
    d.say(Message.of("ruling.extra_board.alternative"))
    return d


BOARD_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.DUPLICATE_CARD: duplicate,
    I.FOREIGN_BACK_IN_PLAY: foreign_in_play,
    I.FOREIGN_BACK_IN_STUB: foreign_in_stub,
    I.PREVIOUS_HAND_CARD: previous_hand,
    I.MISSING_CARD: missing,
    I.KNEW_DEFECT: knew,
    I.NON_STANDARD_CARD: non_standard,
    I.FOUR_CARD_FLOP: four_card_flop,
    I.FLOP_FIVE_OR_MORE: flop_five,
    I.SHORT_FLOP: short_flop,
    I.MISSING_BURN: missing_burn,
    I.EXTRA_BURN: extra_burn,
    I.PREMATURE_CARD: premature,
    I.PREMATURE_BURN: premature_burn,
    I.EXTRA_BOARD_CARD: extra_board,
}
