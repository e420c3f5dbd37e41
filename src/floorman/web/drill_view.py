"""Ruling drills in the console: the drill's options, its questions made again from them, and what
the drill pages show (the table as it stands when the floor is called, the events, the choices,
the answer with its rules, the score by topic, and who needs practice on what).

A drill is kept as its arguments: the questions are the same as ``floorman drill --seed N`` gives,

>>> from floorman.drill import make_questions
>>> options = drill_options(topic="", rulebook="wsop-2026", count="2", seed="41")
>>> [q.id for q in drill_questions(options)] == [q.id for q in make_questions(seed=41, count=2)]
True
>>> weakest_topics({"misdeals": 50, "stud": 90, "absent": 60})
['misdeals', 'absent']
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from floorman.drill import Answer, Question, Score, Topic, Verdict, make_questions, score
from floorman.drill.words import topic_name
from floorman.engine.hand import replay
from floorman.law.rulebooks import find_rulebook
from floorman.storage import NotFoundError, Session
from floorman.storage.drill_scores import DrillAnswer, DrillOptions, DrillRecord, TopicResult
from floorman.web.event_words import describe_event
from floorman.web.i18n import Translator
from floorman.web.live_view import BoardCard, SeatView, board_cards, game_text, level_text, seat_views
from floorman.web.problems import InvalidInput
from floorman.web.rendering import format_chips

__all__ = [
    "MAX_COUNT",
    "PRACTICE_BELOW",
    "DrillTable",
    "answer_row",
    "drill_options",
    "drill_questions",
    "own_drill",
    "question_table",
    "results_rows",
    "score_answer",
    "topic_choices",
    "topic_label",
    "weakest_topics",
]

MAX_COUNT = 20
"""The most questions one drill asks."""
PRACTICE_BELOW = 70
"""A topic where a user has scored below this percentage of the points is one to practise."""
WEAKEST = 2
"""How many of a user's weak topics the results page names (the weakest first)."""


def topic_label(topic: str, lang: str) -> str:
    try:
        return topic_name(Topic(topic), lang)
    except ValueError:
        return topic


def topic_choices(lang: str) -> list[tuple[str, str]]:
    """Every topic as (value, name in the language), in the drill's order."""
    return [(t.value, topic_name(t, lang)) for t in Topic]


def drill_options(*, topic: str | None, rulebook: str | None, count: str | int | None,
                  seed: str | int | None) -> DrillOptions:
    """A new drill's options from a form or a request (a seed is drawn when none is given)."""
    topic = (topic or "").strip() or None
    if topic is not None and topic not in {t.value for t in Topic}:
        raise InvalidInput("error.drill_view.drill_topic", field="topic", topic=repr(topic))
    book = find_rulebook((rulebook or "").strip() or None)
    raw_count = str(count if count is not None else 5).strip() or "5"
    if not raw_count.isdigit() or not 1 <= int(raw_count) <= MAX_COUNT:
        raise InvalidInput("error.drill_view.drill_questions", field="count", max_count=MAX_COUNT)
    raw_seed = str(seed if seed is not None else "").strip()
    if not raw_seed:
        raw_seed = str(secrets.randbelow(1_000_000))
    if not raw_seed.isdigit() or len(raw_seed) > 9:
        raise InvalidInput("error.drill_view.seed_whole_number_up", field="seed")
    return DrillOptions(seed=str(int(raw_seed)), count=int(raw_count), rulebook=book.id, topic=topic)


@lru_cache(maxsize=64)
def drill_questions(options: DrillOptions) -> tuple[Question, ...]:
    """The drill's questions, made again from its options (a few milliseconds; the last few are kept)."""
    return make_questions(seed=int(options.seed), count=options.count,
                          topics=[options.topic] if options.topic else None, rulebook=options.rulebook)


def own_drill(drill: DrillRecord, session: Session) -> DrillRecord:
    """The drill if it is the user's own; another user's drill is not found (its id tells nothing)."""
    if drill.user_id != session.user.id:
        raise NotFoundError("error.drill_view.drill", id=drill.id)
    return drill


def score_answer(question: Question, verdict: str | None, choice: int | None) -> Score:
    """Score a verdict (``misdeal``, ``void``, ``continue``) and a choice (an index) as given."""
    try:
        given = Verdict(verdict) if verdict else None
    except ValueError:
        raise InvalidInput("error.drill_view.verdict_misdeal_void_continue", field="verdict",
                           verdict=repr(verdict)) from None
    if choice is not None and not 0 <= choice < len(question.choices):
        raise InvalidInput("error.drill_view.choice_not_one_remedies", field="choice", choice=choice,
                           count=len(question.choices))
    return score(question, Answer(verdict=given, choice=choice))


def answer_row(drill: DrillRecord, index: int, question: Question, s: Score, *, now: str) -> DrillAnswer:
    return DrillAnswer(
        drill_id=drill.id, user_id=drill.user_id, question_index=index, question_id=question.id,
        topic=question.topic.value, rulebook=question.rulebook,
        given_verdict=s.given_verdict.value if s.given_verdict else None, given_choice=s.given_choice,
        verdict_right=s.verdict_right, remedy_right=s.remedy_right, points=s.points, answered_at=now,
    )


def weakest_topics(percent_by_topic: Mapping[str, int], *, below: int = PRACTICE_BELOW,
                   most: int = WEAKEST) -> list[str]:
    """The topics scored below ``below`` percent, the weakest first (at most ``most``)."""
    weak = sorted((p, i, topic) for i, (topic, p) in enumerate(percent_by_topic.items()) if p < below)
    return [topic for _, _, topic in weak[:most]]


@dataclass(frozen=True, slots=True, kw_only=True)
class DrillTable:
    """The table when the floor is called, as the live hand page draws it."""

    game: str
    level: str
    book_short: str
    top_row: tuple[SeatView, ...]
    bottom_row: tuple[SeatView, ...]
    board: tuple[BoardCard, ...]
    pot: str
    events: tuple[str, ...]


def question_table(question: Question, t: Translator, lang: str = "en") -> DrillTable:
    """The table as it stands when the floor is called, and the events in words (what the floor is
    told in ``lang``)."""
    log = question.log
    book = find_rulebook(question.rulebook)
    state = replay(log, rulebook=book)
    seats = seat_views(state, t)
    half = (len(seats) + 1) // 2
    obj = question.to_obj(lang=lang)
    events: Sequence[Mapping[str, Any]] = [
        {**e, "note": obj["note"]} if e.get("type") == "floor" and e.get("note") == question.note else e
        for e in obj["log"]["events"]
    ]
    return DrillTable(
        game=game_text(log.game, log.effective_structure, t), level=level_text(log.level, t), book_short=book.short,
        top_row=tuple(seats[:half]), bottom_row=tuple(reversed(seats[half:])),
        board=board_cards(state), pot=format_chips(state.pot, t.locale),
        events=tuple(describe_event(e, t) for e in events),
    )


def results_rows(results: Sequence[TopicResult], lang: str) -> list[dict[str, Any]]:
    """The director's view: per user, each topic's tally and the topics to practise."""
    by_user: dict[str, list[TopicResult]] = {}
    for r in results:
        by_user.setdefault(r.username, []).append(r)
    rows = []
    for username, topics in by_user.items():
        percent = {r.topic: r.percent for r in topics}
        questions = sum(r.questions for r in topics)
        points = sum(r.points for r in topics)
        rows.append({
            "username": username,
            "questions": questions,
            "percent": round(100 * points / (2 * questions)) if questions else 0,
            "topics": [{"topic": r.topic, "name": topic_label(r.topic, lang), "questions": r.questions,
                        "percent": r.percent, "weak": r.percent < PRACTICE_BELOW} for r in topics],
            "practice": [{"topic": w, "name": topic_label(w, lang), "percent": percent[w]}
                         for w in weakest_topics(percent)],
        })
    return rows
