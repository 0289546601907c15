"""The computer players' pacing runs while they think: a card comes `bot_delay_seconds` after the bot's turn began
(or when the search ends, if that is later), not a search's time plus the whole pause."""

from __future__ import annotations

import asyncio
import time

from heartcards.cards import Card
from heartcards.hearts.bots import RuleBot
from heartcards.hearts.engine import Game, Observation, Phase, Variant
from heartcards.hearts.table import Seat, Table
from heartcards.hearts.tables.drivers import Drivers
from heartcards.hearts.tables.thinking import Thinkers
from tests.hearts.test_table import CREATED

PACE = 0.4


class SlowThinkers(Thinkers):
    """Decides like the rule-based player, after `seconds` of (idle) thought."""

    def __init__(self, seconds: float) -> None:
        super().__init__(workers=1)
        self.seconds = seconds

    async def decide(self, observation: Observation, strength: str, seed: int) -> tuple[Card, ...]:
        await asyncio.sleep(self.seconds)
        bot = RuleBot(seed)
        if observation.phase is Phase.PASS:
            return tuple(bot.choose_pass(observation))
        return (bot.choose_play(observation),)


def seconds_to_a_bot_pass(thinking: float) -> float:
    seats = [Seat(number, "bot", f"B{number}") for number in range(4)]
    table = Table("p" * 32, "solo", Variant.CLASSIC, 100, "easy", 60, "playing", CREATED, Game(3), seats, 3)
    committed: list[int] = []

    async def commit(changed: Table) -> None:
        committed.append(len(changed.game.actions))

    drivers = Drivers(
        commit=commit,
        publish=lambda _: None,
        finished=lambda _: None,
        deal_pause_seconds=30.0,
        bot_delay_seconds=PACE,
        thinkers=SlowThinkers(thinking),
    )
    assert table.game.phase is Phase.PASS

    async def turn() -> float:
        started = time.monotonic()
        await drivers._bot_turn(table, 1, 0, table.game.observation(1))
        return time.monotonic() - started

    elapsed = asyncio.run(turn())
    assert committed == [1]  # the bot's pass was played and stored
    return elapsed


def test_a_quick_decision_waits_for_the_pace() -> None:
    assert PACE <= seconds_to_a_bot_pass(0.0) < PACE + 0.15


def test_the_pause_runs_while_the_bot_thinks() -> None:
    # thinking for 0.3 s of the 0.4 s pace: the card at about 0.4 s, where thinking then pausing would take 0.7 s
    assert PACE <= seconds_to_a_bot_pass(0.3) < PACE + 0.2
