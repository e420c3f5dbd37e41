"""The exact re-play of a misdealt hand (RD-EXACT): the header of the new log."""

from __future__ import annotations

from dataclasses import replace

from floorman.events import BlindKind, BlindPosted
from floorman.log import HandLog, RedealOf
from floorman.rulebooks import Rulebook
from floorman.rulings.words import Words, seats_vi
from floorman.state import HandState
from floorman.table import Player, PlayerStatus, clockwise_after

__all__ = ["redeal_log"]


def redeal_log(
    state: HandState, book: Rulebook, *, button: int | None = None, dead: tuple[int, ...] = (),
    new_deck: bool = False,
) -> tuple[HandLog, list[Words]]:
    """The re-play's header and the sentences that explain who is dealt in and how."""
    log = state.log
    notes: list[Words] = []
    players: list[Player] = []
    absent_for_deal = state.absent_at_last_card if state.deal_finished else {
        s.seat for s in state.seats.values() if s.entitled and not s.present
    }
    for p in log.players:
        seat = state.seats[p.seat]
        status = p.status
        if status is PlayerStatus.PENALIZED:
            notes.append(Words(
                f"Seat {p.seat} is dealt in and his hand killed again; the two deals count as one hand of his penalty.",
                f"Người chơi ghế {p.seat} đang bị phạt vẫn được chia bài và bài lại bị tính là bài chết; hai lần chia "
                "chỉ tính là một ván trong thời gian phạt.",
            ))
        elif status is PlayerStatus.REDEAL_DEAD:
            pass
        elif p.seat in dead:
            status = PlayerStatus.REDEAL_DEAD
            notes.append(Words(f"Seat {p.seat} is dealt a dead hand in the re-deal.",
                               f"Khi chia lại, ghế {p.seat} bị chia một bài chết."))
        elif p.seat in absent_for_deal or status is PlayerStatus.ABSENT:
            if book.params.redeal_absent == "dead":
                status = PlayerStatus.REDEAL_DEAD
                notes.append(Words(
                    f"Seat {p.seat} was not at his seat for the original deal: he is dealt in and his hand is killed, "
                    "even if he is back.",
                    f"Người chơi ghế {p.seat} vắng mặt trong lần chia bị hủy: vẫn được chia bài nhưng bài bị tính là "
                    "bài chết, kể cả khi người chơi đã quay lại.",
                ))
            else:
                status = PlayerStatus.PRESENT if seat.present else PlayerStatus.ABSENT
                notes.append(Words(
                    f"Seat {p.seat} was away for the original deal: he is dealt in and may play the re-deal if he is "
                    "at his seat when its last card is dealt.",
                    f"Người chơi ghế {p.seat} vắng mặt trong lần chia bị hủy: vẫn được chia bài, và được chơi ván chia "
                    "lại nếu có mặt tại chỗ ngồi khi lá cuối cùng được chia.",
                ))
        elif not seat.present:
            status = PlayerStatus.ABSENT
        players.append(replace(p, status=status))
    newcomers = sorted(s.seat for s in state.seats.values() if s.seated_during_hand)
    if newcomers:
        who = ", ".join(f"seat {s}" for s in newcomers)
        notes.append(Words(f"No new player is dealt in: {who} waits for the next hand.",
                           f"Không chia bài cho người chơi mới vào bàn: {seats_vi(newcomers)} chờ đến ván sau."))
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
        level=log.level,
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
    entitled = [s.seat for s in state.seats.values() if s.entitled]
    n = state.log.seats
    sb = clockwise_after(n, button, entitled)
    bb = clockwise_after(n, sb, entitled) if sb is not None else None
    if len(entitled) == 2:
        sb, bb = button, clockwise_after(n, button, entitled)
    moved: list[BlindPosted] = []
    for post in posts:
        if post.blind is BlindKind.SMALL_BLIND and sb is not None:
            moved.append(BlindPosted(seat=sb, blind=post.blind, amount=post.amount, ext=post.ext))
        elif post.blind in (BlindKind.BIG_BLIND, BlindKind.BIG_BLIND_ANTE) and bb is not None:
            moved.append(BlindPosted(seat=bb, blind=post.blind, amount=post.amount, ext=post.ext))
        else:
            moved.append(post)
    return moved
