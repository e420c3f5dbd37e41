"""Rulings in words for a person at the table: verdict first, then the steps, then the rules.

Every line is there in English (``lang="en"``) and in Vietnamese (``lang="vi"``); rule ids and the
books' own citations are the same in both, while a book's note on a rule it is silent on, and the floor's
reasons for discretion, are said in Vietnamese.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from floorman.hand import Result
from floorman.rulebooks import Rulebook
from floorman.rulings.model import Remedy, Ruling
from floorman.rulings.words import card_vi, street_vi
from floorman.table import amount_text

__all__ = [
    "LANGS", "VERDICT_WORDS", "VERDICT_WORDS_VI", "compare_words", "remedy_text", "result_lines", "ruling_lines",
    "verdict_words",
]

LANGS = ("en", "vi")

VERDICT_WORDS = {
    "misdeal": "MISDEAL: cancel the deal and re-deal",
    "void": "VOID: fouled deck, every chip goes back",
    "continue": "PLAY ON",
}

VERDICT_WORDS_VI = {
    "misdeal": "HỦY VÁN (misdeal): hủy lần chia này và chia lại",
    "void": "VÔ HIỆU (void): bộ bài lỗi, trả lại toàn bộ chip",
    "continue": "TIẾP TỤC: ván bài tiếp tục",
}

_VERDICT_SHORT_VI = {"misdeal": "hủy ván (misdeal)", "void": "vô hiệu (void)", "continue": "tiếp tục"}

_HEADINGS = {
    "en": {
        "now": "now", "at": "at event {at}", "floor_ruled": "Floor ruled: {verdict}, because {reason}",
        "sa": "Substantial action: {sa}", "discretion": "   Floor's discretion: yes", "yes": "yes", "no": "no",
        "todo": "What to do:", "rules": "Rules:", "call": "Floor's call: {reason}",
        "house": "House rules: {house} on {book} ({switches})", "no_switches": "no switches",
    },
    "vi": {
        "now": "hiện tại", "at": "tại sự kiện {at}", "floor_ruled": "Floor đã quyết định: {verdict}, vì {reason}",
        "sa": "Substantial Action (hành động đáng kể): {sa}", "discretion": "   Quyền quyết định của floor: có",
        "yes": "có", "no": "không",
        "todo": "Cần làm:", "rules": "Luật áp dụng:", "call": "Quyền quyết định của floor: {reason}",
        "house": "Luật riêng của phòng (house rules): {house} trên {book} ({switches})",
        "no_switches": "không đổi tùy chọn nào",
    },
}


_COMPARE = {
    "en": {
        "rulebook": "rulebook", "verdict": "verdict", "discr": "discr.", "rules_remedies": "rules / remedies",
        "yes": "yes", "no": "no", "misdeal": "misdeal", "void": "void", "continue": "continue",
        "disagree": "The books disagree on the verdict (highlighted: differs from WSOP 2026).",
    },
    "vi": {
        "rulebook": "bộ luật", "verdict": "phán quyết", "discr": "quyền floor", "rules_remedies": "luật / cách xử lý",
        "yes": "có", "no": "không", "misdeal": "misdeal", "void": "void", "continue": "tiếp tục",
        "disagree": "Các bộ luật không thống nhất về phán quyết (tô vàng: khác với WSOP 2026).",
    },
}


def compare_words(lang: str = "en") -> dict[str, str]:
    """The words of ``floorman compare``'s table: headings, yes/no, verdicts, and the disagreement line."""
    return _COMPARE["vi" if lang == "vi" else "en"]


def verdict_words(verdict: str, lang: str = "en") -> str:
    """The verdict as the floor announces it: ``verdict_words("misdeal", "vi")``."""
    return (VERDICT_WORDS_VI if lang == "vi" else VERDICT_WORDS)[verdict]


def _card(fields: Mapping[str, Any]) -> str:
    card = fields.get("card")
    return "card" if card in (None, "??") else str(card)


def _street(fields: Mapping[str, Any]) -> str:
    return str(fields.get("street", "next street"))


def remedy_text(remedy: Remedy, lang: str = "en") -> str:
    """One step of the remedy, said to the dealer, in English or Vietnamese."""
    if lang == "vi":
        return _remedy_vi(remedy)
    f = remedy.fields
    seat = f.get("seat")
    kind = remedy.do.value
    texts = {
        "redeal": "Re-deal the hand exactly: same button, same level, same players; new cards.",
        "return_chips": f"Give seat {seat} back {amount_text(f.get('amount'))} chips.",
        "return_all_chips": "Return every chip in the pot to the player who put it in, blinds and antes included.",
        "kill_hand": f"Kill seat {seat}'s hand (muck it); chips it put in stay in the pot.",
        "replace_card": f"Give seat {seat} the top card of the stub as a replacement.",
        "use_as_burn": f"Use the set-aside card as the {_street(f)} burn.",
        "scramble_and_pick_burn": (
            f"Scramble the {f.get('cards')} cards face down; the floor picks one at random"
            + (f" as the {_street(f)} burn." if not f.get("turn_up") else " to turn face up.")
        ),
        "reshuffle_stub": "Put the named cards back into the stub and reshuffle it face down.",
        "deal_missing_card": f"Deal seat {seat} the next card off the stub.",
        "remove_card": f"Remove the {_card(f)} ({f.get('where', 'table')}) from play.",
        "deal_without_burn": f"Deal the {_street(f)} without burning another card.",
        "restore_order": f"Correct the burns so the {_street(f)} is the card that would have come.",
        "new_deck": "Bring a new deck.",
        "complete_board": f"Complete the {_street(f)} with the next card(s) off the stub.",
        "redeal_board": f"Burn and deal the {_street(f)} again from the reshuffled stub.",
        "set_aside_card": f"Set the premature {_street(f)} card aside.",
        "turn_up_card": f"Seat {seat}'s exposed card becomes his upcard.",
        "deal_face_down": (f"Deal seat {seat}'s next card face down." if seat else
                           f"Deal the other players' {_street(f)} cards face down."),
        "deal_face_up": f"Deal every remaining player's {_street(f)} card face up.",
        "community_card": "Burn one card and deal the next face up in the centre as a community card.",
        "correct_bring_in": f"Seat {seat} must bring in (or complete).",
        "penalty_possible": f"Seat {seat} may be penalised at the end of the hand.",
        "carry_chips_to_next_deal": f"Seat {seat}'s chips may stay in the pot for the next deal.",
        "award_after_override": "Award the pot as the floor ruled.",
        "board_stands": (f"The {_street(f)} stands; burn one card before the {f['next_street']} as usual."
                         if f.get("next_street") else f"The {_street(f)} stands."),
    }
    return texts.get(kind, kind.replace("_", " "))


def _remedy_vi(remedy: Remedy) -> str:
    f = remedy.fields
    seat = f.get("seat")
    street = street_vi(_street(f))
    kind = remedy.do.value
    texts = {
        "redeal": "Chia lại y hệt ván bài: giữ nguyên button, cấp độ và người chơi; chỉ có bài là mới.",
        "return_chips": f"Trả lại {amount_text(f.get('amount'), 'vi')} chip cho ghế {seat}.",
        "return_all_chips": "Trả lại toàn bộ chip trong pot cho người đã đặt, kể cả blinds và ante.",
        "kill_hand": f"Tính bài của ghế {seat} là bài chết và bỏ vào muck; chip đã bỏ vào pot vẫn ở lại trong pot.",
        "replace_card": f"Chia cho ghế {seat} lá trên cùng của phần bài còn lại (stub) làm lá thay thế.",
        "use_as_burn": f"Dùng lá bài đã để riêng làm lá bài đốt của {street}.",
        "scramble_and_pick_burn": (
            f"Xáo trộn {f.get('cards')} lá bài úp; floor chọn ngẫu nhiên một lá"
            + (f" làm lá bài đốt của {street}." if not f.get("turn_up") else " để lật ngửa.")
        ),
        "reshuffle_stub": "Trả các lá vừa nêu vào phần bài còn lại (stub) rồi xáo lại stub ở trạng thái úp.",
        "deal_missing_card": f"Chia cho ghế {seat} lá kế tiếp từ phần bài còn lại (stub).",
        "remove_card": _remove_vi(card_vi(f.get("card")), str(f.get("where", "table"))),
        "deal_without_burn": f"Chia {street} mà không đốt thêm lá nào.",
        "restore_order": f"Sửa lại các lá bài đốt để {street} đúng là lá lẽ ra sẽ ra.",
        "new_deck": "Mang bộ bài mới ra.",
        "complete_board": f"Hoàn tất {street} bằng lá kế tiếp từ phần bài còn lại (stub).",
        "redeal_board": f"Đốt bài và chia lại {street} từ stub đã xáo lại.",
        "set_aside_card": f"Để riêng lá {street} đã ra sớm.",
        "turn_up_card": f"Lá bị lộ của ghế {seat} trở thành lá ngửa (upcard) của người chơi.",
        "deal_face_down": (f"Chia úp lá kế tiếp của ghế {seat}." if seat else
                           f"Chia úp lá {street} của những người chơi khác."),
        "deal_face_up": f"Chia ngửa lá {street} cho mọi người chơi còn lại.",
        "community_card": "Đốt một lá và lật ngửa lá kế tiếp ở giữa bàn làm lá bài chung cho cả bàn.",
        "correct_bring_in": f"Ghế {seat} phải bring-in (hoặc complete).",
        "penalty_possible": f"Ghế {seat} có thể bị phạt khi ván bài kết thúc.",
        "carry_chips_to_next_deal": f"Chip của ghế {seat} có thể được giữ lại trong pot cho lần chia kế tiếp.",
        "award_after_override": "Trao pot theo quyết định của floor.",
        "board_stands": (f"Giữ nguyên {street}; đốt một lá trước {street_vi(str(f['next_street']))} như bình thường."
                         if f.get("next_street") else f"Giữ nguyên {street}."),
    }
    return texts.get(kind, kind.replace("_", " "))


def _remove_vi(card: str, where: str) -> str:
    if where == "muck":
        return f"Loại {card} khỏi cuộc chơi và bỏ vào muck."
    source = {"stub": "phần bài còn lại (stub)", "hand": "bài của người chơi", "table": "bàn", "board": "board"}
    return f"Lấy {card} ra khỏi {source.get(where, where)} và loại khỏi cuộc chơi."


def ruling_lines(ruling: Ruling, book: Rulebook, *, color: bool = True, lang: str = "en") -> list[str]:
    """The ruling as lines of text, with ANSI colour when ``color``, in English or Vietnamese (``lang``)."""

    def paint(text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if color else text

    h = _HEADINGS["vi" if lang == "vi" else "en"]
    colors = {"misdeal": "1;31", "void": "1;35", "continue": "1;32"}
    verdict = ruling.verdict.value
    where = h["now"] if ruling.at is None else h["at"].format(at=ruling.at)
    lines = [paint(verdict_words(verdict, lang), colors[verdict]) + f"   ({book.short}, {where})"]
    if ruling.override is not None:
        ruled = ruling.override.verdict.value
        lines.append(paint(h["floor_ruled"].format(
            verdict=_VERDICT_SHORT_VI[ruled] if lang == "vi" else ruled, reason=ruling.override.reason), "1;33"))
    sa = h["yes"] if ruling.substantial_action else h["no"]
    lines.append(h["sa"].format(sa=sa) + (h["discretion"] if ruling.discretion else ""))
    if ruling.remedies:
        lines.append("")
        lines.append(paint(h["todo"], "1"))
        lines += [f"  {i}. {remedy_text(r, lang)}" for i, r in enumerate(ruling.remedies, start=1)]
    if ruling.citations:
        lines.append("")
        lines.append(paint(h["rules"], "1"))
        lines += [f"  {c.rule:<26} {c.source_vi if lang == 'vi' else c.source}" for c in ruling.citations]
    lines.append("")
    lines.append(ruling.explanation_vi if lang == "vi" and ruling.explanation_vi else ruling.explanation)
    reasons = ruling.discretion_reasons
    if lang == "vi" and len(ruling.discretion_reasons_vi) == len(reasons):
        reasons = ruling.discretion_reasons_vi
    for reason in reasons:
        lines.append(paint(h["call"].format(reason=reason), "33"))
    return lines


def result_lines(result: Result, *, color: bool = True, lang: str = "en") -> list[str]:
    h = _HEADINGS["vi" if lang == "vi" else "en"]
    lines: list[str] = []
    book = result.rulebook
    if book.house:
        lines.append(h["house"].format(house=book.house, book=book.short,
                                       switches=", ".join(book.house_switches) or h["no_switches"]))
    for i, ruling in enumerate(result.rulings):
        if i:
            lines.append("-" * 60)
        lines += ruling_lines(ruling, book, color=color, lang=lang)
    return lines
