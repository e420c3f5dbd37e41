"""What the console's ruling workers do (``floorman.web.ruling_pool``): a log a client sent, read, held to
the limits of one request (``floorman.service_limits``), ruled on, and the answer written out, all in the
worker. Each job is a plain function of plain values, so it travels to a worker process and back.
"""

from __future__ import annotations

import json
from typing import Any

from floorman.engine.hand import rule
from floorman.formats import handlog
from floorman.law.rulebooks import find_rulebook, rulebooks
from floorman.service_limits import ServiceLimits, check_answer, check_log
from floorman.storage import IncidentDraft
from floorman.web.incident_drafts import loose_incident_draft, ruling_object

__all__ = ["compare_answer", "dumps", "incident_from_log", "rule_answer", "warm_up"]


def dumps(obj: Any) -> bytes:
    """JSON as the console answers it (``JSONResponse``'s own spelling)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8")


def rule_answer(body: bytes, rulebook: str | None, limits: ServiceLimits) -> bytes:
    """``POST /api/rule``: the ruling object of the log ``body`` holds, under ``rulebook`` or the log's own."""
    log = handlog.loads(body)
    check_log(log, limits)
    book = find_rulebook(rulebook or log.rulebook)
    return check_answer(dumps(ruling_object(rule(log, rulebook=book))), limits)


def compare_answer(body: bytes, limits: ServiceLimits) -> bytes:
    """``POST /api/compare``: one ruling object per rulebook."""
    log = handlog.loads(body)
    check_log(log, limits)
    rulings = [ruling_object(rule(log, rulebook=book)) for book in rulebooks().values()]
    return check_answer(dumps({"floorman": 1, "compare": rulings}), limits)


def incident_from_log(log_obj: dict[str, Any], rulebook: str | None, floor_person: str, note: str,
                      limits: ServiceLimits) -> IncidentDraft:
    """``POST /api/incidents``: the entry for the last ruling on a whole log (its log and ruling held to
    ``answer_bytes``, since the incident log keeps them for good)."""
    log = handlog.from_obj(log_obj)
    check_log(log, limits)
    draft = loose_incident_draft(rule(log, rulebook=find_rulebook(rulebook or log.rulebook)),
                                 floor_person=floor_person, note=note)
    check_answer(dumps({"log": draft.log, "ruling": draft.ruling}), limits)
    return draft


_WARM_UP_LOG = b'{"floorman": 1, "game": "holdem", "seats": 2, "button": 1, "level": {}, "players": [], ' \
               b'"events": [{"type": "floor"}]}'


def warm_up() -> None:
    """A worker's first ruling, on a log of one floor call under every book: the rulebooks, the catalogs and the
    engine's tables are loaded before any client's job comes."""
    compare_answer(_WARM_UP_LOG, ServiceLimits())
