"""Errors at the edge: every error floorman raises carries a message id of the one catalog and its parameters, and
is said in English or in Vietnamese where the reader chose it."""

from __future__ import annotations

import ast
import json
import pickle
import re
import string
from pathlib import Path
from typing import get_args

import pytest

from floorman.errors import FloormanError, HouseRulesError, LogFieldError, UnknownRulebookError
from floorman.formats import checks, handlog, house
from floorman.formats._bounded import Whole
from floorman.law.rulebooks import find_rule, find_rulebook
from floorman.locale import catalog_ids, translations
from floorman.storage.errors import StaleSequenceError
from tests.conftest import ROOT
from tests.test_cli import run

PACKAGE = ROOT / "src" / "floorman"
ERROR_ID = re.compile(r"^error\.[a-z0-9_.]+$")
WORDS = re.compile(r"[A-Za-z]+ [A-Za-z]+")
"""Two words of a sentence: what no error's arguments may hold (the words are the catalog's)."""
HELPERS = frozenset({"_error", "_value_error", "too_long", "_refuse", "_unreadable", "_phh_error", "PhhError"})
"""Functions of the package that make an error from a message id and its parameters."""


def _error_classes() -> set[str]:
    """The names of every class of the package that derives from ``FloormanError``."""
    bases: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(b.id for b in node.bases if isinstance(b, ast.Name))
    found = {"FloormanError"}
    while grown := {name for name, of in bases.items() if of & found} - found:
        found |= grown
    return found


ERRORS = _error_classes()


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _sentences(path: Path, root: Path = PACKAGE) -> list[str]:
    """Where a module builds an error from words of its own: a string of two words or more among the arguments of
    an error (or of a function that makes one), or a message that is neither a message id nor a message."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    where = path.relative_to(root)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node) not in ERRORS | HELPERS:
            continue
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            for inner in ast.walk(arg):
                if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and id(inner) not in parts:
                    if WORDS.search(inner.value):
                        found.append(f"{where}:{node.lineno}: {inner.value!r}")
                elif isinstance(inner, ast.JoinedStr):
                    text = "".join(v.value for v in inner.values if isinstance(v, ast.Constant))
                    if WORDS.search(text):
                        found.append(f"{where}:{node.lineno}: f{text!r}")
        first = node.args[0] if node.args and _name(node) in ERRORS else None
        if isinstance(first, ast.Constant) and not (isinstance(first.value, str) and ERROR_ID.match(first.value)):
            found.append(f"{where}:{node.lineno}: {first.value!r} is no message id")
    return found


def _ids_in_code() -> set[str]:
    """Every ``error.*`` id the package names whole (an id built as ``f"error.value.{name}"`` is checked where it is
    built)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and ERROR_ID.match(node.value)
                    and id(node) not in parts and not node.value.endswith(".html")):
                found.add(node.value)
    return found


def test_no_error_is_built_from_an_english_sentence() -> None:
    """Every error of the package (the core's, the formats', the stores', the console's, the drill's) is made from a
    message id of the catalog and its parameters."""
    found = [line for path in sorted(PACKAGE.rglob("*.py")) for line in _sentences(path)]
    assert found == []


def test_every_id_built_from_a_name_is_in_the_catalog() -> None:
    """The ids the readers build from a field's or a kind's name (``error.value.<field>``, ``error.text.<what>_too_long``,
    ``error.files.<kind>``)."""
    built = {f"error.value.{name}" for name in checks._SHAPES} | {f"error.value.{name}_item" for name in checks._ITEMS}
    built |= {f"error.text.{what}_too_long" for what in get_args(Whole)}
    built |= {f"error.files.{kind}" for kind in ("fifo", "socket", "device", "other")}
    assert built - catalog_ids("en") == set()


def test_the_sentence_check_sees_an_error_in_words(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('def f(x):\n    raise LogFieldError(f"expected a seat, got {x}", field="seat")\n'
                      'def g():\n    raise HouseRulesError("no such switch")\n'
                      'def h(x):\n    raise UnknownRuleError("error.rule.unknown", rule=repr(x))\n', encoding="utf-8")
    assert _sentences(module, tmp_path) == ["m.py:2: f'expected a seat, got '", "m.py:4: 'no such switch'", "m.py:4: 'no such switch' is no message id"]


def test_every_error_id_is_said_in_english_and_in_vietnamese() -> None:
    english = {i for i in catalog_ids("en") if ERROR_ID.match(i)}
    vietnamese = {i for i in catalog_ids("vi") if ERROR_ID.match(i)}
    assert english == vietnamese
    assert len(english) > 80
    assert _ids_in_code() <= english
    for message_id in sorted(english):
        en, vi = translations("en").gettext(message_id), translations("vi").gettext(message_id)
        assert en != vi or not WORDS.search(string.Formatter().vformat(en, (), _Blank())), message_id


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return ""


def test_an_error_keeps_its_id_and_parameters_and_says_them_in_either_language() -> None:
    with pytest.raises(LogFieldError) as info:
        handlog.from_obj({"floorman": 1, "game": "holdem", "seats": 6, "button": 1, "level": {},
                          "players": [{"seat": 1, "name": "Ann", "stack": 100}],
                          "events": [{"type": "deal", "seat": 9, "card": "As"}]})
    err = info.value
    assert (err.message_id, err.params, err.event, err.field) == ("error.value.seat", {"seats": 6, "got": "9"}, 0, "seat")
    assert str(err) == "event 0: field 'seat': expected a seat number from 1 to 6, got 9"
    assert err.say("vi") == "sự kiện 0: trường 'seat': cần số ghế từ 1 đến 6, nhận được 9"
    assert err.located(line=3).say("vi").startswith("dòng 3: sự kiện 0: ")


def test_a_value_from_the_input_is_said_as_it_is_in_vietnamese() -> None:
    with pytest.raises(UnknownRulebookError) as info:
        find_rulebook("Sòng Bạc Misdeal")
    assert "'Sòng Bạc Misdeal'" in info.value.say("vi") and info.value.say("vi").startswith("không có bộ luật")
    with pytest.raises(HouseRulesError) as house_info:
        house.loads('[switches]\nno_such_switch = true\n', name="room.toml")
    said = house_info.value.say("vi")
    assert said.startswith("room.toml [switches]: switch không xác định 'no_such_switch'"), said


def test_a_nested_message_is_given_as_its_id_and_parameters() -> None:
    err = LogFieldError(find_rule_error().what, field="rulebook")
    assert err.params == {"rule": "'NO-SUCH'"}
    assert json.loads(json.dumps(err.params)) == err.params


def find_rule_error() -> FloormanError:
    try:
        find_rule("NO-SUCH")
    except FloormanError as exc:
        return exc
    raise AssertionError("NO-SUCH found")


def test_the_command_line_says_an_error_in_vietnamese_in_one_line_with_status_2(tmp_path: Path) -> None:
    log = tmp_path / "bad.json"
    log.write_text(json.dumps({"floorman": 1, "game": "holdem", "seats": 6, "button": 1, "level": {},
                               "players": [{"seat": 1, "name": "Ann", "stack": 100}],
                               "events": [{"type": "deal", "seat": 12, "card": "As"}]}), encoding="utf-8")
    code, out, err = run("rule", str(log), "--lang", "vi")
    assert (code, out) == (2, "")
    assert err == f"floorman: {log}: sự kiện 0: trường 'seat': cần số ghế từ 1 đến 6, nhận được 12\n"
    code, _, err = run("rule", str(log))
    assert code == 2 and err == f"floorman: {log}: event 0: field 'seat': expected a seat number from 1 to 6, got 12\n"
    code, _, err = run("explain", "NO-SUCH", "--lang", "vi")
    assert code == 2 and err == "floorman: không có luật 'NO-SUCH' (xem danh sách bằng 'floorman rules')\n"


@pytest.mark.parametrize(("text", "english", "vietnamese"), [
    ('{"floorman": }', "Expecting value at line 1 column 14", "cần một giá trị tại dòng 1 cột 14"),
    ('{"floorman": 1} x', "Extra data", "có dữ liệu thừa"),
    (b"\xff{}", "invalid start byte at byte 0", "byte bắt đầu không hợp lệ tại byte 0"),
])
def test_why_a_text_cannot_be_read_is_said_in_either_language(text: str | bytes, english: str, vietnamese: str) -> None:
    with pytest.raises(FloormanError) as info:
        handlog.loads(text)
    assert english in str(info.value) and vietnamese in info.value.say("vi")


def test_an_error_crosses_a_process_boundary_whole() -> None:
    """``audit --jobs`` sends an unreadable hand's error from a worker: its id, parameters and place arrive, and a
    leaf whose own arguments are required (a stale sequence) is made again too."""
    err = LogFieldError("error.value.seat", field="seat", event=3, seats=9, got="12").located(line=4, source="x.jsonl")
    again = pickle.loads(pickle.dumps(err))
    assert (type(again), again.say("vi"), again.params) == (LogFieldError, err.say("vi"), err.params)
    stale = StaleSequenceError("error.storage.hands.hand_events_but_change", expected=1, actual=2, hand_id=3,
                               the_actual=2, the_expected=1)
    copied = pickle.loads(pickle.dumps(stale))
    assert (str(copied), copied.expected, copied.actual) == (str(stale), 1, 2)


def test_a_database_error_inside_an_error_is_said_on_one_line_with_its_quotes_as_they_are() -> None:
    # PostgreSQL's integrity errors carry a DETAIL line; the room's name keeps its quotes (no escaping)
    from floorman.storage.errors import ConflictError

    cause = ValueError('duplicate key value violates unique constraint "hands_pkey"\nDETAIL:  Key (id)=(1) already exists.')
    err = ConflictError("error.storage.copying.target_already_holds_record", slug=repr("riverside"), exc=cause)
    for lang in ("en", "vi"):
        line = err.say(lang)
        assert "\n" not in line and "\\" not in line
        assert "'riverside'" in line and '"hands_pkey" DETAIL: Key (id)=(1) already exists.' in line
    assert "one of room 'riverside''s ids" in str(err)


@pytest.mark.parametrize("name", ['"Room\\u001b[2J"', '"Room\\nTwo"', '"\\u202eevil"', '""', "12", '"' + "x" * 201 + '"'])
def test_a_house_name_a_terminal_cannot_show_as_text_is_refused_naming_the_field(name: str) -> None:
    with pytest.raises(HouseRulesError) as info:
        house.loads(f'name = {name}\nbase = "tda-2024"\n', name="room.toml")
    assert info.value.message_id == "error.house.name"
    assert "'name'" in info.value.say("en") and "room.toml" in info.value.say("en")
    assert "trường 'name'" in info.value.say("vi")


def test_a_house_name_of_ordinary_words_heads_its_rulings() -> None:
    assert house.loads('name = "Phòng Sài Gòn " \nbase = "tda-2024"\n', name="room.toml").house == "Phòng Sài Gòn "
    assert house.loads('name = "' + "x" * 200 + '"\n', name="room.toml").house == "x" * 200
