"""``floorman drill``: ruling drills on real hands in the terminal.

Answers are read from standard input one line at a time, so a session can be scripted::

    printf 'm\\n1\\np\\n2\\n' | floorman drill --seed 7 --count 2
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from floorman.cli.errors import error_edge, lang_option
from floorman.drill.hands import load_hands
from floorman.drill.model import Kind, Topic
from floorman.drill.questions import make_questions
from floorman.drill.session import Terminal, run
from floorman.drill.words import say
from floorman.law.rulebooks import BOOK_IDS

__all__ = ["drill_cmd"]

HAND_FILES = 400
"""How many files of a folder of hands a session reads (picked with the seed)."""


def _read_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


@click.command("drill")
@click.option("--rulebook", "-r", metavar="ID", help=f"Rulebook id or alias ({', '.join(BOOK_IDS)}).")
@click.option("--topic", "topics", multiple=True, type=click.Choice([t.value for t in Topic]),
              help="Drill only this topic (repeat for several).")
@click.option("--kind", "kinds", multiple=True, type=click.Choice([k.value for k in Kind]),
              help="Drill only this irregularity (repeat for several).")
@lang_option("Language of every prompt and explanation.")
@click.option("--count", "-n", type=click.IntRange(1, 200), default=5, show_default=True, help="Number of questions.")
@click.option("--seed", "-s", type=int, default=None, help="Seed: the same seed gives the same drill.")
@click.option("--hands", "hands_path", type=click.Path(path_type=Path), default=None,
              help="PHH files or hand logs (a file or a folder); default: the real hands shipped with floorman.")
@click.option("--per-hand", type=click.IntRange(1, 3), default=1, show_default=True,
              help="Irregularities put into each hand.")
@click.option("--color/--no-color", default=None, help="Colour the answers (default: when writing to a terminal).")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.0, help="Seconds between events, to watch the hand.")
def drill_cmd(rulebook: str | None, topics: tuple[str, ...], kinds: tuple[str, ...], lang: str, count: int,
              seed: int | None, hands_path: Path | None, per_hand: int, color: bool | None, pace: float) -> None:
    """Rule on real hands with irregularities put in: misdeal, void or play on, then the remedy."""
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    with error_edge(lang=lang):
        hands = load_hands(hands_path, limit=HAND_FILES, seed=seed) if hands_path else None
        questions = make_questions(hands, seed=seed, count=count, topics=topics or None, kinds=kinds or None,
                                   rulebook=rulebook, per_hand=per_hand)
    use_color = sys.stdout.isatty() if color is None else color
    click.echo(say("seed", lang, seed=seed))
    if len(questions) < count:
        click.echo(say("fewer", lang, n=len(questions)))
    io = Terminal(read=_read_line, write=lambda line: click.echo(line, color=use_color),
                  prompt=lambda text: click.echo(text, nl=False, color=use_color),
                  echo=not sys.stdin.isatty(), color=use_color, pace=pace)
    run(questions, lang=lang, io=io)
