"""Where the command line translates errors: one line on standard error, exit status 2."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import click

from floorman.errors import FloormanError

__all__ = ["error_edge", "fail"]


def fail(message: str) -> None:
    """Print ``floorman: message`` as one line on standard error and exit with status 2."""
    line = message.replace("\r", "\\r").replace("\n", "\\n")
    click.echo(f"floorman: {line}", err=True)
    sys.exit(2)


@contextmanager
def error_edge(*also: type[Exception], lang: str = "en") -> Iterator[None]:
    """Turn ``FloormanError`` (said in ``lang``), ``also`` and unreadable files into ``fail``."""
    caught: tuple[type[Exception], ...] = (FloormanError, *also)
    try:
        yield
    except caught as exc:
        fail(exc.say(lang) if isinstance(exc, FloormanError) else str(exc))
    except OSError as exc:
        fail(f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc) or type(exc).__name__)
