"""The README's code runs, and its Quick start names commands that exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import click
from click.testing import CliRunner

from floorman.cli import main
from tests.conftest import ROOT


def test_readme_library_examples_run() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 5
    assert failures == 0


def test_readme_quick_start_has_exactly_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", quick, flags=re.S)
    assert len(blocks) == 2
    assert "floorman rule examples/" in blocks[0]
    assert "pytest" in blocks[1]


def test_readme_quick_start_example_rules_as_described() -> None:
    result = CliRunner().invoke(main, ["rule", str(ROOT / "examples" / "first-card-wrong-seat.json"), "--no-color"])
    assert result.exit_code == 0
    assert result.output.startswith("MISDEAL")


def test_every_command_in_the_readme_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`floorman ([a-z-]+)", text))
    commands = set(main.list_commands(click.Context(main)))
    assert named <= commands, named - commands
    for name in commands:  # each one is there to run (those of other layers are imported when asked for)
        assert main.get_command(click.Context(main), name) is not None, name


_WITHOUT_EXTRAS = """
import sys
from importlib.abc import MetaPathFinder

class Missing(MetaPathFinder):
    # what a plain `pip install .` lacks: the web, dask and mcp extras
    blocked = ("fastapi", "starlette", "uvicorn", "jinja2", "babel", "multipart", "python_multipart", "dask",
               "distributed", "mcp", "mcp_types")

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Missing())
from floorman.cli import main
main(["rule", sys.argv[1], "--no-color"])
"""


def test_quick_start_rule_works_without_the_web_dask_and_mcp_extras() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_EXTRAS, str(ROOT / "examples" / "first-card-wrong-seat.json")],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("MISDEAL")


def test_readme_shows_how_to_start_the_console(tmp_path: Path) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    console = text.split("## The floor console", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", console, flags=re.S)[0]
    assert 'pip install "floorman[web]"' in block and "http://127.0.0.1:8000/" in block
    add, serve = (re.search(rf"^(floorman {word} .*?)\s*(#|$)", block, flags=re.M) for word in ("users", "serve"))
    assert add is not None and serve is not None
    # the first account, as the README creates it, in a database of this test's own
    args = add.group(1).split()[1:]
    args[args.index("floor.db")] = str(tmp_path / "floor.db")
    result = CliRunner().invoke(main, [*args, "--password-stdin"], input="a long password\n")
    assert result.exit_code == 0, result.output
    assert "added director (director)" in result.output
    listed = CliRunner().invoke(main, ["users", "list", "--db", str(tmp_path / "floor.db")])
    assert "director" in listed.output
    assert serve.group(1).split()[:2] == ["floorman", "serve"] and "--db" in serve.group(1)
    assert CliRunner().invoke(main, ["serve", "--help"]).exit_code == 0
