"""The quick screen's kernel in C (``_screen_kernel.c``): its two functions, typed."""

from collections.abc import Sequence

Facts = tuple[int, str | None, bool, bool, bytes, str | None, str | None, str | None]
"""game index, own rulebook, heads-up, dead button, counted action codes, hand, table, dealer."""

LogFacts = tuple[bool, bool, bytes]
"""heads-up, dead button, counted action codes."""

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
    event_types: tuple[type, ...],
    present: object,
) -> None: ...
def scan(line: bytes, /) -> Facts | None: ...
def follow_log(
    game: int, seats: int, button: int, limit: bool, burns_omitted: bool, order_omitted: bool,
    big_blind: object, small_bet: object, big_bet: object, players: object, events: object, /,
) -> LogFacts | None: ...
