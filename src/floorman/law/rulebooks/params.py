"""The thresholds and switches of a rulebook: every point where the books differ (rules.md s. 18).

Detectors read these; none of them holds a threshold of its own. Every rulebook file sets
every field (``[params]``), so a missing or misspelt switch is caught when the book loads.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_type_hints

from floorman.errors import HouseRulesError
from floorman.locale import Message

__all__ = ["Params", "params_from_obj"]

OneExtraCard = Literal["burn", "misdeal"]
StudDowncard = Literal["misdeal", "upcard", "third_down"]
BoxedCounted = Literal["initial_deal", "needed_for_hand", "any_found"]
DrawExposed = Literal["replace_then_misdeal", "house"]
NonStandard = Literal["replace", "misdeal"]
ForeignInPlay = Literal["void", "house"]
ForeignInStub = Literal["misdeal_before_sa", "stands", "house"]
FourCardFlop = Literal["scramble", "redeal_flop"]
FlopFivePlus = Literal["reshuffle", "redeal_flop", "discretion"]
FlopNoBurn = Literal["scramble", "reshuffle", "rectify"]
MissingBurnNoAction = Literal["correct", "discretion"]
PrematureTurn = Literal["reshuffle", "set_aside"]
AbsentDeadline = Literal["last_card", "first_card"]
RedealAbsent = Literal["dead", "play"]
SeventhExposed = Literal["all_up_or_declare", "replace", "replace_by_practice"]
OutOfSequence = Literal["misdeal", "discretion"]
InSequence = Literal["never", "before_short_seat_acts", "before_any_action"]
MisplacedButtonNext = Literal["rotation", "each_position"]
MissedBlinds = Literal["none", "made_up"]
ButtonShortBeforeSa = Literal["button_rule", "wrong_count"]
SaCounts = Literal["actions", "participants"]
AccountingDispute = Literal["next_hand", "next_hand_substantial_action", "house"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Params:
    # substantial action (SA-DEF, SA-LA, SA-RRoP)
    sa_rule: str
    """The rule id that defines substantial action in this book."""
    sa_any_actions: int
    """This many actions in turn, of any kind, are substantial action."""
    sa_pair_actions: int
    """A smaller number of actions that count when one of them put chips in."""
    sa_pair_allows_check_fold: bool
    sa_pair_allows_two_folds: bool
    sa_pair_allows_two_checks: bool
    sa_stud_any_actions: int
    """Stud: actions after the forced bet that are substantial action whatever they are."""
    sa_counts: SaCounts
    """Button games: what the test counts, every action in turn (T-88.c, TDA-36, LA-109) or the players who have
    acted, each once (RRoP: "two players have acted")."""
    sa_stud_counts: SaCounts
    """Stud: what the test counts after the forced bet, every action in turn (T-88.c, TDA-36) or the participants
    who have acted, each once (LA-109 and RRoP: "two participants after the forced bet have acted")."""
    sa_counts_out_of_turn: bool

    # misdeal thresholds on the initial deal
    boxed_misdeal_at: int
    boxed_counted: BoxedCounted
    boxed_late_fouled_at: int
    """This many boxed cards met after the initial deal suggest a deck out of order: play on by default, the floor's
    call, with the deck ruled fouled as the alternative (BOX-LATE, revised)."""
    extra_cards_misdeal_at: int
    one_extra_card: OneExtraCard
    exposed_first_cards: int
    """Flop games: exposing any of the first this-many cards off the deck is a misdeal."""
    exposed_misdeal_at: int
    """Flop games: this many down cards exposed on the initial deal is a misdeal."""
    stud_downcard_exposed: StudDowncard
    stud_all_exposed_misdeal: bool
    draw_exposed: DrawExposed
    draw_exposed_misdeal_at: int
    wrong_count_misdeal: bool
    """A wrong number of cards before substantial action is a misdeal (else the wrong-count hands are dead)."""
    wrong_count_in_sequence: InSequence
    """A short deal the top card completes in proper sequence is completed, not misdealt: never, until a short
    seat acts, or until anyone acts."""
    button_short_before_sa: ButtonShortBeforeSa
    """A button dealt too few cards, before substantial action: the book's button rule (deal it the missing card
    unless it has acted), or, where the book has no button clause, a wrong count like any other seat's (the
    in-sequence exception included). After substantial action the button is the exception to the dead hand
    under every book (CNT-AFTER-SA-DEAD)."""
    out_of_sequence: OutOfSequence
    nonstandard_before_sa: NonStandard
    button_misplaced_misdeal: bool
    misplaced_button_next: MisplacedButtonNext
    """The hand after a misplaced button that stood: the button moves on from where it was (it is not moved back),
    or the floor sets it so that every player gets each position once in the round."""
    missed_blinds: MissedBlinds
    """Whether a player can miss blinds to make up later: none where an absent player's blinds are posted from his
    stack and the big blind goes to the player due (a dead button)."""
    award_whole_pot: bool
    """Every chip of the pot is awarded (no rake is taken): a split that comes to less than the pot does not add up."""
    accounting_dispute_until: AccountingDispute
    """How long an accounting error in awarding the pot (an award that does not add up) may be disputed: until the
    next hand begins, like any dispute of the hand (T-76), until substantial action in the next hand (TDA-22), or,
    where the book states no window (``house``), the award standing once the next hand has begun as under T-76 by
    analogy, the floor's call (the correction TDA-22 would allow being the alternative)."""
    break_dispute_seconds: int
    """A hand that finished during a break may be disputed (any dispute) until this many seconds after the pot was
    awarded (TDA-22: one minute); 0: the book has no such clause, and the hand's window holds through the break."""
    dealt_out_needs_presence: bool
    """A seat dealt out is a misdeal only when its player is present or has posted (cash books: LA-108, RRoP); else
    every away player is dealt in, his forced bets posted from his stack (ABS-DEALT-IN), and skipping him is one."""

    # fouled deck
    foreign_back_in_play: ForeignInPlay
    foreign_back_in_stub: ForeignInStub
    previous_hand_card_fouls: bool

    # board and burns
    four_card_flop: FourCardFlop
    flop_five_plus: FlopFivePlus
    flop_noburn_stands_after: int
    """A flop dealt without a burn stands once this many flop actions have been taken."""
    flop_noburn_no_action: FlopNoBurn
    burn_restore_order: bool
    burn_missing_no_action: MissingBurnNoAction
    premature_turn: PrematureTurn
    seventh_street_exposed: SeventhExposed
    """A seventh-street card the dealer exposed: all up or declare (LA-234), replaced while betting remains
    (RP-10-B), or replaced as the book's floor has ruled where its own text is silent, the floor's call, with the
    literal fallback (LA-234) named as the alternative."""

    # absent players and the re-deal
    absent_deadline: AbsentDeadline
    redeal_absent: RedealAbsent


def params_from_obj(obj: Mapping[str, Any], *, where: str | Message) -> Params:
    """Build ``Params`` from a TOML table, checking every name, type and allowed value (``HouseRulesError`` if one
    is wrong)."""
    hints = get_type_hints(Params)
    names = [f.name for f in dataclasses.fields(Params)]
    unknown = sorted(set(obj) - set(names))
    if unknown:
        raise HouseRulesError("error.house.unknown_switch", where=where, switch=repr(unknown[0]), known=", ".join(names))
    values: dict[str, Any] = {}
    for name in names:
        if name not in obj:
            raise HouseRulesError("error.house.switch_missing", where=where, switch=repr(name))
        value = obj[name]
        hint = hints[name]
        allowed = get_args(hint)
        if allowed:
            if value not in allowed:
                raise HouseRulesError("error.house.switch_one_of", where=where, switch=repr(name),
                                      allowed=", ".join(map(repr, allowed)), got=repr(value))
        elif hint is bool:
            if not isinstance(value, bool):
                raise HouseRulesError("error.house.switch_flag", where=where, switch=repr(name), got=repr(value))
        elif hint is int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise HouseRulesError("error.house.switch_whole", where=where, switch=repr(name), got=repr(value))
        elif not isinstance(value, str):
            raise HouseRulesError("error.house.switch_text", where=where, switch=repr(name), got=repr(value))
        values[name] = value
    return Params(**values)
