"""Fewest-moves search: A* over "macro moves" with admissible lower bounds.

The stock and waste together are one fixed sequence `reserve` (waste bottom to top, then stock top to bottom) that
never changes order: a draw moves a cursor one alive card forward, a recycle sends it back before the first card, and
removing the waste top takes that card out and moves the cursor back to the alive card before it. So a state is
(removed set index, alive reserve cards as a bitmask, cursor = index of the waste top or -1 for an empty waste).

Draws never change the heart, so every solution is a sequence of macro moves: a heart pair (one move), or "tap the
stock until reserve card j is on top, then pair it with free heart card p" (the taps that takes, plus one). A* over
macros is exact: every state a macro reaches, it reaches in the fewest taps, and the bound below never overestimates.
"""

from __future__ import annotations

import heapq
from typing import Final

from heartcards.heart_to_heart.engine.reach import (
    BELOW,
    CHAINED,
    COVERS,
    FREE,
    HEART,
    INDEX_OF,
    RANK_BITS,
    RANK_COUNT,
    SETS,
    WON_INDEX,
    WinnabilitySearch,
    pairable,
    popcount,
    top_bit,
)
from heartcards.heart_to_heart.solver.lookups import FREE_LIST, STEP

INFINITY: Final = 1 << 30
_PAIRABLE: Final[dict[int, int]] = {}


def pairable_cached(cards: int) -> int:
    """`pairable` remembered across searches: a rank's heart cards (at most four) form few distinct masks."""
    found = _PAIRABLE.get(cards)
    if found is None:
        found = pairable(cards)
        _PAIRABLE[cards] = found
    return found


class MacroSearch:
    """One fewest-moves question, from heart ranks (0 where removed), the reserve sequence and the cursor."""

    def __init__(self, heart: list[int], reserve: list[int], cursor: int) -> None:
        self.heart = heart
        self.reserve = reserve
        self.rank_masks = [0] * RANK_COUNT
        for position in range(HEART):
            if heart[position]:
                self.rank_masks[heart[position] - 1] |= 1 << position
        self.reserve_masks = [0] * RANK_COUNT
        for index, rank in enumerate(reserve):
            self.reserve_masks[rank - 1] |= 1 << index
        removed = 0
        for position in range(HEART):
            if not heart[position]:
                removed |= 1 << position
        self.start_index = INDEX_OF[removed]
        self.start_alive = (1 << len(reserve)) - 1
        self.start_cursor = cursor
        self.winnability = WinnabilitySearch(self.rank_masks)
        self.won_cache: dict[int, bool] = {}
        self.states = 0
        self.chain_costs = [0] * HEART
        self.chain_marks = [0] * HEART
        self.chain_passes = [0] * HEART
        self.counts_cache: dict[int, int] = {}
        self.needs_cache: dict[int, list[int]] = {}
        self.usable_cache: dict[int, list[int]] = {}

    def counts(self, alive: int) -> int:
        """The alive reserve cards as packed per-rank counts, the form winnability takes."""
        packed = self.counts_cache.get(alive, -1)
        if packed < 0:
            packed = 0
            for rank in range(RANK_COUNT):
                packed |= popcount(self.reserve_masks[rank] & alive) << (RANK_BITS * rank)
            self.counts_cache[alive] = packed
        return packed

    def can_win(self, index: int, alive: int) -> bool:
        """Exact winnability of a state, which ignores the reserve's order (memoised per search)."""
        key = (self.counts(alive) << 10) | index
        found = self.won_cache.get(key)
        if found is None:
            found = self.winnability.winnable(index, key >> 10)
            self.won_cache[key] = found
        return found

    def needs(self, index: int) -> list[int]:
        """For a removed set: [moves to remove what is left at least, then (rank, reserve cards needed) pairs]."""
        found = self.needs_cache.get(index)
        if found is None:
            removed = SETS[index]
            total = 0
            found = [0]
            for rank in range(RANK_COUNT):
                remaining = self.rank_masks[rank] & ~removed
                if not remaining:
                    continue
                left = popcount(remaining)
                pairs = pairable_cached(remaining)
                total += left - pairs
                if left > 2 * pairs:
                    found.append(rank)
                    found.append(left - 2 * pairs)
            found[0] = total
            self.needs_cache[index] = found
        return found

    def bound(self, index: int, alive: int, cursor: int, with_chains: bool) -> int:
        """Moves still needed at least: per rank, its cards less the pairs it can form, plus the draws needed to
        bring each rank's required reserve cards to the top (waste cards count as free: digging may reach them)."""
        needs = self.needs(index)
        draws = 0
        ahead_base = (1 << (cursor + 1)) - 1
        for at in range(1, len(needs), 2):
            need = needs[at + 1]
            cards = self.reserve_masks[needs[at]] & alive
            if popcount(cards) < need:
                return INFINITY
            in_waste = popcount(cards & ahead_base)
            if in_waste >= need:
                continue
            stock_cards = cards & ~ahead_base
            # the (need - in_waste)-th stock card of this rank, counted in alive cards from the cursor
            for _ in range(need - in_waste - 1):
                stock_cards &= stock_cards - 1
            target = stock_cards & -stock_cards
            distance = popcount(alive & ((target << 1) - 1) & ~ahead_base)
            if distance > draws:
                draws = distance
        total = needs[0]
        removed = SETS[index]
        if with_chains:
            chained = self.chain_draws(removed, alive, cursor)
            if chained > draws:
                draws = chained
        return total + draws

    def chain_draws(self, removed: int, alive: int, cursor: int) -> int:
        """Draws needed at least along each chain of heart cards that must go with a reserve card, in cover order.

        A relaxed cursor walks the reserve for each such card in turn, starting where the costliest card covering it
        left it. A reserve card already passed costs nothing if the waste above it could be dug away (no rank there
        has more cards than the heart cards that could take them before this one goes: not those it covers); a card
        ahead costs the draws to it; otherwise a recycle: the rest of the pass, one, and the cards up to it that
        cannot all be gone by then. The costliest chain is a
        lower bound on the draws and recycles still to come."""
        heart = self.heart
        rank_masks = self.rank_masks
        reserve_masks = self.reserve_masks
        ranks: list[int] = []
        for rank in range(RANK_COUNT):
            if reserve_masks[rank] & alive:
                ranks.append(rank)
        costs = self.chain_costs
        marks = self.chain_marks
        passes = self.chain_passes
        best = 0
        for position in range(HEART - 1, -1, -1):
            if (removed >> position) & 1:
                continue
            cost = 0
            mark = cursor
            passed = 0
            covers = COVERS[position] & ~removed
            while covers:
                bit = covers & -covers
                covers ^= bit
                other = top_bit(bit)
                if costs[other] > cost:
                    cost = costs[other]
                    mark = marks[other]
                    passed = passes[other]
            rank = heart[position] - 1
            if not (rank_masks[rank] & ~removed & ~(1 << position) & ~CHAINED[position]):
                cards = reserve_masks[rank] & alive
                if not cards:
                    return INFINITY
                # Before this card goes, only heart cards outside the ones it covers can take reserve cards away.
                left = self.usable_counts(removed, position)
                below_mark = (2 << mark) - 1 if mark >= 0 else 0
                reachable = cards & below_mark
                if reachable:
                    floor = self.dig_floor(ranks, alive, below_mark, left, top_bit(reachable))
                    if floor >= 0:
                        reachable &= ~((1 << floor) - 1)
                if not reachable:
                    ahead = cards & ~below_mark
                    if ahead:
                        target = ahead & -ahead
                        segment = alive & ((target << 1) - 1) & ~below_mark
                        cost += popcount(segment) if passed == 0 else self.permanent(ranks, segment, left)
                    else:
                        target = cards & -cards
                        rest = alive & ~below_mark
                        cost += popcount(rest) if passed == 0 else self.permanent(ranks, rest, left)
                        cost += 1 + self.permanent(ranks, alive & ((target << 1) - 1), left)
                        passed = 1
                    mark = top_bit(target)
            costs[position] = cost
            marks[position] = mark
            passes[position] = passed
            if cost > best:
                best = cost
        return best

    def usable_counts(self, removed: int, position: int) -> list[int]:
        """Per rank, the heart cards left that could go before `position` does (not those it covers, nor itself)."""
        key = removed * HEART + position
        found = self.usable_cache.get(key)
        if found is None:
            usable = ~removed & ~BELOW[position] & ~(1 << position)
            found = [popcount(self.rank_masks[rank] & usable) for rank in range(RANK_COUNT)]
            self.usable_cache[key] = found
        return found

    def dig_floor(self, ranks: list[int], alive: int, below_mark: int, left: list[int], wanted: int) -> int:
        """The lowest reserve index that digging down from the mark could reach: below the highest card whose rank
        has more cards from it up to the mark than heart cards left. Stops once it is above `wanted`."""
        floor = -1
        for rank in ranks:
            if left[rank] >= 4:  # a rank has four cards: it can never block
                continue
            cards = self.reserve_masks[rank] & alive & below_mark
            for _ in range(left[rank]):
                if not cards:
                    break
                cards ^= 1 << top_bit(cards)
            if cards:
                blocking = top_bit(cards)
                if blocking > floor:
                    floor = blocking
                    if floor > wanted:
                        return floor
        return floor

    def permanent(self, ranks: list[int], segment: int, left: list[int]) -> int:
        """How many cards of `segment` must still be there in any future: a rank keeps those beyond its heart cards."""
        count = 0
        for rank in ranks:
            extra = popcount(self.reserve_masks[rank] & segment) - left[rank]
            if extra > 0:
                count += extra
        return count

    def successors(self, index: int, alive: int, cursor: int) -> list[tuple[int, int, int, int, int, int]]:
        """(cost, index, alive, cursor, first, second): second = -1 - j for reserve card j, else a heart position."""
        heart = self.heart
        reserve = self.reserve
        result: list[tuple[int, int, int, int, int, int]] = []
        free = FREE_LIST[index]
        removed = SETS[index]
        for a in range(len(free)):
            first = free[a]
            for b in range(a + 1, len(free)):
                second = free[b]
                if heart[first] == heart[second]:
                    following = INDEX_OF[removed | (1 << first) | (1 << second)]
                    result.append((1, following, alive, cursor, first, second))
        free_mask = FREE[index]
        ahead = alive >> (cursor + 1)
        after_cursor = popcount(ahead)
        for j in range(len(reserve)):
            if not (alive >> j) & 1:
                continue
            rank_mask = self.rank_masks[reserve[j] - 1] & free_mask
            if not rank_mask:
                continue
            if j == cursor:
                taps = 0
            elif j > cursor:
                taps = popcount(alive & ((1 << (j + 1)) - 1)) - popcount(alive & ((1 << (cursor + 1)) - 1))
            else:
                taps = after_cursor + 1 + popcount(alive & ((1 << (j + 1)) - 1))
            left_alive = alive & ~(1 << j)
            below = left_alive & ((1 << j) - 1)
            new_cursor = top_bit(below)
            while rank_mask:
                bit = rank_mask & -rank_mask
                rank_mask ^= bit
                position = top_bit(bit)
                result.append((taps + 1, STEP[index * HEART + position], left_alive, new_cursor, position, -1 - j))
        return result

    def run(self) -> tuple[bool, list[tuple[int, int, int]]]:
        """A*: (won, macros as (taps, first, second)) with second = -1 for a waste pair."""
        start = (self.start_index, self.start_alive, self.start_cursor)
        if not self.can_win(self.start_index, self.start_alive):
            return False, []
        start_key = _key(*start)
        best: dict[int, int] = {start_key: 0}
        parent: dict[int, tuple[int, int, int, int]] = {}
        heap: list[tuple[int, int, int, int, int, int, bool]] = [
            (self.bound(*start, False), 0, start_key, self.start_index, self.start_alive, self.start_cursor, False)
        ]
        while heap:
            estimate, negative_cost, key, index, alive, cursor, refined = heapq.heappop(heap)
            cost = -negative_cost
            if best.get(key, INFINITY) < cost:
                continue
            if not refined:
                # The chain bound is dear: only states that reach the top of the queue pay for it.
                sharper = cost + self.bound(index, alive, cursor, True)
                if sharper >= INFINITY:
                    best[key] = -1
                    continue
                if sharper > estimate:
                    heapq.heappush(heap, (sharper, negative_cost, key, index, alive, cursor, True))
                    continue
            self.states += 1
            # Pathmax: a child is at most its step cheaper than this state's bound (admissible, and free).
            inherited = estimate - cost
            if index == WON_INDEX:
                return True, self._path(parent, key)
            for step_cost, n_index, n_alive, n_cursor, first, second in self.successors(index, alive, cursor):
                n_key = _key(n_index, n_alive, n_cursor)
                n_cost = cost + step_cost
                if best.get(n_key, INFINITY) <= n_cost:
                    continue
                if n_index != WON_INDEX and not self.can_win(n_index, n_alive):
                    best[n_key] = -1
                    continue
                estimate = self.bound(n_index, n_alive, n_cursor, False)
                if estimate >= INFINITY:
                    best[n_key] = -1
                    continue
                if inherited - step_cost > estimate:
                    estimate = inherited - step_cost
                best[n_key] = n_cost
                parent[n_key] = (key, step_cost - 1, first, second)
                heapq.heappush(heap, (n_cost + estimate, -n_cost, n_key, n_index, n_alive, n_cursor, False))
        return False, []

    def _path(self, parent: dict[int, tuple[int, int, int, int]], key: int) -> list[tuple[int, int, int]]:
        macros: list[tuple[int, int, int]] = []
        while key in parent:
            key, taps, first, second = parent[key]
            macros.append((taps, first, second))
        macros.reverse()
        return macros


def _key(index: int, alive: int, cursor: int) -> int:
    return (alive << 15) | (index << 5) | (cursor + 1)
