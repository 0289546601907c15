"""The computer players' decisions: a pure function of observation, strength, seed and budget, decided in worker
processes at a lower priority, with less thinking when many decisions wait."""

from __future__ import annotations

import asyncio
import os

from heartcards.hearts.bots import RuleBot
from heartcards.hearts.engine import Game, Phase
from heartcards.web.hearts.thinking import MIN_BUDGET, Thinkers, decide, decision_seed, worker_niceness


def a_game_in_play() -> Game:
    game = Game(12345)
    for seat in range(4):
        game.apply_pass(seat, game.hand(seat)[:3])
    assert game.phase is Phase.PLAY
    return game


def test_a_decision_is_a_function_of_its_arguments() -> None:
    game = a_game_in_play()
    seat = game.turn
    assert seat is not None
    observation = game.observation(seat)
    seed = decision_seed(99, seat, len(game.actions))
    first = decide(observation, "strong", seed, 0.2)
    assert first == decide(observation, "strong", seed, 0.2)
    assert first[0] in {card.text for card in observation.legal}
    passing = Game(7).observation(1)
    chosen = decide(passing, "normal", 5, 1.0)
    assert len(set(chosen)) == 3 and set(chosen) <= {card.text for card in passing.hand}


def test_seeds_differ_by_table_seat_and_moment() -> None:
    seeds = {decision_seed(table, seat, actions) for table in (1, 2) for seat in range(4) for actions in range(5)}
    assert len(seeds) == 40


def test_with_too_small_a_budget_the_rule_player_decides() -> None:
    observation = a_game_in_play().observation(a_game_in_play().turn or 0)
    assert decide(observation, "strong", 3, MIN_BUDGET / 2) == (RuleBot(3).choose_play(observation).text,)


def test_the_budget_shrinks_when_decisions_wait() -> None:
    thinkers = Thinkers(workers=2)
    assert thinkers.budget("strong") == 1.0
    thinkers.waiting = 100
    crowded = thinkers.budget("strong")
    assert crowded < 0.2
    thinkers.waiting = 1000
    assert thinkers.budget("strong") < crowded
    thinkers.waiting = 100
    thinkers.full_seconds["strong"] = 1.0  # the workers turned slow (a busy machine): think less still
    assert thinkers.budget("strong") < crowded


def test_decisions_run_in_other_processes_at_a_lower_priority() -> None:
    thinkers = Thinkers(workers=1)
    try:
        assert thinkers.pool().submit(os.getpid).result(timeout=60) != os.getpid()
        assert thinkers.pool().submit(worker_niceness).result(timeout=60) > os.nice(0)
        game = a_game_in_play()
        seat = game.turn or 0

        async def ask() -> tuple[object, ...]:
            return await thinkers.decide(game.observation(seat), "easy", 1)

        (card,) = asyncio.run(ask())
        assert card in game.observation(seat).legal
        assert thinkers.waiting == 0
    finally:
        thinkers.close()


def test_a_dead_worker_is_replaced() -> None:
    thinkers = Thinkers(workers=1)
    try:
        pid = thinkers.pool().submit(os.getpid).result(timeout=60)
        os.kill(pid, 9)
        game = a_game_in_play()
        seat = game.turn or 0

        async def ask() -> tuple[object, ...]:
            return await thinkers.decide(game.observation(seat), "easy", 1)

        (card,) = asyncio.run(ask())  # the broken pool is replaced and the decision asked again
        assert card in game.observation(seat).legal
    finally:
        thinkers.close()
