"""The ``floorman`` command: a thin skin over the library.

Errors are translated here and only here: any ``FloormanError`` (or an unreadable file)
becomes one line on standard error and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from floorman.cli_errors import error_edge
from floorman.errors import LogError
from floorman.formats import handlog, house
from floorman.formats import ruling as ruling_json
from floorman.formats.handlog import _Encoder
from floorman.hand import rule
from floorman.log import HandLog
from floorman.rulebooks import BOOK_IDS, Rulebook, catalog, find_rule, find_rulebook, rulebooks
from floorman.text import LANGS, compare_words, result_lines

__all__ = ["main"]

F = TypeVar("F", bound=Callable[..., Any])




def _read_log(path: str) -> HandLog:
    if path == "-":
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        data = Path(path).read_bytes()
        source = path
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="floorman")
def main() -> None:
    """Rulings on live-poker dealing irregularities, with the rules to show the table."""


@main.command("rule")
@click.argument("log", metavar="LOG")
@click.option("--rulebook", "-r", metavar="ID", help=f"Rulebook id or alias ({', '.join(BOOK_IDS)}).")
@_house_option
@click.option("--json", "as_json", is_flag=True, help="Print the ruling object (hand-log format, section 3).")
@click.option("--color/--no-color", default=None, help="Colour the verdict (default: when writing to a terminal).")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of the ruling text.")
def rule_cmd(
    log: str, rulebook: str | None, house_file: str | None, as_json: bool, color: bool | None, lang: str
) -> None:
    """Rule on a hand log (LOG is a .json file, or - for standard input)."""
    with error_edge():
        hand_log = _read_log(log)
        book = _book(rulebook, house_file, hand_log)
        result = rule(hand_log, rulebook=book)
    if as_json:
        click.echo(ruling_json.dumps(result))
        return
    use_color = sys.stdout.isatty() if color is None else color
    for line in result_lines(result, color=use_color, lang=lang):
        click.echo(line, color=use_color)


@main.command("rules")
@click.option("--rulebook", "-r", metavar="ID", help="Cite every rule in this book.")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def rules_cmd(rulebook: str | None, as_json: bool) -> None:
    """Every rule id with its citation."""
    with error_edge():
        book = find_rulebook(rulebook)
    rows = []
    for rule_id, r in catalog().items():
        c = book.citation(rule_id)
        rows.append({"rule": rule_id, "title": r.title, "tag": r.tag, "source": c.source})
    if as_json:
        click.echo(json.dumps({"rulebook": book.id, "rules": rows}, indent=1, ensure_ascii=False))
        return
    click.echo(f"{book.name} ({book.id}): {len(rows)} rules")
    for row in rows:
        click.echo(f"{row['rule']:<26} {row['title']:<44} {row['source']}")


@main.command("explain")
@click.argument("rule_id", metavar="RULE-ID")
@click.option("--lang", type=click.Choice(["en", "vi"]), default="en", show_default=True)
def explain_cmd(rule_id: str, lang: str) -> None:
    """One rule: what it says in our words, and where each rulebook has it."""
    with error_edge():
        r = find_rule(rule_id)
    title = r.title_vi if lang == "vi" else r.title
    text = r.paraphrase_vi if lang == "vi" else r.paraphrase
    click.echo(click.style(f"{r.id}: {title}", bold=True) + f"   [{r.tag}]")
    click.echo(text)
    click.echo("")
    call = "quyền quyết định của floor" if lang == "vi" else "floor's call"
    for book in rulebooks().values():
        c = book.citation(r.id)
        reason = book.discretion_reason(r.id, lang)
        mark = f"  ({call}: {reason})" if reason else ""
        click.echo(f"  {book.short:<18} {c.source_vi if lang == 'vi' else c.source}{mark}")


@main.command("compare")
@click.argument("log", metavar="LOG")
@_house_option
@click.option("--json", "as_json", is_flag=True, help="Print every book's ruling object as JSON.")
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of the table.")
def compare_cmd(log: str, house_file: str | None, as_json: bool, lang: str) -> None:
    """The ruling under every rulebook (and a house file), side by side."""
    with error_edge():
        hand_log = _read_log(log)
        books: list[Rulebook] = list(rulebooks().values())
        if house_file:
            books.append(house.load(house_file))
        results = [rule(hand_log, rulebook=b) for b in books]
    if as_json:
        objs = [ruling_json.to_obj(r) for r in results]
        click.echo(json.dumps({"floorman": 1, "compare": objs}, cls=_Encoder, indent=1, ensure_ascii=False))
        return
    say = compare_words(lang)
    rows = []
    for book, result in zip(books, results, strict=True):
        r = result.ruling
        name = book.short + (f" + {book.house}" if book.house else "")
        steps = "; ".join(m.do.value for m in r.remedies) or "-"
        rows.append((name, say[r.verdict.value], say["yes"] if r.substantial_action else say["no"],
                     say["yes"] if r.discretion else "", ", ".join(r.rules[:4]), steps))
    verdicts = {row[1] for row in rows}
    head = (say["rulebook"], say["verdict"], "SA", say["discr"], "rules", "remedies")
    widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(4)]
    click.echo("  ".join(h.ljust(w) for h, w in zip(head[:4], widths, strict=False)) + "  " + say["rules_remedies"])
    for row in rows:
        line = "  ".join(str(v).ljust(w) for v, w in zip(row[:4], widths, strict=False))
        differs = len(verdicts) > 1 and row[1] != rows[0][1]
        click.echo((click.style(line, fg="yellow", bold=True) if differs else line) + f"  {row[4]} / {row[5]}")
    if len(verdicts) > 1:
        click.echo(click.style(say["disagree"], fg="yellow"))


def _register() -> None:
    """The commands that live with their own layer: batches, the drill, the console and its store."""
    from floorman.cli_batch import audit_cmd, convert_cmd
    from floorman.drill.cli import drill_cmd
    from floorman.storage.cli import verify_log_cmd
    from floorman.web.cli import serve_cmd, users_cmd

    for command in (audit_cmd, convert_cmd, drill_cmd, serve_cmd, users_cmd, verify_log_cmd):
        main.add_command(command)


_register()
