"""A person marked away gets their seat back with any action: a card refused because the stand-in has just played
still returns the seat (and tells every connection), and their next turn waits for them, not for the computer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from heartcards.hearts.engine import HeartsError, Phase
from heartcards.hearts.table import BotTurn
from heartcards.hearts.tables.messages import Back, Play
from heartcards.hearts.tables.service import Connection, StateDue, TableService
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import HeartsRepository


def test_a_refused_card_still_returns_an_away_seat_and_its_turn_waits_for_the_person(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'back.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=30
        )
        table = seating.table
        service.drivers.cancel(table.id)  # no computer player moves in this test
        game = table.game
        for seat in range(4):  # the first deal passes left: everyone passes their first three cards
            game.apply_pass(seat, game.hand(seat)[:3])
        assert game.phase is Phase.PLAY and game.turn is not None
        me = (game.turn + 1) % 4  # not the seat whose turn it is
        table.seats[me].kind, table.seats[me].away, table.seats[me].connections = "human", True, 1
        connection = Connection(seat=me, language="en")
        service.fanout.connections[table.id] = {connection}
        with pytest.raises(HeartsError):
            await service.act(table, connection, Play(type="play", card=game.hand(me)[0], id=1))
        assert not table.seats[me].automatic
        assert any(isinstance(item, StateDue) for item in connection.outbox._queue)  # everyone sees them back
        while game.turn != me:  # the others play up to this seat's turn
            game.apply_play(game.turn, game.legal_plays(game.turn)[0])
        assert not isinstance(table.next_step(0.0, 30.0), BotTurn)  # no stand-in for a person who is back
        card = game.legal_plays(me)[0]
        await service.act(table, connection, Play(type="play", card=card, id=2))
        assert card not in game.hand(me)
        table.seats[me].away = True
        await service.act(table, connection, Back(type="back", id=3))  # the "I'm back" button
        assert not table.seats[me].away
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()
