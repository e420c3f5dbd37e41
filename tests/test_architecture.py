"""The shape of the code: the core imports only the standard library and the core; the public API is sorted."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import floorman
from tests.conftest import ROOT

SRC = ROOT / "src" / "floorman"
CORE = [
    "errors.py", "cards.py", "table.py", "events.py", "log.py", "findings.py", "state.py", "cardcheck.py",
    "betting.py", "dealing.py", "streets.py", "fold.py", "hand.py", "rulebooks/__init__.py", "rulebooks/params.py",
    *[f"rulings/{p.name}" for p in (SRC / "rulings").glob("*.py")],
]
CORE_MODULES = {"floorman." + p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in CORE}
CORE_MODULES |= {"floorman", "floorman.rulings", "floorman.rulebooks"}
VALUE_LIBRARIES = {"events.py": {"msgspec"}}
"""Outside the standard library, the core uses only msgspec, and only for its Structs: the events are the types JSON
is decoded into."""
FORBIDDEN_STDLIB = {"random", "time", "datetime", "logging", "socket", "subprocess", "os", "io", "sqlite3"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_imports_only_the_standard_library_and_core_modules() -> None:
    for rel in CORE:
        for name in _imports(SRC / rel):
            top = name.split(".")[0]
            if top == "floorman":
                assert name in CORE_MODULES, f"{rel} imports {name}, which is outside the core"
            elif top not in VALUE_LIBRARIES.get(rel, ()):
                assert top in sys.stdlib_module_names, f"{rel} imports {name}, which is not the standard library"
                assert top not in FORBIDDEN_STDLIB, f"{rel} imports {name}: the core has no I/O, clock or randomness"


def test_nothing_outside_the_web_imports_the_web() -> None:
    for path in SRC.rglob("*.py"):
        if "web" in path.relative_to(SRC).parts:
            continue
        assert not any(n.startswith("floorman.web") for n in _imports(path)) or path.name == "cli.py", path


def test_public_all_is_sorted_and_complete() -> None:
    assert floorman.__all__ == sorted(floorman.__all__)
    for name in floorman.__all__:
        assert hasattr(floorman, name)


def test_modules_stay_small() -> None:
    for path in SRC.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 560, f"{path.relative_to(SRC)} has {lines} lines"


def test_no_utils_module() -> None:
    assert not list(SRC.rglob("utils.py"))
