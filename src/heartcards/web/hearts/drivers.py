"""The computer players: one driver task per table in memory plays the bots' passes and cards, stands in for the
people who are away, and deals the next deal when the score table has been seen (or waited for long enough).

Bots decide on a small thread pool, off the event loop; their choice is applied under the table's lock only if the
game has not moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from heartcards.cards import Card
from heartcards.hearts.bots import Bot
from heartcards.hearts.engine import HeartsError, Observation, Phase
from heartcards.web.hearts.table import BotTurn, NextDeal, Table

logger = logging.getLogger("heartcards.web.hearts")


class Drivers:
    def __init__(
        self,
        *,
        commit: Callable[[Table], Awaitable[None]],
        publish: Callable[[Table], None],
        finished: Callable[[Table], None],
        deal_pause_seconds: float,
        bot_delay_seconds: float,
    ) -> None:
        """`commit` stores and publishes a change (under the table's lock), `publish` only publishes one (a seat
        went away), `finished` is told when a table's game is over."""
        self.commit = commit
        self.publish = publish
        self.finished = finished
        self.deal_pause_seconds = deal_pause_seconds
        self.bot_delay_seconds = bot_delay_seconds
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.bot_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hearts-bot")
        self.closing = False

    def ensure(self, table: Table) -> None:
        """Starts the table's driver unless it runs already (or the table is over, or the server stopping)."""
        if table.status == "finished" or self.closing:
            return
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.get_running_loop().create_task(self._drive(table), name=f"table-{table.id}")

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
        self.bot_pool.shutdown(wait=True, cancel_futures=True)

    async def _drive(self, table: Table) -> None:
        """The table's own loop: computer players' passes and plays, stand-ins for away people, the next deal."""
        try:
            while table.status != "finished" and not self.closing:
                async with table.lock:
                    table.wake.clear()
                    now = time.monotonic()
                    if table.refresh_presence(now):
                        self.publish(table)
                    step = table.next_step(now, self.deal_pause_seconds)
                    if isinstance(step, NextDeal):
                        table.game.apply_next_deal()
                        await self.commit(table)
                        continue
                    if isinstance(step, BotTurn):
                        version = len(table.game.actions)
                        observation = table.game.observation(step.seat)
                        bot = table.bot(step.seat)
                if isinstance(step, BotTurn):
                    await self._bot_turn(table, step.seat, version, observation, bot)
                    continue
                timeout = None if step is None else max(0.01, step)
                if not table.wake.is_set():
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(timeout):  # no extra task per wait, unlike wait_for
                            await table.wake.wait()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("table %s stopped", table.id)
        finally:
            if self.tasks.get(table.id) is asyncio.current_task():
                del self.tasks[table.id]
            if table.status == "finished":
                self.finished(table)

    async def _bot_turn(self, table: Table, seat: int, version: int, observation: Observation, bot: Bot) -> None:
        loop = asyncio.get_running_loop()
        passing = observation.phase is Phase.PASS
        choice: tuple[Card, Card, Card] | Card
        if passing:
            choice = await loop.run_in_executor(self.bot_pool, bot.choose_pass, observation)
        else:
            choice = await loop.run_in_executor(self.bot_pool, bot.choose_play, observation)
        if self.bot_delay_seconds:
            await asyncio.sleep(self.bot_delay_seconds)
        async with table.lock:
            if len(table.game.actions) != version or not table.seats[seat].automatic:
                return  # the person came back, or the game moved on meanwhile: decide again
            try:
                if isinstance(choice, Card):
                    table.game.apply_play(seat, choice)
                else:
                    table.game.apply_pass(seat, choice)
            except HeartsError:
                logger.exception("the computer player at table %s seat %d chose an illegal action", table.id, seat)
                raise
            await self.commit(table)
