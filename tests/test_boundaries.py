"""Every threshold of the seed's rules, one below, at, and one above (WSOP 2026 unless named)."""

from __future__ import annotations

import pytest

from tests.builders import FLOOR, NINE, act, deal, last, t9

WRONG_FIRST = [2, 3, 4, 5, 6, 7, 8, 9, 1]


def _boxed(cards: list[int]) -> list[dict[str, object]]:
    """The T9 deal with the given card numbers boxed (each followed by the seat's replacement)."""
    events: list[dict[str, object]] = []
    for n, ev in enumerate(deal(NINE), start=1):
        if n in cards:
            events.append({**ev, "boxed": True})
        events.append(ev)
    return events


@pytest.mark.parametrize(("boxed", "verdict"), [([], "continue"), ([5], "continue"), ([5, 14], "misdeal"),
                                                ([3, 5, 14], "misdeal")])
def test_md_boxed_2_threshold_one_vs_two_boxed_cards(boxed: list[int], verdict: str) -> None:
    ruling = last(t9([*_boxed(boxed), FLOOR]))
    assert ruling["verdict"] == verdict
    if boxed:
        assert "MD-BOXED-2" in ruling["rules"]
    if len(boxed) == 1:  # the seat got the next card already: the boxed card is mucked, nothing more is owed
        assert [r["do"] for r in ruling["remedies"]] == ["remove_card"]


@pytest.mark.parametrize(("card", "verdict"), [(1, "misdeal"), (2, "misdeal"), (3, "continue"), (10, "continue")])
def test_md_flop_expose_first_two_cards_off_the_deck(card: int, verdict: str) -> None:
    events = deal(NINE, **{f"c{card}": {"face_up": True}})
    ruling = last(t9([*events, FLOOR]))
    assert ruling["verdict"] == verdict
    assert "MD-FLOP-EXPOSE" in ruling["rules"]
    if verdict == "continue":
        assert "EXP-HOLE-SINGLE" in ruling["rules"]
        seat = NINE[(card - 1) % 9]
        assert {"do": "replace_card", "seat": seat} in ruling["remedies"]
        assert any(r["do"] == "use_as_burn" and r["street"] == "flop" for r in ruling["remedies"])


@pytest.mark.parametrize(("exposed", "verdict"), [((5,), "continue"), ((5, 16), "misdeal"), ((3, 8, 16), "misdeal")])
def test_md_flop_expose_any_two_down_cards(exposed: tuple[int, ...], verdict: str) -> None:
    events = deal(NINE, **{f"c{c}": {"face_up": True} for c in exposed})
    assert last(t9([*events, FLOOR]))["verdict"] == verdict


@pytest.mark.parametrize(
    ("actions", "verdict"),
    [
        ([], "misdeal"),
        ([act(3, "fold")], "misdeal"),
        ([act(3, "fold"), act(4, "fold")], "misdeal"),
        ([act(3, "fold"), act(4, "fold"), act(5, "fold")], "continue"),
        ([act(3, "call")], "misdeal"),
        ([act(3, "fold"), act(4, "call")], "continue"),
        ([act(3, "raise", 5000), act(4, "fold")], "continue"),
    ],
)
def test_sa_def_two_actions_with_chips_or_three_actions(actions: list[dict[str, object]], verdict: str) -> None:
    ruling = last(t9([*deal(WRONG_FIRST), *actions, FLOOR]))
    assert ruling["verdict"] == verdict
    assert ruling["substantial_action"] is (verdict == "continue")
    assert "SA-DEF" in ruling["rules"]
    if verdict == "continue":
        assert "SA-MISDEAL-GATE" in ruling["rules"]


def test_sa_def_out_of_turn_call_does_not_count() -> None:
    ruling = last(t9([*deal(WRONG_FIRST), act(3, "fold"), act(5, "call"), FLOOR]))
    assert ruling["verdict"] == "misdeal"
    assert {"do": "return_chips", "seat": 5, "amount": 2000} in ruling["remedies"]


def test_sa_rrop_two_folds_are_action() -> None:
    log = t9([*deal(WRONG_FIRST), act(3, "fold"), act(4, "fold"), FLOOR])
    assert last(log, "rrop")["verdict"] == "continue"
    assert last(log, "wsop-2026")["verdict"] == "misdeal"


def test_sa_la_counts_check_and_fold_after_the_flop_only_under_la() -> None:
    events = [*deal(NINE), *[act(s, "fold") for s in range(3, 10)], act(1, "call"), act(2, "check"),
              {"type": "burn"}, {"type": "board"}, {"type": "board"}, {"type": "board"},
              act(1, "check"), act(2, "fold")]
    # the flop is out without irregularity; SA was reached pre-flop under every book
    assert last(t9([*events, FLOOR]))["substantial_action"] is True


@pytest.mark.parametrize(("extra", "verdict"), [(0, "continue"), (1, "continue"), (2, "misdeal"), (3, "misdeal")])
def test_md_extra_2_one_extra_card_is_burned_two_are_a_misdeal(extra: int, verdict: str) -> None:
    events = deal(NINE) + [{"type": "deal", "seat": s} for s in NINE[:extra]]
    ruling = last(t9([*events, FLOOR]))
    assert ruling["verdict"] == verdict
    if extra == 1:
        assert "CNT-ONE-EXTRA" in ruling["rules"]
        assert {"do": "use_as_burn", "seat": 1, "street": "flop"} in ruling["remedies"]
    if extra >= 2:
        assert "MD-EXTRA-2" in ruling["rules"]


def test_cnt_one_extra_is_a_misdeal_by_the_letter_under_tda() -> None:
    ruling = last(t9([*deal(NINE), {"type": "deal", "seat": 1}, FLOOR]), "tda-2024")
    assert ruling["verdict"] == "misdeal"
    assert ruling["discretion"] is True


@pytest.mark.parametrize(("cards", "rule"), [(3, None), (4, "FLOP-4CARD"), (5, "FLOP-5PLUS")])
def test_flop_card_count_three_four_five(cards: int, rule: str | None) -> None:
    pre = [*deal(NINE), *[act(s, "fold") for s in range(3, 10)], act(1, "call"), act(2, "check"), {"type": "burn"}]
    ruling = last(t9([*pre, *[{"type": "board"}] * cards, FLOOR]))
    assert ruling["verdict"] == "continue"
    if rule is None:
        assert ruling["remedies"] == []
    else:
        assert rule in ruling["rules"]
    if cards == 4:
        assert {"do": "scramble_and_pick_burn", "cards": 4, "street": "turn"} in ruling["remedies"]


def test_flop_4card_turn_dealt_without_burn_is_the_procedure_not_an_error() -> None:
    pre = [*deal(NINE), *[act(s, "fold") for s in range(3, 10)], act(1, "call"), act(2, "check"), {"type": "burn"}]
    board = [{"type": "board"}] * 4
    log = t9([*pre, *board, FLOOR, {"type": "ruling_applied", "ruling": 0}, act(1, "check"), act(2, "check"),
              {"type": "board"}, FLOOR])
    ruling = last(log)
    assert ruling["rules"] == [] or "BURN-STREET" not in ruling["rules"]


@pytest.mark.parametrize(("flop_actions", "remedy"), [(0, "scramble_and_pick_burn"), (1, "board_stands"),
                                                     (2, "board_stands")])
def test_flop_noburn_before_and_after_a_check(flop_actions: int, remedy: str) -> None:
    pre = [*deal(NINE), *[act(s, "fold") for s in range(4, 10)], act(3, "call"), act(1, "call"), act(2, "check")]
    flop = [{"type": "board"}] * 3
    actions = [act(1, "check"), act(2, "check")][:flop_actions]
    ruling = last(t9([*pre, *flop, *actions, FLOOR]))
    assert "FLOP-NOBURN" in ruling["rules"]
    kinds = [r["do"] for r in ruling["remedies"]]
    assert remedy in kinds
    if flop_actions in (1, 2):
        assert kinds == ["board_stands"]  # the flop stands: one step, the turn burned as usual
        assert ruling["discretion"] is True  # T-88.c.3 and c.3.i disagree


def test_md_first_wrong_seat_heads_up_big_blind_gets_the_first_card() -> None:
    players = [{"seat": 4, "name": "An", "stack": 50000}, {"seat": 7, "name": "Bo", "stack": 50000}]
    base = {"floorman": 1, "game": "holdem", "seats": 9, "button": 4, "players": players,
            "level": {"small_blind": 1000, "big_blind": 2000, "big_blind_ante": 2000}}
    posts = [{"type": "post", "seat": 4, "blind": "sb", "amount": 1000},
             {"type": "post", "seat": 7, "blind": "bb", "amount": 2000}]
    right = {**base, "events": [*posts, *deal([7, 4]), FLOOR]}
    wrong = {**base, "events": [*posts, *deal([4, 7]), FLOOR]}
    assert last(right)["verdict"] == "continue"
    ruling = last(wrong)
    assert ruling["verdict"] == "misdeal"
    assert {"MD-FIRST-WRONG-SEAT", "DEAL-ORDER-HU"} <= set(ruling["rules"])


def test_md_seat_dealt_out_and_not_entitled() -> None:
    skipped = [s for s in NINE if s != 8]
    assert "MD-SEAT-DEALT-OUT" in last(t9([*deal(skipped), FLOOR]))["rules"]
    ruling = last(t9([*deal(NINE), FLOOR], empty=(6,)))
    assert ruling["verdict"] == "misdeal"
    assert "MD-SEAT-NOT-ENTITLED" in ruling["rules"]


def test_deal_btn_consec_is_not_a_misdeal_but_another_seat_is() -> None:
    order = list(range(1, 9)) * 2 + [9, 9]
    button = last(t9([*[{"type": "deal", "seat": s} for s in order], FLOOR]))
    assert button["verdict"] == "continue"
    assert "DEAL-BTN-CONSEC" in button["rules"]
    order4 = [1, 2, 3, 5, 6, 7, 8, 9, 1, 2, 3, 4, 4, 5, 6, 7, 8, 9]
    other = last(t9([*[{"type": "deal", "seat": s} for s in order4], FLOOR]))
    assert other["verdict"] == "misdeal"
    assert "MD-OUT-OF-SEQUENCE" in other["rules"]


def test_exp_player_own_is_not_a_misdeal() -> None:
    log = t9([*deal(NINE), {"type": "expose", "seat": 1, "index": 1, "by": "player"}, FLOOR])
    ruling = last(log)
    assert ruling["verdict"] == "continue"
    assert "EXP-PLAYER-OWN" in ruling["rules"]


def test_fd_dup_voids_after_substantial_action_and_returns_every_chip() -> None:
    pre = [*deal(NINE), act(3, "raise", 5000), *[act(s, "fold") for s in range(4, 10)], act(1, "fold"),
           act(2, "call"), {"type": "burn"}]
    board = [{"type": "board", "card": c} for c in ("Qh", "8c", "3d")]
    ruling = last(t9([*pre, *board, {"type": "burn"}, {"type": "board", "card": "Qh"}, FLOOR]))
    assert ruling["verdict"] == "void"
    assert ruling["substantial_action"] is True
    returned = {r["seat"]: r["amount"] for r in ruling["remedies"] if r["do"] == "return_chips"}
    assert returned == {1: 1000, 2: 7000, 3: 5000}


@pytest.mark.parametrize(("sa", "verdict"), [(False, "misdeal"), (True, "continue")])
def test_fd_foreign_back_stub_before_and_after_sa(sa: bool, verdict: str) -> None:
    actions = [act(3, "fold"), act(4, "call")] if sa else [act(3, "fold")]
    found = {"type": "discover", "what": "foreign_back", "where": "stub"}
    ruling = last(t9([*deal(NINE), *actions, found, FLOOR], deck={"back": "red"}))
    assert ruling["verdict"] == verdict
    assert "FD-FOREIGN-BACK-STUB" in ruling["rules"]


def test_fd_foreign_back_hand_voids() -> None:
    events = deal(NINE, c5={"back": "blue"})
    ruling = last(t9([*events, act(3, "fold"), act(4, "call"), act(5, "call"), FLOOR], deck={"back": "red"}))
    assert ruling["verdict"] == "void"
    assert "FD-FOREIGN-BACK-HAND" in ruling["rules"]


def test_a_log_that_omits_the_deal_order_raises_no_order_finding() -> None:
    listed = deal(WRONG_FIRST)
    assert last(t9([*listed, FLOOR]))["verdict"] == "misdeal"
    ruling = last(t9([*listed, FLOOR], omits=["deal_order"]))
    assert ruling["verdict"] == "continue"
    assert ruling["remedies"] == []


def test_each_floor_ruling_keeps_its_own_replay_header() -> None:
    import floorman
    from floorman.formats import handlog

    log = t9([*deal(WRONG_FIRST), FLOOR, act(3, "fold"), act(4, "fold"), act(5, "fold"), FLOOR])
    result = floorman.rule(handlog.from_obj(log))
    assert [r.verdict.value for r in result.rulings] == ["misdeal", "continue"]
    first, second = result.redeals
    assert first is not None and first.button == 9
    assert second is None
    assert result.redeal is None


def test_a_boxed_card_found_in_the_deck_names_no_seat() -> None:
    events = [*deal(NINE)[:3], {"type": "boxed", "card": "9s"}, *deal(NINE)[3:], FLOOR]
    ruling = last(t9(events))
    assert ruling["verdict"] == "continue"
    assert "None" not in ruling["explanation"]
    assert all(r.get("seat") is not None for r in ruling["remedies"] if r["do"] == "replace_card")


def test_an_exposed_card_of_a_seat_that_folded_is_mucked_and_the_flop_burned_as_usual() -> None:
    events = deal(NINE, c3={"face_up": True})
    pre = [act(s, "fold") for s in range(3, 10)] + [act(1, "call"), act(2, "check")]
    flop = [{"type": "burn"}, {"type": "board"}, {"type": "board"}, {"type": "board"}]
    ruling = last(t9([*events, *pre, *flop, FLOOR]))
    assert not any(r["do"] == "replace_card" for r in ruling["remedies"])
    assert "BURN-ONE-PER-STREET" not in ruling["rules"]


def test_a_premature_turn_dealt_without_a_burn_is_burned_and_dealt_as_usual() -> None:
    pre = [*deal(NINE), *[act(s, "fold") for s in range(4, 10)], act(3, "call"), act(1, "fold"), act(2, "check"),
           {"type": "burn"}, {"type": "board"}, {"type": "board"}, {"type": "board"}, act(2, "bet", 4000)]
    early = [{"type": "board"}, FLOOR]
    ruling = last(t9([*pre, *early]))
    assert "PREM-TURN" in ruling["rules"]
    assert {"do": "deal_without_burn", "street": "turn"} not in ruling["remedies"]
    later = [act(3, "call"), {"type": "burn"}, {"type": "board"}, FLOOR]
    after = last(t9([*pre, *early, {"type": "ruling_applied", "ruling": 0}, *later]))
    assert after["remedies"] == []


def test_limit_single_draw_bets_the_big_bet_after_its_one_draw() -> None:
    """2-7 single draw has one round with the small bet (before the draw), the big bet after it
    (``GameSpec.small_bet_streets``): a bet after the draw without ``to`` is the big bet."""
    from floorman.engine.hand import Hand
    from floorman.formats import handlog

    events = [{"type": "post", "seat": 1, "blind": "sb", "amount": 50},
              {"type": "post", "seat": 2, "blind": "bb", "amount": 100}]
    events += [{"type": "deal", "seat": s} for _ in range(5) for s in (1, 2)]
    events += [{"type": "act", "seat": 1, "action": "call"}, {"type": "act", "seat": 2, "action": "check"},
               {"type": "discard", "seat": 2, "count": 1}, {"type": "deal", "seat": 2},
               {"type": "discard", "seat": 1, "count": 1}, {"type": "deal", "seat": 1},
               {"type": "act", "seat": 2, "action": "bet"}]
    log = handlog.from_obj({
        "floorman": 1, "game": "2-7-single-draw", "structure": "limit", "seats": 2, "button": 1,
        "level": {"small_blind": 50, "big_blind": 100, "small_bet": 100, "big_bet": 200},
        "players": [{"seat": 1, "name": "An", "stack": 5000}, {"seat": 2, "name": "Bo", "stack": 5000}],
        "events": events})
    state = Hand(log).view
    assert state.seats[2].street_bet == 200
    assert state.current_bet == 200
