"""Packaging: pure Python, and the core compiled with mypyc on ``FLOORMAN_COMPILE=1``.

The compiled modules are the hand fold, the rulings and the hand-log readers (typed with
``mypy --strict``): the same source, run as C extensions.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

CORE = (
    "cards.py", "table.py", "log.py", "findings.py", "state.py", "cardcheck.py",
    "betting.py", "dealing.py", "streets.py", "fold.py", "hand.py",
    "rulings/context.py", "rulings/decide_board.py", "rulings/decide_deal.py", "rulings/decide_table.py",
    "rulings/judge.py", "rulings/model.py", "rulings/redeal.py", "rulings/sa.py", "rulings/words.py",
    # the hand-log readers of the audit's path. Python stays: events.py and formats/document.py (msgspec
    # Structs, which mypyc does not compile), formats/phh.py (a generic dataclass) and formats/fields.py
    # (a surrogate code point in a string literal; the reader's full route)
    "formats/phh_toml.py", "formats/_phh_actions.py", "formats/_phh_events.py", "formats/_intern.py",
    "formats/checks.py", "formats/build.py", "formats/handlog.py",
)
"""The modules compiled by ``FLOORMAN_COMPILE=1`` (paths under src/floorman)."""

if os.environ.get("FLOORMAN_COMPILE", "") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify([str(Path("src/floorman") / name) for name in CORE], opt_level="3"))
else:
    setup()
