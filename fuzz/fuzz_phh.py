"""Coverage-guided fuzzing of the PHH reader, the conversion to a hand log and the engine (atheris).

Every input is read as PHH text: it must be accepted or refused with a ``PhhError`` or a ``FloormanError``,
and every hand it holds must be ruled under every rulebook. Any other exception is a crash. Run by hand
(see fuzz/README.md):

    python fuzz/fuzz_phh.py fuzz/corpus/phh tests/data/phh/wsop/2023/43/5 -max_total_time=600
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import floorman
    from floorman.errors import FloormanError
    from floorman.formats import handlog, phh
    from floorman.formats.phh import PhhError
    from floorman.law.rulebooks import BOOK_IDS


def test_one_input(data: bytes) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # phh.load refuses such a file before parsing; the harness feeds text
    multi = text.lstrip().startswith("[")
    try:
        hands = phh.loads(text, multi=multi)
        logs = [handlog.from_obj(obj) for obj in hands]
    except (PhhError, FloormanError) as err:
        if "\n" in str(err):
            raise AssertionError(f"a two-line error: {err!r}") from None
        return
    for log in logs:
        for book in BOOK_IDS:
            floorman.rule(log, rulebook=book)


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
