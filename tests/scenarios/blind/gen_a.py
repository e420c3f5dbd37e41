"""Writes the blind set A scenarios (BA-*.json). Expectations come from rules.md and the rulebook texts only."""
import json, pathlib, copy

OUT = pathlib.Path(__file__).parent
BOOKS = ["wsop-2026", "tda-2024", "wsop-la-2026", "rrop"]
L12 = {"number": 12, "small_blind": 1000, "big_blind": 2000, "big_blind_ante": 2000}
L13 = {"number": 13, "small_blind": 1500, "big_blind": 3000, "big_blind_ante": 3000}
NAMES = ["Ann", "Bao", "Chi", "Dev", "Eva", "Fay", "Gus", "Hui", "Ivo", "Jo"]


def table(game="holdem", seats=9, button=9, occupied=None, level=L12, status=None, **hdr):
    occupied = occupied or list(range(1, seats + 1))
    status = status or {}
    players = []
    for s in occupied:
        p = {"seat": s, "name": NAMES[s - 1], "stack": 60000 + 500 * s}
        if s in status:
            p["status"] = status[s]
        players.append(p)
    log = {"floorman": 1, "game": game, "seats": seats, "button": button, "level": dict(level),
           "players": players, "deck": {"back": "blue"}, "events": []}
    log.update(hdr)
    return log


def P(seat, blind, amount):
    return {"type": "post", "seat": seat, "blind": blind, "amount": amount}


def posts(sb=1, bb=2, level=L12, bba=True):
    ev = []
    if sb is not None:
        ev.append(P(sb, "sb", level["small_blind"]))
    ev.append(P(bb, "bb", level["big_blind"]))
    if bba:
        ev.append(P(bb, "bb_ante", level["big_blind_ante"]))
    return ev


def D(seat, card=None, **kw):
    e = {"type": "deal", "seat": seat}
    if card:
        e["card"] = card
    e.update(kw)
    return e


def rounds(order, n):
    return [D(s) for _ in range(n) for s in order]


def A(seat, action, to=None):
    e = {"type": "act", "seat": seat, "action": action}
    if to is not None:
        e["to"] = to
    return e


def B(card="??", **kw):
    e = {"type": "board", "card": card}
    e.update(kw)
    return e


def BURN(card="??"):
    return {"type": "burn", "card": card}


def F(note):
    return {"type": "floor", "note": note}


def X(seat, card, index=None, by="dealer", how="flipped"):
    e = {"type": "expose", "seat": seat, "card": card, "by": by, "how": how}
    if index is not None:
        e["index"] = index
    return e


def DISC(what, **kw):
    e = {"type": "discover", "what": what}
    e.update(kw)
    return e


T9 = list(range(1, 10))
# Pre-flop: seat 3 raises, 4-9 and 1 fold, BB calls -> SA, heads-up on the flop (seat 2 first to act).
PRE_SA = [A(3, "raise", 5000)] + [A(s, "fold") for s in range(4, 10)] + [A(1, "fold"), A(2, "call", 5000)]
O6 = list(range(1, 7))
PRE_SA6 = [A(3, "raise", 5000), A(4, "fold"), A(5, "fold"), A(6, "fold"), A(1, "fold"), A(2, "call", 5000)]


def E(verdict=None, rules=(), remedies=None, sa=None, disc=None, conf="certain"):
    e = {"confidence": conf}
    if verdict:
        e["verdict"] = verdict
    e["rules"] = list(rules)
    if remedies:
        e["remedies"] = remedies
    if sa is not None:
        e["substantial_action"] = sa
    if disc is not None:
        e["discretion"] = disc
    return e


def same(e, books=BOOKS):
    return {b: copy.deepcopy(e) for b in books}


SC = []


def sc(id_, title, log, expect, reading):
    SC.append({"id": id_, "title": title, "author_set": "blind-a", "reading": reading, "log": log, "expect": expect})


REDEAL = {"do": "redeal"}
SCR = {"do": "scramble_and_pick_burn"}
RESH = {"do": "reshuffle_stub"}
VOIDR = {"do": "return_all_chips"}


def kill(s):
    return {"do": "kill_hand", "seat": s}


def repl(s):
    return {"do": "replace_card", "seat": s}


# ---------------------------------------------------------------- four-card flop dealt without a burn
def fcf_nb(id_, game, seats, order, ncards, pre, flop_actions, title, expect, reading, nb=True, flop_cards=None):
    log = table(game=game, seats=seats, button=seats)
    cards = flop_cards or ["Kd", "8c", "3h", "Ts"]
    log["events"] = posts() + rounds(order, ncards) + pre + ([] if nb else [BURN()]) + [B(c) for c in cards] + flop_actions + [F(title)]
    sc(id_, title, log, expect, reading)


def e4nb(sa=True, disc=True, conf="likely", rrop_rules=("FLOP-4CARD",)):
    ex = same(E("continue", ["FLOP-4CARD", "FLOP-NOBURN"], sa=sa, disc=disc, conf=conf), ["wsop-2026", "tda-2024", "wsop-la-2026"])
    ex["rrop"] = E("continue", list(rrop_rules), sa=sa, disc=disc, conf=conf)
    return ex


R_4NB = ("FLOP-4CARD (T-89, TDA-39-A, LA-167) scrambles four flop cards and picks the next burn; FLOP-NOBURN (T-88.c.3.i, "
         "TDA-39-B) scrambles a burnless flop. No text addresses both at once, so the hand continues with a scramble-type "
         "remedy and discretion (issue 14 item 5); RRoP re-deals the flop (RRoP-Hold'em-3).")
fcf_nb("BA-FCFNB-01", "holdem", 9, T9, 2, PRE_SA, [], "Four-card flop dealt with no burn, no flop action", e4nb(), R_4NB)
fcf_nb("BA-FCFNB-02", "holdem", 9, T9, 2, PRE_SA, [A(2, "check")], "Four-card flop with no burn, found after one flop check",
       e4nb(), R_4NB + " A flop check would make a burnless flop stand (T-88.c.3, TDA-39-B) but FLOP-4CARD applies 'whether exposed or not' with no timing: combination and timing not addressed.")
fcf_nb("BA-FCFNB-03", "omaha", 6, O6, 4, PRE_SA6, [], "Omaha: four-card flop dealt with no burn", e4nb(), R_4NB + " Omaha is a flop game (DEAL-ORDER-FLOP).")
fcf_nb("BA-FCFNB-04", "omaha5", 6, O6, 5, PRE_SA6, [], "Five-card Omaha: four-card flop dealt with no burn", e4nb(), R_4NB)
fcf_nb("BA-FCFNB-05", "short-deck", 6, O6, 2, PRE_SA6, [], "Short deck: four-card flop dealt with no burn", e4nb(), R_4NB,
       flop_cards=["Kd", "8c", "7h", "Ts"])
# four-card flop with burn, after flop action (timing)
ex = same(E("continue", ["FLOP-4CARD"], sa=True, disc=True, conf="likely"))
fcf_nb("BA-FCF-06", "holdem", 9, T9, 2, PRE_SA, [A(2, "bet", 6000), A(3, "call", 6000)],
       "Four-card flop (burn taken) noticed only after a flop bet and call", ex,
       "FLOP-4CARD (T-89, TDA-39-A, LA-167, RRoP-Hold'em-3) does not say what happens once the flop has been bet; SA has occurred so no misdeal (SA-MISDEAL-GATE); the timing is not addressed, so discretion.", nb=False)
ex = same(E("continue", ["FLOP-4CARD"], remedies=[SCR], sa=True, conf="certain"), ["wsop-2026", "tda-2024", "wsop-la-2026"])
ex["rrop"] = E("continue", ["FLOP-4CARD"], sa=True, conf="likely")
fcf_nb("BA-FCF-07", "omaha", 6, O6, 4, PRE_SA6, [], "Omaha: four-card flop with its burn, before flop action", ex,
       "FLOP-4CARD: T-89, TDA-39-A and LA-167 scramble the four cards and pick the next burn at random; RRoP-Hold'em-3 re-deals the flop.", nb=False)

# ---------------------------------------------------------------- premature streets dealt without a burn
def prem(id_, title, events_after_deal, expect, reading, game="holdem"):
    log = table(game=game)
    log["events"] = posts() + rounds(T9, 2) + events_after_deal + [F(title)]
    sc(id_, title, log, expect, reading)


PRE_OPEN = [A(3, "raise", 5000)] + [A(s, "fold") for s in range(4, 10)] + [A(1, "fold")]  # BB yet to act
ex = same(E("continue", ["PREM-FLOP"], remedies=[RESH], sa=True, disc=True, conf="likely"))
prem("BA-PREMNB-01", "Premature flop dealt without a burn before the big blind acts", PRE_OPEN + [B("Kd"), B("8c"), B("3h")], ex,
     "PREM-FLOP (T-90.f.a, TDA-RP-5-A, LA-171) returns the flop to the stub and reshuffles; the burn that should stay as the flop burn does not exist, so whether the new flop is burned is not addressed (discretion).")
ex = same(E("continue", ["PREM-FLOP"], remedies=[RESH, {"do": "deal_without_burn"}], sa=True, conf="certain"))
prem("BA-PREM-02", "Premature flop with its burn before the big blind acts; big blind then calls",
     PRE_OPEN + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "call", 5000)], ex,
     "PREM-FLOP: the burn stays, the flop goes back, the stub is reshuffled and the flop is dealt without another burn (T-90.f.a, TDA-RP-5-A, LA-171, RRoP same).")
FLOP_BET = PRE_SA + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "bet", 6000)]
ex = same(E("continue", ["PREM-TURN"], remedies=[RESH], sa=True, disc=True, conf="likely"), ["wsop-2026", "tda-2024", "wsop-la-2026"])
ex["rrop"] = E("continue", ["PREM-RRoP"], sa=True, disc=True, conf="likely")
prem("BA-PREMNB-03", "Premature turn dealt without a burn before seat 3 acts on the flop", FLOP_BET + [B("Js")], ex,
     "PREM-TURN (T-90.f.b, TDA-RP-5-B, LA-171): the turn goes back into a reshuffled stub; with no turn burn there is no burn to keep, which no text addresses; RRoP sets the premature card aside (PREM-RRoP).")
ex = same(E("continue", ["PREM-TURN", "PREM-NOPLAY"], sa=True, disc=True, conf="likely"), ["wsop-2026", "tda-2024", "wsop-la-2026"])
ex["rrop"] = E("continue", ["PREM-NOPLAY"], sa=True, disc=True, conf="likely")
prem("BA-PREMNB-04", "Premature turn with no burn; seat 3 then folds", FLOP_BET + [B("Js"), A(3, "fold")], ex,
     "PREM-NOPLAY (LA-127, LA-170): the premature card never plays; seat 3's fold ends the hand; the missing burn adds nothing the texts address.")
TURN_BET = PRE_SA + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "check"), A(3, "check"), BURN(), B("Js"), A(2, "bet", 8000)]
ex = same(E("continue", ["PREM-RIVER"], remedies=[RESH], sa=True, disc=True, conf="likely"))
prem("BA-PREMNB-05", "Premature river dealt without a burn before seat 3 acts on the turn", TURN_BET + [B("2d")], ex,
     "PREM-RIVER (T-90.f.c, TDA-RP-5-C, LA-171): river back into the stub, reshuffle; the missing river burn is not addressed (discretion).")
ex = same(E("continue", ["PREM-FLOP"], remedies=[RESH], sa=True, disc=True, conf="likely"))
log = table(game="omaha", seats=6, button=6)
log["events"] = posts() + rounds(O6, 4) + [A(3, "raise", 5000), A(4, "fold"), A(5, "fold"), A(6, "fold"), A(1, "fold"), B("Kd"), B("8c"), B("3h"), F("premature flop without burn")]
sc("BA-PREMNB-06", "Omaha: premature flop with no burn before the big blind acts", log, ex,
   "PREM-FLOP applies to flop games alike; the burn it keeps was never taken, a combination not addressed (discretion).")

# ---------------------------------------------------------------- boxed card and exposure in one deal
def deal_with(order, n, special):
    """special: {(round, seat): [events replacing the plain deal]}"""
    ev = []
    for r in range(n):
        for s in order:
            ev += special.get((r, s), [D(s)])
    return ev


def simple(id_, title, game, seats, order, n, special, after, expect, reading, button=None, **hdr):
    log = table(game=game, seats=seats, button=button or seats, **hdr)
    log["events"] = posts() + deal_with(order, n, special) + after + [F(title)]
    sc(id_, title, log, expect, reading)


ex = same(E("continue", ["BOX-COUNT", "EXP-HOLE-SINGLE"], remedies=[repl(1)], sa=False, conf="likely"))
simple("BA-BXEX-01", "Omaha: one boxed card and one exposed card in the deal", "omaha", 6, O6, 4,
       {(0, 4): [D(4, "6h", boxed=True), D(4)], (1, 1): [D(1, "Jc", face_up=True)]}, [], ex,
       "BOX-COUNT: one boxed plus one dealer-exposed card reaches neither the MD-BOXED-2 nor the MD-FLOP-EXPOSE threshold (T-88.a.1/7, TDA-35-A1/A7, LA-108, RRoP 1(a)-(c)); seat 1 gets a replacement (EXP-HOLE-SINGLE).")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE"], remedies=[REDEAL], sa=False, conf="certain"))
simple("BA-BXEX-02", "Boxed card plus the big blind's first card exposed", "holdem", 9, T9, 2,
       {(0, 2): [D(2, "Jc", face_up=True)], (0, 5): [D(5, "6h", boxed=True), D(5)]}, [], ex,
       "The second card off the deck (seat 2's first) exposed by the dealer is a misdeal by itself (T-88.a.7, TDA-35-A7, LA-108, RRoP 1(a)); the boxed card changes nothing.")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE"], remedies=[REDEAL], sa=False, conf="certain"))
simple("BA-BXEX-03", "One boxed card and two exposed down cards", "holdem", 9, T9, 2,
       {(0, 6): [D(6, "6h", boxed=True), D(6)], (0, 4): [D(4, "Jc", face_up=True)], (1, 8): [D(8, "Qd", face_up=True)]}, [], ex,
       "Any two down cards exposed during the initial deal are a misdeal (MD-FLOP-EXPOSE: T-88.a.7, TDA-35-A7, LA-108 '2+ exposed', RRoP 1(b)).")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE"], remedies=[REDEAL], sa=False, conf="likely"))
simple("BA-BXEX-04", "First card off the deck boxed; the small blind's card that follows is dealt face up", "holdem", 9, T9, 2,
       {(0, 1): [D(1, "6h", boxed=True), D(1, "Jc", face_up=True)]}, [], ex,
       "The exposed card is both the second card off the deck and the first card any seat receives; MD-FLOP-EXPOSE (T-88.a.7 'either of the first two cards', TDA-35-A7, RRoP 1(a)) makes it a misdeal under either count.")
ex = same(E("continue", ["BOX-COUNT", "EXP-HOLE-SINGLE"], remedies=[repl(3)], sa=False, conf="likely"))
simple("BA-BXEX-05", "Short deck: one boxed card and one exposed card", "short-deck", 6, O6, 2,
       {(0, 5): [D(5, "9h", boxed=True), D(5)], (1, 3): [D(3, "Jc", face_up=True)]}, [], ex,
       "BOX-COUNT as in hold'em: one boxed and one exposed card reach no threshold; seat 3 gets a replacement (EXP-HOLE-SINGLE).")
ex = same(E("continue", ["BOX-COUNT", "EXP-HOLE-SINGLE"], remedies=[repl(2)], sa=False, conf="likely"))
log = table(game="holdem", seats=2, button=4 if False else 2, occupied=[1, 2])
log["events"] = [P(2, "sb", 1000), P(1, "bb", 2000), P(1, "bb_ante", 2000), D(1), D(2), D(1, "6h", boxed=True), D(1), D(2, "Jc", face_up=True), F("HU boxed + exposed")]
sc("BA-BXEX-06", "Heads-up: a boxed card on the big blind's second card, then the button's second card exposed", log, ex,
   "Heads-up the big blind is dealt first (DEAL-ORDER-HU, T-87); the button's second card is the fourth card off the deck, not one of the first two, so one boxed plus one exposed reach no threshold (BOX-COUNT, MD-FLOP-EXPOSE); seat 2 gets a replacement.")

# ---------------------------------------------------------------- replacements count toward the initial deal
ex = same(E("misdeal", ["MD-BOXED-2", "DEF-INITIAL-DEAL"], remedies=[REDEAL], sa=False, disc=True, conf="likely"))
simple("BA-REPL-01", "Exposed card replaced after the deal; the replacement comes off boxed (second boxed card)", "holdem", 9, T9, 2,
       {(0, 5): [D(5, "6h", boxed=True), D(5)], (1, 4): [D(4, "Jc", face_up=True)]},
       [D(4, "Qs", boxed=True, replacement=True), D(4, replacement=True)], ex,
       "DEF-INITIAL-DEAL [I] counts replacement cards as part of the initial deal, so the boxed replacement is the second boxed card on the initial deal: MD-BOXED-2 (T-88.a.1, TDA-35-A1, LA-108, RRoP 1(c)).")
ex = same(E("misdeal", ["MD-BOXED-2"], remedies=[REDEAL], sa=False, conf="certain"))
simple("BA-REPL-02", "A boxed card and the card that replaces it both come off face up", "holdem", 9, T9, 2,
       {(1, 5): [D(5, "6h", boxed=True), D(5, "7h", boxed=True), D(5)]}, [], ex,
       "Two boxed cards during the distribution of the starting hands: MD-BOXED-2 (T-88.a.1, TDA-35-A1, LA-108, RRoP 1(c)).")
ex = same(E("misdeal", ["EXP-REPLACEMENT-EXPOSED", "MD-FLOP-EXPOSE"], remedies=[REDEAL], sa=False, disc=True, conf="likely"))
simple("BA-REPL-03", "Exposed card's replacement is exposed too, before any action", "holdem", 9, T9, 2,
       {(1, 5): [D(5, "Jc", face_up=True)]}, [D(5, "Qd", face_up=True, replacement=True)], ex,
       "EXP-REPLACEMENT-EXPOSED [I]/[U]: the exposed replacement is the second exposed down card of the initial deal (DEF-INITIAL-DEAL [I]) so MD-FLOP-EXPOSE gives a misdeal before SA.")
ex = same(E("continue", ["BOX-COUNT", "EXP-HOLE-SINGLE"], sa=False, disc=True, conf="likely"))
simple("BA-REPL-04", "Exposed card's replacement comes off boxed (one exposed, one boxed)", "holdem", 9, T9, 2,
       {(1, 5): [D(5, "Jc", face_up=True)]}, [D(5, "Qs", boxed=True, replacement=True), D(5, replacement=True)], ex,
       "With the replacement counted in the initial deal (DEF-INITIAL-DEAL [I]) there is one exposed and one boxed card: BOX-COUNT, no threshold reached.")
ex = same(E("continue", ["EXP-REPLACEMENT-EXPOSED"], sa=True, disc=True, conf="likely"))
simple("BA-REPL-05", "Omaha: replacement exposed after three callers made SA", "omaha", 6, O6, 4,
       {(3, 6): [D(6, "Jc", face_up=True)]}, [A(3, "call", 2000), A(4, "call", 2000), A(5, "call", 2000), D(6, "Qd", face_up=True, replacement=True)], ex,
       "EXP-REPLACEMENT-EXPOSED [I]/[U]: after SA no misdeal (SA-MISDEAL-GATE, T-88.c, TDA-35-D); the engine default treats the second card like the first, with discretion.")
ex = same(E("misdeal", ["MD-BOXED-2", "DEF-INITIAL-DEAL"], remedies=[REDEAL], sa=False, disc=True, conf="likely"))
simple("BA-REPL-06", "Omaha: boxed first-pass card, then the exposed card's replacement is boxed", "omaha", 6, O6, 4,
       {(0, 3): [D(3, "6h", boxed=True), D(3)], (2, 2): [D(2, "Jc", face_up=True)]},
       [D(2, "Qs", boxed=True, replacement=True), D(2, replacement=True)], ex,
       "DEF-INITIAL-DEAL [I]: the boxed replacement is the second boxed card on the initial deal (MD-BOXED-2).")
ex = same(E("continue", ["BOX-LATE"], sa=True, conf="likely"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("continue", ["BOX-LATE"], sa=True, conf="likely")
ex["rrop"] = E("continue", ["BOX-LATE"], sa=True, conf="likely")
simple("BA-REPL-07", "One boxed card in the deal, a second boxed card as the flop burn after SA", "omaha", 6, O6, 4,
       {(1, 4): [D(4, "6h", boxed=True), D(4)]}, PRE_SA6 + [{"type": "boxed", "card": "Qs"}, BURN(), B("Kd"), B("8c"), B("3h")], ex,
       "A boxed card met after the initial deal is a scrap (BOX-LATE); SA has occurred so no count can give a misdeal (SA-MISDEAL-GATE).")

# ---------------------------------------------------------------- deal order
def order_case(id_, title, deal_events, expect, reading, seats=9, button=9, occupied=None, pst=None, after=(), game="holdem"):
    log = table(game=game, seats=seats, button=button, occupied=occupied)
    log["events"] = (pst if pst is not None else posts()) + deal_events + list(after) + [F(title)]
    sc(id_, title, log, expect, reading)


def oos_expect(rules=("MD-OUT-OF-SEQUENCE",), disc_all=False):
    ex = {}
    ex["wsop-2026"] = E("misdeal", rules, remedies=[REDEAL], sa=False, conf="likely", disc=True if disc_all else None)
    ex["tda-2024"] = E("misdeal", rules, remedies=[REDEAL], sa=False, disc=True, conf="likely")
    ex["wsop-la-2026"] = E("misdeal", rules, remedies=[REDEAL], sa=False, conf="certain" if not disc_all else "likely", disc=True if disc_all else None)
    ex["rrop"] = E("misdeal", rules, remedies=[REDEAL], sa=False, conf="certain" if not disc_all else "likely", disc=True if disc_all else None)
    return ex


R_OOS = ("MD-OUT-OF-SEQUENCE: LA-108 and RRoP Misdeals 1(f) make a card out of proper sequence a misdeal; WSOP reaches LA-108 through T-129; TDA lists only the button exception (TDA-35-B) so discretion.")
order_case("BA-ORD-01", "Seat 3 gets two cards in a row in the second round",
           [D(1), D(2), D(3), D(3)] + [D(s) for s in range(4, 10)] + [D(1), D(2)] + [D(s) for s in range(4, 10)], oos_expect(), R_OOS)
order_case("BA-ORD-02", "Seat 6 skipped in the first round, given two in a row in the second",
           [D(s) for s in [1, 2, 3, 4, 5, 7, 8, 9]] + [D(1), D(2), D(3), D(4), D(5), D(6), D(6), D(7), D(8), D(9)], oos_expect(), R_OOS)
ex = same(E("continue", ["DEAL-BTN-CONSEC"], sa=False, conf="certain"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("continue", ["DEAL-BTN-CONSEC"], sa=False, disc=True, conf="likely")
ex["rrop"] = E("continue", ["DEAL-BTN-CONSEC"], sa=False, disc=True, conf="likely")
R_BTN = "DEAL-BTN-CONSEC: T-88.a.7.i and TDA-35-B let the button take two cards in a row; LA/RRoP state no exception but rules.md MD-NOT-A-MISDEAL lists it, so discretion for them."
order_case("BA-ORD-03", "Button skipped in the first round, gets two in a row at the end",
           [D(s) for s in range(1, 9)] + [D(s) for s in range(1, 9)] + [D(9), D(9)], ex, R_BTN)
order_case("BA-ORD-04", "Omaha: button skipped in the third round, gets two in a row at the end",
           [D(s) for _ in range(2) for s in O6] + [D(s) for s in range(1, 6)] + [D(s) for s in range(1, 6)] + [D(6), D(6)],
           {k: v for k, v in ex.items()}, R_BTN + " Omaha is a flop game.", seats=6, button=6, game="omaha")
ex3 = oos_expect(disc_all=True)
ex3["wsop-la-2026"] = E("misdeal", ["MD-OUT-OF-SEQUENCE"], remedies=[REDEAL], sa=False, conf="certain")
ex3["rrop"] = E("misdeal", ["MD-OUT-OF-SEQUENCE"], remedies=[REDEAL], sa=False, conf="certain")
order_case("BA-ORD-05", "Omaha: button skipped twice, gets three cards in a row",
           [D(s) for s in O6] + [D(s) for s in range(1, 6)] * 3 + [D(6), D(6), D(6)], ex3,
           "DEAL-BTN-CONSEC (T-88.a.7.i, TDA-35-B) speaks of the button's two cards in a row; three in a row is beyond the exception, so MD-OUT-OF-SEQUENCE (LA-108, RRoP 1(f)) by default, discretion everywhere.",
           seats=6, button=6, game="omaha")
# heads-up
HU_P = [P(2, "sb", 1000), P(1, "bb", 2000), P(1, "bb_ante", 2000)]
ex = oos_expect(disc_all=True)
ex["tda-2024"]["discretion"] = True
for b in ex: ex[b]["confidence"] = "likely"
order_case("BA-ORD-06", "Heads-up: big blind dealt two in a row, then the button two in a row",
           [D(1), D(1), D(2), D(2)], ex,
           "Heads-up the big blind is dealt first and the button last (DEAL-ORDER-HU, T-87, TDA-34-B); the first card is right, but the big blind, who is not the button, got two in a row: MD-OUT-OF-SEQUENCE (LA-108, RRoP 1(f)); TDA-35-B's exception is for the button only. Heads-up a button skipped in round one forces the big blind's two in a row, so the exception might be read to cover it: discretion.",
           seats=2, button=2, occupied=[1, 2], pst=HU_P)
ex = same(E("misdeal", ["MD-FIRST-WRONG-SEAT", "DEAL-ORDER-HU"], remedies=[REDEAL], sa=False, conf="certain"))
order_case("BA-ORD-07", "Heads-up: first card to the button, noticed after the button calls",
           [D(2), D(1), D(2), D(1)], ex,
           "Heads-up the big blind gets the first card (DEAL-ORDER-HU); first card to the wrong seat is a misdeal (T-88.a.3, TDA-35-A2, LA-108, RRoP 1(h)); one call is not SA.",
           seats=2, button=2, occupied=[1, 2], pst=HU_P, after=[A(2, "call", 2000)])
ex = same(E("continue", [], sa=False, conf="certain"))
order_case("BA-ORD-08", "Heads-up: correct deal, button completes, big blind checks, flop",
           [D(1), D(2), D(1), D(2)], {b: E("continue", [], sa=True, conf="certain") for b in BOOKS},
           "No irregularity: heads-up the big blind is dealt first and the button acts first pre-flop (DEAL-ORDER-HU, T-87, TDA-34-B). Call plus check is SA by the test of 18.1 (two actions, one with chips).",
           seats=2, button=2, occupied=[1, 2], pst=HU_P, after=[A(2, "call", 2000), A(1, "check"), BURN(), B("Kd"), B("8c"), B("3h")])
# dead button
DB = [1, 2, 3, 4, 5, 6, 7, 8]
ex = same(E("continue", [], sa=False, conf="certain"))
order_case("BA-ORD-09", "Dead button on empty seat 9: seat 8 skipped in round one, gets two in a row at the end",
           [D(s) for s in range(1, 8)] + [D(s) for s in range(1, 8)] + [D(8), D(8)], oos_expect(disc_all=True),
           "With the button on an empty seat (DEAL-DEADBUTTON [I]) the last seat dealt is seat 8, which is not the button; DEAL-BTN-CONSEC names the button only, so MD-OUT-OF-SEQUENCE by default (LA-108, RRoP 1(f)); the texts do not address a dead button here: discretion.",
           occupied=DB)
order_case("BA-ORD-10", "Dead button: dealing starts at seat 2, skipping the small blind",
           [D(s) for s in range(2, 9)] + [D(1)] + [D(s) for s in range(2, 9)] + [D(1)],
           same(E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, conf="certain")),
           "With the button on empty seat 9 the first card goes to seat 1, the small blind (DEAL-ORDER-FLOP, DEAL-DEADBUTTON); first card to the wrong seat: T-88.a.3, TDA-35-A2, LA-108, RRoP 1(h).",
           occupied=DB)
order_case("BA-ORD-11", "Dead button: the empty button seat is dealt a hand",
           rounds(list(range(1, 10)), 2), same(E("misdeal", ["MD-SEAT-NOT-ENTITLED"], remedies=[REDEAL], sa=False, conf="certain"), ["wsop-2026", "tda-2024", "rrop"]) | {"wsop-la-2026": E("misdeal", [], remedies=[REDEAL], sa=False, conf="likely")},
           "Cards to a seat not entitled to a hand (empty seat): T-88.a.4, TDA-35-A3, RRoP 1(i); LA lists no such item but its out-of-sequence item covers it (18.2).",
           occupied=DB)
# dead small blind
DSB = [2, 3, 4, 5, 6, 7, 8, 9]
DSB_P = [P(2, "bb", 2000), P(2, "bb_ante", 2000)]
order_case("BA-ORD-12", "Dead small blind (seat 1 empty): correct deal starting at the big blind",
           rounds(DSB, 2), same(E("continue", [], sa=False, conf="likely")),
           "DEAL-DEADBUTTON [I]: with a dead small blind no card goes to the empty seat and the first card goes to the big blind; no irregularity.",
           occupied=DSB, pst=DSB_P)
order_case("BA-ORD-13", "Dead small blind: the empty small-blind seat is dealt cards",
           rounds([1] + DSB, 2), same(E("misdeal", ["MD-SEAT-NOT-ENTITLED"], remedies=[REDEAL], sa=False, conf="certain"), ["wsop-2026", "tda-2024", "rrop"]) | {"wsop-la-2026": E("misdeal", [], remedies=[REDEAL], sa=False, conf="likely")},
           "Seat 1 is empty and not entitled (DEF-ENTITLED-SEAT): T-88.a.4, TDA-35-A3, RRoP 1(i).",
           occupied=DSB, pst=DSB_P)
order_case("BA-ORD-14", "Dead small blind: first card to seat 3 instead of the big blind",
           rounds([3, 4, 5, 6, 7, 8, 9, 2], 2), same(E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, conf="likely")),
           "DEAL-ORDER-FLOP: the first card goes to the first entitled seat clockwise from the button, here the big blind (DEAL-DEADBUTTON [I]); wrong first seat: T-88.a.3, TDA-35-A2, LA-108, RRoP 1(h).",
           occupied=DSB, pst=DSB_P)
ex = same(E("continue", ["DEAL-BTN-CONSEC", "EXP-HOLE-SINGLE"], remedies=[repl(4)], sa=False, conf="likely"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("continue", ["EXP-HOLE-SINGLE"], remedies=[repl(4)], sa=False, disc=True, conf="likely")
ex["rrop"] = E("continue", ["EXP-HOLE-SINGLE"], remedies=[repl(4)], sa=False, disc=True, conf="likely")
order_case("BA-ORD-15", "Button gets two in a row and seat 4's second card is exposed",
           [D(s) for s in range(1, 9)] + [D(1), D(2), D(3), D(4, "Jc", face_up=True), D(5), D(6), D(7), D(8), D(9), D(9)], ex,
           "Two irregularities, neither a misdeal: DEAL-BTN-CONSEC (T-88.a.7.i, TDA-35-B) and a single exposed card not among the first two (MD-FLOP-EXPOSE, EXP-HOLE-SINGLE).")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE"], remedies=[REDEAL], sa=False, conf="certain"))
order_case("BA-ORD-16", "Button gets two in a row and the first card off the deck was exposed",
           [D(1, "Jc", face_up=True)] + [D(s) for s in range(2, 9)] + [D(s) for s in range(1, 9)] + [D(9), D(9)], ex,
           "The first card off the deck exposed is a misdeal (T-88.a.7, TDA-35-A7, LA-108, RRoP 1(a)) whatever else happened.")

# ---------------------------------------------------------------- foreign back during a re-deal
def redeal_log(events, status=None):
    log = table(status=status, redeal_of={"hand": "17-0420", "count": 1})
    log["events"] = posts() + events
    return log


ex = same(E("void", ["FD-FOREIGN-BACK-HAND"], remedies=[VOIDR], sa=False, conf="certain"), ["wsop-2026", "wsop-la-2026", "rrop"])
ex["tda-2024"] = E(None, ["FD-FOREIGN-BACK-HAND"], sa=False, disc=True, conf="likely")
evs = rounds(T9, 1) + [D(s) for s in range(1, 6)] + [D(6, "Qh", back="red")] + [D(s) for s in range(7, 10)] + [F("red-backed card in seat 6's hand during the re-deal")]
sc("BA-FBRD-01", "Re-deal: a red-backed card dealt to seat 6", redeal_log(evs), ex,
   "FD-FOREIGN-BACK-HAND (T-88.d.1, LA-115, RRoP): a different back in a hand voids the hand whatever the SA; TDA leaves foreign backs to house policy (DEF-FOULED-DECK) so discretion. The re-deal changes nothing (RD-REPEAT [I]).")
ex = same(E("misdeal", ["FD-FOREIGN-BACK-STUB"], sa=False, disc=True, conf="likely"), ["wsop-2026", "wsop-la-2026"])
ex["rrop"] = E("continue", ["FD-FOREIGN-BACK-STUB"], sa=False, conf="likely")
ex["tda-2024"] = E(None, ["FD-FOREIGN-BACK-STUB"], sa=False, disc=True, conf="likely")
evs = rounds(T9, 2) + [A(3, "fold"), DISC("foreign_back", where="stub", card="4c"), F("red-backed card found in the stub during the re-deal")]
sc("BA-FBRD-02", "Re-deal: red-backed card found in the stub before SA", redeal_log(evs), ex,
   "FD-FOREIGN-BACK-STUB: WSOP T-88.d.1 (and LA-115) keep the action only after SA; before SA the engine default is a misdeal [I]/[U]; RRoP: action stands with no SA condition; TDA house policy [U].")
ex = same(E("void", ["FD-FOREIGN-BACK-HAND"], remedies=[VOIDR], sa=True, conf="certain"), ["wsop-2026", "wsop-la-2026", "rrop"])
ex["tda-2024"] = E(None, ["FD-FOREIGN-BACK-HAND"], sa=True, disc=True, conf="likely")
evs = rounds(T9, 2) + PRE_SA + [BURN(), B("Kd"), B("8c", back="red"), B("3h"), F("red-backed flop card in the re-deal")]
sc("BA-FBRD-03", "Re-deal: a red-backed card on the flop after SA", redeal_log(evs), ex,
   "FD-FOREIGN-BACK-HAND (T-88.d.1, LA-115, RRoP): on the board, void regardless of SA; TDA house policy.")
ex = same(E("continue", ["FD-FOREIGN-BACK-STUB"], sa=True, conf="certain"), ["wsop-2026", "wsop-la-2026", "rrop"])
ex["tda-2024"] = E(None, ["FD-FOREIGN-BACK-STUB"], sa=True, disc=True, conf="likely")
evs = rounds(T9, 2) + PRE_SA + [DISC("foreign_back", where="stub", card="4c"), F("red-backed card in the stub after SA")]
sc("BA-FBRD-04", "Re-deal: red-backed card in the stub after SA", redeal_log(evs, status={6: "redeal_dead"}), ex,
   "FD-FOREIGN-BACK-STUB: found in the stub after SA, all action stands (T-88.d.1, LA-115; RRoP with no SA condition); TDA house policy.")

# ---------------------------------------------------------------- absent players dealt in / dealt out
ex = same(E("misdeal", ["MD-SEAT-DEALT-OUT", "ABS-DEALT-IN"], remedies=[REDEAL], sa=False, disc=True, conf="likely"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E(None, ["MD-SEAT-DEALT-OUT"], sa=False, disc=True, conf="likely")
ex["rrop"] = E(None, ["MD-SEAT-DEALT-OUT"], sa=False, disc=True, conf="likely")
log = table(status={6: "absent"})
log["events"] = posts() + rounds([1, 2, 3, 4, 5, 7, 8, 9], 2) + [F("absent seat 6 was not dealt in")]
sc("BA-ABS-01", "Absent player (no blind due) skipped in the deal", log, ex,
   "ABS-DEALT-IN (T-36, T-82, TDA-30, TDA-71-C) deals absent players in; skipping the seat is MD-SEAT-DEALT-OUT [I]. LA-108/RRoP 1(j) need the skipped player to be present or to have posted: an absent cash player who posted nothing is not covered (discretion, no verdict asserted).")
ex = same(E("misdeal", ["MD-SEAT-DEALT-OUT", "ABS-DEALT-IN"], remedies=[REDEAL], sa=False, conf="likely"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("misdeal", ["MD-SEAT-DEALT-OUT"], remedies=[REDEAL], sa=False, conf="certain")
ex["rrop"] = E("misdeal", ["MD-SEAT-DEALT-OUT"], remedies=[REDEAL], sa=False, conf="certain")
log = table(status={2: "absent"})
log["events"] = posts() + rounds([1, 3, 4, 5, 6, 7, 8, 9], 2) + [F("absent big blind not dealt in")]
sc("BA-ABS-02", "Absent big blind (blind posted from his stack) skipped in the deal", log, ex,
   "The big blind posted, so every book makes skipping him a misdeal (T-88.a.5, TDA-35-A4, LA-108 'present or posted', RRoP 1(j)); ABS-DEALT-IN cited for the tournament books.")
ex = same(E("continue", ["ABS-AT-SEAT", "ABS-DEALT-IN"], remedies=[kill(6)], sa=False, conf="certain"), ["wsop-2026", "tda-2024", "rrop"])
log = table(status={6: "absent"})
log["events"] = posts() + rounds(T9, 2) + [{"type": "arrive", "seat": 6}, A(3, "fold"), F("seat 6 arrived after the last card")]
sc("BA-ABS-03", "Absent player dealt in, arrives after the last card of the deal", log, ex,
   "ABS-AT-SEAT: a player not at his seat when the last card of the initial deal is dealt has a dead hand (T-82, TDA-30); RRoP-T (first card) kills it too; ABS-DEALT-IN: he is dealt in and killed.")
ex = same(E("continue", ["ABS-AT-SEAT"], sa=False, conf="certain"), ["wsop-2026", "tda-2024"])
ex["rrop"] = E("continue", ["ABS-AT-SEAT"], remedies=[kill(6)], sa=False, conf="likely")
log = table(status={6: "absent"})
log["events"] = posts() + rounds(T9, 1) + [{"type": "arrive", "seat": 6}] + rounds(T9, 1) + [F("seat 6 arrived mid-deal")]
sc("BA-ABS-04", "Absent player arrives in the middle of the deal", log, ex,
   "T-82 and TDA-30 measure presence at the last card of the initial deal: live. RRoP-T [S] measures at the first card: dead.")
ex = same(E("misdeal", ["MD-SEAT-DEALT-OUT", "ABS-DEALT-IN"], remedies=[REDEAL], sa=False, disc=True, conf="likely"), ["wsop-2026", "tda-2024"])
log = table(status={5: "penalized"})
log["events"] = posts() + rounds([1, 2, 3, 4, 6, 7, 8, 9], 2) + [F("penalized seat 5 dealt out")]
sc("BA-ABS-05", "Player on penalty skipped in the deal", log, ex,
   "Penalized players are dealt in and their hands killed (T-88.b, TDA-71-C, ABS-DEALT-IN); skipping the seat is MD-SEAT-DEALT-OUT [I].")
ex = {"wsop-2026": E("misdeal", ["MD-FIRST-WRONG-SEAT", "RD-ABSENT"], remedies=[REDEAL], sa=False, conf="certain"),
      "tda-2024": E("misdeal", ["MD-FIRST-WRONG-SEAT", "RD-ABSENT"], remedies=[REDEAL], sa=False, conf="certain")}
ex["wsop-2026"]["redeal"] = {"button": 9, "status": {"6": "redeal_dead"}}
log = table(status={6: "absent"})
log["events"] = posts() + rounds([2, 3, 4, 5, 6, 7, 8, 9, 1], 2) + [F("first card to the big blind; seat 6 away")]
sc("BA-ABS-06", "Misdeal with an absent player: the re-deal header", log, ex,
   "RD-ABSENT: WSOP T-88.b deals the absent player in the re-deal and kills the hand; TDA-35-C (2024) lets him play if at his seat (TDA-30).")

# ---------------------------------------------------------------- claims after the pot is pushed
SHOWDOWN = PRE_SA + [BURN(), B("Qh"), B("8c"), B("3d"), A(2, "check"), A(3, "check"), BURN(), B("Ks"), A(2, "check"), A(3, "check"),
                     BURN(), B("Qh"), A(2, "check"), A(3, "check"), {"type": "show", "seat": 2, "cards": ["Ac", "Ad"]},
                     {"type": "show", "seat": 3, "cards": ["Kc", "Kd"]}]
ex = same(E("void", ["FD-DUP", "FD-DISPUTE-WINDOW"], remedies=[VOIDR], sa=True, disc=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + SHOWDOWN + [{"type": "pot_awarded"}, F("two Qh on the board noticed after the pot was pushed")]
sc("BA-DISP-01", "Duplicate board card noticed after the pot is pushed, before the next hand", log, ex,
   "FD-DUP voids the hand (T-88.d.2, TDA-35-E); the claim window runs until the next hand begins (T-76, TDA-22), so after the push it is still in time [I] (FD-DISPUTE-WINDOW).")
ex = same(E("continue", ["FD-DISPUTE-WINDOW", "DISP-WINDOW"], sa=True, conf="certain"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("continue", ["FD-DISPUTE-WINDOW"], sa=True, disc=True, conf="likely")
ex["rrop"] = E("continue", ["FD-DISPUTE-WINDOW"], sa=True, disc=True, conf="likely")
log = table(); log["events"] = posts() + rounds(T9, 2) + SHOWDOWN + [{"type": "pot_awarded"}, {"type": "next_hand"}, F("two Qh noticed after the next hand began")]
sc("BA-DISP-02", "Duplicate board card noticed after the next hand began", log, ex,
   "FD-DISPUTE-WINDOW / DISP-WINDOW: the right to dispute ends when the next hand begins (T-76; TDA-22 with 35-E): the result stands. RRoP states no window (18.7) so discretion there.")
ex = same(E("void", ["FD-FOREIGN-BACK-HAND", "FD-DISPUTE-WINDOW"], remedies=[VOIDR], sa=True, disc=True, conf="likely"), ["wsop-2026", "wsop-la-2026", "rrop"])
SD2 = [e if not (e.get("type") == "board" and e.get("card") == "Qh" and i > 20) else e for i, e in enumerate(SHOWDOWN)]
log = table(); ev = posts() + rounds(T9, 2) + PRE_SA + [BURN(), B("Qh"), B("8c"), B("3d"), A(2, "check"), A(3, "check"), BURN(), B("Ks", back="red"), A(2, "check"), A(3, "check"), BURN(), B("2c"), A(2, "check"), A(3, "check"), {"type": "pot_awarded"}, F("the turn card had a red back")]
log["events"] = ev
sc("BA-DISP-03", "Red-backed turn card noticed after the pot is pushed", log, ex,
   "FD-FOREIGN-BACK-HAND voids (T-88.d.1, LA-115, RRoP); the claim after the push but before the next hand is in time [I] (FD-DISPUTE-WINDOW); TDA house policy (not asserted).")
ex = same(E("continue", ["SA-MISDEAL-GATE", "DISP-WINDOW"], sa=True, conf="likely"))
log = table(); log["events"] = posts() + rounds([2, 3, 4, 5, 6, 7, 8, 9, 1], 2) + [A(s, "fold") for s in range(3, 10)] + [A(1, "fold"), {"type": "pot_awarded"}, F("first card went to the big blind, noticed after the pot was pushed")]
sc("BA-DISP-04", "First card to the wrong seat claimed after everyone folded and the pot was pushed", log, ex,
   "Eight folds are SA under every book (SA-DEF three actions; RRoP two players acted): no misdeal (SA-MISDEAL-GATE); the claim comes after the push, within T-76/TDA-22's window but with nothing to correct.")

# ---------------------------------------------------------------- blinds at the old level
ex = same(E(None, ["LVL-NEW-HAND"], sa=False, disc=True, conf="likely"), ["wsop-2026", "tda-2024"])
log = table(level=L13); log["events"] = posts(level=L12) + rounds(T9, 2) + [A(3, "fold"), F("blinds posted at level 12 but level 13 began before the shuffle")]
sc("BA-LVL-01", "Blinds posted at the old level, noticed before SA", log, ex,
   "LVL-NEW-HAND (T-79, TDA-23): a hand started at the old level by mistake is corrected before SA [I]; how (re-post or re-deal) is [U], so no verdict asserted, discretion.")
ex = same(E("continue", ["LVL-NEW-HAND"], sa=True, conf="certain"), ["wsop-2026", "tda-2024"])
log = table(level=L13); log["events"] = posts(level=L12) + rounds(T9, 2) + PRE_SA + [F("blinds at the old level noticed after SA")]
sc("BA-LVL-02", "Blinds posted at the old level, noticed after SA", log, ex,
   "LVL-NEW-HAND / SA-OTHER-EFFECTS: once SA has occurred the hand continues at the old level (T-79, TDA-23).")
ex = same(E("continue", ["LVL-NEW-HAND"], sa=True, conf="likely"), ["wsop-2026", "tda-2024"])
log = table(); log["events"] = posts() + rounds(T9, 2) + [A(3, "call", 2000), {"type": "level_change", "level": L13}] + [A(s, "fold") for s in range(4, 10)] + [A(1, "call", 2000), A(2, "check"), F("level changed during the hand")]
sc("BA-LVL-03", "The clock moves to level 13 during the hand", log, ex,
   "A new level applies to the next hand (LVL-NEW-HAND, T-79, TDA-23); this hand stays at level 12.")
ex = same(E("misdeal", ["MD-FIRST-WRONG-SEAT", "RD-LIMITS"], remedies=[REDEAL], sa=False, conf="certain"))
for b in ex:
    ex[b]["redeal"] = {"button": 9, "level": L12}
log = table(); log["events"] = posts() + rounds([2, 3, 4, 5, 6, 7, 8, 9, 1], 2) + [{"type": "level_change", "level": L13}, F("first card to the big blind; level 13 has just started")]
sc("BA-LVL-04", "Misdeal declared just after the level changes: re-deal at the old level", log, ex,
   "RD-LIMITS (T-88.b, TDA-35-C): the re-deal keeps the original level even if the clock moved (LVL-NEW-HAND).")

# ---------------------------------------------------------------- cards that do not belong
ex = {"wsop-2026": E("continue", ["NSC-JOKER"], remedies=[repl(6)], sa=False, conf="likely"),
      "tda-2024": E("misdeal", ["MD-NONSTANDARD"], remedies=[REDEAL], sa=False, conf="certain"),
      "wsop-la-2026": E("continue", ["NSC-JOKER"], remedies=[repl(6)], sa=False, conf="certain"),
      "rrop": E("continue", ["NSC-JOKER"], remedies=[repl(6)], sa=False, conf="likely")}
log = table(); log["events"] = posts() + [D(s) for s in T9] + [D(s) for s in range(1, 6)] + [D(6, "JK")] + [D(s) for s in range(7, 10)] + [A(3, "fold"), F("seat 6 finds a joker before acting")]
sc("BA-NSC-01", "Joker in a hold'em hand found before the player acts, one fold", log, ex,
   "NSC-JOKER: LA-119 (WSOP via T-129) makes the joker a scrap, replaced if found before the player acts; TDA-35-A6: non-standard card before SA is a misdeal.")
ex = {"wsop-2026": E("continue", ["NSC-JOKER", "BOX-SCRAP"], sa=False, disc=True, conf="likely"),
      "tda-2024": E("misdeal", ["MD-NONSTANDARD"], remedies=[REDEAL], sa=False, conf="certain"),
      "wsop-la-2026": E("continue", ["NSC-JOKER"], sa=False, disc=True, conf="likely"),
      "rrop": E("continue", ["NSC-JOKER"], sa=False, disc=True, conf="likely")}
log = table(); log["events"] = posts() + [D(s) for s in range(1, 5)] + [D(5, "JK", boxed=True), D(5)] + [D(s) for s in range(6, 10)] + rounds(T9, 1) + [F("a joker came off face up during the deal")]
sc("BA-NSC-02", "A joker comes off the deck face up (boxed) during the deal", log, ex,
   "TDA-35-A6: a non-standard card found before SA is a misdeal. WSOP/LA/RRoP: a joker is a scrap (LA-119) and a boxed card is a scrap (BOX-SCRAP); one scrap is no threshold; the combination of boxed and non-standard is not addressed: discretion.")
ex = {"wsop-2026": E("continue", ["NSC-SHORTDECK"], sa=False, disc=True, conf="likely"),
      "tda-2024": E("misdeal", ["MD-NONSTANDARD", "NSC-SHORTDECK"], remedies=[REDEAL], sa=False, conf="certain"),
      "wsop-la-2026": E("continue", ["NSC-SHORTDECK"], sa=False, disc=True, conf="likely"),
      "rrop": E("continue", ["NSC-SHORTDECK"], sa=False, disc=True, conf="likely")}
log = table(game="short-deck", seats=6, button=6); log["events"] = posts() + [D(s) for s in O6] + [D(1), D(2), D(3, "4c"), D(4), D(5), D(6), F("a 4 found in seat 3's hand before any action")]
sc("BA-NSC-03", "Short deck: a 4 in a hand before any action", log, ex,
   "NSC-SHORTDECK: TDA-35-A6 names a 2-5 in short deck as a misdeal before SA; WSOP-T is silent [U] and the default treats it as a scrap like LA-119's joker (discretion).")
ex = same(E("continue", ["NSC-SHORTDECK"], sa=True, disc=True, conf="likely"))
ex["tda-2024"] = E("continue", ["MD-NONSTANDARD", "NSC-SHORTDECK"], sa=True, conf="certain")
log = table(game="short-deck", seats=6, button=6); log["events"] = posts() + rounds(O6, 2) + PRE_SA6 + [BURN(), B("Kd"), B("5c"), B("9h"), F("a 5 on the flop after SA")]
sc("BA-NSC-04", "Short deck: a 5 on the flop after SA", log, ex,
   "TDA-35-D: a non-standard card found after SA is a scrap of paper; WSOP silent [U] (NSC-SHORTDECK), same default with discretion.")
ex = same(E("continue", ["NSC-JOKER"], sa=True, conf="likely"))
ex["tda-2024"] = E("continue", ["MD-NONSTANDARD"], sa=True, conf="certain")
log = table(); log["events"] = posts() + rounds(T9, 2) + PRE_SA + [BURN(), B("Kd"), B("JK"), B("9h"), F("a joker on the flop after SA")]
sc("BA-NSC-05", "Hold'em: a joker on the flop after SA", log, ex,
   "After SA a joker is a scrap of paper (TDA-35-D; LA-119 for WSOP via T-129); no misdeal possible (SA-MISDEAL-GATE).")
ex = {"wsop-2026": E("continue", ["NSC-JOKER"], remedies=[kill(3)], sa=True, conf="likely"),
      "tda-2024": E("continue", ["MD-NONSTANDARD", "CNT-AFTER-SA-DEAD"], remedies=[kill(3)], sa=True, conf="likely"),
      "wsop-la-2026": E("continue", ["NSC-JOKER"], remedies=[kill(3)], sa=True, conf="certain"),
      "rrop": E("continue", ["NSC-JOKER"], remedies=[kill(3)], sa=True, disc=True, conf="likely")}
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + [D(s) for s in O6] * 0 + rounds(O6, 3) + [D(1), D(2), D(3, "JK"), D(4), D(5), D(6)] + PRE_SA6 + [F("seat 3 finds a joker after calling")]
sc("BA-NSC-06", "Omaha: a joker found in a hand after its player raised", log, ex,
   "NSC-JOKER (LA-119): a player who acts with a joker in his hand has a dead hand; TDA-35-D makes it a scrap after SA, leaving three cards: dead (CNT-AFTER-SA-DEAD).")

# ---------------------------------------------------------------- wrong counts (revised WSOP default)
def wc_expect(kills, sa=False):
    ex = {"wsop-2026": E("continue", ["MD-WRONG-COUNT", "CNT-BEFORE-SA"], remedies=[kill(k) for k in kills], sa=sa, disc=True, conf="likely"),
          "tda-2024": E("misdeal", ["MD-WRONG-COUNT"], remedies=[REDEAL], sa=sa, conf="certain"),
          "wsop-la-2026": E("misdeal", ["MD-WRONG-COUNT"], remedies=[REDEAL], sa=sa, conf="certain"),
          "rrop": E("misdeal", ["MD-WRONG-COUNT"], remedies=[REDEAL], sa=sa, conf="certain")}
    return ex


log = table(); log["events"] = posts() + rounds(T9, 1) + [D(1), D(2), D(3), D(4), D(4), D(6), D(7), D(8), D(9), F("seat 4 has three cards, seat 5 one")]
sc("BA-CNT-01", "Seat 4 pitched seat 5's second card: three and one, before action", log, wc_expect([4, 5]),
   "MD-WRONG-COUNT / CNT-BEFORE-SA: TDA-35-A5, LA-108 and RRoP 1(e) misdeal; WSOP (revised default) kills the wrong-count hands under T-108 and plays on, discretion [I]/[U]. Seat 4's consecutive card is also out of sequence (MD-OUT-OF-SEQUENCE, a WSOP misdeal via LA-108); the revised WSOP default for the 2010 five-and-three pattern is kept.")
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + rounds(O6, 3) + [D(1), D(2), D(3), D(4), D(4), D(6), F("seat 4 five cards, seat 5 three")]
sc("BA-CNT-02", "Omaha: five and three (the 2010 WSOP hand) before any action", log, wc_expect([4, 5]),
   "INC-2010-5/3: WSOP ruled both hands dead, no misdeal (T-108; MD-WRONG-COUNT revised default, discretion); TDA-35-A5, LA-108 and RRoP 1(e): misdeal before SA.")
ex = wc_expect([8])
ex["wsop-2026"] = E("continue", ["CNT-BEFORE-SA"], remedies=[{"do": "deal_missing_card", "seat": 8}], sa=False, disc=True, conf="likely")
ex["wsop-la-2026"] = E("continue", ["MD-WRONG-COUNT"], remedies=[{"do": "deal_missing_card", "seat": 8}], sa=False, conf="likely")
ex["rrop"] = E("continue", ["MD-WRONG-COUNT"], remedies=[{"do": "deal_missing_card", "seat": 8}], sa=False, conf="likely")
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(s) for s in range(1, 8)] + [DISC("wrong_count", seat=8, count=1), DISC("wrong_count", seat=9, count=1), F("dealer stopped after seat 7: seats 8 and 9 one card each")]
sc("BA-CNT-03", "Deal stops after seat 7 in the second round; completed in sequence?", log, ex,
   "LA-108 and RRoP 1(e): a wrong count is no misdeal when the top card can go to the player in proper sequence (deal seat 8 then seat 9); WSOP revised default does the same before action; TDA-35-A5 excepts only the button short, and seat 8 is short too: misdeal.")
ex = {"wsop-2026": E("continue", ["CNT-ONE-EXTRA"], remedies=[{"do": "use_as_burn"}], sa=False, conf="likely"),
      "tda-2024": E("misdeal", ["MD-WRONG-COUNT"], remedies=[REDEAL], sa=False, disc=True, conf="likely"),
      "wsop-la-2026": E("continue", ["CNT-ONE-EXTRA"], remedies=[{"do": "use_as_burn"}], sa=False, conf="certain"),
      "rrop": E("continue", ["CNT-ONE-EXTRA"], remedies=[{"do": "use_as_burn"}], sa=False, conf="likely")}
log = table(game="omaha5", seats=6, button=6); log["events"] = posts() + rounds(O6, 5) + [D(1), F("one extra card to seat 1 after the button's fifth card")]
sc("BA-CNT-04", "Five-card Omaha: one extra card after the deal", log, ex,
   "CNT-ONE-EXTRA: LA-122 (WSOP via T-129) and RRoP-Hold'em-2 burn the untouched extra card; TDA-35-A5 literally makes it a misdeal [U].")
ex = same(E("continue", ["CNT-AFTER-SA-DEAD", "SA-DEF"], remedies=[kill(5), kill(6)], sa=True, conf="certain"))
ex["wsop-la-2026"]["rules"] = ["CNT-AFTER-SA-DEAD", "SA-LA"]
ex["rrop"]["rules"] = ["CNT-AFTER-SA-DEAD", "SA-RRoP"]
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(1), D(2), D(3), D(4), D(5), D(5), D(7), D(8), D(9)] + [A(3, "fold"), A(4, "call", 2000), F("seat 5 three cards, seat 6 one: found right after seat 4's call")]
sc("BA-CNT-05", "Wrong counts found at the exact action that makes SA (fold then call)", log, ex,
   "Fold plus call is SA in every book (SA-DEF; 18.1); after SA wrong-count hands are dead (CNT-AFTER-SA-DEAD: T-108, LA-110, TDA-38).")
ex = wc_expect([5, 6])
ex["rrop"] = E("continue", ["CNT-AFTER-SA-DEAD", "SA-RRoP"], remedies=[kill(5), kill(6)], sa=True, conf="likely")
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(1), D(2), D(3), D(4), D(5), D(5), D(7), D(8), D(9)] + [A(3, "fold"), A(4, "fold"), F("seat 5 three cards, seat 6 one: found after two folds")]
sc("BA-CNT-06", "Wrong counts found after two folds (one action short of SA)", log, ex,
   "Two folds are not SA under WSOP/TDA/LA (SA-DEF, SA-LA) but are under RRoP (SA-RRoP): TDA/LA misdeal, WSOP dead hands by the revised default, RRoP dead hands after action.")
ex = same(E("misdeal", ["MD-EXTRA-2"], remedies=[REDEAL], sa=False, conf="certain"), ["wsop-2026", "wsop-la-2026", "rrop"])
ex["tda-2024"] = E("misdeal", ["MD-WRONG-COUNT"], remedies=[REDEAL], sa=False, conf="certain")
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + rounds(O6, 4) + [D(1), D(2), F("two extra cards")]
sc("BA-CNT-07", "Omaha: two extra cards after the deal", log, ex,
   "MD-EXTRA-2: two extra cards on the initial deal (T-88.a.2, LA-108, RRoP 1(d)); TDA covers it as a wrong count (35-A5).")
ex = same(E("continue", ["CNT-BTN-SHORT"], remedies=[{"do": "deal_missing_card", "seat": 9}], sa=True, conf="certain"))
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(s) for s in range(1, 9)] + [A(3, "call", 2000), A(4, "call", 2000), A(5, "call", 2000), F("button says he has one card")]
sc("BA-CNT-08", "Button short one card, says so after three calls", log, ex,
   "CNT-BTN-SHORT (TDA-37, T-108 button clause): the missing card may be dealt to the button even after SA if he has not acted.")

# ---------------------------------------------------------------- SA timing with a wrong first seat
WFS = [2, 3, 4, 5, 6, 7, 8, 9, 1]
def wfs(id_, title, after, ex, reading, game="holdem"):
    log = table(); log["events"] = posts() + rounds(WFS, 2) + after + [F(title)]
    sc(id_, title, log, ex, reading)


ex = same(E("continue", ["SA-DEF", "SA-MISDEAL-GATE"], sa=True, conf="certain"))
ex["wsop-la-2026"]["rules"] = ["SA-LA", "SA-MISDEAL-GATE"]
ex["rrop"]["rules"] = ["SA-RRoP", "SA-MISDEAL-GATE"]
wfs("BA-SAT-01", "Wrong first seat; seat 3 calls, seat 4 calls (the action that makes SA)", [A(3, "call", 2000), A(4, "call", 2000)],
    ex,
    "Two actions in turn with chips are SA (T-88.c.1, TDA-36, LA-109, RRoP two players acted): no misdeal (SA-MISDEAL-GATE).")
wfs("BA-SAT-02", "Wrong first seat; one fold then the floor", [A(3, "fold")],
    same(E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, conf="certain")),
    "One action is not SA in any book; first card to the wrong seat is a misdeal (T-88.a.3, TDA-35-A2, LA-108, RRoP 1(h)).")
ex = same(E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, conf="certain"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, conf="certain")
ex["rrop"] = E("continue", ["SA-RRoP"], sa=True, conf="certain")
wfs("BA-SAT-03", "Wrong first seat; two folds then the floor", [A(3, "fold"), A(4, "fold")], ex,
    "Two folds: not SA under T-88.c, TDA-36, LA-109; action under RRoP Misdeals-2 (SA-RRoP).")
wfs("BA-SAT-04", "Wrong first seat noticed at showdown", PRE_SA + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "check"), A(3, "check"), BURN(), B("Js"), A(2, "check"), A(3, "check"), BURN(), B("2d"), A(2, "check"), A(3, "check")],
    same(E("continue", ["SA-MISDEAL-GATE"], sa=True, conf="certain")),
    "SA long since reached: the hand is played to its end (SA-MISDEAL-GATE, T-88.c, TDA-35-D).")
ex = same(E("continue", ["SA-MISDEAL-GATE"], sa=True, conf="certain"))
wfs("BA-SAT-05", "Wrong first seat; a limp, folds round to the big blind, who checks his option", [A(3, "call", 2000)] + [A(s, "fold") for s in range(4, 10)] + [A(1, "fold"), A(2, "check")], ex,
    "Call, seven folds and a check: far more than three actions in turn (SA-DEF B), SA in every book.")
ex = same(E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL, {"do": "return_chips", "seat": 5, "amount": 2000}], sa=False, conf="likely"), ["wsop-2026", "tda-2024", "wsop-la-2026"])
ex["rrop"] = E("misdeal", ["MD-FIRST-WRONG-SEAT"], remedies=[REDEAL], sa=False, disc=True, conf="likely")
wfs("BA-SAT-06", "Wrong first seat; seat 3 folds, seat 5 calls out of turn", [A(3, "fold"), A(5, "call", 2000)], ex,
    "SA-DEF rule 6 [I]: out-of-turn actions do not count (T-88.c counts actions in turn), so one action in turn: misdeal, the OOT call returned (RD-VOLUNTARY-RETURN [I]); RRoP does not say whether OOT counts (discretion).")

# ---------------------------------------------------------------- flop without a burn, timings and families
def noburn(id_, title, game, seats, order, n, pre, flop_actions, ex, reading, cards=("Kd", "8c", "7h")):
    log = table(game=game, seats=seats, button=seats)
    log["events"] = posts() + rounds(order, n) + pre + [B(c) for c in cards] + flop_actions + [F(title)]
    sc(id_, title, log, ex, reading)


ex = same(E("continue", ["FLOP-NOBURN"], remedies=[SCR], sa=True, conf="certain"), ["wsop-2026", "tda-2024"])
ex["wsop-la-2026"] = E("continue", ["FLOP-NOBURN"], remedies=[RESH], sa=True, conf="likely")
ex["rrop"] = E("continue", ["FLOP-NOBURN"], remedies=[RESH], sa=True, conf="likely")
noburn("BA-NB-01", "Omaha: flop without a burn, no flop action", "omaha", 6, O6, 4, PRE_SA6, [], ex,
       "FLOP-NOBURN: T-88.c.3.i and TDA-39-B scramble the three cards, one picked as the burn; LA-168 and RRoP reshuffle because board cards were exposed.")
ex = same(E("continue", ["FLOP-NOBURN"], sa=True, conf="certain"))
ex["wsop-2026"] = E("continue", ["FLOP-NOBURN"], sa=True, disc=True, conf="likely")
noburn("BA-NB-02", "Short deck: flop without a burn, found after one check", "short-deck", 6, O6, 2, PRE_SA6, [A(2, "check")], ex,
       "One flop check: TDA-39-B 'even one check', LA-169, RRoP: flop stands; WSOP T-88.c.3 agrees but c.3.i speaks of SA (section 20.1): discretion.")
ex = same(E("continue", ["FLOP-NOBURN"], sa=True, conf="certain"))
noburn("BA-NB-03", "Five-card Omaha: flop without a burn, found after bet and fold", "omaha5", 6, [1, 2, 3, 4, 5, 6], 5,
       [A(3, "call", 2000), A(4, "call", 2000), A(5, "fold"), A(6, "fold"), A(1, "fold"), A(2, "check")],
       [A(2, "bet", 4000), A(3, "fold")], ex,
       "Flop action taken (and flop SA): all books let the flop stand (T-88.c.3, TDA-39-B, LA-169, RRoP-5.6).")

# ---------------------------------------------------------------- well-formed nonsense
ex = same(E("continue", [], sa=False, conf="likely"))
log = table(); log["players"][1]["stack"] = 1500
log["events"] = [P(1, "sb", 1000), P(2, "bb", 2000), P(2, "bb_ante", 2000)] + rounds(T9, 2) + [A(3, "fold"), F("big blind posted more than his stack")]
sc("BA-ODD-01", "A post larger than the poster's stack", log, ex,
   "No dealing irregularity: the engine should report a finding about the post but the deal stands (no misdeal cause in T-88.a, TDA-35, LA-108, RRoP 1).")
ex = same(E("continue", [], sa=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + [A(s, "fold") for s in range(3, 10)] + [A(1, "fold"), {"type": "pot_awarded"}, A(4, "call", 2000), F("a call after the pot was pushed")]
sc("BA-ODD-02", "An action after the pot was awarded", log, ex,
   "The hand ended at the push; an action afterwards has no effect on the ruling (finding only).")
ex = same(E("continue", ["FD-DISPUTE-WINDOW"], sa=True, conf="likely"), ["wsop-2026", "tda-2024"])
log = table(); log["events"] = posts() + rounds(T9, 2) + PRE_SA + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "check"), A(3, "bet", 5000), A(2, "fold"), {"type": "pot_awarded"}, {"type": "next_hand"}, DISC("duplicate", card="Kd"), F("duplicate reported after the next hand began")]
sc("BA-ODD-03", "A duplicate discovered after next_hand", log, ex,
   "Events after next_hand belong to no live dispute: FD-DISPUTE-WINDOW (T-76, TDA-22) closes claims at the next hand's start.")
ex = same(E("continue", [], sa=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + [A(s, "fold") for s in range(3, 10)] + [A(1, "fold"), {"type": "pot_awarded"}, {"type": "next_hand"}, BURN(), B("Kd"), B("8c"), B("3h")]
sc("BA-ODD-04", "Board cards logged after next_hand", log, ex,
   "After the next hand began nothing in this hand can be ruled on (DISP-WINDOW); a board after next_hand is well-formed nonsense: finding only.")

# ---------------------------------------------------------------- more combinations and timings
ex = same(E("continue", ["EXP-HOLE-SINGLE"], sa=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(1, "Jc", face_up=True)] + [D(s) for s in range(2, 10)] + [A(3, "call", 2000), A(4, "call", 2000), F("small blind's second card exposed; noticed after two calls")]
sc("BA-MIX-01", "A single exposed card noticed only after SA", log, ex,
   "A single exposed card not among the first two is never a misdeal (MD-FLOP-EXPOSE); after SA no misdeal is possible anyway (SA-MISDEAL-GATE).")
ex = same(E("continue", ["MD-FLOP-EXPOSE", "SA-MISDEAL-GATE"], sa=True, conf="likely"))
log = table(); log["events"] = posts() + [D(1, "Jc", face_up=True)] + [D(s) for s in range(2, 10)] + rounds(T9, 1) + [A(3, "raise", 5000), A(4, "call", 5000), F("first card off the deck was exposed; noticed after raise and call")]
sc("BA-MIX-02", "First card off the deck exposed, noticed after SA", log, ex,
   "The misdeal cause (T-88.a.7) only applies before SA (SA-MISDEAL-GATE, T-88.c, TDA-35-D, LA-109, RRoP Misdeals-2).")
ex = same(E("misdeal", ["MD-BOXED-2"], remedies=[REDEAL], sa=False, conf="certain"))
log = table(game="short-deck", seats=6, button=6); log["events"] = posts() + [D(1), D(2, "9h", boxed=True), D(2)] + [D(s) for s in range(3, 7)] + [D(1), D(2), D(3), D(4, "Th", boxed=True), D(4), D(5), D(6), F("two boxed cards")]
sc("BA-MIX-03", "Short deck: two boxed cards in the deal", log, ex, "MD-BOXED-2 (T-88.a.1, TDA-35-A1, LA-108, RRoP 1(c)).")
ex = {"wsop-2026": E("continue", ["MD-BOXED-2", "BOX-LATE"], sa=False, disc=True, conf="likely"),
      "tda-2024": E("continue", ["MD-BOXED-2", "BOX-LATE"], sa=False, disc=True, conf="likely"),
      "wsop-la-2026": E("misdeal", ["MD-BOXED-2"], remedies=[REDEAL], sa=False, disc=True, conf="likely"),
      "rrop": E(None, ["MD-BOXED-2"], sa=False, disc=True, conf="likely")}
log = table(seats=3, button=3, occupied=[1, 2, 3]); log["players"][0]["stack"] = 1000; log["players"][1]["stack"] = 2000
log["events"] = [P(1, "sb", 1000), P(2, "bb", 2000)] + [D(1), D(2, "6h", boxed=True), D(2), D(3), D(1), D(2), D(3)] + [A(3, "call", 2000), {"type": "boxed", "card": "Qs"}, BURN(), B("Kd"), B("8c"), B("3h"), F("second boxed card on the run-out without SA")]
sc("BA-MIX-04", "Blinds all in on their posts, button calls; a second boxed card on the run-out", log, ex,
   "As O-BX-08: WSOP/TDA count boxed cards on the initial deal only (T-88.a.1, TDA-35-A1); LA-108 counts boxed cards among the cards needed for the hand; RRoP states no timing; a run-out with no SA is itself [U] (section 20.15).")
ex = same(E("continue", ["FLOP-4CARD"], sa=True, disc=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + PRE_SA + [BURN(), B("Kd"), B("8c"), B("3h"), B("Ts"), A(2, "check"), A(3, "check"), BURN(), B("Js"), F("four-card flop noticed after flop action; turn was burned again")]
sc("BA-MIX-05", "Four-card flop unnoticed until the turn was burned and dealt", log, ex,
   "FLOP-4CARD gives no timing; after flop action and a turn, neither T-89 nor TDA-39-A addresses it; the extra burn question is BURN-STREET (18.6): discretion.")
ex = {"wsop-2026": E("continue", ["BURN-STREET"], sa=True, disc=True, conf="likely"),
      "tda-2024": E("continue", ["BURN-STREET"], sa=True, disc=True, conf="likely"),
      "wsop-la-2026": E("continue", ["BURN-STREET"], sa=True, conf="certain"),
      "rrop": E("continue", ["BURN-STREET"], sa=True, conf="likely")}
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + rounds(O6, 4) + PRE_SA6 + [BURN(), B("Kd"), B("8c"), B("3h"), A(2, "check"), A(3, "check"), B("Js"), F("turn without a burn, before any turn action")]
sc("BA-MIX-06", "Omaha: turn dealt without a burn, noticed before turn action", log, ex,
   "BURN-STREET: LA-169/RRoP-5.6 correct it before betting (turn card becomes the burn); WSOP-T reaches LA-169 via T-129 [I]; TDA has no rule [U].")
ex = same(E("continue", ["PREM-TURN", "PREM-NOPLAY"], remedies=[RESH], sa=True, conf="certain"), ["wsop-2026", "tda-2024", "wsop-la-2026"])
ex["rrop"] = E("continue", ["PREM-RRoP"], sa=True, conf="likely")
log = table(); log["events"] = posts() + rounds(T9, 2) + [A(3, "call", 2000), A(4, "call", 2000)] + [A(s, "fold") for s in range(5, 10)] + [A(1, "fold"), A(2, "check"), BURN(), B("Kd"), B("8c"), B("3h"), A(2, "bet", 4000), A(3, "call", 4000), BURN(), B("Js"), A(4, "call", 4000), F("turn dealt before seat 4 acted")]
sc("BA-MIX-07", "Premature turn (with burn) before the last flop player acts; he then calls", log, ex,
   "PREM-TURN (T-90.f.b, TDA-RP-5-B, LA-171): burn stays, turn reshuffled into the stub, new turn without burn; RRoP sets the card aside (PREM-RRoP).")
ex = same(E("void", ["FD-DUP"], remedies=[VOIDR], sa=True, conf="certain"))
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + rounds(O6, 4) + PRE_SA6 + [BURN(), B("Kd"), B("8c"), B("8c"), F("two 8c on the flop")]
sc("BA-MIX-08", "Omaha: duplicate card on the flop after SA", log, ex, "FD-DUP: void regardless of SA (T-88.d.2, TDA-35-E, LA-116, RRoP).")
ex = same(E("continue", ["EXP-PLAYER-OWN"], sa=False, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + [X(2, "As", index=1, by="player", how="shown"), X(5, "Kh", index=2, by="player", how="flipped"), F("two players exposed their own cards")]
sc("BA-MIX-09", "Two players expose their own cards before acting", log, ex,
   "Cards exposed by players do not count toward misdeal thresholds (DEF-EXPOSED; T-117, TDA-68, LA-123): no misdeal, the hands play.")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE", "EXP-FLASH"], remedies=[REDEAL], sa=False, conf="likely"))
log = table(game="omaha", seats=6, button=6); log["events"] = posts() + rounds(O6, 2) + [D(1), D(2), D(3), X(3, "Qc", by="dealer", how="flashed"), D(4), D(5), D(6)] + [D(1), D(2), D(3), D(4), D(5, "9d", face_up=True), D(6), F("one card flashed and one flipped")]
sc("BA-MIX-10", "Omaha: a dealer-flashed card plus a card dealt face up", log, ex,
   "A card flashed by the dealer is exposed (EXP-FLASH, LA-123); two dealer-exposed down cards on the initial deal: MD-FLOP-EXPOSE.")
ex = {"wsop-2026": E("continue", ["CNT-AFTER-SA-DEAD", "SA-MISDEAL-GATE"], remedies=[kill(4)], sa=True, conf="likely"),
      "tda-2024": E("continue", ["CNT-AFTER-SA-DEAD"], remedies=[kill(4)], sa=True, conf="likely"),
      "wsop-la-2026": E("continue", ["CNT-AFTER-SA-DEAD"], remedies=[kill(4)], sa=True, conf="likely"),
      "rrop": E("continue", ["CNT-AFTER-SA-DEAD"], remedies=[kill(4)], sa=True, conf="likely")}
log = table(); log["events"] = posts() + rounds(T9, 1) + [D(1), D(2), D(3), D(4), D(4), D(5), D(6), D(7), D(8), D(9)] + PRE_SA[:1] + [A(4, "call", 5000), A(5, "fold"), F("seat 4 has three cards, found after he called")]
sc("BA-MIX-11", "Seat 4 got two in a row (three cards), found after raise, call, fold", log, ex,
   "Raise and call are SA; a hand with the wrong number of cards after SA is dead (CNT-AFTER-SA-DEAD: T-108, LA-110, TDA-38, TDA-Add-38 Ex.1-B).")
ex = same(E("misdeal", ["MD-FIRST-WRONG-SEAT", "RD-REPEAT"], remedies=[REDEAL], sa=False, conf="likely"))
log = table(redeal_of={"hand": "17-0420", "count": 1}); log["events"] = posts() + rounds(WFS, 2) + [F("first card wrong again in the re-deal")]
sc("BA-MIX-12", "Re-deal: first card to the wrong seat again", log, ex, "RD-REPEAT [I]: a misdeal in the re-deal is handled the same way (T-88.b, TDA-35-C).")
ex = same(E("continue", ["FLOP-NOBURN", "FLOP-4CARD"], sa=True, disc=True, conf="likely"))
log = table(); log["events"] = posts() + rounds(T9, 2) + PRE_SA + [B("Kd"), B("8c"), B("3h"), B("Ts", face_up=False), A(2, "check"), A(3, "bet", 5000), F("no burn and a fourth card face down under the flop, after flop action")]
sc("BA-MIX-13", "No burn and a hidden fourth flop card, found after a check and a bet", log, ex,
   "FLOP-NOBURN lets a flop with action stand (T-88.c.3, TDA-39-B) while FLOP-4CARD (T-89, TDA-39-A) counts a hidden card 'whether exposed or not' without a timing: combination and timing not addressed.")
ex = same(E("misdeal", ["MD-FLOP-EXPOSE", "DEAL-ORDER-HU"], remedies=[REDEAL], sa=False, conf="certain"))
log = table(seats=2, button=2, occupied=[1, 2]); log["events"] = HU_P + [D(1, "Jc", face_up=True), D(2), D(1), D(2), F("BB's first card exposed")]
sc("BA-MIX-14", "Heads-up: the big blind's first card (first off the deck) exposed", log, ex,
   "Heads-up the big blind's first card is the first off the deck (DEAL-ORDER-HU); its exposure is a misdeal (T-88.a.7, TDA-35-A7, LA-108, RRoP 1(a)).")
ex = same(E("continue", ["EXP-HOLE-SINGLE"], sa=False, conf="likely"))
log = table(seats=2, button=2, occupied=[1, 2]); log["events"] = HU_P + [D(1), D(2), D(1), D(2, "Jc", face_up=True), D(2, replacement=True), A(2, "call", 2000), F("button's second card exposed and replaced")]
sc("BA-MIX-15", "Heads-up: the button's second card exposed and replaced, button calls", log, ex,
   "The fourth card off the deck is not one of the first two (MD-FLOP-EXPOSE); EXP-HOLE-SINGLE: replaced with the top card; it becomes the flop burn.")
ex = same(E("continue", ["ABS-AT-SEAT", "ABS-DEALT-IN"], remedies=[kill(2)], sa=True, conf="likely"), ["wsop-2026", "tda-2024"])
log = table(status={2: "absent"}); log["events"] = posts() + rounds(T9, 2) + [A(s, "fold") for s in range(3, 10)] + [F("everyone folds to the small blind; the absent big blind's hand is dead")]
sc("BA-MIX-16", "Absent big blind dealt in; everyone folds to the small blind", log, ex,
   "ABS-AT-SEAT and ABS-DEALT-IN (T-36, T-82, TDA-30): the big blind's hand is dead; his blind and ante stay in the pot; the small blind wins.")

for s in SC:
    (OUT / f"{s['id']}.json").write_text(json.dumps(s, indent=1) + "\n", encoding="utf-8")
print(len(SC))
