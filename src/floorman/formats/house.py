"""House rules: a TOML file that starts from a rulebook and flips its documented switches.

::

    name = "Saigon Poker Room"
    base = "wsop-2026"

    [switches]
    sa_pair_allows_check_fold = true   # count check + fold as substantial action
    one_extra_card = "burn"

    [tags]                             # how sure the room is of an outcome (src/floorman/law/rulebooks/data/decisions.toml)
    "short_flop.found" = "V"           # the room's own procedure: no longer the floor's call

>>> book = loads('base = "tda-2024"\\n[switches]\\none_extra_card = "burn"\\n', name="room.toml")
>>> book.id, book.params.one_extra_card, book.house_switches
('tda-2024', 'burn', ('one_extra_card = burn',))
>>> loads('[tags]\\n"short_flop.found" = "V"\\n').house_switches
('short_flop.found: V',)
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

from floorman.errors import HouseRulesError, LogSyntaxError, shown
from floorman.formats._bounded import read_file
from floorman.formats.phh_toml import check_key_depth
from floorman.law.rulebooks import Rulebook, find_rulebook, row_tags
from floorman.law.rulebooks.params import params_from_obj
from floorman.locale import Message, say

__all__ = ["MAX_HOUSE_BYTES", "load", "loads"]

MAX_HOUSE_BYTES = 1024 * 1024
"""The most a house-rules file may hold (1 MiB: a room's switches and tags take a few hundred bytes)."""


MAX_NAME_CHARS = 200
"""The longest name a house may give itself (it heads every ruling made under it)."""
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What a terminal or a page would not show as text: control characters and the marks that reorder a line."""


def loads(text: str, *, name: str | None = None) -> Rulebook:
    """The base rulebook with the house's switches applied (``name``: the file's, if it has one)."""
    where: str | Message = Message.of("error.house.unnamed") if name is None else name
    try:
        check_key_depth(text)
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseRulesError("error.house.toml", where=where, reason=shown(str(exc))) from None
    except RecursionError:
        raise HouseRulesError("error.house.too_deep", where=where) from None
    unknown = sorted(set(raw) - {"name", "base", "switches", "tags", "description"})
    if unknown:
        raise HouseRulesError("error.house.unknown_field", where=where, field=repr(unknown[0]))
    base = raw.get("base", "wsop-2026")
    if not isinstance(base, str):
        raise HouseRulesError("error.house.base", where=where, got=repr(base))
    book = find_rulebook(base)
    switches = raw.get("switches", {})
    if not isinstance(switches, dict):
        raise HouseRulesError("error.house.switches_table", where=where)
    merged = {**dataclasses.asdict(book.params), **switches}
    params = params_from_obj(merged, where=Message.of("error.house.switches", where=where))
    tags = raw.get("tags", {})
    if not isinstance(tags, dict):
        raise HouseRulesError("error.house.tags_table", where=where)
    house_tags = row_tags(tags, where=where)
    label = raw.get("name", say(Message.of("error.house.unnamed")) if name is None else name)
    if not isinstance(label, str) or not 0 < len(label) <= MAX_NAME_CHARS or _UNPRINTABLE.search(label):
        raise HouseRulesError("error.house.name", where=where, most=MAX_NAME_CHARS)
    used = tuple(f"{k} = {_show(v)}" for k, v in switches.items()) + tuple(f"{k}: {v}" for k, v in house_tags.items())
    return dataclasses.replace(book, params=params, tags={**book.tags, **house_tags}, house=label, house_switches=used)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def load(path: str | Path) -> Rulebook:
    """The house rules of the file at ``path``: at most ``MAX_HOUSE_BYTES`` of it (a device is refused, as a hand
    file is)."""
    p = Path(path)
    try:
        data = read_file(p, limit=MAX_HOUSE_BYTES, what="house")
    except OSError as exc:
        raise HouseRulesError("error.house.unreadable", where=str(p), reason=exc.strerror or str(exc)) from None
    except LogSyntaxError as exc:
        raise HouseRulesError("error.house.unreadable", where=str(p), reason=exc.what) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HouseRulesError("error.house.not_utf8", where=str(p)) from None
    return loads(text, name=p.name)
