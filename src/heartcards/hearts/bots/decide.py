"""One computer-player decision as a pure function: `decide(observation, strength, seed, budget)`.

A server calls it for a bot's turn, in its own process or a worker process: the inputs (an `Observation`, a strength
name, an integer seed, a float) pickle, and the answer depends on nothing else, so a restarted server that asks again
gets the same card. There is no time cap (a cap would make the answer depend on the machine's speed); the `budget`
knob instead scales the strength's playouts down (1.0 = all of them, 0.25 = a quarter) when the server must think
less, e.g. under load.
"""

from __future__ import annotations

from heartcards.cards import Card
from heartcards.hearts.bots.registry import STRENGTH_NAMES, player
from heartcards.hearts.engine import Observation, Phase


class DecisionError(ValueError):
    """A decision that cannot be made: an unknown strength, a budget outside (0, 1], or nothing for this seat to do."""

    key = "hearts.error.decision"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


def decide(observation: Observation, strength: str, seed: int, budget: float = 1.0) -> Card | tuple[Card, Card, Card]:
    """The bot's answer for the seat of `observation`: three cards to pass in the pass phase (if it has not passed
    yet), or the card to play on its turn. Same inputs, same answer, in any process.

    Raises `DecisionError` for an unknown strength, a budget outside (0, 1], or an observation that asks nothing of
    its seat (not its turn, already passed, deal or game over).
    """
    if strength not in STRENGTH_NAMES:
        raise DecisionError(
            f"{strength!r} is not a strength: choose one of {', '.join(STRENGTH_NAMES)}", strength=strength
        )
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
    bot = player(strength, seed, float(budget))
    return bot.choose_pass(observation) if passing else bot.choose_play(observation)
