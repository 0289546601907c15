"""Chunk plans: the chunks cover the range once, in order, and a first deal maps back to its chunk."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from heartcards.cluster.plan import ALL_DEALS, ChunkPlan
from heartcards.heart_to_heart.engine import Mode


@given(st.integers(0, 10_000), st.integers(1, 5_000), st.integers(1, 700))
def test_chunks_cover_the_range_once(start: int, deals: int, size: int) -> None:
    plan = ChunkPlan(Mode.NORMAL, start, deals, size, optimal=False)
    chunks = list(plan.chunks())
    assert len(chunks) == plan.chunk_count
    covered = [number for first, count in chunks for number in range(first, first + count)]
    assert covered == list(range(start, start + deals))
    assert all(plan.chunk_size_at(first) == count for first, count in chunks)
    assert plan.chunk_size_at(start - 1) is None and plan.chunk_size_at(start + deals) is None
    if size > 1:
        assert plan.chunk_size_at(start + 1) is None


def test_whole_space_and_description() -> None:
    assert ALL_DEALS == 26**7
    assert ChunkPlan(Mode.NORMAL, 0, ALL_DEALS, 1_000_000, optimal=False).whole_space
    assert ChunkPlan(Mode.NORMAL, 0, ALL_DEALS, 1_000_000, optimal=False).chunk_count == 8_032
    assert not ChunkPlan(Mode.NORMAL, 1, ALL_DEALS - 1, 1_000_000, optimal=False).whole_space
    text = ChunkPlan(Mode.SOLVABLE, 0, 100, 10, optimal=True).describe()
    assert text == "mode S deals HH1-S-AAAAAAA … HH1-S-AAAAADV (0..99) in chunks of 10, with fewest moves"
