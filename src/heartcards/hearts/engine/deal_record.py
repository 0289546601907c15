"""A finished deal as a plain frozen record, for logs, statistics and score tables.

Kept out of the compiled `game` module on purpose: an ordinary class pickles (simulations and benchmarks send
records between processes) where a mypyc-compiled frozen one does not. A named tuple, like `Trick`: the engine builds
one every deal, and a frozen dataclass's `__init__` costs several times more.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from heartcards.cards import Card
from heartcards.hearts.engine.observation import Trick
from heartcards.hearts.engine.rules import SEATS, PassDirection


class DealRecord(NamedTuple):
    """One finished deal, for logs and score tables: the hands before passing, the passes, the tricks, the score.

    `moon_shooter` is the seat that took every heart and the Q♠ (None when nobody did) and `queen_taker` the seat
    that took the Q♠: worked out once here, so statistics and views do not each recount the tricks.
    """

    deal_number: int
    pass_direction: PassDirection
    hands: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...]
    moon_shooter: int | None
    queen_taker: int | None

    def to_dict(self) -> dict[str, object]:
        return {
            "deal": self.deal_number,
            "pass": self.pass_direction.value,
            "hands": [[card.text for card in hand] for hand in self.hands],
            "passes": [[card.text for card in cards] for cards in self.passes],
            "tricks": [{"leader": trick.leader, "cards": [card.text for card in trick.cards]} for trick in self.tricks],
            "points": list(self.points),
            "totals": list(self.totals),
            "game_over": self.game_over,
            "winners": list(self.winners),
            "moon_shooter": self.moon_shooter,
            "queen_taker": self.queen_taker,
        }


def moons_per_seat(records: Iterable[DealRecord]) -> list[int]:
    """Moons shot per seat over the deals."""
    return _per_seat(record.moon_shooter for record in records)


def queens_per_seat(records: Iterable[DealRecord]) -> list[int]:
    """Q♠ taken per seat over the deals."""
    return _per_seat(record.queen_taker for record in records)


def _per_seat(seats: Iterable[int | None]) -> list[int]:
    """How often each seat stands in `seats` (None, a deal where no seat did it, counts for none)."""
    counts = [0] * SEATS
    for seat in seats:
        if seat is not None:
            counts[seat] += 1
    return counts
