"""A language is one ``.po`` file: a copy of the package with a made-up language ("xx", a pseudo-locale of a few
entries) added as ``locale/xx/LC_MESSAGES/messages.po`` and nothing else speaks it on the command line, in a ruling
and on a console page, and says every entry it lacks in English."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

PSEUDO_PO = r'''msgid ""
msgstr ""
"Language: xx\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "lang.name"
msgstr "Xxish"

msgid "verdict.banner.misdeal"
msgstr "[xx] MISDEAL, DEAL AGAIN"

msgid "verdict.headline.continue"
msgstr "[xx] PLAY ON"

#, python-brace-format
msgid "ruling.misdeal.called"
msgstr "[xx] A misdeal ({cause})."

msgid "rule.FLOP-4CARD.title"
msgstr "[xx] Four cards on the flop"

msgid "console.common.rules"
msgstr "[xx] Rules"
'''

SPEAKER = r'''
import json, sys
from pathlib import Path

from click.testing import CliRunner
from fastapi.testclient import TestClient

import floorman
from floorman.cli import main
from floorman.locale import LANGS
from floorman.storage import Accounts, PasswordHasher, Role, open_database
from floorman.web.app import create_app

example, db = sys.argv[1], sys.argv[2]
out = {"package": floorman.__file__, "langs": list(LANGS)}
cli = CliRunner().invoke(main, ["rule", example, "--lang", "xx", "--no-color"])
out["cli"], out["cli_code"] = cli.output, cli.exit_code
ruling = floorman.rule(floorman.load(example)).ruling
out["explanation"], out["explanation_en"] = ruling.explain("xx"), ruling.explain("en")
console = create_app(db, password_cost=2**10)
with open_database(db).transaction() as conn:
    Accounts(conn, PasswordHasher(cost=2**10)).add("dana", "correct horse battery", Role.DEALER,
                                                    now="2026-06-01T12:00:00+00:00")
with TestClient(console) as client:
    client.headers["Accept-Language"] = "xx"
    assert client.post("/api/session", json={"username": "dana", "password": "correct horse battery"}).status_code == 200
    page = client.get("/rules/FLOP-4CARD")
    out["page"], out["page_status"] = page.text, page.status_code
    out["page_en"] = client.get("/rules/FLOP-4CARD", headers={"Accept-Language": "en"}).text
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def spoken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What the copy of the package with the pseudo-locale says (run in its own process: the languages are the
    package's folders, read when it is imported)."""
    pytest.importorskip("fastapi", reason="the console's page needs the web extra")
    root = tmp_path_factory.mktemp("third-language")
    package = root / "src" / "floorman"
    shutil.copytree(ROOT / "src" / "floorman", package, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.mo"))
    folder = package / "locale" / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(PSEUDO_PO, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(root / "src"), str(ROOT)))}
    env.pop("FLOORMAN_LANG", None)
    done = subprocess.run([sys.executable, "-c", SPEAKER, str(EXAMPLES / "first-card-wrong-seat.json"),
                           str(root / "console.db")], env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    said: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(str(said["package"])).is_relative_to(root), "the copy of the package, with its new .po file, is imported"
    return said


def test_a_new_po_file_is_a_new_language_of_every_command(spoken: dict[str, object]) -> None:
    assert spoken["langs"] == ["en", "vi", "xx"]


def test_the_command_line_speaks_the_new_language_and_english_where_it_lacks_words(spoken: dict[str, object]) -> None:
    out = str(spoken["cli"])
    assert spoken["cli_code"] == 0, out
    assert out.startswith("[xx] MISDEAL, DEAL AGAIN")
    assert "[xx] A misdeal (" in out
    assert "Give seat 3 back 400 chips." in out  # a remedy the language does not say: in English
    assert "What to do:" in out and "MD-FIRST-WRONG-SEAT" in out


def test_a_ruling_explains_itself_in_the_new_language(spoken: dict[str, object]) -> None:
    explanation, english = str(spoken["explanation"]), str(spoken["explanation_en"])
    assert "[xx] A misdeal (" in explanation and "[xx]" not in english
    assert explanation != english
    assert explanation.replace("[xx] A misdeal (", "That is a misdeal (") == english


def test_a_console_page_speaks_the_new_language_and_english_where_it_lacks_words(spoken: dict[str, object]) -> None:
    page, english = str(spoken["page"]), str(spoken["page_en"])
    assert spoken["page_status"] == 200
    assert '<html lang="xx"' in page
    assert "[xx] Four cards on the flop" in page and "[xx] Rules" in page and "Xxish" in page
    assert "Four-card flop" in english and "[xx]" not in english and "Xxish" in english
    assert "WSOP 2026 Tournament Rule 89" in page  # the books' own words, the same in every language


def test_no_field_of_the_code_or_its_data_belongs_to_one_language() -> None:
    """Words live in the catalog only: no ``*_vi`` name in the package's code, templates or data."""
    import re

    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "src" / "floorman").rglob("*"))
             if path.suffix in (".py", ".toml", ".html", ".js", ".po", ".pot")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if re.search(r"_vi\b", line)]
    assert found == []
