"""Coverage-guided fuzzing of the hand-log reader and the engine (atheris).

Every input is read as a JSON hand log: it must be accepted or refused with a ``FloormanError``, and an
accepted log must be ruled under every rulebook and written out. The quick screen must agree, its
kernel in C and its Python alike: a log either takes is one the reader accepts, in which the engine
finds nothing, with the same ruling. Any other
exception (or a disagreement) is a crash: atheris stops and saves the input. Run by hand (see fuzz/README.md):

    python fuzz/fuzz_handlog.py fuzz/corpus/handlog examples tests/bad -max_total_time=600
"""

from __future__ import annotations

import json
import sys

import atheris

with atheris.instrument_imports():
    import floorman
    from floorman.errors import FloormanError
    from floorman.formats import _screen_c, handlog, screen
    from floorman.formats import ruling as ruling_json
    from floorman.rulebooks import BOOK_IDS


def test_one_input(data: bytes) -> None:
    facts = _screen_c.scan(data)  # the kernel in C alone (None where it was not built)
    kernel = None if facts is None else screen._ruling_of_facts(facts, None)
    in_python = screen.screen_line_in_python(data)
    screened = screen.screen_line(data)
    took = [ruling for ruling in (kernel, in_python and in_python.ruling, screened and screened.ruling) if ruling]
    try:
        log = handlog.loads(data)
    except FloormanError as err:
        if "\n" in str(err):
            raise AssertionError(f"a two-line error: {err!r}") from None
        if took:
            raise AssertionError("the screen took a log the reader refuses") from None
        return
    for book in BOOK_IDS:
        json.loads(ruling_json.dumps(floorman.rule(log, rulebook=book)))
    from_log = screen.screen_log(log)  # the kernel's follow_log (or the screen in Python) on the log read
    if from_log is not None:
        took.append(from_log)
    if took:
        result = floorman.rule(log)
        if result.findings or any(ruling != result.ruling for ruling in took):
            raise AssertionError("the screen and the engine disagree")


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
