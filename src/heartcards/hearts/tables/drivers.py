"""The computer players: one driver task per table in memory plays the bots' passes and cards, stands in for the
people who are away, and deals the next deal when the score table has been seen (or waited for long enough).

Bots decide in worker processes (`thinking`), off the event loop and at a lower priority; their choice is applied
under the table's lock only if the game has not moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Final

from heartcards.hearts.bots import RuleBot
from heartcards.hearts.engine import HeartsError, Observation, Phase
from heartcards.hearts.table import BotTurn, NextDeal, Table
from heartcards.hearts.tables.decisions import decision_seed
from heartcards.hearts.tables.errors import NotSavedError
from heartcards.hearts.tables.thinking import Thinkers
from heartcards.runtime.logs import about_table
from heartcards.runtime.metrics import Metrics

logger = logging.getLogger("heartcards.hearts.tables")

SAVE_RETRY_SECONDS: Final = 2.0
"""How long a table's loop waits before trying again after a change could not be stored."""


class Drivers:
    def __init__(
        self,
        *,
        commit: Callable[[Table], Awaitable[None]],
        publish: Callable[[Table], None],
        finished: Callable[[Table], None],
        deal_pause_seconds: float,
        bot_delay_seconds: float,
        thinkers: Thinkers | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        """`commit` stores and publishes a change (under the table's lock), `publish` only publishes one (a seat
        went away), `finished` is told when a table's game is over; `thinkers` decide for the bots."""
        self.commit = commit
        self.publish = publish
        self.finished = finished
        self.deal_pause_seconds = deal_pause_seconds
        self.bot_delay_seconds = bot_delay_seconds
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.thinkers = thinkers or Thinkers()
        self.metrics = metrics or Metrics()
        self.warm = False
        self.closing = False

    def ensure(self, table: Table) -> None:
        """Starts the table's driver unless it runs already (or the table is over, or the server stopping)."""
        if table.status == "finished" or self.closing:
            return
        if not self.warm:
            self.warm = True
            self.thinkers.warm_up()  # the workers start while the first table is being set up
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._drive(table), name=f"table-{table.id}")

    def nudge(self, table: Table) -> None:
        """After a person's action: wakes the table's driver, unless it looks at the table again by itself no later
        than the table's next deadline now: at once (it is not asleep: deciding, or waiting for the lock) or at its
        planned wake. A card at a table of people starts the next person's idle clock, which ends after the
        driver's planned wake: waking it after every card cost a task switch, the lock and a timer per message for
        nothing."""
        if table.status == "playing":
            now = time.monotonic()
            step = table.next_step(now, self.deal_pause_seconds)
            if step is None or (isinstance(step, float) and now + step >= table.driver_wakes_at):
                return
        table.wake.set()

    def cancel(self, table_id: str) -> None:
        """Stops a table's driver (the table leaves memory); it cannot change the table again."""
        task = self.tasks.pop(table_id, None)
        if task is not None:
            task.cancel()

    async def stop(self) -> None:
        """Stops every driver and waits for them; a driver that failed was logged when it did."""
        self.closing = True
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.thinkers.close()

    async def _drive(self, table: Table) -> None:
        """The table's own loop: computer players' passes and plays, stand-ins for away people, the next deal. A
        change that cannot be stored was undone (see `TableService._commit`); the loop tries again a little later,
        so the table goes on by itself once the database is back."""
        about_table(table.id)
        try:
            while table.status != "finished" and not self.closing:
                try:
                    await self._step(table)
                except NotSavedError:
                    logger.warning("table %s: a change could not be stored; trying again", table.id)
                    await asyncio.sleep(SAVE_RETRY_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("table %s stopped", table.id)
        finally:
            if self.tasks.get(table.id) is asyncio.current_task():
                del self.tasks[table.id]
            if table.status == "finished":
                self.finished(table)

    async def _step(self, table: Table) -> None:
        """One turn of the table's loop: a change, or a wait until something happens or a deadline passes."""
        async with table.lock:
            table.wake.clear()
            now = time.monotonic()
            if table.refresh_presence(now):
                self.publish(table)
            step = table.next_step(now, self.deal_pause_seconds)
            if isinstance(step, NextDeal):
                table.game.apply_next_deal()
                await self.commit(table)
                return
            if isinstance(step, BotTurn):
                version = len(table.game.actions)
                observation = table.game.observation(step.seat)
        if isinstance(step, BotTurn):
            await self._bot_turn(table, step.seat, version, observation)
            return
        timeout = None if step is None else max(0.01, step)
        if not table.wake.is_set():
            table.driver_wakes_at = math.inf if timeout is None else now + timeout
            try:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(timeout):  # no extra task per wait, unlike wait_for
                        await table.wake.wait()
            finally:
                table.driver_wakes_at = -math.inf

    async def _bot_turn(self, table: Table, seat: int, version: int, observation: Observation) -> None:
        seed = decision_seed(table.seed, seat, version)
        turn_began = time.monotonic()
        try:
            choice = await self.thinkers.decide(observation, table.strength, seed)
            self.metrics.bot_decision_seconds.observe(time.monotonic() - turn_began)
        except Exception:  # the workers cannot decide (cannot start, keep dying): the table goes on regardless
            logger.exception("the computer players' workers failed; table %s decides in the server", table.id)
            fallback = RuleBot(seed)
            choice = (
                fallback.choose_pass(observation)
                if observation.phase is Phase.PASS
                else (fallback.choose_play(observation),)
            )
        pause = self.bot_delay_seconds - (time.monotonic() - turn_began)
        if pause > 0:  # the pacing runs while the bot thinks: a long search does not add the pause on top
            await asyncio.sleep(pause)
        async with table.lock:
            if len(table.game.actions) != version or not table.seats[seat].automatic:
                return  # the person came back, or the game moved on meanwhile: decide again
            try:
                if observation.phase is Phase.PASS:
                    table.game.apply_pass(seat, choice)
                else:
                    table.game.apply_play(seat, choice[0])
            except HeartsError:
                logger.exception("the computer player at table %s seat %d chose an illegal action", table.id, seat)
                raise
            await self.commit(table)
