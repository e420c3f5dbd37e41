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

from floorman.drill.draft import Draft, Obj, Window
from floorman.drill.model import Kind, Moment
from floorman.fold.cards import is_known
from floorman.fold.table import Family
from floorman.locale import Message
from floorman.words.events import card_text

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
    away = Message.of("drill.note.away", seat=seat, name=name)
    if variant == "in time":
        d.insert(last, {"type": "arrive", "seat": seat})
        d.mark(Kind.ABSENT, last_card, Window.SA, away, Message.of("drill.note.back_in_time"))
        return True
    for act in acts:
        del d.events[d.index(act)]
    anchor = last_card
    if variant == "late":
        anchor = {"type": "arrive", "seat": seat}
        d.insert(d.index(last_card) + 1, anchor)
    d.mark(Kind.ABSENT, anchor, Window.SA, away, *([Message.of("drill.note.back_late")] if variant == "late" else []))
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
    d.mark(Kind.WRONG_SEAT, d.events[first], Window.SA, Message.of("drill.note.wrong_seat", seat=seat))
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
        d.mark(Kind.EXPOSED, card, Window.SA, Message.of("drill.note.turned_up", seat=seat))
        return True
    flash: Obj = {"type": "expose", "seat": seat, "card": card["card"], "by": "dealer", "how": "flashed"}
    d.insert(i + 1, flash)
    d.mark(Kind.EXPOSED, flash, Window.SA, Message.of("drill.note.flashed", seat=seat))
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
    d.mark(Kind.BOXED, boxed, Window.SA, Message.of("drill.note.boxed", card=card_text(card), seat=seat))
    return True


def _where(e: Obj) -> Message:
    return Message.of("drill.note.on_board") if e["type"] == "board" else Message.of("drill.note.in_hand", seat=e["seat"])


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
        d.mark(Kind.DUPLICATE, target, Window.SA, Message.of("drill.note.two_on_board", card=card_text(card)))
        return True
    d.mark(Kind.DUPLICATE, target, Window.SA,
           Message.of("drill.note.two_in_play", card=card_text(card), first=_where(source), then=_where(target)))
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
    if variant == "hand":
        card = d.events[rng.choice(deals)]
        card["back"] = other
        d.mark(Kind.FOREIGN_BACK, card, Window.SA,
               Message.of("drill.note.back_in_hand", seat=card["seat"], other=other, back=back))
        return True
    if variant == "board":
        card = d.events[rng.choice(boards)]
        card["back"] = other
        d.mark(Kind.FOREIGN_BACK, card, Window.SA, Message.of("drill.note.back_on_board", other=other, back=back))
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
    d.mark(Kind.FOREIGN_BACK, found, Window.SA, Message.of("drill.note.back_in_stub", other=other, back=back))
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
        d.mark(Kind.FOUR_CARD_FLOP, card, Window.STREET, Message.of("drill.note.fourth_under_flop"))
    else:
        d.mark(Kind.FOUR_CARD_FLOP, card, Window.STREET, Message.of("drill.note.four_on_flop"))
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
    d.mark(Kind.MISSING_BURN, anchor, Window.STREET, Message.of("drill.note.no_burn", street=name))
    return True


_PREVIOUS = {"flop": "preflop", "turn": "flop", "river": "turn", "fourth": "third", "fifth": "fourth",
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
    d.mark(Kind.PREMATURE, early[-1], Window.STREET, Message.of("drill.note.premature", street=name, previous=prev))
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
