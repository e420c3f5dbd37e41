"""The table across hands: the button, the blinds, who is dealt in and at which level, hand after hand.

The one model of the rotation. From what a hand leaves behind (its button, the blinds posted, who busted, who
arrived, who is away or on penalty, the level in force) it answers what the next hand is: its button and blinds
(``next_hand``); for a hand whose button is set, the blinds due (``blinds_due``); who is in a re-deal and how
(``redeal_seat``); the level a hand is played at (``hand_level``). The deal order itself is ``table.deal_order``
(re-exported here). The fold, the rulings, the console, the drill and the PHH codecs ask here; none of them
works out a button, a blind or a deal ring of its own.

Tournament books use a dead button (DEAL-DEADBUTTON): the big blind goes to the player due, the small blind to
the seat that had the big blind, the button to the seat that had the small blind, either of them possibly a
seat nobody holds any more. When play becomes heads-up nobody takes the big blind twice in a row and the small
blind is the button (DEAL-HU-ADJUST, DEAL-ORDER-HU).

>>> after = HandAtTable(family=Family.FLOP, seats=9, button=1, small_blind=4, big_blind=7, dealt=(1, 4, 7),
...                     busted=frozenset({4}))
>>> nxt = next_hand(after)
>>> nxt.button, nxt.small_blind, nxt.big_blind, nxt.order.seats
(7, 7, 1, (1, 7))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from floorman.fold.table import (
    DealOrder,
    Family,
    Level,
    PlayerStatus,
    clockwise_after,
    clockwise_from,
    deal_order,
    heads_up_small_blind,
)

__all__ = [
    "Blinds",
    "HandAtTable",
    "NextHand",
    "RedealSeat",
    "Redealt",
    "blinds_due",
    "deal_order",
    "deal_ring",
    "hand_level",
    "next_hand",
    "redeal_seat",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Blinds:
    """Who posts the blinds of a hand whose button is set."""

    small_blind: int | None
    """The seat that posts the small blind (heads-up: the button); None with no blinds to post."""
    big_blind: int | None


def blinds_due(*, family: Family, seats: int, button: int | None, entitled: Iterable[int]) -> Blinds:
    """The blinds of a hand from its button: the small blind on the first seat dealt in after the button, the big
    blind on the next (DEAL-ORDER-FLOP); heads-up the small blind is the button (DEAL-ORDER-HU). Stud and a table
    without a button have none.

    >>> blinds_due(family=Family.FLOP, seats=9, button=3, entitled=(1, 3, 5, 8))
    Blinds(small_blind=5, big_blind=8)
    >>> blinds_due(family=Family.DRAW, seats=6, button=2, entitled=(2, 5))
    Blinds(small_blind=2, big_blind=5)
    """
    dealt = frozenset(entitled)
    if family is Family.STUD or button is None or len(dealt) < 2:
        return Blinds(small_blind=None, big_blind=None)
    if len(dealt) == 2:
        sb = heads_up_small_blind(seats=seats, button=button, entitled=dealt)
    else:
        sb = clockwise_after(seats, button, dealt)
    bb = clockwise_after(seats, sb, dealt) if sb is not None else None
    return Blinds(small_blind=sb, big_blind=bb)


def deal_ring(*, seats: int, dealt: Iterable[int], first: int | None = None, after: int | None = None,
              ) -> tuple[int, ...]:
    """The seats ``dealt`` in the order a deal reaches them (clockwise) when it starts at seat ``first``, or at the
    seat after ``after`` (a deal going on from the last seat it reached).

    >>> deal_ring(seats=6, first=5, dealt=(1, 2, 5, 6)), deal_ring(seats=6, after=6, dealt=(1, 2, 5, 6))
    ((5, 6, 1, 2), (1, 2, 5, 6))
    """
    wanted = frozenset(dealt)
    start = first if first is not None else (after or 0) % seats + 1
    return tuple(s for s in clockwise_from(seats, (start - 1) % seats + 1) if s in wanted)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandAtTable:
    """What a hand leaves behind for the next one."""

    family: Family
    seats: int
    button: int | None
    small_blind: int | None
    """The seat that posted the small blind (None: a dead small blind, or not known)."""
    big_blind: int | None
    """The seat that posted the big blind (None: not known)."""
    dealt: tuple[int, ...]
    """The seats dealt in."""
    busted: frozenset[int] = frozenset()
    """Seats whose player is out of the event (busted) or has left the table for good."""
    arrived: tuple[int, ...] = ()
    """Seats filled after the hand's deal (a new player waiting for the next hand)."""
    away: frozenset[int] = frozenset()
    """Seats whose player is away (absent or on penalty): still dealt in (ABS-DEALT-IN)."""
    level: Level = field(default_factory=Level)
    """The level in force at the hand's start."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NextHand:
    """The next hand at the table: its button, its blinds, who is dealt in and in what order."""

    button: int | None
    small_blind: int | None
    """None: a dead small blind (or stud)."""
    big_blind: int | None
    order: DealOrder
    waiting: tuple[int, ...]
    """New players seated between the small blind and the button: they wait for the button to pass."""
    owes: tuple[int, ...]
    """Seats that miss a blind they must make up, where the book leaves blinds to miss (an away player's)."""
    level: Level
    certain: bool
    """The hand told enough to be sure (else the model's best placement, for a floor to confirm)."""

    @property
    def heads_up(self) -> bool:
        return self.order.heads_up

    @property
    def entitled(self) -> tuple[int, ...]:
        """The seats dealt in (``order.seats``)."""
        return self.order.seats


def next_hand(after: HandAtTable, *, missed_blinds: str = "none", level: Level | None = None) -> NextHand:
    """The next hand from what ``after`` left behind (DEAL-DEADBUTTON, DEAL-HU-ADJUST, DEAL-ORDER-HU).

    ``missed_blinds`` is the book's switch: ``none`` (an away player's blinds are posted from his stack: nobody owes
    one) or ``made_up`` (an away player misses them and owes them). ``level`` is a level the clock moved to before
    the next hand began (LVL-NEW-HAND); by default the hand's level goes on.

    Two bust-outs in one hand: the big blind still goes to the player due; the small blind is dead when the
    seat that had the big blind is empty, and the button may land on an empty seat.

    >>> four = HandAtTable(family=Family.FLOP, seats=9, button=1, small_blind=3, big_blind=5, dealt=(1, 3, 5, 7, 9),
    ...                    busted=frozenset({3, 5}))
    >>> nxt = next_hand(four)
    >>> nxt.button, nxt.small_blind, nxt.big_blind, nxt.order.seats
    (3, None, 7, (7, 9, 1))
    """
    players = [s for s in after.dealt if s not in after.busted]
    arrived = [s for s in after.arrived if s not in after.busted and s not in players]
    level = after.level if level is None else level
    if after.family is Family.STUD or after.button is None:
        order = deal_order(family=after.family, seats=after.seats, button=None, entitled=players + arrived)
        return NextHand(button=None, small_blind=None, big_blind=None, order=order, waiting=(), owes=(),
                        level=level, certain=True)
    n = after.seats
    certain = after.big_blind is not None
    prev_sb, prev_bb = after.small_blind, after.big_blind
    if prev_bb is None:  # the posts are not known: the blinds the button placed
        due = blinds_due(family=after.family, seats=n, button=after.button, entitled=after.dealt)
        prev_sb, prev_bb = due.small_blind, due.big_blind
    everyone = players + arrived
    if prev_bb is None or len(everyone) < 2:
        order = deal_order(family=after.family, seats=n, button=after.button, entitled=everyone)
        return NextHand(button=after.button, small_blind=None, big_blind=None, order=order, waiting=(), owes=(),
                        level=level, certain=False)
    bb = clockwise_after(n, prev_bb, everyone)
    assert bb is not None
    if len(everyone) == 2:  # heads-up: nobody takes the big blind twice; the small blind is the button
        button = next(s for s in everyone if s != bb)
        sb: int | None = button
        waiting: list[int] = []
    else:
        sb = prev_bb if prev_bb in everyone else None
        if prev_sb is not None:
            button = prev_sb
        else:  # the small blind was dead: its position is the seat just before the big blind
            between = list(_between(n, after.button, prev_bb))
            certain = certain and len(between) == 1
            button = between[-1] if between else after.button
        # a new player between the small blind and the button waits for the button to pass (DEF-ENTITLED-SEAT)
        waiting = [s for s in arrived if s in _between(n, button, sb if sb is not None else bb) or s == button]
    dealt = [s for s in everyone if s not in waiting]
    order = deal_order(family=after.family, seats=n, button=button, entitled=dealt, small_blind=sb)
    owes = () if missed_blinds == "none" else tuple(s for s in (sb, bb) if s is not None and s in after.away)
    return NextHand(button=button, small_blind=sb, big_blind=bb, order=order, waiting=tuple(waiting), owes=owes,
                    level=level, certain=certain)


def _between(seats: int, start: int, stop: int) -> tuple[int, ...]:
    """The seats strictly between ``start`` and ``stop``, clockwise."""
    out: list[int] = []
    for seat in clockwise_from(seats, start % seats + 1):
        if seat == stop:
            break
        out.append(seat)
    return tuple(out)


def hand_level(*, header: Level, changed_before_start: Level | None, redeal: bool) -> Level:
    """The level a hand is played at: the one in force when it began (LVL-NEW-HAND), a change logged before its
    first riffle included; a re-deal keeps the original hand's level even when the clock moved before the re-deal
    began (RD-LIMITS).

    >>> old, new = Level(small_blind=100, big_blind=200), Level(small_blind=200, big_blind=400)
    >>> hand_level(header=old, changed_before_start=new, redeal=False) is new
    True
    >>> hand_level(header=old, changed_before_start=new, redeal=True) is old
    True
    """
    if redeal or changed_before_start is None:
        return header
    return changed_before_start


class Redealt(StrEnum):
    """How a seat of a misdealt hand takes part in its re-deal (RD-EXACT)."""

    SAME = "same"
    """As in the original deal."""
    PENALIZED = "penalized"
    """On penalty: dealt in, and the hand killed (RD-PENALTY)."""
    DEAD = "dead"
    """A dead hand dealt to the seat (the ruling said so, or a re-deal before already did)."""
    AWAY_DEAD = "away_dead"
    """Away for the original deal: dealt in and killed (RD-ABSENT, WSOP, TDA 2022/2019)."""
    AWAY_PLAYS = "away_plays"
    """Away for the original deal: dealt in and may play if at the seat for the re-deal (RD-ABSENT, TDA 2024)."""
    AWAY_NOW = "away_now"
    """At the seat for the original deal, away now: dealt in, absent (RD-PRESENT-THEN-ABSENT, ABS-AT-SEAT)."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class RedealSeat:
    status: PlayerStatus
    how: Redealt

    def __init__(self, *, status: PlayerStatus, how: Redealt) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (one a seat of a re-deal)
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "how", how)


def redeal_seat(
    *, status: PlayerStatus, away_for_deal: bool, present_now: bool, dead_by_ruling: bool, redeal_absent: str,
) -> RedealSeat:
    """A seat of the original deal in the re-deal (RD-EXACT: the same players).

    ``away_for_deal``: not at the seat when the original deal's deadline card was dealt (the last card, or the
    first under a book that says so: ABS-AT-SEAT), or, when the misdeal came before that card, when it was
    declared (RD-ABSENT's open point). A player who came back before that card was present for the deal, however
    the header listed him. ``redeal_absent`` is the book's switch (``dead`` or ``play``).

    >>> redeal_seat(status=PlayerStatus.ABSENT, away_for_deal=False, present_now=True, dead_by_ruling=False,
    ...             redeal_absent="dead")
    RedealSeat(status=<PlayerStatus.PRESENT: 'present'>, how=<Redealt.SAME: 'same'>)
    >>> redeal_seat(status=PlayerStatus.PRESENT, away_for_deal=False, present_now=False, dead_by_ruling=False,
    ...             redeal_absent="dead").how.value
    'away_now'
    """
    if status is PlayerStatus.PENALIZED:
        return RedealSeat(status=status, how=Redealt.PENALIZED)
    if status is PlayerStatus.REDEAL_DEAD:
        return RedealSeat(status=status, how=Redealt.SAME)
    if dead_by_ruling:
        return RedealSeat(status=PlayerStatus.REDEAL_DEAD, how=Redealt.DEAD)
    if away_for_deal:
        if redeal_absent == "dead":
            return RedealSeat(status=PlayerStatus.REDEAL_DEAD, how=Redealt.AWAY_DEAD)
        now = PlayerStatus.PRESENT if present_now else PlayerStatus.ABSENT
        return RedealSeat(status=now, how=Redealt.AWAY_PLAYS)
    if not present_now:
        return RedealSeat(status=PlayerStatus.ABSENT, how=Redealt.AWAY_NOW)
    if status is PlayerStatus.ABSENT:  # back before the deadline card: present for the deal
        return RedealSeat(status=PlayerStatus.PRESENT, how=Redealt.SAME)
    return RedealSeat(status=status, how=Redealt.SAME)
