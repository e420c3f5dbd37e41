"""A reader for the TOML that PHH files are written in, faster than a general TOML parser.

PHH hand histories use a small part of TOML: bare keys, ``[section]`` headers (``.phhs``),
strings, whole and decimal numbers, booleans, and arrays of those that may span lines with
comments in between. ``loads`` reads that part in one pass of a single regular expression
and gives exactly what ``tomllib.loads(text, parse_float=Decimal)`` gives; anything else
(dates and times, inline tables, escapes, multi-line strings, dotted keys, an error) goes to
``tomllib``, which reads it or says what is wrong.

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


def loads(text: str) -> dict[str, Any]:
    """The TOML document as ``tomllib.loads(text, parse_float=Decimal)`` reads it."""
    if "'''" in text or '"""' in text or "\r" in text:
        return tomllib.loads(text, parse_float=Decimal)
    try:
        return _read(text)
    except _Unsupported:
        return tomllib.loads(text, parse_float=Decimal)


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
