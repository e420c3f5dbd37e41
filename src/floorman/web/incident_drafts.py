"""From a ruling to an incident-log entry, and the ruling object (section 3) as the console stores it.

The stored ruling object is what ``POST /api/rule`` returns for the log up to the floor call, with
the floor's override on the ruling when there was one, its words in every language of the catalog.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from floorman.engine.result import Result
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law.rulings.model import Ruling
from floorman.storage import HandRecord, IncidentDraft

__all__ = ["incident_draft", "loose_incident_draft", "plain_json", "ruling_object"]


def _number(value: Any) -> Any:
    """A ``Decimal`` as ``floorman.formats`` writes it: a JSON number when a float can hold it, else text
    (a number such as ``1E+999999999`` in a log's free metadata is never expanded digit by digit)."""
    if isinstance(value, Decimal):
        if not value.is_finite() or abs(value.adjusted()) > 300:
            return str(value)
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def plain_json(obj: Any) -> Any:
    """The object with chip amounts as plain JSON numbers (the engine keeps cents as ``Decimal``)."""
    return json.loads(json.dumps(obj, default=_number))


def ruling_object(result: Result) -> dict[str, Any]:
    """``floorman.formats.ruling.to_obj`` as plain JSON."""
    return plain_json(ruling_json.to_obj(result))  # type: ignore[no-any-return]


def incident_draft(
    *, record: HandRecord, log_obj: Mapping[str, Any], prefix: Result, decided: Ruling, floor_person: str,
    note: str = "", told: Mapping[str, Any] | None = None,
) -> IncidentDraft:
    """The entry for a ruling on a live hand: ``prefix`` is the engine's answer at the floor call,
    ``decided`` the same ruling with the floor's override applied (if any); ``told`` the record of a hand told
    to the floor (``floorman.web.told_facts``)."""
    obj = ruling_object(prefix)
    obj["rulings"][-1] = ruling_json.ruling_to_obj(decided)
    causes = [f.irregularity.value for f in decided.findings] or [f.irregularity.value for f in prefix.findings]
    override = decided.override
    return IncidentDraft(
        table_name=record.table_name, hand_number=record.hand_number, dealer=record.dealer,
        floor_person=floor_person, rulebook=prefix.rulebook.id, verdict=decided.verdict.value,
        override_verdict=override.verdict.value if override else None,
        override_reason=override.reason if override else None,
        final_verdict=decided.final_verdict.value, rules=list(decided.rules),
        causes=list(dict.fromkeys(causes)), substantial_action=decided.substantial_action, log=dict(log_obj),
        ruling=plain_json(obj), note=note.strip()[:2000], hand_id=record.id, room_id=record.room_id,
        told=plain_json(dict(told)) if told is not None else None,
    )


def loose_incident_draft(result: Result, *, floor_person: str, note: str = "") -> IncidentDraft:
    """The entry for a whole hand log sent to the API: its last ruling is the one recorded."""
    ruling = result.ruling
    override = ruling.override
    meta = result.log.meta
    causes = [f.irregularity.value for f in ruling.findings] or [f.irregularity.value for f in result.findings]
    return IncidentDraft(
        table_name=str(meta.get("table", "")), hand_number=str(meta.get("hand", "")),
        dealer=str(meta.get("dealer", "")), floor_person=floor_person, rulebook=result.rulebook.id,
        verdict=ruling.verdict.value, override_verdict=override.verdict.value if override else None,
        override_reason=override.reason if override else None,
        final_verdict=ruling.final_verdict.value, rules=list(ruling.rules),
        causes=list(dict.fromkeys(causes)), substantial_action=ruling.substantial_action,
        log=plain_json(handlog.to_obj(result.log)), ruling=ruling_object(result), note=note.strip()[:2000],
    )
