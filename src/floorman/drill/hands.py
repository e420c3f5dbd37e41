"""Real hands to drill on: the bundled PHH sample, or the user's PHH files and hand logs.

A hand is kept as its hand log, an immutable value, read by the formats' own readers:

>>> hands = bundled_hands()
>>> len(hands) >= 20
True
>>> hand = next(h for h in hands if h.source == "dwan-ivey-2009.phh")
>>> hand.obj()["game"], hand.obj()["omits"]
('holdem', ['burns', 'deal_order'])

Before a drill is built on it, a hand is rebuilt with its physical deal order and its burns
(a PHH history records neither), so that an injected deal or burn error shows:

>>> log = rebuild(hand.obj())
>>> [e["type"] for e in log["events"]][:9]
['post', 'post', 'post', 'post', 'post', 'deal', 'deal', 'deal', 'deal']
>>> "omits" in log, sum(e["type"] == "burn" for e in log["events"])
(False, 3)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from floorman.engine.hand import rule
from floorman.errors import FloormanError, LogError
from floorman.fold.log import HandLog
from floorman.fold.table import GAMES, Family, Game, GameSpec, PlayerStatus
from floorman.fold.table import deal_order as table_deal_order
from floorman.formats import handlog, phh
from floorman.formats.files import hand_texts, read_hands

__all__ = ["SourceHand", "bundled_hands", "initial_deal", "load_hands", "rebuild"]

Obj = dict[str, Any]
SUFFIXES = (".phh", ".phhs", ".json", ".jsonl")
_PRIVATE_HEADER = ("_phh", "_floorman")
_STREET_BREAKS = frozenset({"act", "burn", "board", "discard"})


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceHand:
    """One real hand: where it came from and its hand log."""

    source: str
    log: HandLog

    def obj(self) -> Obj:
        """A fresh JSON-shaped copy of the hand log (``handlog.to_obj``: amounts with cents as ``Decimal``)."""
        return copy.deepcopy(handlog.to_obj(self.log))


def _from_file(path: Path, name: str) -> list[SourceHand]:
    """The hands of one file, read as the audit reads them (``formats.files``); the first that cannot be read
    raises its error, naming the file and the hand or line."""
    read: list[tuple[str, HandLog]] = []
    for item in hand_texts(path):
        for hand in read_hands(item, source=str(path)):
            if hand.error is not None:
                raise hand.error
            assert hand.log is not None
            read.append((hand.hand, hand.log))
    if path.suffix == ".jsonl":
        return [SourceHand(source=f"{name}:{number}", log=log) for number, (_, log) in enumerate(read, start=1)]
    if len(read) == 1:
        return [SourceHand(source=name, log=read[0][1])]
    return [SourceHand(source=f"{name}#{label}", log=log) for label, log in read]


def load_hands(path: str | Path | None = None, *, limit: int | None = None, seed: int | str = 0) -> tuple[SourceHand, ...]:
    """The hands of a ``.phh``, ``.phhs``, ``.json`` or ``.jsonl`` file, or of every such file under a folder.

    ``None`` gives the bundled sample. In a folder, files that cannot be read are passed over
    (a folder of real histories may hold a variant floorman does not play), and ``limit`` keeps
    that many files, picked with ``seed`` (reading all 10,000 files of the full PHH sample takes
    seconds). A single file that cannot be read raises ``FloormanError``, as does a folder
    with no hand in it.
    """
    if path is None:
        return bundled_hands()
    root = Path(path)
    if not root.is_dir():
        try:
            return tuple(_from_file(root, root.name))
        except OSError as exc:
            raise LogError("error.files.unreadable", source=str(root), reason=exc.strerror or str(exc)) from None
    files = sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES and p.is_file())
    if limit is not None and len(files) > limit:
        files = sorted(random.Random(seed).sample(files, limit))
    out: list[SourceHand] = []
    for file in files:
        try:
            out.extend(_from_file(file, file.relative_to(root).as_posix()))
        except (FloormanError, OSError, ValueError):
            continue
    if not out:
        raise FloormanError("error.drill.hands.hand_log_phh_hand", root=str(root))
    return tuple(out)


@cache
def bundled_hands() -> tuple[SourceHand, ...]:
    """The real hands shipped with floorman (``floorman/drill/data``, see its ``PROVENANCE.md``)."""
    data = resources.files("floorman.drill").joinpath("data")
    out: list[SourceHand] = []
    for entry in sorted(data.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".phh"):
            out.append(SourceHand(source=entry.name, log=phh.read_log(phh.parse_phh(entry.read_text(encoding="utf-8")))))
    return tuple(out)


def initial_deal(events: list[Obj]) -> tuple[int, int]:
    """The span ``[first, last]`` of event indexes holding the initial deal; ``(-1, -1)`` if none."""
    first = next((i for i, e in enumerate(events) if e["type"] == "deal"), -1)
    if first < 0:
        return -1, -1
    last = first
    for i in range(first, len(events)):
        e = events[i]
        if e["type"] in _STREET_BREAKS or (e["type"] == "post" and e.get("blind") == "bring_in"):
            break
        if e["type"] == "deal":
            last = i
    return first, last


def deal_order(obj: Mapping[str, Any]) -> list[int]:
    """The seats dealt in, in the order the deal reaches them (the table's ``deal_order``)."""
    button = obj.get("button")
    entitled = (int(p["seat"]) for p in obj["players"] if PlayerStatus(p.get("status", "present")).is_entitled)
    order = table_deal_order(family=GAMES[Game(obj["game"])].family, seats=int(obj["seats"]),
                             button=None if button is None else int(button), entitled=entitled)
    return list(order.seats)


def _reorder(obj: Mapping[str, Any], events: list[Obj]) -> list[Obj] | None:
    first, last = initial_deal(events)
    if first < 0:
        return None
    block = events[first:last + 1]
    if any(e["type"] != "deal" for e in block):
        return None
    cards: dict[int, list[Obj]] = {}
    for e in block:
        cards.setdefault(int(e["seat"]), []).append(e)
    order = deal_order(obj)
    n = GAMES[Game(obj["game"])].hole_cards
    if sorted(cards) != sorted(order) or any(len(c) != n for c in cards.values()):
        return None
    dealt = [cards[s][r] for r in range(n) for s in order]
    return events[:first] + dealt + events[last + 1:]


def _with_burns(game: GameSpec, events: list[Obj]) -> list[Obj] | None:
    """The events with a burn before each street's cards: before each round of board cards (the game's board
    shape: flop, turn, river) in a flop game, before each stud street after third."""
    family = game.family
    breaks = {sum(game.board_cards[:i]) for i in range(len(game.board_cards))}
    out: list[Obj] = []
    board = 0
    held: dict[int, int] = {}
    burned: set[int] = set()
    for e in events:
        if e["type"] == "burn":
            return None
        if family is Family.FLOP and e["type"] == "board":
            if board in breaks:
                out.append({"type": "burn"})
            board += 1
        if family is Family.STUD and e["type"] == "deal":
            count = held[e["seat"]] = held.get(e["seat"], 0) + 1
            if count >= 4 and count not in burned:
                burned.add(count)
                out.append({"type": "burn"})
        out.append(e)
    return None if board > sum(game.board_cards) else out


def rebuild(obj: Mapping[str, Any]) -> Obj | None:
    """The hand with an explicit deal order and burns, or ``None`` if it cannot carry a drill.

    The initial deal is dealt again in the physical order (one card at a time, clockwise from the
    first seat the rules name), whatever order the log had it in, and ``deal_order`` leaves
    ``omits``. Where the log omits burns, a burn goes before each flop-game street and each stud
    street after third and ``burns`` leaves ``omits`` (draw games keep it: the engine does not rule
    on draw burns). A hand the engine finds anything irregular in is not a base for a drill.
    """
    header = {k: v for k, v in obj.items() if k not in ("events", "omits", *_PRIVATE_HEADER)}
    try:
        game = GAMES[Game(obj["game"])]
    except (KeyError, ValueError):
        return None
    events: list[Obj] = [dict(e) for e in obj.get("events", [])]
    if any(e["type"] in ("floor", "ruling_applied") for e in events):
        return None
    reordered = _reorder(obj, events)
    if reordered is None:
        return None
    events = reordered
    omits = set(obj.get("omits", [])) - {"deal_order"}
    if "burns" in omits and game.family is not Family.DRAW:
        burned = _with_burns(game, events)
        if burned is None:
            return None
        events = burned
        omits.discard("burns")
    out: Obj = {**header}
    if omits:
        out["omits"] = sorted(omits)
    out["events"] = events
    try:
        result = rule(handlog.from_obj(out))
    except FloormanError:
        return None
    return out if not result.findings else None
