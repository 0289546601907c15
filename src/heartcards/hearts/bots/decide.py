"""One computer-player decision as a pure function: `decide(observation, level, seed, budget)`.

A server calls it for a bot's turn, in its own process or a worker process: the inputs (an `Observation`, a level
name, an integer seed, a float) pickle, and the answer depends on nothing else, so a restarted server that asks again
gets the same card. There is no time cap (a cap would make the answer depend on the machine's speed); the `budget`
knob instead scales the level's playouts down (1.0 = the level's own, 0.25 = a quarter) when the server must think
less, e.g. under load.
"""

from __future__ import annotations

import math
from dataclasses import replace

from heartcards.cards import Card
from heartcards.hearts.bots.mc import STRENGTHS, MonteCarloBot, MonteCarloSettings
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.bots.rule import RuleBot
from heartcards.hearts.engine import Observation, Phase

MIN_PLAYOUTS = 24
"""The fewest playouts a decision gets however small the budget (below this the samples say little)."""


class DecisionError(ValueError):
    """A decision that cannot be made: an unknown level, a budget outside (0, 1], or nothing for this seat to do."""

    key = "hearts.error.decision"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


def level_names() -> tuple[str, ...]:
    """The levels `decide` takes: `random`, `rule`, and the `mc` strengths (`fast`, `normal`, `strong`)."""
    return ("random", "rule", *STRENGTHS)


def settings_for(level: str, budget: float) -> MonteCarloSettings:
    """The `mc` settings of a strength level with its playouts scaled by `budget`, no time cap and one process."""
    base = STRENGTHS[level]
    return replace(
        base,
        playouts=max(MIN_PLAYOUTS, math.ceil(base.playouts * budget)),
        pass_playouts=max(MIN_PLAYOUTS, math.ceil(base.pass_playouts * budget)),
        exact_samples=max(2, math.ceil(base.exact_samples * budget)),
        time_cap=None,
        workers=1,
    )


def decide(observation: Observation, level: str, seed: int, budget: float = 1.0) -> Card | tuple[Card, Card, Card]:
    """The bot's answer for the seat of `observation`: three cards to pass in the pass phase (if it has not passed
    yet), or the card to play on its turn. Same inputs, same answer, in any process.

    Raises `DecisionError` for an unknown level, a budget outside (0, 1], or an observation that asks nothing of
    its seat (not its turn, already passed, deal or game over).
    """
    if level not in level_names():
        raise DecisionError(f"{level!r} is not a level: choose one of {', '.join(level_names())}", level=level)
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not 0.0 < budget <= 1.0:
        raise DecisionError(f"the budget must be a number in (0, 1], not {budget!r}", budget=str(budget))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DecisionError(f"the seed must be a whole number, not {seed!r}", seed=str(seed))
    passing = observation.phase is Phase.PASS and not observation.passed
    if not passing and not observation.legal:
        raise DecisionError(
            f"seat {observation.seat} has nothing to decide in phase {observation.phase.value!r}",
            seat=observation.seat,
            phase=observation.phase.value,
        )
    if level == "random":
        bot: RandomBot | RuleBot | MonteCarloBot = RandomBot(seed)
    elif level == "rule":
        bot = RuleBot(seed)
    else:
        bot = MonteCarloBot(seed, settings_for(level, float(budget)))
    return bot.choose_pass(observation) if passing else bot.choose_play(observation)
