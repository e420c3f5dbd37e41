"""Decisions on the deal: seats, order, counts, boxed and exposed cards (MD-*, CNT-*, EXP-*, BOX-*)."""

from __future__ import annotations

from collections.abc import Callable

from floorman.findings import Finding
from floorman.findings import Irregularity as I
from floorman.rulings.context import Context, Decision
from floorman.rulings.model import Verdict
from floorman.rulings.words import Words, cap, note_vi, seats_vi, street_vi
from floorman.table import Family

__all__ = ["DEAL_DECISIONS"]

C = Verdict.CONTINUE


def _seat_list(seats: list[int | None]) -> str:
    named = [f"seat {s}" for s in seats if s is not None]
    return " and ".join(named) if len(named) <= 2 else ", ".join(named[:-1]) + " and " + named[-1]


def first_card(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "first_card_wrong_seat.found")
    d.rules += f.extra_rules
    where = "the first seat clockwise from the button" if not ctx.state.is_stud else "the first seat at the dealer's left"
    where_vi = ("chỗ ngồi đầu tiên theo chiều kim đồng hồ tính từ button" if not ctx.state.is_stud
                else "chỗ ngồi đầu tiên bên trái dealer")
    if not ctx.state.is_stud and len(ctx.state.entitled_order()) == 2:
        where = "the big blind (heads-up the button gets the last card)"
        where_vi = "big blind (khi heads-up, button nhận lá cuối cùng)"
    d.say(f"The first card went to seat {f.seat}; it belonged to seat {f.expected_seat}, {where}.",
          f"Lá bài đầu tiên được chia cho ghế {f.seat}, trong khi lẽ ra phải chia cho ghế {f.expected_seat}, "
          f"tức là {where_vi}.")
    return ctx.misdeal_or_blocked(d, "first card to the wrong seat", "lá bài đầu tiên được chia sai vị trí")


def not_entitled(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "card_to_seat_not_entitled.found")
    for f in fs:
        d.say(f"Cards were dealt to seat {f.seat}, {f.note or 'a seat not entitled to a hand'}.",
              f"Dealer đã chia bài cho ghế {f.seat}, trong khi đó là "
              f"{note_vi(f.note) if f.note else 'chỗ ngồi không có quyền nhận bài'}.")
    ctx.misdeal_or_blocked(d, "cards dealt to a seat not entitled to a hand",
                           "chia bài cho chỗ ngồi không có quyền nhận bài")
    if d.verdict is C:
        for f in fs:
            ctx.apply(d, "card_to_seat_not_entitled.killed", seat=f.seat)
        d.say("The cards at that seat are mucked; the next street is dealt with one burn from the stub.",
              "Bài ở ghế đó được bỏ vào muck; vòng kế tiếp được chia với đúng một lá bài đốt lấy từ phần bài "
              "còn lại (stub).")
    return d


def dealt_out(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "seat_dealt_out.found")
    d.say(f"{_seat_list([f.seat for f in fs]).capitalize()} was skipped: an entitled seat got no cards.",
          f"{cap(seats_vi([f.seat for f in fs]))} bị bỏ sót: chỗ ngồi có quyền nhận bài nhưng không được chia lá nào.")
    ctx.misdeal_or_blocked(d, "an entitled seat dealt out", "bỏ sót người chơi có quyền nhận bài")
    if d.verdict is C:
        d.say("The skipped player takes no part in this hand.", "Người chơi bị bỏ sót không tham gia ván bài này.")
    return d


def out_of_sequence(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "card_out_of_sequence.found")
    d.say(f"A card went to seat {f.seat} when seat {f.expected_seat} was next: a card dealt out of sequence "
          "(only the button may take two cards in a row).",
          f"Một lá bài được chia cho ghế {f.seat} trong khi đang đến lượt ghế {f.expected_seat}: chia bài sai thứ tự "
          "(chỉ button mới được nhận hai lá liên tiếp).")
    if ctx.params.out_of_sequence == "discretion" or ctx.is_unstated("card_out_of_sequence.found"):
        ctx.apply(d, "card_out_of_sequence.discretion",
                  Words("The book does not list a card out of sequence as a misdeal.",
                        "Bộ luật không liệt kê việc chia bài sai thứ tự là một trường hợp misdeal."))
    return ctx.misdeal_or_blocked(d, "card out of sequence", "chia bài sai thứ tự")


def button_consecutive(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "button_dealt_consecutive_cards.found")
    d.say(f"The button (seat {fs[0].seat}) received its cards one after the other: that is allowed, not a misdeal.",
          f"Button (ghế {fs[0].seat}) nhận các lá bài liên tiếp nhau: điều này được phép, không phải misdeal.")
    return d


def button_misplaced(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "button_misplaced.found")
    if len(ctx.state.entitled_order()) == 2:
        ctx.apply(d, "button_misplaced.heads_up")
        d.say("Heads-up the button is placed so that no player posts the big blind twice in a row.",
              "Khi heads-up, button được đặt sao cho không người chơi nào phải đặt big blind hai ván liên tiếp.")
    d.say(f"The button was on seat {f.seat}; the rotation put it on seat {f.expected_seat}.",
          f"Button đang ở ghế {f.seat}; theo vòng xoay, button lẽ ra phải ở ghế {f.expected_seat}.")
    if not ctx.params.button_misplaced_misdeal:
        return d
    ctx.misdeal_or_blocked(d, "button out of position", "button đặt sai vị trí")
    if d.verdict is Verdict.MISDEAL:
        ctx.apply(d, "button_misplaced.misdeal")
        d.corrected_button = f.expected_seat
        d.say(f"The re-deal puts the button on seat {f.expected_seat}.",
              f"Khi chia lại, button được đặt về ghế {f.expected_seat}.")
    else:
        ctx.apply(d, "button_misplaced.stands")
        d.say("The error stands for this hand, and the button is not moved back for the next one.",
              "Lỗi này được giữ nguyên trong ván bài này, và button không bị dời lại cho ván sau.")
    return d


def boxed(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    initial = [f for f in fs if f.during_initial_deal]
    counted = initial if p.boxed_counted == "initial_deal" else fs
    d = ctx.decide(fs, "boxed_card.found")
    n = len(counted)
    if n >= p.boxed_misdeal_at and not ctx.sa:
        ctx.apply(d, "boxed_card.misdeal")
        when = "on the initial deal" if p.boxed_counted == "initial_deal" else "among the cards needed for the hand"
        when_vi = ("trong quá trình chia bài ban đầu" if p.boxed_counted == "initial_deal"
                   else "trong số các lá bài cần cho ván bài")
        d.say(f"{n} boxed cards were found {when}.", f"Phát hiện {n} lá bài bị lật ngửa trong bộ bài {when_vi}.")
        return ctx.misdeal_or_blocked(d, f"{p.boxed_misdeal_at} or more boxed cards",
                                      f"từ {p.boxed_misdeal_at} lá bài bị lật ngửa trong bộ bài trở lên")
    ctx.apply(d, "boxed_card.scrap")
    if initial:
        ctx.apply(d, "boxed_card.initial_deal")
    for f in fs:
        if f.during_initial_deal and f.seat is None:
            ctx.apply(d, "boxed_card.in_deck", card=f.card)
            d.say("A boxed card was found in the deck during the deal: it is a scrap of paper, shown and mucked, and "
                  "the next card goes where it would have gone.",
                  "Trong lúc chia bài, dealer gặp một lá bài bị lật ngửa trong bộ bài: lá đó chỉ được xem như một mảnh "
                  "giấy vô giá trị, được đưa cho cả bàn xem rồi bỏ vào muck, và lá kế tiếp được chia vào đúng chỗ.")
        elif f.during_initial_deal:
            ctx.apply(d, "boxed_card.to_seat", card=f.card, seat=f.seat)
            d.say(f"A boxed card came off the deck for seat {f.seat}: it is a scrap of paper, shown and mucked, "
                  "and the seat gets the next card.",
                  f"Lá bài chia cho ghế {f.seat} là lá bài bị lật ngửa trong bộ bài: lá đó chỉ được xem như một mảnh "
                  "giấy vô giá trị, được đưa cho cả bàn xem rồi bỏ vào muck, và ghế này nhận lá kế tiếp.")
        else:
            ctx.apply(d, "boxed_card.late", card=f.card)
            if ctx.sa:
                ctx.apply(d, "boxed_card.late_after_sa")
            d.say("A boxed card met after the initial deal is a scrap of paper: it is mucked and the next card is used.",
                  "Lá bài bị lật ngửa trong bộ bài gặp sau quá trình chia bài ban đầu chỉ được xem như một mảnh giấy "
                  "vô giá trị: lá đó được bỏ vào muck và dealer dùng lá kế tiếp.")
    if n < p.boxed_misdeal_at:
        d.say(f"{n} boxed card{'s' if n != 1 else ''} counted: a misdeal takes {p.boxed_misdeal_at}.",
              f"Số lá bài bị lật ngửa trong bộ bài được tính là {n}; phải có {p.boxed_misdeal_at} lá mới là misdeal.")
    if ctx.state.has(I.EXPOSED_HOLE_CARD):
        ctx.apply(d, "boxed_card.with_exposed")
    return d


def _exposed_flop(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.flop")
    for f in fs:
        d.rules += [r for r in f.extra_rules if r not in d.rules]
    early = [f for f in fs if f.position is not None and f.position <= p.exposed_first_cards]
    if early:
        f = early[0]
        d.say(f"Card #{f.position} off the deck (seat {f.seat}) was exposed by the dealer: either of the first "
              f"{p.exposed_first_cards} cards exposed is a misdeal.",
              f"Lá bài thứ {f.position} rút ra từ bộ bài (ghế {f.seat}) bị lộ do lỗi của dealer: chỉ cần một trong "
              f"{p.exposed_first_cards} lá đầu tiên bị lộ là misdeal.")
        ctx.misdeal_or_blocked(d, "one of the first cards off the deck exposed",
                               "một trong những lá đầu tiên của bộ bài bị lộ do lỗi của dealer")
        if d.verdict is Verdict.MISDEAL:
            return d
    elif len(fs) >= p.exposed_misdeal_at:
        d.say(f"{len(fs)} down cards were exposed by the dealer on the initial deal ({_seat_list([f.seat for f in fs])}).",
              f"Có {len(fs)} lá bài úp bị lộ do lỗi của dealer trong quá trình chia bài ban đầu "
              f"({seats_vi([f.seat for f in fs])}).")
        ctx.misdeal_or_blocked(d, f"{p.exposed_misdeal_at} exposed down cards",
                               f"{p.exposed_misdeal_at} lá bài úp bị lộ do lỗi của dealer")
        if d.verdict is Verdict.MISDEAL:
            return d
    ctx.apply(d, "exposed_hole_card.replace")
    if not early and len(fs) < p.exposed_misdeal_at:
        f = fs[0]
        d.say(f"One down card (#{f.position}, seat {f.seat}) was exposed by the dealer; it is not one of the first "
              f"{p.exposed_first_cards} off the deck, so it is not a misdeal.",
              f"Một lá bài úp (lá thứ {f.position}, ghế {f.seat}) bị lộ do lỗi của dealer; đây không phải một trong "
              f"{p.exposed_first_cards} lá đầu tiên rút ra từ bộ bài nên không phải misdeal.")
    streets = [s for s in ctx.state.spec.streets[1:]]
    for i, f in enumerate(fs):
        street = streets[min(i, len(streets) - 1)]
        seat = ctx.state.seats.get(f.seat or 0)
        if seat is not None and (seat.folded or seat.dead):
            d.say(f"Seat {f.seat} has since folded: his hand, the exposed card with it, goes to the muck, and the "
                  "next street is burned as usual.",
                  f"Ghế {f.seat} đã fold: bài của ghế này, kể cả lá bị lộ, được bỏ vào muck, và vòng kế tiếp đốt bài "
                  "như bình thường.")
            continue
        ctx.apply(d, "exposed_hole_card.replaced_at_seat", seat=f.seat,
                  card=f.card if f.card != "??" else None, street=street.value)
        d.say(f"Seat {f.seat} may not keep the exposed card: after the last starting card the dealer gives seat "
              f"{f.seat} the top card of the stub, and the exposed card is the {street.value} burn.",
              f"Ghế {f.seat} không được giữ lá bài bị lộ: sau lá khởi đầu cuối cùng, dealer chia cho ghế {f.seat} lá "
              f"trên cùng của phần bài còn lại (stub), và lá bị lộ trở thành lá bài đốt của {street_vi(street)}.")
    if ctx.is_unstated("exposed_hole_card.standard_procedure"):
        d.say("This replacement procedure is the standard one; the tournament rules do not spell it out.",
              "Đây là quy trình thay bài tiêu chuẩn; luật giải đấu không ghi rõ từng bước.")
    return d


def _exposed_stud(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.stud")
    by_seat: dict[int, list[Finding]] = {}
    for f in fs:
        by_seat.setdefault(f.seat or 0, []).append(f)
    seats = _seat_list(list(by_seat))
    d.say(f"A down card of {seats} was exposed by the dealer on third street.",
          f"Một lá bài úp của {seats_vi(list(by_seat))} bị lộ do lỗi của dealer ở third street.")
    if p.stud_downcard_exposed == "misdeal":
        return ctx.misdeal_or_blocked(d, "a stud player's first two down cards exposed",
                                      "lộ một trong hai lá bài úp đầu tiên của người chơi stud")
    all_three = [s for s, group in by_seat.items() if len(group) >= 2]
    if all_three and p.stud_all_exposed_misdeal:
        d.say("All three of that player's starting cards are face up.",
              "Cả ba lá khởi đầu của người chơi đó đều bị lật ngửa.")
        return ctx.misdeal_or_blocked(d, "all three starting cards exposed", "cả ba lá khởi đầu đều bị lộ")
    if all_three:
        ctx.apply(d, "exposed_hole_card.stud_all_three", Words("The book covers one exposed down card only.",
                                                              "Bộ luật chỉ quy định trường hợp lộ một lá bài úp."))
    for seat in by_seat:
        if p.stud_downcard_exposed == "upcard":
            ctx.apply(d, "exposed_hole_card.stud_upcard", seat=seat)
            d.say(f"The exposed card becomes seat {seat}'s upcard and the third card is dealt face down; "
                  "seat {seat} can be the bring-in.".replace("{seat}", str(seat)),
                  f"Lá bị lộ trở thành lá ngửa (upcard) của ghế {seat} và lá thứ ba được chia úp; ghế {seat} có thể "
                  "là người phải bring-in.")
        else:
            ctx.apply(d, "exposed_hole_card.stud_third_down", seat=seat)
    if p.stud_downcard_exposed == "third_down":
        d.say("The player's third card is dealt face down instead.",
              "Thay vào đó, lá thứ ba của người chơi được chia úp.")
    return d


def _exposed_draw(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "exposed_hole_card.found")
    ctx.apply(d, "exposed_hole_card.draw")
    if p.draw_exposed == "house":
        ctx.apply(d, "exposed_hole_card.draw_house",
                  Words("The book leaves draw games to house rules.",
                        "Với các game draw, bộ luật để luật riêng của phòng (house rules) quyết định."))
    if len(fs) >= p.draw_exposed_misdeal_at:
        d.say(f"{len(fs)} cards were exposed on the initial deal of a draw game.",
              f"Có {len(fs)} lá bài bị lộ trong quá trình chia bài ban đầu của game draw.")
        return ctx.misdeal_or_blocked(d, "second exposed card on a draw game's initial deal",
                                      "lá thứ hai bị lộ trong quá trình chia bài ban đầu của game draw")
    for f in fs:
        ctx.apply(d, "exposed_hole_card.draw_replaced", seat=f.seat)
        d.say(f"Seat {f.seat}'s exposed card is replaced; in draw games only a second exposed card is a misdeal, "
              "even when the first is the first card off the deck.",
              f"Lá bài bị lộ của ghế {f.seat} được thay; ở game draw chỉ khi có lá thứ hai bị lộ mới là misdeal, "
              "kể cả khi lá bị lộ trước là lá đầu tiên rút ra từ bộ bài.")
    return d


def exposed(ctx: Context, fs: list[Finding]) -> Decision:
    family = ctx.state.spec.family
    if family is Family.STUD:
        return _exposed_stud(ctx, fs)
    if family is Family.DRAW:
        return _exposed_draw(ctx, fs)
    return _exposed_flop(ctx, fs)


def exposed_replacement(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "exposed_replacement_card.found")
    f = fs[0]
    d.say(f"The replacement card for seat {f.seat} was exposed too: the second exposed down card of the deal.",
          f"Lá bài thay thế cho ghế {f.seat} cũng bị lộ: đây là lá bài úp thứ hai bị lộ trong lần chia này.")
    ctx.misdeal_or_blocked(d, "two exposed down cards", "hai lá bài úp bị lộ")
    if d.verdict is C:
        ctx.apply(d, "exposed_replacement_card.after_sa",
                  Words("No rule covers an exposed replacement after substantial action.",
                        "Không có luật nào cho trường hợp lá thay thế bị lộ sau khi đã có Substantial Action."),
                  seat=f.seat)
        d.say(f"Seat {f.seat} gets the next card; the first exposed card is the flop burn and this one is set aside as the "
              "turn burn.",
              f"Ghế {f.seat} nhận lá kế tiếp; lá bị lộ đầu tiên là lá bài đốt của flop, còn lá này được để riêng làm lá "
              "bài đốt của turn.")
    return d


def exposed_after_deal(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "exposed_after_deal.found")
    d.say(f"The dealer exposed cards of {_seat_list([f.seat for f in fs])} after the deal: the hand can still be "
          "identified, so it stays live despite the exposed cards.",
          f"Dealer làm lộ bài của {seats_vi([f.seat for f in fs])} sau khi đã chia xong: vẫn xác định được bài của "
          "người chơi nên bài vẫn còn hiệu lực dù có lá bị lộ.")
    return d


def player_exposed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "player_exposed_own_card.found")
    for f in fs:
        d.say(f"Seat {f.seat} exposed his own card: not a dealer error, so not a misdeal; the hand stays live and "
              "every player is entitled to see the card.",
              f"Người chơi ghế {f.seat} tự làm lộ bài của mình: đây không phải lỗi của dealer nên không phải misdeal; "
              "bài vẫn còn hiệu lực và mọi người chơi đều có quyền được xem lá bài đó.")
        ctx.apply(d, "player_exposed_own_card.penalty", seat=f.seat)
    return d


def extra_card(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    extras = max((f.count or 1) for f in fs)
    f = fs[0]
    d = ctx.decide(fs, "extra_card.found")
    d.say(f"{extras} extra card{'s' if extras != 1 else ''} dealt on the initial deal (first at seat {f.seat}).",
          f"Chia thừa {extras} lá trong quá trình chia bài ban đầu (lá thừa đầu tiên ở ghế {f.seat}).")
    if p.one_extra_card == "misdeal":
        ctx.apply(d, "extra_card.one_is_wrong_count")
    if extras >= p.extra_cards_misdeal_at:
        return ctx.misdeal_or_blocked(d, f"{p.extra_cards_misdeal_at} or more extra cards",
                                      f"chia sai số lá bài, thừa từ {p.extra_cards_misdeal_at} lá trở lên")
    ctx.apply(d, "extra_card.one")
    if ctx.state.actions:
        mixed = Finding(at=f.at, irregularity=I.WRONG_CARD_COUNT, seat=f.seat,
                        count=ctx.state.hole_cards_at(f.seat))
        d2 = wrong_count(ctx, [mixed])
        ctx.apply(d2, "extra_card.kept")
        d2.findings = fs
        d2.say_first("The extra card was not set apart before the first betting round: it counts as part of the hand.",
                     "Lá thừa không được tách riêng trước vòng cược đầu tiên: lá đó được tính là một phần bài của "
                     "người chơi.")
        return d2
    if p.one_extra_card == "misdeal" and not ctx.sa:
        ctx.apply(d, "extra_card.one_misdeal",
                  Words("By the letter one extra card is a wrong count; many floors burn it instead.",
                        "Theo câu chữ, thừa một lá là chia sai số lá; nhiều floor chỉ cho đốt lá đó."))
        return ctx.misdeal_or_blocked(d, "wrong number of cards dealt to a player",
                                      "chia sai số lá bài cho một người chơi")
    if ctx.state.has(I.WRONG_CARD_COUNT):
        return d
    ctx.apply(d, "extra_card.burned", seat=f.seat, street=ctx.state.spec.streets[1].value)
    d.say("One extra card is not a misdeal: it goes back on top of the stub and is used as the next burn.",
          "Thừa một lá không phải misdeal: lá đó được đặt lại lên trên cùng phần bài còn lại (stub) và dùng làm lá "
          "bài đốt kế tiếp.")
    return d


def wrong_count(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "wrong_card_count.found")
    if ctx.state.is_stud:
        ctx.apply(d, "wrong_card_count.stud")
    held = ", ".join(f"seat {f.seat} holds {f.count}" for f in fs)
    held_vi = ", ".join(f"ghế {f.seat} đang có {f.count} lá" for f in fs)
    d.say(f"Wrong number of cards: {held} (the game deals {ctx.state.spec.hole_cards}).",
          f"Chia sai số lá bài: {held_vi} (game này chia {ctx.state.spec.hole_cards} lá).")
    if p.wrong_count_misdeal and not ctx.sa:
        ctx.apply(d, "wrong_card_count.misdeal")
        return ctx.misdeal_or_blocked(d, "wrong number of cards", "chia sai số lá bài")
    ctx.apply(d, "wrong_card_count.dead")
    if any((f.count or 0) > ctx.state.spec.hole_cards for f in fs):
        ctx.apply(d, "wrong_card_count.own_deck")
        d.say("Extra cards that came from this hand's own deck do not foul the deck.",
              "Lá thừa đến từ chính bộ bài của ván này thì không làm bộ bài bị lỗi.")
    d.misdeal_blocked = True
    for f in fs:
        ctx.apply(d, "wrong_card_count.killed", seat=f.seat)
    d.say("After substantial action a hand with the wrong number of cards is dead; chips it put in stay in the pot. "
          "The next street is burned and dealt normally: exactly one burn, and no card of a killed hand is used as it.",
          "Sau Substantial Action, bài có sai số lá là bài chết; chip đã bỏ vào pot vẫn ở lại trong pot. Vòng kế "
          "tiếp được đốt bài và chia bình thường: đốt đúng một lá, và không dùng lá nào của bài chết làm lá bài đốt.")
    return d


def button_short(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "button_short.found")
    acted = ctx.seat_acted_before(f.seat, 10**9)
    if acted:
        d.say(f"The button (seat {f.seat}) acted holding {f.count} card{'s' if f.count != 1 else ''}: his hand is dead; "
              "the chips he put in stay in the pot.",
              f"Button (ghế {f.seat}) đã hành động khi chỉ có {f.count} lá: bài của người chơi này là bài chết; chip "
              "đã bỏ vào pot vẫn ở lại trong pot.")
        ctx.apply(d, "button_short.acted", seat=f.seat)
    else:
        d.say(f"The button (seat {f.seat}) is short a card and has not acted: he gets the next card off the stub, "
              "even after substantial action. It is not a misdeal.",
              f"Button (ghế {f.seat}) bị thiếu một lá và chưa hành động: người chơi này nhận lá kế tiếp từ phần bài "
              "còn lại (stub), kể cả khi đã có Substantial Action. Đây không phải misdeal.")
        ctx.apply(d, "button_short.not_acted", seat=f.seat)
    return d


def thrown_into(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "cards_thrown_into_hand.found", Words("The floor may order a re-deal; it is not required.",
                                                             "Floor có thể cho chia lại, nhưng không bắt buộc."))
    d.say(f"Seat {f.from_seat}'s cards were thrown into seat {f.seat}'s hand: the thrown cards are dead.",
          f"Bài của ghế {f.from_seat} bị ném lẫn vào bài của ghế {f.seat}: những lá bị ném vào là bài chết.")
    if not ctx.sa and f.seat is not None:
        d.verdict = Verdict.MISDEAL
        d.redeal_dead = (f.from_seat,) if f.from_seat is not None else ()
        d.say("Engine default: re-deal, with the offender dealt a dead hand.",
              "Cách xử lý mặc định: chia lại, người chơi vi phạm bị chia một bài chết.")
    return d


def acted_short(ctx: Context, fs: list[Finding]) -> Decision:
    """The button acted while short: decided with the short button (CNT-BTN-SHORT)."""
    return ctx.decide(fs, "acted_with_wrong_count.found")


def absent(ctx: Context, fs: list[Finding]) -> Decision:
    deadline = ctx.params.absent_deadline
    d = ctx.decide(fs, "absent_at_deal.found")
    state = ctx.state
    if state.is_stud:
        ctx.apply(d, "absent_at_deal.stud")
    if state.log.redeal_of is not None:
        ctx.apply(d, "absent_at_deal.redeal")
    for f in fs:
        missed_last = f.seat in state.absent_at_last_card
        missed = missed_last if deadline == "last_card" else f.seat in state.absent_at_first_card
        card = "last card of the initial deal" if deadline == "last_card" else "first card of the deal"
        card_vi = ("lá cuối cùng của quá trình chia bài ban đầu" if deadline == "last_card"
                   else "lá đầu tiên của lần chia bài")
        if missed:
            ctx.apply(d, "absent_at_deal.dead", seat=f.seat)
            d.say(f"Seat {f.seat} was not at his seat when the {card} was dealt: his hand is dead; "
                  "his blinds and antes stay in the pot.",
                  f"Người chơi ghế {f.seat} không có mặt tại chỗ ngồi khi chia {card_vi}: bài của người chơi này là "
                  "bài chết; blinds và ante đã đặt vẫn ở lại trong pot.")
        else:
            d.say(f"Seat {f.seat} was back at his seat by the {card}: his hand is live.",
                  f"Người chơi ghế {f.seat} đã trở lại chỗ ngồi kịp lúc chia {card_vi}: bài vẫn còn hiệu lực.")
    return d


def away(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "player_away_during_hand.found", Words(
        "The rule says the hand may be mucked: the floor decides.",
        "Luật chỉ nói bài đó có thể bị đưa vào muck: floor quyết định."))
    for f in fs:
        d.say(f"Seat {f.seat} left the table with his hand live after the action had begun: his hand may be "
              "treated as abandoned and mucked.",
              f"Người chơi ghế {f.seat} rời bàn khi bài vẫn còn hiệu lực và vòng hành động đã bắt đầu: bài đó có thể "
              "bị coi là bỏ và bị đưa vào muck.")
        ctx.apply(d, "player_away_during_hand.seat", seat=f.seat)
    return d


DEAL_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.FIRST_CARD_WRONG_SEAT: first_card,
    I.CARD_TO_SEAT_NOT_ENTITLED: not_entitled,
    I.SEAT_DEALT_OUT: dealt_out,
    I.CARD_OUT_OF_SEQUENCE: out_of_sequence,
    I.BUTTON_DEALT_CONSECUTIVE_CARDS: button_consecutive,
    I.BUTTON_MISPLACED: button_misplaced,
    I.BOXED_CARD: boxed,
    I.EXPOSED_HOLE_CARD: exposed,
    I.EXPOSED_REPLACEMENT_CARD: exposed_replacement,
    I.EXPOSED_AFTER_DEAL: exposed_after_deal,
    I.PLAYER_EXPOSED_OWN_CARD: player_exposed,
    I.EXTRA_CARD: extra_card,
    I.WRONG_CARD_COUNT: wrong_count,
    I.BUTTON_SHORT: button_short,
    I.CARDS_THROWN_INTO_HAND: thrown_into,
    I.ABSENT_AT_DEAL: absent,
    I.ACTED_WITH_WRONG_COUNT: acted_short,
    I.PLAYER_AWAY_DURING_HAND: away,
}
