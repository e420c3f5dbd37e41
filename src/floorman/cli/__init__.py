"""The ``floorman`` command: a thin skin over the library.

Errors are translated here and only here: any ``FloormanError`` (or an unreadable file)
becomes one line on standard error and exit status 2.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import sys
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import click

from floorman.cli.errors import error_edge, is_output_failure, lang_option, output_failed, words
from floorman.engine.hand import rule
from floorman.errors import LogError
from floorman.fold.log import HandLog
from floorman.formats import handlog, house
from floorman.formats import ruling as ruling_json
from floorman.formats.files import read_bounded, read_file
from floorman.formats.handlog import JsonEncoder
from floorman.law.rulebooks import BOOK_IDS, Rulebook, find_rule, find_rulebook

__all__ = ["main"]

# The command's process is about to end: the collection Python runs as it exits would visit every object the
# command made only to free what exiting frees anyway (about a tenth of a short command's time). Frozen, they
# are left to the exit; everything that must be written is closed by the commands themselves.
atexit.register(gc.freeze)

F = TypeVar("F", bound=Callable[..., Any])




def _read_log(path: str) -> HandLog:
    """The hand log at ``path`` (``-``: standard input; a named pipe is read as it is), at most ``MAX_HAND_BYTES``."""
    if path == "-":
        source = "<stdin>"
        data = read_bounded(sys.stdin.buffer, source=source)
    else:
        source = path
        data = read_file(path)
    try:
        return handlog.loads(data)
    except LogError as exc:
        raise exc.located(source=source) from None


def _book(rulebook: str | None, house_file: str | None, log: HandLog | None = None) -> Rulebook:
    if house_file:
        return house.load(house_file)
    return find_rulebook(rulebook or (log.rulebook if log else None))


def _house_option(f: F) -> F:
    return click.option("--house", "house_file", metavar="FILE", help="House-rules TOML that adjusts a rulebook.")(f)


class _Commands(click.Group):
    """The commands that live with their own layer (batches, the drill, the MCP server, the console and its
    store) are imported when one of them is asked for: ``floorman audit`` starts without the console."""

    LAYERED: ClassVar[dict[str, tuple[str, str]]] = {
        "audit": ("floorman.cli.batch", "audit_cmd"),
        "convert": ("floorman.cli.batch", "convert_cmd"),
        "db": ("floorman.cli.store", "db_cmd"),
        "drill": ("floorman.cli.drill", "drill_cmd"),
        "mcp": ("floorman.cli.mcp", "mcp_cmd"),
        "rooms": ("floorman.cli.store", "rooms_cmd"),
        "serve": ("floorman.cli.serve", "serve_cmd"),
        "users": ("floorman.cli.serve", "users_cmd"),
        "verify-log": ("floorman.cli.store", "verify_log_cmd"),
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.LAYERED})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.LAYERED:
            module, name = self.LAYERED[cmd_name]
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; what it prints that cannot be written (a full disk, a pipe nobody reads) is one line
        and status 2, never a traceback."""
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if not is_output_failure(exc):
                raise
            output_failed(exc, exc.filename)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """The command, then what is still held for standard output written out while a failure can be said."""
        try:
            return super().main(*args, **kwargs)
        finally:
            try:
                sys.stdout.flush()
            except OSError as exc:
                output_failed(exc)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="floorman")
def main() -> None:
    """Rulings on live-poker dealing irregularities, with the rules to show the table.

    Every command speaks English or Vietnamese: --lang en|vi, or FLOORMAN_LANG=vi for every command.
    """


@main.command("rule")
@click.argument("log", metavar="LOG")
@click.option("--rulebook", "-r", metavar="ID", help=f"Rulebook id or alias ({', '.join(BOOK_IDS)}).")
@_house_option
@click.option("--json", "as_json", is_flag=True, help="Print the ruling object (hand-log format, section 3).")
@click.option("--color/--no-color", default=None, help="Colour the verdict (default: when writing to a terminal).")
@lang_option("Language of the ruling text.")
def rule_cmd(
    log: str, rulebook: str | None, house_file: str | None, as_json: bool, color: bool | None, lang: str
) -> None:
    """Rule on a hand log (LOG is a .json file, or - for standard input)."""
    with error_edge(lang=lang):
        hand_log = _read_log(log)
        book = _book(rulebook, house_file, hand_log)
        result = rule(hand_log, rulebook=book)
    if as_json:
        click.echo(ruling_json.dumps(result))
        return
    from floorman.words.rulings import result_lines  # (the words of a ruling: imported by the commands that print them)

    use_color = sys.stdout.isatty() if color is None else color
    for line in result_lines(result, color=use_color, lang=lang):
        click.echo(line, color=use_color)


@main.command("rules")
@click.option("--rulebook", "-r", metavar="ID", help="Cite every rule in this book.")
@click.option("--search", "-s", "search", metavar="WORDS",
              help="Only the rules these words find (English or Vietnamese, accents optional), best first.")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@lang_option("Language of the heading and the rules' titles (--json gives both).")
def rules_cmd(rulebook: str | None, search: str | None, as_json: bool, lang: str) -> None:
    """Every rule id with its citation."""
    from floorman.words.reference import rule_rows, search_rules

    with error_edge(lang=lang):
        book = find_rulebook(rulebook)
    rows = rule_rows(book)
    if search is not None:
        by_id = {row["rule"]: row for row in rows}
        rows = [by_id[hit.rule.id] for hit in search_rules(search, limit=len(by_id))]
    if as_json:
        click.echo(json.dumps({"rulebook": book.id, "rules": rows}, indent=1, ensure_ascii=False))
        return
    name = book.name_in(lang)
    if search is None:
        click.echo(words("cli.rules.count", lang, book=name, id=book.id, n=len(rows)))
    else:
        click.echo(words("cli.rules.count_found", lang, book=name, id=book.id, n=len(rows), words=repr(search)))
    for row in rows:
        click.echo(f"{row['rule']:<26} {find_rule(row['rule']).title_in(lang):<44} {row['source']}")


@main.command("explain")
@click.argument("rule_id", metavar="RULE-ID")
@lang_option("Language of the explanation.")
def explain_cmd(rule_id: str, lang: str) -> None:
    """One rule: what it says in our words, and where each rulebook has it."""
    from floorman.words.reference import explain_lines

    with error_edge(lang=lang):
        r = find_rule(rule_id)
    for line in explain_lines(r, lang, bold=True):
        click.echo(line)


@main.command("compare")
@click.argument("log", metavar="LOG")
@_house_option
@click.option("--json", "as_json", is_flag=True, help="Print every book's ruling object as JSON.")
@lang_option("Language of the table.")
def compare_cmd(log: str, house_file: str | None, as_json: bool, lang: str) -> None:
    """The ruling under every rulebook (and a house file), side by side."""
    from floorman.words.compare import compare, compare_lines, compare_obj

    with error_edge(lang=lang):
        hand_log = _read_log(log)
        results = compare(hand_log, also=[house.load(house_file)] if house_file else [])
    if as_json:
        click.echo(json.dumps(compare_obj(results), cls=JsonEncoder, indent=1, ensure_ascii=False))
        return
    for line in compare_lines(results, lang=lang):
        click.echo(line)
