"""Decisions on the deal: seats, order, counts, boxed and exposed cards (MD-*, CNT-*, EXP-*, BOX-*)."""

from __future__ import annotations

from collections.abc import Callable

from floorman.fold.findings import Finding
from floorman.fold.findings import Irregularity as I
from floorman.fold.table import Family
from floorman.law.rulebooks.decisions import fact_rules
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.model import Verdict
from floorman.locale import Message

__all__ = ["DEAL_DECISIONS"]

C = Verdict.CONTINUE


def first_card(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "first_card_wrong_seat.found")
    d.rules += fact_rules(f)
    order = ctx.state.order
    where = "stud" if ctx.state.is_stud else "heads_up" if order.heads_up else "button"
    d.say(Message.of("ruling.first_card.the_first_card_went_to_seat", seat=f.seat, expected_seat=f.expected_seat,
                     where=Message.of(f"ruling.first_card.where.{where}")))
    return ctx.misdeal_or_blocked(d, Message.of("cause.first_card_to_the"))


def not_entitled(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "card_to_seat_not_entitled.found")
    for f in fs:
        d.say(Message.of("ruling.not_entitled.cards_dealt_to_seat", seat=f.seat,
                         note=f.note or Message.of("ruling.not_entitled.why")))
    ctx.misdeal_or_blocked(d, Message.of("cause.cards_dealt_to_a"))
    if d.verdict is C:
        for f in fs:
            ctx.apply(d, "card_to_seat_not_entitled.killed", seat=f.seat)
        d.say(Message.of("ruling.not_entitled.the_cards_at_that_seat_are"))
    return d


def out_of_sequence(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "card_out_of_sequence.found")
    order = ctx.state.order
    if f.expected_seat is not None:
        d.say(Message.of("ruling.out_of_sequence.a_card_went_to_seat_when", seat=f.seat, expected_seat=f.expected_seat))
    else:
        d.say(Message.of("ruling.out_of_sequence.in_a_row", seat=f.seat, count=f.count))
    if f.count == 2 and not order.is_button(f.seat) and (order.heads_up or order.dead_button):
        # the seat dealt last with a dead button, or the big blind heads-up, took two cards in a row
        ctx.apply(d, "card_out_of_sequence.not_the_button",
                  Message.of("ruling.out_of_sequence.not_the_button", seat=f.seat))
    if ctx.params.out_of_sequence == "discretion" or ctx.is_unstated("card_out_of_sequence.found"):
        ctx.apply(d, "card_out_of_sequence.discretion",
                  Message.of("ruling.out_of_sequence.the_book_does_not_list_a"))
    return ctx.misdeal_or_blocked(d, Message.of("cause.card_out_of_sequence"))


def button_consecutive(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "button_dealt_consecutive_cards.found")
    d.say(Message.of("ruling.button_consecutive.allowed", seat=fs[0].seat))
    return d


def button_misplaced(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "button_misplaced.found")
    if ctx.state.order.heads_up:
        ctx.apply(d, "button_misplaced.heads_up")
        d.say(Message.of("ruling.button_misplaced.heads_up_the_button_is_placed"))
    d.say(Message.of("ruling.button_misplaced.the_button_was_on_seat_the", seat=f.seat, expected_seat=f.expected_seat))
    if not ctx.params.button_misplaced_misdeal:
        return d
    ctx.misdeal_or_blocked(d, Message.of("cause.button_out_of_position"))
    if d.verdict is Verdict.MISDEAL:
        ctx.apply(d, "button_misplaced.misdeal")
        d.corrected_button = f.expected_seat
        d.say(Message.of("ruling.button_misplaced.the_re_deal_puts_the_button", expected_seat=f.expected_seat))
    else:
        ctx.apply(d, "button_misplaced.stands")
        d.say(Message.of("ruling.button_misplaced.the_error_stands_for_this_hand"))
    return d


def boxed(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    initial = [f for f in fs if f.during_initial_deal]
    # a book that counts boxed cards "found" without saying when counts the later ones only while a misdeal can still
    # be called: after substantial action each is a scrap of paper (BOX-LATE), as under the tournament books
    late_counted = p.boxed_counted == "needed_for_hand" or (p.boxed_counted == "any_found" and not ctx.sa)
    counted = fs if late_counted else initial
    d = ctx.decide(fs, "boxed_card.found")
    if any(f.replacement for f in counted):
        ctx.apply(d, "boxed_card.replacement", Message.of("ruling.replacement.counts_on_the_initial_deal"))
    n = len(counted)
    if n >= p.boxed_misdeal_at:
        # the threshold is met: a misdeal before substantial action; after it, the misdeal is barred and each
        # boxed card is dealt with as a scrap below
        ctx.apply(d, "boxed_card.misdeal")
        if p.boxed_counted == "any_found" and len(initial) < p.boxed_misdeal_at:
            # the count reaches the threshold only with boxed cards met after the initial deal, where the book
            # counts those "found" without saying when
            ctx.apply(d, "boxed_card.misdeal_timing_unstated")
        d.say(Message.of("ruling.boxed.boxed_cards_were_found", n=n,
                         when=Message.of(f"ruling.boxed.counted.{p.boxed_counted}")))
        ctx.misdeal_or_blocked(d, Message.of("cause.or_more_boxed_cards", boxed_misdeal_at=p.boxed_misdeal_at))
        if d.verdict is Verdict.MISDEAL:
            return d
    ctx.apply(d, "boxed_card.scrap")
    if initial:
        ctx.apply(d, "boxed_card.initial_deal")
    for f in fs:
        if f.during_initial_deal and f.seat is None:
            ctx.apply(d, "boxed_card.in_deck", card=f.card)
            d.say(Message.of("ruling.boxed.a_boxed_card_was_found_in"))
        elif f.during_initial_deal and not _has_its_cards(ctx, f.seat):
            if ctx.apply(d, "boxed_card.to_seat", card=f.card, seat=f.seat):
                d.say(Message.of("ruling.boxed.a_boxed_card_came_off_the", seat=f.seat))
        elif f.during_initial_deal:
            ctx.apply(d, "boxed_card.in_deck", card=f.card)
            d.say(Message.of("ruling.boxed.a_boxed_card_was_found_in"))
        elif f.seat is not None and ctx.state.is_stud:
            ctx.apply(d, "boxed_card.late_to_seat", card=f.card, seat=f.seat)
            if ctx.sa:
                ctx.apply(d, "boxed_card.late_after_sa")
            d.say(Message.of("ruling.boxed.late_to_seat", seat=f.seat, street=f.street.value if f.street else None))
        else:
            ctx.apply(d, "boxed_card.late", card=f.card)
            if ctx.sa:
                ctx.apply(d, "boxed_card.late_after_sa")
            d.say(Message.of("ruling.boxed.a_boxed_card_met_after_the"))
    late = len(fs) - len(initial)
    if late >= p.boxed_late_fouled_at:
        ctx.apply(d, "boxed_card.late_many")
        d.say(Message.of("ruling.boxed.late_many", n=late))
    if n < p.boxed_misdeal_at and (n or not late):  # none counted beside late ones: nothing to say of the count
        d.say(Message.of("ruling.boxed.counted", n=n, boxed_misdeal_at=p.boxed_misdeal_at))
    if ctx.state.has(I.EXPOSED_HOLE_CARD):
        ctx.apply(d, "boxed_card.with_exposed")
    d.explanation = list(dict.fromkeys(d.explanation))  # two boxed cards dealt with alike: said once
    return d


def _has_its_cards(ctx: Context, seat: int | None) -> bool:
    """The seat needs no replacement: the deal is over and it holds its starting cards, or its hand is dead
    or folded."""
    s = ctx.state.seats.get(seat or 0)
    if s is None or s.folded or s.dead:
        return True
    return ctx.state.deal_finished and s.held >= ctx.state.spec.hole_cards


def _exposed_flop(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.flop")
    for f in fs:
        d.rules += [r for r in fact_rules(f) if r not in d.rules]
    early = [f for f in fs if f.position is not None and f.position <= p.exposed_first_cards]
    if early:
        f = early[0]
        d.say(Message.of("ruling.exposed_flop.card_off_the_deck_seat_was", position=f.position, seat=f.seat, exposed_first_cards=p.exposed_first_cards))
        ctx.misdeal_or_blocked(d, Message.of("cause.one_of_the_first"))
        if d.verdict is Verdict.MISDEAL:
            return d
    elif len(fs) >= p.exposed_misdeal_at:
        d.say(Message.of("ruling.exposed_flop.down_cards_exposed", n=len(fs), seats=tuple(f.seat for f in fs)))
        ctx.misdeal_or_blocked(d, Message.of("cause.exposed_down_cards", exposed_misdeal_at=p.exposed_misdeal_at))
        if d.verdict is Verdict.MISDEAL:
            return d
    ctx.apply(d, "exposed_hole_card.replace")
    if not early and len(fs) < p.exposed_misdeal_at:
        f = fs[0]
        d.say(Message.of("ruling.exposed_flop.one_down_card_seat_was_exposed", position=f.position, seat=f.seat, exposed_first_cards=p.exposed_first_cards))
    streets = [s for s in ctx.state.spec.streets[1:]]
    replaced = 0
    for i, f in enumerate(fs):
        street = streets[min(i, len(streets) - 1)]
        seat = ctx.state.seats.get(f.seat or 0)
        if seat is not None and (seat.folded or seat.dead):
            d.say(Message.of("ruling.exposed_flop.seat_has_since_folded_his_hand", seat=f.seat))
            continue
        if ctx.apply(d, "exposed_hole_card.replaced_at_seat", seat=f.seat,
                     card=f.card if f.card != "??" else None, street=street.value):
            replaced += 1
            d.say(Message.of("ruling.exposed_flop.seat_may_not_keep_the_exposed", seat=f.seat, street=street.value))
    if d.misdeal_blocked and replaced > 1:
        ctx.apply(d, "exposed_hole_card.several_after_sa", Message.of("ruling.exposed_flop.several_after_sa"))
    if ctx.is_unstated("exposed_hole_card.standard_procedure") and not d.too_late:
        d.say(Message.of("ruling.exposed_flop.this_replacement_procedure_is_the_standard"))
    return d


def _exposed_stud(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.stud")
    d.rules += [r for r in dict.fromkeys(r for f in fs for r in fact_rules(f)) if r not in d.rules]  # a flash too
    by_seat: dict[int, list[Finding]] = {}
    for f in fs:
        by_seat.setdefault(f.seat or 0, []).append(f)
    d.say(Message.of("ruling.exposed_stud.down_card_exposed", seats=tuple(by_seat)))
    if p.stud_downcard_exposed == "misdeal":
        return ctx.misdeal_or_blocked(d, Message.of("cause.a_stud_player_s"))
    all_three = [s for s, group in by_seat.items() if len(group) >= 2]
    if all_three and p.stud_all_exposed_misdeal:
        d.say(Message.of("ruling.exposed_stud.all_three_of_that_player_s"))
        return ctx.misdeal_or_blocked(d, Message.of("cause.all_three_starting_cards"))
    if all_three:
        ctx.apply(d, "exposed_hole_card.stud_all_three", Message.of("ruling.exposed_stud.the_book_covers_one_exposed_down"))
    for seat in by_seat:
        if p.stud_downcard_exposed == "upcard":
            if ctx.apply(d, "exposed_hole_card.stud_upcard", seat=seat):
                d.say(Message.of("ruling.exposed_stud.upcard", seat=seat))
        else:
            ctx.apply(d, "exposed_hole_card.stud_third_down", seat=seat)
    if p.stud_downcard_exposed == "third_down" and not d.too_late:
        d.say(Message.of("ruling.exposed_stud.the_player_s_third_card_is"))
    return d


def _exposed_draw(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.draw")
    if p.draw_exposed == "house":
        ctx.apply(d, "exposed_hole_card.draw_house",
                  Message.of("ruling.exposed_draw.the_book_leaves_draw_games_to"))
    for f in fs:
        d.rules += [r for r in fact_rules(f) if r not in d.rules]
    initial = [f for f in fs if f.during_initial_deal]
    if len(initial) >= p.draw_exposed_misdeal_at:
        d.say(Message.of("ruling.exposed_draw.cards_exposed", n=len(initial)))
        ctx.misdeal_or_blocked(d, Message.of("cause.second_exposed_card_on"))
        if d.verdict is Verdict.MISDEAL:
            return d
        ctx.apply(d, "exposed_hole_card.draw_past_the_misdeal_count",
                  Message.of("ruling.exposed_draw.several_after_sa"))
    for f in fs:
        seat = ctx.state.seats.get(f.seat or 0)
        if seat is not None and (seat.folded or seat.dead):
            d.say(Message.of("ruling.exposed_draw.seat_has_folded", seat=f.seat))
        elif f.during_initial_deal:
            if ctx.apply(d, "exposed_hole_card.draw_replaced", seat=f.seat,
                         happened=Message.of("ruling.exposed_draw.exposed_on_the_deal", seat=f.seat)):
                d.say(Message.of("ruling.exposed_draw.seat_s_exposed_card_is_replaced", seat=f.seat))
        elif ctx.apply(d, "exposed_hole_card.during_draw", Message.of("ruling.exposed_draw.during_the_draw"),
                       seat=f.seat,
                       happened=Message.of("ruling.exposed_draw.exposed_in_the_draw_found_late", seat=f.seat)):
            d.say(Message.of("ruling.exposed_draw.exposed_in_the_draw", seat=f.seat))
            d.say(Message.of("ruling.exposed_draw.alternative", seat=f.seat))
    return d


def exposed(ctx: Context, fs: list[Finding]) -> Decision:
    family = ctx.state.spec.family
    if family is Family.STUD:
        return _exposed_stud(ctx, fs)
    if family is Family.DRAW:
        return _exposed_draw(ctx, fs)
    return _exposed_flop(ctx, fs)


def exposed_replacement(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "exposed_replacement_card.found")
    f = fs[0]
    d.say(Message.of("ruling.exposed_replacement.the_replacement_card_for_seat_was", seat=f.seat))
    if not ctx.sa:
        ctx.apply(d, "exposed_replacement_card.initial_deal",
                  Message.of("ruling.replacement.counts_on_the_initial_deal"))
    ctx.misdeal_or_blocked(d, Message.of("cause.two_exposed_down_cards"))
    if d.verdict is C:
        ctx.apply(d, "exposed_replacement_card.after_sa",
                  Message.of("ruling.exposed_replacement.no_rule_covers_an_exposed_replacement"),
                  seat=f.seat)
        d.say(Message.of("ruling.exposed_replacement.seat_gets_the_next_card_the", seat=f.seat))
    return d


def exposed_after_deal(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "exposed_after_deal.found")
    d.say(Message.of("ruling.exposed_after_deal.live", seats=tuple(f.seat for f in fs)))
    return d


def player_exposed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "player_exposed_own_card.found")
    for f in fs:
        d.say(Message.of("ruling.player_exposed.seat_exposed_his_own_card_not", seat=f.seat))
        ctx.apply(d, "player_exposed_own_card.penalty", seat=f.seat)
    return d


def extra_card(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    extras = max((f.count or 1) for f in fs)
    f = fs[0]
    d = ctx.decide(fs, "extra_card.found")
    d.say(Message.of("ruling.extra_card.dealt", n=extras, seat=f.seat))
    if p.one_extra_card == "misdeal":
        ctx.apply(d, "extra_card.one_is_wrong_count")
    if extras >= p.extra_cards_misdeal_at:
        return ctx.misdeal_or_blocked(d, Message.of("cause.or_more_extra_cards", extra_cards_misdeal_at=p.extra_cards_misdeal_at))
    ctx.apply(d, "extra_card.one")
    if ctx.state.action_count:
        mixed = Finding(at=f.at, irregularity=I.WRONG_CARD_COUNT, seat=f.seat,
                        count=ctx.state.hole_cards_at(f.seat))
        d2 = wrong_count(ctx, [mixed])
        ctx.apply(d2, "extra_card.kept")
        d2.findings = fs
        d2.say_first(Message.of("ruling.extra_card.the_extra_card_was_not_set"))
        return d2
    if p.one_extra_card == "misdeal" and not ctx.sa:
        ctx.apply(d, "extra_card.one_misdeal",
                  Message.of("ruling.extra_card.by_the_letter_one_extra_card"))
        return ctx.misdeal_or_blocked(d, Message.of("cause.wrong_number_of_cards"))
    if ctx.state.has(I.WRONG_CARD_COUNT):
        return d
    ctx.apply(d, "extra_card.burned", seat=f.seat, street=ctx.state.spec.streets[1].value)
    d.say(Message.of("ruling.extra_card.one_extra_card_is_not_a"))
    return d


def wrong_count(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "wrong_card_count.found")
    if ctx.state.is_stud:
        ctx.apply(d, "wrong_card_count.stud")
    if ctx.state.is_stud and all(f.street is not None for f in fs):
        for f in fs:
            due = _due(ctx, f)
            short = (f.count or 0) < due
            d.say(Message.of("ruling.wrong_count.stud_passed_over" if short else "ruling.wrong_count.stud_holds",
                             seat=f.seat, count=f.count, due=due, street=f.street.value if f.street else None))
    else:
        held = tuple(Message.of("ruling.wrong_count.holds", seat=f.seat, count=f.count) for f in fs)
        d.say(Message.of("ruling.wrong_count.wrong_number_of_cards_the_game", held=held,
                         hole_cards=ctx.state.spec.hole_cards))
    if _only_final_card_missing(ctx, fs):
        return _stud_final_card(ctx, d, fs)
    full = ctx.state.spec.hole_cards + len(ctx.state.spec.streets) - 1
    if ctx.state.is_stud and any((f.count or 0) > full for f in fs):
        ctx.apply(d, "wrong_card_count.stud_too_many")
        dead = sorted({f.seat for f in fs if f.seat is not None})
        for seat in dead:
            ctx.apply(d, "wrong_card_count.killed", seat=seat)
        d.say(Message.of("ruling.wrong_count.stud_too_many", seats=tuple(dead), full=full))
        return d
    if _stud_passed_over_before_acting(ctx, fs):
        ctx.apply(d, "wrong_card_count.stud_passed_over_before_acting",
                  Message.of("ruling.wrong_count.stud_passed_over_no_text"))
        seats = tuple(sorted({f.seat for f in fs if f.seat is not None}))
        if all([ctx.apply(d, "wrong_card_count.completed", seat=seat) for seat in seats]):
            d.say(Message.of("ruling.wrong_count.stud_passed_over_gets_the_next_card", seats=seats, k=len(seats)))
        return d
    missed, restorable = _stud_streets_missed(ctx, fs)
    if restorable:
        seats = tuple(sorted({f.seat for f in fs if f.seat is not None}))
        street = ctx.state.street.value
        if all([ctx.apply(d, "wrong_card_count.stud_one_street_restored", seat=seat, street=street)
                for seat in seats]):
            d.say(Message.of("ruling.wrong_count.stud_one_street_restored", seats=seats, k=len(seats)))
        return d
    if missed:
        ctx.apply(d, "wrong_card_count.stud_streets_missed")
        d.say(Message.of("ruling.wrong_count.stud_streets_missed"))
    if not ctx.sa:
        owed = _owed_in_sequence(ctx, fs)
        if owed:
            ctx.apply(d, "wrong_card_count.in_sequence")
            seats = tuple(dict.fromkeys(owed))
            completed = [ctx.apply(d, "wrong_card_count.completed", seat=seat) for seat in seats]
            if all(completed):
                d.say(Message.of("ruling.wrong_count.completed_in_sequence", seats=seats, n=len(owed)))
            return d
        if p.wrong_count_misdeal:
            ctx.apply(d, "wrong_card_count.misdeal")
            return ctx.misdeal_or_blocked(d, Message.of("cause.wrong_number_of_cards_2"))
        ctx.apply(d, "wrong_card_count.dead_before_sa")
        dead = sorted({f.seat for f in fs if f.seat is not None})
        for seat in dead:
            ctx.apply(d, "wrong_card_count.killed", seat=seat)
        d.say(Message.of("ruling.wrong_count.dead_before_substantial_action", seats=tuple(dead), k=len(dead)))
        if ctx.state.is_stud and p.out_of_sequence == "misdeal":
            # a stud seat passed over on a round of the deal: the cards also went out of sequence, a misdeal by the
            # fallback's out-of-sequence rule; the wrong count is the reading applied (rules.md section 20, [U])
            ctx.apply(d, "wrong_card_count.stud_skipped_out_of_sequence")
            d.say(Message.of("ruling.wrong_count.stud_skipped_alternative"))
        return d
    if _short_before_the_draw(ctx, fs):
        return _draw_short_live(ctx, d, fs)
    ctx.apply(d, "wrong_card_count.dead")
    if _short_at_the_draw_before_acting(ctx, fs):
        ctx.apply(d, "wrong_card_count.draw_short_before_acting",
                  Message.of("ruling.wrong_count.draw_short_before_acting"))
    if any((f.count or 0) > _due(ctx, f) for f in fs):
        ctx.apply(d, "wrong_card_count.own_deck")
        d.say(Message.of("ruling.wrong_count.extra_cards_that_came_from_this"))
    d.misdeal_blocked = True
    for f in fs:
        ctx.apply(d, "wrong_card_count.killed", seat=f.seat)
    if ctx.state.is_stud:
        spec = ctx.state.spec
        seats = tuple(sorted({f.seat for f in fs if f.seat is not None}))
        d.say(Message.of("ruling.wrong_count.stud_short_dead", seats=seats, k=len(seats),
                         live=spec.hole_cards + len(spec.streets) - 2))
    else:
        d.say(Message.of("ruling.wrong_count.after_substantial_action_a_hand_with"))
    return d


def _due(ctx: Context, f: Finding) -> int:
    """The cards a seat should hold by the street of a count finding: the starting cards, and in stud one more
    for each later street up to that one."""
    spec = ctx.state.spec
    if ctx.state.is_stud and f.street is not None and f.street in spec.streets:
        return spec.hole_cards + spec.streets.index(f.street)
    return spec.hole_cards


def _short_before_the_draw(ctx: Context, fs: list[Finding]) -> bool:
    state = ctx.state
    return (state.spec.family is Family.DRAW and all(f.street in (None, state.spec.streets[0]) for f in fs)
            and all((f.count or 0) < state.spec.hole_cards for f in fs))


def _short_at_the_draw_before_acting(ctx: Context, fs: list[Finding]) -> bool:
    """Draw games: a hand short-changed at a draw, found before its player acted on what he drew."""
    state = ctx.state
    return state.spec.family is Family.DRAW and any(
        f.street not in (None, state.spec.streets[0]) and (f.count or 0) < state.spec.hole_cards
        and not (f.seat is not None and state.has_acted(f.seat, street=f.street)) for f in fs)


def _draw_short_live(ctx: Context, d: Decision, fs: list[Finding]) -> Decision:
    """Draw games: a hand short before the draw is live; the missing cards come at the draw."""
    ctx.apply(d, "wrong_card_count.draw_short_live")
    seats = sorted({f.seat for f in fs if f.seat is not None})
    d.say(Message.of("ruling.wrong_count.draw_short_live", seats=tuple(seats)))
    return d


def _only_final_card_missing(ctx: Context, fs: list[Finding]) -> bool:
    spec = ctx.state.spec
    full = spec.hole_cards + len(spec.streets) - 1
    return ctx.state.is_stud and all(f.street is spec.streets[-1] and f.count == full - 1 for f in fs)


def _stud_passed_over_before_acting(ctx: Context, fs: list[Finding]) -> bool:
    """Stud: every seat found short was passed over on the street being played and has not acted on it yet."""
    state = ctx.state
    return state.is_stud and all(
        f.street is state.street and (f.count or 0) < _due(ctx, f)
        and not (f.seat is not None and state.has_acted(f.seat, street=f.street)) for f in fs)


def _stud_streets_missed(ctx: Context, fs: list[Finding]) -> tuple[int, bool]:
    """Stud: how many streets the seats found short on a later street have been passed over on by now (the most of
    any seat; 0 when a seat found is not short on a later street), and whether the order can still be put back: one
    street missed and every card dealt since the starting cards face up (the final card, dealt down, not out yet)."""
    state = ctx.state
    spec = state.spec
    if not state.is_stud or any(f.street is None or f.street is spec.streets[0] for f in fs):
        return 0, False
    now = spec.hole_cards + spec.streets.index(state.street) if state.street in spec.streets else 0
    short = [max(_due(ctx, f) - (f.count or 0), now - state.hole_cards_at(f.seat)) for f in fs]
    if any(n <= 0 for n in short):
        return 0, False
    most = max(short)
    return most, most == 1 and state.street is not spec.streets[-1]


def _stud_final_card(ctx: Context, d: Decision, fs: list[Finding]) -> Decision:
    """A stud hand missing only its final card may be ruled live: live, and given the next card if the
    seat has not acted on the last street yet."""
    last = ctx.state.spec.streets[-1]
    ctx.apply(d, "wrong_card_count.stud_final_card", Message.of("ruling.wrong_count.stud_may_be_live"))
    seats = sorted({f.seat for f in fs if f.seat is not None})
    for seat in seats:
        if not ctx.state.has_acted(seat, street=last):
            ctx.apply(d, "wrong_card_count.completed", seat=seat)
    d.say(Message.of("ruling.wrong_count.stud_final_card_missing", seats=tuple(seats), k=len(seats)))
    return d


def _owed_in_sequence(ctx: Context, fs: list[Finding]) -> tuple[int, ...]:
    """The cards still owed, seat by seat in dealing order, when the book completes this short deal in
    proper sequence instead of misdealing it; empty when it does not (or cannot)."""
    when = ctx.params.wrong_count_in_sequence
    state = ctx.state
    owed = state.owed_in_sequence()
    if when == "never" or not owed or any(f.seat not in owed or (f.count or 0) >= state.spec.hole_cards for f in fs):
        return ()
    acted = state.seats_that_acted()
    if acted and (when == "before_any_action" or acted & set(owed)):
        return ()
    return owed


def button_short(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "button_short.found")
    acted = ctx.seat_acted_before(f.seat, 10**9)
    if acted:
        _button_acted_short(ctx, d, f)
    elif ctx.apply(d, "button_short.not_acted", seat=f.seat):
        d.say(Message.of("ruling.button_short.the_button_seat_is_short_a", seat=f.seat))
    return d


def thrown_into(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "cards_thrown_into_hand.found", Message.of("ruling.thrown_into.the_floor_may_order_a_re"))
    d.say(Message.of("ruling.thrown_into.seat_s_cards_were_thrown_into", from_seat=f.from_seat, seat=f.seat))
    if not ctx.sa and f.seat is not None:
        d.verdict = Verdict.MISDEAL
        d.redeal_dead = (f.from_seat,) if f.from_seat is not None else ()
        d.say(Message.of("ruling.thrown_into.engine_default_re_deal_with_the"))
    elif f.seat is not None:
        # the re-deal the rule allows is a misdeal, and substantial action bars it
        ctx.apply(d, "misdeal.blocked")
        d.misdeal_blocked = True
        d.say(Message.of("ruling.thrown_into.no_redeal_after_substantial_action"))
    return d


def acted_short(ctx: Context, fs: list[Finding]) -> Decision:
    """The short button acted before it got its card, found after the short button was ruled on (found with it,
    the short button's decision says so): its hand is dead, as when it is found to have acted (CNT-BTN-SHORT)."""
    d = ctx.decide(fs, "acted_with_wrong_count.found")
    _button_acted_short(ctx, d, fs[0])
    return d


def _button_acted_short(ctx: Context, d: Decision, f: Finding) -> None:
    """The short button acted before it got its card: its hand is dead, its chips stay in the pot."""
    d.say(Message.of("ruling.button_short.acted", seat=f.seat, count=f.count))
    ctx.apply(d, "button_short.acted", seat=f.seat)


DEAL_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.FIRST_CARD_WRONG_SEAT: first_card,
    I.CARD_TO_SEAT_NOT_ENTITLED: not_entitled,
    I.CARD_OUT_OF_SEQUENCE: out_of_sequence,
    I.BUTTON_DEALT_CONSECUTIVE_CARDS: button_consecutive,
    I.BUTTON_MISPLACED: button_misplaced,
    I.BOXED_CARD: boxed,
    I.EXPOSED_HOLE_CARD: exposed,
    I.EXPOSED_REPLACEMENT_CARD: exposed_replacement,
    I.EXPOSED_AFTER_DEAL: exposed_after_deal,
    I.PLAYER_EXPOSED_OWN_CARD: player_exposed,
    I.EXTRA_CARD: extra_card,
    I.WRONG_CARD_COUNT: wrong_count,
    I.BUTTON_SHORT: button_short,
    I.CARDS_THROWN_INTO_HAND: thrown_into,
    I.ACTED_WITH_WRONG_COUNT: acted_short,
}
