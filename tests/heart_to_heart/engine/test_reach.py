"""Winnability (`engine/reach.py`) against the plain search of `tests/heart_to_heart/solver/independent.py`, from
fresh deals and from positions part-way through random games, and its helpers by known values."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from heartcards.heart_to_heart.engine import Deal, Game, Mode, Status
from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, HEART_SIZE
from heartcards.heart_to_heart.engine.reach import (
    BELOW,
    CHAINED,
    INDEX_OF,
    SETS,
    WON_INDEX,
    WinnabilitySearch,
    heart_winnable_packed,
    hopeless,
    order_winnable,
    pack_counts,
    pairable,
    popcount,
    top_bit,
)
from tests.heart_to_heart.solver.independent import winnable


def rank_masks(game: Game) -> list[int]:
    masks = [0] * 13
    for index, rank in enumerate(game.heart):
        if rank is not None:
            masks[int(rank) - 1] |= 1 << index
    return masks


def reserve_counts(game: Game) -> int:
    counts = [0] * 13
    for rank in game.stock + tuple(game.waste):
        counts[int(rank) - 1] += 1
    return pack_counts(counts)


def test_fresh_deals_agree_with_the_plain_search() -> None:
    verdicts = []
    for number in range(400):
        deal = Deal.from_number(number)
        verdict = order_winnable([int(rank) for rank in deal.order])
        assert verdict == winnable(Game(deal).position), deal.code
        verdicts.append(verdict)
    assert 80 < sum(verdicts) < 160


def test_positions_in_random_games_agree_with_the_plain_search() -> None:
    rng = random.Random(7)
    outcomes = set()
    for number in range(60):
        game = Game(Deal.from_number(number, Mode.SOLVABLE if number % 2 else Mode.NORMAL))
        for _ in range(rng.randrange(5, 60)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        expected = winnable(game.position)
        assert heart_winnable_packed(rank_masks(game), game.removed, reserve_counts(game)) is expected, game.record
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_a_cleared_heart_is_won_and_a_stalled_one_is_lost() -> None:
    game = Game.from_code("HH1-N-AAAAAAN")  # stuck at move 0
    assert game.status is Status.STALLED
    assert not heart_winnable_packed(rank_masks(game), 0, reserve_counts(game))
    assert heart_winnable_packed([0] * 13, ALL_REMOVED, 0)
    assert WinnabilitySearch([0] * 13).winnable(WON_INDEX, 0)
    assert SETS[WON_INDEX] == ALL_REMOVED and INDEX_OF[0] == 0


def test_counts_pack_three_bits_a_rank() -> None:
    assert pack_counts([1, 0, 2, *[0] * 9, 4]) == 1 | (2 << 6) | (4 << 36)
    assert pack_counts([7] * 13) == (1 << 39) - 1


def test_pairable_counts_pairs_of_cards_never_one_on_the_other() -> None:
    def mask(*positions: int) -> int:
        return sum(1 << (p - 1) for p in positions)

    assert pairable(0) == 0
    assert pairable(mask(1, 2)) == 1  # side by side in row 1
    assert pairable(mask(1, 25)) == 0  # the point lies over position 1
    assert pairable(mask(5, 11)) == 0  # 11 covers 5
    assert pairable(mask(1, 2, 3, 4)) == 2
    assert pairable(mask(1, 11, 25)) == 0
    assert pairable(mask(1, 4, 25)) == 1


def test_hopeless_needs_a_rank_short_of_reserve_cards() -> None:
    masks = [0] * 13
    masks[0] = (1 << 0) | (1 << 24)  # two aces, one over the other: each needs a reserve ace
    assert hopeless(masks, 0, pack_counts([1, *[0] * 12]))
    assert not hopeless(masks, 0, pack_counts([2, *[0] * 12]))
    masks[0] = (1 << 0) | (1 << 1) | (1 << 2)  # three aces side by side: one pair, and one needs a reserve ace
    assert hopeless(masks, 0, 0)
    assert not hopeless(masks, 0, pack_counts([1, *[0] * 12]))
    assert not hopeless(masks, (1 << 0) | (1 << 1) | (1 << 2), 0)  # all removed


def test_below_and_chained_follow_the_covering() -> None:
    assert BELOW[24] == ALL_REMOVED & ~(1 << 24)  # the point lies over every other card
    assert BELOW[0] == 0  # nothing lies under row 1's first card
    assert BELOW[10] == (1 << 4) | (1 << 5) | 1 | (1 << 1)  # 11 covers 5 and 6, which cover 1 and 2
    for p in range(HEART_SIZE):
        for q in range(HEART_SIZE):
            assert bool((CHAINED[p] >> q) & 1) == bool((BELOW[p] >> q) & 1 or (BELOW[q] >> p) & 1)


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_bit_helpers_match_python(mask: int) -> None:
    assert popcount(mask) == mask.bit_count()
    assert top_bit(mask) == mask.bit_length() - 1


def test_bit_helpers_at_the_edges() -> None:
    for bit in range(32):
        assert top_bit(1 << bit) == bit and popcount(1 << bit) == 1
        assert top_bit((1 << (bit + 1)) - 1) == bit and popcount((1 << (bit + 1)) - 1) == bit + 1
    assert top_bit(0) == -1 and popcount(0) == 0
