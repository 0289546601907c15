"""The computer players' decisions, in worker processes at a lower scheduling priority than the server.

A decision is a pure function of what the seat observes, the table's strength, a seed derived from the table (its
own seed, the seat and how many actions the game has seen, so a restarted server decides the same) and a budget:
the share of the level's playouts it plays, a count and never a time (no clock cuts a search short, so a slow or
busy machine decides the same as a quiet one). It runs in a pool of worker processes started at a higher niceness,
so the server's event loop never holds the GIL for a bot nor waits for one, and the operating system serves the
people's messages first when the cores are busy.

Under load the bots think less: the budget shrinks with the number of decisions waiting and with how long a
decision takes in the workers now (a busy machine gives them fewer playouts), so that a decision, queue included,
stays near `LATENCY_GOAL`. The budget is one of a few steps (1, 1/2, 1/4, 1/8, 1/16: `budget_step`), so decisions
under similar load get the same budget and the same card; below `MIN_BUDGET` the rule-based player decides instead
(instant).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import multiprocessing.connection
import os
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import Final

from heartcards.cards import Card, SplitMix64
from heartcards.hearts.bots import RuleBot
from heartcards.hearts.engine import CARDS, Observation, Phase
from heartcards.web.hearts.players import bot_with_budget, full_decision_seconds
from heartcards.web.workers import follow_the_server

BOT_NICENESS: Final = 15
"""How much nicer than the server the bots' workers run: a busy core serves the people's messages first."""
LATENCY_GOAL: Final = 0.3
"""Seconds a decision should take, waiting included; the budget shrinks when more decisions wait."""
MIN_BUDGET: Final = 0.05
"""Below this share of its search a level would play no better than the rule-based player, which then decides: the
smallest step a level plays is 1/16."""
_CARD_BY_TEXT: Final = {card.text: card for card in CARDS}


def decision_seed(table_seed: int, seat: int, actions: int) -> int:
    """The seed of a decision: mixed from the table's seed, the seat and the number of actions played so far."""
    return SplitMix64(((table_seed * 4 + seat) * 1_000_003 + actions) & ((1 << 64) - 1)).next64()


def decide(observation: Observation, strength: str, seed: int, budget: float) -> tuple[str, ...]:
    """What the computer player of `strength` does for the observing seat: three card texts to pass, or one to play.
    The same arguments give the same choice, in any process, however fast the machine (`budget` is a share of the
    level's playouts, and no time cap applies)."""
    bot = bot_with_budget(strength, seed, budget) if budget >= MIN_BUDGET else RuleBot(seed)
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


def cards_of_texts(texts: tuple[str, ...]) -> tuple[Card, ...]:
    """The engine's own card objects for texts a worker sent back."""
    return tuple(_CARD_BY_TEXT[text] for text in texts)


def start_bot_worker() -> None:
    """Set up a worker: lower priority, Ctrl-C left to the server, and an exit of its own if the server dies."""
    with contextlib.suppress(OSError):
        os.nice(BOT_NICENESS)
    follow_the_server()


def timed_decide(observation: Observation, strength: str, seed: int, budget: float) -> tuple[tuple[str, ...], float]:
    """`decide`, with the wall-clock seconds it took in the worker (what a full search costs on this machine now)."""
    started = time.perf_counter()
    return decide(observation, strength, seed, budget), time.perf_counter() - started


def worker_niceness() -> int:
    """This process's niceness (run in a worker, it shows the worker's)."""
    return os.nice(0)


class Thinkers:
    """The pool of worker processes that decide for every table, and the budget each decision gets."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.waiting = 0
        """Decisions asked for and not answered yet."""
        self.full_seconds: dict[str, float] = {}
        """Per strength, what a full decision takes in a worker now (a moving average of the measured times, scaled
        to a full budget): on a busy machine the workers are slower than the level's time cap says."""
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_bot_worker,
            )
        return self._pool

    def warm_up(self) -> None:
        """Start the workers now (at server start) rather than on the first decision."""
        for _ in range(self.workers):
            self.pool().submit(worker_niceness)

    def budget(self, strength: str) -> float:
        """The share of a full search the next decision gets, given how many are waiting before it: a step of
        `budget_step`."""
        queued = self.waiting + 1
        full = max(full_decision_seconds(strength), self.full_seconds.get(strength, 0.0))
        return budget_step(LATENCY_GOAL * self.workers / (queued * full))

    async def decide(self, observation: Observation, strength: str, seed: int) -> tuple[Card, ...]:
        """The bot's choice, decided in a worker; the caller's event loop runs on meanwhile."""
        budget = self.budget(strength)
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            arguments = (observation, strength, seed, budget)
            try:
                texts, seconds = await loop.run_in_executor(self.pool(), timed_decide, *arguments)
            except BrokenExecutor:  # a worker died (killed, out of memory): a new pool, once
                self._pool = None
                texts, seconds = await loop.run_in_executor(self.pool(), timed_decide, *arguments)
        finally:
            self.waiting -= 1
        if budget >= MIN_BUDGET:
            measured = seconds / budget
            self.full_seconds[strength] = 0.8 * self.full_seconds.get(strength, measured) + 0.2 * measured
        return cards_of_texts(texts)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
