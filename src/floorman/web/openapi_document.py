"""The API's OpenAPI document: FastAPI's, with the console's own errors and logins written in.

Every error the API can answer is documented with the one error shape (``Error``), by status:
401 and 403 on every call that needs a login (403 also for a missing CSRF header on a change),
404 where the path names a record, 409 where a change can meet a newer record, 400 for a body that
is not JSON at all, 413 for a body over the limit, 422 for a parameter or body that cannot be used,
429 for too many failed logins. The session cookie and the CSRF header are declared
as security schemes, so a client (or a fuzzer) knows what each call needs.
"""

from __future__ import annotations

import copy
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

__all__ = ["ERROR_SCHEMA", "RAW_LOG_PATHS", "build_document"]

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Error",
    "description": "Every error the API answers, in one shape.",
    "required": ["error"],
    "additionalProperties": False,
    "properties": {"error": {
        "type": "object",
        "required": ["type", "message", "message_id", "params", "event", "field"],
        "additionalProperties": False,
        "properties": {
            "type": {"type": "string", "description": "What kind of error: log_field_error, stale_sequence, ..."},
            "message": {"type": "string", "description": "One line: where (event index, field) and what was "
                                                         "expected; for a hand log, the line the CLI prints."},
            "message_id": {"type": ["string", "null"], "description": "The message id of floorman's catalog the "
                                                                   "message is said from (error.*); null for an "
                                                                   "error the web framework words itself (an "
                                                                   "unknown path, a parameter of the wrong type)."},
            "params": {"type": ["object", "null"], "description": "The message's parameters: values from the "
                                                              "input as they were given, a nested message as "
                                                              "{message_id, params}."},
            "event": {"type": ["integer", "null"], "description": "The index of the event at fault, if any."},
            "field": {"type": ["string", "null"], "description": "The field at fault, if any."},
        },
    }},
}
RAW_LOG_PATHS = frozenset({"/api/rule", "/api/compare"})
"""Calls whose body is a hand log read as the CLI reads a file: they change nothing, so never meet a 409."""

_LOGIN = ("post", "/api/session")
_UNSAFE = frozenset({"post", "put", "patch", "delete"})
_SECURITY_SCHEMES: dict[str, Any] = {
    "session": {"type": "apiKey", "in": "cookie", "name": "floorman_session",
                "description": "The session cookie set by POST /api/session (HttpOnly)."},
    "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token",
             "description": "The session's csrf_token (from POST or GET /api/session); every change sends it."},
}
_MEANINGS = {
    400: "The body is not JSON at all (or not UTF-8 text); a hand log that is not a JSON object either.",
    401: "Not logged in, or the session has ended.",
    403: "The account's role does not allow this call, or a change came without the session's X-CSRF-Token.",
    404: "No record with that id (or no rule by that name).",
    409: "The record moved on: a stale sequence number, a hand that is over, a second correction, a taken name.",
    413: "The body is larger than the console accepts.",
    422: "A parameter or the body cannot be used; for a hand log, the event index and the field at fault.",
    429: "Too many failed logins from this address or for this name: wait Retry-After seconds.",
}


def _error_codes(method: str, path: str, operation: dict[str, Any]) -> set[int]:
    codes: set[int] = set()
    has_body = "requestBody" in operation
    if (method, path) == _LOGIN:
        codes |= {401, 429}
    else:
        codes |= {401, 403}
    if has_body or operation.get("parameters"):
        codes.add(422)
    if has_body:
        codes |= {400, 413}
    if "{" in path:
        codes.add(404)
    if path not in RAW_LOG_PATHS and method in _UNSAFE and (method, path) != _LOGIN:
        codes.add(409)
    return codes


def _security(method: str, path: str) -> list[dict[str, list[str]]]:
    if (method, path) == _LOGIN:
        return []
    if method in _UNSAFE:
        return [{"session": [], "csrf": []}]
    return [{"session": []}]


def build_document(app: FastAPI) -> dict[str, Any]:
    """The document for ``app``'s API routes (pages are not part of it)."""
    document = copy.deepcopy(get_openapi(
        title=app.title, version=app.version, openapi_version=app.openapi_version, description=app.description,
        routes=app.routes,
    ))
    components = document.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    schemas["Error"] = ERROR_SCHEMA
    components["securitySchemes"] = _SECURITY_SCHEMES
    error_ref = {"$ref": "#/components/schemas/Error"}
    for path, operations in document.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            for code in sorted(_error_codes(method, path, operation)):
                response: dict[str, Any] = {"description": _MEANINGS[code],
                                            "content": {"application/json": {"schema": error_ref}}}
                if code == 429:
                    response["headers"] = {"Retry-After": {"description": "Seconds to wait.",
                                                           "schema": {"type": "string", "pattern": "^[0-9]+$"}}}
                responses[str(code)] = response
            operation["security"] = _security(method, path)
    return document
