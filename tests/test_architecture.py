"""The shape of the code: the core imports only the standard library and the core; the public API is sorted."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import floorman
from tests.conftest import ROOT

SRC = ROOT / "src" / "floorman"
CORE = [
    "errors.py", "cards.py", "levels.py", "table.py", "rotation.py", "events.py", "log.py", "findings.py", "seat.py", "state.py", "cardcheck.py",
    "betting.py", "dealing.py", "streets.py", "fold.py", "hand.py", "result.py", "rulebooks/__init__.py", "rulebooks/params.py",
    "rulebooks/decisions.py", "locale/__init__.py", "locale/message.py", "locale/mo.py", "locale/words.py",
    *[f"rulings/{p.name}" for p in (SRC / "rulings").glob("*.py")],
]
CORE_MODULES = {"floorman." + p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in CORE}
CORE_MODULES |= {"floorman", "floorman.rulings", "floorman.rulebooks", "floorman.locale"}
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


# -- the arrows between floorman's own modules ---------------------------------------------------------------------

def _module_of(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_of(p): p for p in SRC.rglob("*.py")}


def _package_of(module: str) -> str:
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: names for the type checker, no import when the code runs."""
    return {id(inner) for node in ast.walk(tree)
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            for stmt in node.body for inner in ast.walk(stmt)}


def _edges(module: str) -> set[str]:
    """The floorman modules a module imports when it runs, wherever the import stands (a function's body too, not
    an import for the type checker alone): ``from a import b`` counts as importing ``a.b`` when that is a module, else
    ``a``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    type_only = _type_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(module)
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}".rstrip(".")
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: _edges(module) for module in MODULES}


def _reach(start: str) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        for nxt in GRAPH[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def test_no_module_imports_itself_through_others() -> None:
    """No import cycle anywhere in the package (a cycle is a module reaching itself)."""
    cycles = sorted(m for m in MODULES if m in _reach(m))
    assert not cycles, f"modules in an import cycle: {', '.join(cycles)}"


FOLD = {"floorman.hand", "floorman.fold", "floorman.betting", "floorman.dealing", "floorman.streets",
        "floorman.seat", "floorman.state", "floorman.cardcheck"}
"""The modules that follow a hand."""
DECIDING = {m for m in MODULES if m.startswith("floorman.rulings.")} - {"floorman.rulings.model"}
"""The modules that decide a ruling (``rulings.model`` holds its value types only)."""
VALUE_TYPES = {"floorman.errors", "floorman.cards", "floorman.table", "floorman.rotation", "floorman.events", "floorman.log",
               "floorman.findings", "floorman.rulings.model", "floorman.result", "floorman.rulebooks",
               "floorman.rulebooks.params", "floorman.locale"}
"""What formats may use of the rest of floorman: the value types (and the rulebooks, looked up by name; the message
ids an error carries)."""
FORMATS = {m for m in MODULES if m.startswith("floorman.formats.")} | {"floorman.formats"}
ABOVE_FORMATS = {m for m in MODULES if m.split(".")[1:2] and m.split(".")[1] in {"cli", "cli_batch", "cli_errors", "cli_mcp", "web", "audit",
                                                           "audit_chunks", "audit_dask", "audit_report", "storage",
                                                           "drill", "mcp_server"}}


def test_formats_only_read_and_write_values() -> None:
    """formats/ imports value types and other formats, never the fold, a deciding module or anything above it."""
    for module in sorted(FORMATS):
        outside = GRAPH[module] - FORMATS - VALUE_TYPES
        assert not outside, f"{module} imports {', '.join(sorted(outside))}"


def test_a_result_is_a_value_of_its_own_module_that_the_ruling_writer_takes() -> None:
    """``Result`` lives in ``floorman.result`` (not beside the fold in ``hand``), and the ruling object is written from
    it: formats need no copy of its shape."""
    from floorman import hand, result
    from floorman.formats import ruling

    assert result.Result.__module__ == "floorman.result" and "Result" not in hand.__all__
    assert "floorman.result" in GRAPH["floorman.formats.ruling"]
    assert ruling.to_obj.__annotations__["result"] == "Result"


def test_what_formats_reach_holds_no_fold_and_no_decision() -> None:
    for module in sorted(FORMATS):
        reached = _reach(module) & (FOLD | DECIDING | ABOVE_FORMATS)
        assert not reached, f"{module} reaches {', '.join(sorted(reached))}"


def test_arrows_point_down_from_the_edges_to_the_core() -> None:
    """The core never imports formats or anything above; formats never import the edges (CLI, web, audit, storage,
    drill)."""
    for module in sorted(CORE_MODULES & MODULES.keys() - {"floorman"}):
        assert not GRAPH[module] & (FORMATS | ABOVE_FORMATS), module
    for module in sorted(FORMATS):
        assert not GRAPH[module] & ABOVE_FORMATS, module


def test_one_registry_of_games() -> None:
    """Each game's PHH codes and usual structure are the registry's (``table.GAMES``), wherever they are read."""
    from floorman.formats import phh, phh_write
    from floorman.table import GAMES, PHH_VARIANTS

    assert {code: (g.value, s.value) for code, (g, s) in PHH_VARIANTS.items()} == phh.VARIANTS
    assert {
        spec.game.value: spec.default_structure.value for spec in GAMES.values() if spec.phh_codes} == phh_write.USUAL_STRUCTURE
    for module in sorted(FORMATS | {m for m in MODULES if m.startswith("floorman.drill")}):
        text = MODULES[module].read_text(encoding="utf-8")
        assert '"F7S": (' not in text and '"stud8", "razz"' not in text and "(0, 3, 4)" not in text, module



def test_games_are_named_by_the_catalog_from_the_registry() -> None:
    """No reader, writer, drill or console module keeps its own table of game names: a game's words are the
    catalog's ``game.*`` for each game of ``table.GAMES`` (``locale.game_text``), in both languages."""
    from floorman.locale import game_text
    from floorman.table import GAMES, Structure

    for module in sorted(m for m in MODULES if m.split(".")[1:2] and m.split(".")[1] in {"formats", "drill", "web"}):
        text = MODULES[module].read_text(encoding="utf-8")
        assert '"holdem": ' not in text and "\"short-deck\": " not in text and '("stud", "stud8"' not in text, module
    for game in GAMES:
        assert game_text(game) and game_text(game, lang="vi"), game
        assert game_text(game, Structure.LIMIT) != game_text(game), game


# -- one model of the table's rotation -----------------------------------------------------------------------------

ROTATION = {"floorman.table", "floorman.rotation"}
"""The table's room: the deal order (``table.deal_order``) and the rotation across hands (``floorman.rotation``)."""
RING_HELPERS = {"clockwise_from", "clockwise_after", "heads_up_small_blind"}
"""The seat-walking helpers the rotation is built of: nothing outside the table's room walks the seats with them."""
RING_ARITHMETIC = re.compile(r"button\s*[+%]\s*|\+\s*1\b.*%\s*(?:self\.)?(?:log\.)?seats|%\s*(?:self\.)?(?:log\.)?seats\)\s*\+\s*1")
"""A button, a blind or a deal ring worked out by hand: the seat after the button, a seat number wrapped round the
table (``(seat % seats) + 1``)."""
ACTION_ORDER = {"floorman.betting"}
"""Who acts next walks the seats too (the seat before the first to act in stud): the order of action, not of the
deal, the blinds or the button."""


def test_no_module_outside_the_table_computes_a_button_a_blind_due_or_a_deal_ring() -> None:
    """The next hand's button, the blinds due, who is in a re-deal and the deal order are the rotation model's
    (``floorman.rotation``, over ``table.deal_order``): the fold, the rulings, the console, the drill and the PHH
    reader and writer ask it, and none of them walks the seats with the table's helpers or by arithmetic."""
    for module, path in sorted(MODULES.items()):
        if module in ROTATION:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        used |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        used |= {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}
        assert not used & RING_HELPERS, f"{module} walks the seats with {sorted(used & RING_HELPERS)}"
        if module in ACTION_ORDER:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not RING_ARITHMETIC.search(line), f"{module}:{n} works out a seat of the rotation: {line.strip()}"


def test_the_ring_arithmetic_check_can_fail() -> None:
    for line in ("first = 1 if button is None else button + 1", "nxt = (seat % seats) + 1",
                 "s = (button % self.seats) + 1", "start = (last + 1) % log.seats"):
        assert RING_ARITHMETIC.search(line), line
    assert not RING_ARITHMETIC.search("for seat in range(1, seats + 1):")
