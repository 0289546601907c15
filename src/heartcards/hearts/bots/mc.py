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
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots.knowledge import Knowledge, knowledge_of
from heartcards.hearts.bots.playout import Outlook, playout, solve
from heartcards.hearts.bots.policy import choose_pass_mask, controls, moon_pass_mask, pass_danger, run_is_open
from heartcards.hearts.bots.sampling import HandSampler
from heartcards.hearts.engine import CARDS, Observation, PassDirection, Variant, cards_of, mask_of
from heartcards.hearts.engine.cards import QUEEN_OF_SPADES_INDEX, TWO_OF_CLUBS_BIT


@dataclass(frozen=True, slots=True)
class MonteCarloSettings:
    """`playouts`: playouts per play decision (split over the candidate cards); `pass_playouts` likewise for a pass
    (over up to C(`pass_candidates`, 3) candidate passes); `exact_cards`: solve exactly once the seat holds at most
    this many cards, over `exact_samples` deals; `time_cap`: seconds per decision, or None; `workers`: processes;
    `prune_margin`: drop cards this many points worse than the best halfway through (None: never); `moon`: weigh
    going for the moon (off only to measure what it brings)."""

    playouts: int = 240
    pass_playouts: int = 240
    pass_candidates: int = 6
    exact_cards: int = 3
    exact_samples: int = 12
    time_cap: float | None = 0.08
    workers: int = 1
    prune_margin: float | None = None
    moon: bool = True


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


SHOOT_CONTROLS = 0.4
"""A seat weighs the moon only when at least this share of its cards are (near-)sure winners (`controls`)."""


def shoot_plans(known: Knowledge, moon: bool) -> list[bool]:
    """The plans to weigh: play normally, and go for the moon while no other seat has a point and the hand has the
    controls for it (the samples then say whether it pays)."""
    hand = known.hand
    if (
        moon
        and run_is_open(known.taken, known.seat)
        and controls(hand, known.played) >= SHOOT_CONTROLS * hand.bit_count()
    ):
        return [False, True]
    return [False]


def evaluate_plays(
    known: Knowledge,
    candidates: list[int],
    exact: bool,
    prune_margin: float | None,
    outlook: Outlook,
    plans: list[bool],
    samples: int,
    seed: int,
    budget: float | None,
) -> list[float]:
    """Summed value (`Outlook.value`, lower is better) of each candidate card under each plan over sampled deals, as
    one list of len(plans) × len(candidates) sums, plan by plan (`samples` deals, fewer if `budget` seconds run out;
    at least two), followed by the number of deals each candidate saw. With `prune_margin`, halfway through the
    cards worse than the best by more than the margin are dropped and their share of the playouts goes to the
    others. An exact ending (`exact`) is solved by `solve`, where every seat already plays for the moon if it pays."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    width = len(candidates)
    if exact:
        plans = [False]
    totals = [0.0] * (len(plans) * width)
    counts = [0] * width
    active = list(range(width))
    me = known.seat
    sampler = HandSampler(known)
    playouts_left = samples * width
    pruned = prune_margin is None or exact or width <= 2
    done = 0
    while playouts_left >= len(active):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        if not pruned and done * 2 >= samples:
            pruned = True
            means = [_best_plan_total(totals, width, len(plans), position) / done for position in active]
            best = min(means)
            active = [
                position for position, mean in zip(active, means, strict=True) if mean <= best + (prune_margin or 0.0)
            ]
        hands = sampler.sample(rng)
        for position in active:
            card = candidates[position]
            for plan_index, shoot in enumerate(plans):
                if exact:
                    points = solve(
                        hands[:],
                        known.trick[:],
                        known.leader,
                        known.taken[:],
                        known.hearts_broken,
                        known.tricks_done,
                        card,
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
                        me,
                        shoot,
                    )
                totals[plan_index * width + position] += outlook.value(points)
            counts[position] += 1
        playouts_left -= len(active)
        done += 1
    return [*totals, *[float(count) for count in counts]]


def _best_plan_total(totals: list[float], width: int, plans: int, position: int) -> float:
    return min(totals[plan * width + position] for plan in range(plans))


def evaluate_passes(
    me: int,
    hand: int,
    direction: PassDirection,
    choices: list[int],
    outlook: Outlook,
    plans: list[bool],
    samples: int,
    seed: int,
    budget: float | None,
) -> list[float]:
    """Summed values of each candidate pass under each plan (plan by plan) over sampled deals in which the others
    pass by the heuristic, followed by the number of deals played."""
    rng = SplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    width = len(choices)
    totals = [0.0] * (len(plans) * width)
    unseen = [card for card in range(52) if not hand >> card & 1]
    others = [seat for seat in range(4) if seat != me]
    done = 0
    while done < samples:
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
            leader = 0
            while not after[leader] & TWO_OF_CLUBS_BIT:
                leader += 1
            for plan_index, shoot in enumerate(plans):
                points = playout(after[:], [], leader, [0, 0, 0, 0], 0, False, 0, -1, me, shoot)
                totals[plan_index * width + position] += outlook.value(points)
        done += 1
    return [*totals, *([float(done)] * width)]


def best_by_plan(sums: list[float], width: int) -> list[float]:
    """Mean value of each candidate under its best plan, from an `evaluate_*` answer (summed over shares)."""
    plans = len(sums) // width - 1
    counts = sums[plans * width :]
    return [
        min(sums[plan * width + position] for plan in range(plans)) / counts[position] if counts[position] else 1e9
        for position in range(width)
    ]


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

    def _spread(self, function: Callable[..., list[float]], args: tuple[object, ...], samples: int) -> list[float]:
        """Runs `function(*args, samples, seed, time_cap)` in shares, one per worker, and sums their results.

        The shares and their seeds depend only on the settings and the bot's generator, so a seed gives the same
        choices whether the shares run in worker processes or, in a process that is itself a worker (a simulation
        with --jobs, whose cores are busy already), one after the other here."""
        settings = self.settings
        workers = max(1, min(settings.workers, samples))
        base, extra = divmod(samples, workers)
        shares = [(base + (1 if index < extra else 0), self.rng.next64()) for index in range(workers)]
        cap = settings.time_cap
        if workers == 1 or multiprocessing.parent_process() is not None:
            share_cap = None if cap is None else cap / workers
            parts = [function(*args, count, seed, share_cap) for count, seed in shares]
        else:
            pool = _pool(workers)
            parts = [future.result() for future in [pool.submit(function, *args, n, seed, cap) for n, seed in shares]]
        return [sum(values) for values in zip(*parts, strict=True)]

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
        plans = shoot_plans(known, settings.moon)
        args = (known, candidates, exact, settings.prune_margin, outlook_of(observation), plans)
        scores = best_by_plan(self._spread(evaluate_plays, args, samples), len(candidates))
        best = min(range(len(candidates)), key=lambda position: (scores[position], candidates[position]))
        return CARDS[candidates[best]]

    # -- passes -----------------------------------------------------------------------------------------------------

    def choose_pass(self, observation: Observation) -> tuple[Card, Card, Card]:
        hand = mask_of(observation.hand)
        shoot = self.settings.moon and controls(hand, 0) >= SHOOT_CONTROLS * hand.bit_count()
        choices = self._pass_candidates(hand, shoot)
        best = choices[0]
        if len(choices) > 1:
            samples = max(2, -(-self.settings.pass_playouts // len(choices)))
            plans = [False, True] if shoot else [False]
            args = (observation.seat, hand, observation.pass_direction, choices, outlook_of(observation), plans)
            scores = best_by_plan(self._spread(evaluate_passes, args, samples), len(choices))
            best = choices[min(range(len(choices)), key=lambda position: (scores[position], position))]
        first, second, third = cards_of(best)
        return first, second, third

    def _pass_candidates(self, hand: int, shoot: bool) -> list[int]:
        """The heuristic's pass, the other triples of its most dangerous cards and, for a hand that may go for the
        moon, the pass that keeps it together (its three lowest losers)."""
        top = [card for _, card in pass_danger(hand)[: self.settings.pass_candidates]]
        heuristic = choose_pass_mask(hand)
        choices = [heuristic]
        for triple in combinations(top, 3):
            mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
            if mask != heuristic:
                choices.append(mask)
        if shoot:
            keeping = moon_pass_mask(hand)
            if keeping not in choices:
                choices.append(keeping)
        return choices


def outlook_of(observation: Observation) -> Outlook:
    """The deciding seat's `Outlook`: its seat, the totals before this deal, the variant and the target."""
    return Outlook(
        observation.seat, list(observation.totals), observation.variant is Variant.SPECIAL, observation.target
    )
