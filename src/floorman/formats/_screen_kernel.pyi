"""The quick screen's kernel in C (``_screen_kernel.c``): its two functions, typed."""

from collections.abc import Sequence

Facts = tuple[int, str | None, bool, bool, bytes, str | None, str | None, str | None]
"""game index, own rulebook, heads-up, dead button, counted action codes, hand, table, dealer."""

def configure(
    *,
    games: Sequence[tuple[str, int, bool, bool]],
    structures: Sequence[tuple[str, int]],
    omissions: Sequence[tuple[str, int]],
    actions: Sequence[str],
    blinds: Sequence[tuple[str, int]],
    exposers: Sequence[str],
    deck: Sequence[str],
    short_deck: Sequence[str],
    unknown_card: str,
    max_seats: int,
    max_shown: int,
    max_chips: int,
    level_number_max: int,
) -> None: ...
def scan(line: bytes, /) -> Facts | None: ...
