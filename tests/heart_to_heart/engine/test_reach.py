"""Winnability (`engine/reach.py`) against the plain search of `tests/heart_to_heart/solver/independent.py`, from
fresh deals and from positions part-way through random games, and its helpers by known values."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from heartcards.heart_to_heart.engine import Deal, Game, Mode, Status
from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, HEART_SIZE, free_mask
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


def settled_by_the_rule(masks: list[int], removed: int, counts: list[int]) -> tuple[int, list[int]]:
    """What `settle` promises, pass by pass until nothing changes: every free card of a rank with no more heart cards
    left than reserve copies goes (one copy each), and so does a rank whose cards left are all free, when they pair
    off or one reserve copy takes the odd one."""
    counts = list(counts)
    while True:
        free = free_mask(removed)
        taken = 0
        for rank in range(13):
            remaining = masks[rank] & ~removed
            free_of_rank = remaining & free
            if not free_of_rank:
                continue
            left = remaining.bit_count()
            if left <= counts[rank]:
                taken |= free_of_rank
                counts[rank] -= free_of_rank.bit_count()
            elif free_of_rank == remaining and (left % 2 == 0 or counts[rank] >= 1):
                taken |= free_of_rank
                counts[rank] -= left % 2
        if not taken:
            return removed, counts
        removed |= taken


def test_settle_takes_exactly_what_can_only_help() -> None:
    rng = random.Random(3)
    changed = 0
    for number in range(150):
        game = Game(Deal.from_number(number))
        for _ in range(rng.randrange(0, 40)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        masks = rank_masks(game)
        counts = [0] * 13
        for rank in game.stock + tuple(game.waste):
            counts[int(rank) - 1] += 1
        index, packed = WinnabilitySearch(masks).settle(INDEX_OF[game.removed], pack_counts(counts))
        removed, left = settled_by_the_rule(masks, game.removed, counts)
        assert (SETS[index], packed) == (removed, pack_counts(left)), game.record
        changed += removed != game.removed
    assert changed > 30


def test_settle_known_values() -> None:
    masks = [0] * 13
    masks[3] = 1 << 24  # a 4 at the point, one 4 in reserve: it goes with that copy
    masks[4] = (1 << 22) | (1 << 23)  # two 5s freed by it, no 5 in reserve: a whole free group that pairs off
    masks[5] = ALL_REMOVED & ~((1 << 22) | (1 << 23) | (1 << 24))  # 6s everywhere else (only a rank mask here)
    index, counts = WinnabilitySearch(masks).settle(0, pack_counts([0, 0, 0, 1, *[0] * 9]))
    assert SETS[index] == (1 << 22) | (1 << 23) | (1 << 24)
    assert counts == 0
    # Without the reserve 4 nothing can go: the point's rank needs a copy.
    index, counts = WinnabilitySearch(masks).settle(0, 0)
    assert (index, counts) == (0, 0)


def test_a_rank_in_a_chain_needs_the_reserve_for_what_cannot_pair() -> None:
    aces = (1 << 0) | (1 << 1) | (1 << 4) | (1 << 10)  # positions 1, 2, 5, 11: 11 lies over 5, 6 and so over 1, 2
    assert pairable(aces) == 1
    masks = [aces, *[0] * 12]
    assert hopeless(masks, 0, pack_counts([1, *[0] * 12]))  # four aces, one pair: two need a reserve ace
    assert not hopeless(masks, 0, pack_counts([2, *[0] * 12]))


def test_the_search_counts_each_state_once_and_remembers_every_loss() -> None:
    lost_deal = next(Deal.from_number(n) for n in range(100) if not winnable(Game(Deal.from_number(n)).position))
    game = Game(lost_deal)
    search = WinnabilitySearch(rank_masks(game))
    assert not search.winnable(0, reserve_counts(game))
    assert search.states == len(search.lost) > 0
    assert WinnabilitySearch([0] * 13).states == 0
    won = WinnabilitySearch([0] * 13)
    assert won.winnable(WON_INDEX, 0) and won.states == 0
