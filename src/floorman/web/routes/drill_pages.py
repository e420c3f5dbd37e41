"""The drill pages: choose a topic, a rulebook and a number of questions; then one question at a
time (the table and the events, the verdict, the remedy, the answer with its rules); the score by
topic at the end. Directors see every user's results and who needs practice on what.

Each step is a plain link or form: the verdict picked travels in the address until the remedy is
chosen, and the answer is stored only when both are given.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi import Path as PathParam
from starlette.requests import Request
from starlette.responses import Response

from floorman.drill import Question, Verdict, summarize
from floorman.errors import UnknownRulebookError
from floorman.law.rulebooks import rulebooks
from floorman.storage import AccountAdmin, Accounts, Role, Session
from floorman.storage.drill_scores import DrillAnswer, DrillRecord, DrillScores
from floorman.web.drill_view import (
    MAX_COUNT,
    PRACTICE_BELOW,
    answer_row,
    drill_options,
    drill_questions,
    own_drill,
    question_table,
    results_rows,
    score_answer,
    topic_choices,
    topic_label,
)
from floorman.web.error_responses import describe_error
from floorman.web.page_context import redirect, render_page, translator_for
from floorman.web.params import RecordId
from floorman.web.problems import InvalidInput
from floorman.web.ruling_words import verdict_names
from floorman.web.security import PagePost, page_post, page_user, request_locale
from floorman.web.services import services
from floorman.words.rulings import VERDICTS

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
Dealer = Annotated[Session, Depends(page_user(Role.DEALER))]
DealerPost = Annotated[PagePost, Depends(page_post(Role.DEALER))]
Director = Annotated[Session, Depends(page_user(Role.DIRECTOR))]
Number = Annotated[int, PathParam(ge=1, le=MAX_COUNT, description="The question's number in the drill, from 1.")]
COUNTS = (2, 5, 10, 20)


def _setup_page(request: Request, session: Session, *, error: str = "", status: int = 200,
                form: dict[str, str] | None = None) -> Response:
    lang = request_locale(request, session)
    books = [(b.id, b.short) for b in rulebooks().values()]
    return render_page(request, session, "drill.html", active="drill", error=error, status=status,
                       topics=topic_choices(lang), books=books, counts=COUNTS, max_count=MAX_COUNT,
                       form=form or {})


@router.get("/drill")
def drill_page(request: Request, session: Dealer) -> Response:
    return _setup_page(request, session)


@router.get("/drill/results")
def results_page(request: Request, session: Director) -> Response:
    with services(request).db.connect() as conn:
        admin = AccountAdmin(Accounts(conn), session.user)
        rows = DrillScores(conn).results(user_ids=None if admin.directed is None else tuple(u.id for u in admin.all()))
    return render_page(request, session, "drill_results.html", active="drill-results",
                       users=results_rows(rows, request_locale(request, session)), threshold=PRACTICE_BELOW)


@router.post("/drill")
def start_drill(request: Request, post: DealerPost) -> Response:
    fields = post.fields()
    try:
        options = drill_options(topic=post.text("topic"), rulebook=post.text("rulebook"), count=post.text("count"),
                                seed=post.text("seed"))
        drill_questions(options)
    except (InvalidInput, UnknownRulebookError) as exc:
        body = describe_error(exc, request_locale(request, post.session))
        return _setup_page(request, post.session, error=body.message, status=body.status, form=fields)
    svc = services(request)
    with svc.db.transaction() as conn:
        drill = DrillScores(conn).start(post.session.user.id, options, now=svc.stamp())
    return redirect(f"/drill/{drill.id}/1")


def _load(request: Request, session: Session, drill_id: int) -> tuple[DrillRecord, tuple[Question, ...],
                                                                       dict[int, DrillAnswer]]:
    with services(request).db.connect() as conn:
        store = DrillScores(conn)
        drill = own_drill(store.get(drill_id), session)
        answers = {a.question_index: a for a in store.answers(drill_id)}
    return drill, drill_questions(drill.options), answers


def _next_number(questions: tuple[Question, ...], answers: dict[int, DrillAnswer]) -> int | None:
    return next((i + 1 for i in range(len(questions)) if i not in answers), None)


@router.get("/drill/{drill_id}")
def drill_resume(request: Request, session: Dealer, drill_id: RecordId) -> Response:
    _, questions, answers = _load(request, session, drill_id)
    number = _next_number(questions, answers)
    return redirect(f"/drill/{drill_id}/summary" if number is None else f"/drill/{drill_id}/{number}")


@router.get("/drill/{drill_id}/summary")
def drill_summary(request: Request, session: Dealer, drill_id: RecordId) -> Response:
    drill, questions, answers = _load(request, session, drill_id)
    scores = [score_answer(questions[i], a.given_verdict, a.given_choice) for i, a in sorted(answers.items())]
    lang = request_locale(request, session)
    rows = summarize(scores).to_obj(lang=lang)
    return render_page(request, session, "drill_summary.html", active="drill", drill=drill, summary=rows,
                       total_questions=len(questions), answered=len(answers),
                       next_number=_next_number(questions, answers),
                       topic_name=topic_label(drill.options.topic, lang) if drill.options.topic else "")


def _question_page(request: Request, session: Session, drill: DrillRecord, questions: tuple[Question, ...],
                   answers: dict[int, DrillAnswer], number: int, verdict: str = "") -> Response:
    t = translator_for(request, session)
    lang = request_locale(request, session)
    question = questions[number - 1]
    obj = question.to_obj(lang=lang, reveal=number - 1 in answers)
    stored = answers.get(number - 1)
    context: dict[str, Any] = {
        "drill": drill, "number": number, "total": len(questions), "question": obj,
        "table": question_table(question, t, lang), "topic_name": topic_label(question.topic.value, lang),
        "verdict_words": verdict_names(t),
        "picked": verdict if verdict in VERDICTS else "", "stored": stored,
        "offered": question.choices_for(Verdict(verdict)) if verdict in VERDICTS else (),
        "next_number": _next_number(questions, answers),
    }
    return render_page(request, session, "drill_question.html", active="drill", **context)


@router.get("/drill/{drill_id}/{number}")
def drill_question(request: Request, session: Dealer, drill_id: RecordId, number: Number,
                   verdict: str = "") -> Response:
    drill, questions, answers = _load(request, session, drill_id)
    if number > len(questions):
        return redirect(f"/drill/{drill_id}")
    if number - 1 not in answers and number != _next_number(questions, answers):
        return redirect(f"/drill/{drill_id}")
    return _question_page(request, session, drill, questions, answers, number, verdict)


@router.post("/drill/{drill_id}/{number}")
def answer_question(request: Request, post: DealerPost, drill_id: RecordId, number: Number) -> Response:
    drill, questions, answers = _load(request, post.session, drill_id)
    if number > len(questions):
        raise InvalidInput("error.routes.drill_pages.drill_questions", field="number", count=len(questions))
    if number - 1 in answers:
        return redirect(f"/drill/{drill_id}/{number}")
    raw_choice = post.text("choice")
    choice = int(raw_choice) if raw_choice.isdigit() and len(raw_choice) < 4 else None
    question = questions[number - 1]
    s = score_answer(question, post.text("verdict") or None, choice)
    svc = services(request)
    with svc.db.transaction() as conn:
        DrillScores(conn).record(drill, answer_row(drill, number - 1, question, s, now=svc.stamp()))
    return redirect(f"/drill/{drill_id}/{number}")
