"""Where the command line speaks: the ``--lang`` every command takes, its words from the catalog, and errors as one
line on standard error with exit status 2.

Every command that prints words takes ``--lang en|vi``; ``FLOORMAN_LANG`` gives the default (English when unset).
What comes from the input (a file's name, a table, a dealer) is printed with its control characters escaped
(``printable``): a name cannot clear the screen, ring the bell or write a line of its own.

>>> printable("table 7\\x1b[2J\\x07\\n")
'table 7\\\\x1b[2J\\\\x07\\\\n'
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, NoReturn, TypeVar

import click

from floorman.errors import FloormanError, OutputError
from floorman.locale import DEFAULT_LANG, LANGS, Message, say

__all__ = ["LANG_ENV", "error_edge", "fail", "is_output_failure", "lang_of_context", "lang_option", "output_failed",
           "printable", "words"]

LANG_ENV = "FLOORMAN_LANG"
"""The environment variable that chooses the language of every command (``--lang`` wins over it)."""

F = TypeVar("F", bound=Callable[..., Any])


_spoken = [DEFAULT_LANG]
"""The language the running command speaks (its ``--lang``): for a failure found outside the command's own code."""

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Control characters, line and paragraph separators, and the marks that turn text right to left."""

_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF,
                            errno.ECONNRESET, errno.EROFS})
"""The errors of a write that cannot be made: a pipe nobody reads, a full disk, a closed or read-only output."""


def _remember(ctx: click.Context, param: click.Parameter, value: str) -> str:
    _spoken[0] = value
    return value


def lang_option(about: str = "Language of what the command prints.") -> Callable[[F], F]:
    """``--lang en|vi``: read before the command's other options (their checks speak it too), default from
    ``FLOORMAN_LANG``, else English."""
    return click.option("--lang", type=click.Choice(LANGS), default=DEFAULT_LANG, envvar=LANG_ENV, show_default=True,
                        show_envvar=True, is_eager=True, callback=_remember, help=about)


def printable(text: str) -> str:
    """``text`` as a terminal shows it safely: each control character written as its escape (``\\x1b``, ``\\n``)."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def lang_of_context(ctx: click.Context) -> str:
    """The language a command's options chose so far (``--lang`` is read first): for an option's own check."""
    lang = ctx.params.get("lang")
    return lang if isinstance(lang, str) and lang in LANGS else DEFAULT_LANG


def words(message_id: str, lang: str, /, **facts: Any) -> str:
    """A line (or a word) of the command line in ``lang``, from the catalog."""
    return say(Message.of(message_id, **facts), lang)


def fail(message: str) -> NoReturn:
    """Print ``floorman: message`` as one line on standard error (control characters escaped) and exit with
    status 2."""
    click.echo(f"floorman: {printable(message)}", err=True)
    sys.exit(2)


def is_output_failure(exc: OSError) -> bool:
    """Whether ``exc`` is a write that cannot be made (a full disk, a pipe nobody reads), not a file to read."""
    return exc.errno in _OUTPUT_ERRNOS


def output_failed(exc: OSError, where: str | None = None, *, lang: str | None = None) -> NoReturn:
    """What a command writes cannot be written to ``where`` (standard output when ``None``): one line, status 2.

    Standard output is pointed at nothing first, so that what is still held for it is not written again (and
    refused again) as the process exits.
    """
    if where is None:
        with suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
    error = OutputError("error.output.unwritable", where=where or Message.of("error.output.stdout"),
                        reason=exc.strerror or type(exc).__name__)
    fail(error.say(lang or _spoken[0]))


@contextmanager
def error_edge(*also: type[Exception], lang: str = DEFAULT_LANG) -> Iterator[None]:
    """Turn ``FloormanError`` (said in ``lang``), ``also``, unreadable files and output that cannot be written
    into ``fail``."""
    caught: tuple[type[Exception], ...] = (FloormanError, *also)
    try:
        yield
    except caught as exc:
        fail(exc.say(lang) if isinstance(exc, FloormanError) else str(exc))
    except OSError as exc:
        if is_output_failure(exc) and not exc.filename:
            output_failed(exc, lang=lang)
        fail(f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc) or type(exc).__name__)
