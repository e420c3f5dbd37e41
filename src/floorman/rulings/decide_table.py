"""Decisions on stud streets and on the table around the hand: door cards, seventh street, a short stub,
the bring-in, a dropped stub, a level change, a hand played on after a ruling."""

from __future__ import annotations

from collections.abc import Callable

from floorman.findings import Finding
from floorman.findings import Irregularity as I
from floorman.rulings.context import Context, Decision
from floorman.rulings.model import Verdict
from floorman.rulings.words import Words, level_vi

__all__ = ["TABLE_DECISIONS"]

C = Verdict.CONTINUE


def door_down(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_door_card_down.found")
    for f in fs:
        ctx.apply(d, "stud_door_card_down.seat", seat=f.seat)
        d.say(f"Seat {f.seat} got all three starting cards face down: the floor scrambles the three and turns one up "
              "at random as his upcard.",
              f"Ghế {f.seat} nhận cả ba lá khởi đầu ở dạng úp: floor xáo trộn ba lá và lật ngửa ngẫu nhiên một lá làm "
              "lá ngửa (upcard) của người chơi.")
    if ctx.is_unstated("stud_door_card_down.unstated"):
        ctx.apply(d, "stud_door_card_down.unstated", Words("The book has no rule for a door card dealt face down.",
                                                           "Bộ luật không có quy định khi door card bị chia úp."))
    return d


def seventh_exposed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_seventh_exposed.found")
    f = fs[0]
    if ctx.params.seventh_street_exposed == "replace":
        ctx.apply(d, "stud_seventh_exposed.replace", seat=f.seat)
        d.say(f"Seat {f.seat}'s seventh-street card was dealt face up: it is replaced while betting remains.",
              f"Lá seventh street của ghế {f.seat} bị chia ngửa: lá đó được thay, vì vẫn còn vòng cược.")
        return d
    if f.note == "first to receive":
        ctx.apply(d, "stud_seventh_exposed.first_to_receive")
        d.say(f"The first player's seventh-street card (seat {f.seat}) was dealt face up: every remaining player gets "
              "his last card face up and betting goes on normally, begun by the player who began sixth street.",
              f"Lá seventh street của người chơi đầu tiên (ghế {f.seat}) bị chia ngửa: mọi người chơi còn lại đều nhận "
              "lá cuối ở dạng ngửa và vòng cược diễn ra bình thường, bắt đầu từ người chơi đã mở đầu sixth street.")
    else:
        ctx.apply(d, "stud_seventh_exposed.later")
        d.say(f"Seat {f.seat}'s seventh-street card was dealt face up: the others get theirs face down, and seat "
              f"{f.seat} may declare, before any action, to be all in for the existing pot or to continue.",
              f"Lá seventh street của ghế {f.seat} bị chia ngửa: những người chơi khác vẫn nhận lá úp, và ghế {f.seat} "
              "được chọn, trước bất kỳ hành động nào, all in với pot hiện có hoặc tiếp tục chơi.")
    return d


def short_stub(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stud_short_stub.found")
    f = fs[0]
    stub = f.count or 0
    players = sum(1 for s in ctx.state.seats.values() if s.in_hand)
    burns = sum(len(b) for b in ctx.state.burns.values())
    needed = players + 2
    if stub + burns >= needed and stub < needed:
        ctx.apply(d, "stud_short_stub.reshuffle", cards=stub + burns)
        d.say(f"Seventh street needs {needed} cards and the stub has {stub}: the stub and the {burns} earlier burns are "
              "scrambled into a new stub, one is burned and each player gets a card.",
              f"Seventh street cần {needed} lá nhưng stub chỉ còn {stub} lá: stub và {burns} lá đã đốt trước đó được "
              "xáo trộn thành stub mới, đốt một lá rồi chia cho mỗi người chơi một lá.")
    elif stub >= 3:
        ctx.apply(d, "stud_short_stub.community")
        d.say(f"The stub has {stub} cards, not enough for every player: the top card is burned and the next is dealt "
              "face up in the centre as a community card.",
              f"Stub chỉ còn {stub} lá, không đủ cho mọi người chơi: đốt lá trên cùng và lật ngửa lá kế tiếp ở giữa bàn "
              "làm lá bài chung cho cả bàn.")
    else:
        ctx.apply(d, "stud_short_stub.reshuffle_and_community", cards=stub + burns)
        d.say(f"Only {stub} cards are left: they are scrambled with the burns, one is burned and a community card is dealt.",
              f"Chỉ còn {stub} lá: các lá này được xáo trộn cùng những lá đã đốt, đốt một lá rồi chia một lá bài chung.")
    return d


def wrong_bring_in(ctx: Context, fs: list[Finding]) -> Decision:
    f = fs[0]
    d = ctx.decide(fs, "wrong_bring_in.found")
    later = [a for a in ctx.state.actions if a.at > f.at and a.seat != f.seat]
    if later:
        d.say(f"Seat {f.seat} brought in although seat {f.expected_seat} had the low card, and the next player has "
              f"acted: the wager stands, action continues and seat {f.expected_seat} owes nothing.",
              f"Ghế {f.seat} đã bring-in trong khi ghế {f.expected_seat} mới là người có lá thấp nhất, và người chơi "
              f"kế tiếp đã hành động: khoản cược vẫn có hiệu lực, ván bài tiếp tục và ghế {f.expected_seat} không "
              "phải đặt gì.")
        return d
    amount = ctx.state.bring_in_amount
    ctx.apply(d, "wrong_bring_in.corrected", seat=f.seat, amount=amount, expected=f.expected_seat)
    d.say(f"Seat {f.seat} brought in by mistake; seat {f.expected_seat} has the low card. The next player has not "
          f"acted, so seat {f.seat} takes the chips back and seat {f.expected_seat} must bring in (or complete).",
          f"Ghế {f.seat} bring-in nhầm; ghế {f.expected_seat} mới là người có lá thấp nhất. Người chơi kế tiếp chưa "
          f"hành động, nên ghế {f.seat} lấy lại chip và ghế {f.expected_seat} phải bring-in (hoặc complete).")
    return d


def stub_disordered(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "stub_disordered.found")
    d.say("The stub was dropped and its order cannot be rebuilt: the stub cards alone (not the muck or burns) are "
          "scrambled, shuffled and cut, and play continues with the normal burn.",
          "Stub bị rơi và không thể khôi phục thứ tự: chỉ riêng các lá của stub (không gồm muck hay các lá đã đốt) "
          "được xáo trộn, xáo và cắt, rồi ván bài tiếp tục với việc đốt bài bình thường.")
    if ctx.is_unstated("stub_disordered.unstated"):
        ctx.apply(d, "stub_disordered.unstated", Words("No text found in this book; the TDA procedure is the default.",
                                                       "Bộ luật này không có quy định; mặc định theo quy trình của TDA."))
    return d


def level_changed(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "level_changed_during_hand.found")
    d.say(f"The new level was announced after this hand began, so the hand is played at "
          f"{ctx.state.log.level.describe()}; the new level starts with the next hand.",
          f"Cấp độ mới được công bố sau khi ván bài này đã bắt đầu, nên blinds không tăng: ván này vẫn chơi ở "
          f"{level_vi(ctx.state.log.level)}; cấp độ mới áp dụng từ ván kế tiếp.")
    return d


def played_on(ctx: Context, fs: list[Finding]) -> Decision:
    d = ctx.decide(fs, "played_on_after_ruling.found")
    d.say("The table played on after the floor ruled the hand dead; the engine goes on ruling on what followed.",
          "Bàn vẫn chơi tiếp sau khi floor đã tuyên bố ván bài bị hủy; các phán quyết tiếp theo xét những gì diễn ra "
          "sau đó.")
    return d


TABLE_DECISIONS: dict[I, Callable[[Context, list[Finding]], Decision]] = {
    I.STUD_DOOR_CARD_DOWN: door_down,
    I.STUD_SEVENTH_EXPOSED: seventh_exposed,
    I.STUD_SHORT_STUB: short_stub,
    I.WRONG_BRING_IN: wrong_bring_in,
    I.STUB_DISORDERED: stub_disordered,
    I.LEVEL_CHANGED_DURING_HAND: level_changed,
    I.PLAYED_ON_AFTER_RULING: played_on,
}
