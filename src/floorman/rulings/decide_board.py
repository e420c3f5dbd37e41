"""Decisions on the deck and the board: fouled decks, odd cards, flops, burns, premature cards."""

from __future__ import annotations

from collections.abc import Callable

from floorman.findings import Finding
from floorman.findings import Irregularity as I
from floorman.rulings.context import Context, Decision
from floorman.rulings.model import Verdict
from floorman.rulings.sa import has_substantial_action
from floorman.rulings.words import Words, cap, card_vi, note_vi, place_vi, street_vi
from floorman.table import Street

__all__ = ["BOARD_DECISIONS"]

C = Verdict.CONTINUE


def _void(ctx: Context, d: Decision, what: str, what_vi: str) -> Decision:
    d.verdict = Verdict.VOID
    ctx.apply(d, "fouled_deck.void")
    d.say(f"{what}: the deck is fouled. The hand is void whether or not there was substantial action, and every "
          "chip goes back to the player who put it in, blinds and antes included.",
          f"{what_vi}: bộ bài lỗi. Ván bài bị vô hiệu dù đã có Substantial Action hay chưa, và toàn bộ chip được "
          "trả lại cho người đã đặt, kể cả blinds và ante.")
    return d


def duplicate(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "duplicate_card.found")
    card = f.card if f.card and f.card != "??" else "the same card"
    where = f" ({f.note})" if f.note else ""
    card_v = f"hai {card_vi(f.card)}" if f.card and f.card != "??" else "hai lá bài giống hệt nhau"
    where_v = f" ({place_vi(f.note)})" if f.note else ""
    return _void(ctx, d, f"Two {card} are in play{where}", f"Có {card_v} trong ván bài{where_v}")


def foreign_in_play(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "foreign_back_in_play.found")
    where = f"seat {f.seat}'s hand" if f.seat is not None else "the board"
    where_v = f"trong bài của ghế {f.seat}" if f.seat is not None else "trên board"
    if ctx.params.foreign_back_in_play == "house":
        ctx.apply(d, "foreign_back_in_play.house",
                  Words("The book leaves other fouled-deck conditions to house policy.",
                        "Các trường hợp bộ bài lỗi khác được bộ luật để cho quy định riêng của phòng."))
    return _void(ctx, d, f"A card with a different back appeared in {where}",
                 f"Một lá bài có mặt sau khác màu xuất hiện {where_v}")


def foreign_in_stub(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "foreign_back_in_stub.found")
    mode = ctx.params.foreign_back_in_stub
    d.say("A card with a different back was found in the stub; it has not appeared in any hand or on the board.",
          "Phát hiện một lá bài có mặt sau khác màu trong phần bài còn lại (stub); lá này chưa xuất hiện trong bài "
          "của ai hay trên board.")
    if mode == "house":
        ctx.apply(d, "foreign_back_in_stub.house",
                  Words("The book leaves a foreign card in the stub to house policy.",
                        "Lá bài lạ trong stub được bộ luật để cho quy định riêng của phòng."))
    if mode != "stands" and not ctx.sa:
        ctx.apply(d, "foreign_back_in_stub.misdeal",
                  Words("The book does not say what happens before substantial action.",
                        "Bộ luật không nói phải làm gì khi chưa có Substantial Action."))
        d.say("Before substantial action a misdeal is still available and the deck is known to be bad.",
              "Chưa có Substantial Action nên vẫn có thể tuyên bố misdeal, và đã biết chắc bộ bài có vấn đề.")
        d.verdict = Verdict.MISDEAL
        return d
    ctx.apply(d, "foreign_back_in_stub.after_sa" if mode != "stands" else "foreign_back_in_stub.stands",
              card=fs[0].card)
    d.say("All action stands: the card is removed and play continues.",
          "Mọi hành động vẫn có hiệu lực: lá bài lạ được loại bỏ và ván bài tiếp tục.")
    return d


def previous_hand(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "previous_hand_card.found", Words(
        "A missing card alone does not invalidate a hand; the 2013 ruling fouled the deck.",
        "Chỉ thiếu một lá thì ván bài vẫn có hiệu lực; phán quyết năm 2013 lại coi đó là bộ bài lỗi."))
    if ctx.params.previous_hand_card_fouls:
        return _void(ctx, d, "A card left over from an earlier hand turned up in this one, so the deck was shuffled "
                        "without all its cards",
                     "Một lá bài sót lại từ ván trước xuất hiện trong ván này, nghĩa là bộ bài đã được xáo khi không "
                     "đủ lá")
    ctx.apply(d, "previous_hand_card.removed", card=fs[0].card, where="hand" if fs[0].seat else "table")
    d.say("The card from the earlier hand is removed; a missing card does not invalidate the hand.",
          "Lá bài của ván trước được loại bỏ; thiếu một lá không làm ván bài bị vô hiệu.")
    return d


def missing(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "missing_card.found")
    d.say("The deck is short a card: a missing card does not invalidate the hand; play continues.",
          "Bộ bài bị thiếu một lá: thiếu lá không làm ván bài bị vô hiệu; ván bài tiếp tục.")
    return d


def knew(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "knew_defect.found", Words(
        "Whether the player knew, and what he forfeits, is the floor's call.",
        "Người chơi có biết lỗi hay không, và bị mất những gì, là do floor quyết định."))
    for f in fs:
        d.say(f"Seat {f.seat} knew the deck was defective and played on to win the pot: he may lose his right to a "
              "refund, and his chips may be kept in the pot for the next deal.",
              f"Người chơi ghế {f.seat} biết bộ bài có lỗi nhưng vẫn chơi tiếp để giành pot: người chơi này có thể mất "
              "quyền được hoàn chip, và chip của họ có thể được giữ lại trong pot cho lần chia kế tiếp.")
        ctx.apply(d, "knew_defect.seat", seat=f.seat)
    return d


def non_standard(ctx: Context, fs: list[Finding]) -> Decision:
    p = ctx.params
    d = ctx.decide(fs, "non_standard_card.found")
    short = ctx.state.spec.short_deck
    if short:
        ctx.apply(d, "non_standard_card.short_deck")
    for f in fs:
        what = "a joker" if f.card == "JK" else f"the {f.card}, which short deck does not use" if short else "a card that does not belong"
        place = f"seat {f.seat}'s hand" if f.seat is not None else "the board"
        what_v = ("một lá joker" if f.card == "JK" else f"{card_vi(f.card)}, lá không dùng trong short deck," if short
                  else "một lá bài không thuộc bộ bài")
        place_v = f"trong bài của ghế {f.seat}" if f.seat is not None else "trên board"
        d.say(f"{what.capitalize()} was found in {place}.", f"Phát hiện {what_v} {place_v}.")
    if p.nonstandard_before_sa == "misdeal" and not ctx.sa:
        return ctx.misdeal_or_blocked(d, "a card that does not belong to the game, before substantial action",
                                      "một lá bài không thuộc bộ bài của game, trước Substantial Action")
    if short and ctx.is_unstated("non_standard_card.short_deck_unstated"):
        ctx.apply(d, "non_standard_card.short_deck_unstated",
                  Words("The book has no rule for a low card in short deck.",
                        "Bộ luật không có quy định cho lá nhỏ xuất hiện trong short deck."))
    for f in fs:
        if f.seat is None:
            ctx.apply(d, "non_standard_card.on_board",
                      Words("Whether a new burn is taken before the replacement card is not stated.",
                            "Luật không nói có phải đốt thêm một lá trước khi chia lá thay thế hay không."),
                      card=f.card)
            d.say("It is a scrap of paper: it is removed and the next card off the stub takes its place, with no extra burn.",
                  "Lá đó chỉ được xem như một mảnh giấy vô giá trị: lá đó được loại bỏ và lá kế tiếp từ phần bài còn "
                  "lại (stub) thế vào chỗ, không đốt thêm lá nào.")
            continue
        acted = any(a.seat == f.seat and a.at > _arrived(ctx, f) for a in ctx.state.actions)
        if acted or (ctx.sa and p.nonstandard_before_sa == "misdeal"):
            ctx.apply(d, "non_standard_card.dead", card=f.card, seat=f.seat)
            d.say(f"Seat {f.seat} acted on that hand, so it is dead: a player who acts takes the risk of an irregular card.",
                  f"Người chơi ghế {f.seat} đã hành động với bài đó nên đây là bài chết: người chơi đã hành động thì "
                  "tự chịu rủi ro về lá bài bất thường.")
        else:
            ctx.apply(d, "non_standard_card.replaced", card=f.card, seat=f.seat)
            d.say(f"It is a scrap of paper, never a misdeal here: seat {f.seat} has not acted, so it is replaced.",
                  f"Lá đó chỉ được xem như một mảnh giấy vô giá trị, trường hợp này không phải misdeal: ghế {f.seat} "
                  "chưa hành động nên được thay lá khác.")
    return d


def _arrived(ctx: Context, f: Finding) -> int:
    """When the odd card reached the seat (its deal), or when it was reported."""
    seat = ctx.state.seats.get(f.seat or 0)
    if seat is not None and f.card:
        for card in seat.cards:
            if card.card == f.card:
                return card.at
    return f.at


def four_card_flop(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "four_card_flop.found")
    if ctx.params.four_card_flop == "redeal_flop":
        ctx.apply(d, "four_card_flop.redeal_flop")
        d.say("Four cards were put out for the flop. The flop is dealt again: the four cards go back into the deck, "
              "the burn stays, the deck is shuffled and cut, and a new flop is dealt without a burn, even if it is "
              "known which card was the extra one.",
              "Dealer chia bốn lá bài cho flop (flop bốn lá). Flop được chia lại: bốn lá được trả vào bộ bài, lá bài "
              "đốt giữ nguyên, bộ bài được xáo và cắt, rồi chia flop mới mà không đốt bài, kể cả khi biết rõ lá nào "
              "là lá thừa.")
        return d
    ctx.apply(d, "four_card_flop.scramble")
    d.say("Four cards were put out for the flop. The dealer scrambles the four face down and the floor picks one at "
          "random as the turn's burn card; the other three are the flop, even if someone believes he knows which "
          "card was the extra one. The turn is then dealt without another burn.",
          "Dealer chia bốn lá bài cho flop (flop bốn lá). Dealer xáo trộn bốn lá bài úp và giám sát viên (floor) chọn "
          "ngẫu nhiên một lá làm lá bài đốt của turn; ba lá còn lại là flop chính thức, kể cả khi có người cho rằng "
          "mình biết lá nào là lá thừa. Sau đó turn được chia mà không đốt thêm lá nào.")
    return d


def flop_five(ctx: Context, fs: list[Finding]) -> Decision:
    n = max(f.count or 5 for f in fs)
    d = ctx.decide(fs, "flop_five_or_more.found", cards=n)
    if ctx.params.flop_five_plus == "discretion":
        ctx.apply(d, "flop_five_or_more.discretion",
                  Words("The book has no rule for five or more flop cards (randomness, RP-14).",
                        "Bộ luật không có quy định khi flop ra từ năm lá trở lên (nguyên tắc ngẫu nhiên, RP-14)."))
    d.say(f"{n} cards were put out for the flop: they go back into the stub, the stub is reshuffled face down and the "
          "flop is dealt again; the flop burn stays and no new burn is taken.",
          f"Dealer chia {n} lá bài cho flop: các lá này được trả vào phần bài còn lại (stub), stub được xáo lại ở "
          "trạng thái úp và flop được chia lại; lá bài đốt của flop giữ nguyên và không đốt lá mới.")
    return d


def short_flop(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    missing = 3 - (f.count or 0)
    d = ctx.decide(fs, "short_flop.found", Words("No rulebook covers a short flop; this is the engine's default.",
                                                 "Không bộ luật nào quy định flop thiếu lá; đây là cách xử lý mặc định."),
                   cards=missing)
    d.say(f"Only {f.count} flop card{'s' if f.count != 1 else ''} were dealt: the next card off the stub completes the "
          "flop, with no reshuffle.",
          f"Flop chỉ được chia {f.count} lá: lá kế tiếp từ phần bài còn lại (stub) được dùng để hoàn tất flop, không "
          "xáo lại bài.")
    return d


def _street_actions(ctx: Context, street: Street | None) -> int:
    if street is None:
        return 0
    return ctx.state.street_action_count.get(street, 0)


def missing_burn(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "missing_burn.found")
    for f in fs:
        if ctx.state.is_stud:
            ctx.apply(d, "missing_burn.stud", street=f.street.value if f.street else None)
            d.say(f"No card was burned before {f.street} street: corrected if possible.",
                  f"Không có lá nào được đốt trước {street_vi(f.street)}: sửa lại nếu còn có thể.")
            continue
        actions = _street_actions(ctx, f.street)
        if f.street is Street.FLOP:
            _flop_noburn(ctx, d, actions)
        else:
            _street_burn(ctx, d, f, actions, missing=True)
    return d


def _flop_noburn(ctx: Context, d: Decision, actions: int) -> None:
    p = ctx.params
    ctx.apply(d, "missing_burn.flop")
    if actions >= p.flop_noburn_stands_after:
        taken = "1 action has" if actions == 1 else f"{actions} actions have"
        d.say(f"The flop was dealt without a burn, and {taken} been taken on it: the flop stands and one card is "
              "burned for the turn as usual.",
              f"Dealer quên đốt một lá bài trước flop, và đã có {actions} hành động trên flop: flop được giữ nguyên, "
              "turn được đốt một lá như bình thường.")
        flop_actions = [a.action for a in ctx.state.actions if a.street is Street.FLOP]
        flop_sa = has_substantial_action(flop_actions, p, stud=False)
        ctx.apply(d, "missing_burn.flop_stands" if flop_sa else "missing_burn.flop_stands_short_of_substantial_action")
        return
    ctx.apply(d, f"missing_burn.flop_{p.flop_noburn_no_action}")
    if p.flop_noburn_no_action == "scramble":
        d.say("The flop was dealt without a burn and no one has acted on it: the three cards are scrambled face down, "
              "the floor picks one at random as the burn, and the next card off the stub completes the flop. "
              "The turn is burned as usual.",
              "Dealer quên đốt một lá bài trước flop và chưa ai hành động: ba lá flop được xáo trộn úp, floor chọn "
              "ngẫu nhiên một lá làm lá bài đốt, và lá kế tiếp từ phần bài còn lại (stub) hoàn tất flop. Turn được "
              "đốt bài như bình thường.")
    else:
        d.say("The flop was dealt without a burn and no one has acted on it: the flop cards were exposed, so they go "
              "back with the stub, the deck is reshuffled and the flop is burned and dealt again.",
              "Dealer quên đốt một lá bài trước flop và chưa ai hành động: các lá flop đã bị lộ nên được trả lại cùng "
              "phần bài còn lại (stub), bộ bài được xáo lại, rồi đốt bài và chia lại flop.")


def _street_name(street: Street | None) -> str:
    """The street as said at the table: "turn", "river", "fifth street"."""
    if street is None:
        return "next street"
    if street in (Street.FLOP, Street.TURN, Street.RIVER):
        return street.value
    return f"{street.value} street"


def _next_board_street(street: Street | None) -> str | None:
    """The board street after ``street`` (None after the river)."""
    order = (Street.FLOP, Street.TURN, Street.RIVER)
    if street not in order or street is Street.RIVER:
        return None
    return order[order.index(street) + 1].value


def _street_burn(ctx: Context, d: Decision, f: Finding, actions: int, *, missing: bool) -> None:
    p = ctx.params
    street = _street_name(f.street)
    ctx.apply(d, "burn_error.street")
    error = "without a burn" if missing else "after two burns"
    sv = street_vi(street)
    error_vi = "mà không đốt bài" if missing else "sau khi đốt hai lá"
    if actions > 0:
        d.say(f"The {street} was dealt {error} and there has been action on it: the card stands.",
              f"{cap(sv)} được chia {error_vi} và đã có hành động trên vòng đó: lá bài được giữ nguyên.")
        if p.burn_restore_order:
            ctx.apply(d, "burn_error.stands_restored", street=street)
            d.say("The following cards are those that would have come without the error "
                  "(one card is burned more, or one burn goes back on the stub, to restore the order).",
                  "Các lá tiếp theo phải đúng là những lá lẽ ra sẽ ra nếu không có lỗi (đốt thêm một lá, hoặc đặt "
                  "một lá bài đốt trở lại stub, để khôi phục thứ tự).")
        else:
            ctx.apply(d, "burn_error.stands", street=street, next_street=_next_board_street(f.street))
            d.say("The next street is burned and dealt normally: exactly one burn; the burn protects the stub, "
                  "card order does not matter.",
                  "Vòng kế tiếp được đốt bài và chia bình thường: đốt đúng một lá; lá bài đốt là để bảo vệ stub, "
                  "thứ tự lá bài không quan trọng.")
        return
    why = Words("No rule says how to correct a burn error before any action on the street.",
                "Không luật nào nói cách sửa lỗi đốt bài khi vòng đó chưa có ai hành động.")
    if missing:
        ctx.apply(d, "burn_error.missing_no_action", why, street=street)
        d.say(f"The {street} was dealt without a burn and no one has acted: the card dealt becomes the burn and the "
              f"next card is the {street}.",
              f"{cap(sv)} được chia mà không đốt bài và chưa ai hành động: lá vừa chia trở thành lá bài đốt và lá kế "
              f"tiếp là {sv}.")
    else:
        ctx.apply(d, "burn_error.extra_no_action", why, street=street)
        d.say(f"Two cards were burned before the {street} and no one has acted: the error is corrected.",
              f"Dealer đốt hai lá trước {sv} và chưa ai hành động: lỗi được sửa lại.")


def extra_burn(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "extra_burn.found")
    for f in fs:
        actions = _street_actions(ctx, f.street)
        if ctx.state.is_stud:
            ctx.apply(d, "extra_burn.stud", street=f.street.value if f.street else None)
            d.say(f"Two cards were burned before {f.street} street: corrected if possible.",
                  f"Dealer đốt hai lá trước {street_vi(f.street)}: sửa lại nếu còn có thể.")
        elif f.street is Street.FLOP:
            _flop_extra_burn(ctx, d, f, actions)
        else:
            _street_burn(ctx, d, f, actions, missing=False)
    return d


def _flop_extra_burn(ctx: Context, d: Decision, f: Finding, actions: int) -> None:
    p = ctx.params
    ctx.apply(d, "extra_burn.flop")
    if f.note:
        d.say(f"A burn was already set aside for the flop ({f.note}), and the dealer burned again.",
              f"Đã có một lá bài đốt được để riêng cho flop ({note_vi(f.note)}), nhưng dealer lại đốt thêm.")
    flop_out = len(ctx.state.board.get(Street.FLOP, [])) > 0
    if not flop_out:
        ctx.apply(d, "extra_burn.flop_not_out")
        d.say("Two cards were burned before the flop and no flop card is out yet: the extra card goes back on the stub.",
              "Dealer đốt hai lá trước flop và chưa lật lá flop nào: lá đốt thừa được đặt lại lên stub.")
        return
    if actions == 0:
        ctx.apply(d, "extra_burn.flop_no_action", Words("The tournament rules are silent; the cash rule is applied.",
                                                       "Luật giải đấu không quy định; áp dụng luật cash game."),
                  cards=len(ctx.state.board.get(Street.FLOP, [])))
        d.say("Two cards were burned before the flop, the flop is out and no one has acted: the stub and the flop "
              "cards are reshuffled and the flop is dealt again.",
              "Dealer đốt hai lá trước flop, flop đã ra và chưa ai hành động: stub và các lá flop được xáo lại, rồi "
              "chia lại flop.")
        return
    ctx.apply(d, "extra_burn.flop_acted")
    d.say("Two cards were burned before the flop, but there has been action on the flop: the flop stands.",
          "Dealer đốt hai lá trước flop, nhưng đã có hành động trên flop: flop được giữ nguyên.")
    if p.burn_restore_order:
        ctx.apply(d, "extra_burn.flop_acted_restored")
        d.say("One of the two flop burns goes back on top of the stub to be the turn burn, so the turn is the card "
              "that would have come.",
              "Một trong hai lá đốt của flop được đặt lại lên trên cùng stub để làm lá bài đốt của turn, nhờ đó turn "
              "đúng là lá lẽ ra sẽ ra.")
    else:
        d.say("For the turn the dealer burns one card from the stub as usual (the burn protects the stub).",
              "Đến turn, dealer đốt một lá từ stub như bình thường (lá bài đốt là để bảo vệ stub).")
        ctx.apply(d, "extra_burn.flop_acted_burn_again",
                  Words("How to deal the next street after a burn error is not stated.",
                        "Luật không nói vòng kế tiếp được chia ra sao sau một lỗi đốt bài."))


def premature(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "premature_card.found")
    for f in fs:
        street = f.street or Street.FLOP
        ctx.apply(d, f"premature_card.{street.value}" if street in (Street.FLOP, Street.TURN, Street.RIVER)
                  else "premature_card.stud")
        if ctx.state.hand_over:
            d.say(f"The {street.value} card(s) came out before the betting was over; the players still to act then "
                  "folded, so the hand is over and the premature cards do not play.",
                  f"Lá bài {street_vi(street)} ra trước khi vòng cược kết thúc; sau đó những người chơi chưa hành động "
                  "đều fold, nên ván bài kết thúc và các lá ra sớm không được tính.")
            continue
        if street is Street.TURN and ctx.params.premature_turn == "set_aside":
            ctx.apply(d, "premature_card.turn_set_aside", street=street.value)
            d.say("The premature turn card is set aside; when the betting is complete the dealer burns and turns the "
                  "card that would have been the river as the turn; before the river the stub is reshuffled with the "
                  "set-aside card and the river is dealt without a burn.",
                  "Lá turn ra sớm được để riêng; khi vòng cược kết thúc, dealer đốt bài và lật lá lẽ ra là river để "
                  "làm turn; trước river, stub được xáo lại cùng lá đã để riêng và river được chia mà không đốt bài.")
            continue
        burned = bool(ctx.state.designated_burn.get(street))
        ctx.apply(d, "premature_card.burned" if burned else "premature_card.not_burned",
                  cards=f.count or 1, street=street.value)
        sv = street_vi(street)
        then = (f"the {street.value} is dealt without another burn" if burned
                else f"the {street.value} is burned and dealt as usual, since no card was burned for it")
        then_vi = (f"{sv} được chia mà không đốt thêm lá nào" if burned
                   else f"{sv} được đốt và chia như bình thường, vì trước đó chưa có lá nào được đốt cho vòng này")
        d.say(f"The {street.value} was dealt before the betting was complete: "
              + ("the burn stays as the burn; " if burned else "")
              + f"the premature card(s) go back into the stub, which is reshuffled face down, and when the betting is "
              f"complete {then}. The premature cards do not play even if the players still to act fold.",
              f"{cap(sv)} được chia trước khi vòng cược kết thúc: "
              + ("lá bài đốt vẫn giữ nguyên là lá bài đốt; " if burned else "")
              + f"các lá ra sớm được trả vào stub, stub được xáo lại ở trạng thái úp, và khi vòng cược kết thúc thì "
              f"{then_vi}. Các lá ra sớm không được dùng, kể cả khi những người chơi chưa hành động đều fold.")
    return d


def premature_burn(ctx: Context, fs: list[Finding]) -> Decision:
    alone = [
        f for f in fs
        if not any(p.irregularity is I.PREMATURE_CARD and p.street is f.street for p in ctx.state.findings)
    ]
    if not alone:
        return Decision(verdict=C, rules=[], findings=fs)
    d = ctx.decide(fs, "premature_burn.found", Words("No rule covers a premature burn alone.",
                                                     "Không luật nào quy định trường hợp chỉ đốt bài sớm mà không lật lá nào."))
    for f in alone:
        street = f.street.value if f.street else "next street"
        ctx.apply(d, "premature_burn.street", street=street)
        d.say(f"A card was burned for the {street} before the betting was complete, with no card exposed: the burn "
              "stays, and the street is dealt without a second burn once the betting is over.",
              f"Dealer đốt một lá cho {street_vi(street)} trước khi vòng cược kết thúc, không lá nào bị lộ: lá bài đốt "
              "giữ nguyên, và khi vòng cược kết thúc thì vòng đó được chia mà không đốt lá thứ hai.")
    return d


BOARD_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.DUPLICATE_CARD: duplicate,
    I.FOREIGN_BACK_IN_PLAY: foreign_in_play,
    I.FOREIGN_BACK_IN_STUB: foreign_in_stub,
    I.PREVIOUS_HAND_CARD: previous_hand,
    I.MISSING_CARD: missing,
    I.KNEW_DEFECT: knew,
    I.NON_STANDARD_CARD: non_standard,
    I.FOUR_CARD_FLOP: four_card_flop,
    I.FLOP_FIVE_OR_MORE: flop_five,
    I.SHORT_FLOP: short_flop,
    I.MISSING_BURN: missing_burn,
    I.EXTRA_BURN: extra_burn,
    I.PREMATURE_CARD: premature,
    I.PREMATURE_BURN: premature_burn,
}
