"""The console reaches records through stores made with the session's reach, and only that way: every
``rooms=`` the web layer passes is a session's ``reach`` (or a ``rooms`` handed down from one), the whole
database (``EVERY_ROOM``) only for the console's own watch that raises unanswered floor calls again, and no
route reads an account's rooms to decide what to show."""

from __future__ import annotations

import ast
from pathlib import Path

import floorman.web

WEB = Path(floorman.web.__file__).parent
REACHING = frozenset({
    "Hands", "Incidents", "FloorCallLog", "StatsQueries", "counts", "load_hand", "create_hand", "create_from_setup",
    "next_hand", "append_events", "correct_deal", "call_floor", "undo_last", "record_ruling", "start_replay",
    "correct_incident", "call_view", "open_call_views", "floor_stream"})
"""What reads or writes a room's records when called: the stores, and the console's functions over them."""


def _functions_and_calls() -> list[tuple[Path, str, ast.Call]]:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        if path.name == "cli.py":  # the command line: it runs on the database itself, every room
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [(path, function.name, node) for node in ast.walk(function) if isinstance(node, ast.Call)]
    return found


def test_every_store_the_console_makes_keeps_to_the_sessions_reach() -> None:
    passed = 0
    for path, function, call in _functions_and_calls():
        callee = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
        if callee not in REACHING:
            continue
        for keyword in call.keywords:
            if keyword.arg != "rooms":
                continue
            value = keyword.value
            where = f"{path.relative_to(WEB)}:{call.lineno} in {function}"
            if isinstance(value, ast.Name) and value.id == "EVERY_ROOM":
                assert function == "raise_overdue", where
            else:
                assert (isinstance(value, ast.Attribute) and value.attr == "reach") or (
                    isinstance(value, ast.Name) and value.id == "rooms"), where
            passed += 1
    assert passed > 40


def test_no_route_reads_an_accounts_rooms_to_decide_what_it_shows() -> None:
    for path in WEB.rglob("*.py"):
        if path.name == "cli.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert ".room_ids" not in text, path
