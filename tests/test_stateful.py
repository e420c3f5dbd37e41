"""The engine's invariants while a hand is logged event by event, as a dealer tablet would.

A state machine deals, exposes, acts, burns, turns board cards, discovers defects, calls the floor and
applies rulings, seats and unseats players, in any order, pushing each event to a live ``Hand`` under every
rulebook. After every step:

- chips are conserved: what each seat has put in adds up to the pot, no seat puts in more than its stack,
  and no chip leaves the pot while the hand is played;
- the live API (``Hand.push`` then ``result()``) and the one-call ``rule()`` give the same JSON, so ruling
  the same events again gives the same answer;
- the findings are the same under every rulebook for as long as every book has ruled alike at each floor
  call (after that, a ruling feeds back into the hand: a killed hand, a table that played on);
- the substantial-action latch never unlatches;
- nothing handed out moves: a result, a ruling, the findings and the state taken at an earlier step
  are the same after every later push, and asking (whose turn, the ruling now, the result) changes
  nothing in the hand and gives the same answer twice.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import floorman
from floorman.engine.hand import Hand
from floorman.engine.result import Result
from floorman.fold import betting
from floorman.formats import handlog
from floorman.formats import ruling as ruling_json
from floorman.law.rulebooks import BOOK_IDS
from floorman.law.rulings.model import Ruling
from tests.test_view import said

GAMES = ["holdem", "holdem", "omaha", "short-deck", "stud", "razz", "2-7-triple-draw", "badugi"]
STUD = {"stud", "razz"}
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
PICK = st.integers(min_value=0, max_value=99)
"""Which of the seats that qualify (taken modulo their number)."""


class LoggedHand(RuleBasedStateMachine):
    """One hand, logged as it happens, ruled live under every rulebook."""

    def __init__(self) -> None:
        super().__init__()
        self.header: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.hands: dict[str, Hand] = {}
        self.deck: list[str] = []
        self.floors = 0
        self.latched: dict[str, bool] = {}
        self.put_in: dict[str, dict[int, Any]] = {}
        self.handed_out: list[tuple[Result, dict[str, Any], str, Ruling, dict[str, Any], tuple[Any, str]]] = []
        """What earlier steps were given: the hand, its result, and how each thing read then."""

    # -- the table ------------------------------------------------------------------------------------

    @initialize(
        game=st.sampled_from(GAMES),
        seats=st.integers(min_value=2, max_value=10),
        empty=st.sets(st.integers(min_value=1, max_value=10), max_size=4),
        absent=st.sets(st.integers(min_value=1, max_value=10), max_size=1),
        stacks=st.lists(st.sampled_from([0, 300, 2000, 5000, 60000]), min_size=10, max_size=10),
        omits=st.lists(st.sampled_from(["burns", "deal_order", "posts", "boxed"]), max_size=1, unique=True),
        deck=st.permutations(DECK),
    )
    def seat_the_table(self, game: str, seats: int, empty: set[int], absent: set[int], stacks: list[int],
                       omits: list[str], deck: list[str]) -> None:
        occupied = [s for s in range(1, seats + 1) if s not in empty] or [1, 2]
        if len(occupied) < 2:
            occupied = [1, 2]
        players = [{"seat": s, "name": f"P{s}", "stack": stacks[s - 1],
                    **({"status": "absent"} if s in absent else {})} for s in occupied]
        self.header = {
            "floorman": 1, "game": game, "seats": seats, "button": occupied[-1],
            "level": {"small_blind": 100, "big_blind": 200, "ante": 25, "bring_in": 50, "small_bet": 200,
                      "big_bet": 400},
            "players": players, "omits": omits,
        }
        self.deck = list(deck)
        log = handlog.from_obj({**self.header, "events": []})
        self.hands = {book: Hand(log, rulebook=book) for book in BOOK_IDS}
        self.latched = dict.fromkeys(BOOK_IDS, False)
        self.put_in = {book: {} for book in BOOK_IDS}

    # -- helpers ----------------------------------------------------------------------------------------

    @property
    def occupied(self) -> list[int]:
        seated = {p["seat"] for p in self.header["players"]}
        seated |= {e["seat"] for e in self.events if e["type"] == "seat_player"}
        return sorted(seated)

    def _seat(self, pick: int) -> int:
        seats = self.occupied
        return seats[pick % len(seats)]

    def _any_seat(self, pick: int) -> int:
        seats: int = self.header["seats"]
        return pick % seats + 1

    def _card(self, fresh: bool, pick: int) -> str:
        if fresh and self.deck:
            return self.deck.pop()
        return (["??", "JK", *DECK])[pick % 54]

    def _push(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        log = handlog.from_obj({**self.header, "events": self.events})
        for hand in self.hands.values():
            hand.push(log.events[-1])
        self.floors += event["type"] == "floor"

    @property
    def _limit(self) -> bool:
        return self.header["game"] in STUD | {"2-7-triple-draw", "badugi"}

    # -- what happens at the table --------------------------------------------------------------------

    @rule(pick=PICK, blind=st.sampled_from(["sb", "bb", "ante", "bb_ante", "straddle", "bring_in", "dead"]),
          amount=st.sampled_from([0, 25, 50, 100, 200, 400, 3000]))
    def post(self, pick: int, blind: str, amount: int) -> None:
        self._push({"type": "post", "seat": self._seat(pick), "blind": blind, "amount": amount})

    @rule(pick=PICK, fresh=st.booleans(), face_up=st.integers(min_value=0, max_value=5),
          odd=st.integers(min_value=0, max_value=20))
    def deal(self, pick: int, fresh: bool, face_up: int, odd: int) -> None:
        event: dict[str, Any] = {"type": "deal", "seat": self._any_seat(pick), "card": self._card(fresh, pick)}
        if face_up == 0 or (self.header["game"] in STUD and face_up < 3):
            event["face_up"] = True
        if odd == 0:
            event["boxed"] = True
        elif odd == 1:
            event["replacement"] = True
        elif odd == 2:
            event["back"] = "blue"
        self._push(event)

    @rule(pick=PICK, deal_round=st.booleans())
    def deal_a_round(self, pick: int, deal_round: bool) -> None:
        """One card to every seat in order from the button's left: the usual deal."""
        seats = self.occupied
        button = self.header["button"]
        order = sorted(seats, key=lambda s: (s - button - 1) % self.header["seats"])
        for seat in order:
            self._push({"type": "deal", "seat": seat, "card": self._card(deal_round or pick % 7 != 0, pick),
                        **({"face_up": True} if self.header["game"] in STUD and pick % 3 == 0 else {})})

    @rule(pick=PICK, by=st.sampled_from(["dealer", "player"]), index=st.none() | st.integers(min_value=1, max_value=5),
          how=st.none() | st.sampled_from(["flashed", "flipped", "off_table", "shown"]), fresh=st.booleans())
    def expose(self, pick: int, by: str, index: int | None, how: str | None, fresh: bool) -> None:
        event: dict[str, Any] = {"type": "expose", "seat": self._any_seat(pick), "by": by}
        if index is not None:
            event["index"] = index
        if how is not None:
            event["how"] = how
        if fresh:
            event["card"] = self._card(True, pick)
        self._push(event)

    @rule(pick=PICK, action=st.sampled_from(["fold", "check", "check", "call", "call", "bet", "raise", "complete",
                                             "all_in"]),
          to=st.none() | st.sampled_from([100, 200, 400, 600, 1000, 2500, 10**6]))
    def act(self, pick: int, action: str, to: int | None) -> None:
        event: dict[str, Any] = {"type": "act", "seat": self._seat(pick), "action": action}
        if to is None and action in ("bet", "raise") and not self._limit:
            to = 400
        if to is not None:
            event["to"] = to
        self._push(event)

    @rule(fresh=st.booleans(), pick=PICK)
    def burn(self, fresh: bool, pick: int) -> None:
        self._push({"type": "burn", "card": self._card(fresh, pick)})

    @rule(fresh=st.booleans(), pick=PICK, face_down=st.integers(min_value=0, max_value=9))
    def board(self, fresh: bool, pick: int, face_down: int) -> None:
        event: dict[str, Any] = {"type": "board", "card": self._card(fresh, pick)}
        if face_down == 0:
            event["face_up"] = False
        self._push(event)

    @rule(pick=PICK, count=st.integers(min_value=0, max_value=5))
    def discard(self, pick: int, count: int) -> None:
        self._push({"type": "discard", "seat": self._seat(pick), "count": count})

    @rule(pick=PICK, cards=st.lists(st.sampled_from(["??", *DECK]), max_size=5))
    def show(self, pick: int, cards: list[str]) -> None:
        self._push({"type": "show", "seat": self._seat(pick), "cards": cards})

    @rule(pick=PICK, by=st.sampled_from(["player", "dealer"]))
    def muck(self, pick: int, by: str) -> None:
        self._push({"type": "muck", "seat": self._any_seat(pick), "by": by})

    @rule(fresh=st.booleans(), pick=PICK)
    def boxed_card_found(self, fresh: bool, pick: int) -> None:
        self._push({"type": "boxed", "card": self._card(fresh, pick)})

    @rule(pick=PICK, what=st.sampled_from(["duplicate", "foreign_back", "previous_hand_card", "missing_card",
                                          "non_standard", "stub_disordered", "wrong_count", "knew_defect", "mixed"]),
          where=st.sampled_from(["hand", "board", "stub"]), count=st.integers(min_value=0, max_value=6))
    def discover(self, pick: int, what: str, where: str, count: int) -> None:
        event: dict[str, Any] = {"type": "discover", "what": what, "card": self._card(False, pick)}
        if what in ("wrong_count", "knew_defect", "mixed") or where == "hand":
            event["seat"] = self._any_seat(pick)
        if what == "wrong_count":
            event["count"] = count
        if what in ("foreign_back", "non_standard", "previous_hand_card"):
            event["where"] = where
        self._push(event)

    @rule(pick=PICK)
    def player_leaves(self, pick: int) -> None:
        self._push({"type": "leave", "seat": self._seat(pick)})

    @rule(pick=PICK)
    def player_arrives(self, pick: int) -> None:
        self._push({"type": "arrive", "seat": self._seat(pick)})

    @precondition(lambda self: len(self.occupied) < self.header["seats"])
    @rule(pick=PICK, stack=st.sampled_from([0, 5000]))
    def new_player_sits_down(self, pick: int, stack: int) -> None:
        free = [s for s in range(1, self.header["seats"] + 1) if s not in self.occupied]
        seat = free[pick % len(free)]
        self._push({"type": "seat_player", "seat": seat, "name": f"New{seat}", "stack": stack})

    @rule()
    def reshuffle_the_stub(self) -> None:
        self._push({"type": "shuffle"})

    @rule()
    def the_clock_moves_on(self) -> None:
        self._push({"type": "level_change", "level": {"small_blind": 200, "big_blind": 400}})

    @rule()
    def floor(self) -> None:
        self._push({"type": "floor"})

    @precondition(lambda self: self.floors > 0)
    @rule(pick=PICK, override=st.none() | st.sampled_from(["misdeal", "void", "continue"]))
    def apply_the_ruling(self, pick: int, override: str | None) -> None:
        event: dict[str, Any] = {"type": "ruling_applied", "ruling": pick % self.floors}
        if override is not None:
            event["override"] = {"verdict": override, "reason": "the floor's discretion"}
        self._push(event)

    @rule()
    def the_tablet_shows_the_ruling_now(self) -> None:
        for hand in self.hands.values():
            assert hand.ruling().verdict.value in ("misdeal", "void", "continue")

    @rule(kind=st.sampled_from(["pot_awarded", "next_hand"]))
    def the_hand_ends(self, kind: str) -> None:
        self._push({"type": kind})

    # -- after every step -----------------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self) -> None:
        for book, hand in self.hands.items():
            seats = hand.view.seats
            assert hand.view.pot == sum((s.committed for s in seats.values()), start=0)
            for seat in seats.values():
                assert seat.forced >= 0 and seat.voluntary >= 0, (book, seat.seat)
                assert seat.committed <= seat.stack, f"{book}: seat {seat.seat} put in more than its stack"
                assert seat.committed >= self.put_in[book].get(seat.seat, 0), f"{book}: chips left the pot"
                self.put_in[book][seat.seat] = seat.committed

    @invariant()
    def the_live_hand_and_the_one_call_rule_agree(self) -> None:
        if not self.hands:
            return
        log = handlog.from_obj({**self.header, "events": self.events})
        book = BOOK_IDS[len(self.events) % len(BOOK_IDS)]
        live = ruling_json.to_obj(self.hands[book].result())
        assert live == ruling_json.to_obj(floorman.rule(log, rulebook=book))

    @invariant()
    def findings_do_not_depend_on_the_rulebook_while_the_books_agree(self) -> None:
        if not self.hands:
            return
        rulings = {book: [_decision(r) for r in hand.rulings] for book, hand in self.hands.items()}
        if any(r != rulings[BOOK_IDS[0]] for r in rulings.values()):
            return
        findings = {book: [ruling_json.finding_to_obj(f) for f in hand.findings] for book, hand in self.hands.items()}
        for book in BOOK_IDS[1:]:
            assert findings[book] == findings[BOOK_IDS[0]], book

    @invariant()
    def substantial_action_never_unlatches(self) -> None:
        for book, hand in self.hands.items():
            now = hand.substantial_action
            assert now or not self.latched[book], f"{book}: substantial action unlatched"
            self.latched[book] = now

    @invariant()
    def nothing_handed_out_moves_and_asking_changes_nothing(self) -> None:
        for result, result_obj, state_seen, ruling, ruling_obj, findings_seen in self.handed_out:
            assert ruling_json.to_obj(result) == result_obj
            assert fingerprint(result.view) == state_seen
            assert ruling_json.ruling_to_obj(ruling) == ruling_obj
            assert repr(findings_seen[0]) == findings_seen[1]
        del self.handed_out[:-6]  # the last few steps' answers are checked again after each later push
        for hand in self.hands.values():
            before = fingerprint(hand._state)
            assert fingerprint(hand.view) == before  # a view holds all the hand holds (but the fold's own reckoning)
            to_act = betting.next_to_act(hand._state)
            asked = (hand.ruling(), hand.result(), hand.findings, hand.view, hand.substantial_action,
                     betting.is_round_complete(hand._state))
            assert fingerprint(hand._state) == before
            assert betting.next_to_act(hand._state) == to_act
            assert ruling_json.ruling_to_obj(hand.ruling()) == ruling_json.ruling_to_obj(asked[0])
            assert ruling_json.to_obj(hand.result()) == ruling_json.to_obj(asked[1])
        book = BOOK_IDS[len(self.events) % len(BOOK_IDS)]
        live = self.hands.get(book)
        if live is not None:
            result, ruling, findings = live.result(), live.ruling(), live.findings
            self.handed_out.append((result, ruling_json.to_obj(result), fingerprint(result.view), ruling,
                                    ruling_json.ruling_to_obj(ruling), (findings, repr(findings))))

    def teardown(self) -> None:
        if self.hands:
            log = handlog.from_obj({**self.header, "events": self.events})
            for book in BOOK_IDS:
                once = ruling_json.to_obj(floorman.rule(log, rulebook=book))
                assert ruling_json.to_obj(floorman.rule(log, rulebook=book)) == once


def fingerprint(hand: Any) -> str:
    """Everything a hand's state or view holds, written out (its seats and cards included; the fold's own
    reckoning left out)."""
    return said(hand)


def _decision(ruling: Any) -> tuple[str, list[dict[str, Any]]]:
    """What a ruling does to the hand: its verdict and its remedies (not the citations or the words)."""
    return ruling.verdict.value, [r.to_obj() for r in ruling.remedies]


LoggedHand.TestCase.settings = settings(
    max_examples=60, stateful_step_count=30, deadline=None, suppress_health_check=list(HealthCheck),
)
TestLoggedHand = LoggedHand.TestCase


# -- the cases the machine found, kept as plain tests -------------------------------------------------

def _heads_up(events: list[dict[str, Any]], stacks: tuple[int, int] = (0, 5000)) -> dict[str, Any]:
    return {"floorman": 1, "game": "holdem", "seats": 2, "button": 2, "level": {"small_blind": 100, "big_blind": 200},
            "players": [{"seat": 1, "name": "An", "stack": stacks[0]}, {"seat": 2, "name": "Bo", "stack": stacks[1]}],
            "events": events}


def test_a_seat_never_puts_in_more_than_its_stack_by_a_post_or_an_all_in() -> None:
    log = handlog.from_obj(_heads_up([
        {"type": "post", "seat": 1, "blind": "sb", "amount": 100},
        {"type": "post", "seat": 2, "blind": "bb", "amount": 200},
        {"type": "act", "seat": 2, "action": "all_in", "to": 10**6},
    ], stacks=(0, 5000)))
    seats = floorman.rule(log).view.seats
    assert (seats[1].committed, seats[2].committed) == (0, 5000)


def test_asking_for_the_ruling_now_records_nothing_in_the_hand() -> None:
    header = handlog.from_obj(_heads_up([]))
    log = handlog.from_obj(_heads_up([{"type": "board", "card": "As"}, {"type": "floor"}]))
    hand = Hand(header)
    hand.push(log.events[0])
    hand.ruling()
    hand.result()
    hand.push(log.events[1])
    assert ruling_json.to_obj(hand.result()) == ruling_json.to_obj(floorman.rule(log))


def test_asking_whose_turn_it_is_moves_nothing() -> None:
    hand = Hand(handlog.from_obj(_heads_up([
        {"type": "post", "seat": 2, "blind": "sb", "amount": 100},
        {"type": "post", "seat": 1, "blind": "bb", "amount": 200},
        {"type": "deal", "seat": 1}, {"type": "deal", "seat": 2}, {"type": "deal", "seat": 1},
        {"type": "deal", "seat": 2},
    ], stacks=(5000, 5000))))
    before = fingerprint(hand._state)
    assert betting.next_to_act(hand._state) == 2
    assert betting.next_to_act(hand._state) == 2
    assert fingerprint(hand._state) == before


def test_a_result_taken_earlier_is_the_same_after_more_events() -> None:
    log = handlog.from_obj(_heads_up([
        {"type": "post", "seat": 2, "blind": "sb", "amount": 100},
        {"type": "post", "seat": 1, "blind": "bb", "amount": 200},
        {"type": "deal", "seat": 1}, {"type": "deal", "seat": 2}, {"type": "deal", "seat": 1},
        {"type": "deal", "seat": 2}, {"type": "act", "seat": 2, "action": "call"},
        {"type": "act", "seat": 1, "action": "check"}, {"type": "board", "card": "As"}, {"type": "floor"},
    ], stacks=(5000, 5000)))
    hand = Hand(handlog.from_obj(_heads_up([], stacks=(5000, 5000))))
    for event in log.events[:6]:
        hand.push(event)
    early, early_ruling, early_findings = hand.result(), hand.ruling(), hand.findings
    seen = (ruling_json.to_obj(early), fingerprint(early.view), early_findings)
    assert early.ruling.verdict.value == "continue" and early.view.pot == 300
    for event in log.events[6:]:
        hand.push(event)
    assert hand.findings != early_findings  # the board card came without a burn
    assert (ruling_json.to_obj(early), fingerprint(early.view), early_findings) == seen
    assert early.ruling is early_ruling or ruling_json.ruling_to_obj(early.ruling) == ruling_json.ruling_to_obj(
        early_ruling)
    assert early.view.pot == 300 and hand.view.pot == 400
