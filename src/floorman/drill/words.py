"""What the drill says, in English and in Vietnamese (the card room's words, docs/glossary-vi.md).

>>> card_text("Kh"), card_text("??"), street_name("fourth"), street_name("first_draw", "vi")
('K♥', '??', 'fourth street', 'lần đổi bài thứ nhất')
>>> from floorman.rulings.model import Remedy, RemedyKind
>>> steps = (Remedy.of(RemedyKind.RETURN_CHIPS, seat=3, amount=200), Remedy.of(RemedyKind.REDEAL))
>>> remedy_lines(steps, Lang.VI)
('Trả lại chip đã cược: ghế 3 nhận lại 200.', 'Chia lại y hệt ván bài: cùng button, cùng cấp độ, cùng những người chơi; chỉ có bài là mới.')
>>> remedy_lines((), Lang.EN)
('Nothing to correct: the hand plays on as dealt.',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from floorman.drill.model import Kind, Lang, Topic
from floorman.locale import Message, street_text
from floorman.locale import say as say_message
from floorman.rulebooks import Citation, find_rulebook
from floorman.rulings.model import Remedy, RemedyKind, Verdict
from floorman.table import amount_text

__all__ = [
    "KIND_NAMES",
    "TOPIC_NAMES",
    "VERDICT_KEYS",
    "VERDICT_LABELS",
    "VERDICT_NAMES",
    "card_text",
    "chips",
    "citation_text",
    "colour_vi",
    "pick",
    "remedy_lines",
    "say",
    "street_name",
]

_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def chips(amount: object, lang: str = Lang.EN) -> str:
    """A chip count as the room writes it: ``1,125,600``, in Vietnamese ``1.125.600``; cents kept."""
    return amount_text(amount, lang)


def card_text(card: str) -> str:
    """A card as the table reads it: rank and suit symbol."""
    if card == "JK":
        return "Joker"
    if len(card) == 2 and card[1] in _SUITS:
        return card[0] + _SUITS[card[1]]
    return card


def colour_vi(colour: str) -> str:
    return {"blue": "xanh", "red": "đỏ", "green": "xanh lá", "black": "đen"}.get(colour, colour)


def street_name(name: str, lang: str = "en") -> str:
    """A street as the room says it; flop, turn and river stay English in Vietnamese too."""
    return street_text(name, lang)


def pick(words: tuple[str, str], lang: str) -> str:
    return words[1] if lang == Lang.VI else words[0]


VERDICT_NAMES: Mapping[Verdict, tuple[str, str]] = {
    Verdict.MISDEAL: ("MISDEAL: cancel the deal and re-deal", "HỦY VÁN (misdeal): hủy lần chia này và chia lại"),
    Verdict.VOID: ("VOID: fouled deck, every chip goes back",
                   "VÔ HIỆU (void): bộ bài lỗi, ván bài bị vô hiệu và toàn bộ chip được trả lại"),
    Verdict.CONTINUE: ("PLAY ON: the hand continues", "TIẾP TỤC: ván bài tiếp tục"),
}

VERDICT_LABELS: Mapping[Verdict, tuple[str, str]] = {
    Verdict.MISDEAL: ("misdeal", "hủy ván (misdeal): chia lại"),
    Verdict.VOID: ("void", "vô hiệu (void): trả lại toàn bộ chip"),
    Verdict.CONTINUE: ("play on", "tiếp tục (play on)"),
}
"""The verdicts as a player picks them."""

VERDICT_KEYS: Mapping[str, Verdict] = {
    "m": Verdict.MISDEAL, "misdeal": Verdict.MISDEAL, "huy": Verdict.MISDEAL, "hủy": Verdict.MISDEAL,
    "v": Verdict.VOID, "void": Verdict.VOID, "vo hieu": Verdict.VOID, "vô hiệu": Verdict.VOID,
    "p": Verdict.CONTINUE, "play on": Verdict.CONTINUE, "play": Verdict.CONTINUE, "c": Verdict.CONTINUE,
    "continue": Verdict.CONTINUE, "t": Verdict.CONTINUE, "tiep tuc": Verdict.CONTINUE, "tiếp tục": Verdict.CONTINUE,
}
"""What a player may type for a verdict: ``m``, ``v``, ``p`` in both languages, or the words."""

TOPIC_NAMES: Mapping[Topic, tuple[str, str]] = {
    Topic.MISDEALS: ("misdeals", "misdeal: hủy ván và chia lại"),
    Topic.FOULED_DECKS: ("fouled decks", "bộ bài lỗi"),
    Topic.BOARD_ERRORS: ("board and burn errors", "lỗi bài chung và lá bài đốt"),
    Topic.STUD: ("stud", "stud"),
    Topic.ABSENT: ("absent players", "người chơi vắng mặt"),
}

KIND_NAMES: Mapping[Kind, tuple[str, str]] = {
    Kind.ABSENT: ("absent player", "người chơi vắng mặt"),
    Kind.WRONG_SEAT: ("first card to the wrong seat", "lá bài đầu tiên được chia sai vị trí"),
    Kind.EXPOSED: ("card exposed by the dealer", "lá bài bị lộ do lỗi của dealer"),
    Kind.BOXED: ("boxed card", "lá bài bị lật ngửa trong bộ bài"),
    Kind.DUPLICATE: ("duplicate card", "hai lá giống hệt nhau"),
    Kind.FOREIGN_BACK: ("card with a different back", "lá bài có mặt sau khác màu"),
    Kind.FOUR_CARD_FLOP: ("four-card flop", "flop bốn lá"),
    Kind.MISSING_BURN: ("missing burn", "quên đốt bài"),
    Kind.PREMATURE: ("premature card", "chia bài sớm"),
}

_SAY: Mapping[str, tuple[str, str]] = {
    "hand": ("Hand {n} of {total}", "Ván {n}/{total}"),
    "rulebook": ("Rulebook: {book}", "Luật: {book}"),
    "verdict?": ("Your ruling?  [m] misdeal  [v] void  [p] play on: ",
                 "Phán quyết của bạn?  [m] hủy ván (misdeal): chia lại  [v] vô hiệu (void): trả lại toàn bộ chip  "
                 "[p] tiếp tục (play on): "),
    "verdict again": ("Please answer m, v or p.", "Hãy trả lời m, v hoặc p."),
    "remedy?": ("What does the floor do?", "Floor xử lý thế nào?"),
    "choice?": ("Your choice [1-{n}]: ", "Lựa chọn của bạn [1-{n}]: "),
    "choice again": ("Please answer with a number from 1 to {n}.", "Hãy trả lời bằng một số từ 1 đến {n}."),
    "right": ("right", "đúng"),
    "wrong": ("wrong", "sai"),
    "ruling": ("Ruling", "Phán quyết"),
    "remedy": ("Remedy", "Cách xử lý"),
    "choice": ("choice", "lựa chọn"),
    "yours": ("you chose", "bạn chọn"),
    "rules": ("Rules", "Luật áp dụng"),
    "why": ("Why", "Giải thích"),
    "source": ("Real hand: {source}; the irregularity was put in by the drill ({kinds}).",
               "Ván bài thật: {source}; lỗi được đưa vào để luyện tập ({kinds})."),
    "points": ("{points}/{out_of} points", "{points}/{out_of} điểm"),
    "summary": ("Session summary", "Tổng kết buổi luyện tập"),
    "topic": ("topic", "chủ đề"),
    "questions": ("questions", "câu hỏi"),
    "verdicts": ("rulings", "phán quyết"),
    "remedies": ("remedies", "xử lý"),
    "score": ("points", "điểm"),
    "total": ("total", "tổng cộng"),
    "ended": ("No more answers: the session ends here.", "Không còn câu trả lời: buổi luyện tập kết thúc tại đây."),
    "none": ("No question was answered.", "Chưa trả lời câu hỏi nào."),
    "seed": ("Drill seed {seed} (the same seed gives the same drill).",
             "Mã luyện tập (seed) {seed} (cùng seed sẽ cho cùng bài luyện tập)."),
    "fewer": ("Only {n} question(s) could be made from these hands.",
              "Chỉ tạo được {n} câu hỏi từ các ván bài này."),
}


def say(key: str, lang: str, **values: Any) -> str:
    """A fixed sentence of the drill in ``lang``, with ``values`` filled in."""
    return pick(_SAY[key], lang).format(**values)


def remedy_lines(remedies: Sequence[Remedy], lang: str) -> tuple[str, ...]:
    """The steps of a remedy, one line each (the catalog's ``remedy.*`` messages); chips given back are one line
    for every seat."""
    if not remedies:
        return (say_message(Message.of("remedy.none"), lang),)
    lines: list[str] = []
    returns = [r for r in remedies if r.do is RemedyKind.RETURN_CHIPS]
    for remedy in remedies:
        if remedy.do is RemedyKind.RETURN_CHIPS:
            if remedy is returns[0]:
                back = tuple(Message.of("remedy.return_chips.each", seat=r.fields.get("seat"),
                                        amount=r.fields.get("amount")) for r in returns)
                lines.append(say_message(Message.of("remedy.return_chips.all", back=back), lang))
            continue
        lines.append(say_message(remedy.message(), lang))
    return tuple(lines)


def citation_text(citation: Citation, lang: str) -> str:
    """Where the book has the rule: its own source line, or in Vietnamese the book and the rule number.

    >>> c = find_rulebook("tda").citation("FLOP-4CARD")
    >>> citation_text(c, Lang.EN), citation_text(c, Lang.VI)
    ('Poker TDA Rules 2024 v1.0, Rule 39-A (applying Recommended Procedure 14)', 'TDA 2024, luật 39-A')
    """
    if lang != Lang.VI:
        return citation.source
    book = find_rulebook(citation.book).short
    if citation.number in ("-", ""):
        return f"{book}: không có điều luật riêng (floorman áp dụng mặc định)"
    via = f" (áp dụng qua {citation.via})" if citation.via else ""
    number = "không đánh số" if citation.number == "unnumbered" else citation.number
    word = "luật " if number[:1].isdigit() or number.startswith(("LA-", "RP-")) else ""
    return f"{book}, {word}{number}{via}"
