"""The computer players' decisions: a pure function of observation, strength, seed and budget, decided in worker
processes at a lower priority, with less thinking when many decisions wait (in a few steps of budget)."""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import pickle
import signal
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

from heartcards.cards import Card
from heartcards.hearts.bots import RuleBot
from heartcards.hearts.bots import decide as bot_decide
from heartcards.hearts.engine import Game, Observation, Phase
from heartcards.hearts.tables.thinking import (
    MIN_BUDGET,
    DecisionError,
    Thinkers,
    WorkerDiedError,
    budget_step,
    decide,
    decision_seed,
    observation_fields,
    observation_of_fields,
)


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


def positions() -> list[Observation]:
    """Seats to decide for: passes, and plays at several moments of three deals (rule bots played up to there), and
    of the second and third deals of a game (with earlier deals to read)."""
    found = [Game(seed).observation(1) for seed in (7, 8)]
    for seed, deals in ((31, 1), (32, 1), (33, 1), (34, 2), (35, 3)):
        for cards_played in (1, 5, 9, 14, 22):
            game = Game(seed)
            for _ in range(deals - 1):
                play_by_rule(game, 52)
                game.apply_next_deal()
            play_by_rule(game, cards_played)
            assert len(game.observation(0).earlier_deals) == deals - 1
            found.append(game.observation(game.turn or 0))
    return found


def play_by_rule(game: Game, cards: int) -> None:
    """Rule bots pass (when the deal has a pass) and play `cards` cards."""
    if game.phase is Phase.PASS:
        for seat in range(4):
            passed = bot_decide(game.observation(seat), "easy", seat)
            assert isinstance(passed, tuple)
            game.apply_pass(seat, passed)
    for _ in range(cards):
        seat = game.turn
        assert seat is not None
        card = bot_decide(game.observation(seat), "easy", seat)
        assert not isinstance(card, tuple)
        game.apply_play(seat, card)


CASES = [("normal", 1, 1.0), ("strong", 2, 1.0), ("strong", 3, 0.25)]
"""(strength, seed, budget) of the decisions compared below."""


def all_decisions(observations: list[Observation]) -> list[tuple[str, ...]]:
    return [decide(observation, *case) for observation in observations for case in CASES]


@pytest.mark.slow
def test_the_same_decision_in_this_process_and_in_a_fresh_one() -> None:
    observations = positions()
    here = all_decisions(observations)
    assert here == all_decisions(observations)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(all_decisions, observations).result(timeout=600)
    assert there == here


@pytest.mark.slow
def test_a_decision_does_not_depend_on_the_speed_of_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    observations = positions()
    quiet = all_decisions(observations)
    clock = itertools.count(0.0, 1.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))  # every look at the clock: a second later
    assert all_decisions(observations) == quiet  # no time cap cut a search short


def test_the_budget_is_one_of_a_few_steps() -> None:
    assert [budget_step(share) for share in (3.0, 1.0, 0.99, 0.5, 0.3, 0.25, 0.2, 0.13, 0.07)] == [
        1.0,
        1.0,
        0.5,
        0.5,
        0.25,
        0.25,
        0.125,
        0.125,
        0.0625,
    ]
    thinkers = Thinkers(workers=2)
    budgets = set()
    for waiting in range(40):
        thinkers.waiting = waiting
        budgets.add(thinkers.budget("strong"))
    assert budgets <= {1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625}
    thinkers.waiting = 20
    similar = thinkers.budget("strong")
    thinkers.waiting = 21  # one decision more waiting: the same budget, so the same cards
    assert thinkers.budget("strong") == similar


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


class FixedBudget(Thinkers):
    """Thinkers whose decisions all get `share` of a search, whatever the load: comparable with `decide` run here."""

    def __init__(self, workers: int, share: float) -> None:
        super().__init__(workers=workers)
        self.share = share

    def budget(self, strength: str) -> float:
        return self.share


def ended(pid: int) -> bool:
    """The process ended and was reaped (no zombie left)."""
    return not os.path.exists(f"/proc/{pid}")


async def soon(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Whether `condition` holds within `seconds`, the loop running meanwhile (a busy machine is slow to end a
    process)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


def test_an_observation_travels_as_plain_fields() -> None:
    for observation in positions():
        fields = observation_fields(observation)
        assert observation_of_fields(pickle.loads(pickle.dumps(fields))) == observation


def test_decisions_run_in_other_processes_at_a_lower_priority_and_no_thread_here() -> None:
    thinkers = Thinkers(workers=1)
    threads = set(threading.enumerate())
    game = a_game_in_play()
    seat = game.turn or 0

    async def ask() -> tuple[object, ...]:
        thinkers.warm_up()
        return await thinkers.decide(game.observation(seat), "easy", 1)

    try:
        (card,) = asyncio.run(ask())
        assert card in game.observation(seat).legal
        assert thinkers.waiting == 0
        (pid,) = thinkers.worker_pids()
        assert pid != os.getpid()
        assert os.getpriority(os.PRIO_PROCESS, pid) > os.nice(0)
        assert set(threading.enumerate()) == threads  # no feeder or manager thread to take the GIL from the loop
    finally:
        thinkers.close()


def test_more_decisions_than_workers_are_all_answered_as_decide_answers() -> None:
    observations = positions()
    thinkers = FixedBudget(workers=2, share=0.25)

    async def ask_all() -> list[tuple[Card, ...]]:
        return await asyncio.gather(
            *(thinkers.decide(observation, "normal", seed) for seed, observation in enumerate(observations))
        )

    try:
        answers = asyncio.run(ask_all())
        assert thinkers.waiting == 0 and len(thinkers.worker_pids()) == 2
    finally:
        thinkers.close()
    expected = [decide(observation, "normal", seed, 0.25) for seed, observation in enumerate(observations)]
    assert [tuple(card.text for card in answer) for answer in answers] == expected


def test_a_request_the_socket_takes_in_pieces_is_sent_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    original = socket.socket.send

    def trickle(self: socket.socket, data: bytes, flags: int = 0) -> int:
        return original(self, bytes(data[:7]), flags)  # as a full socket buffer would

    monkeypatch.setattr(socket.socket, "send", trickle)
    observation = positions()[4]
    thinkers = FixedBudget(workers=1, share=1.0)
    try:
        (card,) = asyncio.run(thinkers.decide(observation, "easy", 3))
    finally:
        thinkers.close()
    assert (card.text,) == decide(observation, "easy", 3, 1.0)


def test_a_worker_killed_while_deciding_is_replaced_and_the_decision_answered() -> None:
    thinkers = FixedBudget(workers=1, share=1.0)
    observation = positions()[6]

    async def ask_and_kill() -> tuple[Card, ...]:
        thinkers.warm_up()
        (pid,) = thinkers.worker_pids()
        decision = asyncio.ensure_future(thinkers.decide(observation, "strong", 5))
        await asyncio.sleep(0)  # the request is sent: the worker, still starting, cannot have answered yet
        os.kill(pid, signal.SIGKILL)
        answer = await decision
        assert thinkers.worker_pids() != [pid]
        assert await soon(lambda: ended(pid))
        return answer

    try:
        (card,) = asyncio.run(ask_and_kill())
    finally:
        thinkers.close()
    assert (card.text,) == decide(observation, "strong", 5, 1.0)


def test_an_idle_worker_killed_is_replaced_on_the_next_decision() -> None:
    thinkers = Thinkers(workers=1)
    game = a_game_in_play()
    seat = game.turn or 0

    async def kill_then_ask() -> tuple[object, ...]:
        thinkers.warm_up()
        (pid,) = thinkers.worker_pids()
        os.kill(pid, signal.SIGKILL)
        assert await soon(lambda: ended(pid) and thinkers.worker_pids() == [])
        return await thinkers.decide(game.observation(seat), "easy", 1)

    try:
        (card,) = asyncio.run(kill_then_ask())
        assert card in game.observation(seat).legal
    finally:
        thinkers.close()


def test_a_decision_fails_when_its_worker_dies_twice() -> None:
    thinkers = FixedBudget(workers=1, share=1.0)
    observation = positions()[6]

    async def ask_and_kill_twice() -> None:
        thinkers.warm_up()
        decision = asyncio.ensure_future(thinkers.decide(observation, "strong", 5))
        killed: list[int] = []
        for _ in range(2):
            while not thinkers.worker_pids() or thinkers.worker_pids()[0] in killed:
                await asyncio.sleep(0)  # until the request is sent to a (new) worker, which is still starting
            (pid,) = thinkers.worker_pids()
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        with pytest.raises(WorkerDiedError):
            await decision
        assert thinkers.waiting == 0

    try:
        asyncio.run(ask_and_kill_twice())
    finally:
        thinkers.close()


def test_a_decision_that_fails_in_its_worker_raises_here_and_the_worker_lives_on() -> None:
    thinkers = FixedBudget(workers=1, share=1.0)

    async def ask_for_an_unknown_strength() -> None:
        thinkers.warm_up()
        (pid,) = thinkers.worker_pids()
        with pytest.raises(DecisionError, match="UnknownBotError"):
            await thinkers.decide(positions()[4], "no-such-strength", 1)
        assert thinkers.worker_pids() == [pid]
        (card,) = await thinkers.decide(positions()[4], "easy", 1)
        assert (card.text,) == decide(positions()[4], "easy", 1, 1.0)

    try:
        asyncio.run(ask_for_an_unknown_strength())
    finally:
        thinkers.close()


def test_close_ends_every_worker_even_a_busy_one() -> None:
    thinkers = FixedBudget(workers=2, share=1.0)
    observation = positions()[6]

    async def start_deciding() -> list[int]:
        thinkers.warm_up()
        decision = asyncio.ensure_future(thinkers.decide(observation, "strong", 5))
        await asyncio.sleep(0)  # the request is sent: a worker, still starting, is busy with it
        pids = thinkers.worker_pids()
        thinkers.close()  # as the server's shutdown does, in its loop
        with pytest.raises(asyncio.CancelledError):
            await decision
        return pids

    pids = asyncio.run(start_deciding())
    assert len(pids) == 2 and all(ended(pid) for pid in pids)
    assert thinkers.worker_pids() == []
