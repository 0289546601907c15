"""The hot loop of `mc`: sampled deals, each candidate card (or pass) played out under each plan, summed values.

Compiled by mypyc with the playouts, the heuristic and the sampler (pure Python still works, only slower). The
functions take and return plain values (lists, ints, floats, the `Knowledge` record) so that `mc` can run shares of
them in worker processes.
"""

from __future__ import annotations

import time
from typing import Final

from heartcards.cards.shuffling import FastSplitMix64
from heartcards.hearts.bots.knowledge import Knowledge
from heartcards.hearts.bots.playout import Outlook, playout, solve
from heartcards.hearts.bots.policy import choose_pass_mask, controls, run_is_open
from heartcards.hearts.bots.sampling import HandSampler, PlayReader, ReadingArgs
from heartcards.hearts.engine.cards import TWO_OF_CLUBS_BIT, popcount
from heartcards.hearts.engine.rules import PassDirection

OutlookArgs = tuple[int, list[int], bool, int, float]
"""`Outlook`'s arguments (seat, totals, special variant, target, the others' points' weight), plain to pickle."""

SHOOT_CONTROLS: Final = 0.4
"""A seat weighs the moon only when at least this share of its cards are (near-)sure winners (`controls`)."""


def shoot_plans(known: Knowledge, moon: bool, share: float = SHOOT_CONTROLS) -> list[bool]:
    """The plans to weigh: play normally, and go for the moon while no other seat has a point and at least `share`
    of the hand are controls (the samples then say whether it pays)."""
    hand = known.hand
    if moon and run_is_open(known.taken, known.seat) and controls(hand, known.played) >= share * popcount(hand):
        return [False, True]
    return [False]


def evaluate_plays(
    known: Knowledge,
    candidates: list[int],
    exact: bool,
    prune_margin: float | None,
    outlook_args: OutlookArgs,
    plans: list[bool],
    keen_seats: int,
    reading: ReadingArgs,
    samples: int,
    seed: int,
    budget: float | None,
) -> list[float]:
    """Summed value (`Outlook.value`, lower is better) of each candidate card under each plan over sampled deals, as
    one list of len(plans) × len(candidates) sums, plan by plan (`samples` deals, fewer if `budget` seconds run out;
    at least two), followed by the weight of the deals each candidate saw.

    The seats in the `keen_seats` mask play `keen_card` in the playouts, the others `choose_card`; when `reading`
    fits them, each other seat plays instead the one that better explains its plays in that deal (`PlayReader`),
    except its seats read from earlier deals as `choose_card` players, who play that. Each deal weighs `reading`'s
    misfit weight to the power of the others' plays it leaves unexplained, at most its cap a seat (weight 1: every
    deal counts alike), and its rule weight to the power of those seats' plays unlike `choose_card`'s.
    With `prune_margin`, halfway through the cards worse than the best by more than the margin are dropped and their
    share of the playouts goes to the others. An exact ending (`exact`) is solved by `solve`, where every seat
    already plays for the moon if it pays."""
    outlook = Outlook(*outlook_args)
    rng = FastSplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    width = len(candidates)
    if exact:
        plans = [False]
    totals = [0.0] * (len(plans) * width)
    counts = [0.0] * width
    active = list(range(width))
    me = known.seat
    sampler = HandSampler(known)
    fit_models, _, misfit_weight, _, rule_seats, _ = reading
    reading_needed = fit_models or misfit_weight != 1.0 or rule_seats != 0
    reader = PlayReader(me, known.first_leader, known.history, reading) if reading_needed else None
    playouts_left = samples * width
    pruned = prune_margin is None or exact or width <= 2
    done = 0
    while playouts_left >= len(active):
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        if not pruned and done * 2 >= samples:
            pruned = True
            means = [_best_plan_total(totals, width, len(plans), position) / counts[position] for position in active]
            best = min(means)
            active = [
                position for position, mean in zip(active, means, strict=True) if mean <= best + (prune_margin or 0.0)
            ]
        hands = sampler.sample(rng)
        weight = 1.0
        keen_now = keen_seats
        if reader is not None:
            weight, fitted = reader.read(hands)
            if fit_models:
                keen_now = fitted | 1 << me
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
                        keen_now,
                    )
                # `list[i] = list[i] + x`, not `+=`: compiled, the in-place form is a generic operation on objects.
                slot = plan_index * width + position
                totals[slot] = totals[slot] + weight * outlook.value(points)
            counts[position] = counts[position] + weight
        playouts_left -= len(active)
        done += 1
    return [*totals, *counts]


def _best_plan_total(totals: list[float], width: int, plans: int, position: int) -> float:
    return min(totals[plan * width + position] for plan in range(plans))


def evaluate_passes(
    me: int,
    hand: int,
    direction: PassDirection,
    choices: list[int],
    outlook_args: OutlookArgs,
    plans: list[bool],
    keen_seats: int,
    samples: int,
    seed: int,
    budget: float | None,
) -> list[float]:
    """Summed values of each candidate pass under each plan (plan by plan) over sampled deals in which the others
    pass by the heuristic (the playouts as in `evaluate_plays`), followed by the number of deals played."""
    outlook = Outlook(*outlook_args)
    rng = FastSplitMix64(seed)
    deadline = None if budget is None else time.perf_counter() + budget
    width = len(choices)
    totals = [0.0] * (len(plans) * width)
    unseen = [card for card in range(52) if not hand >> card & 1]
    others = [seat for seat in range(4) if seat != me]
    offset = direction.offset
    done = 0
    while done < samples:
        if deadline is not None and done >= 2 and time.perf_counter() > deadline:
            break
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        for position, card in enumerate(unseen):
            other = others[position // 13]
            hands[other] = hands[other] | 1 << card
        gives = [choose_pass_mask(hands[seat]) if seat != me else 0 for seat in range(4)]
        for position, given in enumerate(choices):
            after = hands[:]
            gives[me] = given
            for seat in range(4):
                after[seat] = after[seat] & ~gives[seat]
            for seat in range(4):
                receiver = (seat + offset) & 3
                after[receiver] = after[receiver] | gives[seat]
            leader = 0
            while not after[leader] & TWO_OF_CLUBS_BIT:
                leader += 1
            for plan_index, shoot in enumerate(plans):
                points = playout(after[:], [], leader, [0, 0, 0, 0], 0, False, 0, -1, me, shoot, keen_seats)
                slot = plan_index * width + position
                totals[slot] = totals[slot] + outlook.value(points)
        done += 1
    return [*totals, *([float(done)] * width)]


def best_by_plan(sums: list[float], width: int, shoot_margin: float = 0.0) -> list[float]:
    """Mean value of each candidate under its best plan, from an `evaluate_*` answer (summed over shares). A plan
    after the first (going for the moon) counts only when it beats the first by more than `shoot_margin` points."""
    plans = len(sums) // width - 1
    counts = sums[plans * width :]
    return [
        min(sums[plan * width + position] / counts[position] + (shoot_margin if plan else 0.0) for plan in range(plans))
        if counts[position]
        else 1e9
        for position in range(width)
    ]
