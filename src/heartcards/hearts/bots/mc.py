"""`mc`: perfect-information Monte Carlo.

For a play: sample the hidden hands consistently with what the seat knows, play each distinct candidate card out
with fast heuristic playouts (or solve the ending exactly once few cards remain), and keep the card with the best
mean points relative to the others. For a pass: sample the other hands, let them pass by the heuristic, play the deal
out, and keep the best of a few candidate passes. A budget of playouts per decision sets the strength; a time cap
stops early on a slow machine (then, and only then, a seed may not replay the same game). With `workers` > 1 the
samples are shared among that many processes (both cores), which pays once a decision takes tens of milliseconds.
"""

from __future__ import annotations

import atexit
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.playout import playout, relative_score, solve
from heartcards.hearts.bots.policy import choose_pass_mask, pass_danger
from heartcards.hearts.bots.sampling import HandSampler
from heartcards.hearts.engine import CARDS, Observation, PassDirection, cards_of, mask_of
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_INDEX, TWO_OF_CLUBS_BIT


@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    """`playouts`: playouts per play decision (split over the candidate cards); `pass_playouts` likewise for a pass
    (over up to C(`pass_candidates`, 3) candidate passes); `exact_cards`: solve exactly once the seat holds at most
    this many cards, over `exact_samples` deals; `time_cap`: seconds per decision, or None; `workers`: processes."""

    playouts: int = 240
    pass_playouts: int = 240
    pass_candidates: int = 6
    exact_cards: int = 3
    exact_samples: int = 12
    time_cap: float | None = 0.08
    workers: int = 1


def equivalent_runs(legal: int, hand: int, played: int) -> list[int]:
    """One card per run of legal cards that are interchangeable: same suit, only our own or played cards between
    them, never the Q♠ together with another (it scores differently)."""
    out: list[int] = []
    previous = -2
    mask = legal
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        if previous >= 0 and card // 13 == previous // 13 and QUEEN_OF_SPADES_INDEX not in (card, previous):
            between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            if between & ~(hand | played) == 0 and not between & (1 << QUEEN_OF_SPADES_INDEX):
                previous = card
                continue
        out.append(card)
        previous = card
    return out


def evaluate_plays(
    known: Knowledge, candidates: list[int], samples: int, exact: bool, seed: int, budget: float | None
) -> list[float]:
    """Summed relative scores of each candidate card over `samples` sampled deals (fewer if `budget` seconds run
    out; at least two)."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    totals = [0.0] * len(candidates)
    me = known.seat
    sampler = HandSampler(known)
    for done in range(samples):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        hands = sampler.sample(rng)
        for position, card in enumerate(candidates):
            if exact:
                points = solve(
                    hands[:], known.trick[:], known.leader, known.taken[:], known.hearts_broken, known.tricks_done, card
                )
            else:
                points = playout(
                    hands[:],
                    known.trick[:],
                    known.leader,
                    known.taken[:],
                    known.played,
                    known.hearts_broken,
                    known.tricks_done,
                    card,
                )
            totals[position] += relative_score(points, me)
    return totals


def evaluate_passes(
    me: int, hand: int, direction: PassDirection, choices: list[int], samples: int, seed: int, budget: float | None
) -> list[float]:
    """Summed relative scores of each candidate pass over sampled deals in which the others pass by the heuristic."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    totals = [0.0] * len(choices)
    unseen = [card for card in range(52) if not hand >> card & 1]
    others = [seat for seat in range(4) if seat != me]
    for done in range(samples):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        for position, card in enumerate(unseen):
            hands[others[position // 13]] |= 1 << card
        gives = [choose_pass_mask(hands[seat]) if seat != me else 0 for seat in range(4)]
        for position, given in enumerate(choices):
            after = hands[:]
            gives[me] = given
            for seat in range(4):
                after[seat] &= ~gives[seat]
            for seat in range(4):
                after[direction.receiver(seat)] |= gives[seat]
            leader = next(seat for seat in range(4) if after[seat] & TWO_OF_CLUBS_BIT)
            points = playout(after, [], leader, [0, 0, 0, 0], 0, False, 0)
            totals[position] += relative_score(points, me)
    return totals


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One shared pool per size, started on first use and shut down at exit."""
    pool = _POOLS.get(workers)
    if pool is None:
        pool = ProcessPoolExecutor(max_workers=workers)
        _POOLS[workers] = pool
        atexit.register(pool.shutdown, cancel_futures=True)
    return pool


class MonteCarloBot:
    name = "mc"

    def __init__(self, seed: int, settings: MonteCarloSettings | None = None) -> None:
        self.rng = SplitMix64(seed)
        self.settings = settings or MonteCarloSettings()

    def _shares(self, samples: int) -> list[tuple[int, int]]:
        """(samples, seed) per worker; the seeds come from the bot's own generator."""
        workers = max(1, min(self.settings.workers, samples))
        base, extra = divmod(samples, workers)
        return [(base + (1 if index < extra else 0), self.rng.next64()) for index in range(workers)]

    # -- plays ------------------------------------------------------------------------------------------------------

    def choose_play(self, observation: Observation) -> Card:
        legal_cards = observation.legal
        if len(legal_cards) == 1:
            return legal_cards[0]
        known = knowledge_of(observation)
        candidates = equivalent_runs(mask_of(legal_cards), known.hand, known.played)
        if len(candidates) == 1:
            return CARDS[candidates[0]]
        settings = self.settings
        exact = known.hand.bit_count() <= settings.exact_cards
        samples = settings.exact_samples if exact else max(2, -(-settings.playouts // len(candidates)))
        shares = self._shares(samples)
        if len(shares) == 1:
            totals = evaluate_plays(known, candidates, samples, exact, shares[0][1], settings.time_cap)
        else:
            pool = _pool(len(shares))
            futures = [
                pool.submit(evaluate_plays, known, candidates, count, exact, seed, settings.time_cap)
                for count, seed in shares
            ]
            parts = [future.result() for future in futures]
            totals = [sum(values) for values in zip(*parts, strict=True)]
        best = min(range(len(candidates)), key=lambda position: (totals[position], candidates[position]))
        return CARDS[candidates[best]]

    # -- passes -----------------------------------------------------------------------------------------------------

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = mask_of(observation.hand)
        choices = self._pass_candidates(hand)
        best = choices[0]
        if len(choices) > 1:
            settings = self.settings
            samples = max(2, -(-settings.pass_playouts // len(choices)))
            shares = self._shares(samples)
            args = (observation.seat, hand, observation.pass_direction, choices)
            if len(shares) == 1:
                totals = evaluate_passes(*args, samples, shares[0][1], settings.time_cap)
            else:
                pool = _pool(len(shares))
                futures = [
                    pool.submit(evaluate_passes, *args, count, seed, settings.time_cap) for count, seed in shares
                ]
                parts = [future.result() for future in futures]
                totals = [sum(values) for values in zip(*parts, strict=True)]
            best = choices[min(range(len(choices)), key=lambda position: (totals[position], position))]
        first, second, third = cards_of(best)
        return first, second, third

    def _pass_candidates(self, hand: int) -> list[int]:
        """The heuristic's pass and the other triples of its most dangerous cards."""
        top = [card for _, card in pass_danger(hand)[: self.settings.pass_candidates]]
        heuristic = choose_pass_mask(hand)
        choices = [heuristic]
        for triple in combinations(top, 3):
            mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
            if mask != heuristic:
                choices.append(mask)
        return choices
