"""Every string the console shows has its Vietnamese, and every engine word has the console's words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import floorman.web
from floorman.fold.findings import Irregularity
from floorman.law.rulebooks.params import Params
from floorman.law.rulings.model import Remedy, RemedyKind
from floorman.web.event_words import CAUSE_NAMES, cause_name, describe_event
from floorman.web.i18n import load_translations, negotiate
from floorman.web.rulebook_words import SWITCH_NAMES
from floorman.web.ruling_words import remedy_step

WEB = Path(floorman.web.__file__).parent
VI = WEB.parent / "locale" / "vi" / "LC_MESSAGES" / "messages.po"
EN = WEB.parent / "locale" / "en" / "LC_MESSAGES" / "messages.po"


def _extracted() -> set[str]:
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
    options = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(WEB), method_map, options_map=options,
                                                keywords={"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_every_string_of_the_console_has_a_vietnamese_translation() -> None:
    with VI.open("rb") as fp:
        catalog = read_po(fp)
    translated = {
        (m.id[0] if isinstance(m.id, tuple) else m.id)
        for m in catalog
        if m.id and all(m.string) and "fuzzy" not in m.flags
    }
    missing = sorted(_extracted() - translated)
    assert missing == [], f"add these to {VI.relative_to(WEB.parent.parent.parent)}: {missing[:10]}"


def test_the_vietnamese_catalog_keeps_every_placeholder() -> None:
    """Each Vietnamese string names the facts its English names (a plural's count aside), and no other."""
    with VI.open("rb") as fp:
        catalog = read_po(fp)
    with EN.open("rb") as fp:
        english = {m.id: m.string for m in read_po(fp) if m.id}
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        said = english[message.id]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        forms = said if isinstance(said, tuple) else (said,)
        wanted = {p for form in forms for p in _placeholders(form)}
        for s in strings:
            assert _placeholders(s) <= wanted and _placeholders(forms[0]) <= _placeholders(s) | {"%(num)s"}, message.id
        checked += bool(wanted)
    assert checked > 80  # the console's strings with %(name)s facts


def _placeholders(text: str) -> set[str]:
    import re

    return set(re.findall(r"%\(\w+\)s", text))


def test_every_irregularity_has_a_name_in_both_languages() -> None:
    vi, en = load_translations()["vi"], load_translations()["en"]
    for irregularity in Irregularity:
        assert CAUSE_NAMES.get(irregularity.value) == f"cause.name.{irregularity.value}", irregularity
        assert CAUSE_NAMES[irregularity.value] != cause_name(irregularity.value, en) != cause_name(irregularity.value, vi)


def test_every_remedy_kind_has_a_vietnamese_step() -> None:
    vi, en = load_translations()["vi"], load_translations()["en"]
    for kind in RemedyKind:
        remedy = Remedy.of(kind, seat=3, amount=400, cards=4, street="turn", card="As")
        assert remedy_step(remedy, vi) != remedy_step(remedy, en) != remedy.message().id, kind


def test_a_remedy_step_in_english_is_the_cores_own_text_with_amounts_grouped() -> None:
    from floorman.words.rulings import remedy_text

    en = load_translations()["en"]
    for kind in (k for k in RemedyKind if k is not RemedyKind.REMOVE_CARD):  # the console says "the board", not "board"
        for fields in ({"seat": 3, "amount": 400, "cards": 4, "street": "turn", "card": "As"},
                       {"seat": 3, "amount": 400, "cards": 3, "card": "Kd", "street": "flop", "next_street": "turn"}):
            remedy = Remedy.of(kind, **fields)
            assert remedy_step(remedy, en) == remedy_text(remedy), kind
    assert remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=5, amount=2000), en) == "Give seat 5 back 2,000 chips."


def test_a_remedy_step_in_vietnamese_gives_the_amount_first_with_dots() -> None:
    vi = load_translations()["vi"]
    assert remedy_step(Remedy.of(RemedyKind.RETURN_CHIPS, seat=5, amount=2000), vi) == "Trả lại 2.000 chip cho ghế 5."


def test_every_rulebook_switch_has_a_label() -> None:
    assert set(SWITCH_NAMES) == {f.name for f in dataclasses.fields(Params)}


def test_the_browser_language_is_negotiated_with_weights() -> None:
    assert negotiate("en;q=0.4, vi;q=0.8") == "vi"
    assert negotiate("vi;q=0, en") == "en"
    assert negotiate("vi", preferred="en") == "en"


def test_events_read_in_vietnamese_with_the_room_s_words() -> None:
    vi = load_translations()["vi"]
    assert describe_event({"type": "act", "seat": 4, "action": "fold"}, vi) == "Ghế 4 fold"
    assert describe_event({"type": "discover", "what": "foreign_back", "where": "stub"}, vi) == (
        "Phát hiện lá bài có mặt sau khác màu (trong stub)")
