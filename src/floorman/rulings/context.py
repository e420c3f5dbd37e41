"""What every decision reads: the hand at the moment of the ruling, the book, and a Decision to fill."""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.findings import Finding
from floorman.rulebooks import Rulebook
from floorman.rulebooks.params import Params
from floorman.rulings.model import Remedy, RemedyKind, Verdict
from floorman.rulings.words import Words
from floorman.state import HandState

__all__ = ["Context", "Decision"]


@dataclass(slots=True)
class Decision:
    """What the rules make of one group of findings."""

    verdict: Verdict
    rules: list[str]
    findings: list[Finding]
    remedies: list[Remedy] = field(default_factory=list)
    discretion: list[Words] = field(default_factory=list)
    """Why the floor has the call, each reason in English and in Vietnamese."""
    explanation: list[str] = field(default_factory=list)
    explanation_vi: list[str] = field(default_factory=list)
    """The same sentences in Vietnamese, one for one."""
    misdeal_blocked: bool = False
    """A misdeal cause found after substantial action: play on (SA-MISDEAL-GATE)."""
    redeal_dead: tuple[int, ...] = ()
    """Seats whose hand is dealt dead in the re-deal (a player who threw cards into another's)."""
    corrected_button: int | None = None

    def remedy(self, do: RemedyKind, **fields: object) -> None:
        self.remedies.append(Remedy.of(do, **fields))

    def say(self, en: str, vi: str) -> None:
        """One sentence of the explanation, in English and in Vietnamese."""
        self.explanation.append(en)
        self.explanation_vi.append(vi)

    def say_first(self, en: str, vi: str) -> None:
        self.explanation.insert(0, en)
        self.explanation_vi.insert(0, vi)

    def words(self) -> list[Words]:
        return [Words(en, vi) for en, vi in zip(self.explanation, self.explanation_vi, strict=True)]

    def maybe(self, reason: Words | None) -> None:
        if reason is not None and reason.en:
            self.discretion.append(reason)


@dataclass(frozen=True, slots=True)
class Context:
    state: HandState
    book: Rulebook
    sa: bool
    """Substantial action at the moment of the ruling (the whole-hand latch)."""

    @property
    def params(self) -> Params:
        return self.book.params

    def why(self, rule_id: str, fallback_en: str, fallback_vi: str) -> Words:
        """The book's stated reason the rule is the floor's call, or the fallback, in both languages."""
        return self.reason(rule_id) or Words(fallback_en, fallback_vi)

    def reason(self, rule_id: str) -> Words | None:
        """The book's stated reason the rule is the floor's call, in both languages; None when it gives none."""
        en = self.book.discretion_reason(rule_id)
        if not en:
            return None
        return Words(en, self.book.discretion_reason(rule_id, lang="vi") or en)

    def is_indirect(self, rule_id: str) -> bool:
        """The book does not state this rule itself (silent, or only through its fallback book)."""
        return self.book.citation(rule_id).via is not None or self.book.is_silent(rule_id)

    def seat_acted_before(self, seat: int | None, at: int) -> bool:
        return seat is not None and any(a.seat == seat and a.at < at for a in self.state.actions)

    def misdeal_or_blocked(self, d: Decision, cause_en: str, cause_vi: str) -> Decision:
        """A misdeal cause: misdeal before substantial action, play on after it."""
        if self.sa:
            d.verdict = Verdict.CONTINUE
            d.misdeal_blocked = True
            d.say(f"By itself this would be a misdeal ({cause_en}), but substantial action has occurred, "
                  "so the hand must be played out.",
                  f"Nếu chỉ xét riêng lỗi này thì đây là misdeal ({cause_vi}), nhưng đã có Substantial Action "
                  "nên ván bài phải tiếp tục đến hết.")
        else:
            d.verdict = Verdict.MISDEAL
            d.say(f"That is a misdeal ({cause_en}).", f"Đây là misdeal ({cause_vi}): ván bài bị hủy.")
        return d
