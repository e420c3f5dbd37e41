"""The incident log as the console reads it: filters from a request, corrections, and the exports."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from floorman.errors import UnknownRulebookError
from floorman.formats.cells import guarded_cell
from floorman.law.rulebooks import find_rulebook
from floorman.service_limits import LIMITS, ServiceLimits, check_search
from floorman.storage import Connection, Incident, IncidentDraft, IncidentQuery, Incidents, RoomScope
from floorman.web.event_words import cause_name
from floorman.web.i18n import Translator
from floorman.web.problems import InvalidInput
from floorman.web.ruling_view import stored_ruling_view
from floorman.web.ruling_words import verdict_name
from floorman.words.rulings import VERDICTS

__all__ = ["CSV_COLUMNS", "FILTER_PARAMETERS", "IncidentWords", "correct_incident", "export_csv", "export_json", "incident_words", "iso_date",
           "query_from_params", "without_limit"]

IncidentWords = Callable[[Incident], Mapping[str, str]]
"""An incident's columns in words: ``rule_numbers``, ``remedy``, ``verdict_words``, ``final_verdict_words``,
``override_verdict_words`` and ``causes_words``, each one line."""
MAX_OFFSET = 10**9
_FLAGS = {"": False, "0": False, "false": False, "off": False, "1": True, "true": True, "on": True}
FILTER_PARAMETERS: list[dict[str, Any]] = [
    {"name": name, "in": "query", "required": False, "description": description, "schema": schema}
    for name, description, schema in (
        ("q", "Words to find in the table, hand, dealer, floor, note, rules or causes.", {"type": "string"}),
        ("table", "One table.", {"type": "string"}),
        ("dealer", "One dealer.", {"type": "string"}),
        ("floor", "One floor person.", {"type": "string"}),
        ("verdict", "The final verdict.", {"type": "string", "enum": ["", *VERDICTS]}),
        ("cause", "One irregularity (a cause id such as four_card_flop).", {"type": "string"}),
        ("since", "The first day (UTC), YYYY-MM-DD.", {"type": "string", "pattern": "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"}),
        ("until", "The last day (UTC), YYYY-MM-DD.", {"type": "string", "pattern": "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$"}),
        ("all", "1 to include entries that a later correction replaced.", {"type": "string", "enum": sorted(_FLAGS)}),
        ("offset", "Skip this many entries (newest first).", {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET}),
    )
]
"""The filters of the search and the exports, as OpenAPI parameters."""
CSV_COLUMNS = ("id", "recorded_at", "table", "hand", "dealer", "floor", "rulebook", "verdict", "verdict_words",
               "override_verdict", "override_verdict_words", "override_reason", "final_verdict", "final_verdict_words",
               "rules", "rule_numbers", "causes", "causes_words", "remedy", "substantial_action", "note", "hand_id",
               "corrects", "corrected_by", "prev_hash", "row_hash")
"""``rule_numbers`` are the rulebook's own numbers of the rules cited; ``remedy`` is what to do, in words; each
code column (a verdict, the causes) has its words in the reader's language beside it (``…_words``)."""


def iso_date(value: str, field: str) -> str:
    """A calendar date as YYYY-MM-DD, or "" for none."""
    value = value.strip()
    if not value:
        return value
    try:
        if len(value) != 10 or not value.replace("-", "").isdigit():
            raise ValueError(value)
        date.fromisoformat(value)
    except ValueError:
        raise InvalidInput("error.web.incident_log.expected_date_such_as", field=field, value=repr(value)) from None
    return value


def _offset(raw: str) -> int:
    raw = raw.strip()
    if raw and not (raw.isdigit() and raw.isascii() and int(raw) <= MAX_OFFSET):
        raise InvalidInput("error.web.incident_log.expected_whole_number_from", field="offset", max_offset=MAX_OFFSET,
                           raw=repr(raw[:40]))
    return int(raw) if raw else 0


def _all(raw: str) -> bool:
    if raw not in _FLAGS:
        raise InvalidInput("error.web.incident_log.expected_true_false_got", field="all", raw=repr(raw))
    return _FLAGS[raw]


def query_from_params(params: Mapping[str, str], *, limit: int = 100, limits: ServiceLimits = LIMITS) -> IncidentQuery:
    """Search and filters from a query string: q, table, dealer, floor, verdict, cause, since, until, all
    (``q`` holds at most ``limits.search_words`` words)."""
    text = params.get("q", "").strip()[:200]
    check_search(text, limits)
    verdict = params.get("verdict", "").strip()
    if verdict and verdict not in VERDICTS:
        raise InvalidInput("error.web.incident_log.expected_misdeal_void_continue", field="verdict",
                           verdict=repr(verdict))
    return IncidentQuery(
        text=text, table_name=params.get("table", "").strip(),
        dealer=params.get("dealer", "").strip(), floor_person=params.get("floor", "").strip(), verdict=verdict,
        cause=params.get("cause", "").strip(), since=iso_date(params.get("since", ""), "since"),
        until=iso_date(params.get("until", ""), "until"), current_only=not _all(params.get("all", "")),
        limit=limit, offset=_offset(params.get("offset", "")),
    )


def correct_incident(conn: Connection, incident_id: int, *, floor_person: str, verdict: str, reason: str,
                     now: str, rooms: RoomScope) -> Incident:
    """A correction: a new entry pointing to the old one, with the verdict the floor settles on and why."""
    if verdict not in VERDICTS:
        raise InvalidInput("error.web.incident_log.expected_misdeal_void_continue", field="verdict",
                           verdict=repr(verdict))
    if not reason.strip():
        raise InvalidInput("error.web.incident_log.say_what_corrected_why", field="reason")
    incidents = Incidents(conn, rooms=rooms)
    old = incidents.get(incident_id)
    overridden = verdict != old.verdict
    draft = IncidentDraft(
        table_name=old.table_name, hand_number=old.hand_number, dealer=old.dealer, floor_person=floor_person,
        rulebook=old.rulebook, verdict=old.verdict, final_verdict=verdict, rules=old.rules, causes=old.causes,
        substantial_action=old.substantial_action, log=old.log, ruling=old.ruling,
        override_verdict=verdict if overridden else None,
        override_reason=reason.strip()[:1000] if overridden else None,
        note=reason.strip()[:2000], hand_id=old.hand_id, corrects=old.id, room_id=old.room_id, told=old.told,
    )
    return incidents.record(draft, now=now)


def incident_words(incident: Incident, t: Translator) -> dict[str, str]:
    """The rulebook's numbers of the rules the ruling cites, the remedy as the steps read, and the verdicts and
    causes in words, in ``t``'s language."""
    try:
        book = find_rulebook(incident.rulebook)
    except UnknownRulebookError:
        book = None
    view = stored_ruling_view(incident.ruling, book, t, incident.causes,
                              final_verdict=incident.final_verdict)
    numbers = "; ".join(dict.fromkeys(f"{r.rule_id}: {r.source}" if r.source else r.rule_id for r in view.rules))
    remedy = " ".join(f"{n}. {step}" for n, step in enumerate(view.steps, start=1))
    override = incident.override_verdict or ""
    return {"rule_numbers": numbers, "remedy": remedy or view.meaning,
            "verdict_words": verdict_name(incident.verdict, t), "final_verdict_words": verdict_name(incident.final_verdict, t),
            "override_verdict_words": verdict_name(override, t) if override else "",
            "causes_words": "; ".join(cause_name(c, t) for c in incident.causes)}


def _row(incident: Incident, words: IncidentWords) -> list[str]:
    obj = incident.to_obj(full=False)
    override = obj.pop("override") or {}
    flat = {**obj, "override_verdict": override.get("verdict", ""), "override_reason": override.get("reason", ""),
            **words(incident)}
    out = []
    for column in CSV_COLUMNS:
        value = flat.get(column)
        if isinstance(value, list):
            value = " ".join(value)
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        out.append(guarded_cell("" if value is None else str(value)))
    return out


def export_csv(incidents: Iterator[Incident], words: IncidentWords) -> Iterator[str]:
    """CSV, one incident a row (cells that a spreadsheet would run as formulas are quoted with ');
    ``words`` gives each incident's rule numbers and remedy in the reader's language."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    yield buffer.getvalue()
    for incident in incidents:
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(_row(incident, words))
        yield buffer.getvalue()


def export_json(incidents: Iterator[Incident], *, chain_head: str, read_at: str = "") -> Iterator[str]:
    """JSON: ``{"incidents": [...], "chain_head": ..., "chain_read_at": ...}`` with each entry's log and ruling."""
    yield '{"floorman": 1, "incidents": ['
    for i, incident in enumerate(incidents):
        yield ("," if i else "") + json.dumps(incident.to_obj(), ensure_ascii=False)
    yield f'], "chain_head": {json.dumps(chain_head)}, "chain_read_at": {json.dumps(read_at)}}}'


def export_name(suffix: str, *, chain_head: str, read_at: str) -> str:
    """The export's file name, which carries the date and the start of the chain's head (the full head is in
    the ``X-Floorman-Chain-Head`` header, and in a JSON export's body).

    >>> export_name("csv", chain_head="9f86d081884c7d659a2feaa0c55ad015", read_at="2026-12-01T15:50:02+00:00")
    'floorman-incidents-2026-12-01-head-9f86d081884c7d65.csv'
    """
    return f"floorman-incidents-{read_at[:10]}-head-{chain_head[:16]}.{suffix}"


def without_limit(query: IncidentQuery) -> IncidentQuery:
    return replace(query, limit=10**9, offset=0)
