"""Request bodies read as ``POST /api/rule`` reads a hand log: one JSON reader for every body of the API.

``json_body(Model)`` is a dependency that reads the request's bytes with the hand-log reader
(``floorman.formats.fields.parse``: strict UTF-8, a byte-order mark ignored, numbers that are not whole
as decimals, half a UTF-16 surrogate pair and ``NaN`` refused), refuses a field given twice anywhere in
the body (``refuse_twice``) and only then checks the body against ``Model``. So a body the rule API would
refuse is refused here with the same error: 400 when it is not JSON, 422 naming the field otherwise.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from floorman.formats.fields import parse, refuse_twice

__all__ = ["body_schema", "json_body"]

M = TypeVar("M", bound=BaseModel)


def json_body(model: type[M]) -> Callable[[Request], Awaitable[M]]:
    """The dependency that gives a route its body as ``model``, read by the one JSON reader."""

    def read_bytes(body: bytes) -> M:
        obj = parse(body)
        refuse_twice(obj)
        try:
            return model.model_validate(obj)
        except ValidationError as exc:
            raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]) from None

    async def read(request: Request) -> M:
        """On a worker thread: a long body (up to a megabyte) is read without holding up the event loop."""
        return await run_in_threadpool(read_bytes, await request.body())

    return read


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route that reads ``model`` with ``json_body`` (FastAPI does not see it),
    the models it holds written in place."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(value) for value in node]
        return node

    return {"requestBody": {"required": True, "content": {"application/json": {"schema": inline(schema)}}}}
