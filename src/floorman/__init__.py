"""floorman: rulings on live-poker dealing irregularities, the way the WSOP floor makes them.

>>> import floorman
>>> result = floorman.rule(floorman.load("examples/four-card-flop.json"))
>>> result.ruling.verdict.value, result.ruling.rules[0]
('continue', 'FLOP-4CARD')
"""

from __future__ import annotations

from floorman.engine.hand import Hand, replay, rule
from floorman.engine.result import Result
from floorman.errors import (
    FloormanError,
    HouseRulesError,
    LogError,
    LogFieldError,
    LogSyntaxError,
    UnknownRulebookError,
    UnknownRuleError,
    UnsupportedVariantError,
)
from floorman.fold.events import Event
from floorman.fold.findings import Finding, Irregularity
from floorman.fold.log import HandLog
from floorman.fold.view import HandView
from floorman.formats.handlog import load, loads
from floorman.law.rulebooks import Rulebook, find_rule, find_rulebook
from floorman.law.rulings.model import Remedy, Ruling, Verdict

__all__ = [
    "Event",
    "Finding",
    "FloormanError",
    "Hand",
    "HandLog",
    "HandView",
    "HouseRulesError",
    "Irregularity",
    "LogError",
    "LogFieldError",
    "LogSyntaxError",
    "Remedy",
    "Result",
    "Rulebook",
    "Ruling",
    "UnknownRuleError",
    "UnknownRulebookError",
    "UnsupportedVariantError",
    "Verdict",
    "find_rule",
    "find_rulebook",
    "load",
    "loads",
    "replay",
    "rule",
]

__version__ = "0.1.0"
