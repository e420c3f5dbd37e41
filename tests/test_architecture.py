"""The shape of the code: the core imports only the standard library and the core; the public API is sorted."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import floorman
from tests.conftest import ROOT

SRC = ROOT / "src" / "floorman"


def _module_of(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_of(p): p for p in SRC.rglob("*.py")}

# -- the layers are folders ----------------------------------------------------------------------------------------

LAYERS = (
    ("errors", "locale"),
    ("fold",),
    ("law",),
    ("engine",),
    ("formats",),
    ("words", "service_limits", ""),
    ("storage", "drill"),
    ("audit", "mcp"),
    ("web",),
    ("cli",),
)
"""floorman's layers from the bottom up, each a folder (or a module) of ``src/floorman``: the one error root and the
catalog shared by all; the fold of facts; the law (rulebooks and rulings); the engine that runs a hand through both;
the formats that read and write its values; the words the edges share (and the public API, ``""``: the package's
``__init__``); then the edges: the store and the drill, the audit and the MCP server, the web console, the command
line. A module imports its own layer or a lower one."""
LAYER = {name: n for n, names in enumerate(LAYERS) for name in names}
TOP_LEVEL = {"__init__.py", "errors.py", "service_limits.py", "py.typed", "spec"}
"""All that stands at the top of ``src/floorman`` besides the layers' folders: the public API, the error root, the
services' limits, the typing marker and the hand-log contract the package ships (``spec/hand-log.md``)."""
CORE = ("errors", "locale", "fold", "law", "engine")
"""The pure core: standard library only, no I/O, clock or randomness."""
ALLOWED_UP: dict[str, set[str]] = {}
"""The arrows that point up: none. The fold is facts alone (``test_the_fold_reaches_no_law_and_no_engine``); every
command of the command line, the store's, the drill's and the console's too, stands in ``cli/``; the catalog says a game
or a level it is given and imports nothing of the table."""
VALUE_LIBRARIES = {"floorman.fold.events": {"msgspec"}}
"""Outside the standard library, the core uses only msgspec, and only for its Structs: the events are the types JSON
is decoded into."""
FORBIDDEN_STDLIB = {"random", "time", "datetime", "logging", "socket", "subprocess", "os", "io", "sqlite3"}


def _layer_of(module: str) -> str:
    """The folder (or top-level module) a module belongs to: ``""`` for the package itself."""
    return module.split(".")[1] if "." in module else ""


CORE_MODULES = {m for m in MODULES if _layer_of(m) in CORE}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_top_level_holds_only_the_layers_folders() -> None:
    """A newcomer who lists ``src/floorman`` sees the layers: packages, and the few modules every layer shares."""
    for path in sorted(SRC.iterdir()):
        if path.name in TOP_LEVEL or path.name == "__pycache__":
            continue
        assert path.is_dir() and (path / "__init__.py").is_file(), f"{path.name} stands at the top of src/floorman"
        assert path.name in LAYER, f"{path.name} is a folder of no layer (LAYERS)"
    assert set(LAYER) - {""} <= {p.name.removesuffix(".py") for p in SRC.iterdir()}


def test_no_module_is_hidden_by_a_name_of_its_package() -> None:
    """``floorman.a.b`` is the module ``b`` however it is reached (``import floorman.a.b as m``, a patch of
    ``"floorman.a.b.X"``): no package's ``__init__`` binds a name of its own modules to something else."""
    import importlib

    for module in sorted(m for m in MODULES if "." in m):
        package, _, name = module.rpartition(".")
        imported = importlib.import_module(module)
        assert getattr(importlib.import_module(package), name, None) is imported, module


def test_a_module_imports_only_its_own_layer_or_lower_ones() -> None:
    for module in sorted(MODULES):
        layer = _layer_of(module)
        for name in sorted(_edges(module, type_checking=True)):
            if name not in ALLOWED_UP.get(layer, ()):
                assert LAYER[_layer_of(name)] <= LAYER[layer], f"{module} ({layer}) imports {name}, a higher layer"


def test_the_layer_check_can_fail() -> None:
    assert LAYER["fold"] < LAYER["law"] < LAYER["engine"] < LAYER["formats"] < LAYER["words"] < LAYER["web"]
    assert LAYER[_layer_of("floorman.web.app")] > LAYER[_layer_of("floorman.fold.cards")]


def test_core_imports_only_the_standard_library_and_core_modules() -> None:
    for module in sorted(CORE_MODULES):
        for name in _imports(MODULES[module]):
            top = name.split(".")[0]
            if top == "floorman":
                assert name in CORE_MODULES, f"{module} imports {name}, which is outside the core"
            elif top not in VALUE_LIBRARIES.get(module, ()):
                assert top in sys.stdlib_module_names, f"{module} imports {name}, which is not the standard library"
                assert top not in FORBIDDEN_STDLIB, f"{module} imports {name}: the core has no I/O, clock or randomness"


def test_nothing_outside_the_web_imports_the_web_but_the_command_line() -> None:
    for module, path in sorted(MODULES.items()):
        if _layer_of(module) not in {"web", "cli"}:
            assert not any(n.startswith("floorman.web") for n in _imports(path)), module


def test_no_module_imports_a_private_name_of_another() -> None:
    """No ``_name`` is imported from another module, and a private module (``_x.py``) is imported only from inside
    its own package: what a module keeps to itself stays there."""
    for module, path in sorted(MODULES.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("floorman"):
                named = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                named = [a.name for a in node.names if a.name.startswith("floorman")]
            else:
                continue
            for name in named:
                base, _, last = name.rpartition(".")
                if name in MODULES:
                    private = [p for p in name.split(".") if p.startswith("_") and not p.startswith("__")]
                    assert not private or _package_of(module) == name.rpartition(".")[0], (
                        f"{module} imports the private module {name}")
                else:
                    assert not (last.startswith("_") and not last.startswith("__")), f"{module} imports {last} from {base}"


THE_FOLDS_OWN = {"floorman.fold.state", "floorman.fold.betting", "floorman.law.rulings.sa", "floorman.law.rulings.redeal"}
"""The fold's working state and its betting round, and the law's count of substantial action and its re-deal header:
imported by the fold, the law and the engine alone. Every other reader takes the frozen view (``HandView``) and the
engine's ``Hand`` (the seat next to act, the count under the book, the re-play's header)."""
INSIDE = {"fold", "law", "engine"}


def test_only_the_fold_the_law_and_the_engine_import_the_working_state() -> None:
    for module in sorted(MODULES):
        if _layer_of(module) not in INSIDE:
            reached = _edges(module, type_checking=True) & THE_FOLDS_OWN
            assert not reached, f"{module} imports {', '.join(sorted(reached))}"


def test_the_working_state_check_can_fail() -> None:
    assert _edges("floorman.engine.hand", type_checking=True) & THE_FOLDS_OWN


def _all_of(path: Path) -> list[str]:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return list(ast.literal_eval(node.value))
    return []


def test_the_working_state_is_named_by_no_public_all_and_by_no_reader() -> None:
    """``HandState`` is exported by its own module to the fold, the law and the engine, and by no other ``__all__``;
    no module outside them names it (in code, a type or a docstring)."""
    assert "HandState" in _all_of(MODULES["floorman.fold.state"])
    for module, path in sorted(MODULES.items()):
        if module != "floorman.fold.state":
            assert "HandState" not in _all_of(path), module
        if _layer_of(module) not in INSIDE:
            assert not re.search(r"\bHandState\b", path.read_text(encoding="utf-8")), module


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

def _package_of(module: str) -> str:
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: names for the type checker, no import when the code runs."""
    return {id(inner) for node in ast.walk(tree)
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            for stmt in node.body for inner in ast.walk(stmt)}


def _edges(module: str, *, type_checking: bool = False) -> set[str]:
    """The floorman modules a module imports when it runs, wherever the import stands (a function's body too; an
    import for the type checker alone only with ``type_checking``): ``from a import b`` counts as importing ``a.b``
    when that is a module, else ``a``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    type_only = set() if type_checking else _type_only(tree)
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


def _reach_typed(start: str) -> set[str]:
    """What ``start`` reaches by its imports, those for the type checker alone included."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        for nxt in _edges(stack.pop(), type_checking=True):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def test_the_fold_reaches_no_law_and_no_engine() -> None:
    """The fold is pure facts: no module of ``floorman.fold`` imports, or imports what imports (for the type checker
    too), a rulebook, a decision row, a decider or the engine. Which rules a finding rests on is the law's
    (``law.rulebooks.decisions.finding_rules``); what a ruling does to the hand comes back to the fold as a fact."""
    fold = sorted(m for m in MODULES if _layer_of(m) == "fold")
    assert len(fold) > 10
    for module in fold:
        above = sorted(m for m in _reach_typed(module) if _layer_of(m) in {"law", "engine"})
        assert not above, f"{module} reaches {', '.join(above)}"


def test_the_fold_check_can_fail() -> None:
    assert {m for m in _reach_typed("floorman.engine.hand") if _layer_of(m) == "law"}
    assert "floorman.law.rulebooks.decisions" in _reach_typed("floorman.formats.ruling")


def test_no_module_imports_itself_through_others() -> None:
    """No import cycle anywhere in the package (a cycle is a module reaching itself)."""
    cycles = sorted(m for m in MODULES if m in _reach(m))
    assert not cycles, f"modules in an import cycle: {', '.join(cycles)}"


VALUE_TYPES = {
    "fold": {"cards", "table", "levels", "rotation", "events", "log", "findings", "bets"},
    "law": {"rulebooks", "rulebooks.params", "rulebooks.decisions", "rulings.model"},
    "engine": {"result"},
}
"""What formats may reach of the fold, the law and the engine: the values a hand log and a ruling are made of (and
the rulebooks, looked up by name, with their decision rows; and the fold's bet arithmetic, ``fold.bets``, pure
functions of chip amounts by which the PHH reader and writer work out a hand's bets as the fold does), never a step
of the fold, a decider or the engine's hand."""
VALUES = {f"floorman.{layer}.{name}" for layer, names in VALUE_TYPES.items() for name in names}
FORMATS = {m for m in MODULES if _layer_of(m) == "formats"}


def test_formats_reach_only_values_of_the_core() -> None:
    """formats/ reaches (imports, or imports what imports) other formats, the core's value types, the errors and the
    catalog: never a step of the fold, a decider, the engine's hand, the words or an edge."""
    for module in sorted(FORMATS):
        beyond = {m for m in _reach(module) if _layer_of(m) not in {"formats", "errors", "locale"}} - VALUES
        assert not beyond, f"{module} reaches {', '.join(sorted(beyond))}"


def test_a_result_is_a_value_of_its_own_module_that_the_ruling_writer_takes() -> None:
    """``Result`` lives in ``floorman.engine.result`` (not beside the fold in ``hand``), and the ruling object is
    written from it: formats need no copy of its shape."""
    from floorman.engine import hand, result
    from floorman.formats import ruling

    assert result.Result.__module__ == "floorman.engine.result" and "Result" not in hand.__all__
    assert "floorman.engine.result" in GRAPH["floorman.formats.ruling"]
    assert ruling.to_obj.__annotations__["result"] == "Result"


def test_one_registry_of_games() -> None:
    """Each game's PHH codes and usual structure are the registry's (``table.GAMES``), wherever they are read."""
    from floorman.fold.table import GAMES, PHH_VARIANTS
    from floorman.formats import phh, phh_write

    assert {code: (g.value, s.value) for code, (g, s) in PHH_VARIANTS.items()} == phh.VARIANTS
    assert {
        spec.game.value: spec.default_structure.value for spec in GAMES.values() if spec.phh_codes} == phh_write.USUAL_STRUCTURE
    for module in sorted(FORMATS | {m for m in MODULES if m.startswith("floorman.drill")}):
        text = MODULES[module].read_text(encoding="utf-8")
        assert '"F7S": (' not in text and '"stud8", "razz"' not in text and "(0, 3, 4)" not in text, module



def test_games_are_named_by_the_catalog_from_the_registry() -> None:
    """No reader, writer, drill or console module keeps its own table of game names: a game's words are the
    catalog's ``game.*`` for each game of ``table.GAMES`` (``locale.game_text``), in both languages."""
    from floorman.fold.table import GAMES, Structure
    from floorman.locale import game_text

    for module in sorted(m for m in MODULES if m.split(".")[1:2] and m.split(".")[1] in {"formats", "drill", "web"}):
        text = MODULES[module].read_text(encoding="utf-8")
        assert '"holdem": ' not in text and "\"short-deck\": " not in text and '("stud", "stud8"' not in text, module
    for game in GAMES:
        assert game_text(game) and game_text(game, lang="vi"), game
        assert game_text(game, Structure.LIMIT) != game_text(game), game


# -- one model of the table's rotation -----------------------------------------------------------------------------

ROTATION = {"floorman.fold.table", "floorman.fold.rotation"}
"""The table's room: the deal order (``table.deal_order``) and the rotation across hands (``floorman.fold.rotation``)."""
RING_HELPERS = {"clockwise_from", "clockwise_after", "heads_up_small_blind"}
"""The seat-walking helpers the rotation is built of: nothing outside the table's room walks the seats with them."""
RING_ARITHMETIC = re.compile(r"button\s*[+%]\s*|\+\s*1\b.*%\s*(?:self\.)?(?:log\.)?seats|%\s*(?:self\.)?(?:log\.)?seats\)\s*\+\s*1")
"""A button, a blind or a deal ring worked out by hand: the seat after the button, a seat number wrapped round the
table (``(seat % seats) + 1``)."""
ACTION_ORDER = {"floorman.fold.betting"}
"""Who acts next walks the seats too (the seat before the first to act in stud): the order of action, not of the
deal, the blinds or the button."""


def test_no_module_outside_the_table_computes_a_button_a_blind_due_or_a_deal_ring() -> None:
    """The next hand's button, the blinds due, who is in a re-deal and the deal order are the rotation model's
    (``floorman.fold.rotation``, over ``table.deal_order``): the fold, the rulings, the console, the drill and the PHH
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
