"""Putting one irregularity into a rebuilt hand, the way it happens at a real table.

Each injector changes the draft's events (a card to another seat, a card face up, a fourth card on
the flop ...), records the event that carries the error with the window in which the floor may be
called about it, and says in a sentence what the floor is told. It returns ``False`` when the
hand cannot take the irregularity (no flop to put a fourth card on, no player who could have been
away); the draft is then thrown away. Every choice comes from the ``rng`` it is given.

>>> import random
>>> from floorman.drill.hands import bundled_hands, rebuild
>>> draft = Draft(rebuild(bundled_hands()[0].obj()))
>>> boards = sum(e["type"] == "board" for e in draft.events)
>>> inject(Kind.FOUR_CARD_FLOP, draft, random.Random(3), Moment.BEFORE)
True
>>> sum(e["type"] == "board" for e in draft.events) - boards, draft.marks[0].window.value
(1, 'street')
"""

from __future__ import annotations

import random
from collections.abc import Callable

from floorman.cards import is_known
from floorman.drill.draft import Draft, Obj, Window
from floorman.drill.model import Kind, Moment
from floorman.drill.words import card_text, colour_text, street_name
from floorman.table import Family

__all__ = ["inject"]

Injector = Callable[[Draft, random.Random, Moment], bool]


def _absent(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    first, last = d.deal_span()
    if first < 0 or len(d.header["players"]) < 3:
        return False
    after_deal = d.next_cards(last)
    candidates = []
    for player in d.header["players"]:
        seat = int(player["seat"])
        mine = [e for e in d.events if e.get("seat") == seat]
        acts = [e for e in mine if e["type"] == "act"]
        if (
            player.get("status", "present") != "present"
            or any(e["type"] not in ("post", "deal", "act") or e.get("blind") == "bring_in" for e in mine)
            or len(acts) > 1 or any(a["action"] != "fold" or d.index(a) > after_deal for a in acts)
            or any(e["type"] == "deal" and d.index(e) > last for e in mine)
        ):
            continue
        candidates.append((seat, acts))
    if not candidates:
        return False
    seat, acts = rng.choice(candidates)
    name = d.player(seat)["name"]
    d.header["players"] = [{**p, "status": "absent"} if int(p["seat"]) == seat else p for p in d.header["players"]]
    variant = rng.choice(("away", "late", "in time"))
    last_card = d.events[last]
    en = f"Seat {seat} ({name}) was away from the table when the cards were dealt."
    vi = f"Người chơi ghế {seat} ({name}) vắng mặt khi dealer chia bài."
    if variant == "in time":
        d.insert(last, {"type": "arrive", "seat": seat})
        en += " He was back in his seat before the last card of the deal."
        vi += " Người đó đã trở lại chỗ ngồi trước lá bài cuối cùng của quá trình chia bài ban đầu."
        d.mark(Kind.ABSENT, last_card, Window.SA, en, vi)
        return True
    for act in acts:
        del d.events[d.index(act)]
    anchor = last_card
    if variant == "late":
        anchor = {"type": "arrive", "seat": seat}
        d.insert(d.index(last_card) + 1, anchor)
        en += " He sits down after the last card and wants to play his hand."
        vi += " Người đó quay lại sau lá bài cuối cùng và muốn chơi tay bài của mình."
    d.mark(Kind.ABSENT, anchor, Window.SA, en, vi)
    return True


def _wrong_seat(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    first, last = d.deal_span()
    order = d.order
    block = d.events[first:last + 1] if first >= 0 else []
    if len(order) < 2 or not block or any(e["type"] != "deal" or e.get("boxed") for e in block):
        return False
    k = rng.randrange(1, len(order))
    dealt_from = order[k:] + order[:k]
    cards = {s: [e for e in block if e["seat"] == s] for s in order}
    rounds = max(len(c) for c in cards.values())
    d.events[first:last + 1] = [cards[s][r] for r in range(rounds) for s in dealt_from if r < len(cards[s])]
    seat = dealt_from[0]
    d.mark(Kind.WRONG_SEAT, d.events[first], Window.SA,
           f"A player says the deal began at the wrong seat: the first card went to seat {seat}.",
           f"Một người chơi cho rằng dealer bắt đầu chia sai vị trí: lá bài đầu tiên được chia cho ghế {seat}.")
    return True


def _exposed(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    deals = d.initial_deals()
    down = [i for i in deals if not d.events[i].get("face_up") and not d.events[i].get("boxed")]
    exposed = {e["seat"] for e in d.events if e["type"] == "expose"}
    down = [i for i in down if d.events[i]["seat"] not in exposed]
    if not down:
        return False
    early = [i for i in down if deals.index(i) < 2]
    late = [i for i in down if deals.index(i) >= 2]
    pool = early if early and (not late or rng.random() < 0.5) else late
    i = rng.choice(pool)
    card = d.events[i]
    if not is_known(str(card.get("card", "??"))):
        d.set_face(card, d.fresh_card(rng))
    seat = card["seat"]
    if rng.random() < 0.5:
        card["face_up"] = True
        d.mark(Kind.EXPOSED, card, Window.SA, f"Seat {seat}'s card turned face up as the dealer pitched it.",
               f"Lá bài của ghế {seat} bị lật ngửa khi dealer chia.")
        return True
    flash: Obj = {"type": "expose", "seat": seat, "card": card["card"], "by": "dealer", "how": "flashed"}
    d.insert(i + 1, flash)
    d.mark(Kind.EXPOSED, flash, Window.SA, f"The dealer flashed seat {seat}'s card; the table saw it.",
           f"Dealer để lộ lá bài của ghế {seat}; cả bàn đều đã nhìn thấy.")
    return True


def _boxed(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    deals = d.initial_deals()
    if not deals:
        return False
    i = rng.choice(deals)
    seat = d.events[i]["seat"]
    card = d.fresh_card(rng)
    boxed: Obj = {"type": "deal", "seat": seat, "card": card, "boxed": True}
    d.insert(i, boxed)
    d.mark(Kind.BOXED, boxed, Window.SA,
           f"The {card_text(card)} was face up in the deck when the dealer pitched it to seat {seat}.",
           f"Lá {card_text(card)} bị lật ngửa trong bộ bài khi dealer chia cho ghế {seat}.")
    return True


def _where(e: Obj) -> tuple[str, str]:
    if e["type"] == "board":
        return "on the board", "trên board"
    return f"in seat {e['seat']}'s hand", f"trong bài của ghế {e['seat']}"


def _duplicate(d: Draft, rng: random.Random, moment: Moment) -> bool:
    deals = d.initial_deals()
    if len(deals) < 2:
        return False
    if moment is Moment.BEFORE:
        target = d.events[rng.choice(deals[1:])]
        earlier = [d.events[i] for i in deals if i < d.index(target) and d.events[i]["seat"] != target["seat"]]
    else:
        if d.family is Family.DRAW:
            later = [e for e in d.events[deals[-1] + 1:] if e["type"] == "deal"]
        else:
            later = [d.events[i] for _, _, cards in d.streets() for i in cards]
        if not later:
            return False
        target = rng.choice(later)
        earlier = [e for e in d.events[:d.index(target)] if e["type"] in ("deal", "board") and not e.get("boxed")
                   and not (e["type"] == "deal" and e["seat"] == target.get("seat"))]
    if not earlier:
        return False
    known = [e for e in earlier if is_known(str(e.get("card", "??")))]
    source = rng.choice(known or earlier)
    if not is_known(str(source.get("card", "??"))):
        d.set_face(source, d.fresh_card(rng))
    card = str(source["card"])
    d.set_face(target, card)
    if source["type"] == target["type"] == "board":
        d.mark(Kind.DUPLICATE, target, Window.SA, f"Two {card_text(card)} are on the board.",
               f"Có hai lá {card_text(card)} giống hệt nhau trên board.")
        return True
    (a_en, a_vi), (b_en, b_vi) = _where(source), _where(target)
    d.mark(Kind.DUPLICATE, target, Window.SA,
           f"Two {card_text(card)} are in play: one {a_en}, one {b_en}.",
           f"Có hai lá {card_text(card)} giống hệt nhau trong ván bài: một lá {a_vi}, một lá {b_vi}.")
    return True


def _foreign_back(d: Draft, rng: random.Random, moment: Moment) -> bool:
    deck = dict(d.header.get("deck") or {})
    back = str(deck.get("back") or rng.choice(("blue", "red")))
    other = "red" if back != "red" else "blue"
    d.header["deck"] = {**deck, "back": back}
    deals = [i for i in d.initial_deals() if not d.events[i].get("boxed")]
    if not deals:
        return False
    boards = [i for name, _, cards in d.streets() for i in cards if name in ("flop", "turn", "river")]
    variants = ["hand", "stub"] + (["board"] if moment is Moment.AFTER and boards else [])
    variant = rng.choice(variants)
    tail_en, tail_vi = f" (the deck has {back} backs)", f", trong khi bộ bài có mặt sau màu {colour_text(back, 'vi')}"
    if variant == "hand":
        card = d.events[rng.choice(deals)]
        card["back"] = other
        d.mark(Kind.FOREIGN_BACK, card, Window.SA, f"Seat {card['seat']}'s card has a {other} back" + tail_en + ".",
               f"Lá bài của ghế {card['seat']} có mặt sau màu {colour_text(other, 'vi')}" + tail_vi + ".")
        return True
    if variant == "board":
        card = d.events[rng.choice(boards)]
        card["back"] = other
        d.mark(Kind.FOREIGN_BACK, card, Window.SA, f"A card on the board has a {other} back" + tail_en + ".",
               f"Một lá bài trên board có mặt sau màu {colour_text(other, 'vi')}" + tail_vi + ".")
        return True
    found: Obj = {"type": "discover", "what": "foreign_back", "where": "stub"}
    if moment is Moment.BEFORE:
        at = deals[-1] + 1
    else:
        later = [i for i, e in enumerate(d.events) if i > deals[-1] and e["type"] in ("burn", "discard")]
        later = later or [i + 1 for i, e in enumerate(d.events) if i > deals[-1] and e["type"] == "act"]
        if not later:
            return False
        at = rng.choice(later)
    d.insert(at, found)
    d.mark(Kind.FOREIGN_BACK, found, Window.SA,
           f"The dealer sees a {other}-backed card in the stub" + tail_en + ".",
           f"Dealer phát hiện một lá bài có mặt sau màu {colour_text(other, 'vi')} trong phần bài còn lại (stub)"
           + tail_vi + ".")
    return True


def _four_card_flop(d: Draft, rng: random.Random, moment: Moment) -> bool:
    flop = next((cards for name, _, cards in d.streets() if name == "flop"), None)
    if flop is None:
        return False
    card: Obj = {"type": "board", "card": d.fresh_card(rng)}
    hidden = moment is Moment.AFTER or rng.random() < 0.5
    if hidden:
        card["face_up"] = False
    d.insert(flop[-1] + 1, card)
    if hidden:
        d.mark(Kind.FOUR_CARD_FLOP, card, Window.STREET, "A fourth card is found face down under the flop.",
               "Phát hiện một lá bài thứ tư úp bên dưới flop.")
    else:
        d.mark(Kind.FOUR_CARD_FLOP, card, Window.STREET, "There are four cards on the flop.",
               "Flop có bốn lá bài.")
    return True


def _missing_burn(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    streets = [(name, burn, cards) for name, burn, cards in d.streets() if burn is not None]
    if not streets:
        return False
    name, burn, cards = rng.choice(streets)
    assert burn is not None
    anchor = d.events[cards[-1]]
    del d.events[burn]
    d.mark(Kind.MISSING_BURN, anchor, Window.STREET, f"A player says no card was burned before the {street_name(name)}.",
           f"Một người chơi cho rằng dealer quên đốt một lá bài trước {street_name(name, 'vi')}.")
    return True


_PREVIOUS = {"flop": "pre-flop", "turn": "flop", "river": "turn", "fourth": "third", "fifth": "fourth",
             "sixth": "fifth", "seventh": "sixth"}


def _premature(d: Draft, rng: random.Random, moment: Moment) -> bool:
    del moment
    options = []
    for name, burn, cards in d.streets():
        acts = d.acts_before(burn if burn is not None else cards[0])
        if len(acts) >= 2:
            options.append((name, cards, acts))
    if not options:
        return False
    name, cards, acts = rng.choice(options)
    after = acts[rng.randrange(1, len(acts)) - 1]
    early: list[Obj] = [{"type": "burn"}] if rng.random() < 0.5 else []
    if d.is_stud:
        first = d.events[cards[0]]
        early.append({k: v for k, v in first.items() if k in ("type", "seat", "card", "face_up")})
    else:
        early += [{"type": "board", "card": d.events[i].get("card", "??")} for i in cards]
    d.insert(after + 1, *early)
    prev = _PREVIOUS[name]
    d.mark(Kind.PREMATURE, early[-1], Window.STREET,
           f"The dealer put out the {street_name(name)} before the {street_name(prev)} betting was complete.",
           f"Dealer chia {street_name(name, 'vi')} trước khi vòng cược {street_name(prev, 'vi')} kết thúc.")
    return True


_INJECTORS: dict[Kind, Injector] = {
    Kind.ABSENT: _absent,
    Kind.WRONG_SEAT: _wrong_seat,
    Kind.EXPOSED: _exposed,
    Kind.BOXED: _boxed,
    Kind.DUPLICATE: _duplicate,
    Kind.FOREIGN_BACK: _foreign_back,
    Kind.FOUR_CARD_FLOP: _four_card_flop,
    Kind.MISSING_BURN: _missing_burn,
    Kind.PREMATURE: _premature,
}


def inject(kind: Kind, draft: Draft, rng: random.Random, moment: Moment) -> bool:
    """Put ``kind`` into the draft; ``False`` if the hand cannot take it (throw the draft away then)."""
    if draft.family not in kind.families:
        return False
    return _INJECTORS[kind](draft, rng, moment)
