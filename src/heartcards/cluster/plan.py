"""How a range of deal numbers is cut into fixed chunks: the unit a worker counts and a checkpoint keeps."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from heartcards.heart_to_heart.engine import Mode, format_code
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER

CHUNK_DEALS = 1_000_000
"""Deals per chunk when only deciding winnability: about 13 s of one core, so a lost chunk costs little."""
CHUNK_DEALS_OPTIMAL = 1_000
"""Deals per chunk with `--optimal` (fewest moves take milliseconds a deal, not microseconds)."""
ALL_DEALS = MAX_NUMBER + 1
"""Every deal number of a mode: 26⁷ = 8,031,810,176."""


@dataclass(frozen=True, slots=True)
class ChunkPlan:
    """Deals `start`..`start + deals - 1` of `mode` in chunks of `chunk_deals` (the last one may be shorter).

    >>> [chunk for chunk in ChunkPlan(Mode.NORMAL, 10, 25, 10, False).chunks()]
    [(10, 10), (20, 10), (30, 5)]
    """

    mode: Mode
    start: int
    deals: int
    chunk_deals: int
    optimal: bool

    @property
    def chunk_count(self) -> int:
        return -(-self.deals // self.chunk_deals)

    @property
    def whole_space(self) -> bool:
        """True when the plan covers every deal number of its mode, so its share is the game's exact figure."""
        return self.start == 0 and self.deals == ALL_DEALS

    def chunks(self) -> Iterator[tuple[int, int]]:
        """Each chunk as (first deal number, deals), in order."""
        end = self.start + self.deals
        for first in range(self.start, end, self.chunk_deals):
            yield first, min(self.chunk_deals, end - first)

    def chunk_size_at(self, first: int) -> int | None:
        """The deals of the chunk that begins at `first`, or None when no chunk of this plan begins there."""
        offset = first - self.start
        if offset < 0 or offset >= self.deals or offset % self.chunk_deals:
            return None
        return min(self.chunk_deals, self.deals - offset)

    def describe(self) -> str:
        """One phrase naming the plan, for messages: `mode N deals HH1-N-AAAAAAA … HH1-N-AAAAAEH (0..99), …`."""
        last = self.start + self.deals - 1
        first_code, last_code = format_code(self.mode, self.start), format_code(self.mode, last)
        what = "with fewest moves" if self.optimal else "winnability only"
        return (
            f"mode {self.mode.value} deals {first_code} … {last_code} ({self.start}..{last}) "
            f"in chunks of {self.chunk_deals}, {what}"
        )
