"""``floorman mcp`` on standard input and output: every line read as ``POST /api/rule`` reads a body.

Each line is read with the hand-log reader (``floorman.formats.fields``: strict UTF-8, no field given twice, no
half surrogate pair, no ``NaN``), then checked as a JSON-RPC 2.0 message, before the MCP SDK sees it. A line
that is not JSON is answered with a parse error (-32700); one that is JSON but not a request, a notification
or a response with an invalid-request error (-32600) carrying its id when it has a usable one, else ``null``.
So no line goes unanswered and no request with an id waits for an answer that never comes. Blank lines are
passed over.

>>> answer = refusal(b'{"jsonrpc": "2.0", "id": 7, "id": 8, "method": "tools/list"}')
>>> answer["id"], answer["error"]["code"], answer["error"]["message"]
(None, -32600, "field 'id': is given twice in the same object (give each field once)")
>>> refusal(b'{"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": []}')["error"]["code"]
-32600
>>> refusal(b'not json')["error"]["code"], refusal(b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}') is None
(-32700, True)
"""

from __future__ import annotations

import io
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

import mcp_types
from pydantic import ValidationError

from floorman.errors import FloormanError, LogFieldError, LogSyntaxError, MessageError, shown
from floorman.formats.fields import check_values, parse, refuse_twice

__all__ = ["INVALID_REQUEST", "PARSE_ERROR", "answered_lines", "refusal"]

PARSE_ERROR = -32700
"""JSON-RPC 2.0: the line is not JSON."""
INVALID_REQUEST = -32600
"""JSON-RPC 2.0: the JSON is not a valid request (nor a notification, nor a response)."""


def _usable_id(obj: Any) -> str | int | None:
    """The message's id when it is one an answer can carry (a string or a whole number), else ``None``."""
    if not isinstance(obj, dict):
        return None
    value = obj.get("id")
    return value if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)) else None


def _check_envelope(obj: Any) -> None:
    """Raise ``MessageError`` when ``obj`` is not a JSON-RPC 2.0 message."""
    if not isinstance(obj, dict):
        raise MessageError("error.jsonrpc.not_an_object", got=type(obj).__name__)
    if obj.get("jsonrpc") != "2.0":
        raise MessageError("error.jsonrpc.version", got=shown(obj.get("jsonrpc")))
    if "id" in obj and _usable_id(obj) is None:
        raise MessageError("error.jsonrpc.id", got=shown(obj["id"]))


def _error(code: int, id_: str | int | None, exc: FloormanError) -> dict[str, Any]:
    data: dict[str, Any] = {"message_id": exc.message_id, "params": exc.params}
    if isinstance(exc, LogFieldError):
        data["field"] = exc.field
    return {"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": exc.say(), "data": data}}


def refusal(line: bytes) -> dict[str, Any] | None:
    """The JSON-RPC error that answers ``line``, or ``None`` when it is a message to pass on."""
    try:
        obj = parse(line, checked=False)
    except LogSyntaxError as exc:
        return _error(PARSE_ERROR, None, exc)
    id_ = _usable_id(obj)
    try:
        refuse_twice(obj)
        check_values(obj)
        _check_envelope(obj)
        mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except LogFieldError as exc:
        return _error(INVALID_REQUEST, None if exc.field == "id" else id_, exc)
    except MessageError as exc:
        return _error(INVALID_REQUEST, id_, exc)
    except ValidationError as exc:
        reason = "; ".join(sorted({".".join(map(str, e["loc"][1:])) or "message" for e in exc.errors()}))[:200]
        return _error(INVALID_REQUEST, id_, MessageError("error.jsonrpc.shape", reason=reason))
    return None


class _Answers(io.RawIOBase):
    """Standard output as the server writes it: whole lines only, one at a time, whoever writes them (the SDK's
    answers and the refusals of the lines it never sees)."""

    def __init__(self, out: BinaryIO) -> None:
        super().__init__()
        self.out = out
        self.lock = threading.Lock()
        self.pending = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        with self.lock:
            self.pending += bytes(data)
            end = self.pending.rfind(b"\n") + 1
            if end:
                self.out.write(bytes(self.pending[:end]))
                self.out.flush()
                del self.pending[:end]
        return len(data)

    def answer(self, obj: dict[str, Any]) -> None:
        line = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        with self.lock:
            self.out.write(line)
            self.out.flush()


class _Requests(io.RawIOBase):
    """Standard input as the SDK reads it: only the lines that are messages; every other line answered here."""

    def __init__(self, source: BinaryIO, answers: _Answers) -> None:
        super().__init__()
        self.source = source
        self.answers = answers
        self.ready = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self.ready:
            line = self.source.readline()
            if not line:
                return 0
            if not line.strip():
                continue
            refused = refusal(line)
            if refused is not None:
                self.answers.answer(refused)
                continue
            self.ready = line if line.endswith(b"\n") else line + b"\n"
        size = min(len(buffer), len(self.ready))
        buffer[:size] = self.ready[:size]
        self.ready = self.ready[size:]
        return size


@contextmanager
def answered_lines(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> Iterator[None]:
    """Standard input and output replaced, while the server runs, by the checked lines and the whole-line writer
    (the SDK serves ``sys.stdin.buffer`` and ``sys.stdout.buffer`` as they are when they are not the process's
    own descriptors)."""
    answers = _Answers(stdout or sys.stdout.buffer)
    requests = _Requests(stdin or sys.stdin.buffer, answers)
    saved = sys.stdin, sys.stdout
    sys.stdin = io.TextIOWrapper(io.BufferedReader(requests), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(answers), encoding="utf-8", write_through=True)
    try:
        yield
    finally:
        sys.stdin, sys.stdout = saved
