"""Questions, answers and scores: what the terminal drill and the floor console both ask.

A question holds the hand log (cut where the floor is called), the remedy choices and the hidden
answer, which is the engine's ruling on the log:

>>> questions = make_questions(seed=7, count=3)
>>> q = questions[0]
>>> q.id, q.answer.verdict in Verdict, len(q.choices) >= 2
('7-1', True, True)
>>> right = score(q, Answer(verdict=q.answer.verdict, choice=q.answer.choice))
>>> right.points, right.out_of
(2, 2)
>>> summary = summarize([right])
>>> summary.total.points, summary.rows[0].topic is q.topic
(2, True)

``to_obj()`` gives what a client may show before the answer (no verdict, no rules) and
``to_obj(reveal=True)`` the whole of it:

>>> "answer" in q.to_obj(), q.to_obj(reveal=True)["answer"]["verdict"] == q.answer.verdict.value
(False, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.drill.choices import choice_verdict, remedy_choices
from floorman.drill.generate import make_scenarios
from floorman.drill.hands import SourceHand
from floorman.drill.model import Kind, Moment, Topic
from floorman.drill.words import citation_text, kind_name, remedy_lines, topic_name, verdict_keys, verdict_label
from floorman.engine.hand import rule
from floorman.fold.log import HandLog
from floorman.formats import handlog
from floorman.law.rulebooks import catalog, find_rulebook
from floorman.law.rulings.model import Remedy, Ruling, Verdict
from floorman.locale import DEFAULT_LANG, Message, say

__all__ = [
    "Answer",
    "Expected",
    "Question",
    "Score",
    "Summary",
    "TopicScore",
    "explanation",
    "make_questions",
    "parse_verdict",
    "score",
    "summarize",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Expected:
    """The hidden answer: the engine's verdict, the index of its remedy among the choices, the whole ruling."""

    verdict: Verdict
    choice: int
    ruling: Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class Question:
    """One drill question. ``answer`` is hidden: show ``log``, ``note`` and ``choices`` first."""

    id: str
    log: HandLog
    topic: Topic
    kinds: tuple[Kind, ...]
    moment: Moment
    rulebook: str
    source: str
    notes: tuple[Message, ...]
    """What the floor is told when called: the catalog's messages (``note_in`` says them)."""
    choices: tuple[tuple[Remedy, ...], ...]
    """The remedy choices, each a sequence of steps (``floorman.drill.words.remedy_lines`` says them)."""
    answer: Expected = field(repr=False)

    @property
    def note(self) -> str:
        """What the floor is told, in English (as the log's ``floor`` event says it)."""
        return self.note_in(DEFAULT_LANG)

    def note_in(self, lang: str) -> str:
        """What the floor is told, in ``lang``."""
        return " ".join(say(m, lang) for m in self.notes)

    def choice_lines(self, index: int, lang: str = "en") -> tuple[str, ...]:
        """The steps of one choice in words."""
        return remedy_lines(self.choices[index], lang)

    def choices_for(self, verdict: Verdict) -> tuple[int, ...]:
        """The indexes of the choices that carry out ``verdict``: the remedies offered once it is given."""
        return tuple(i for i, steps in enumerate(self.choices) if choice_verdict(steps) is verdict)

    def to_obj(self, *, lang: str = "en", reveal: bool = False) -> dict[str, Any]:
        """Plain JSON data: the question as a client shows it; with ``reveal``, the answer and its rules too.

        ``choices`` holds each choice's steps in words, in ``lang``; a client sends back the index.
        ``choice_verdicts`` says which verdict each choice carries out: once a verdict is given, a client
        offers only its remedies.
        """
        obj: dict[str, Any] = {
            "id": self.id,
            "topic": self.topic.value,
            "rulebook": self.rulebook,
            "note": self.note_in(lang),
            "log": handlog.to_obj(self.log),
            "verdicts": [{"verdict": v.value, "label": verdict_label(v, lang)} for v in Verdict],
            "choices": [list(self.choice_lines(i, lang)) for i in range(len(self.choices))],
            "choice_verdicts": [choice_verdict(steps).value for steps in self.choices],
        }
        if reveal:
            ruling = self.answer.ruling
            rules = catalog()
            obj["answer"] = {
                "verdict": self.answer.verdict.value,
                "choice": self.answer.choice,
                "kinds": [kind_name(k, lang) for k in self.kinds],
                "moment": self.moment.value,
                "source": self.source,
                "rules": [
                    {"rule": c.rule, "title": rules[c.rule].title_in(lang) if c.rule in rules else c.rule,
                     "source": citation_text(c, lang)}
                    for c in ruling.citations
                ],
                "explanation": explanation(ruling, lang),
            }
        return obj


def explanation(ruling: Ruling, lang: str) -> str:
    """The ruling's explanation in ``lang``: the engine's own words; in another language than English, its rules'
    paraphrases where the engine has no words of its own."""
    if lang == DEFAULT_LANG or ruling.explanation_messages:
        return ruling.explain(lang)
    rules = catalog()
    return " ".join(rules[r].paraphrase_in(lang) for r in ruling.rules[:2] if r in rules)


@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """What the player answered: a verdict and the index of a remedy choice (``None`` if not given)."""

    verdict: Verdict | None
    choice: int | None


def parse_verdict(text: str) -> Verdict | None:
    """A typed verdict: ``m``, ``v`` or ``p`` (or the words, English or Vietnamese).

    >>> parse_verdict(" M "), parse_verdict("play on"), parse_verdict("tiếp tục"), parse_verdict("x")
    (<Verdict.MISDEAL: 'misdeal'>, <Verdict.CONTINUE: 'continue'>, <Verdict.CONTINUE: 'continue'>, None)
    """
    return verdict_keys().get(" ".join(text.strip().lower().split()))


@dataclass(frozen=True, slots=True, kw_only=True)
class Score:
    """How one answer fared: a point for the verdict, a point for the remedy."""

    question: str
    topic: Topic
    verdict: Verdict
    given_verdict: Verdict | None
    choice: int
    given_choice: int | None

    @property
    def verdict_right(self) -> bool:
        return self.given_verdict is self.verdict

    @property
    def remedy_right(self) -> bool:
        """The engine's remedy, given with the engine's verdict (a remedy of another verdict is never right)."""
        return self.verdict_right and self.given_choice == self.choice

    @property
    def points(self) -> int:
        return int(self.verdict_right) + int(self.remedy_right)

    @property
    def out_of(self) -> int:
        return 2

    def to_obj(self) -> dict[str, Any]:
        return {
            "question": self.question, "topic": self.topic.value,
            "verdict": self.verdict.value, "given_verdict": self.given_verdict and self.given_verdict.value,
            "choice": self.choice, "given_choice": self.given_choice,
            "verdict_right": self.verdict_right, "remedy_right": self.remedy_right,
            "points": self.points, "out_of": self.out_of,
        }


def score(question: Question, answer: Answer) -> Score:
    """Score an answer against the question's hidden answer."""
    return Score(question=question.id, topic=question.topic, verdict=question.answer.verdict,
                 given_verdict=answer.verdict, choice=question.answer.choice, given_choice=answer.choice)


@dataclass(frozen=True, slots=True, kw_only=True)
class TopicScore:
    """The tally of one topic (``topic`` is ``None`` for the whole session)."""

    topic: Topic | None
    questions: int = 0
    verdicts: int = 0
    remedies: int = 0

    @property
    def points(self) -> int:
        return self.verdicts + self.remedies

    @property
    def out_of(self) -> int:
        return 2 * self.questions

    def add(self, s: Score) -> TopicScore:
        return TopicScore(topic=self.topic, questions=self.questions + 1,
                          verdicts=self.verdicts + s.verdict_right, remedies=self.remedies + s.remedy_right)

    def to_obj(self) -> dict[str, Any]:
        return {"topic": self.topic and self.topic.value, "questions": self.questions, "verdicts": self.verdicts,
                "remedies": self.remedies, "points": self.points, "out_of": self.out_of}


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """A session by topic (in the order of ``Topic``), and in total."""

    rows: tuple[TopicScore, ...]
    total: TopicScore

    def to_obj(self, *, lang: str = "en") -> dict[str, Any]:
        rows = [{**r.to_obj(), "name": topic_name(r.topic, lang)} for r in self.rows if r.topic]
        return {"topics": rows, "total": self.total.to_obj()}


def summarize(scores: Iterable[Score]) -> Summary:
    """Tally scores by topic."""
    by_topic: dict[Topic, TopicScore] = {}
    total = TopicScore(topic=None)
    for s in scores:
        by_topic[s.topic] = by_topic.get(s.topic, TopicScore(topic=s.topic)).add(s)
        total = total.add(s)
    return Summary(rows=tuple(by_topic[t] for t in Topic if t in by_topic), total=total)


def make_questions(
    hands: Sequence[SourceHand] | None = None,
    *,
    seed: int | str = 0,
    count: int = 5,
    topics: Iterable[Topic | str] | None = None,
    kinds: Iterable[Kind | str] | None = None,
    moments: Iterable[Moment | str] | None = None,
    rulebook: str | None = None,
    per_hand: int = 1,
) -> tuple[Question, ...]:
    """Drill questions: scenarios (``make_scenarios``, same options) with their choices and hidden answers.

    The same arguments always give the same questions, ids included (``"<seed>-<n>"``), and a
    longer drill begins with the questions of a shorter one: each question's choices are shuffled
    by its own ``random.Random(f"{seed}/{n}")``.
    """
    book = find_rulebook(rulebook)
    scenarios = make_scenarios(hands, seed=seed, count=count, topics=topics, kinds=kinds, moments=moments,
                               rulebook=book.id, per_hand=per_hand)
    out = []
    for n, scenario in enumerate(scenarios, start=1):
        ruling = rule(scenario.log, rulebook=book).ruling
        choices, index = remedy_choices(scenario, ruling, random.Random(f"{seed}/{n}"))
        out.append(Question(
            id=f"{seed}-{n}", log=scenario.log, topic=scenario.topic, kinds=scenario.kinds, moment=scenario.moment,
            rulebook=book.id, source=scenario.source, notes=scenario.notes, choices=choices,
            answer=Expected(verdict=ruling.verdict, choice=index, ruling=ruling),
        ))
    return tuple(out)
