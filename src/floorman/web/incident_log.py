"""The incident log as the console reads it: filters from a request, corrections, and the exports."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import replace

from floorman.storage import Incident, IncidentDraft, IncidentQuery, Incidents
from floorman.web.problems import InvalidInput

__all__ = ["CSV_COLUMNS", "correct_incident", "export_csv", "export_json", "iso_date", "query_from_params", "without_limit"]

_VERDICTS = ("misdeal", "void", "continue")
CSV_COLUMNS = ("id", "recorded_at", "table", "hand", "dealer", "floor", "rulebook", "verdict", "override_verdict",
               "override_reason", "final_verdict", "rules", "causes", "substantial_action", "note", "hand_id",
               "corrects", "corrected_by", "prev_hash", "row_hash")


def iso_date(value: str, field: str) -> str:
    value = value.strip()
    if value and (len(value) != 10 or value[4] != "-" or value[7] != "-" or not value.replace("-", "").isdigit()):
        raise InvalidInput(f"expected a date such as 2026-06-01, got {value!r}", field=field)
    return value


def query_from_params(params: Mapping[str, str], *, limit: int = 100) -> IncidentQuery:
    """Search and filters from a query string: q, table, dealer, floor, verdict, cause, since, until, all."""
    verdict = params.get("verdict", "").strip()
    if verdict and verdict not in _VERDICTS:
        raise InvalidInput(f"expected misdeal, void or continue, got {verdict!r}", field="verdict")
    offset = params.get("offset", "0")
    return IncidentQuery(
        text=params.get("q", "").strip()[:200], table_name=params.get("table", "").strip(),
        dealer=params.get("dealer", "").strip(), floor_person=params.get("floor", "").strip(), verdict=verdict,
        cause=params.get("cause", "").strip(), since=iso_date(params.get("since", ""), "since"),
        until=iso_date(params.get("until", ""), "until"), current_only=params.get("all", "") not in ("1", "on", "true"),
        limit=limit, offset=int(offset) if offset.isdigit() else 0,
    )


def correct_incident(conn: sqlite3.Connection, incident_id: int, *, floor_person: str, verdict: str, reason: str,
                     now: str) -> Incident:
    """A correction: a new entry pointing to the old one, with the verdict the floor settles on and why."""
    if verdict not in _VERDICTS:
        raise InvalidInput(f"expected misdeal, void or continue, got {verdict!r}", field="verdict")
    if not reason.strip():
        raise InvalidInput("say what is corrected and why", field="reason")
    incidents = Incidents(conn)
    old = incidents.get(incident_id)
    overridden = verdict != old.verdict
    draft = IncidentDraft(
        table_name=old.table_name, hand_number=old.hand_number, dealer=old.dealer, floor_person=floor_person,
        rulebook=old.rulebook, verdict=old.verdict, final_verdict=verdict, rules=old.rules, causes=old.causes,
        substantial_action=old.substantial_action, log=old.log, ruling=old.ruling,
        override_verdict=verdict if overridden else None,
        override_reason=reason.strip()[:1000] if overridden else None,
        note=reason.strip()[:2000], hand_id=old.hand_id, corrects=old.id,
    )
    return incidents.record(draft, now=now)


def _row(incident: Incident) -> list[str]:
    obj = incident.to_obj(full=False)
    override = obj.pop("override") or {}
    flat = {**obj, "override_verdict": override.get("verdict", ""), "override_reason": override.get("reason", "")}
    out = []
    for column in CSV_COLUMNS:
        value = flat.get(column)
        if isinstance(value, list):
            value = " ".join(value)
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        text = "" if value is None else str(value)
        if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
            text = "'" + text
        out.append(text)
    return out


def export_csv(incidents: Iterator[Incident]) -> Iterator[str]:
    """CSV, one incident a row (cells that a spreadsheet would run as formulas are quoted with ')."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    yield buffer.getvalue()
    for incident in incidents:
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(_row(incident))
        yield buffer.getvalue()


def export_json(incidents: Iterator[Incident], *, chain_head: str) -> Iterator[str]:
    """JSON: ``{"incidents": [...], "chain_head": ...}`` with each entry's log and ruling."""
    yield '{"floorman": 1, "incidents": ['
    for i, incident in enumerate(incidents):
        yield ("," if i else "") + json.dumps(incident.to_obj(), ensure_ascii=False)
    yield f'], "chain_head": {json.dumps(chain_head)}}}'


def without_limit(query: IncidentQuery) -> IncidentQuery:
    return replace(query, limit=10**9, offset=0)
