"""Compare a ruling object (hand-log section 3) with a scenario file's expectations."""

from __future__ import annotations

from typing import Any


def _as_json(value: Any) -> Any:
    """The value as JSON reads it back: the ruling object may hold tuples where the JSON text has lists."""
    if isinstance(value, (list, tuple)):
        return [_as_json(v) for v in value]
    return value


def remedy_matches(want: dict[str, Any], got: dict[str, Any]) -> bool:
    return all(_as_json(got.get(k)) == _as_json(v) for k, v in want.items())


def problems(expect: dict[str, Any], result: dict[str, Any]) -> list[str]:
    """Every way ``result`` (the JSON ruling object) departs from ``expect``; empty when it matches."""
    ruling = result["rulings"][-1]
    out: list[str] = []
    if "verdict" in expect and ruling["verdict"] != expect["verdict"]:
        out.append(f"verdict {ruling['verdict']!r}, expected {expect['verdict']!r}")
    missing = [r for r in expect.get("rules", []) if r not in ruling["rules"]]
    if missing:
        out.append(f"rules {missing} missing from {ruling['rules']}")
    for want in expect.get("remedies", []):
        if not any(remedy_matches(want, got) for got in ruling["remedies"]):
            out.append(f"remedy {want} missing from {ruling['remedies']}")
    for key in ("substantial_action", "discretion"):
        if key in expect and ruling[key] != expect[key]:
            out.append(f"{key} {ruling[key]}, expected {expect[key]}")
    if not all(c["rule"] in ruling["rules"] for c in ruling["citations"]):
        out.append("a citation names a rule the ruling does not list")
    if {c["rule"] for c in ruling["citations"]} != set(ruling["rules"]):
        out.append("not every rule has its citation")
    redeal = expect.get("redeal")
    if redeal is not None:
        header = result.get("redeal")
        if header is None:
            out.append("no redeal header")
        else:
            out += _redeal_problems(redeal, header)
    return out


def _redeal_problems(want: dict[str, Any], header: dict[str, Any]) -> list[str]:
    out: list[str] = []
    if "button" in want and header.get("button") != want["button"]:
        out.append(f"redeal button {header.get('button')}, expected {want['button']}")
    if "level" in want and header.get("level") != want["level"]:
        out.append(f"redeal level {header.get('level')}, expected {want['level']}")
    seats = {p["seat"]: p for p in header["players"]}
    for s in want.get("seats_present", []):
        if s not in seats:
            out.append(f"seat {s} missing from the redeal")
    for s in want.get("seats_absent", []):
        if s in seats:
            out.append(f"seat {s} should not be in the redeal")
    for s, status in want.get("status", {}).items():
        got = seats.get(int(s), {}).get("status", "present")
        if got != status:
            out.append(f"redeal seat {s} status {got!r}, expected {status!r}")
    return out
