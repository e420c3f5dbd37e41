"""What a ruling is: a verdict, the remedies in order, and the rules it rests on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from floorman.fold.findings import MIXED_WITH, Finding
from floorman.law.rulebooks import Citation
from floorman.locale import Message, say, say_all

__all__ = ["Condition", "Override", "Remedy", "RemedyKind", "Ruling", "Verdict"]


class Verdict(StrEnum):
    MISDEAL = "misdeal"
    VOID = "void"
    CONTINUE = "continue"


class RemedyKind(StrEnum):
    REDEAL = "redeal"
    RETURN_CHIPS = "return_chips"
    RETURN_ALL_CHIPS = "return_all_chips"
    KILL_HAND = "kill_hand"
    REPLACE_CARD = "replace_card"
    USE_AS_BURN = "use_as_burn"
    SCRAMBLE_AND_PICK_BURN = "scramble_and_pick_burn"
    RESHUFFLE_STUB = "reshuffle_stub"
    DEAL_MISSING_CARD = "deal_missing_card"
    REMOVE_CARD = "remove_card"
    DEAL_WITHOUT_BURN = "deal_without_burn"
    RESTORE_ORDER = "restore_order"
    NEW_DECK = "new_deck"
    AWARD_AFTER_OVERRIDE = "award_after_override"
    SET_ASIDE_CARD = "set_aside_card"
    COMPLETE_BOARD = "complete_board"
    REDEAL_BOARD = "redeal_board"
    TURN_UP_CARD = "turn_up_card"
    DEAL_FACE_DOWN = "deal_face_down"
    DEAL_FACE_UP = "deal_face_up"
    COMMUNITY_CARD = "community_card"
    CORRECT_BRING_IN = "correct_bring_in"
    PENALTY_POSSIBLE = "penalty_possible"
    CARRY_CHIPS_TO_NEXT_DEAL = "carry_chips_to_next_deal"
    BOARD_STANDS = "board_stands"
    REPOST_BLINDS = "repost_blinds"
    REBUILD_STUB = "rebuild_stub"
    MOVE_BUTTON = "move_button"
    NO_BLINDS_OWED = "no_blinds_owed"
    CORRECT_AWARD = "correct_award"


class Condition(StrEnum):
    """When a remedy step applies, if not at once (a step's ``when`` field). Values are stable once released."""

    NOT_BACK_WHEN_ACTION_REACHES_HIM = "not_back_when_action_reaches_him"
    """The seat's owner is away: the step applies if he is not back when the action reaches his seat."""


_NO_FIELDS: Mapping[str, Any] = MappingProxyType({})
_WHERES = frozenset({"stub", "hand", "table", "board", "muck", "burns"})


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Remedy:
    """One step of a remedy. ``fields`` holds ``seat``, ``amount``, ``card``, ``street`` ... as needed."""

    do: RemedyKind
    fields: Mapping[str, Any] = field(default_factory=lambda: _NO_FIELDS)

    def __init__(self, *, do: RemedyKind, fields: Mapping[str, Any] = _NO_FIELDS) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (several a ruling)
        object.__setattr__(self, "do", do)
        object.__setattr__(self, "fields", fields)

    @classmethod
    def of(cls, do: RemedyKind, **fields: Any) -> Remedy:
        return cls(do=do, fields=MappingProxyType({k: v for k, v in fields.items() if v is not None}))

    def to_obj(self) -> dict[str, Any]:
        return {"do": self.do.value, **self.fields}

    def message(self) -> Message:
        """The step as a message id with its facts, for ``floorman.locale.say``."""
        f = self.fields
        variant = ""
        if self.do is RemedyKind.SCRAMBLE_AND_PICK_BURN and f.get("turn_up"):
            variant = ".turn_up"
        elif self.do is RemedyKind.SCRAMBLE_AND_PICK_BURN and f.get("out_of_play"):
            variant = ".out_of_play"
        elif self.do is RemedyKind.DEAL_FACE_DOWN and not f.get("seat"):
            variant = ".others"
        elif self.do is RemedyKind.REMOVE_CARD and f.get("where") == "muck":
            variant = ".muck"
        elif self.do is RemedyKind.BOARD_STANDS and not f.get("next_street"):
            variant = ".last"
        elif f.get("when"):
            variant = f".{Condition(f['when']).value}"
        elif self.do is RemedyKind.RESHUFFLE_STUB and f.get("mixed_with"):
            variant = ".mixed"
        card = f.get("card")
        where = f.get("where", "table")
        said: dict[str, Any] = {}
        if "mixed_with" in f:
            said["mixed_with"] = MIXED_WITH.get(tuple(sorted(f["mixed_with"])), f["mixed_with"])
        return Message.of(
            f"remedy.{self.do.value}{variant}", **{**f, **said, "street": f.get("street"),
            "card": card if card not in (None, "??") else Message.of("remedy.card.unknown"),
            "where": Message.of(f"remedy.where.{where}") if where in _WHERES else where},
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Override:
    """The floor decided otherwise (``ruling_applied`` with an ``override``)."""

    at: int
    verdict: Verdict
    reason: str

    def summary(self, by_the_book: Verdict, lang: str = "en") -> str:
        """What the book said and what the floor ruled instead, and why (``ruling.override.summary``)."""
        return say(Message.of("ruling.override.summary", book=by_the_book.value, floor=self.verdict.value,
                              reason=self.reason), lang)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Ruling:
    at: int | None
    verdict: Verdict
    rules: tuple[str, ...]
    citations: tuple[Citation, ...]
    substantial_action: bool
    discretion: bool
    remedies: tuple[Remedy, ...]
    explanation_messages: tuple[Message, ...] = ()
    """Why, sentence by sentence, as message ids with their facts (said by ``floorman.locale``)."""
    findings: tuple[Finding, ...] = ()
    """The findings this ruling decided."""
    discretion_messages: tuple[Message, ...] = ()
    """Why the floor has the call, one message per reason."""
    override: Override | None = None
    substantial_action_test: str = ""
    """The rule whose test of substantial action the book applied (``SA-DEF``, ``SA-LA``, ``SA-RRoP``)."""
    substantial_action_counts: str = ""
    """What that test counted in this hand's game: ``actions`` in turn, or ``participants`` (each player once)."""

    def __init__(
        self, *, at: int | None, verdict: Verdict, rules: tuple[str, ...], citations: tuple[Citation, ...],
        substantial_action: bool, discretion: bool, remedies: tuple[Remedy, ...],
        explanation_messages: tuple[Message, ...] = (), findings: tuple[Finding, ...] = (),
        discretion_messages: tuple[Message, ...] = (), override: Override | None = None,
        substantial_action_test: str = "", substantial_action_counts: str = "",
    ) -> None:
        # written out, as ``HandLog``'s is, so that the compiled core builds one natively (one a ruling, at least one a hand)
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "verdict", verdict)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "citations", citations)
        object.__setattr__(self, "substantial_action", substantial_action)
        object.__setattr__(self, "discretion", discretion)
        object.__setattr__(self, "remedies", remedies)
        object.__setattr__(self, "explanation_messages", explanation_messages)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "discretion_messages", discretion_messages)
        object.__setattr__(self, "override", override)
        object.__setattr__(self, "substantial_action_test", substantial_action_test)
        object.__setattr__(self, "substantial_action_counts", substantial_action_counts)

    @property
    def final_verdict(self) -> Verdict:
        """The verdict that stands: the floor's override where there is one, else the engine's.

        >>> from floorman.law.rulings.model import Override
        >>> r = Ruling(at=4, verdict=Verdict.MISDEAL, rules=(), citations=(), substantial_action=False,
        ...            discretion=True, remedies=())
        >>> r.final_verdict.value
        'misdeal'
        >>> r = Ruling(at=4, verdict=Verdict.MISDEAL, rules=(), citations=(), substantial_action=False,
        ...            discretion=True, remedies=(), override=Override(at=5, verdict=Verdict.CONTINUE, reason="x"))
        >>> r.final_verdict.value
        'continue'
        """
        return self.verdict if self.override is None else self.override.verdict

    def explain(self, lang: str = "en") -> str:
        """The explanation in words, in ``lang`` (a language of the catalog: ``"en"``, ``"vi"``)."""
        return say_all(self.explanation_messages, lang)

    def reasons(self, lang: str = "en") -> tuple[str, ...]:
        """Why the floor has the call, in words."""
        return tuple(say(m, lang) for m in self.discretion_messages)

    @property
    def explanation(self) -> str:
        return self.explain("en")

    @property
    def discretion_reasons(self) -> tuple[str, ...]:
        return self.reasons("en")

    def summary(self, lang: str = "en") -> str:
        """One line: the verdict and the first rule."""
        main: str | Message = self.rules[0] if self.rules else Message.of("ruling.summary.clean")
        return say(Message.of(f"ruling.summary.{self.verdict.value}", rule=main), lang)
