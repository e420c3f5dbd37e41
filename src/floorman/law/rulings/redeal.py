"""The exact re-play of a misdealt hand (RD-EXACT): the header of the new log."""

from __future__ import annotations

from floorman.fold.events import BlindKind, BlindPosted
from floorman.fold.log import HandLog, RedealOf
from floorman.fold.rotation import Redealt, blinds_due, redeal_seat
from floorman.fold.state import HandState
from floorman.fold.table import Player
from floorman.law.rulebooks import Rulebook
from floorman.locale import Message

__all__ = ["redeal_log"]


def redeal_log(
    state: HandState, book: Rulebook, *, button: int | None = None, dead: tuple[int, ...] = (),
    new_deck: bool = False,
) -> tuple[HandLog, list[Message]]:
    """The re-play's header and the sentences that explain who is dealt in and how."""
    log = state.log
    notes: list[Message] = []
    players: list[Player] = []
    deadline = state.absent_at_first_card if book.params.absent_deadline == "first_card" else state.absent_at_last_card
    notes_of = {
        Redealt.PENALIZED: "ruling.redeal_log.seat_is_dealt_in_and_his",
        Redealt.DEAD: "ruling.redeal_log.seat_is_dealt_a_dead_hand",
        Redealt.AWAY_DEAD: "ruling.redeal_log.seat_was_not_at_his_seat",
        Redealt.AWAY_PLAYS: "ruling.redeal_log.seat_was_away_for_the_original",
    }
    # a misdeal before the deadline card: away when the floor was called (RD-ABSENT's open point)
    declared = state.away_at_floor
    if declared is None:
        declared = frozenset(s.seat for s in state.seats.values() if s.entitled and not s.present)
    for p in log.players:
        seat = state.seats[p.seat]
        away = (p.seat in deadline) if state.deal_finished else (p.seat in declared)
        placed = redeal_seat(status=p.status, away_for_deal=away, present_now=seat.present,
                             dead_by_ruling=p.seat in dead, redeal_absent=book.params.redeal_absent)
        if placed.how in notes_of:
            notes.append(Message.of(notes_of[placed.how], seat=p.seat))
        status = placed.status
        players.append(p if status is p.status else Player(seat=p.seat, name=p.name, stack=p.stack, status=status))
    newcomers = sorted(s.seat for s in state.seats.values() if s.seated_during_hand)
    if newcomers:
        notes.append(Message.of("ruling.redeal_log.no_new_player_is_dealt_in", seats=tuple(newcomers)))
    posts = list(state.posts)
    new_button = log.button if button is None else button
    if button is not None and button != log.button:
        posts = _moved_posts(state, posts, button)
    count = (log.redeal_of.count + 1) if log.redeal_of else 1
    header = HandLog(
        game=log.game,
        structure=log.structure,
        seats=log.seats,
        button=new_button,
        level=state.level,
        players=tuple(players),
        events=tuple(posts),
        rulebook=log.rulebook,
        redeal_of=RedealOf(hand=log.hand_id, count=count),
        deck_back=None if new_deck else log.deck_back,
        meta=dict(log.meta),
    )
    return header, notes


def _moved_posts(state: HandState, posts: list[BlindPosted], button: int) -> list[BlindPosted]:
    """The blinds follow the corrected button (RD-BUTTON-ERROR-EXCEPTION)."""
    due = blinds_due(family=state.spec.family, seats=state.log.seats, button=button,
                     entitled=[s.seat for s in state.seats.values() if s.entitled])
    sb, bb = due.small_blind, due.big_blind
    moved: list[BlindPosted] = []
    for post in posts:
        if post.blind is BlindKind.SMALL_BLIND and sb is not None:
            moved.append(BlindPosted(seat=sb, blind=post.blind, amount=post.amount, ext=post.ext))
        elif post.blind in (BlindKind.BIG_BLIND, BlindKind.BIG_BLIND_ANTE) and bb is not None:
            moved.append(BlindPosted(seat=bb, blind=post.blind, amount=post.amount, ext=post.ext))
        else:
            moved.append(post)
    return moved
