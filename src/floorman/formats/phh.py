"""PHH hand histories (the TOML poker hand history format) as floorman hand-log v1 dicts.

Reading turns one PHH hand into the JSON-shaped dict of ``hand-log.md``: ``pN`` become seats,
the forced bets become ``post`` events, every hole card becomes one ``deal`` event in the order
it left the deck, and ``cc`` becomes a ``check`` or a ``call`` from the bets on the street. The
events are written as ``handlog.to_obj`` writes them: a card PHH does not show is left out, the
format's default (``??``).
Chip amounts are ``int``, or ``decimal.Decimal`` where the hand was played with cents.

>>> log = to_hand_log(parse_phh('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKd", "d dh p2 ????", "d dh p3 7h6h", "p3 cc", "p1 cc", "p2 cc"]
... '''))
>>> log["game"], log["button"], [(e["seat"], e.get("card", "??")) for e in log["events"][2:5]]
('holdem', 3, [(1, 'Ac'), (2, '??'), (3, '7h')])
>>> [e["action"] for e in log["events"] if e["type"] == "act"]
['call', 'call', 'check']

``read_log`` builds the ``HandLog`` of a PHH hand straight from its table: the same log (and
the same errors) as ``handlog.from_obj(to_hand_log(...))``, without the dict in between.

Writing (``from_hand_log``, in ``phh_write``) is the inverse; what PHH cannot say travels in
the ``_floorman`` field, so that PHH -> log -> PHH -> log gives the same log.

This module joins the two: the reader (``phh_read``) and the writer (``phh_write``, which checks
what it writes with the reader) know nothing of each other's callers, and reading a hand that
floorman wrote puts back its ``_floorman`` field with the writer's help (``restore``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from floorman.fold.log import HandLog
from floorman.formats import handlog
from floorman.formats._bounded import MAX_FILE_BYTES, MAX_HAND_BYTES, read_file
from floorman.formats.checks import utf8_reason
from floorman.formats.phh_read import VARIANTS, Obj, PhhError, actions_of, log_of, parse_phh, parse_phhs
from floorman.formats.phh_read import to_hand_log as _to_hand_log
from floorman.formats.phh_write import dumps as _dumps
from floorman.formats.phh_write import from_hand_log, restore

__all__ = [
    "VARIANTS",
    "PhhError",
    "dump",
    "dumps",
    "from_hand_log",
    "load",
    "loads",
    "parse_phh",
    "parse_phhs",
    "read_log",
    "to_hand_log",
]


def to_hand_log(phh: Mapping[str, object], *, hand: str | None = None) -> Obj:
    """One PHH hand (as parsed TOML) as a hand-log v1 dict; ``hand`` names it if given.

    >>> log = to_hand_log({"variant": "F7S", "antes": [5, 5], "bring_in": 5, "small_bet": 20,
    ...     "big_bet": 40, "starting_stacks": [500, 500],
    ...     "actions": ["d dh p1 ????Ac", "d dh p2 9s9d2c", "p2 pb", "p1 cbr 20"]})
    >>> [(e["seat"], e.get("card", "??"), e.get("face_up", False)) for e in log["events"] if e["type"] == "deal"][4:]
    [(1, 'Ac', True), (2, '2c', True)]
    >>> log["events"][-1]
    {'type': 'act', 'seat': 1, 'action': 'complete', 'to': 20}
    """
    log = _to_hand_log(phh, hand=hand)
    if "_floorman" in phh:
        restore(log, phh["_floorman"], actions_of(phh))
    return log


def read_log(phh: Mapping[str, object], *, hand: str | None = None) -> HandLog:
    """One PHH hand (as parsed TOML) as the ``HandLog`` of ``handlog.from_obj(to_hand_log(phh, hand=hand))``.

    The log is built straight from the PHH table, without the dict; a hand whose dict needs the
    full reader (one with a ``_floorman`` field, one that is not valid) takes that route, which
    raises the same ``PhhError`` or ``LogError``.

    >>> phh = {"variant": "NT", "blinds_or_straddles": [1, 2], "starting_stacks": [200, 200],
    ...        "actions": ["d dh p1 AcKd", "d dh p2 ????", "p2 cbr 6", "p1 f"]}
    >>> read_log(phh) == handlog.from_obj(to_hand_log(phh))
    True
    """
    log = log_of(phh, hand=hand)
    return log if log is not None else handlog.from_obj(to_hand_log(phh, hand=hand))


def loads(text: str, *, multi: bool = False) -> list[Obj]:
    """Hand-log dicts from PHH text: one ``.phh`` hand, or every section of a ``.phhs``."""
    if not multi:
        return [to_hand_log(parse_phh(text))]
    return [to_hand_log(t, hand=None if "hand" in t else name) for name, t in parse_phhs(text)]


def load(path: str | Path) -> list[Obj]:
    """Hand-log dicts from a ``.phh`` or ``.phhs`` file (a hand with no number takes the file's name)."""
    path = Path(path)
    try:
        text = read_file(path, limit=MAX_FILE_BYTES if path.suffix == ".phhs" else MAX_HAND_BYTES,
                         what="file" if path.suffix == ".phhs" else "hand").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PhhError("toml", "error.phh.not_utf8", reason=utf8_reason(exc.reason), byte=exc.start) from None
    if path.suffix == ".phhs":
        return loads(text, multi=True)
    phh = parse_phh(text)
    return [to_hand_log(phh, hand=None if "hand" in phh else path.stem)]


def dumps(objs: Iterable[Mapping[str, object]], *, multi: bool | None = None) -> str:
    """PHH text of hand-log dicts: one ``.phh`` hand, or ``.phhs`` sections ``[1]``, ``[2]``..."""
    return _dumps(objs, multi=multi)


def dump(objs: Sequence[Mapping[str, object]], path: str | Path) -> None:
    """Write hand-log dicts to a ``.phh`` (one hand) or ``.phhs`` file."""
    Path(path).write_text(dumps(objs, multi=Path(path).suffix == ".phhs"), encoding="utf-8")
