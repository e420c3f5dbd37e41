"""The console's commands: ``floorman serve`` and ``floorman users``.

The main ``floorman`` group registers ``serve_cmd`` and ``users_cmd``; errors become one line on
standard error and exit status 2, as everywhere in the command line.
"""

from __future__ import annotations

import copy
import gc
import sys
from datetime import UTC, datetime
from typing import Any

import click

from floorman.cli.errors import error_edge, fail, lang_option, words
from floorman.cli.store import db_option
from floorman.storage import Accounts, Database, PasswordHasher, Role, StoreAddress, User, open_database
from floorman.storage.errors import NotFoundError
from floorman.storage.rooms import Rooms

__all__ = ["serve_cmd", "users_cmd"]


def _open(store: StoreAddress) -> Database:
    db = open_database(store)
    db.migrate()
    return db


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="The port.")
@db_option
@click.option("--certfile", type=click.Path(exists=True, dir_okay=False), help="Serve over TLS with this certificate.")
@click.option("--keyfile", type=click.Path(exists=True, dir_okay=False), help="The TLS certificate's private key.")
@click.option("--page-again-after", default=60.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Seconds after which a floor call nobody acknowledged is raised again.")
@lang_option("Language of what the command prints (the console's pages follow each browser's choice).")
def serve_cmd(host: str, port: int, store: StoreAddress, certfile: str | None, keyfile: str | None,
              page_again_after: float, lang: str) -> None:
    """Start the floor console (a local web app) on HOST:PORT."""
    try:
        import uvicorn

        from floorman.web.app import create_app
    except ImportError as exc:  # pragma: no cover - depends on how floorman was installed
        fail(words("cli.serve.needs_web", lang, error=str(exc)))
        return
    with error_edge(lang=lang):
        app = create_app(store, page_again_after=page_again_after)
    _settle(app)
    with error_edge(lang=lang), app.state.services.db.connect() as conn:
        accounts = Accounts(conn).count()
    scheme = "https" if certfile else "http"
    click.echo(words("cli.serve.listening", lang, url=f"{scheme}://{host}:{port}/", database=store.shown))
    if accounts == 0:
        click.echo(words("cli.serve.no_accounts", lang))
    uvicorn.run(app, host=host, port=port, ssl_certfile=certfile, ssl_keyfile=keyfile, log_level="info",
                log_config=_log_config(uvicorn.config.LOGGING_CONFIG), proxy_headers=False, server_header=False)


def _settle(app: Any) -> None:
    """Load what every request uses (rulebooks, compiled templates, the first walk of the hash chain)
    before serving, then set it aside from the garbage collector: it lives as long as the process, and
    scanning it again and again would only pause requests."""
    from floorman.law.rulebooks import catalog, rulebooks

    catalog()
    rulebooks()
    svc = app.state.services
    svc.pages.preload()
    with svc.db.connect() as conn:
        svc.chain_watch.status(conn)  # the first walk of the whole incident log, before any page waits for it
    gc.collect()
    gc.freeze()


def _log_config(base: dict[str, Any]) -> dict[str, Any]:
    """uvicorn's logging, with the console's own warnings (failed logins, errors) in the same format."""
    config = copy.deepcopy(base)
    config["loggers"]["floorman"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


@click.group("users")
def users_cmd() -> None:
    """Accounts of the floor console: dealers, floor staff and directors."""


def _password(from_stdin: bool, lang: str) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return str(click.prompt(words("cli.users.password", lang), hide_input=True,
                            confirmation_prompt=words("cli.users.password_again", lang)))


def _found(accounts: Accounts, name: str) -> User:
    """The account named ``name``, or the store's error that there is none."""
    user = accounts.find(name)
    if user is None:
        raise NotFoundError("error.storage.accounts.user", user_id=repr(name))
    return user


@users_cmd.command("add")
@click.argument("name")
@click.option("--role", type=click.Choice([r.value for r in Role]), required=True, help="What the account may do.")
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of standard input.")
@click.option("--room", "rooms", multiple=True, metavar="SLUG",
              help="A room the account works in (again for more); without it, every room (the group's staff).")
@db_option
@lang_option()
def add_cmd(name: str, role: str, password_stdin: bool, rooms: tuple[str, ...], store: StoreAddress,
            lang: str) -> None:
    """Add an account NAME with ROLE (the password is asked for, or read with --password-stdin)."""
    password = _password(password_stdin, lang)
    with error_edge(lang=lang):
        db = _open(store)
        with db.transaction() as conn:
            ids = [Rooms(conn).named(slug).id for slug in rooms]
            accounts = Accounts(conn, PasswordHasher())
            user = accounts.add(name, password, Role(role), now=datetime.now(UTC).isoformat(timespec="seconds"))
            for room_id in ids:
                accounts.set_room_role(user.id, room_id, Role(role))
    if rooms:
        click.echo(words("cli.users.added_in", lang, name=user.username, role=user.role.value, rooms=", ".join(rooms)))
    else:
        click.echo(words("cli.users.added", lang, name=user.username, role=user.role.value))


@users_cmd.command("list")
@db_option
@lang_option()
def list_cmd(store: StoreAddress, lang: str) -> None:
    """Every account with its role."""
    with error_edge(lang=lang):
        db = _open(store)
        with db.connect() as conn:
            users = Accounts(conn).all()
    for user in users:
        row = "cli.users.row" if user.active else "cli.users.row_off"
        click.echo(words(row, lang, name=f"{user.username:<24}", role=f"{user.role.value:<9}").rstrip())


@users_cmd.command("set-password")
@click.argument("name")
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of standard input.")
@db_option
@lang_option()
def set_password_cmd(name: str, password_stdin: bool, store: StoreAddress, lang: str) -> None:
    """Set NAME's password (this also ends NAME's open sessions)."""
    password = _password(password_stdin, lang)
    with error_edge(lang=lang):
        db = _open(store)
        with db.transaction() as conn:
            accounts = Accounts(conn, PasswordHasher())
            accounts.set_password(_found(accounts, name).id, password)
    click.echo(words("cli.users.password_changed", lang, name=name))


@users_cmd.command("set-role")
@click.argument("name")
@click.argument("role", type=click.Choice([*(r.value for r in Role), "none"]))
@click.option("--room", default=None, metavar="SLUG",
              help="The role in this room only (ROLE none takes the room away); without it, the account's role.")
@db_option
@lang_option()
def set_role_cmd(name: str, role: str, room: str | None, store: StoreAddress, lang: str) -> None:
    """Give NAME another role (in every room it works in, or in one room)."""
    if room is None and role == "none":
        raise click.UsageError(words("cli.users.none_needs_room", lang))
    with error_edge(lang=lang):
        db = _open(store)
        with db.transaction() as conn:
            accounts = Accounts(conn)
            user = _found(accounts, name)
            if room is not None:
                accounts.set_room_role(user.id, Rooms(conn).named(room).id, None if role == "none" else Role(role))
            else:
                accounts.set_role(user.id, Role(role))
    if room is not None:
        click.echo(words("cli.users.role_set_in", lang, name=name, role=role, room=room))
    else:
        click.echo(words("cli.users.role_set", lang, name=name, role=role))
