"""Writes the set-B blind scenarios (expectations written from rules.md before any engine run)."""
import json, os
D = os.path.dirname(os.path.abspath(__file__))
NAMES = ["Ann","Bao","Chi","Dan","Eve","Fay","Gus","Hoa","Ivy"]
W, T, LA, R = "wsop-2026", "tda-2024", "wsop-la-2026", "rrop"
out = []

def players(n, skip=()):
    return [{"seat": s, "name": NAMES[s-1], "stack": 60000} for s in range(1, n+1) if s not in skip]

def E(t, **k):
    k["type"] = t; return k

def stud_log(game, n, events, short=()):
    return {"floorman": 1, "game": game, "structure": "limit", "seats": n,
            "level": {"number": 6, "ante": 100, "bring_in": 200, "small_bet": 600, "big_bet": 1200},
            "players": [dict(p, stack=1900) if p["seat"] in short else p for p in players(n)], "events": [E("post", seat=s, blind="ante", amount=100) for s in range(1, n+1)] + events}

def stud_deal(n, mod=None):
    """Third street: two down rounds, one up round. mod(round, seat) -> dict of extra fields or None to skip."""
    ev = []
    for r in range(3):
        for s in range(1, n+1):
            f = {"seat": s}
            if r == 2: f["face_up"] = True
            if mod:
                m = mod(r, s)
                if m is None: continue
                f.update(m)
            ev.append(E("deal", **f))
    return ev

def flop_log(game, n, events, structure=None, lv=None):
    log = {"floorman": 1, "game": game, "seats": n, "button": n,
           "level": lv or {"number": 8, "small_blind": 200, "big_blind": 400},
           "players": players(n), "events": [E("post", seat=1, blind="sb", amount=(lv or {}).get("small_blind", 200)),
                                              E("post", seat=2, blind="bb", amount=(lv or {}).get("big_blind", 400))] + events}
    if structure: log["structure"] = structure
    return log

def rounds(n, k, mod=None):
    ev = []
    for r in range(k):
        for s in range(1, n+1):
            f = {"seat": s}
            if mod:
                m = mod(r, s)
                if m is None: continue
                f.update(m)
            ev.append(E("deal", **f))
    return ev

DRAWLV = {"number": 5, "small_blind": 300, "big_blind": 600, "small_bet": 600, "big_bet": 1200}

def X(verdict=None, rules=(), remedies=(), sa=None, disc=None, conf="certain", redeal=None):
    e = {"confidence": conf}
    if verdict: e["verdict"] = verdict
    e["rules"] = list(rules)
    if remedies: e["remedies"] = list(remedies)
    if sa is not None: e["substantial_action"] = sa
    if disc is not None: e["discretion"] = disc
    if redeal: e["redeal"] = redeal
    return e

def add(id, title, log, expect, reading, source=None):
    d = {"id": id, "title": title, "author_set": "blind-b", "log": log, "expect": expect, "reading": reading}
    if source: d["source"] = source
    out.append(d)

MIS = "misdeal"; CON = "continue"; VOID = "void"
def kill(s): return {"do": "kill_hand", "seat": s}
def rep(s): return {"do": "replace_card", "seat": s}
def miss(s): return {"do": "deal_missing_card", "seat": s}

# ---------------- STUD ----------------
ev = stud_deal(6, lambda r, s: {"face_up": True} if (r, s) == (0, 3) else {})[:3] + [E("floor", note="seat 3 first down card dealt face up")]
add("BB-STUD-01", "Stud: a first down card dealt face up", stud_log("stud", 6, ev),
    {W: X(MIS, ["MD-STUD-DOWNCARD"], sa=False, disc=False),
     T: X(CON, ["STUD-DOWN-EXPOSED"], sa=False),
     LA: X(CON, ["STUD-DOWN-EXPOSED"], sa=False)},
    "T-88.a.6 (MD-STUD-DOWNCARD): either of the first two down cards exposed by dealer error is a WSOP misdeal; TDA RP-10-A and LA-218 (STUD-DOWN-EXPOSED): the card becomes the upcard and the third card is dealt down. RRoP left out: cash and tournament sections disagree [S].")
ev = stud_deal(6, lambda r, s: {"face_up": True} if (r, s) == (1, 5) else {})[:11] + [E("floor")]
add("BB-STUD-02", "Razz: a second down card dealt face up", stud_log("razz", 6, ev),
    {W: X(MIS, ["MD-STUD-DOWNCARD"], sa=False, disc=False),
     T: X(CON, ["STUD-DOWN-EXPOSED"], sa=False),
     LA: X(CON, ["STUD-DOWN-EXPOSED"], sa=False)},
    "T-88.a.6 says 'either or both' of the first two down cards (razz is a seven-card game): misdeal; TDA RP-10-A / LA-218: third card down instead.")
ev = stud_deal(6, lambda r, s: {"face_up": True} if s == 2 and r < 2 else {}) + [E("floor", note="all three of seat 2's cards face up")]
add("BB-STUD-03", "Stud hi-lo: all three initial cards of one player face up", stud_log("stud8", 6, ev),
    {W: X(MIS, ["MD-STUD-DOWNCARD"], sa=False, disc=False),
     LA: X(MIS, ["STUD-DOWN-EXPOSED"], sa=False),
     T: X(rules=[], sa=False, disc=True, conf="likely")},
    "T-88.a.6 and LA-218 (all three initial cards exposed) both give a misdeal; TDA RP-10-A covers one exposed down card only, two is open (table 18.4, [U]).")
ev = stud_deal(6) + [E("expose", seat=4, index=1, by="player", how="flipped"), E("floor")]
add("BB-STUD-04", "Stud: a player turns up his own down card", stud_log("stud", 6, ev),
    {b: X(CON, ["EXP-PLAYER-OWN"], sa=False, conf="likely") for b in (W, T, LA, R)},
    "DEF-EXPOSED: only dealer-exposed cards count; a player's own exposure is EXP-PLAYER-OWN (T-117, TDA-68): hand live, penalty possible.")
ev = stud_deal(6, lambda r, s: {"face_up": True} if (r, s) == (0, 2) else {}) + [E("post", seat=6, blind="bring_in", amount=200), E("act", seat=1, action="fold"), E("act", seat=2, action="fold"), E("floor", note="seat 2's first down card was dealt face up")]
add("BB-STUD-05", "Stud: exposed down card raised after bring-in and two folds", stud_log("stud", 6, ev),
    {W: X(MIS, ["MD-STUD-DOWNCARD", "SA-DEF"], sa=False, disc=True, conf="likely"),
     R: X(CON, [], sa=True, conf="likely"),
     LA: X(CON, [], sa=True, conf="likely")},
    "SA-DEF rule 7 [I]: the bring-in is forced, two folds are not SA under T-88.c, so T-88.a.6 still gives a misdeal (discretion: the bring-in reading is [I]); SA-RRoP and SA-LA count any two actions after the forced bet, folds included.")
ev = stud_deal(6, lambda r, s: {"face_up": True} if (r, s) == (0, 2) else {}) + [E("post", seat=6, blind="bring_in", amount=200), E("act", seat=1, action="complete"), E("act", seat=2, action="call"), E("floor")]
add("BB-STUD-06", "Stud: exposed down card raised after a completion and a call", stud_log("stud", 6, ev),
    {W: X(CON, ["SA-MISDEAL-GATE"], sa=True, conf="likely"),
     T: X(CON, [], sa=True, conf="likely"),
     LA: X(CON, [], sa=True), R: X(CON, [], sa=True)},
    "Two actions in turn after the bring-in, both putting chips in: SA under every book (SA-DEF, SA-LA, SA-RRoP); SA-MISDEAL-GATE bars the misdeal.")

def stud_to_7th(n=3, extra7=None, allin=None, floor=True):
    ev = stud_deal(n) + [E("post", seat=1, blind="bring_in", amount=200)]
    order = list(range(2, n+1)) + [1]
    for s in order: ev.append(E("act", seat=s, action="complete" if s == 2 else "call"))
    for st in range(3):  # 4th, 5th, 6th
        ev.append(E("burn"))
        for s in range(1, n+1): ev.append(E("deal", seat=s, face_up=True))
        if allin and st == 1:
            ev += [E("act", seat=1, action="bet"), E("act", seat=2, action="all_in"), E("act", seat=3, action="call")] if n == 3 else [E("act", seat=1, action="bet"), E("act", seat=2, action="all_in")]
        else:
            if allin and st == 2:
                ev += [E("act", seat=1, action="check"), E("act", seat=3, action="check")] if n == 3 else []
            else:
                ev += [E("act", seat=1, action="check")] + [E("act", seat=s, action="check") for s in range(2, n+1)]
    ev.append(E("burn"))
    return ev

ev = stud_to_7th(3) + [E("deal", seat=1), E("deal", seat=2, face_up=True), E("floor", note="seat 2's seventh-street card dealt face up")]
add("BB-STUD-07", "Stud seventh street: a middle player's card exposed, betting remains (3 players)", stud_log("stud", 3, ev),
    {T: X(CON, ["STUD-7TH-EXPOSED"], [rep(2)], sa=True, conf="likely"),
     W: X(CON, ["STUD-7TH-EXPOSED"], sa=True, conf="likely"),
     LA: X(CON, ["STUD-7TH-EXPOSED"], sa=True)},
    "TDA RP-10-B: a seventh-street card exposed by the dealer is replaced if betting action remains. LA-234 (WSOP-T via T-129): a player other than the first: others down, he may declare all in for the existing pot or continue.")
ev = stud_to_7th(3) + [E("deal", seat=1, face_up=True), E("floor")]
add("BB-STUD-08", "Stud seventh street: the first player's card exposed (3 players)", stud_log("stud7" if False else "stud", 3, ev),
    {T: X(CON, ["STUD-7TH-EXPOSED"], [rep(1)], sa=True, conf="likely"),
     W: X(CON, ["STUD-7TH-EXPOSED"], sa=True, conf="likely"),
     LA: X(CON, ["STUD-7TH-EXPOSED"], sa=True)},
    "LA-234: the first player's card exposed means all remaining players get it face up and betting goes on; TDA RP-10-B: replaced while betting remains.")
ev = stud_to_7th(2, allin=True) + [E("deal", seat=1), E("deal", seat=2, face_up=True), E("floor", note="all-in seat 2's last card face up")]
add("BB-STUD-09", "Stud seventh street heads-up: the all-in player's last card dealt face up", stud_log("stud", 2, ev, short=(2,)),
    {T: X(CON, ["STUD-7TH-EXPOSED"], sa=True, conf="likely"),
     W: X(CON, ["STUD-7TH-EXPOSED"], sa=True, conf="likely"),
     LA: X(CON, ["STUD-7TH-EXPOSED"], sa=True)},
    "LA-233: an all-in player's final card dealt face up is kept; TDA RP-10-B replaces only if betting action remains, and none remains heads-up with one player all in: the card plays (no replace_card expected).")
ev = stud_to_7th(3, allin=True) + [E("deal", seat=1), E("deal", seat=2, face_up=True), E("floor", note="all-in seat 2's last card face up; seats 1 and 3 still betting")]
add("BB-STUD-10", "Stud seventh street: all-in player's last card exposed while two others still bet", stud_log("stud8", 3, ev, short=(2,)),
    {LA: X(CON, ["STUD-7TH-EXPOSED"], sa=True),
     W: X(CON, ["STUD-7TH-EXPOSED"], sa=True, conf="likely"),
     T: X(CON, ["STUD-7TH-EXPOSED"], [rep(2)], sa=True, disc=False, conf="likely")},
    "LA-233: an all-in player's exposed last card is kept. TDA RP-10-B: replaced 'if betting action remains on the hand' - it does (seats 1 and 3), so under TDA the card is replaced even for the all-in player.")
ev = stud_to_7th(3) + [E("deal", seat=1), E("deal", seat=2), E("deal", seat=3), E("act", seat=1, action="bet"), E("act", seat=2, action="call"), E("discover", what="wrong_count", seat=2, count=8), E("floor", note="seat 2 holds eight cards")]
add("BB-STUD-11", "Stud: a hand with eight cards at the end", stud_log("stud", 3, ev),
    {W: X(CON, ["STUD-CARD-COUNT"], [kill(2)], sa=True),
     LA: X(CON, ["STUD-CARD-COUNT"], [kill(2)], sa=True),
     T: X(CON, [], [kill(2)], sa=True, conf="likely")},
    "LA-235 / T-108 (STUD-CARD-COUNT): a stud hand with more than seven cards is dead; TDA by CNT-AFTER-SA-DEAD (TDA-38).")
ev = stud_to_7th(3) + [E("deal", seat=1), E("deal", seat=3), E("act", seat=1, action="check"), E("floor", note="seat 2 was skipped on seventh street")]
add("BB-STUD-12", "Stud: a hand missing only its seventh-street card", stud_log("razz", 3, ev),
    {W: X(CON, ["STUD-CARD-COUNT"], sa=True, disc=True, conf="likely"),
     LA: X(CON, ["STUD-CARD-COUNT"], sa=True, disc=True, conf="likely")},
    "LA-235 / T-108: a hand missing only its final card 'may be ruled live' - a floor call, so discretion.")
ev = stud_deal(6, lambda r, s: None if (r, s) == (2, 6) else {}) + [E("post", seat=3, blind="bring_in", amount=200), E("floor", note="seat 6 has no upcard")]
add("BB-STUD-13", "Stud: last seat short one card, the top card completes it in sequence", stud_log("stud", 6, ev),
    {LA: X(CON, ["MD-WRONG-COUNT"], [miss(6)], sa=False, conf="likely"),
     R: X(CON, ["MD-WRONG-COUNT"], [miss(6)], sa=False, conf="likely"),
     W: X(CON, [], [miss(6)], sa=False, disc=True, conf="likely"),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False, disc=False, conf="likely")},
    "LA-108 / RRoP-Misdeals-1(e): wrong count is a misdeal unless the top card can go to the player in proper sequence - it can (seat 6 is last). WSOP default (MD-WRONG-COUNT [I]/[U]) completes it. TDA-35-A5 has no such exception (only the button, Rule 37; stud has none): misdeal.")
ev = stud_deal(6, lambda r, s: None if (r, s) == (2, 4) else {}) + [E("post", seat=3, blind="bring_in", amount=200), E("floor", note="seat 4 skipped on the upcard round")]
add("BB-STUD-14", "Stud: a middle seat short one card, cannot be completed in sequence", stud_log("stud", 6, ev),
    {LA: X(MIS, [], sa=False), R: X(MIS, [], sa=False),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False),
     W: X(CON, [], [kill(4)], sa=False, disc=True, conf="likely")},
    "Seats 5 and 6 received their upcards after seat 4 was skipped: the top card no longer goes to seat 4 in sequence, so LA-108/RRoP-1(e) and TDA-35-A5 give a misdeal; WSOP default: T-108 dead hand, play on, discretion (MD-WRONG-COUNT [I]/[U]).")
ev = stud_deal(6, lambda r, s: {"card": "As"} if (r, s) in ((0, 1),) else ({"card": "As", "face_up": True} if (r, s) == (2, 4) else {})) + [E("post", seat=1, blind="bring_in", amount=200), E("act", seat=2, action="complete"), E("act", seat=3, action="call"), E("floor")]
add("BB-STUD-15", "Stud: a duplicate ace of spades after substantial action", stud_log("stud", 6, ev),
    {b: X(VOID, ["FD-DUP"], [{"do": "return_all_chips"}], sa=True) for b in (W, T, LA, R)},
    "DEF-FOULED-DECK / FD-*: two cards of the same rank and suit void the hand regardless of SA (T-88.d.2, TDA-35-E); every chip back.")
ev = [E("deal", seat=2)] + stud_deal(6)[1:6] + [E("floor")]
add("BB-STUD-16", "Stud: the first card goes to seat 2", stud_log("stud", 6, ev),
    {b: X(MIS, ["MD-FIRST-WRONG-SEAT"], sa=False, conf="likely") for b in (W, T, LA, R)},
    "DEAL-ORDER-STUD [I]: the first card goes to seat 1 (dealer's left); MD-FIRST-WRONG-SEAT (T-88.a.3, TDA-35-A2) then misdeals.")
ev = stud_deal(6, lambda r, s: {"boxed": True} if (r, s) in ((0, 2), (1, 5)) else {}) + [E("floor")]
add("BB-STUD-17", "Razz: two boxed cards on the initial deal", stud_log("razz", 6, ev),
    {b: X(MIS, ["MD-BOXED-2"], sa=False) for b in (W, T, LA, R)},
    "MD-BOXED-2 (T-88.a.1, TDA-35-A1, LA-108, RRoP-1(c)): two boxed cards on the initial deal, before SA.")
ev = stud_deal(6) + [E("post", seat=1, blind="bring_in", amount=200), E("act", seat=2, action="complete"), E("act", seat=3, action="call"), E("burn"), E("deal", seat=1, face_up=True), E("floor", note="fourth street started before seats 4-6 acted")]
add("BB-STUD-18", "Stud: a premature fourth-street card", stud_log("stud", 6, ev),
    {b: X(CON, ["PREM-STUD"], sa=True, conf="likely") for b in (W, T, LA)},
    "PREM-STUD (T-90.f.d, TDA-RP-5-D, LA-231): the premature card goes back, the stub is reshuffled, the street is dealt without another burn.")

# ---------------- DRAW ----------------
def draw_log(game, n, events, k):
    return flop_log(game, n, events, lv=DRAWLV)

ev = rounds(6, 5, lambda r, s: {"face_up": True} if (r, s) == (0, 1) else {}) + [E("floor")]
add("BB-DRAW-01", "2-7 single draw: the first card off the deck exposed", draw_log("2-7-single-draw", 6, ev, 5),
    {W: X(CON, ["DRAW-EXPOSED"], [rep(1)], sa=False),
     T: X(rules=[], sa=False, disc=True, conf="likely")},
    "T-IX Draw games (MD-DRAW, DRAW-EXPOSED): every card exposed on the initial deal is replaced, only the second is a misdeal, even for the first card off the deck; TDA-35-A leaves draw games to house rules: discretion.")
ev = rounds(6, 5, lambda r, s: {"face_up": True} if (r, s) in ((1, 3), (3, 5)) else {}) + [E("floor")]
add("BB-DRAW-02", "2-7 triple draw: two cards exposed on the initial deal", draw_log("2-7-triple-draw", 6, ev, 5),
    {W: X(MIS, ["MD-DRAW"], sa=False),
     T: X(rules=[], sa=False, disc=True, conf="likely")},
    "T-IX Draw games (MD-DRAW): the second exposed card on the initial deal is a misdeal.")
ev = rounds(6, 4, lambda r, s: {"face_up": True} if (r, s) == (0, 2) else {}) + [E("floor")]
add("BB-DRAW-03", "Badugi: the second card off the deck exposed", draw_log("badugi", 6, ev, 4),
    {W: X(CON, ["DRAW-EXPOSED"], [rep(2)], sa=False),
     T: X(rules=[], sa=False, disc=True, conf="likely")},
    "MD-FLOP-EXPOSE's first-two-cards clause is for flop games only; T-IX draw: one exposed card is replaced.")
ev = rounds(6, 4, lambda r, s: {"face_up": True} if (r, s) in ((0, 3), (2, 6)) else {}) + [E("floor")]
add("BB-DRAW-04", "Badugi: two cards exposed on the initial deal", draw_log("badugi", 6, ev, 4),
    {W: X(MIS, ["MD-DRAW"], sa=False)},
    "T-IX draw (MD-DRAW): second exposed card on the initial deal: misdeal.")
pre = [E("act", seat=3, action="call"), E("act", seat=4, action="fold"), E("act", seat=5, action="call"), E("act", seat=6, action="fold"), E("act", seat=1, action="fold"), E("act", seat=2, action="check")]
ev = rounds(6, 5) + pre + [E("discard", seat=2, count=2), E("deal", seat=2), E("deal", seat=2), E("discard", seat=3, count=1), E("deal", seat=3, face_up=True), E("floor", note="seat 3's draw card dealt face up")]
add("BB-DRAW-05", "2-7 triple draw: a card exposed during the draw", draw_log("2-7-triple-draw", 6, ev, 5),
    {W: X(CON, ["DRAW-EXPOSED"], sa=True, disc=True, conf="likely"),
     T: X(CON, [], sa=True, disc=True, conf="likely")},
    "DRAW-EXPOSED speaks of the initial deal; a card exposed during the draw is an exposure too (issue 14 item 4) but its remedy is not in rules.md: continue, discretion. SA has occurred, so no misdeal.")
ev = rounds(6, 5) + [E("deal", seat=1), E("floor", note="seat 1 has six cards")]
add("BB-DRAW-06", "2-7 single draw: one extra card to the first seat", draw_log("2-7-single-draw", 6, ev, 5),
    {W: X(CON, ["CNT-ONE-EXTRA"], sa=False),
     LA: X(CON, ["CNT-ONE-EXTRA"], sa=False),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False, disc=True, conf="likely")},
    "CNT-ONE-EXTRA: WSOP (T-88.a.2 needs two) and LA-122: the extra card becomes the burn; TDA-35-A5 by the letter a misdeal, [U] discretion.")
ev = rounds(6, 5) + [E("deal", seat=1), E("deal", seat=2), E("floor")]
add("BB-DRAW-07", "2-7 triple draw: two extra cards", draw_log("2-7-triple-draw", 6, ev, 5),
    {W: X(MIS, ["MD-EXTRA-2"], sa=False), LA: X(MIS, ["MD-EXTRA-2"], sa=False), R: X(MIS, ["MD-EXTRA-2"], sa=False),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False)},
    "MD-EXTRA-2 (T-88.a.2, LA-108, RRoP-1(d)); TDA covers it under MD-WRONG-COUNT (35-A5).")
ev = rounds(6, 5, lambda r, s: None if (r, s) == (4, 3) else {}) + pre + [E("discover", what="wrong_count", seat=3, count=4), E("floor", note="seat 3 has four cards before the draw")]
add("BB-DRAW-08", "2-7 single draw: a hand short before the draw, after SA", draw_log("2-7-single-draw", 6, ev, 5),
    {W: X(CON, ["CNT-AFTER-SA-DEAD"], sa=True, conf="likely"),
     T: X(CON, ["CNT-AFTER-SA-DEAD"], sa=True, conf="likely"),
     LA: X(CON, ["CNT-AFTER-SA-DEAD"], sa=True, conf="likely")},
    "CNT-AFTER-SA-DEAD (T-108, LA-110): after SA a wrong count is dead, except in lowball/draw where a hand short before the draw is live: seat 3 plays on and draws (no kill_hand expected).")
ev = rounds(6, 5) + pre + [E("discard", seat=2, count=1), E("deal", seat=2), E("deal", seat=2), E("discard", seat=3, count=1), E("deal", seat=3), E("discard", seat=5, count=1), E("deal", seat=5), E("act", seat=2, action="check"), E("floor", note="seat 2 has six cards after the draw")]
add("BB-DRAW-09", "2-7 single draw: six cards after the draw", draw_log("2-7-single-draw", 6, ev, 5),
    {b: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(2)], sa=True, conf="likely") for b in (W, T, LA)},
    "CNT-AFTER-SA-DEAD: after SA, a hand with too many cards is dead; the draw exception covers only a hand short before the draw.")
ev = rounds(6, 5, lambda r, s: None if (r, s) == (4, 6) else {}) + [E("act", seat=3, action="fold"), E("floor", note="button short one card")]
add("BB-DRAW-10", "2-7 triple draw: the button short one card, no action", draw_log("2-7-triple-draw", 6, ev, 5),
    {T: X(CON, ["CNT-BTN-SHORT"], [miss(6)], sa=False),
     W: X(CON, [], [miss(6)], sa=False, conf="likely"),
     LA: X(CON, [], [miss(6)], sa=False, conf="likely"),
     R: X(CON, [], [miss(6)], sa=False, conf="likely")},
    "CNT-BTN-SHORT (TDA-37, T-108): the button's missing card is dealt; LA-108/RRoP-1(e): the top card goes to him in proper sequence.")
ev = rounds(6, 5, lambda r, s: None if (r, s) == (2, 2) else {}) + [E("floor", note="seat 2 skipped on the third round")]
add("BB-DRAW-11", "2-7 single draw: a middle seat short, no action", draw_log("2-7-single-draw", 6, ev, 5),
    {T: X(MIS, ["MD-WRONG-COUNT"], sa=False), LA: X(MIS, [], sa=False), R: X(MIS, [], sa=False),
     W: X(CON, [], [kill(2)], sa=False, disc=True, conf="likely")},
    "Seat 2 cannot be completed in sequence: TDA-35-A5, LA-108, RRoP-1(e) misdeal; WSOP default T-108 dead hand, discretion (MD-WRONG-COUNT).")
ev = rounds(6, 4, lambda r, s: None if (r, s) == (3, 6) else {}) + [E("deal", seat=6), E("floor")]
add("BB-DRAW-12", "Badugi: the button's last card dealt after a pause, in sequence", draw_log("badugi", 6, ev, 4),
    {b: X(CON, [], sa=False, conf="likely") for b in (W, T, LA, R)},
    "The button's fourth card is the next card in proper sequence: every seat holds four, nothing to rule (DEAL-ORDER-DRAW).")
ev = [E("deal", seat=2)] + rounds(6, 1)[1:5] + [E("floor")]
add("BB-DRAW-13", "2-7 triple draw: the first card to the big blind", draw_log("2-7-triple-draw", 6, ev, 5),
    {b: X(MIS, ["MD-FIRST-WRONG-SEAT"], sa=False, conf="likely") for b in (W, T, LA, R)},
    "DEAL-ORDER-DRAW: draw games deal from the small blind; MD-FIRST-WRONG-SEAT (T-88.a.3 etc.) applies to every game.")
ev = rounds(6, 4, lambda r, s: {"boxed": True} if (r, s) in ((1, 1), (3, 4)) else {}) + [E("floor")]
add("BB-DRAW-14", "Badugi: two boxed cards on the initial deal", draw_log("badugi", 6, ev, 4),
    {b: X(MIS, ["MD-BOXED-2"], sa=False) for b in (W, T, LA, R)},
    "MD-BOXED-2: two boxed cards during the initial deal, before SA.")

# ---------------- OMAHA ----------------
def om(game, n, events):
    return flop_log(game, n, events, structure="pot-limit")
ev = rounds(6, 4) + [E("deal", seat=1), E("floor", note="seat 1 has five cards")]
add("BB-OMA-01", "PLO: one extra card to the small blind", om("omaha", 6, ev),
    {W: X(CON, ["CNT-ONE-EXTRA"], sa=False), LA: X(CON, ["CNT-ONE-EXTRA"], sa=False), R: X(CON, ["CNT-ONE-EXTRA"], sa=False, conf="likely"),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False, disc=True, conf="likely")},
    "CNT-ONE-EXTRA: WSOP/LA-122/RRoP-Hold'em-2 burn the one extra card; TDA-35-A5 literal misdeal [U].")
ev = rounds(6, 4, lambda r, s: None if (r, s) == (1, 3) else {}) + [E("floor", note="seat 3 has three cards")]
add("BB-OMA-02", "PLO: seat 3 skipped on the second round, noticed before action", om("omaha", 6, ev),
    {T: X(MIS, ["MD-WRONG-COUNT"], sa=False), LA: X(MIS, [], sa=False), R: X(MIS, [], sa=False),
     W: X(CON, [], [kill(3)], sa=False, disc=True, conf="likely")},
    "Not completable in sequence: TDA-35-A5, LA-108, RRoP-1(e) misdeal; WSOP default (MD-WRONG-COUNT, CNT-BEFORE-SA [I]/[U]) T-108 dead hand, discretion.")
ev = rounds(6, 4, lambda r, s: None if (r, s) == (3, 6) else {}) + [E("act", seat=3, action="fold"), E("floor", note="button has three cards")]
add("BB-OMA-03", "PLO: the button short its fourth card, no action", om("omaha", 6, ev),
    {T: X(CON, ["CNT-BTN-SHORT"], [miss(6)], sa=False), W: X(CON, [], [miss(6)], sa=False, conf="likely"),
     LA: X(CON, [], [miss(6)], sa=False, conf="likely"), R: X(CON, [], [miss(6)], sa=False, conf="likely")},
    "CNT-BTN-SHORT (TDA-37, T-108 button clause); LA-108/RRoP-1(e): the top card reaches the button in proper sequence.")
pre6 = [E("act", seat=3, action="call"), E("act", seat=4, action="call"), E("act", seat=5, action="fold")]
ev = rounds(6, 4, lambda r, s: None if (r, s) == (3, 6) else {}) + pre6 + [E("floor", note="button has three cards, has not acted")]
add("BB-OMA-04", "PLO: the button short after SA, before he acts", om("omaha", 6, ev),
    {T: X(CON, ["CNT-BTN-SHORT"], [miss(6)], sa=True), W: X(CON, ["CNT-BTN-SHORT"], [miss(6)], sa=True, conf="likely")},
    "CNT-BTN-SHORT (TDA-37, T-108): the missing card may be dealt to the button even after SA if he has not acted.")
ev = rounds(6, 4, lambda r, s: None if (r, s) == (3, 6) else {}) + pre6 + [E("act", seat=6, action="call"), E("floor", note="button called with three cards")]
add("BB-OMA-05", "PLO: the button short, and he called", om("omaha", 6, ev),
    {T: X(CON, ["CNT-BTN-SHORT"], [kill(6)], sa=True), W: X(CON, [], [kill(6)], sa=True, conf="likely")},
    "CNT-BTN-SHORT: the button's hand is dead once he acts before receiving the missing card.")
ev = rounds(6, 4) + pre6 + [E("discover", what="wrong_count", seat=4, count=5), E("floor", note="seat 4 has five cards")]
add("BB-OMA-06", "PLO: five cards found after SA", om("omaha", 6, ev),
    {b: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(4)], sa=True, conf="likely") for b in (W, T, LA)},
    "CNT-AFTER-SA-DEAD (T-108, LA-110, TDA-38): after SA a hand with the wrong number of cards is dead.")
ev = rounds(6, 5) + [E("deal", seat=1), E("floor", note="seat 1 has six cards")]
add("BB-OMA-07", "Five-card Omaha: one extra card", om("omaha5", 6, ev),
    {W: X(CON, ["CNT-ONE-EXTRA"], sa=False), LA: X(CON, ["CNT-ONE-EXTRA"], sa=False),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False, disc=True, conf="likely")},
    "CNT-ONE-EXTRA as in PLO; TDA literal misdeal [U].")
ev = rounds(6, 5) + [E("deal", seat=1), E("deal", seat=2), E("floor")]
add("BB-OMA-08", "Five-card Omaha: two extra cards", om("omaha5", 6, ev),
    {W: X(MIS, ["MD-EXTRA-2"], sa=False), LA: X(MIS, ["MD-EXTRA-2"], sa=False), R: X(MIS, ["MD-EXTRA-2"], sa=False), T: X(MIS, ["MD-WRONG-COUNT"], sa=False)},
    "MD-EXTRA-2 (T-88.a.2, LA-108, RRoP-1(d)); TDA-35-A5.")
ev = rounds(6, 5, lambda r, s: None if (r, s) == (2, 4) else {}) + pre6 + [E("floor", note="seat 4 has four cards")]
add("BB-OMA-09", "Five-card Omaha: a four-card hand found after SA", om("omaha5", 6, ev),
    {b: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(4)], sa=True, conf="likely") for b in (W, T, LA)},
    "CNT-AFTER-SA-DEAD: dead after SA (seat 4 is not the button).")
ev = rounds(6, 1, lambda r, s: {"face_up": True} if s == 1 else {}) + [E("floor")]
add("BB-OMA-10", "Omaha hi-lo: the first card off the deck exposed", om("omaha8", 6, ev),
    {b: X(MIS, ["MD-FLOP-EXPOSE"], sa=False) for b in (W, T, LA, R)},
    "MD-FLOP-EXPOSE (T-88.a.7, TDA-35-A7, RRoP-1(a)): first or second card off the deck exposed in a flop game.")
ev = rounds(6, 4, lambda r, s: {"face_up": True} if (r, s) == (2, 4) else {}) + [E("floor")]
add("BB-OMA-11", "PLO: one down card exposed mid-deal", om("omaha", 6, ev),
    {b: X(CON, ["EXP-HOLE-SINGLE"], [rep(4)], sa=False, conf="likely") for b in (W, T, LA, R)},
    "MD-FLOP-EXPOSE: a single exposed card not among the first two is not a misdeal; EXP-HOLE-SINGLE: replaced by the top card after the deal, the exposed card becomes the burn.")
ev = rounds(6, 5, lambda r, s: {"face_up": True} if (r, s) in ((2, 4), (4, 5)) else {}) + [E("floor")]
add("BB-OMA-12", "Five-card Omaha: two down cards exposed late in the deal", om("omaha5", 6, ev),
    {b: X(MIS, ["MD-FLOP-EXPOSE"], sa=False) for b in (W, T, LA, R)},
    "MD-FLOP-EXPOSE: any two down cards exposed during the initial deal.")
ev = rounds(6, 4, lambda r, s: {"boxed": True} if (r, s) == (1, 2) else {}) + [E("floor")]
add("BB-OMA-13", "PLO: one boxed card", om("omaha", 6, ev),
    {b: X(CON, ["BOX-SCRAP"], sa=False, conf="likely") for b in (W, T, LA, R)},
    "MD-BOXED-2 needs two; one boxed card is a scrap of paper replaced (BOX-SCRAP).")

# short deck
sd = flop_log("short-deck", 6, rounds(6, 2, lambda r, s: {"card": "4h"} if (r, s) == (1, 3) else {}) + [E("floor", note="a four in a short deck")], lv={"number": 3, "small_blind": 0, "big_blind": 0, "ante": 100})
sd["events"] = [E("post", seat=s, blind="ante", amount=100) for s in range(1, 7)] + sd["events"][2:]
sd["level"] = {"number": 3, "ante": 100, "small_blind": 100, "big_blind": 200}
sd["events"] = [E("post", seat=1, blind="sb", amount=100), E("post", seat=2, blind="bb", amount=200)] + sd["events"][6:]
add("BB-SD-01", "Short deck: a four found in a hand before action", sd,
    {T: X(MIS, ["MD-NONSTANDARD"], sa=False), W: X(rules=[], sa=False, disc=True, conf="likely")},
    "MD-NONSTANDARD (TDA-35-A6): a card not belonging to the game before SA is a misdeal; WSOP-T is silent (NSC-*), discretion.")

# ---------------- PUBLISHED RULINGS ----------------
def hold(n, events, lv=None, game="holdem", names=None, button=None, structure=None):
    log = flop_log(game, n, events, lv=lv, structure=structure)
    if names:
        for p in log["players"]:
            if p["seat"] in names: p["name"] = names[p["seat"]]
    return log
LV50 = {"number": 2, "small_blind": 50, "big_blind": 100}
def deal2(n, mod=None): return rounds(n, 2, mod)

ev = deal2(9, lambda r, s: None if (r, s) == (1, 5) else {}) + [E("act", seat=3, action="fold"), E("act", seat=4, action="call"), E("floor", note="seat 5 has only one card")]
add("BP-01", "TDA Addendum 38 Ex. 1-A: a one-card hand found after SA", hold(9, ev, lv=LV50),
    {T: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True),
     W: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True, conf="likely"),
     LA: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True, conf="likely"),
     R: X(CON, [], [kill(5)], sa=True, conf="likely")},
    "TDA-38 and its Addendum Ex. 1-A: fold then call is SA (TDA-36), seat 5's one-card hand is dead; the dealer later burns one card only (CNT-BURN-AFTER-KILL). T-108/LA-110 agree; RRoP: two players acted after the blinds.",
    {"title": "Poker TDA 2024 Rules v1.0, Illustration Addendum, Rule 38: Burns After Substantial Action, Example 1-A", "author": "Poker Tournament Directors Association", "document": "TDA 2024 Rules Version 1.0 (Oct 9, 2024), longform with Illustration Addendum; text read from github fire7964coco-prog/holdem-project docs/sources/tda-2024-rules-v1.txt", "ruling": "Seat 5's hand is dead because SA has occurred; burn only one card then the flop, no second burn to restore the stub order."})
ev = deal2(9) + [E("act", seat=3, action="fold"), E("act", seat=4, action="call"), E("discover", what="wrong_count", seat=5, count=3), E("floor", note="seat 5 has three cards")]
add("BP-02", "TDA Addendum 38 Ex. 1-B: a three-card hand found after SA", hold(9, ev, lv=LV50),
    {T: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True),
     W: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True, conf="likely"),
     LA: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(5)], sa=True, conf="likely")},
    "TDA-38, Addendum Ex. 1-B: the three-card hand is dead after SA; its third card is not used as the burn (CNT-BURN-AFTER-KILL).",
    {"title": "Poker TDA 2024 Rules v1.0, Illustration Addendum, Rule 38, Example 1-B", "author": "Poker Tournament Directors Association", "document": "as BP-01", "ruling": "Seat 5's hand is dead (SA occurred); the dealer burns one card off the stub and puts out the flop; seat 5's third card is not the burn."})
ev = deal2(9) + [E("act", seat=3, action="fold"), E("act", seat=4, action="fold"), E("act", seat=5, action="call"), E("act", seat=6, action="all_in", to=1000), E("discover", what="previous_hand_card", seat=2), E("floor", note="big blind has a third card stuck under the rail since the previous hand")]
add("BP-03", "2013 WSOP Event #58: a previous hand's card in the big blind's hand", hold(9, ev, lv={"number": 4, "small_blind": 75, "big_blind": 150}, names={2: "Zohair Karim", 6: "Maria Ho"}),
    {W: X(VOID, ["FD-MISSING-CARD"], [{"do": "return_all_chips"}], sa=True, disc=True, conf="likely")},
    "FD-MISSING-CARD [U] (rules.md engine default, following this very ruling): a card from an earlier deal turning up in a live hand means the shuffled deck was short - fouled, void, all chips back, even after SA.",
    {"title": "Foul Deck Prevents Ho from Busting or Doubling Up", "author": "PokerNews live reporting (floor persons unnamed)", "url": "https://www.pokernews.com/tours/wsop/2013-world-series-of-poker/event-58a-1-111-little-one-for-one-drop-no-limit-h/chips.66711.htm", "ruling": "The card had been stuck under the rail since the last hand, so the deck was ruled foul and the hand not played; Ho took her chips back. Had the dealer dealt the third card this hand, the hand would have continued because of significant action."})
RUBY = {0: "Ac", 1: "Ad", 2: "5c", 3: "Jh"}; OPP = {0: "Qs", 1: "Qc", 2: "Jd", 3: "7h"}
ev = rounds(9, 4, lambda r, s: {"card": RUBY[r]} if s == 1 else ({"card": OPP[r]} if s == 5 else {})) + [E("act", seat=3, action="fold"), E("act", seat=4, action="fold"), E("act", seat=5, action="raise", to=2100), E("act", seat=6, action="fold"), E("act", seat=7, action="call"), E("act", seat=8, action="fold"), E("act", seat=9, action="fold"), E("act", seat=1, action="call"), E("act", seat=2, action="call"),
      E("burn"), E("board", card="Qh"), E("board", card="7c"), E("board", card="2c"), E("act", seat=1, action="check"), E("act", seat=2, action="check"), E("act", seat=5, action="bet", to=5000), E("act", seat=7, action="fold"), E("act", seat=1, action="call"), E("act", seat=2, action="fold"),
      E("burn"), E("board", card="As"), E("act", seat=1, action="check"), E("act", seat=5, action="bet", to=3500), E("act", seat=1, action="all_in"), E("act", seat=5, action="call"),
      E("show", seat=1, cards=["Ac", "Ad", "5c", "Jh"]), E("show", seat=5, cards=["Qs", "Qc", "Jd", "7h"]),
      E("burn"), E("board", card="Qh"), E("pot_awarded"), E("next_hand"), E("floor", note="two queens of hearts on the board, noticed the next morning")]
bp4 = hold(9, ev, lv={"number": 8, "small_blind": 300, "big_blind": 600}, game="omaha", structure="pot-limit", names={1: "Christopher Ruby"})
bp4["players"][0]["stack"] = 20000
add("BP-04", "2014 WSOP $1,500 PLO: duplicate queen of hearts claimed after the next hand", bp4,
    {W: X(CON, ["FD-DISPUTE-WINDOW"], sa=True, conf="likely"),
     T: X(CON, ["FD-DISPUTE-WINDOW"], sa=True, conf="likely")},
    "FD-DISPUTE-WINDOW (T-76; TDA-35-E with TDA-22): the right to claim a fouled deck ends when the next hand begins; the result stands.",
    {"title": "Two Identical Cards Appear on Board in WSOP Event", "author": "flushdraw.net; ruling by WSOP Tournament Director Jack Effel", "url": "https://flushdraw.net/news/two-identical-cards-appear-board-wsop-event", "ruling": "Because it was not brought to anyone's attention when it happened, nothing could be done; the result stood."})
ev = deal2(9) + [E("act", seat=3, action="call"), E("act", seat=4, action="fold"), E("act", seat=5, action="call"), E("act", seat=6, action="fold"), E("act", seat=7, action="fold"), E("act", seat=8, action="fold"), E("act", seat=9, action="fold"), E("act", seat=1, action="call"), E("act", seat=2, action="check"),
      E("burn"), E("board", card="9h"), E("board", card="9d"), E("board", card="6c"), E("board", card="Js"), E("floor", note="four-card flop, dealer says the jack came last")]
add("BP-05", "2011 WSOP Event #18: four-card flop 9-9-6-J", hold(9, ev, lv={"number": 4, "small_blind": 75, "big_blind": 150}),
    {W: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True),
     T: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True),
     LA: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True),
     R: X(CON, ["FLOP-4CARD"], sa=True, conf="likely")},
    "FLOP-4CARD (T-89, rule #82 in 2011; TDA-39-A; LA-167): scramble the four face down, the floor picks one at random as the next burn, even when the extra card is believed known. RRoP-Hold'em-3 [S] re-deals the flop instead.",
    {"title": "Four to the Floor?", "author": "PokerNews Italy live reporting (floorman unnamed)", "url": "https://pokernews.it/tours/wsop/2011-world-series-of-poker/event-18-no-limit-hold-em/post.87947.htm", "ruling": "Under WSOP Rule #82 the four cards were scrambled face down and the floor randomly selected one as the next burn (it was the jack); the other three were the flop."})
ev = deal2(8) + [E("act", seat=3, action="raise", to=1200), E("act", seat=4, action="fold"), E("act", seat=5, action="raise", to=3600), E("act", seat=6, action="fold"), E("act", seat=7, action="fold"), E("act", seat=8, action="fold"), E("act", seat=1, action="fold"), E("act", seat=2, action="fold"), E("act", seat=3, action="raise", to=9000), E("act", seat=5, action="call"),
      E("burn"), E("board", card="6d"), E("board", card="7d"), E("board", card="6c"), E("board", card="9c", face_up=False), E("floor", note="a fourth card found under the 6d before any flop action")]
add("BP-06", "2012 PCA High Roller: a fourth card hidden under the flop", hold(8, ev, lv={"number": 3, "small_blind": 100, "big_blind": 200}, names={3: "Harrison Gimbel", 5: "Elio Fox"}),
    {W: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True),
     T: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True),
     LA: X(CON, ["FLOP-4CARD"], [{"do": "scramble_and_pick_burn"}], sa=True)},
    "FLOP-4CARD applies 'exposed or not' (TDA-39-A, T-89): a face-down fourth card counts (hand-log 4: a face-down board card counts toward the street).",
    {"title": "The Four-Card Flop", "author": "PokerNews Balkan live reporting (floor person unnamed)", "url": "https://balkan.pokernews.com/tours/ept/2012-pokerstars-caribbean-adventure/high-roller/post.4237.htm", "ruling": "All four cards were washed and one drawn at random and mucked (the 6c); the other three were the flop."})
ev = rounds(9, 4, lambda r, s: None if (r, s) == (3, 9) else {}) + [E("act", seat=3, action="call"), E("act", seat=4, action="fold"), E("act", seat=5, action="call"), E("act", seat=6, action="fold"), E("act", seat=7, action="call"), E("act", seat=8, action="fold"), E("floor", note="button was not moved")]
bp7 = hold(9, ev, lv={"number": 14, "small_blind": 1500, "big_blind": 3000}, game="omaha8", structure="pot-limit", names={1: "Allen Kessler", 8: "Lee Grove", 9: "Chip Jett"})
bp7["button"] = 8; bp7["button_should_be"] = 9
bp7["events"] = [E("post", seat=9, blind="sb", amount=1500), E("post", seat=1, blind="bb", amount=3000)] + [E("deal", seat=s) for r in range(4) for s in (9, 1, 2, 3, 4, 5, 6, 7, 8)] + [E("act", seat=2, action="call"), E("act", seat=3, action="fold"), E("act", seat=4, action="call"), E("act", seat=5, action="fold"), E("act", seat=6, action="call"), E("act", seat=7, action="fold"), E("act", seat=8, action="fold"), E("floor", note="the button was not moved from the previous hand")]
add("BP-07", "2010 WSOP Event #46 (PLO8): button not moved, found after action", bp7,
    {W: X(CON, ["MD-BUTTON-POSITION"], sa=True, conf="likely"),
     T: X(CON, ["MD-BUTTON-POSITION"], sa=True),
     LA: X(CON, ["MD-BUTTON-POSITION"], sa=True),
     R: X(CON, ["MD-BUTTON-POSITION"], sa=True, conf="likely")},
    "MD-BUTTON-POSITION (TDA-34-A, LA-108): a misplaced button is corrected only before SA; after SA play continues. The dealer's mucking of the big blind's unlooked-at cards and their return by table agreement cannot be recorded in v1 and is left out.",
    {"title": "Hilarity Ensues on Table 328", "author": "PokerNews live reporting (floor supervisor unnamed)", "url": "https://pokernews.com/tours/wsop/2010-wsop/event-46/post.155093.htm", "ruling": "No misdeal because there had already been action; with the whole table's agreement the top four muck cards were returned to Kessler and the hand played on; a double button move was discussed for the next hand."})
ev = deal2(9) + [E("discover", what="wrong_count", seat=1, count=1), E("discover", what="wrong_count", seat=4, count=3), E("floor", note="a player took a card meant for the small blind")]
add("BP-08", "2021 WSOP Main Event (attribution weak): a player takes the small blind's card", hold(9, ev, lv={"number": 7, "small_blind": 300, "big_blind": 600, "ante": 100}),
    {W: X(CON, [], [kill(1), kill(4)], sa=False, disc=True, conf="likely"),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False, conf="likely")},
    "WSOP default MD-WRONG-COUNT / CNT-BEFORE-SA [I]/[U]: wrong count is not a T-88.a cause; T-108 kills the wrong-count hands and play goes on, with discretion - as this floor ruled. TDA-35-A5 would misdeal before SA (whether SA had occurred is not reported; the log records none).",
    {"title": "Protect Your Cards", "author": "PokerNews Brazil live reporting (floor unnamed)", "url": "https://br.pokernews.com/tours/pokerstars-festival/2017-pokerstars-festival-london/main-event/post.152906.htm", "ruling": "Not a misdeal; the players without legitimate hands were mucked and the valid hands played out; the small blind surrendered his cards and chips. The URL names a 2017 PokerStars Festival while the text says 2021 WSOP Main Event (rules.md section 19 flags the attribution as weak)."})
ev = [E("deal", seat=s) for r in range(2) for s in (1, 3, 4, 5, 6, 7, 8, 9)] + [E("act", seat=3, action="raise", to=600), E("act", seat=4, action="fold"), E("act", seat=5, action="fold"), E("act", seat=6, action="fold"), E("act", seat=7, action="fold"), E("act", seat=8, action="fold"), E("act", seat=9, action="all_in", to=3000), E("act", seat=1, action="fold"), E("floor", note="the big blind was dealt out")]
bp9 = hold(9, ev, lv={"number": 3, "small_blind": 100, "big_blind": 200})
add("BP-09", "EPT London column: the big blind dealt out, noticed after action", bp9,
    {W: X(CON, ["SA-MISDEAL-GATE"], sa=True),
     T: X(CON, ["SA-MISDEAL-GATE"], sa=True),
     LA: X(CON, ["SA-MISDEAL-GATE"], sa=True),
     R: X(CON, ["SA-MISDEAL-GATE"], sa=True)},
    "MD-SEAT-DEALT-OUT is a misdeal only before SA; raise, folds and an all-in are SA under every book (SA-DEF, SA-LA, SA-RRoP), so SA-MISDEAL-GATE: all bets stand.",
    {"title": "The Good Gambling Guide, column g2 no. 44 (EPT London)", "author": "column author, the previous year's EPT London champion by the text's own account (not named in the stored copy)", "url": "http://thegoodgamblingguide.co.uk/columns/g2/no44.htm", "ruling": "The big blind had been dealt out; the floor ruled that action had been taken so all bets must stand."})

LIM8 = {"number": 6, "small_blind": 100, "big_blind": 200, "small_bet": 200, "big_bet": 400}
ev = rounds(9, 3) + [E("deal", seat=s) for s in (1, 2, 3, 4, 4, 6, 7, 8, 9)] + [E("act", seat=3, action="fold"), E("floor", note="seat 4 has five cards, seat 5 three")]
add("BP-10", "2010 WSOP Event #4 (Omaha hi-lo): five cards and three cards after one fold", hold(9, ev, lv=LIM8, game="omaha8", structure="limit", names={4: "Tom Schneider"}),
    {W: X(CON, [], [kill(4), kill(5)], sa=False, disc=True, conf="likely"),
     T: X(MIS, ["MD-WRONG-COUNT"], sa=False),
     LA: X(MIS, [], sa=False, conf="likely"), R: X(MIS, [], sa=False, conf="likely")},
    "WSOP default MD-WRONG-COUNT / CNT-BEFORE-SA [I]/[U]: not a T-88.a cause, T-108 makes both hands dead and the deal stands (discretion) - the published ruling. One fold is not SA, so TDA-35-A5, LA-108 and RRoP-1(e) (not completable in sequence) give a misdeal.",
    {"title": "Five and Three", "author": "PokerNews live reporting; ruling by the floor and WSOP supervisor Dave Lamb", "url": "https://pokernews.com/tours/wsop/2010-wsop/event-4/post.142030.htm", "ruling": "Both hands (five cards and three cards) dead, not a misdeal; all other hands had correct cards; the five cards thrown face up were ruled exposed."})
ev = rounds(6, 4) + \
     [E("act", seat=3, action="raise"), E("act", seat=4, action="fold"), E("act", seat=5, action="call"), E("act", seat=6, action="fold"), E("act", seat=1, action="fold"), E("act", seat=2, action="call"),
      E("burn"), E("board"), E("board"), E("board"), E("act", seat=2, action="bet"), E("act", seat=3, action="all_in"), E("act", seat=5, action="call"), E("act", seat=2, action="call"),
      E("burn"), E("board"), E("burn"), E("board"), E("discover", what="wrong_count", seat=3, count=5), E("floor", note="the all-in player has five cards at showdown")]
bp11 = hold(6, ev, lv=LIM8, game="omaha8", structure="limit", names={5: "Justin Phillips"})
bp11["players"][2]["stack"] = 1000
add("BP-11", "2009 WSOP Omaha/8: an all-in player shows five cards at showdown", bp11,
    {b: X(CON, ["CNT-AFTER-SA-DEAD"], [kill(3)], sa=True, conf="likely") for b in (W, T, LA)},
    "CNT-AFTER-SA-DEAD (T-108, LA-110, TDA-38): after SA a hand with the wrong number of cards is dead; the remaining players' hands decide the pot.",
    {"title": "Too many cards (blog post quoting PokerNews live coverage of a 2009 WSOP Omaha/8 event)", "author": "Poker Grump (Rakewell); floor unnamed", "url": "http://pokergrump.blogspot.com/2009/05/too-many-cards.html", "ruling": "The all-in player's five-card hand was declared dead, he was eliminated, and the other two players chopped the pot."})

for d in out:
    with open(os.path.join(D, d["id"] + ".json"), "w") as f:
        json.dump(d, f, indent=1)
print(len(out))
