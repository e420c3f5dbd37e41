"""The build backend: setuptools, plus mypy when the compiled core is asked for.

``FLOORMAN_COMPILE=1 pip install .`` compiles the rules engine's core modules with mypyc (a C
compiler is needed); without it the package is pure Python. The two builds give the same
rulings: CI runs the engine's tests against both.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the PEP 517 interface, unchanged)

_COMPILER = ["mypy>=1.10", "msgspec>=0.18"]
"""What the compiled build needs: mypyc (in mypy), and msgspec, whose types the compiled modules may use."""


def _wants_compiled() -> bool:
    return os.environ.get("FLOORMAN_COMPILE", "") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    # setup.py declares no setup_requires, so setuptools itself asks for nothing more; it is not
    # asked here when compiling, because that would run setup.py before mypy is installed
    if _wants_compiled():
        return list(_COMPILER)
    return list(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if _wants_compiled():
        return list(_COMPILER)
    return list(_setuptools.get_requires_for_build_editable(config_settings))
