"""Ruling drills taken in the console, and every answer given in them.

A drill is kept as its arguments (the seed, the topic, the rulebook, the number of questions): the
questions are made again from them whenever they are needed. Each answer is one row of
``drill_answers``, with the drill's seed and options copied in, so that a score can be read on its
own. Answers are appended and never changed: the table's triggers refuse an update or a delete,
and a question answered once cannot be answered again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from floorman.storage.errors import ConflictError, NotFoundError
from floorman.storage.sql import Connection, integrity_errors

__all__ = ["DrillAnswer", "DrillOptions", "DrillRecord", "DrillScores", "TopicResult"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DrillOptions:
    """What a drill is made from: ``floorman.drill.make_questions(seed=..., count=..., topics=..., rulebook=...)``."""

    seed: str
    count: int
    rulebook: str
    topic: str | None = None
    """One topic, or ``None`` for every topic."""

    def to_obj(self) -> dict[str, object]:
        return {"seed": self.seed, "count": self.count, "rulebook": self.rulebook, "topic": self.topic}


@dataclass(frozen=True, slots=True, kw_only=True)
class DrillRecord:
    id: int
    user_id: int
    options: DrillOptions
    created_at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DrillAnswer:
    """One stored answer (``question_index`` counts from 0)."""

    drill_id: int
    user_id: int
    question_index: int
    question_id: str
    topic: str
    rulebook: str
    given_verdict: str | None
    given_choice: int | None
    verdict_right: bool
    remedy_right: bool
    points: int
    answered_at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicResult:
    """One user's answers on one topic, over every drill."""

    username: str
    topic: str
    questions: int
    verdicts: int
    remedies: int
    points: int

    @property
    def out_of(self) -> int:
        return 2 * self.questions

    @property
    def percent(self) -> int:
        """Points as a whole percentage of the points there were to get."""
        return round(100 * self.points / self.out_of) if self.questions else 0


def _answer(row: Any) -> DrillAnswer:
    return DrillAnswer(
        drill_id=row["drill_id"], user_id=row["user_id"], question_index=row["question_index"],
        question_id=row["question_id"], topic=row["topic"], rulebook=row["rulebook"],
        given_verdict=row["given_verdict"], given_choice=row["given_choice"],
        verdict_right=bool(row["verdict_right"]), remedy_right=bool(row["remedy_right"]), points=row["points"],
        answered_at=row["answered_at"],
    )


class DrillScores:
    """The ``drills`` and ``drill_answers`` tables, over one connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def start(self, user_id: int, options: DrillOptions, *, now: str) -> DrillRecord:
        cur = self.conn.execute(
            "INSERT INTO drills (user_id, seed, topic, rulebook, count, created_at) VALUES (?, ?, ?, ?, ?, ?) "
            "RETURNING id",
            (user_id, options.seed, options.topic, options.rulebook, options.count, now),
        )
        return self.get(int(cur.fetchone()[0]))

    def get(self, drill_id: int) -> DrillRecord:
        row = self.conn.execute("SELECT * FROM drills WHERE id = ?", (drill_id,)).fetchone()
        if row is None:
            raise NotFoundError("error.storage.drill_scores.drill", drill_id=drill_id)
        options = DrillOptions(seed=row["seed"], count=row["count"], rulebook=row["rulebook"], topic=row["topic"])
        return DrillRecord(id=row["id"], user_id=row["user_id"], options=options, created_at=row["created_at"])

    def answers(self, drill_id: int) -> list[DrillAnswer]:
        rows = self.conn.execute("SELECT * FROM drill_answers WHERE drill_id = ? ORDER BY question_index",
                                 (drill_id,))
        return [_answer(r) for r in rows]

    def record(self, drill: DrillRecord, answer: DrillAnswer) -> DrillAnswer:
        """Append one answer; a question already answered in this drill is a ``ConflictError``."""
        try:
            self.conn.execute(
                """INSERT INTO drill_answers (drill_id, user_id, seed, options, question_index, question_id, topic,
                       rulebook, given_verdict, given_choice, verdict_right, remedy_right, points, answered_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (drill.id, answer.user_id, drill.options.seed, json.dumps(drill.options.to_obj(), sort_keys=True),
                 answer.question_index, answer.question_id, answer.topic, answer.rulebook, answer.given_verdict,
                 answer.given_choice, int(answer.verdict_right), int(answer.remedy_right), answer.points,
                 answer.answered_at),
            )
        except integrity_errors() as exc:
            raise ConflictError("error.storage.drill_scores.question_drill_already_answered",
                                number=answer.question_index + 1, id=drill.id) \
                from exc
        return answer

    def results(self, *, user_ids: tuple[int, ...] | None = None) -> list[TopicResult]:
        """The answers by topic of the users ``user_ids`` (None: every user), in name order, topics in name order."""
        where = "" if user_ids is None else f"WHERE a.user_id IN ({', '.join('?' for _ in user_ids)})" if user_ids \
            else "WHERE 0 = 1"
        rows = self.conn.execute(
            f"""SELECT u.username AS username, a.topic AS topic, COUNT(*) AS questions,
                      SUM(a.verdict_right) AS verdicts, SUM(a.remedy_right) AS remedies, SUM(a.points) AS points
               FROM drill_answers a JOIN users u ON u.id = a.user_id {where}
               GROUP BY a.user_id, u.username, a.topic ORDER BY u.username COLLATE NOCASE, a.topic""",
            user_ids or ()
        )
        return [TopicResult(username=r["username"], topic=r["topic"], questions=int(r["questions"]),
                            verdicts=int(r["verdicts"]), remedies=int(r["remedies"]), points=int(r["points"]))
                for r in rows]
