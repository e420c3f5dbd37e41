"""The API's mirror of the command line: ``rule``, ``compare``, ``rules`` and ``explain``.

A ruling runs in a worker process (``floorman.web.ruling_pool``), held to the limits of one request
(``floorman.service_limits``): the event loop goes on serving the tables meanwhile."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from floorman.law.rulebooks import find_rule, find_rulebook, rulebooks
from floorman.storage import Role, Session
from floorman.web.ruling_jobs import compare_answer, rule_answer
from floorman.web.ruling_pool import run_job
from floorman.web.security import api_user
from floorman.web.services import services
from floorman.words.reference import explain_obj, rule_rows, rulebook_summary

__all__ = ["HAND_LOG_BODY", "router"]

router = APIRouter(prefix="/api", tags=["rulings"])
User = Annotated[Session, Depends(api_user(Role.DEALER))]

HAND_LOG_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {
            "type": "object", "description": "A hand log, format version 1 or 1.1 (docs/spec/hand-log.md, section 1).",
            "required": ["floorman", "game", "seats", "level", "players", "events"]}}},
    }
}


@router.post("/rule", openapi_extra=HAND_LOG_BODY, response_class=JSONResponse,
             responses={200: {"description": "The ruling object (docs/spec/hand-log.md, section 3).",
                              "content": {"application/json": {"schema": {"type": "object"}}}}},
             summary="Rule on a hand log: the ruling object of section 3 (like `floorman rule --json`).")
async def rule_log(request: Request, session: User, rulebook: str | None = None) -> Response:
    limits = services(request).limits
    answer = await run_job(limits, rule_answer, await request.body(), rulebook, limits)
    return Response(answer, media_type="application/json")


@router.post("/compare", openapi_extra=HAND_LOG_BODY, response_class=JSONResponse,
             responses={200: {"description": "One ruling object per rulebook, under `compare`.",
                              "content": {"application/json": {"schema": {"type": "object"}}}}},
             summary="The ruling under every rulebook (like `floorman compare --json`).")
async def compare_log(request: Request, session: User) -> Response:
    limits = services(request).limits
    return Response(await run_job(limits, compare_answer, await request.body(), limits), media_type="application/json")


@router.get("/rulebooks", summary="Every rulebook: id, name, edition, kind and aliases.")
async def list_rulebooks(session: User) -> dict[str, Any]:
    return {"rulebooks": [rulebook_summary(b) for b in rulebooks().values()]}


@router.get("/rules", summary="Every rule id with its citation in one book (like `floorman rules --json`).")
async def list_rules(session: User, rulebook: str | None = None) -> dict[str, Any]:
    book = find_rulebook(rulebook)
    return {"rulebook": book.id, "rules": rule_rows(book)}


@router.get("/rules/{rule_id}", summary="One rule in every book (like `floorman explain`).")
async def explain_rule(session: User, rule_id: str) -> dict[str, Any]:
    return explain_obj(find_rule(rule_id))
