"""A computer player's decision at a table: a pure function of what the seat observes, the table's strength, a seed
and a budget, so any process decides the same.

The seed is derived from the table (its own seed, the seat and how many actions the game has seen, so a restarted
server decides the same); the budget is the share of the strength's playouts the decision plays, a count and never a
time (no clock cuts a search short, so a slow or busy machine decides the same as a quiet one), one of a few steps
(1, 1/2, 1/4, 1/8, 1/16: `budget_step`), so decisions under similar load get the same budget and the same card;
below `MIN_BUDGET` the rule-based player decides instead (instant).
"""

from __future__ import annotations

import math
import time
from typing import Final

from heartcards.cards import SplitMix64
from heartcards.hearts.bots import EASY, player
from heartcards.hearts.engine import Observation, Phase
from heartcards.hearts.tables.wire import ObservationFields, observation_of_fields

MIN_BUDGET: Final = 0.05
"""Below this share of its search a strength would play no better than the rule-based player, which then decides: the
smallest step a strength plays is 1/16."""


def decision_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a decision: mixed from the table's seed, the seat and the number of actions played so far."""
    return SplitMix64(((table_seed * 4 + seat) * 1_000_003 + actions) & ((1 << 64) - 1)).next64()


def decide(observation: Observation, strength: str, seed: int, budget: float) -> tuple[str, ...]:
    """What the computer player of `strength` does for the observing seat: three card texts to pass, or one to play.
    The same arguments give the same choice, in any process, however fast the machine (`budget` is a share of the
    strength's playouts, and no time cap applies)."""
    bot = player(strength, seed, budget) if budget >= MIN_BUDGET else player(EASY, seed)
    if observation.phase is Phase.PASS:
        return tuple(card.text for card in bot.choose_pass(observation))
    return (bot.choose_play(observation).text,)


def budget_step(share: float) -> float:
    """The largest of 1, 1/2, 1/4, 1/8 … that is not above `share` (1 for a share of 1 or more): the budget a
    decision gets, so that a little more or less load changes nothing in what the bots play."""
    if share >= 1.0:
        return 1.0
    if share <= 0.0:
        return 0.0
    _, exponent = math.frexp(share)  # share = m · 2**exponent with 0.5 <= m < 1
    return math.ldexp(0.5, exponent)


def decide_in_worker(
    fields: ObservationFields, strength: str, seed: int, budget: float
) -> tuple[tuple[str, ...], float]:
    """`decide` on an observation sent as plain fields (`heartcards.hearts.tables.wire`), with the wall-clock seconds
    it took in the worker (what a full search costs on this machine now)."""
    observation = observation_of_fields(fields)
    started = time.perf_counter()
    return decide(observation, strength, seed, budget), time.perf_counter() - started
