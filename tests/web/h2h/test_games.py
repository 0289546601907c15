"""Running games read back from the database: a full record is played in short steps, never holding the event
loop for long, and requests that ask for a game while it is being read share one reading."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

import pytest

from heartcards.heart_to_heart.engine import STOCK_TAP
from heartcards.storage import open_engine
from heartcards.storage.h2h_records import GameStatus
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.app import GC_THRESHOLDS
from heartcards.web.h2h.games import MAX_RECORD_MOVES, Games
from tests.support.databases import SqliteTemplate
from tests.web.h2h.helpers import SEED_CODE

T = TypeVar("T")
PLAYER = "p" * 32
HOLD_LIMIT_SECONDS = 0.005
"""The most processor time anything may take between two turns of the event loop's other tasks."""


async def with_loop_holds(work: Awaitable[T]) -> tuple[T, list[float]]:
    """`work`'s result and the processor time each stretch between two turns of a ticking task took. Processor time,
    not wall time: a loaded machine pausing the process is not the event loop being held. The garbage collector runs
    as in a server (`web/app.py`: what exists at the start frozen, rare full passes), not as in a pytest worker, whose
    full pass over its own large heap can land in a stretch (the likely cause of one first stretch of 5.2 ms in a
    whole suite's run, where it takes 1.0-1.6 ms alone)."""
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        return await _holds(work)
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


async def _holds(work: Awaitable[T]) -> tuple[T, list[float]]:
    holds: list[float] = []
    done = False

    async def tick() -> None:
        last = time.thread_time()
        while not done:
            await asyncio.sleep(0)
            now = time.thread_time()
            holds.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0)
    try:
        result = await work
    finally:
        done = True
        await ticker
    return result, holds


@pytest.mark.parametrize("shared", [False, True], ids=["read back", "caught up"])
def test_a_full_record_is_read_back_in_short_steps(
    shared: bool, tmp_path: Path, sqlite_template: SqliteTemplate
) -> None:
    engine = open_engine(sqlite_template.copy_to(tmp_path / "db.sqlite3"))

    async def scenario() -> None:
        writer = Games(H2HRepository(engine), 16)
        live, _ = await writer.start(PLAYER, SEED_CODE)
        reader = Games(H2HRepository(engine), 16, shared=shared)  # a restarted server, or one sharing the database
        if shared:
            await reader.owned(live.id, PLAYER)  # it holds the game from before the other server's moves
        await writer.sync(live, 0, [STOCK_TAP] * MAX_RECORD_MOVES, replace=False)
        (first, second), holds = await with_loop_holds(
            asyncio.gather(reader.owned(live.id, PLAYER), reader.owned(live.id, PLAYER))
        )
        assert first is second and first.game.moves == MAX_RECORD_MOVES and first.status is GameStatus.STALLED
        assert first.record == live.record
        assert len(holds) >= 10  # it let the loop run between steps…
        assert max(holds) < HOLD_LIMIT_SECONDS, sorted(holds)[-3:]  # …each of them short

    try:
        asyncio.run(scenario())
    finally:
        engine.dispose()
