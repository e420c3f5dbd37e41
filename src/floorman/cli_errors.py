"""Where the command line speaks: the ``--lang`` every command takes, its words from the catalog, and errors as one
line on standard error with exit status 2.

Every command that prints words takes ``--lang en|vi``; ``FLOORMAN_LANG`` gives the default (English when unset).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from floorman.errors import FloormanError
from floorman.locale import DEFAULT_LANG, LANGS, Message, say

__all__ = ["LANG_ENV", "error_edge", "fail", "lang_of_context", "lang_option", "words"]

LANG_ENV = "FLOORMAN_LANG"
"""The environment variable that chooses the language of every command (``--lang`` wins over it)."""

F = TypeVar("F", bound=Callable[..., Any])


def lang_option(about: str = "Language of what the command prints.") -> Callable[[F], F]:
    """``--lang en|vi``: read before the command's other options (their checks speak it too), default from
    ``FLOORMAN_LANG``, else English."""
    return click.option("--lang", type=click.Choice(LANGS), default=DEFAULT_LANG, envvar=LANG_ENV, show_default=True,
                        show_envvar=True, is_eager=True, help=about)


def lang_of_context(ctx: click.Context) -> str:
    """The language a command's options chose so far (``--lang`` is read first): for an option's own check."""
    lang = ctx.params.get("lang")
    return lang if isinstance(lang, str) and lang in LANGS else DEFAULT_LANG


def words(message_id: str, lang: str, /, **facts: Any) -> str:
    """A line (or a word) of the command line in ``lang``, from the catalog."""
    return say(Message.of(message_id, **facts), lang)


def fail(message: str) -> None:
    """Print ``floorman: message`` as one line on standard error and exit with status 2."""
    line = message.replace("\r", "\\r").replace("\n", "\\n")
    click.echo(f"floorman: {line}", err=True)
    sys.exit(2)


@contextmanager
def error_edge(*also: type[Exception], lang: str = DEFAULT_LANG) -> Iterator[None]:
    """Turn ``FloormanError`` (said in ``lang``), ``also`` and unreadable files into ``fail``."""
    caught: tuple[type[Exception], ...] = (FloormanError, *also)
    try:
        yield
    except caught as exc:
        fail(exc.say(lang) if isinstance(exc, FloormanError) else str(exc))
    except OSError as exc:
        fail(f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc) or type(exc).__name__)
