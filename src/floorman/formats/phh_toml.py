"""A reader for the TOML that PHH files are written in, faster than a general TOML parser.

PHH hand histories use a small part of TOML: bare keys, ``[section]`` headers (``.phhs``),
strings, whole and decimal numbers, booleans, and arrays of those that may span lines with
comments in between. ``loads`` reads that part and gives exactly what
``tomllib.loads(text, parse_float=Decimal)`` gives; anything else (dates, inline tables,
escapes, multi-line strings, dotted keys, an error) goes to ``tomllib``, which reads it or
says what is wrong.

It reads in up to three passes, each one taking what the one before leaves: line by line for
the plainest text (``key = value`` with single spaces around ``=``, one-line arrays, no
comment after a value), then with regular expressions (comments, arrays over many lines),
then ``tomllib``.

>>> loads("variant = 'NT'\\nmin_bet = 0.50  # cents\\nactions = [\\n  'p1 f',  # folds\\n]\\n")
{'variant': 'NT', 'min_bet': Decimal('0.50'), 'actions': ['p1 f']}
>>> loads("[5]\\nhand = 5\\n[7]\\nhand = 7\\n")
{'5': {'hand': 5}, '7': {'hand': 7}}
>>> loads("time = 00:00:00")  # a local time: read by tomllib
{'time': datetime.time(0, 0)}
"""

from __future__ import annotations

import re
import tomllib
from datetime import time
from decimal import Decimal
from typing import Any

__all__ = ["loads"]

_TOKEN = re.compile(
    r"[ \t]*(?:"
    r"(?P<nl>\n)"
    r"|(?P<comment>\#[^\n\x00-\x08\x0b-\x1f\x7f]*(?=\n|\Z))"
    r"|'(?P<lit>[^'\n\x00-\x08\x0a-\x1f\x7f]*)'"
    r"|\"(?P<basic>[^\"\\\n\x00-\x08\x0a-\x1f\x7f]*)\""
    r"|(?P<dec>[+-]?(?:0|[1-9][0-9]*)\.[0-9]+)(?![\w.:+-])"
    r"|(?P<int>[+-]?(?:0|[1-9][0-9]*))(?![\w.:+-])"
    r"|(?P<bool>true|false)(?![\w.:+-])"
    r"|(?P<key>[A-Za-z0-9_-]+)"
    r"|(?P<punct>[=\[\],])"
    r"|(?P<end>\Z)"
    r")"
)


class _Unsupported(Exception):
    """The text uses TOML beyond what this reader does; tomllib takes over."""


MAX_KEY_PARTS = 64
"""The most parts a dotted key (``a.b.c``) may have: tomllib takes time quadratic in them (20,000 parts take
seconds), and no PHH or house-rules file needs more than a few."""
_QUOTED_OR_DECIMAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|\d\.\d")


def check_key_depth(text: str) -> None:
    """Raise ``RecursionError`` (as tomllib does for arrays nested too deeply) when a key of the TOML text has more
    than ``MAX_KEY_PARTS`` dotted parts.

    >>> check_key_depth("a.b.c = 1\\nmin_bet = 0.5")
    >>> check_key_depth("note" + ".a" * 100 + " = 1")
    Traceback (most recent call last):
    ...
    RecursionError: a key of more than 64 parts
    """
    if text.count(".") <= MAX_KEY_PARTS:
        return
    for line in text.splitlines():
        if line.count(".") > MAX_KEY_PARTS and _QUOTED_OR_DECIMAL.sub("", line).count(".") > MAX_KEY_PARTS:
            raise RecursionError(f"a key of more than {MAX_KEY_PARTS} parts")


def loads(text: str) -> dict[str, Any]:
    """The TOML document as ``tomllib.loads(text, parse_float=Decimal)`` reads it (a key of more than
    ``MAX_KEY_PARTS`` parts refused with ``RecursionError``, as nesting too deep is)."""
    check_key_depth(text)
    if "'''" in text or '"""' in text or "\r" in text:
        return tomllib.loads(text, parse_float=Decimal)
    plain = _read_lines(text)
    if plain is not None:
        return plain
    try:
        return _read(text)
    except _Unsupported:
        return tomllib.loads(text, parse_float=Decimal)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""The characters TOML allows in no string and no comment (tab and line feed aside)."""
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PHH_KEYS = frozenset({
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand",
    "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "_floorman",
})
"""The keys PHH defines (and floorman's own): bare keys, known without a regular expression."""
_FAST_DIGITS = 40
"""The longest number the line reader reads; a longer one goes to the passes after it."""


class _Plain:
    """A value the line reader does not read (the marker its value readers return)."""


_NOT_PLAIN = _Plain()


def _read_lines(text: str) -> dict[str, Any] | None:
    """The document when every line is plain: ``key = value``, a ``[section]`` header, a comment or nothing.

    A value is plain when it is a literal or basic string without escapes, a whole or decimal
    number without sign or underscores, a boolean, a local time ``hh:mm:ss``, or an array on one
    line of such strings (``', '`` between them) or such numbers (``, `` between them).
    ``None`` for any other text, which the next pass reads.
    """
    lines = text.split("\n")
    if not all(map(str.isprintable, lines)) and _CONTROL.search(text):  # printable text holds no control character
        return None
    root: dict[str, Any] = {}
    table = root
    for line in lines:
        known = _LINES.get(line)
        if known is not None:  # a line met before: its key and value
            key, value = known
            if key in table:
                return None
            table[key] = list(value) if type(value) is tuple else value
            continue
        if not line or line[0] == "#":
            continue
        key, equals, raw = line.partition(" = ")
        if equals:
            value = _plain_value(raw)
            if value is _NOT_PLAIN or key in table or not _is_key(key):
                return None
            table[key] = value
            if len(line) <= _LINE_KEPT:
                _keep_line(line, key, value)
        elif line[0] == "[" and line[-1] == "]" and _is_key(line[1:-1]) and line[1:-1] not in root:
            table = root[line[1:-1]] = {}
        else:
            return None
    return root


_LINES: dict[str, tuple[str, Any]] = {}
"""Plain ``key = value`` lines read so far, with their key and value (an array as a tuple): the header
lines of a source's hands (variant, blinds, stacks...) recur from hand to hand."""
_LINE_KEPT = 160
"""The longest line kept (longer ones, the actions above all, are mostly new)."""
_LINES_LIMIT = 4096
"""How many lines to keep: past this the cache is emptied and fills again with what recurs."""


def _keep_line(line: str, key: str, value: Any) -> None:
    if len(_LINES) >= _LINES_LIMIT:
        _LINES.clear()
    _LINES[line] = (key, tuple(value) if type(value) is list else value)


def _is_key(text: str) -> bool:
    return text in _PHH_KEYS or _BARE_KEY.fullmatch(text) is not None


def _plain_value(raw: str) -> Any:
    """The value ``raw`` spells, if it is plain (see ``_read_lines``), else ``_NOT_PLAIN``."""
    first = raw[:1]
    if first == "'" or first == '"':
        inner = raw[1:-1]
        if len(raw) < 2 or raw[-1] != first or first in inner or "\\" in inner:
            return _NOT_PLAIN
        return inner
    if first == "[":
        return _plain_array(raw[1:-1]) if raw[-1] == "]" else _NOT_PLAIN
    if raw == "true" or raw == "false":
        return raw == "true"
    if len(raw) == len("00:00:00") and raw[2] == raw[5] == ":":
        return _plain_time(raw)
    return _plain_number(raw)


def _plain_array(inner: str) -> Any:
    if not inner:
        return []
    if inner[0] == "'":
        items = inner[1:-1].split("', '")
        if len(inner) < 2 or inner[-1] != "'" or inner.count("'") != 2 * len(items):  # a quote inside an item
            return _NOT_PLAIN
        return items
    whole = _whole_numbers(inner)
    if whole is not None:
        return whole
    numbers = [_plain_number(item) for item in inner.split(", ")]
    return _NOT_PLAIN if any(n is _NOT_PLAIN for n in numbers) else numbers


_NOT_WHOLE = re.compile(rf"(?<![0-9])0[0-9]|[0-9]{{{_FAST_DIGITS + 1}}}")
"""In digits and ``, ``: a number with a leading zero, or one too long for the line reader."""


def _whole_numbers(inner: str) -> list[int] | None:
    """The numbers of an array of whole numbers (the text between its brackets), else ``None``."""
    items = inner.split(", ")
    digits = "".join(items)
    if not digits.isdigit() or not digits.isascii() or "" in items or _NOT_WHOLE.search(inner):
        return None
    return list(map(int, items))


def _plain_number(raw: str) -> Any:
    """A whole number without sign, underscores or leading zeros, or one with a decimal part."""
    whole, point, fraction = raw.partition(".")
    if (not whole.isdigit() or not whole.isascii() or (whole[0] == "0" and len(whole) > 1)
            or len(raw) > _FAST_DIGITS):
        return _NOT_PLAIN
    if not point:
        return int(whole)
    if not fraction.isdigit() or not fraction.isascii():
        return _NOT_PLAIN
    return Decimal(raw)


def _plain_time(raw: str) -> Any:
    """A local time ``hh:mm:ss``, as tomllib reads it (an hour past 23, a minute or second past 59 is not one)."""
    hour, minute, second = raw[:2], raw[3:5], raw[6:]
    if not (hour + minute + second).isdigit() or not raw.isascii():
        return _NOT_PLAIN
    if int(hour) > 23 or int(minute) > 59 or int(second) > 59:
        return _NOT_PLAIN
    return time(int(hour), int(minute), int(second))


def _scalar(kind: str | None, value: str) -> Any:
    if kind == "lit" or kind == "basic":
        return value
    if kind == "int":
        return int(value)
    if kind == "dec":
        return Decimal(value)
    if kind == "bool":
        return value == "true"
    raise _Unsupported


_STR = r"'[^'\n\x00-\x08\x0a-\x1f\x7f]*'"
_INT = r"[+-]?(?:0|[1-9][0-9]*)(?![\w.:+-])"
_STRINGS = re.compile(rf"\[[ \t]*(?:{_STR}[ \t]*,[ \t]*)*(?:{_STR}[ \t]*)?\]")
_INTS = re.compile(rf"\[[ \t]*(?:{_INT}[ \t]*,[ \t]*)*(?:{_INT}[ \t]*)?\]")
_LITERAL = re.compile(_STR)
_WHOLE = re.compile(_INT)
"""One-line arrays of literal strings or of whole numbers: the bulk of PHH, read in one match."""


def _array(text: str, pos: int) -> tuple[list[Any], int]:
    """The array whose ``[`` is at ``pos``, and where it ends."""
    m = _STRINGS.match(text, pos)
    if m is not None:
        return [s[1:-1] for s in _LITERAL.findall(m[0])], m.end()
    m = _INTS.match(text, pos)
    if m is not None:
        return [int(s) for s in _WHOLE.findall(m[0])], m.end()
    pos += 1
    items: list[Any] = []
    want_value = True
    match = _TOKEN.match
    while True:
        t = match(text, pos)
        if t is None:
            raise _Unsupported
        pos = t.end()
        kind = t.lastgroup
        if kind == "nl" or kind == "comment":
            continue
        if kind == "punct":
            p = t["punct"]
            if p == "]":
                return items, pos
            if p != "," or want_value:
                raise _Unsupported
            want_value = True
        elif want_value:
            items.append(_scalar(kind, t[kind or "end"]))
            want_value = False
        else:
            raise _Unsupported


_LINE = re.compile(
    r"[ \t]*(?P<key>[A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:"
    r"'(?P<lit>[^'\n\x00-\x08\x0a-\x1f\x7f]*)'"
    r"|(?P<dec>[+-]?(?:0|[1-9][0-9]*)\.[0-9]+)(?![\w.:+-])"
    r"|(?P<int>[+-]?(?:0|[1-9][0-9]*))(?![\w.:+-])"
    r"|(?P<bool>true|false)(?![\w.:+-])"
    r"|\"(?P<basic>[^\"\\\n\x00-\x08\x0a-\x1f\x7f]*)\""
    r"|(?P<array>\[))"
)
_END = re.compile(r"[ \t]*(?:\#[^\n\x00-\x08\x0b-\x1f\x7f]*)?(?:\n|\Z)")
_HEADER = re.compile(r"[ \t]*\[(?P<name>[A-Za-z0-9_-]+)\]")
"""A ``key = value`` line, the end of a line (with its comment), a ``[section]`` header."""


def _read(text: str) -> dict[str, Any]:
    root: dict[str, Any] = {}
    table = root
    size = len(text)
    pos = 0
    while pos < size:
        line = _LINE.match(text, pos)
        if line is not None:
            key = line["key"]
            if key in table:
                raise _Unsupported
            kind = line.lastgroup
            if kind == "array":
                table[key], pos = _array(text, line.end() - 1)
            else:
                table[key] = _scalar(kind, line[kind or "key"])
                pos = line.end()
        else:
            header = _HEADER.match(text, pos)
            if header is not None:
                name = header["name"]
                if name in root:
                    raise _Unsupported
                table = root[name] = {}
                pos = header.end()
        end = _END.match(text, pos)
        if end is None:
            raise _Unsupported
        pos = end.end()
    return root
