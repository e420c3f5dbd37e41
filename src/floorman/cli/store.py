"""``floorman verify-log``: walk the incident log's hash chain and report the first broken link;
``floorman rooms`` (the rooms of a group) and ``floorman db copy`` (a room moved to another
database); and ``db_option``, the ``--db`` option of every command that opens the console's database.

Exit status 0 when every link holds (one summary line with the head to write down), 1 when a link
is broken or a head noted earlier is no longer in the log, 2 when the database cannot be read.
The database is opened read-only: nothing is created, migrated or changed, and a console may keep
running on it meanwhile.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from floorman.cli.errors import error_edge, fail, lang_of_context, lang_option, words
from floorman.locale import say
from floorman.storage.address import StoreAddress, StoreKind, default_database_path, parse_store_address
from floorman.storage.chain import ChainStatus, chain_status, link_of
from floorman.storage.copying import copy_room
from floorman.storage.database import utc_now
from floorman.storage.errors import StorageError, StoreAddressError
from floorman.storage.rooms import Rooms
from floorman.storage.sql import Connection, database_errors
from floorman.storage.stores import open_database, read_only

__all__ = ["db_cmd", "db_option", "rooms_cmd", "verify_log_cmd"]

EXIT_INTACT = 0
EXIT_BROKEN = 1
EXIT_UNREADABLE = 2


def _entries(n: int, lang: str) -> str:
    return words("cli.verify_log.entries", lang, n=n)


def _before(held: int, lang: str) -> str:
    if held == 0:
        return words("cli.verify_log.before.none", lang)
    return words("cli.verify_log.before.one" if held == 1 else "cli.verify_log.before.many", lang, n=held)


def _parsed(ctx: click.Context, param: click.Parameter, value: str | None) -> StoreAddress:
    try:
        return parse_store_address(value)
    except StoreAddressError as exc:
        fail(exc.say(lang_of_context(ctx)))
        raise  # pragma: no cover - fail() exits


def db_option(f: click.decorators.FC) -> click.decorators.FC:
    """``--db``, parsed once by ``parse_store_address`` for every command: the command gets a ``StoreAddress``
    (a value that is neither a file path nor a supported URL ends the command with one line, status 2)."""
    return click.option(
        "--db", "store", metavar="PATH|URL", default=None, callback=_parsed,
        help=f"The database: a file path, sqlite:///PATH or postgresql://USER@HOST/NAME "
             f"(default: {default_database_path()}).",
    )(f)


def _rooms(conn: Connection) -> list[tuple[int | None, str]]:
    """The rooms whose chains to walk (one chain with no room for a database from before rooms)."""
    try:
        return [(int(r[0]), str(r[1])) for r in conn.execute("SELECT id, slug FROM rooms ORDER BY id")]
    except database_errors():
        return [(None, "")]


def _check(store: StoreAddress, head: str | None) -> tuple[list[tuple[str, ChainStatus]], bool]:
    """Each room's chain status, and whether the noted head (if any) is still a link of the log."""
    try:
        with read_only(store) as conn:
            statuses = [(slug, chain_status(conn, room_id=room)) for room, slug in _rooms(conn)]
            reaches = head is None or link_of(conn, head) is not None
    except database_errors() as exc:
        raise StorageError("error.storage.cli.cannot_read_incident_log", store=store, exc=exc) from None
    return statuses, reaches


def _said(slug: str, line: str, many: bool, lang: str) -> str:
    return words("cli.verify_log.room", lang, slug=slug, line=line) if many else line


@click.command("verify-log")
@db_option
@click.option("--head", metavar="HASH", default=None,
              help="A head hash written down earlier (from this command or an export): it must still be in the log.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@lang_option("Language of the result and of the error line (--json is the same in every language).")
def verify_log_cmd(store: StoreAddress, head: str | None, as_json: bool, lang: str) -> None:
    """Check the incident log's hash chain (each room's); report the first broken link."""
    try:
        statuses, reaches = _check(store, head)
    except StorageError as exc:
        click.echo(f"floorman: {exc.say(lang)}", err=True)
        sys.exit(EXIT_UNREADABLE)
    intact = all(status.broken is None for _, status in statuses) and reaches
    many = len(statuses) > 1
    if as_json:
        def obj(status: ChainStatus) -> dict[str, Any]:
            broken = status.broken
            return {"entries": status.entries, "head": status.head, "intact": broken is None,
                    "broken": {"incident": broken.incident_id, "reason": broken.reason} if broken else None}

        first = obj(statuses[0][1])
        click.echo(json.dumps({
            "database": store.shown, **first, "intact": intact, "head_found": reaches if head is not None else None,
            "rooms": {slug or "main": obj(status) for slug, status in statuses},
        }))
        sys.exit(EXIT_INTACT if intact else EXIT_BROKEN)
    for slug, status in statuses:
        broken = status.broken
        if broken is not None:
            click.echo(_said(slug, words("cli.verify_log.broken", lang, incident=broken.incident_id,
                                         reason=broken.says(lang), before=_before(status.entries - 1, lang)),
                             many, lang))
        else:
            click.echo(_said(slug, words("cli.verify_log.intact", lang, entries=_entries(status.entries, lang),
                                         head=status.head), many, lang))
    if not reaches:
        total = sum(status.entries for _, status in statuses)
        click.echo(words("cli.verify_log.head_lost", lang, head=head, entries=_entries(total, lang)))
    sys.exit(EXIT_INTACT if intact else EXIT_BROKEN)


@click.group("rooms")
def rooms_cmd() -> None:
    """The rooms of a group: each with its tables, its staff and its own incident chain."""


@rooms_cmd.command("add")
@click.argument("slug")
@click.option("--name", default="", help="The room's full name (default: SLUG).")
@db_option
@lang_option()
def rooms_add_cmd(slug: str, name: str, store: StoreAddress, lang: str) -> None:
    """Add a room named SLUG (lower-case letters, digits and dashes)."""
    with error_edge(lang=lang):
        db = open_database(store)
        db.migrate()
        with db.transaction() as conn:
            room = Rooms(conn).add(slug, name or slug, now=utc_now())
    click.echo(words("cli.rooms.added", lang, slug=room.slug, name=room.name))


@rooms_cmd.command("list")
@db_option
@lang_option()
def rooms_list_cmd(store: StoreAddress, lang: str) -> None:
    """Every room, with its hands and incidents."""
    with error_edge(lang=lang):
        db = open_database(store)
        db.migrate()
        with db.connect() as conn:
            rooms = Rooms(conn).all()
            counts = {int(r[0]): (int(r[1]), int(r[2])) for r in conn.execute(
                "SELECT r.id, (SELECT COUNT(*) FROM hands h WHERE h.room_id = r.id), "
                "(SELECT COUNT(*) FROM incidents i WHERE i.room_id = r.id) FROM rooms r")}
    for room in rooms:
        hands, incidents = counts.get(room.id, (0, 0))
        click.echo(words("cli.rooms.row", lang, slug=f"{room.slug:<20}", hands=f"{hands:>7}",
                         incidents=f"{incidents:>7}", name=room.name))


@click.group("db")
def db_cmd() -> None:
    """The console's database as a whole."""


@db_cmd.command("copy")
@click.argument("source")
@click.argument("target")
@click.option("--room", default=None, help="The room to copy (default: the source's only room).")
@lang_option()
def db_copy_cmd(source: str, target: str, room: str | None, lang: str) -> None:
    """Copy a room's records from SOURCE (an SQLite file) to TARGET (a postgresql:// URL, or another file),
    ids and hashes as they are, and check the room's chain on arrival."""
    with error_edge(lang=lang):
        from_address, to_address = parse_store_address(source), parse_store_address(target)
        if from_address.kind is StoreKind.SQLITE and not Path(from_address.target).is_file():
            raise StorageError("error.storage.cli.database", the_source=source)
        source_db, target_db = open_database(from_address), open_database(to_address)
        try:
            report = copy_room(source_db, target_db, room=room,
                               progress=lambda message: click.echo(say(message, lang), err=True))
        finally:
            source_db.close()
            target_db.close()
    kept = words("cli.db.kept", lang, names=", ".join(report.accounts_kept)) if report.accounts_kept else ""
    click.echo(words("cli.db.copied", lang, room=report.room, target=to_address.shown, hands=report.hands,
                     events=report.events, entries=_entries(report.incidents, lang),
                     added=len(report.accounts_added), kept=kept, head=report.head))
