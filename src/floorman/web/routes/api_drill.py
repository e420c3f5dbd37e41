"""Ruling drills over the API: start a drill, answer its questions one by one, the score by topic,
and (directors) every user's results by topic.

A question comes without its answer; the answer (verdict, remedy, rules, explanation) comes back
with the score once the question is answered. Every answer is stored and never changed: a question
answered once gets 409. The language is the user's (the same as the pages').
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from starlette.requests import Request

from floorman.drill import Question, summarize
from floorman.storage import AccountAdmin, Accounts, Role, Session
from floorman.storage.drill_scores import DrillRecord, DrillScores
from floorman.web.drill_view import (
    MAX_COUNT,
    PRACTICE_BELOW,
    answer_row,
    drill_options,
    drill_questions,
    own_drill,
    results_rows,
    score_answer,
)
from floorman.web.params import RecordId
from floorman.web.problems import InvalidInput
from floorman.web.security import api_user, request_locale
from floorman.web.services import services

__all__ = ["router"]

router = APIRouter(prefix="/api/drill", tags=["drill"])
Dealer = Annotated[Session, Depends(api_user(Role.DEALER))]
Director = Annotated[Session, Depends(api_user(Role.DIRECTOR))]


class DrillStart(BaseModel):
    topic: str | None = Field(default=None, description="misdeals, fouled-decks, board-errors, stud or absent; "
                                                        "none for every topic.")
    rulebook: str | None = Field(default=None, description="A rulebook id (GET /api/rulebooks); the default if none.")
    count: int = Field(default=5, ge=1, le=MAX_COUNT)
    seed: int | None = Field(default=None, ge=0, le=999_999_999,
                             description="The same seed and options give the same questions; drawn if none.")


class DrillAnswerIn(BaseModel):
    index: int = Field(ge=0, le=MAX_COUNT, description="The question's index in the drill, from 0.")
    verdict: str | None = Field(default=None, pattern="^(misdeal|void|continue)$")
    choice: int | None = Field(default=None, ge=0, le=100, description="The index of the remedy chosen.")


def _drill_obj(drill: DrillRecord, questions: tuple[Question, ...], answered: int) -> dict[str, Any]:
    return {"drill": drill.id, **drill.options.to_obj(), "questions": len(questions), "answered": answered}


def _load(request: Request, session: Session, drill_id: int) -> tuple[DrillRecord, tuple[Question, ...], set[int]]:
    with services(request).db.connect() as conn:
        store = DrillScores(conn)
        drill = own_drill(store.get(drill_id), session)
        done = {a.question_index for a in store.answers(drill_id)}
    return drill, drill_questions(drill.options), done


def _next(questions: tuple[Question, ...], done: set[int]) -> int | None:
    return next((i for i in range(len(questions)) if i not in done), None)


@router.post("", status_code=201, summary="Start a drill: its id and the first question (without the answer).")
def start(request: Request, session: Dealer, body: DrillStart) -> dict[str, Any]:
    options = drill_options(topic=body.topic, rulebook=body.rulebook, count=body.count, seed=body.seed)
    questions = drill_questions(options)
    svc = services(request)
    with svc.db.transaction() as conn:
        drill = DrillScores(conn).start(session.user.id, options, now=svc.stamp())
    lang = request_locale(request, session)
    return {**_drill_obj(drill, questions, 0), "index": 0, "question": questions[0].to_obj(lang=lang)}


@router.get("/results", summary="The drill answers by topic of the accounts the director administers, and the topics each needs to practise "
                                "(directors).")
def results(request: Request, session: Director) -> dict[str, Any]:
    with services(request).db.connect() as conn:
        admin = AccountAdmin(Accounts(conn), session.user)
        rows = DrillScores(conn).results(user_ids=None if admin.directed is None else tuple(u.id for u in admin.all()))
    return {"practice_below": PRACTICE_BELOW, "users": results_rows(rows, request_locale(request, session))}


@router.get("/{drill_id}", summary="One of the user's drills: how far it is, and the next question if any.")
def get_drill(request: Request, session: Dealer, drill_id: RecordId) -> dict[str, Any]:
    drill, questions, done = _load(request, session, drill_id)
    index = _next(questions, done)
    lang = request_locale(request, session)
    return {**_drill_obj(drill, questions, len(done)), "index": index,
            "question": None if index is None else questions[index].to_obj(lang=lang)}


@router.post("/{drill_id}/answers", status_code=201,
             summary="Answer one question: the score, the answer revealed, and the next question if any.")
def answer(request: Request, session: Dealer, drill_id: RecordId, body: DrillAnswerIn) -> dict[str, Any]:
    drill, questions, _ = _load(request, session, drill_id)
    if body.index >= len(questions):
        raise InvalidInput("error.routes.api_drill.drill_questions_index",
                           field="index", count=len(questions), number=len(questions) - 1)
    question = questions[body.index]
    s = score_answer(question, body.verdict, body.choice)
    svc = services(request)
    with svc.db.transaction() as conn:
        store = DrillScores(conn)
        store.record(drill, answer_row(drill, body.index, question, s, now=svc.stamp()))
        done = {a.question_index for a in store.answers(drill_id)}
    index = _next(questions, done)
    lang = request_locale(request, session)
    return {
        "score": s.to_obj(),
        "answer": question.to_obj(lang=lang, reveal=True)["answer"],
        "answered": len(done),
        "index": index,
        "question": None if index is None else questions[index].to_obj(lang=lang),
    }


@router.get("/{drill_id}/summary", summary="The drill's score by topic, and in total.")
def summary(request: Request, session: Dealer, drill_id: RecordId) -> dict[str, Any]:
    drill, questions, _ = _load(request, session, drill_id)
    with services(request).db.connect() as conn:
        stored = DrillScores(conn).answers(drill_id)
    scores = [score_answer(questions[a.question_index], a.given_verdict, a.given_choice) for a in stored]
    return {**_drill_obj(drill, questions, len(stored)),
            **summarize(scores).to_obj(lang=request_locale(request, session))}
