"""Packaging: the core compiled with mypyc where a C compiler is found, pure Python elsewhere.

The build backend (``build_backend/floorman_build.py``) sets ``FLOORMAN_COMPILE``: ``1`` compiles
the core or fails, ``auto`` compiles it and falls back to pure Python if compiling fails (the
default wherever a C compiler and Python's headers are found), ``0`` builds pure Python. The
compiled modules are the hand fold, the rulings and the decision rows they read, the hand-log
readers and the audit's reading and records (typed with ``mypy --strict``): the same source, run as C
extensions, with the same rulings.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py


def _compiler():  # type: ignore[no-untyped-def]
    """``floorman.locale.mo`` from the source tree (standard library only), without importing the package."""
    spec = importlib.util.spec_from_file_location("_floorman_mo", Path(__file__).parent / "src/floorman/locale/mo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def compile_catalogs(locale: Path) -> list[Path]:
    """Every ``<lang>/LC_MESSAGES/messages.po`` under ``locale`` compiled to ``messages.mo`` beside it."""
    compile_po = _compiler().compile_po
    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_po(po.read_text(encoding="utf-8"), name=str(po)))
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """The usual build, plus every gettext catalog compiled from ``.po`` to ``.mo`` beside it."""

    def run(self) -> None:
        super().run()
        compile_catalogs(Path(self.build_lib, "floorman", "locale"))

CORE = (
    "fold/cards.py", "fold/table.py", "fold/rotation.py", "fold/log.py", "fold/findings.py", "fold/seat.py",
    "fold/state.py", "fold/cardcheck.py", "fold/bets.py", "fold/betting.py", "fold/dealing.py", "fold/streets.py", "fold/steps.py",
    "fold/defects.py", "fold/ruled.py", "fold/aftermath.py", "fold/view.py",
    "engine/hand.py", "engine/result.py",
    "law/rulings/context.py", "law/rulings/decide_board.py", "law/rulings/decide_deal.py", "law/rulings/decide_table.py",
    "law/rulings/decide_next.py", "law/rulings/next_hand.py",
    "law/rulings/decide_handling.py",
    "law/rulings/judge.py", "law/rulings/model.py", "law/rulings/redeal.py", "law/rulings/sa.py",
    "law/rulings/feasible.py",
    "law/rulebooks/decisions.py", "locale/message.py",
    # the hand-log readers of the audit's path. Python stays: fold/events.py and formats/document.py (msgspec
    # Structs, which mypyc does not compile), fold/levels.py (Level, a dataclass msgspec builds when it reads
    # a level_change: compiled, its fields would lose their types), formats/phh.py (a generic dataclass) and formats/fields.py
    # (a surrogate code point in a string literal; the reader's full route)
    "formats/phh_toml.py", "formats/phh_read.py", "formats/_phh_types.py", "formats/_phh_actions.py",
    "formats/_phh_events.py", "formats/_intern.py",
    "formats/checks.py", "formats/build.py", "formats/handlog.py",
    # the audit: reading the files, the record of each hand and its tally (the values that travel between
    # processes, written out, say how they are pickled)
    "formats/_bounded.py", "formats/files.py", "audit/chunking.py", "audit/report.py",
)
"""The modules compiled (paths under src/floorman)."""


class OptionalBuildExt(build_ext):
    """Build the compiled core, or (``FLOORMAN_COMPILE=auto``) leave every module of it pure Python if that fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a compiler that cannot build the core: the package is whole without it
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            print(f"floorman: the core could not be compiled ({exc}); it stays pure Python", file=sys.stderr)


def _compiled(optional: bool) -> dict[str, Any]:
    try:
        from mypyc.build import mypycify

        return {"ext_modules": mypycify([str(Path("src/floorman") / name) for name in CORE], opt_level="3")}
    except (Exception, SystemExit) as exc:  # mypycify exits (SystemExit) when the core does not type-check
        if not optional:
            raise
        print(f"floorman: the core is not compiled ({exc}); it stays pure Python", file=sys.stderr)
        return {}


_ASKED = os.environ.get("FLOORMAN_COMPILE", "0")
if __name__ != "__main__":
    pass  # imported for compile_catalogs (tests/test_messages.py)
elif _ASKED == "1":
    setup(**_compiled(optional=False), cmdclass={"build_py": BuildWithCatalogs})
elif _ASKED == "auto":
    setup(**_compiled(optional=True), cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildWithCatalogs})
else:
    setup(cmdclass={"build_py": BuildWithCatalogs})
