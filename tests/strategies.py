"""Hypothesis strategies: well-formed hand logs with the irregularities the engine rules on."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.builders import NINE, t9

ACTIONS = ("fold", "check", "call", "raise", "all_in")


@st.composite
def hand_logs(draw: st.DrawFn, *, with_floors: bool = True) -> dict[str, Any]:
    """A T9 hand: a deal with random slips, some action, maybe a flop, and floor calls anywhere."""
    start = draw(st.integers(min_value=0, max_value=8))
    order = NINE[start:] + NINE[:start]
    skip = draw(st.sets(st.sampled_from(NINE), max_size=1))
    events: list[dict[str, Any]] = []
    cards = iter(draw(st.permutations([r + s for r in "23456789TJQKA" for s in "cdhs"])))
    for _ in range(2):
        for seat in order:
            if seat in skip:
                continue
            ev: dict[str, Any] = {"type": "deal", "seat": seat, "card": next(cards)}
            roll = draw(st.integers(min_value=0, max_value=40))
            if roll == 0:
                ev["face_up"] = True
            elif roll == 1:
                events.append({**ev, "boxed": True, "card": next(cards)})
            events.append(ev)
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        events.append({"type": "deal", "seat": draw(st.sampled_from(NINE)), "card": next(cards)})
    bet = 2000
    for _ in range(draw(st.integers(min_value=0, max_value=10))):
        seat = draw(st.sampled_from(NINE))
        action = draw(st.sampled_from(ACTIONS))
        act: dict[str, Any] = {"type": "act", "seat": seat, "action": action}
        if action == "raise":
            bet += 2000
            act["to"] = bet
        events.append(act)
    if draw(st.booleans()):
        if draw(st.booleans()):
            events.append({"type": "burn", "card": next(cards)})
        for _ in range(draw(st.integers(min_value=1, max_value=5))):
            events.append({"type": "board", "card": next(cards)})
        for _ in range(draw(st.integers(min_value=0, max_value=3))):
            events.append({"type": "act", "seat": draw(st.sampled_from(NINE)), "action": "check"})
    if draw(st.booleans()):
        events.append({"type": "discover", "what": "duplicate", "card": "As"})
    if with_floors:
        for _ in range(draw(st.integers(min_value=0, max_value=3))):
            events.insert(draw(st.integers(min_value=0, max_value=len(events))), {"type": "floor"})
    return t9(events)
