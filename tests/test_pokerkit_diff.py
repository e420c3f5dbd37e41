"""Differential test against PokerKit: the same real hands, replayed by both, give the same chips.

For every hand of the PHH sample that PokerKit replays, floorman must find the same total each
seat put in, the same players left at showdown (not folded, not mucked) and the same final pot.
Where PokerKit is the one that is off, the hand is listed in ``data/pokerkit_disagreements.toml``
with the reason; the test checks that the list is exact, so that a new disagreement (or a fixed
one) fails it.

CI runs the compact copy in ``tests/data/phh``. Set ``FLOORMAN_PHH_SAMPLE`` to a sample folder (or
to ``full`` for ``../shared/phh-sample`` beside the repository) to run the whole 10,096 hands.
"""

from __future__ import annotations

import os
import tomllib
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

from floorman.engine.hand import rule
from floorman.fold.table import Chips
from floorman.formats import handlog, phh

pokerkit = pytest.importorskip("pokerkit")

HERE = Path(__file__).parent
COMPACT = HERE / "data" / "phh"
FULL = HERE.parent.parent / "shared" / "phh-sample"
LISTED = HERE / "data" / "pokerkit_disagreements.toml"


def sample_root() -> Path:
    chosen = os.environ.get("FLOORMAN_PHH_SAMPLE", "")
    if not chosen:
        return COMPACT
    root = FULL if chosen == "full" else Path(chosen)
    if not root.is_dir():
        pytest.fail(f"FLOORMAN_PHH_SAMPLE names no folder: {root}")
    return root


def hand_key(path: Path, root: Path, section: str | None) -> str:
    """A hand's name, the same in the full sample and in the compact copy.

    >>> hand_key(Path("s/pokerkit-d782667/data/pluribus/30/12.phh"), Path("s"), None)
    'pluribus/30/12.phh'
    >>> hand_key(Path("s/handhq-selection/ps.phhs"), Path("s"), "5")
    'handhq/ps.phhs#5'
    """
    rel = path.relative_to(root).as_posix().removeprefix("pokerkit-d782667/data/")
    rel = rel.replace("handhq-selection/", "handhq/", 1)
    return rel if section is None else f"{rel}#{section}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What both engines must agree on, by seat."""

    put_in: tuple[tuple[int, Chips], ...]
    at_showdown: frozenset[int]
    pot: Chips


def _same(a: Chips, b: Chips) -> bool:
    return Decimal(a) == Decimal(b)


def pokerkit_facts(history: object, seats: list[int]) -> Facts:
    """Replay one hand in PokerKit: chips each player put in, who was left at showdown, the pot pushed."""
    state = None
    lowest: list[Chips] = []
    for state in history:  # type: ignore[attr-defined]
        if not lowest:
            lowest = list(state.starting_stacks)
        lowest = [min(low, now) for low, now in zip(lowest, state.stacks, strict=True)]
    assert state is not None
    start = list(state.starting_stacks)
    left = set(range(len(start)))
    pot: Chips = 0
    over = False
    for op in state.operations:
        if isinstance(op, (pokerkit.HandKilling, pokerkit.ChipsPushing)):
            over = True
        if isinstance(op, pokerkit.ChipsPushing):
            pot += sum(op.amounts)
        if over:
            continue
        if isinstance(op, pokerkit.Folding) or (isinstance(op, pokerkit.HoleCardsShowingOrMucking)
                                                and not op.hole_cards):
            left.discard(op.player_index)
    return Facts(
        put_in=tuple((seats[i], start[i] - lowest[i]) for i in range(len(start))),
        at_showdown=frozenset(seats[i] for i in left),
        pot=pot,
    )


def floorman_facts(log: dict[str, object], seats: list[int]) -> Facts:
    state = rule(handlog.from_obj(log)).view
    put_in = state.contributed()
    return Facts(
        put_in=tuple((seat, put_in.get(seat, 0)) for seat in seats),
        at_showdown=state.live_seats,
        pot=state.contested_pot,
    )


def disagreements(mine: Facts, theirs: Facts) -> set[str]:
    out: set[str] = set()
    if not all(s1 == s2 and _same(a, b) for (s1, a), (s2, b) in zip(mine.put_in, theirs.put_in, strict=True)):
        out.add("put_in")
    if mine.at_showdown != theirs.at_showdown:
        out.add("at_showdown")
    if not _same(mine.pot, theirs.pot):
        out.add("pot")
    return out


def _histories(path: Path, text: str, count: int) -> Iterator[object | None]:
    """PokerKit's hand histories of a file, None for a hand it cannot load."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about PHH fields it does not know
        if path.suffix != ".phhs":
            try:
                yield pokerkit.HandHistory.loads(text)
            except Exception:
                yield None
            return
        loaded = pokerkit.HandHistory.loads_all(text)
        for _ in range(count):
            try:
                yield next(loaded)
            except Exception:  # PokerKit stops at the first section it cannot load
                yield None
                loaded = iter(())


def replayed_hands(root: Path) -> Iterator[tuple[str, dict[str, object], Facts, list[int]]]:
    """Every hand PokerKit replays: (name, floorman's log dict, PokerKit's facts, the seat of each player)."""
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".phh", ".phhs")):
        text = path.read_text(encoding="utf-8")
        tables = phh.parse_phhs(text) if path.suffix == ".phhs" else [("", phh.parse_phh(text))]
        logs = phh.load(path)
        for (section, table), log, history in zip(tables, logs, _histories(path, text, len(tables)), strict=True):
            seats_raw = table.get("seats")
            stacks = table.get("starting_stacks")
            assert isinstance(stacks, list)
            seats = [int(s) for s in seats_raw] if isinstance(seats_raw, list) else list(range(1, len(stacks) + 1))
            if history is None:
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    facts = pokerkit_facts(history, seats)
            except Exception:  # PokerKit does not replay it: nothing to compare
                continue
            yield hand_key(path, root, section or None), log, facts, seats


def listed(root: Path, names: set[str]) -> dict[str, set[str]]:
    """The listed disagreements for the hands of this sample: hand -> what differs."""
    data = tomllib.loads(LISTED.read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for reason in data["reason"]:
        assert reason["why"].strip() and reason["what"] in ("put_in", "at_showdown", "pot")
        for hand in reason["hands"]:
            if hand in names:
                out.setdefault(hand, set()).add(reason["what"])
    return out


def test_every_hand_pokerkit_replays_gives_the_same_chips_and_showdown_or_is_listed_with_its_reason() -> None:
    root = sample_root()
    found: dict[str, set[str]] = {}
    names: set[str] = set()
    for name, log, theirs, seats in replayed_hands(root):
        names.add(name)
        differ = disagreements(floorman_facts(log, seats), theirs)
        if differ:
            found[name] = differ
    assert len(names) >= (130 if root == COMPACT else 1)
    expected = listed(root, names)
    unexplained = {k: v for k, v in found.items() if expected.get(k) != v}
    stale = {k: v for k, v in expected.items() if found.get(k) != v}
    assert not unexplained, f"disagreements not listed: {sorted(unexplained.items())[:10]}"
    assert not stale, f"listed but not found: {sorted(stale.items())[:10]}"


def test_the_fold_out_pot_reason_holds_for_each_hand_listed_under_it() -> None:
    """PokerKit's pushed pot leaves out the winner's bet on the street everyone else folded on."""
    root = sample_root()
    for name, log, theirs, _ in replayed_hands(root):
        expected = listed(root, {name})
        if expected.get(name) != {"pot"}:
            continue
        state = rule(handlog.from_obj(log)).view
        winners = [s for s in state.seats.values() if s.in_hand]
        assert len(winners) == 1, name
        assert _same(theirs.pot, state.pot - winners[0].street_bet), name


def test_a_disagreement_is_seen() -> None:
    """The comparison can fail: a hand whose pot floorman got wrong is caught."""
    path = COMPACT / "dwan-ivey-2009.phh"
    log = phh.load(path)[0]
    history = pokerkit.HandHistory.loads(path.read_text(encoding="utf-8"))
    seats = [1, 2, 3]
    theirs = pokerkit_facts(history, seats)
    mine = floorman_facts(log, seats)
    assert disagreements(mine, theirs) == set()
    assert disagreements(Facts(put_in=mine.put_in, at_showdown=frozenset({1}), pot=mine.pot + 1), theirs) == {
        "at_showdown", "pot"}


def _nl_hand(events: list[dict[str, object]], stacks: tuple[int, int, int] = (100, 100, 40)) -> dict[str, object]:
    players = [{"seat": s, "name": n, "stack": st} for s, n, st in zip((1, 2, 3), ("An", "Bo", "Cu"), stacks,
                                                                        strict=True)]
    deal = [{"type": "deal", "seat": s, "card": c} for s, c in zip((1, 2, 3, 1, 2, 3),
                                                                  ("As", "Kd", "7h", "Ad", "Kc", "6h"), strict=True)]
    posts = [{"type": "post", "seat": 1, "blind": "sb", "amount": 1}, {"type": "post", "seat": 2, "blind": "bb",
                                                                          "amount": 2}]
    return {"floorman": 1, "game": "holdem", "seats": 3, "button": 3, "level": {"small_blind": 1, "big_blind": 2},
            "players": players, "events": [*posts, *deal, *events]}


@pytest.mark.parametrize(("events", "pot", "contested"), [
    ([{"type": "act", "seat": 3, "action": "fold"}, {"type": "act", "seat": 1, "action": "fold"}], 3, 2),
    ([{"type": "act", "seat": 3, "action": "raise", "to": 10}, {"type": "act", "seat": 1, "action": "fold"},
      {"type": "act", "seat": 2, "action": "fold"}], 13, 5),
    ([{"type": "act", "seat": 3, "action": "all_in"}, {"type": "act", "seat": 1, "action": "raise", "to": 100},
      {"type": "act", "seat": 2, "action": "fold"}], 142, 82),
    ([{"type": "act", "seat": 3, "action": "raise", "to": 10}], 13, 13),
])
def test_the_contested_pot_leaves_out_only_what_no_one_can_call(events: list[dict[str, object]], pot: int,
                                                                  contested: int) -> None:
    state = rule(handlog.from_obj(_nl_hand(events))).view
    assert (state.pot, state.contested_pot, state.uncalled) == (pot, contested, pot - contested)
