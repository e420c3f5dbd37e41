"""Well-formed nonsense gets findings, and the command line and the console say the same of it.

A post larger than the stack, an action after the pot was awarded, events after ``next_hand``: each is
accepted (it is a well-formed event), reported as a finding, and ruled on; the CLI's ``rule --json`` and the
console's ``POST /api/rule`` give the same ruling object.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import floorman
from floorman.cli import main
from floorman.formats import handlog

LEVEL = {"small_blind": 100, "big_blind": 200}


def _log(game: str, stacks: dict[int, int], button: int, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"floorman": 1, "game": game, "seats": 6, "button": button, "level": dict(LEVEL),
            "players": [{"seat": s, "name": f"P{s}", "stack": n} for s, n in stacks.items()], "events": events}


def _deal(seats: list[int], rounds: int) -> list[dict[str, Any]]:
    return [{"type": "deal", "seat": s} for _ in range(rounds) for s in seats]


def _post(seat: int, blind: str, amount: int) -> dict[str, Any]:
    return {"type": "post", "seat": seat, "blind": blind, "amount": amount}


def _act(seat: int, action: str) -> dict[str, Any]:
    return {"type": "act", "seat": seat, "action": action}


STACKS = {2: 5000, 3: 150, 5: 5000}
BLINDS = [_post(2, "sb", 100), _post(3, "bb", 200)]
FOLDS = [_act(5, "fold"), _act(2, "fold")]
LOGS = {
    # Omaha: the big blind posts 200 with 150 in front of him
    "post_exceeds_stack": _log("omaha", STACKS, 5, [*BLINDS, *_deal([2, 3, 5], 4), *FOLDS, {"type": "pot_awarded"}]),
    # 2-7 single draw: a raise recorded after the pot went to the big blind
    "acted_after_pot_awarded": _log("2-7-single-draw", {2: 5000, 3: 5000, 5: 5000}, 5, [
        _post(2, "sb", 100), _post(3, "bb", 200), *_deal([2, 3, 5], 5), *FOLDS, {"type": "pot_awarded"},
        {"type": "act", "seat": 2, "action": "raise", "to": 600}]),
    # hold'em: the next hand's first cards logged after next_hand
    "event_after_next_hand": _log("holdem", {2: 5000, 3: 5000, 5: 5000}, 5, [
        _post(2, "sb", 100), _post(3, "bb", 200), *_deal([2, 3, 5], 2), *FOLDS, {"type": "pot_awarded"},
        {"type": "next_hand"}, *_deal([3, 5], 1), {"type": "burn"}]),
}


@pytest.mark.parametrize("kind", sorted(LOGS))
def test_well_formed_nonsense_is_a_finding_not_an_error(kind: str) -> None:
    result = floorman.rule(handlog.from_obj(LOGS[kind]))
    kinds = [f.irregularity.value for f in result.findings]
    assert kinds.count(kind) == 1, kinds
    assert result.ruling.verdict.value == "continue" and result.ruling.rules


def test_a_post_larger_than_the_stack_is_the_floors_call_and_puts_in_only_the_stack() -> None:
    result = floorman.rule(handlog.from_obj(LOGS["post_exceeds_stack"]))
    assert result.view.seats[3].committed == 150 and result.view.seats[3].all_in
    assert result.ruling.discretion and "DISP-WINDOW" in result.ruling.rules


def test_an_action_after_the_award_does_not_change_the_hand() -> None:
    log = LOGS["acted_after_pot_awarded"]
    result = floorman.rule(handlog.from_obj(log))
    before = floorman.rule(handlog.from_obj({**log, "events": log["events"][:-1]}))
    assert result.view.pot == before.view.pot and result.view.seats[2].committed == 100
    assert result.ruling.discretion


def test_events_after_the_next_hand_are_not_read_as_this_hands() -> None:
    result = floorman.rule(handlog.from_obj(LOGS["event_after_next_hand"]))
    kinds = {f.irregularity.value for f in result.findings}
    assert kinds == {"event_after_next_hand"}  # no extra card, no burn error: those cards are another hand's
    assert {"DEF-HAND-START", "DISP-WINDOW"} <= set(result.ruling.rules)


@pytest.mark.parametrize("kind", sorted(LOGS))
def test_the_command_line_and_the_console_say_the_same_of_nonsense(dealer: TestClient, kind: str) -> None:
    text = json.dumps(LOGS[kind])
    cli = CliRunner().invoke(main, ["rule", "-", "--json"], input=text)
    assert cli.exit_code == 0, cli.output
    console = dealer.post("/api/rule", content=text)
    assert console.status_code == 200
    ours, theirs = json.loads(cli.stdout), console.json()
    for ruling in ours["rulings"] + theirs["rulings"]:
        ruling.pop("explanation_vi", None)
    assert ours == theirs
    assert any(f["irregularity"] == kind for f in ours["findings"])
