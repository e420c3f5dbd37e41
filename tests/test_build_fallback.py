"""The default build compiles the core where it can and falls back to pure Python where it cannot."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest

from tests.conftest import ROOT


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("floorman_setup_fallback", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refusing(*args: object, **kwargs: object) -> None:
    raise SystemExit("error: the core does not type-check")  # what mypycify does on a type error


def test_a_core_that_cannot_be_compiled_leaves_the_default_build_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    mypyc_build = pytest.importorskip("mypyc.build")
    monkeypatch.setattr(mypyc_build, "mypycify", _refusing)
    assert _setup_module()._compiled(optional=True) == {}


def test_a_build_asked_to_compile_fails_when_the_core_cannot_be_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    mypyc_build = pytest.importorskip("mypyc.build")
    monkeypatch.setattr(mypyc_build, "mypycify", _refusing)
    with pytest.raises(SystemExit):
        _setup_module()._compiled(optional=False)
