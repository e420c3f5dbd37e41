"""Ruling drills: real hands with irregularities put in, and the engine's ruling as the answer.

Floor staff and dealers learn irregularity rulings from memory and from incidents. A drill takes
real hands (the PHH sample shipped with floorman, or the user's hand histories and logs), puts
into each one or more irregularities (a card to the wrong seat, an exposed or boxed card, a
four-card flop, a missing burn, a premature card, a duplicate, a card with another back, an
absent player), calls the floor before or after substantial action, and asks for the ruling:
misdeal, void or play on, then the remedy among plausible ones.

A whole drill is a pure function of the hands, the seed and the options:

>>> questions = make_questions(seed=7, count=3)
>>> questions == make_questions(seed=7, count=3)
True
>>> q = questions[0]
>>> type(q.log.events[-1]).__name__, q.answer.verdict in Verdict
('FloorCalled', True)

Scoring an answer, and a session by topic:

>>> s = score(q, Answer(verdict=Verdict.VOID, choice=q.answer.choice))
>>> s.remedy_right == s.verdict_right == (q.answer.verdict is Verdict.VOID), s.points in (0, 2)
(True, True)
>>> summarize([s]).total.out_of
2

A client such as the floor console keeps a drill as its arguments (the seed and the options)
and makes the questions again when it needs them. It shows ``to_obj()`` (the log, what the floor
is told, the verdicts and the remedy choices in words, no answer), scores what the user picked,
then shows ``to_obj(reveal=True)`` (verdict, remedy, rules with their citations, explanation):

>>> questions = make_questions(seed=41, count=2, topics=["misdeals"], rulebook="wsop")
>>> sorted(questions[0].to_obj(lang="vi"))
['choice_verdicts', 'choices', 'id', 'log', 'note', 'rulebook', 'topic', 'verdicts']
>>> picked = score(questions[0], Answer(verdict=parse_verdict("m"), choice=0))
>>> sorted(questions[0].to_obj(lang="vi", reveal=True)["answer"])
['choice', 'explanation', 'kinds', 'moment', 'rules', 'source', 'verdict']
>>> summarize([picked]).to_obj(lang="vi")["total"]["out_of"]
2

The pieces: ``make_scenarios`` (the hands with their irregularities, cut where the floor is
called), ``make_questions`` (the scenarios with remedy choices and hidden answers), ``score`` and
``summarize``; ``load_hands`` reads PHH files and hand logs; ``floorman.cli.drill.drill_cmd`` is
the ``floorman drill`` command and ``floorman.drill.session.run`` its loop.
"""

from __future__ import annotations

from floorman.drill.generate import make_scenarios
from floorman.drill.hands import SourceHand, bundled_hands, load_hands, rebuild
from floorman.drill.model import DrillError, Kind, Moment, Scenario, Topic
from floorman.drill.questions import (
    Answer,
    Expected,
    Question,
    Score,
    Summary,
    TopicScore,
    make_questions,
    parse_verdict,
    score,
    summarize,
)
from floorman.law.rulings.model import Verdict

__all__ = [
    "Answer",
    "DrillError",
    "Expected",
    "Kind",
    "Moment",
    "Question",
    "Scenario",
    "Score",
    "SourceHand",
    "Summary",
    "Topic",
    "TopicScore",
    "Verdict",
    "bundled_hands",
    "load_hands",
    "make_questions",
    "make_scenarios",
    "parse_verdict",
    "rebuild",
    "score",
    "summarize",
]
