"""``benchmarks/load.py`` end to end, briefly: it starts a console, drives the mix on loopback, stops by
itself, reports, and finds no error. (The figures in ``benchmarks/LOAD.md`` come from the full run.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SECONDS = 3
RATE = 40


def test_the_load_benchmark_runs_briefly_without_an_error(tmp_path: Path) -> None:
    figures_file = tmp_path / "load.json"
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), "--duration", str(SECONDS), "--rate", str(RATE),
         "--warmup", "0.5", "--incidents", "20", "--clients", "8", "--goal-p99-ms", "5000",
         "--json", str(figures_file)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    figures = json.loads(figures_file.read_text(encoding="utf-8"))
    assert figures["errors"] == 0 and figures["requests"] == SECONDS * RATE
    assert set(figures["kinds"]) == {"POST /api/rule", "GET /", "GET /rules", "GET /rules/FLOP-4CARD",
                                     "GET /incidents", "GET /hands/{hand}", "GET /stats"}
    assert figures["kinds"]["POST /api/rule"]["requests"] == SECONDS * RATE // 2
    assert "throughput" in run.stdout and "p99" in run.stdout


def test_the_load_benchmark_refuses_a_console_off_this_machine() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), "--url", "http://192.0.2.7:8000", "--user", "x",
         "--password-stdin", "--duration", "1"],
        input="not used\n", capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode != 0 and "only a console on this machine" in run.stderr
