"""``floorman mcp``: the MCP server, driven by the SDK's own client over stdio (a real ``floorman mcp`` process),
over streamable HTTP on loopback, and in process; its answers are the command line's, word for word."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install -e '.[test]' installs floorman[mcp])")

from mcp import Client, StdioServerParameters

from floorman.cli import main
from floorman.law.rulebooks import BOOK_IDS, find_rule, find_rulebook
from floorman.mcp.server import HAND_LOG_URI, build_server, hand_log_contract, rulebook_uri
from floorman.words.reference import explain_obj, rulebook_obj
from tests.conftest import EXAMPLES, ROOT

TOOLS = {"rule", "compare", "explain", "search_rules", "rulebooks"}
WRONG_SEAT = EXAMPLES / "first-card-wrong-seat.json"
TWO_FOLDS = EXAMPLES / "two-folds-then-wrong-first-card.json"


def _floorman() -> str:
    """The ``floorman`` command of the environment running the tests."""
    beside = Path(sys.executable).with_name("floorman")
    found = str(beside) if beside.exists() else shutil.which("floorman")
    assert found, "the floorman command is not installed in this environment"
    return found


def _cli(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _log(path: Path) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return obj


def _in_process(session: Callable[[Client], Awaitable[None]]) -> None:
    async def go() -> None:
        async with Client(build_server()) as client:
            await session(client)

    anyio.run(go)


def _malformed() -> dict[str, Any]:
    log = _log(WRONG_SEAT)
    log["events"][3] = {"type": "deal", "seat": 9}
    return log


# -- over stdio: a real `floorman mcp` process ----------------------------------------------------------------------

def _stdio(session: Callable[[Client], Awaitable[None]]) -> None:
    async def go() -> None:
        params = StdioServerParameters(command=_floorman(), args=["mcp"], cwd=str(ROOT))
        async with Client(params, mode="legacy", read_timeout_seconds=60) as client:  # the initialize handshake
            await session(client)

    anyio.run(go)


def test_over_stdio_the_rule_tool_gives_the_ruling_object_and_words_of_floorman_rule() -> None:
    async def session(client: Client) -> None:
        assert client.server_info is not None and client.server_info.name == "floorman"
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS
        result = await client.call_tool("rule", {"log": _log(WRONG_SEAT)})
        assert not result.is_error
        assert result.structured_content == json.loads(_cli("rule", str(WRONG_SEAT), "--json"))
        assert result.structured_content["rulings"][-1]["verdict"] == "misdeal"
        words, body = (block.text for block in result.content)  # type: ignore[union-attr]
        assert words + "\n" == _cli("rule", str(WRONG_SEAT), "--no-color")
        assert json.loads(body) == result.structured_content
        as_text = await client.call_tool("rule", {"log": WRONG_SEAT.read_text(encoding="utf-8")})
        assert as_text.structured_content == result.structured_content

    _stdio(session)


def test_over_stdio_a_malformed_log_is_a_tool_error_naming_event_and_field_and_the_server_carries_on() -> None:
    async def session(client: Client) -> None:
        refused = await client.call_tool("rule", {"log": _malformed()})
        assert refused.is_error
        assert refused.content[0].text == "event 3: field 'seat': expected a seat number from 1 to 6, got 9"  # type: ignore[union-attr]
        error = refused.structured_content["error"]  # type: ignore[index]
        assert (error["type"], error["event"], error["field"]) == ("log_field_error", 3, "seat")
        broken = await client.call_tool("rule", {"log": '{"floorman": 1, "game": '})
        assert broken.is_error and broken.structured_content["error"]["type"] == "log_syntax_error"  # type: ignore[index]
        after = await client.call_tool("rule", {"log": _log(WRONG_SEAT)})
        assert not after.is_error and after.structured_content["rulings"][-1]["verdict"] == "misdeal"  # type: ignore[index]

    _stdio(session)


# -- over streamable HTTP, on loopback ------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "floorman mcp --http exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"floorman mcp --http did not listen on port {port} within 30 s")


def test_over_http_on_loopback_the_tools_answer_and_a_foreign_host_is_refused() -> None:
    import httpx

    port = _free_port()
    proc = subprocess.Popen([_floorman(), "mcp", "--http", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(port, proc)

        async def go() -> None:
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                assert {t.name for t in (await client.list_tools()).tools} == TOOLS
                result = await client.call_tool("rule", {"log": _log(WRONG_SEAT), "lang": "vi"})
                assert result.structured_content == json.loads(_cli("rule", str(WRONG_SEAT), "--json"))
                assert result.content[0].text + "\n" == _cli("rule", str(WRONG_SEAT), "--no-color", "--lang", "vi")  # type: ignore[union-attr]

        anyio.run(go)
        hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}
        foreign = httpx.post(f"http://127.0.0.1:{port}/mcp", json=hello, timeout=10,
                             headers={"Host": "rebind.example", "Accept": "application/json, text/event-stream"})
        assert foreign.status_code == 421  # a page on another site cannot reach the server through the browser
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stderr:
            proc.stderr.close()


# -- without the SDK --------------------------------------------------------------------------------------------------

def _without_sdk(*args: str) -> subprocess.CompletedProcess[str]:
    code = ("import sys; sys.modules['mcp'] = None; from floorman.cli import main; "
            f"assert 'mcp' not in [m.split('.')[0] for m in sys.modules if sys.modules[m]]; main({list(args)!r})")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "COLUMNS": "120"})


def test_without_the_sdk_floorman_mcp_names_the_extra_in_one_line_and_help_still_works() -> None:
    done = _without_sdk("mcp")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "floorman: floorman mcp needs the MCP SDK: pip install 'floorman[mcp]'"]
    helped = _without_sdk("--help")
    assert helped.returncode == 0, helped.stderr
    assert " mcp " in helped.stdout


# -- every tool, resource and prompt, in process --------------------------------------------------------------------

def test_a_refusal_is_said_in_the_language_asked_for_with_its_message_id_and_parameters() -> None:
    async def session(client: Client) -> None:
        refused = await client.call_tool("rule", {"log": _malformed(), "lang": "vi"})
        assert refused.is_error
        assert refused.content[0].text == "sự kiện 3: trường 'seat': cần số ghế từ 1 đến 6, nhận được 9"  # type: ignore[union-attr]
        error = refused.structured_content["error"]  # type: ignore[index]
        assert (error["message_id"], error["params"]) == ("error.value.seat", {"seats": 6, "got": "9"})
        unknown = await client.call_tool("explain", {"rule_id": "NO-SUCH", "lang": "vi"})
        assert unknown.is_error and unknown.content[0].text.startswith("không có luật 'NO-SUCH'")  # type: ignore[union-attr]

    _in_process(session)


def test_house_rules_given_as_toml_text_change_the_ruling_and_are_named_in_it() -> None:
    house = 'name = "Saigon Poker Room"\nbase = "wsop-2026"\n[switches]\nsa_pair_allows_two_folds = true\n'

    async def session(client: Client) -> None:
        book = await client.call_tool("rule", {"log": _log(TWO_FOLDS)})
        housed = await client.call_tool("rule", {"log": _log(TWO_FOLDS), "house_rules": house, "rulebook": "wsop"})
        assert book.structured_content["rulings"][-1]["verdict"] == "misdeal"  # type: ignore[index]
        assert housed.structured_content["rulings"][-1]["verdict"] == "continue"  # type: ignore[index]
        assert housed.structured_content["rulebook"]["house"] == "Saigon Poker Room"  # type: ignore[index]
        assert housed.content[0].text.startswith("House rules: Saigon Poker Room on WSOP 2026")  # type: ignore[union-attr]
        other = await client.call_tool("rule", {"log": _log(TWO_FOLDS), "house_rules": house, "rulebook": "tda"})
        assert other.is_error and "based on wsop-2026, not tda" in other.content[0].text  # type: ignore[union-attr]
        bad = await client.call_tool("rule", {"log": _log(TWO_FOLDS), "house_rules": "[switches]\nno_such = 1\n"})
        assert bad.is_error and bad.structured_content["error"]["type"] == "house_rules_error"  # type: ignore[index]
        unknown = await client.call_tool("rule", {"log": _log(TWO_FOLDS), "rulebook": "bicycle"})
        assert unknown.is_error and "no rulebook 'bicycle'" in unknown.content[0].text  # type: ignore[union-attr]

    _in_process(session)


def test_compare_gives_every_book_side_by_side_as_floorman_compare_does_and_the_house_rules_last() -> None:
    async def session(client: Client) -> None:
        result = await client.call_tool("compare", {"log": _log(TWO_FOLDS)})
        assert result.structured_content == json.loads(_cli("compare", str(TWO_FOLDS), "--json"))
        assert result.content[0].text + "\n" == _cli("compare", str(TWO_FOLDS))  # type: ignore[union-attr]
        assert "The books disagree on the verdict" in result.content[0].text  # type: ignore[union-attr]
        house = 'name = "Saigon Poker Room"\nbase = "wsop-2026"\n[switches]\nsa_pair_allows_two_folds = true\n'
        housed = await client.call_tool("compare", {"log": _log(TWO_FOLDS), "house_rules": house})
        books = housed.structured_content["compare"]  # type: ignore[index]
        assert len(books) == len(BOOK_IDS) + 1 and books[-1]["rulebook"]["house"] == "Saigon Poker Room"
        assert books[-1]["rulings"][-1]["verdict"] == "continue"
        assert "WSOP 2026 + Saigon Poker Room" in housed.content[0].text  # type: ignore[union-attr]
        refused = await client.call_tool("compare", {"log": _malformed()})
        assert refused.is_error and refused.structured_content["error"]["event"] == 3  # type: ignore[index]

    _in_process(session)


def test_explain_gives_one_rule_in_every_book_and_refuses_an_unknown_id() -> None:
    async def session(client: Client) -> None:
        result = await client.call_tool("explain", {"rule_id": "flop-4card", "lang": "vi"})
        assert result.structured_content == explain_obj(find_rule("FLOP-4CARD"))
        assert result.content[0].text + "\n" == _cli("explain", "FLOP-4CARD", "--lang", "vi")  # type: ignore[union-attr]
        unknown = await client.call_tool("explain", {"rule_id": "MD-NOTHING"})
        assert unknown.is_error and unknown.structured_content["error"]["type"] == "unknown_rule_error"  # type: ignore[index]

    _in_process(session)


def test_search_rules_finds_rule_ids_from_words_with_their_citations() -> None:
    async def session(client: Client) -> None:
        result = await client.call_tool("search_rules", {"words": "four card flop", "limit": 3})
        rules = result.structured_content["rules"]  # type: ignore[index]
        assert len(rules) == 3 and rules[0]["rule"] == "FLOP-4CARD"
        assert [c["rulebook"] for c in rules[0]["citations"]] == list(BOOK_IDS)
        assert rules[0]["citations"][0]["source"] == "WSOP 2026 Tournament Rule 89"
        assert "FLOP-4CARD: Four-card flop" in result.content[0].text  # type: ignore[union-attr]
        one_book = await client.call_tool("search_rules", {"words": "bài đốt", "rulebook": "tda", "lang": "vi"})
        found = one_book.structured_content["rules"]  # type: ignore[index]
        assert found and all([c["rulebook"] for c in r["citations"]] == ["tda-2024"] for r in found)
        nothing = await client.call_tool("search_rules", {"words": "xylophone"})
        assert nothing.structured_content["rules"] == [] and "No rule matches" in nothing.content[0].text  # type: ignore[index,union-attr]

    _in_process(session)


def test_the_rulebooks_tool_lists_every_book() -> None:
    async def session(client: Client) -> None:
        result = await client.call_tool("rulebooks", {})
        assert [b["id"] for b in result.structured_content["rulebooks"]] == list(BOOK_IDS)  # type: ignore[index]

    _in_process(session)


def test_every_tool_is_read_only_and_describes_its_arguments() -> None:
    async def session(client: Client) -> None:
        for tool in (await client.list_tools()).tools:
            assert tool.annotations is not None and tool.annotations.read_only_hint, tool.name
            assert tool.description, tool.name
            for name, prop in tool.input_schema.get("properties", {}).items():
                assert prop.get("description"), f"{tool.name}.{name}"

    _in_process(session)


def test_resources_hold_the_hand_log_contract_and_each_books_rules_and_switches() -> None:
    async def session(client: Client) -> None:
        uris = {str(r.uri) for r in (await client.list_resources()).resources}
        assert uris == {HAND_LOG_URI, *(rulebook_uri(b) for b in BOOK_IDS)}
        contract = (await client.read_resource(HAND_LOG_URI)).contents[0]
        assert contract.text == (ROOT / "docs" / "spec" / "hand-log.md").read_text(encoding="utf-8")  # type: ignore[union-attr]
        for book_id in BOOK_IDS:
            body = (await client.read_resource(rulebook_uri(book_id))).contents[0]
            obj = json.loads(body.text)  # type: ignore[union-attr]
            assert obj == json.loads(json.dumps(rulebook_obj(find_rulebook(book_id))))
            assert obj["switches"]["one_extra_card"]["allowed"] == ["burn", "misdeal"]

    _in_process(session)


def test_the_prompt_walks_from_a_story_to_a_hand_log_with_the_contract_at_hand() -> None:
    story = "Dealer pitched the first card to the big blind; the small blind noticed after one call."

    async def session(client: Client) -> None:
        prompt = await client.get_prompt("hand_log_from_story", {"story": story, "rulebook": "tda", "lang": "vi"})
        steps, contract = prompt.messages
        assert story in steps.content.text and 'rulebook "tda"' in steps.content.text  # type: ignore[union-attr]
        assert "Vietnamese" in steps.content.text  # type: ignore[union-attr]
        assert contract.content.resource.text == hand_log_contract()  # type: ignore[union-attr]

    _in_process(session)


def test_the_hand_log_contract_ships_inside_the_package() -> None:
    assert hand_log_contract() == (ROOT / "docs" / "spec" / "hand-log.md").read_text(encoding="utf-8")


def test_the_readme_gives_a_valid_mcp_servers_block_that_starts_floorman_mcp() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```json\n(.*?)```", text, flags=re.S) if "mcpServers" in b]
    assert len(blocks) == 1
    server = json.loads(blocks[0])["mcpServers"]["floorman"]
    assert Path(server["command"]).name == "floorman" and server["args"] == ["mcp"]


def test_an_address_without_http_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["mcp", "--port", "9000"])
    assert result.exit_code == 2
    assert "--port goes with --http" in result.output
