"""A drill session in a terminal: the table, the events as they happen, the questions, the scores.

The session reads one answer per line and writes lines, through the functions it is given, so
that a scripted session (answers piped in) runs the same as a person at the keyboard:

>>> from floorman.drill.questions import make_questions
>>> questions = make_questions(seed=7, count=1, kinds=["wrong-seat"], moments=["before"])
>>> answers = iter(["m", str(questions[0].answer.choice + 1)])
>>> out: list[str] = []
>>> scores = run(questions, lang="en", io=Terminal(read=lambda: next(answers, None), write=out.append))
>>> scores[0].points, out[-1].split()
(2, ['total', '1', '1/1', '1/1', '2/2'])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click

from floorman.drill.questions import Answer, Question, Score, explanation, parse_verdict, score, summarize
from floorman.drill.words import citation_text, kind_name, say, topic_name, verdict_text
from floorman.law.rulebooks import catalog, find_rulebook
from floorman.law.rulings.model import Ruling, Verdict
from floorman.words.events import event_lines, table_lines

__all__ = ["Terminal", "run", "summary_lines"]

SHOWN_RULES = 6


@dataclass(frozen=True, slots=True, kw_only=True)
class Terminal:
    """How a session talks: ``read`` gives the next line typed (``None`` when input ends), ``write`` prints one.

    ``prompt`` prints a question without ending the line (``write`` does when it is not given);
    ``echo`` prints each answer read (for a transcript of piped answers); ``color`` paints the
    verdicts; ``pace`` waits that many seconds between events.
    """

    read: Callable[[], str | None]
    write: Callable[[str], None]
    prompt: Callable[[str], None] | None = None
    echo: bool = True
    color: bool = False
    pace: float = 0.0


class _EndOfInput(Exception):
    pass


def _paint(io: Terminal, text: str, fg: str, *, bold: bool = True) -> str:
    return click.style(text, fg=fg, bold=bold) if io.color else text


def _ask(io: Terminal, prompt: str) -> str:
    (io.prompt or io.write)(prompt)
    line = io.read()
    if line is None:
        if io.prompt:
            io.write("")
        raise _EndOfInput
    line = line.rstrip("\r\n")
    if io.echo:
        io.write(line if io.prompt else f"  > {line}")
    return line


def _show_hand(q: Question, n: int, total: int, lang: str, io: Terminal) -> None:
    book = find_rulebook(q.rulebook)
    io.write("")
    head = _paint(io, f"=== {say('hand', lang, n=n, total=total)} ===", "cyan")
    io.write(f"{head}   {say('rulebook', lang, book=book.short)}")
    for line in table_lines(q.log, lang):
        io.write(line)
    io.write("")
    lines = event_lines(q.log, lang)
    width = len(str(len(lines)))
    for i, line in enumerate(lines, start=1):
        if io.pace:
            time.sleep(io.pace)
        if i == len(lines):
            line = _paint(io, line, "yellow") + " " + q.note_in(lang)
        io.write(f"  {i:>{width}}. {line}")
    io.write("")


def _ask_verdict(lang: str, io: Terminal) -> Verdict:
    while True:
        verdict = parse_verdict(_ask(io, say("ask_verdict", lang)))
        if verdict is not None:
            return verdict
        io.write(say("verdict_again", lang))


def _ask_choice(q: Question, verdict: Verdict, lang: str, io: Terminal) -> int:
    """The remedy, among those of the verdict given (numbered from 1); the index of the choice picked."""
    io.write(say("ask_remedy", lang))
    offered = q.choices_for(verdict)
    for n, i in enumerate(offered, start=1):
        lines = q.choice_lines(i, lang)
        io.write(f"  {n}) {lines[0]}")
        for more in lines[1:]:
            io.write(f"     {more}")
    n = len(offered)
    while True:
        text = _ask(io, say("ask_choice", lang, n=n)).strip()
        if text.isdigit() and 1 <= int(text) <= n:
            return offered[int(text) - 1]
        io.write(say("choice_again", lang, n=n))


def _rules_lines(ruling: Ruling, lang: str) -> list[str]:
    rules = catalog()
    lines = []
    for c in ruling.citations[:SHOWN_RULES]:
        rule = rules.get(c.rule)
        title = rule.title_in(lang) if rule else ""
        lines.append(f"  {c.rule:<22} {title} ({citation_text(c, lang)})")
    more = [c.rule for c in ruling.citations[SHOWN_RULES:]]
    if more:
        lines.append("  + " + ", ".join(more))
    return lines


def _mark(io: Terminal, right: bool, lang: str) -> str:
    return _paint(io, say("right", lang), "green") if right else _paint(io, say("wrong", lang), "red")


def _explain(q: Question, s: Score, lang: str, io: Terminal) -> None:
    ruling = q.answer.ruling
    io.write("")
    io.write(f"{say('ruling', lang)}: {verdict_text(ruling.verdict, lang)}   [{_mark(io, s.verdict_right, lang)}]")
    if s.verdict_right:  # the choices were numbered within the verdict's own remedies
        offered = q.choices_for(ruling.verdict)
        given = (f", {say('yours', lang)} {offered.index(s.given_choice) + 1}"
                 if s.given_choice in offered and not s.remedy_right else "")
        io.write(f"{say('remedy', lang)}: {say('choice', lang)} {offered.index(q.answer.choice) + 1}{given}   "
                 f"[{_mark(io, s.remedy_right, lang)}]")
    else:  # the remedies offered were those of another verdict
        io.write(f"{say('remedy', lang)}   [{_mark(io, s.remedy_right, lang)}]")
    for line in q.choice_lines(q.answer.choice, lang):
        io.write(f"  - {line}")
    io.write(f"{say('rules', lang)}:")
    for line in _rules_lines(ruling, lang):
        io.write(line)
    io.write(f"{say('why', lang)}: {explanation(ruling, lang)}")
    kinds = ", ".join(kind_name(k, lang) for k in q.kinds)
    io.write(say("source", lang, source=q.source, kinds=kinds))
    io.write(_paint(io, say("points", lang, points=s.points, out_of=s.out_of), "cyan"))


def summary_lines(scores: Sequence[Score], lang: str) -> list[str]:
    """The session by topic: questions, verdicts right, remedies right, points."""
    if not scores:
        return [say("none", lang)]
    summary = summarize(scores)
    fmt = "{topic:<28} {questions:>9} {verdicts:>11} {remedies:>9} {points:>7}"
    lines = [say("summary", lang), fmt.format(topic=say("topic", lang), questions=say("questions", lang),
                                              verdicts=say("verdicts", lang), remedies=say("remedies", lang),
                                              points=say("score", lang))]
    for row in (*summary.rows, summary.total):
        name = topic_name(row.topic, lang) if row.topic else say("total", lang)
        lines.append(fmt.format(topic=name, questions=row.questions, verdicts=f"{row.verdicts}/{row.questions}",
                                remedies=f"{row.remedies}/{row.questions}", points=f"{row.points}/{row.out_of}"))
    return lines


def run(questions: Sequence[Question], *, lang: str, io: Terminal) -> tuple[Score, ...]:
    """Ask every question in turn; stop early if the input ends. Returns the scores, after the summary."""
    scores: list[Score] = []
    try:
        for n, q in enumerate(questions, start=1):
            _show_hand(q, n, len(questions), lang, io)
            verdict = _ask_verdict(lang, io)
            choice = _ask_choice(q, verdict, lang, io)
            s = score(q, Answer(verdict=verdict, choice=choice))
            scores.append(s)
            _explain(q, s, lang, io)
    except _EndOfInput:
        io.write("")
        io.write(say("ended", lang))
    io.write("")
    for line in summary_lines(scores, lang):
        io.write(line)
    return tuple(scores)
