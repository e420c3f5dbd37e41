"""Numbers in paths and bodies, held to what the database can store: a record id is a positive
SQLite integer, a sequence number a count of events. Anything else is a 422, never an overflow.

A record id in a path has one spelling: ASCII digits without a leading zero, from 1 to
``MAX_RECORD_ID``. ``check_path_ids`` runs before anything else of a request (before the session is
looked up, before any record is read), so ``/api/incidents/1.0``, ``%201``, ``+1``, ``01``, ``²`` or
thirty nines are refused as they are, never read as another id:

>>> canonical_id("17"), canonical_id("1.0"), canonical_id(" 1"), canonical_id("²"), canonical_id("9" * 30)
(17, None, None, None, None)
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Path
from pydantic import Field
from starlette.requests import Request

from floorman.web.problems import InvalidInput

__all__ = ["MAX_RECORD_ID", "MAX_SEQ", "PATH_IDS", "RecordId", "SeqNumber", "canonical_id", "check_path_ids"]

MAX_RECORD_ID = 2**63 - 1
"""The largest SQLite integer (PostgreSQL's bigint alike)."""
MAX_SEQ = 1_000_000
"""Far more events than any hand has."""
PATH_IDS = frozenset({"hand_id", "incident_id", "call_id", "user_id", "drill_id", "number"})
"""The path parameters that name a record (or a question's number): each is checked by ``check_path_ids``."""
_DIGITS = re.compile(r"[1-9][0-9]{0,18}")

RecordId = Annotated[int, Path(ge=1, le=MAX_RECORD_ID, description="The record's id.")]
SeqNumber = Annotated[int, Field(ge=0, le=MAX_SEQ, description="The number of events the caller has seen "
                                                                 "(the next event's index).")]


def canonical_id(raw: str) -> int | None:
    """The id ``raw`` spells in the one accepted way (ASCII digits, no sign, no leading zero, no space, at
    most ``MAX_RECORD_ID``), or None."""
    if _DIGITS.fullmatch(raw) is None:
        return None
    value = int(raw)
    return value if value <= MAX_RECORD_ID else None


async def check_path_ids(request: Request) -> None:
    """Refuse (422, naming the parameter) a request whose path spells a record id any other way."""
    for name, raw in request.path_params.items():
        if name in PATH_IDS and canonical_id(str(raw)) is None:
            raise InvalidInput("error.web.params.record_id", field=name, name=name, high=MAX_RECORD_ID,
                               raw=repr(str(raw)[:40]))
