"""The floor's ruling: every open finding decided under one rulebook, combined into one verdict.

A void (fouled deck) outranks a misdeal, which outranks playing on. A misdeal is only
available before substantial action; after it the causes are ruled on one by one and the
hand goes on. Every ruling lists every rule it rests on, with the book's own citation.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Final, TypeVar

from floorman.fold.events import Action
from floorman.fold.findings import NEXT_HAND, Finding, Irregularity
from floorman.fold.log import HandLog
from floorman.fold.state import HandState
from floorman.fold.table import PlayerStatus
from floorman.law.rulebooks import Rulebook, find_rulebook
from floorman.law.rulebooks.decisions import deal_order_rules, finding_rules, row
from floorman.law.rulings.context import Context, Decision
from floorman.law.rulings.decide_board import BOARD_DECISIONS
from floorman.law.rulings.decide_deal import DEAL_DECISIONS
from floorman.law.rulings.decide_handling import HANDLING_DECISIONS
from floorman.law.rulings.decide_next import NEXT_DECISIONS
from floorman.law.rulings.decide_table import TABLE_DECISIONS
from floorman.law.rulings.model import Remedy, RemedyKind, Ruling, Verdict
from floorman.law.rulings.next_hand import hand_findings
from floorman.law.rulings.redeal import redeal_log
from floorman.law.rulings.sa import counts_participants, is_reached_by, sa_reached, sa_reason
from floorman.locale import Message

__all__ = ["DECISIONS", "clean_ruling", "judge", "judge_hand"]

_ABSENT: Final = PlayerStatus.ABSENT
_REDEAL_DEAD: Final = PlayerStatus.REDEAL_DEAD
_PENALIZED: Final = PlayerStatus.PENALIZED
_COMPLETE: Final = Action.COMPLETE
_ACCOUNTING: Final = frozenset({Irregularity.AWARD_NOT_ADDING_UP})
"""Accounting errors in awarding the pot: under a book that keeps them open until substantial action in the next
hand (TDA-22), still in time once the next hand has begun; under a book that states no window for them, too late
by analogy with T-76, the floor's call."""

T = TypeVar("T", bound=Hashable)

DECISIONS: dict[Irregularity, Callable[[Context, list[Finding]], Decision]] = {
    **DEAL_DECISIONS,
    **BOARD_DECISIONS,
    **TABLE_DECISIONS,
    **HANDLING_DECISIONS,
    **NEXT_DECISIONS,
}


def _unique(items: Sequence[T]) -> tuple[T, ...]:
    """Each item once, in the order first given."""
    seen: dict[T, None] = {}
    for item in items:
        seen.setdefault(item, None)
    return tuple(seen)


def _oot_doubt(ctx: Context, d: Decision) -> None:
    """Where a book does not say whether an out-of-turn action counts, and there was one."""
    if ctx.state.has_out_of_turn_action:
        ctx.apply(d, "substantial_action.out_of_turn")


def _bring_in_doubt(ctx: Context, d: Decision) -> None:
    """Stud: the bring-in (or a completion made in its place) is read as a forced bet, not an action; where counting
    it would make substantial action of the actions so far, the misdeal rests on that reading."""
    state = ctx.state
    if not state.is_stud or ctx.sa:
        return
    seat, since = state.bring_in_seat, -1
    if seat is None and state.action_count and not state.is_in_turn(0) and state.acted_kind[0] is _COMPLETE:
        seat, since = state.acted_seat[0], state.acted_at[0]  # completed in place of the bring-in: the forced bet
    if seat is None:
        return
    participants = counts_participants(ctx.params, stud=True)
    if participants and state.has_acted(seat, after=since):
        return  # the bring-in's player has acted since: he is counted once either way
    counted = state.counted_actions(out_of_turn=ctx.params.sa_counts_out_of_turn, participants=participants)
    if is_reached_by([Action.BET, *counted], ctx.params, stud=True):
        ctx.apply(d, "substantial_action.bring_in", Message.of("ruling.sa.bring_in_not_counted"))


def judge_hand(
    state: HandState, book: Rulebook, rulings: Sequence[Ruling], redeals: Sequence[HandLog | None], *,
    at: int | None, closing: Sequence[Finding] = (),
) -> tuple[Ruling, HandLog | None]:
    """Rule on the hand as the fold left it: on its open findings (what no ruling settled, the law's reading of the
    records beyond the hand among them: ``next_hand.hand_findings``) and on ``closing``, what calling the floor now
    would find that no event has shown yet (judged on a view of the hand that holds them: the hand is not touched).
    ``rulings`` and ``redeals`` are the hand's so far."""
    found = hand_findings(state, book, rulings, redeals, open_only=True)
    if not closing:
        return judge(state, book, found, at=at)
    return judge(state.seen_with([*state.findings, *closing]), book, [*found, *closing], at=at)


def judge(
    state: HandState, book: Rulebook, findings: Sequence[Finding], *, at: int | None
) -> tuple[Ruling, HandLog | None]:
    """Rule on ``findings`` (the open ones) as the hand stands now."""
    sa = sa_reached(state, book.params)
    ctx = Context(state=state, book=book, sa=sa)
    if state.next_hand_begun and findings:
        # a hand that finished during a break under a book with a break clause: any dispute ended a little after the
        # award (TDA-22), long before the next hand began, so accounting errors are not kept open
        open_now = NEXT_HAND | _ACCOUNTING if ctx.params.accounting_dispute_until == "next_hand_substantial_action" \
            and not _finished_in_break(ctx) else NEXT_HAND
        ahead = [DECISIONS[kind](ctx, group) for kind, group in _grouped(f for f in findings if f.irregularity in open_now)]
        late = [f for f in findings if f.irregularity not in open_now]
        if not late:
            return _continue(ctx, ahead, at), None
        return _window_closed(ctx, late, at, ahead), None
    if at is not None and state.pot_awarded and findings and _finished_in_break(ctx):
        seconds = state.seconds_after_award
        if seconds is not None and seconds > ctx.params.break_dispute_seconds:
            return _break_window_closed(ctx, findings, at, seconds), None
    groups = dict(_grouped(findings))
    _boxed_explains_the_count(groups)
    if ctx.params.button_short_before_sa == "wrong_count" and not sa and (
            Irregularity.BUTTON_SHORT in groups or Irregularity.ACTED_WITH_WRONG_COUNT in groups):
        # no button clause in the book: before substantial action the short button is a wrong count like any
        # other seat's (whether it acted is read from the actions), found with its action or after it
        acted = groups.pop(Irregularity.ACTED_WITH_WRONG_COUNT, [])
        groups.setdefault(Irregularity.WRONG_CARD_COUNT, []).extend(groups.pop(Irregularity.BUTTON_SHORT, acted))
    if Irregularity.BUTTON_SHORT in groups:
        groups.pop(Irregularity.ACTED_WITH_WRONG_COUNT, None)  # the short button's decision says it acted
    if Irregularity.FLOP_FIVE_OR_MORE in groups:
        groups.pop(Irregularity.FOUR_CARD_FLOP, None)
    decisions = [DECISIONS[kind](ctx, group) for kind, group in groups.items()]
    voids = [d for d in decisions if d.verdict is Verdict.VOID]
    if decisions and not voids and _run_out(ctx):
        ctx.apply(decisions[0], "substantial_action.run_out", Message.of("ruling.run_out.by_the_letter"))
    misdeals = [d for d in decisions if d.verdict is Verdict.MISDEAL]
    if at is not None and state.pot_awarded and decisions:
        _after_pot_awarded(ctx, decisions, (voids or misdeals or decisions)[0])
    if voids:
        knew = [d for d in decisions if d.findings[0].irregularity is Irregularity.KNEW_DEFECT]
        return _void(ctx, voids + knew, at)
    if misdeals:
        return _misdeal(ctx, misdeals, at)
    return _continue(ctx, decisions, at), None


def _boxed_explains_the_count(groups: dict[Irregularity, list[Finding]]) -> None:
    """A boxed card dealt to a seat on a later stud street leaves the seat a card short on that street: its
    replacement is the boxed card's remedy (BOX-LATE), not a wrong count of its own."""
    boxed = {(f.seat, f.street) for f in groups.get(Irregularity.BOXED_CARD, ())
             if f.seat is not None and not f.during_initial_deal}
    counts = groups.get(Irregularity.WRONG_CARD_COUNT)
    if not boxed or not counts:
        return
    kept = [f for f in counts if (f.seat, f.street) not in boxed]
    if kept:
        groups[Irregularity.WRONG_CARD_COUNT] = kept
    else:
        del groups[Irregularity.WRONG_CARD_COUNT]


def _grouped(findings: Iterable[Finding]) -> list[tuple[Irregularity, list[Finding]]]:
    """The findings by irregularity, in the order each was first found."""
    groups: dict[Irregularity, list[Finding]] = {}
    for f in findings:
        groups.setdefault(f.irregularity, []).append(f)
    return list(groups.items())


def _run_out(ctx: Context) -> bool:
    """The hand went on to later streets with no substantial action (players all in on their posts): by the
    letter a misdeal is still open, which no text settles."""
    return not ctx.sa and ctx.state.street_idx > 0


def _cite(book: Rulebook, rules: Sequence[str]) -> tuple:  # type: ignore[type-arg]
    return tuple(book.citation(r) for r in rules)


def _build(
    ctx: Context, verdict: Verdict, decisions: Sequence[Decision], rules: Sequence[str],
    remedies: Sequence[Remedy], explanation: Sequence[Message], at: int | None,
) -> Ruling:
    return _ruling(ctx.book, ctx.sa, ctx.state.is_stud, verdict, decisions, rules, remedies, explanation, at)


def _ruling(
    book: Rulebook, sa: bool, stud: bool, verdict: Verdict, decisions: Sequence[Decision], rules: Sequence[str],
    remedies: Sequence[Remedy], explanation: Sequence[Message], at: int | None,
) -> Ruling:
    rules_t = book.with_own_rules(_unique(rules))
    kept: list[Remedy] = []
    for remedy in remedies:
        if remedy not in kept:
            kept.append(remedy)
    remedies = kept
    reasons = _unique([r for d in decisions for r in d.discretion])
    findings = tuple(f for d in decisions for f in d.findings)
    citations = _cite(book, rules_t)
    via = sorted({c.via for c in citations if c.via})
    if via and book.fallback is not None:
        other = find_rulebook(book.fallback)
        explanation = [*explanation, Message.of("ruling.fallback_book", book=book.short, rule=via[0],
                                                other=other.short)]
    return Ruling(
        at=at,
        verdict=verdict,
        rules=rules_t,
        citations=citations,
        substantial_action=sa,
        discretion=any(d.doubtful for d in decisions),
        discretion_messages=reasons,
        remedies=tuple(remedies),
        explanation_messages=tuple(explanation),
        findings=findings,
        substantial_action_test=book.params.sa_rule,
        substantial_action_counts=book.params.sa_stud_counts if stud else book.params.sa_counts,
    )


def _void(ctx: Context, decisions: list[Decision], at: int | None) -> tuple[Ruling, HandLog | None]:
    state = ctx.state
    keep = {f.seat for d in decisions for f in d.findings if f.irregularity is Irregularity.KNEW_DEFECT}
    whole = Decision(verdict=Verdict.VOID, rules=[], findings=[])
    ctx.apply(whole, "void.refund")
    for seat, amount in sorted(state.contributed().items()):
        if seat not in keep:
            whole.remedy(RemedyKind.RETURN_CHIPS, seat=seat, amount=amount)
    for d in decisions:
        whole.remedies += [r for r in d.remedies if r.do is RemedyKind.CARRY_CHIPS_TO_NEXT_DEAL]
    ctx.apply(whole, "void.aftermath")
    rules = [r for d in decisions for r in d.rules] + whole.rules
    remedies = whole.remedies
    header, notes = redeal_log(state, ctx.book, new_deck=True)
    text = [w for d in decisions for w in d.explanation]
    text.append(Message.of("ruling.void.what_follows_a_void_is_not"))
    text += notes
    return _build(ctx, Verdict.VOID, decisions, rules, remedies, text, at), header


def _misdeal(ctx: Context, decisions: list[Decision], at: int | None) -> tuple[Ruling, HandLog | None]:
    state = ctx.state
    whole = Decision(verdict=Verdict.MISDEAL, rules=[], findings=[])
    ctx.apply(whole, "substantial_action.test")
    ctx.apply(whole, "substantial_action.gate")
    for seat, amount in sorted(state.voluntary().items()):
        whole.remedy(RemedyKind.RETURN_CHIPS, seat=seat, amount=amount)
    ctx.apply(whole, "redeal.exact")
    button = next((d.corrected_button for d in decisions if d.corrected_button is not None), None)
    dead = tuple(s for d in decisions for s in d.redeal_dead)
    header, notes = redeal_log(state, ctx.book, button=button, dead=dead)
    if state.log.redeal_of is not None:
        ctx.apply(whole, "redeal.repeat")
    absent = state.absent_at_last_card if state.deal_finished else {
        s.seat for s in state.seats.values() if s.entitled and not s.present
    }
    was_absent = any(p.status is _ABSENT for p in state.log.players)
    if absent or was_absent or any(p.status is _REDEAL_DEAD for p in header.players if p.seat not in dead):
        ctx.apply(whole, "redeal.absent")
        if not state.deal_finished:
            ctx.apply(decisions[0], "redeal.absent_before_deal_complete",
                      Message.of("ruling.misdeal.the_misdeal_came_before_the_deal"))
    if any(p.status is _PENALIZED for p in header.players):
        ctx.apply(whole, "redeal.penalty")
    if state.level_changes:
        ctx.apply(whole, "redeal.level")
    _oot_doubt(ctx, decisions[0])
    _bring_in_doubt(ctx, decisions[0])
    rules = [r for d in decisions for r in d.rules] + whole.rules
    remedies = whole.remedies
    text = [w for d in decisions for w in d.explanation]
    text.append(sa_reason(state, ctx.book.params))
    text += _redeal_sentences(state, header)
    text += notes
    return _build(ctx, Verdict.MISDEAL, decisions, rules, remedies, text, at), header


def _redeal_sentences(state: HandState, header: HandLog) -> list[Message]:
    back = state.voluntary()
    out = []
    if back:
        out.append(Message.of("ruling.redeal.chips_back", back=tuple(
            Message.of("ruling.redeal.gets_back", seat=s, amount=a) for s, a in sorted(back.items()))))
    if header.button is not None:
        out.append(Message.of("ruling.redeal.redealt_with_button", button=header.button, level=header.level))
    else:
        out.append(Message.of("ruling.redeal.redealt", level=header.level))
    return out


def _one_burn_per_street(ctx: Context, decisions: list[Decision]) -> None:
    """Two decisions that each name a card as one street's burn: one card is burned per street
    (BURN-ONE-PER-STREET). A card seen face up cannot go back into the stub, an unseen one can (an extra card is
    returned to the deck, CNT-ONE-EXTRA): the seen card stays the burn, else the first named. The other goes back
    on top of the stub; no text speaks of the two at once, so it is the floor's call."""
    named: dict[object, tuple[Decision, Remedy]] = {}
    for d in decisions:
        for step in list(d.remedies):
            if step.do is not RemedyKind.USE_AS_BURN:
                continue
            street = step.fields.get("street")
            first = named.get(street)
            if first is None or first[0] is d:
                named.setdefault(street, (d, step))
                continue
            kept, dropped = first, (d, step)
            if "card" in step.fields and "card" not in first[1].fields:
                kept, dropped = dropped, kept
            loser, gone = dropped
            loser.remedies.remove(gone)
            named[street] = kept
            ctx.apply(loser, "burn.one_designated_per_street", Message.of("ruling.burn.two_named_no_text"))
            loser.say(Message.of("ruling.burn.two_named", street=street, kept=_named_burn(kept[1]),
                                 other=_named_burn(gone, going_back=True)))


def _uncalled_back(ctx: Context, decisions: list[Decision]) -> None:
    """A hand the ruling kills at once whose last bet or raise no one has matched: the unmatched part goes back to
    its owner and the amount of the call stays in the pot (a kill that waits on a condition is left as it is)."""
    killed: set[int] = set()
    for d in decisions:
        for step in list(d.remedies):
            seat = step.fields.get("seat")
            if step.do is not RemedyKind.KILL_HAND or "when" in step.fields or not isinstance(seat, int) \
                    or seat in killed:
                continue
            killed.add(seat)
            amount = ctx.state.unmatched(seat)
            if amount:
                ctx.apply(d, "dead_hand.uncalled_returned", seat=seat, amount=amount)
                d.say(Message.of("ruling.dead_hand.uncalled_returned", seat=seat, amount=amount))


def _named_burn(step: Remedy, *, going_back: bool = False) -> Message:
    """The card a ``use_as_burn`` step names (one from a seat, or the card the dealer burned), or, ``going_back``,
    where that card goes instead of the burn pile."""
    seat = step.fields.get("seat")
    if seat is None:
        return Message.of("ruling.burn.back_dealer_burn" if going_back else "ruling.burn.card_the_dealer_burned")
    return Message.of("ruling.burn.back_from_seat" if going_back else "ruling.burn.card_from_seat", seat=seat)


def _continue(ctx: Context, decisions: list[Decision], at: int | None) -> Ruling:
    rules: list[str] = []
    remedies: list[Remedy] = []
    text: list[Message] = []
    _one_burn_per_street(ctx, decisions)
    _uncalled_back(ctx, decisions)
    blocked = any(d.misdeal_blocked for d in decisions)
    for d in decisions:
        rules += d.rules
        remedies += d.remedies
        text += d.explanation
    if blocked:
        _oot_doubt(ctx, decisions[0])
        whole = Decision(verdict=Verdict.CONTINUE, rules=[], findings=[])
        ctx.apply(whole, "substantial_action.test")
        ctx.apply(whole, "substantial_action.gate")
        rules += whole.rules
        text.append(sa_reason(ctx.state, ctx.book.params))
    if not decisions:
        rules_of_deal = deal_order_rules(ctx.state.order, dead_small_blind=ctx.state.dead_small_blind)
        if ctx.state.level_next_hand is not None:  # a re-deal begun after the clock moved keeps its level
            rules_of_deal += row("redeal.level_kept").rules
        return _clean(ctx, rules_of_deal, at)
    return _build(ctx, Verdict.CONTINUE, decisions, rules, remedies, text, at)


_CLEAN_TEXT = Message.of("ruling.module.no_irregularity_is_open_the_deal")
_clean_rulings: dict[tuple[int, tuple[str, ...], bool, bool, int | None], tuple[Rulebook, Ruling]] = {}
_CLEAN_RULINGS_KEPT = 256


def _clean(ctx: Context, rules: tuple[str, ...], at: int | None) -> Ruling:
    return clean_ruling(ctx.book, rules, sa=ctx.sa, at=at, stud=ctx.state.is_stud)


def clean_ruling(book: Rulebook, rules: tuple[str, ...], *, sa: bool, at: int | None, stud: bool = False) -> Ruling:
    """The ruling on a hand with nothing open: the same value for the same book, rules, SA and moment.

    Most hands of an audit are clean, so the ruling is built once and reused (it is immutable). The
    book is kept beside the ruling, so its ``id`` cannot be reused by another book while cached.

    >>> from floorman.law.rulebooks import find_rulebook
    >>> ruling = clean_ruling(find_rulebook("wsop-2026"), ("DEAL-ORDER-FLOP",), sa=True, at=None)
    >>> ruling.verdict.value, ruling.rules, ruling.substantial_action
    ('continue', ('DEAL-ORDER-FLOP',), True)
    """
    key = (id(book), rules, sa, stud, at)
    cached = _clean_rulings.get(key)
    if cached is not None and cached[0] is book:
        return cached[1]
    ruling = _ruling(book, sa, stud, Verdict.CONTINUE, [], rules, [], [_CLEAN_TEXT], at)
    if len(_clean_rulings) >= _CLEAN_RULINGS_KEPT:
        _clean_rulings.clear()
    _clean_rulings[key] = (book, ruling)
    return ruling


def _after_pot_awarded(ctx: Context, decisions: list[Decision], lead: Decision) -> None:
    """The floor was called after the pot was awarded and before the next hand began: the claim is in time (where the
    hand finished during a break under a book with a break clause, within its time after the award)."""
    for d in decisions:
        ctx.apply(d, "dispute.after_pot_awarded")
        if d.verdict is Verdict.VOID:
            ctx.apply(d, "dispute.after_pot_awarded.fouled_deck",
                      Message.of("ruling.window_open.fouled_deck_claim_after_the_pot"))
    lead.say(Message.of("ruling.window_open.claimed_after_the_pot_was_awarded"))
    if _finished_in_break(ctx):
        limit, seconds = ctx.params.break_dispute_seconds, ctx.state.seconds_after_award
        if seconds is None:
            ctx.apply(lead, "dispute.break_window_untimed", Message.of("ruling.break_window.untimed_why", limit=limit))
            lead.say(Message.of("ruling.break_window.untimed", limit=limit))
        else:
            ctx.apply(lead, "dispute.break_window_open")
            lead.say(Message.of("ruling.break_window.in_time", seconds=seconds, limit=limit))


def _finished_in_break(ctx: Context) -> bool:
    """The hand finished during a break (``pot_awarded.during_break``) and the book gives such a hand its own window."""
    return ctx.state.award_during_break and ctx.params.break_dispute_seconds > 0


def _break_window_closed(ctx: Context, findings: Sequence[Finding], at: int, seconds: int) -> Ruling:
    """The hand finished during a break and the floor was called later after the award than the book allows: what
    was found in the hand stands as played (TDA-22)."""
    d = ctx.decide(list(findings), "dispute.break_window_closed")
    d.rules += [r for f in findings for r in finding_rules(f)]
    d.say(Message.of("ruling.break_window.closed", seconds=seconds, limit=ctx.params.break_dispute_seconds))
    return _build(ctx, Verdict.CONTINUE, [d], d.rules, [], d.explanation, at)


def _window_closed(ctx: Context, findings: Sequence[Finding], at: int | None, ahead: Sequence[Decision] = ()) -> Ruling:
    """The next hand has begun: what was found in this hand stands as played; what the log records of the next hand
    (``ahead``) is ruled on as that hand's business."""
    d = ctx.decide(list(findings), "dispute.window_closed")
    d.rules += [r for f in findings for r in finding_rules(f)]
    d.say(Message.of("ruling.window_closed.the_next_hand_has_already_begun"))
    if ctx.params.accounting_dispute_until == "house" and any(f.irregularity in _ACCOUNTING for f in findings):
        # the book states no window for a dispute of the award: closed as T-76 by analogy, the floor's call
        ctx.apply(d, "dispute.accounting_window_unstated", Message.of("ruling.award.window_unstated_why"))
        d.say(Message.of("ruling.award.window_unstated"))
    if _finished_in_break(ctx):
        d.say(Message.of("ruling.break_window.before_next_hand", limit=ctx.params.break_dispute_seconds))
    after = next((f for f in findings if f.irregularity is Irregularity.EVENT_AFTER_NEXT_HAND), None)
    if after is not None:
        d.say(Message.of("ruling.after_next_hand.said", at=after.at))
    rules = d.rules + [r for a in ahead for r in a.rules]
    remedies = [r for a in ahead for r in a.remedies]
    text = d.explanation + [w for a in ahead for w in a.explanation]
    return _build(ctx, Verdict.CONTINUE, [d, *ahead], rules, remedies, text, at)
