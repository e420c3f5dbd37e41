"""The build backend: setuptools, plus mypyc for the core wherever a C compiler is found.

``pip install .`` builds a wheel whose rules engine core is compiled with mypyc when the machine
has a C compiler and Python's headers; without them the wheel is pure Python, with the same
rulings, only slower. ``FLOORMAN_COMPILE=1`` insists on the compiled core (the build fails
without a compiler) and ``FLOORMAN_COMPILE=0`` builds pure Python. An editable install
(``pip install -e .``) is never compiled: the source it points at is the code that runs. CI runs
the engine's tests against both builds.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the PEP 517 interface, unchanged)

_COMPILER = ["mypy>=1.10", "msgspec>=0.18"]
"""What the compiled build needs: mypyc (in mypy), and msgspec, whose types the compiled modules use."""


def has_c_compiler() -> bool:
    """Whether this Python's C compiler and headers are there (what building an extension module needs)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    include = sysconfig.get_paths().get("include", "")
    return bool(cc) and shutil.which(cc[0]) is not None and (Path(include) / "Python.h").is_file()


def _compiled_wheel() -> bool:
    """Whether the wheel about to be built compiles the core, telling setup.py so.

    ``FLOORMAN_COMPILE`` becomes ``1`` (asked for: compile or fail), ``auto`` (a compiler was
    found: compile, or build pure Python if compiling fails) or ``0``.
    """
    asked = os.environ.get("FLOORMAN_COMPILE", "")
    if asked not in ("0", "1", "auto"):
        asked = "auto" if has_c_compiler() else "0"
        os.environ["FLOORMAN_COMPILE"] = asked
    return asked != "0"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    # setup.py declares no setup_requires, so setuptools itself asks for nothing more; it is not
    # asked here when compiling, because that would run setup.py before mypy is installed
    if _compiled_wheel():
        return list(_COMPILER)
    return list(_setuptools.get_requires_for_build_wheel(config_settings))


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None,
) -> str:
    _compiled_wheel()
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ["FLOORMAN_COMPILE"] = "0"
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None,
) -> str:
    os.environ["FLOORMAN_COMPILE"] = "0"
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
