"""Numbers in paths and bodies, held to what the database can store: a record id is a positive
SQLite integer, a sequence number a count of events. Anything else is a 422, never an overflow."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import Field

__all__ = ["MAX_RECORD_ID", "MAX_SEQ", "RecordId", "SeqNumber"]

MAX_RECORD_ID = 2**63 - 1
"""The largest SQLite integer."""
MAX_SEQ = 1_000_000
"""Far more events than any hand has."""

RecordId = Annotated[int, Path(ge=1, le=MAX_RECORD_ID, description="The record's id.")]
SeqNumber = Annotated[int, Field(ge=0, le=MAX_SEQ, description="The number of events the caller has seen "
                                                                 "(the next event's index).")]
