"""``floorman mcp``: the MCP server for chat assistants, on standard input and output or streamable HTTP.

The MCP SDK is imported only when the command runs, so ``floorman --help`` and the rest of the command line
work without the ``mcp`` extra; without it, ``floorman mcp`` says which extra to install, in one line.
"""

from __future__ import annotations

import click

from floorman.cli_errors import fail

__all__ = ["mcp_cmd"]

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


@click.command("mcp")
@click.option("--http", "http", is_flag=True,
              help="Serve streamable HTTP at http://HOST:PORT/mcp instead of standard input and output.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="With --http: the address to listen on (the server has no login: keep it on this computer).")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(1, 65535), help="With --http: the port.")
@click.pass_context
def mcp_cmd(ctx: click.Context, http: bool, host: str, port: int) -> None:
    """Serve floorman to chat assistants over the Model Context Protocol (needs floorman[mcp]).

    Tools: rule, compare, explain, search_rules, rulebooks. Resources: the hand-log contract and every
    rulebook's rules and switches. With no option it speaks on standard input and output, as an assistant's
    configuration starts it.
    """
    given = [f"--{name}" for name in ("host", "port")
             if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
    if given and not http:
        verb = "go" if len(given) > 1 else "goes"
        raise click.UsageError(f"{' and '.join(given)} {verb} with --http (standard input and output has no address)")
    try:
        from floorman.mcp_server import build_server
    except ImportError as exc:
        if exc.name is None or exc.name.split(".")[0] not in ("mcp", "mcp_types", "pydantic", "anyio"):
            raise
        fail("floorman mcp needs the MCP SDK: pip install 'floorman[mcp]'")
        return
    server = build_server()
    if not http:
        server.run("stdio")
        return
    if host not in _LOOPBACK:
        click.echo(f"floorman: warning: serving on {host} with no login: whoever reaches port {port} can use it",
                   err=True)
    click.echo(f"floorman: MCP over streamable HTTP at http://{host}:{port}/mcp", err=True)
    server.run("streamable-http", host=host, port=port)
