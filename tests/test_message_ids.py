"""One key style in the catalog: every message is a dotted id (``console.rules.search_the_rules``,
``cause.name.four_card_flop``, ``ruling.misdeal.called``), and its words are the catalogs' own, English too."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from floorman.locale import LANGS, translations
from tests.conftest import ROOT

PACKAGE = ROOT / "src" / "floorman"
LOCALE = PACKAGE / "locale"
DOTTED = re.compile(r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_\-]+)+$")
"""A message id: lower-case words, dot apart (a rule's id may stand as it is written: ``rule.FLOP-4CARD.title``)."""


def _ids(message_id: str | tuple[str, ...]) -> tuple[str, ...]:
    return message_id if isinstance(message_id, tuple) else (message_id,)


def extracted(folder: Path) -> dict[str | tuple[str, ...], list[str]]:
    """Every message a module or a template passes to the translation functions (``_``, ``gettext``, ``ngettext``,
    ``N_``...), found as babel.cfg has ``pybabel extract`` find them, with where each is."""
    method_map, options_map = parse_mapping_cfg(io.StringIO((LOCALE / "babel.cfg").read_text(encoding="utf-8")))
    found: dict[str | tuple[str, ...], list[str]] = {}
    for filename, lineno, message, _, _ in extract_from_dir(str(folder), method_map, options_map,
                                                             keywords=dict(DEFAULT_KEYWORDS, N_=None)):
        if isinstance(message, tuple):
            message = tuple(m for m in message if m is not None)
        if message:
            found.setdefault(message, []).append(f"{filename}:{lineno}")
    for path in sorted(folder.rglob("*.py")):  # babel's extractor does not look inside an f-string's braces
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and _called(node.func) in TRANSLATING):
                where = f"{path.relative_to(folder)}:{node.lineno}"
                found.setdefault(node.args[0].value, []).append(where)
    return found


TRANSLATING = frozenset({"_", "N_", "gettext", "ngettext", "pgettext", "npgettext", "ugettext", "ungettext"})


def _called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _catalog(path: Path) -> list[tuple[str | tuple[str, ...], str | tuple[str, ...]]]:
    with path.open("rb") as fp:
        return [(m.id, m.string) for m in read_po(fp) if m.id]


CATALOGS = [*sorted(LOCALE.glob("*/LC_MESSAGES/messages.po")), LOCALE / "messages.pot"]


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: str(p.relative_to(LOCALE)))
def test_every_msgid_of_every_catalog_is_a_dotted_id(path: Path) -> None:
    entries = _catalog(path)
    english = [message_id for message_id, _ in entries if not all(DOTTED.match(i) for i in _ids(message_id))]
    assert english == [], f"{len(english)} msgids of {path.name} are words, not ids: {english[:5]}"
    assert len(entries) > 500 or path.suffix == ".pot"


def test_every_string_passed_to_the_translation_functions_is_a_dotted_id() -> None:
    found = extracted(PACKAGE)
    english = {m: where for m, where in found.items() if not all(DOTTED.match(i) for i in _ids(m))}
    assert english == {}, "\n".join(f"{where[0]}: {m!r}" for m, where in list(english.items())[:10])
    assert len(found) > 600  # the console's templates and modules, the names of causes


def test_the_english_catalog_says_every_id_the_code_and_the_other_catalogs_name() -> None:
    said = dict(_catalog(LOCALE / "en" / "LC_MESSAGES" / "messages.po"))
    unsaid = [i for i, s in said.items() if not all(_ids(s))]
    assert unsaid == [], f"en/messages.po has no English for {unsaid[:5]}"
    wanted = set(extracted(PACKAGE)) | {i for path in CATALOGS[:-1] for i, _ in _catalog(path)}
    missing = sorted({_ids(m)[0] for m in wanted} - {_ids(i)[0] for i in said}, key=str)
    assert missing == [], f"add the English of these to en/messages.po: {missing[:10]}"
    plurals = [i for i in wanted if isinstance(i, tuple)]
    assert plurals and all(isinstance(said[i], tuple) and len(said[i]) == 2 and all(said[i]) for i in plurals)


def test_a_console_id_is_said_in_english_and_in_vietnamese() -> None:
    assert translations("en").gettext("console.common.rules") == "Rules"
    assert translations("vi").gettext("console.common.rules") == "Luật"
    assert translations("en").ngettext("console.incidents.num_incident", "", 2) == "%(num)s incidents"
    assert set(LANGS) >= {"en", "vi"}


def test_the_check_finds_an_english_msgid_in_a_template_and_in_a_module(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.html").write_text(
        '<h1>{{ _("console.page.title") }}</h1><p>{{ _("Plain words") }}</p>\n', encoding="utf-8")
    (tmp_path / "names.py").write_text('N_ = str\nNAMES = {"a": N_("cause.name.a"), "b": N_("Words too")}\n'
                                       'LINE = f" ({t.gettext(\'In braces\')})"\n', encoding="utf-8")
    found = extracted(tmp_path)
    assert sorted(m for m in found if not DOTTED.match(str(m))) == ["In braces", "Plain words", "Words too"]
    assert {"console.page.title", "cause.name.a"} <= set(found)
