"""Heart to Heart on servers sharing a database: one player's two tabs on two servers each have their moves kept
once and in order, and a move that lost a race with the other server is refused with nothing applied."""

from __future__ import annotations

import asyncio

import pytest

from heartcards.heart_to_heart.engine import Game
from heartcards.storage import open_engine, upgrade_database
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.errors import NotSavedError
from heartcards.web.h2h.games import Games
from tests.web.h2h.helpers import SEED_CODE


def next_moves(record: str, count: int) -> list[str]:
    """The first `count` legal moves, one after the other, from the position of `record`."""
    game = Game.from_record(record)
    moves = []
    for _ in range(count):
        move = game.legal_moves()[0]
        game.play(move)
        moves.append(move)
    return [str(move) for move in moves]


def test_two_servers_keep_each_tabs_moves_once_in_order(each_database_url: str) -> None:
    engine = open_engine(each_database_url)
    upgrade_database(engine)

    async def scenario() -> None:
        first, second = Games(H2HRepository(engine), 256, shared=True), Games(H2HRepository(engine), 256, shared=True)
        live, _ = await first.start("p" * 32, SEED_CODE)
        game_id = live.id
        for turn in range(6):  # the two tabs take turns, each on its own server
            games = first if turn % 2 == 0 else second
            live = await games.owned(game_id, "p" * 32)
            move = Game.from_record(live.record).legal_moves()[0]
            await games.sync(live, len(live.game.played), [move], replace=False)
        stored = H2HRepository(engine).game(game_id)
        assert stored is not None and stored.move_count == 6
        assert stored.moves.split() == next_moves(SEED_CODE, 6)

        stale = await second.owned(game_id, "p" * 32)  # read on one server…
        fresh = await first.owned(game_id, "p" * 32)
        move = Game.from_record(fresh.record).legal_moves()[0]
        await first.sync(fresh, 6, [move], replace=False)  # …changed on the other first
        with pytest.raises(NotSavedError):
            second.undo(stale)  # made on what it read: refused, nothing applied
        stored = H2HRepository(engine).game(game_id)
        assert stored is not None and stored.move_count == 7
        retried = await second.owned(game_id, "p" * 32)  # the retry reads the other tab's move first
        assert len(retried.game.played) == 7
        second.undo(retried)
        stored = H2HRepository(engine).game(game_id)
        assert stored is not None and stored.move_count == 6

    try:
        asyncio.run(scenario())
    finally:
        engine.dispose()
