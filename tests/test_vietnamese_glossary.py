"""The glossary (docs/glossary-vi.md) is the reference for the Vietnamese terms: the words it lists as not said
appear in no Vietnamese string of the project (the package's catalog, with the console's strings and the engine's
messages, the rulebooks' notes, the rules' titles and paraphrases, the drill's sentences), and the rulings and the console say the glossary's words."""

from __future__ import annotations

import io
import re
import tokenize
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.words.rulings import result_lines
from tests.conftest import ROOT

SRC = ROOT / "src" / "floorman"
GLOSSARY = ROOT / "docs" / "glossary-vi.md"
_VI = re.compile(r"[ạảãàáâậầấẩẫăắằẳẵặđêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]", re.I)


def _not_said() -> dict[str, str]:
    section = GLOSSARY.read_text(encoding="utf-8").split("## Words not to use", 1)[1]
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", section, flags=re.M)
    words = {bad: good for bad, good in rows if bad not in ("not said", "---")}
    assert len(words) >= 5, words
    return words


def _python_strings(path: Path) -> Iterator[tuple[int, str]]:
    """The Vietnamese string literals of a module (an f-string without its ``{...}`` parts; docstrings, which are
    English with a Vietnamese example, aside)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in tokens:
        if tok.type == tokenize.STRING and _VI.search(tok.string) and not tok.string.lstrip("rRuU").startswith('"""'):
            text = re.sub(r"\{[^{}]*\}", " ", tok.string) if re.match(r"^[rbuRBU]*[fF]", tok.string) else tok.string
            yield tok.start[0], text


def _toml_strings(value: object, vi: bool = False) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _toml_strings(item, vi or str(key).endswith("_vi"))
    elif isinstance(value, list):
        for item in value:
            yield from _toml_strings(item, vi)
    elif isinstance(value, str) and (vi or _VI.search(value)):
        yield value


def _vietnamese() -> Iterator[tuple[str, str]]:
    """Every Vietnamese string of the project, with where it is."""
    for path in sorted(SRC.rglob("*.py")):
        for line, text in _python_strings(path):
            yield f"{path.relative_to(ROOT)}:{line}", text
    for path in sorted((SRC / "law" / "rulebooks" / "data").glob("*.toml")):
        for text in _toml_strings(tomllib.loads(path.read_text(encoding="utf-8"))):
            yield str(path.relative_to(ROOT)), text
    po = pytest.importorskip("babel.messages.pofile")
    for path in sorted((SRC / "locale").rglob("vi/LC_MESSAGES/*.po")):
        with path.open("rb") as fp:
            for message in po.read_po(fp):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    if text:  # a message's placeholders ("{level:level}", "%(level)s") are names, not words
                        yield (f"{path.relative_to(ROOT)}: {message.id!r}",
                               re.sub(r"\{[^{}]*\}|%\([^()]*\)[sd]", " ", text))


def test_the_glossary_check_reads_every_kind_of_vietnamese_string() -> None:
    where = [w for w, _ in _vietnamese()]
    assert not [w for w in where if w.endswith(".toml")], "the rulebooks' data hold no words: the catalog does"
    assert sum(".po:" in w for w in where) > 1600  # the console's strings, the engine's messages, the drill's words,
    # the books' notes and the rules' titles and paraphrases
    in_code = [text for w, text in _vietnamese() if ".py:" in w]
    assert in_code == ['"đ"'], in_code  # only the search's folding of đ: every word, typed ones too, is the catalog's


@pytest.mark.parametrize(("bad", "good"), sorted(_not_said().items()))
def test_no_vietnamese_string_uses_a_word_the_glossary_says_is_not_said(bad: str, good: str) -> None:
    pattern = re.compile(rf"(?<!\w){re.escape(bad)}(?!\w)", re.I)
    found = [f"{where}: {text!r}" for where, text in _vietnamese() if pattern.search(text)]
    assert found == [], f"say {good!r}, not {bad!r}:\n" + "\n".join(found[:10])


def test_a_misdeal_reads_as_the_glossary_says() -> None:
    result = rule(handlog.load(ROOT / "examples" / "first-card-wrong-seat.json"))
    text = "\n".join(result_lines(result, color=False, lang="vi"))
    assert text.startswith("HỦY VÁN (misdeal)")
    assert "Trả lại 400 chip cho ghế 3." in text
    assert "cấp độ 7 (200/400, big blind ante 400)" in text
    assert "xáo và cắt" in text
