"""Words at the edge: every message the engine names is in the one catalog, in English and in Vietnamese."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import re
import shutil
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import floorman
from floorman.formats import handlog
from floorman.law.rulings.model import Remedy, RemedyKind
from floorman.locale import LANGS, Message, catalog_ids, say, say_all, translations
from floorman.locale.mo import MoFile, compile_po
from tests.conftest import ROOT

LOCALE = ROOT / "src" / "floorman" / "locale"
PACKAGE = ROOT / "src" / "floorman"
ENGINE_ID = re.compile(r"^(error|ruling|remedy|cause|cli|chain|finding|street|game|structure|drill|narrate|colour|book|level|reference|seats|card|gloss)\.[a-z0-9_.]+$")


def _po(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "messages.po"


def _engine_ids(lang: str) -> set[str]:
    return {i for i in catalog_ids(lang) if ENGINE_ID.match(i)}


def _named_in_code() -> set[str]:
    """Every message id written whole in the package's code (``Message.of("ruling.…")``)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts
                    and ENGINE_ID.match(node.value) and not node.value.endswith(".html")):
                found.add(node.value)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_compiles_as_babel_compiles_it(lang: str) -> None:
    text = _po(lang).read_text(encoding="utf-8")
    ours = gettext.GNUTranslations(MoFile(compile_po(text)))
    buffer = io.BytesIO()
    write_mo(buffer, read_po(io.StringIO(text), locale=lang), use_fuzzy=False)
    buffer.seek(0)
    theirs = gettext.GNUTranslations(buffer)
    header = ""  # Babel writes a header of its own
    assert {k: v for k, v in ours._catalog.items() if k != header} == {  # type: ignore[attr-defined]
        k: v for k, v in theirs._catalog.items() if k != header}  # type: ignore[attr-defined]


def test_english_and_vietnamese_say_the_same_engine_messages() -> None:
    assert _engine_ids("en") == _engine_ids("vi")
    assert len(_engine_ids("en")) > 200


def test_every_message_named_in_code_is_in_the_catalog() -> None:
    assert _named_in_code() - _engine_ids("en") == set()


@pytest.mark.parametrize("message_id", sorted(_engine_ids("en")))
def test_both_languages_speak_of_the_same_facts(message_id: str) -> None:
    """A Vietnamese sentence may leave out a fact the English one says (a plural), never add one."""
    def fields(lang: str) -> set[str]:
        template = translations(lang).gettext(message_id)
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    assert fields("vi") <= fields("en")


def test_a_message_is_said_in_either_language_from_the_same_facts() -> None:
    m = Message.of("ruling.exposed_stud.down_card_exposed", seats=(3, 5))
    assert say(m) == "A down card of seat 3 and seat 5 was exposed by the dealer on third street."
    assert say(m, "vi") == "Một lá bài úp của ghế 3 và ghế 5 bị lộ do lỗi của dealer ở third street."


def test_vietnamese_glosses_substantial_action_once_per_explanation() -> None:
    text = say_all([Message.of("ruling.sa.no_action", oot=""), Message.of("ruling.sa.no_action", oot="")], "vi")
    assert text.count("Substantial Action (hành động đáng kể)") == 1


def test_every_remedy_is_a_message_in_both_languages() -> None:
    for kind in RemedyKind:
        remedy = Remedy.of(kind, seat=2, amount=100, cards=3, street="river", card="Kd")
        assert remedy.message().id in _engine_ids("vi"), kind
        assert say(remedy.message(), "vi") != say(remedy.message(), "en")


def test_a_ruling_carries_message_ids_and_its_words_come_from_the_catalog() -> None:
    log = handlog.loads((ROOT / "examples" / "four-card-flop.json").read_text(encoding="utf-8"))
    ruling = floorman.rule(log).ruling
    assert [m.id for m in ruling.explanation_messages] == ["ruling.four_card_flop.scramble"]
    assert ruling.explanation == say_all(ruling.explanation_messages, "en")
    assert ruling.explain("vi") == ruling.explain("vi") != ruling.explanation


def test_the_package_build_compiles_every_catalog(tmp_path: Path) -> None:
    """setup.py's build_py compiles every .po it copies; the built package needs no Babel to speak."""
    spec = importlib.util.spec_from_file_location("floorman_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    shutil.copytree(LOCALE, tmp_path / "locale")
    written = setup.compile_catalogs(tmp_path / "locale")
    assert sorted(p.parent.parent.name for p in written) == sorted(LANGS)
    for lang in LANGS:
        mo = tmp_path / "locale" / lang / "LC_MESSAGES" / "messages.mo"
        assert mo.read_bytes() == compile_po(_po(lang).read_text(encoding="utf-8"), name=str(_po(lang)))


# -- a finding's note is a message too: no English built in the fold ----------------------------------------------

FOLD_MODULES = ("fold/cardcheck.py", "fold/dealing.py", "fold/steps.py", "engine/hand.py", "fold/streets.py",
                "fold/betting.py", "fold/state.py")


def test_no_finding_note_is_written_as_words_in_the_fold() -> None:
    """Every ``note=`` the fold gives a finding is a message (or nothing), never a string built from words."""
    for name in FOLD_MODULES:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "note":
                words = [n for n in ast.walk(node.value)
                         if isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str)
                                                             and " " in n.value)]
                assert not words, f"{name}:{node.lineno}: a finding's note in words"


def test_every_note_a_hand_can_give_is_in_the_catalog_in_both_languages() -> None:
    from floorman.fold import dealing
    from floorman.fold.findings import SetAside

    notes = [s.note() for s in SetAside] + [dealing._how(h) for h in sorted(dealing._HOWS)]
    for note in notes:
        assert note.id in _engine_ids("en") and note.id in _engine_ids("vi"), note.id
        assert say(note, "vi") != say(note, "en"), note.id


def test_the_findings_of_every_scenario_say_their_notes_from_the_catalog() -> None:
    from tests.conftest import load_cases

    seen = set()
    for case in load_cases():
        if case.get("log") is None:
            continue
        for finding in floorman.rule(handlog.from_obj(case["log"])).findings:
            if finding.note is not None:
                assert isinstance(finding.note, Message), (case["id"], finding)
                assert finding.note.id in _engine_ids("vi"), (case["id"], finding.note.id)
                assert finding.note.id != "finding.exposed.other", (case["id"], finding.note)  # the log's own word
                seen.add(finding.note.id)
    assert len(seen) >= 5, seen


def test_a_duplicate_seen_twice_in_one_place_says_so_in_either_language() -> None:
    from floorman.fold.cardcheck import BOARD, at_seat

    both = Message.of("finding.place.both", first=at_seat(4), then=BOARD)
    twice = Message.of("finding.place.twice", place=BOARD)
    assert (say(both), say(both, "vi")) == ("seat 4 and the board", "ghế 4 và board")
    assert (say(twice), say(twice, "vi")) == ("the board and the board", "cả hai đều ở board")


def test_every_remedy_of_every_scenario_holds_codes_and_its_words_come_from_the_catalog() -> None:
    """A remedy's fields are facts and codes (a street's code, a condition's code), never English: its words are the
    catalog's, in both languages."""
    from tests.conftest import load_cases

    code = re.compile(r"^[A-Za-z0-9_?-]+$")
    steps = 0
    for case in load_cases():
        if case.get("log") is None:
            continue
        for ruling in floorman.rule(handlog.from_obj(case["log"])).rulings:
            for remedy in ruling.remedies:
                steps += 1
                texts = [v for v in remedy.fields.values() if isinstance(v, str)]
                assert all(code.match(v) for v in texts), (case["id"], remedy.to_obj())
                assert remedy.message().id in _engine_ids("vi"), (case["id"], remedy.message().id)
                assert "None" not in say(remedy.message()) + say(remedy.message(), "vi"), (case["id"], remedy)
    assert steps > 100


def test_a_street_is_said_from_its_code_and_an_unknown_street_is_the_next_one() -> None:
    step = Remedy.of(RemedyKind.DEAL_WITHOUT_BURN, street=None).message()
    assert say(step) == "Deal the next street without burning another card."
    assert "vòng tiếp theo" in say(step, "vi")
    assert say(Remedy.of(RemedyKind.DEAL_FACE_UP, street="seventh").message()) == (
        "Deal every remaining player's seventh street card face up.")


def test_the_drill_tells_every_bundled_hand_from_the_catalog_in_both_languages() -> None:
    """The drill's table and events are the catalog's ``narrate.*`` lines (an id the catalog lacked would show as
    itself), and its modules hold no Vietnamese of their own but the words a player may type."""
    from floorman.drill.hands import bundled_hands, rebuild
    from floorman.words.events import event_lines, table_lines
    from tests.test_vietnamese_glossary import _python_strings

    for hand in bundled_hands():
        log = handlog.from_obj(rebuild(hand.obj()))
        for lang in LANGS:
            text = "\n".join(table_lines(log, lang) + event_lines(log, lang))
            assert not re.search(r"\b(narrate|drill|game|structure|colour|street)\.[a-z_]", text), (hand.source, text)
    assert list(_python_strings(PACKAGE / "words" / "events.py")) == []
    assert len(list(_python_strings(PACKAGE / "drill" / "words.py"))) <= 3  # "hủy", "vô hiệu", "tiếp tục" typed


def _prose(path: Path) -> list[str]:
    """The words a module writes outside its docstrings and its errors: string literals of three words or more, and
    f-strings with two words or more of their own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    quiet: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            quiet.add(id(node.value))  # a docstring
        if isinstance(node, ast.Raise) or (isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "where" for t in node.targets)):
            quiet |= {id(n) for n in ast.walk(node)}  # an error, or where an error is
    found = []
    for node in ast.walk(tree):
        if id(node) in quiet:
            continue
        if isinstance(node, ast.JoinedStr):
            quiet |= {id(v) for v in node.values}
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if re.search(r"[A-Za-z]+ [A-Za-z]+", text):
                found.append(f"{path.name}:{node.lineno}: f{text!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(
                r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", node.value):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return found


def test_the_core_builds_no_prose() -> None:
    """Findings, rulings and remedies carry message ids and codes: no module of the core (the fold, the findings, the
    result, the deciding modules, the rulebooks) writes a sentence of its own, their docstrings and their errors aside
    (``errors.py`` is the errors' own module); the words are the catalog's."""
    from tests.test_architecture import CORE_MODULES, MODULES

    found = [line for name in sorted(CORE_MODULES - {"floorman.errors"}) for line in _prose(MODULES[name])]
    assert found == []


def test_the_prose_check_sees_a_sentence_written_in_code(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Doc string of many words."""\nNOTE = "first to receive"\nWHERE = f"seat {3} and the board"\n'
                      'def f():\n    raise ValueError("a message in words is fine")\n', encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in _prose(module)] == ["'first to receive'", "f'seat  and the board'"]
