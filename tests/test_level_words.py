"""The level in words is said by one function (``floorman.locale.level_text``), each place with its own entries of
the catalog: a ruling ("level 12 (1,000/2,000, 2,000 big-blind ante)"), the dealer's narration ("level 12, blinds
1,000/2,000, big blind ante 2,000") and the console's page header ("Level 12 · 1,000/2,000 · big-blind ante 2,000"),
in English and in Vietnamese."""

from __future__ import annotations

from decimal import Decimal

import pytest

from floorman.fold.table import Level
from floorman.locale import level_text
from floorman.web.i18n import load_translations
from floorman.web.live_view import level_text as header_level_text
from floorman.words.events import level_text as narrated_level_text

TOURNAMENT = Level(number=12, small_blind=1000, big_blind=2000, big_blind_ante=2000)
ANTE_NO_NUMBER = Level(small_blind=1000, big_blind=2000, ante=500)
STUD_LIMIT = Level(number=3, small_bet=20, big_bet=40, bring_in=5, ante=2)
CASH_CENTS = Level(small_blind=Decimal("0.5"), big_blind=1)
NUMBER_ONLY = Level(number=7)

SAID = [
    (TOURNAMENT, "en", "level 12 (1,000/2,000, 2,000 big-blind ante)", "level 12, blinds 1,000/2,000, big blind ante 2,000",
     "Level 12 · 1,000/2,000 · big-blind ante 2,000"),
    (TOURNAMENT, "vi", "cấp độ 12 (1.000/2.000, big blind ante 2.000)", "cấp độ 12, blinds 1.000/2.000, big blind ante 2.000",
     "Cấp độ 12 · 1.000/2.000 · big blind ante 2.000"),
    (ANTE_NO_NUMBER, "en", "the same level (1,000/2,000, 500 ante)", "blinds 1,000/2,000, ante 500", "1,000/2,000 · ante 500"),
    (ANTE_NO_NUMBER, "vi", "cấp độ hiện tại (1.000/2.000, ante 500)", "blinds 1.000/2.000, ante 500", "1.000/2.000 · ante 500"),
    (STUD_LIMIT, "en", "level 3 (20/40 limits, 2 ante, 5 bring-in)", "level 3, limits 20/40, ante 2, bring-in 5",
     "Level 3 · limits 20/40 · ante 2 · bring-in 5"),
    (STUD_LIMIT, "vi", "cấp độ 3 (giới hạn cược 20/40, ante 2, bring-in 5)", "cấp độ 3, giới hạn cược 20/40, ante 2, bring-in 5",
     "Cấp độ 3 · limit 20/40 · ante 2 · bring-in 5"),
    (CASH_CENTS, "en", "the same level (0.50/1)", "blinds 0.50/1", "0.50/1"),
    (CASH_CENTS, "vi", "cấp độ hiện tại (0,50/1)", "blinds 0,50/1", "0,50/1"),
    (NUMBER_ONLY, "en", "level 7", "level 7", "Level 7"),
    (NUMBER_ONLY, "vi", "cấp độ 7", "cấp độ 7", "Cấp độ 7"),
    (Level(), "en", "the same level", "", ""),
    (Level(), "vi", "cấp độ hiện tại", "", ""),
]


@pytest.mark.parametrize(("level", "lang", "ruling", "narrated", "header"), SAID)
def test_a_level_is_said_each_place_its_own_way_in_english_and_vietnamese(
        level: Level, lang: str, ruling: str, narrated: str, header: str) -> None:
    assert level_text(level, lang) == ruling
    assert narrated_level_text(level, lang) == narrated
    assert header_level_text(level, load_translations()[lang]) == header


def test_the_narration_and_the_page_header_ask_the_catalogs_one_level_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    import floorman.locale as locale
    asked: list[str] = []

    def parts(level: object, lang: str, words: locale.LevelWords) -> list[str]:
        asked.append(words.joiner)
        return ["one", "two"]

    monkeypatch.setattr(locale, "_level_parts", parts)
    assert narrated_level_text(TOURNAMENT, "en") == "one, two"
    assert header_level_text(TOURNAMENT, load_translations()["vi"]) == "one · two"
    assert level_text(TOURNAMENT, "en") == "level 12 (one, two)"
    assert asked == [", ", " · ", ", "]
