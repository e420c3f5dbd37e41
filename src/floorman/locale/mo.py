"""A gettext ``.po`` catalog read and written as a ``.mo`` file, with the standard library only.

The catalogs are kept as ``.po`` sources (edited with Babel's ``pybabel``); the package build compiles
them to ``.mo`` with :func:`compile_po`, and a source checkout without them compiles them in memory.
Fuzzy and obsolete entries are left out, as ``msgfmt`` does.

>>> po = 'msgid ""\\nmsgstr "Content-Type: text/plain; charset=utf-8\\\\n"\\n\\nmsgid "hello"\\nmsgstr "xin chào"\\n'
>>> import gettext
>>> gettext.GNUTranslations(MoFile(compile_po(po))).gettext("hello")
'xin chào'
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field

__all__ = ["MoFile", "PoEntry", "compile_po", "read_po"]

_MAGIC = 0x950412DE


@dataclass(slots=True)
class PoEntry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    line: int = 0


class MoFile:
    """The bytes of a ``.mo`` file as the file object ``gettext.GNUTranslations`` reads."""

    name = "<compiled catalog>"

    def __init__(self, data: bytes) -> None:
        self._data = data

    def read(self) -> bytes:
        return self._data


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise ValueError(f"{where}: expected a quoted string, got {text[:40]!r}")
    return str(ast.literal_eval(text))


def read_po(text: str, *, name: str = "messages.po") -> list[PoEntry]:
    """The entries of a ``.po`` file in order (obsolete ``#~`` entries dropped), the header first."""
    entries: list[PoEntry] = []
    entry = PoEntry()
    key: tuple[str, int] | None = None
    started = translated = False

    def finish() -> None:
        nonlocal entry, key, started, translated
        if started:
            entries.append(entry)
        entry, key, started, translated = PoEntry(), None, False, False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}:{number}"
        word, _, rest = line.partition(" ")
        if not line or (line.startswith("#") and translated) or (word in ("msgctxt", "msgid") and translated):
            finish()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                entry.fuzzy = "fuzzy" in (flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith('"'):
            if key is None:
                raise ValueError(f"{where}: a continued string without msgid or msgstr before it")
            value = _unquote(line, where)
            kind, index = key
            if kind == "msgid":
                entry.msgid += value
            elif kind == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + value
            elif kind == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + value
            else:
                entry.msgstr[index] = entry.msgstr.get(index, "") + value
            continue
        if not started:
            started, entry.line = True, number
        if word == "msgctxt":
            key, entry.msgctxt = ("msgctxt", 0), _unquote(rest, where)
        elif word == "msgid":
            key, entry.msgid = ("msgid", 0), _unquote(rest, where)
        elif word == "msgid_plural":
            key, entry.msgid_plural = ("msgid_plural", 0), _unquote(rest, where)
        elif word == "msgstr" or (word.startswith("msgstr[") and word.endswith("]")):
            index = 0 if word == "msgstr" else int(word[7:-1])
            key, translated = ("msgstr", index), True
            entry.msgstr[index] = _unquote(rest, where)
        else:
            raise ValueError(f"{where}: cannot read {line[:40]!r}")
    finish()
    return entries


def compile_po(text: str, *, name: str = "messages.po") -> bytes:
    """The ``.mo`` bytes of a ``.po`` source: translated, non-fuzzy entries and the header."""
    pairs: dict[bytes, bytes] = {}
    for e in read_po(text, name=name):
        if e.msgid and (e.fuzzy or not any(e.msgstr.values())):
            continue
        key = e.msgid if e.msgid_plural is None else f"{e.msgid}\0{e.msgid_plural}"
        if e.msgctxt is not None:
            key = f"{e.msgctxt}\x04{key}"
        value = "\0".join(e.msgstr[i] for i in sorted(e.msgstr))
        pairs[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    offsets: list[int] = []
    position = 0
    for k in keys:
        offsets += [len(k), start + position]
        position += len(k) + 1
    value_start = start + len(ids)
    position = 0
    value_offsets: list[int] = []
    for k in keys:
        value_offsets += [len(pairs[k]), value_start + position]
        position += len(pairs[k]) + 1
    header = struct.pack("Iiiiiii", _MAGIC, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(offsets)}i", *offsets) + struct.pack(
        f"{len(value_offsets)}i", *value_offsets) + ids + strs
