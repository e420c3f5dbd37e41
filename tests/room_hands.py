"""A small card room's hands for the audit report's tests: real PHH hands (the compact copy of the sample), some
with an irregularity put in by the drill's injector, dealt by named dealers at named tables over two days, a few
with no dealer or table, and one log that cannot be read."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

from floorman.drill.generate import make_scenarios
from floorman.drill.hands import load_hands
from floorman.formats import handlog
from tests.conftest import ROOT

PHH = ROOT / "tests" / "data" / "phh"

BROKEN = '{"floorman": 1, "game": "holdem", "seats": 6, "button": 9, "level": {"small_blind": 1}}\n'
"""A hand log that cannot be read: its button names a seat the table does not have."""


def room_folder(folder: Path, *, injected: int = 60, seed: int = 3) -> Path:
    """Write the room's hands under ``folder`` and return it: ``injected.jsonl`` (the drill's hands with dealer,
    table, time and level), ``phh/`` (clean real hands, no dealer or table) and ``broken/bad.jsonl``."""
    rng = random.Random(seed)
    hands = load_hands(PHH)
    scenarios = make_scenarios(hands, seed=seed, count=injected)
    lines = []
    for i, scenario in enumerate(scenarios):
        obj: dict[str, Any] = handlog.to_obj(scenario.log)
        if i % 10 != 9:  # one in ten says neither dealer nor table: grouped as unknown
            obj["dealer"] = f"D-{rng.randrange(6) + 1}"
            obj["table"] = f"T-{rng.randrange(4) + 1}"
        day = 4 + i * 2 // len(scenarios)
        obj["time"] = f"2026-12-{day:02d}T{14 + rng.randrange(8):02d}:{rng.randrange(60):02d}:00"
        obj["level"] = {**obj["level"], "number": 1 + i % 5}
        obj["hand"] = f"H-{i:03d}"
        lines.append(handlog.dumps(handlog.from_obj(obj)))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "injected.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copytree(PHH / "pluribus", folder / "phh")
    (folder / "broken").mkdir()
    (folder / "broken" / "bad.jsonl").write_text(BROKEN, encoding="utf-8")
    return folder
