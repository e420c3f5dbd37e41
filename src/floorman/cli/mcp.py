"""``floorman mcp``: the MCP server for chat assistants, on standard input and output or streamable HTTP.

The MCP SDK is imported only when the command runs, so ``floorman --help`` and the rest of the command line
work without the ``mcp`` extra; without it, ``floorman mcp`` says which extra to install, in one line.
"""

from __future__ import annotations

import click

from floorman.cli.errors import fail, lang_option, words

__all__ = ["mcp_cmd"]

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


@click.command("mcp")
@click.option("--http", "http", is_flag=True,
              help="Serve streamable HTTP at http://HOST:PORT/mcp instead of standard input and output.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="With --http: the address to listen on (the server has no login: keep it on this computer).")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="With --http: the port.")
@lang_option("Language of what the command says on standard error (the tools take a language of their own).")
@click.pass_context
def mcp_cmd(ctx: click.Context, http: bool, host: str, port: int, lang: str) -> None:
    """Serve floorman to chat assistants over the Model Context Protocol (needs floorman[mcp]).

    Tools: rule, compare, explain, search_rules, rulebooks. Resources: the hand-log contract and every
    rulebook's rules and switches. With no option it speaks on standard input and output, as an assistant's
    configuration starts it.
    """
    given = [f"--{name}" for name in ("host", "port")
             if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
    if given and not http:
        if len(given) > 1:
            raise click.UsageError(words("cli.mcp.go_with_http", lang,
                                         options=words("cli.mcp.and", lang, first=given[0], second=given[1])))
        raise click.UsageError(words("cli.mcp.goes_with_http", lang, options=given[0]))
    try:
        from floorman.mcp.server import build_server
        from floorman.mcp.stdio import answered_lines
    except ImportError as exc:
        if exc.name is None or exc.name.split(".")[0] not in ("mcp", "mcp_types", "pydantic", "anyio"):
            raise
        fail(words("cli.mcp.needs_sdk", lang))
        return
    server = build_server()
    if not http:
        with answered_lines():  # every line read as the console reads a body; none left unanswered
            server.run("stdio")
        return
    if host not in _LOOPBACK:
        click.echo(f"floorman: {words('cli.mcp.no_login', lang, host=host, port=port)}", err=True)
    click.echo(f"floorman: {words('cli.mcp.serving', lang, url=f'http://{host}:{port}/mcp')}", err=True)
    server.run("streamable-http", host=host, port=port)
