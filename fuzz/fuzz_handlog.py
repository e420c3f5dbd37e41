"""Coverage-guided fuzzing of the hand-log reader and the engine (atheris).

Every input is read as a JSON hand log: it must be accepted or refused with a ``FloormanError``, and an
accepted log must be ruled under every rulebook and written out. Any other exception is a crash:
atheris stops and saves the input. Run by hand (see fuzz/README.md):

    python fuzz/fuzz_handlog.py fuzz/corpus/handlog examples tests/bad -max_total_time=600
"""

from __future__ import annotations

import json
import sys

import atheris

with atheris.instrument_imports():
    import floorman
    from floorman.errors import FloormanError
    from floorman.formats import handlog
    from floorman.formats import ruling as ruling_json
    from floorman.law.rulebooks import BOOK_IDS


def test_one_input(data: bytes) -> None:
    try:
        log = handlog.loads(data)
    except FloormanError as err:
        if "\n" in str(err):
            raise AssertionError(f"a two-line error: {err!r}") from None
        return
    for book in BOOK_IDS:
        json.loads(ruling_json.dumps(floorman.rule(log, rulebook=book)))


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
