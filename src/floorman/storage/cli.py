"""``floorman verify-log``: walk the incident log's hash chain and report the first broken link;
and ``db_option``, the ``--db`` option of every command that opens the console's database.

Exit status 0 when every link holds (one summary line with the head to write down), 1 when a link
is broken or a head noted earlier is no longer in the log, 2 when the database cannot be read.
The database is opened read-only: nothing is created, migrated or changed, and a console may keep
running on it meanwhile.
"""

from __future__ import annotations

import json
import sys

import click

from floorman.cli_errors import fail
from floorman.storage.address import StoreAddress, default_database_path, parse_store_address
from floorman.storage.chain import ChainStatus, chain_status, link_of
from floorman.storage.errors import StorageError, StoreAddressError
from floorman.storage.sql import database_errors
from floorman.storage.stores import read_only

__all__ = ["db_option", "verify_log_cmd"]

EXIT_INTACT = 0
EXIT_BROKEN = 1
EXIT_UNREADABLE = 2


def _entries(n: int) -> str:
    return f"{n} {'entry' if n == 1 else 'entries'}"


def _before(held: int) -> str:
    if held == 0:
        return "it is the first entry"
    return "the entry before it holds" if held == 1 else f"the {held} entries before it hold"


def _parsed(ctx: click.Context, param: click.Parameter, value: str | None) -> StoreAddress:
    try:
        return parse_store_address(value)
    except StoreAddressError as exc:
        fail(str(exc))
        raise  # pragma: no cover - fail() exits


def db_option(f: click.decorators.FC) -> click.decorators.FC:
    """``--db``, parsed once by ``parse_store_address`` for every command: the command gets a ``StoreAddress``
    (a value that is neither a file path nor a supported URL ends the command with one line, status 2)."""
    return click.option(
        "--db", "store", metavar="PATH|URL", default=None, callback=_parsed,
        help=f"The database: a file path, sqlite:///PATH or postgresql://USER@HOST/NAME "
             f"(default: {default_database_path()}).",
    )(f)


def _check(store: StoreAddress, head: str | None) -> tuple[ChainStatus, bool]:
    """The chain's status, and whether the noted head (if any) is still a link of it."""
    try:
        with read_only(store) as conn:
            status = chain_status(conn)
            reaches = head is None or link_of(conn, head) is not None
    except database_errors() as exc:
        raise StorageError(f"{store}: cannot read the incident log ({exc})") from None
    return status, reaches


@click.command("verify-log")
@db_option
@click.option("--head", metavar="HASH", default=None,
              help="A head hash written down earlier (from this command or an export): it must still be in the log.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def verify_log_cmd(store: StoreAddress, head: str | None, as_json: bool) -> None:
    """Check the incident log's hash chain; report the first broken link."""
    try:
        status, reaches = _check(store, head)
    except StorageError as exc:
        click.echo(f"floorman: {exc}", err=True)
        sys.exit(EXIT_UNREADABLE)
    broken = status.broken
    if as_json:
        click.echo(json.dumps({
            "database": store.shown, "entries": status.entries, "head": status.head,
            "intact": broken is None and reaches, "head_found": reaches if head is not None else None,
            "broken": {"incident": broken.incident_id, "reason": broken.reason} if broken else None,
        }))
    elif broken is not None:
        click.echo(f"incident log broken at incident {broken.incident_id}: {broken.reason}; "
                   f"{_before(status.entries - 1)}")
    elif not reaches:
        click.echo(f"incident log does not reach the head {head} noted earlier: entries were cut from its end "
                   f"or the log was rewritten ({_entries(status.entries)} now, head {status.head})")
    else:
        click.echo(f"incident log intact: {_entries(status.entries)}, head {status.head}")
    sys.exit(EXIT_INTACT if broken is None and reaches else EXIT_BROKEN)
