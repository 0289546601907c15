"""The table service's outgoing states: a socket that falls behind gets one state for many changes, with the id of
the message it answers, and a state is only rendered from what is stored. The lobby leaves out tables nobody has sat
at for a while, also after a restart."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, update

from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_models import HeartsTable
from heartcards.storage.hearts_repository import HeartsRepository
from heartcards.web.hearts.service import Connection, StateDue, TableService, utc_now
from heartcards.web.hearts.table import LOBBY_ABSENCE


def queued(connection: Connection) -> list[object]:
    return list(connection.outbox._queue)


def test_a_waiting_state_takes_in_later_changes_and_keeps_the_answer_id() -> None:
    async def scenario() -> None:
        connection = Connection(seat=0, language="en")
        connection.send_state()
        connection.send_state()
        assert len(queued(connection)) == 1
        connection.send_state(7)  # the answer to message 7 rides on the waiting state
        [due] = queued(connection)
        assert isinstance(due, StateDue) and due.message_id == 7
        connection.send_state()  # nothing new: the waiting state will show it
        connection.send_state(8)  # a second answer needs its own message
        assert [item.message_id for item in queued(connection) if isinstance(item, StateDue)] == [7, 8]
        connection.send({"type": "pong"})
        connection.send_state()  # the state for id 8 is still waiting: it takes this change in
        assert len(queued(connection)) == 3

    asyncio.run(scenario())


def test_a_state_is_rendered_after_the_change_in_flight_is_stored(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'service.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        for task in service.drivers.values():
            task.cancel()  # no computer player moves in this test
        connection = Connection(seat=0, language="en")
        service.connections[table.id] = {connection}
        hand = table.game.hand(0)
        async with table.lock:  # a change in flight: applied, not yet stored
            table.game.apply_pass(0, hand[:3])
            service._broadcast(table)
            [due] = queued(connection)
            assert isinstance(due, StateDue)
            rendering = asyncio.get_running_loop().create_task(service.render(table, connection, due))
            await asyncio.sleep(0.01)
            assert not rendering.done()
            service._broadcast(table, connection, 41)  # stored: the answer to message 41
        state = json.loads(await rendering)
        assert state["id"] == 41 and state["seat"] == 0
        assert state["view"]["passed"] == [card.text for card in hand[:3]]
        assert connection.state_due is None and len(queued(connection)) == 1  # the outbox still holds `due` itself
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()


@pytest.fixture
def engine(each_database_url: str) -> Engine:
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    return engine


def test_the_lobby_leaves_out_a_table_nobody_has_sat_at_for_a_while(engine: Engine) -> None:
    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        seating = await service.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        later = utc_now() + LOBBY_ABSENCE + timedelta(minutes=1)
        assert [shown.id for shown in service.lobby()] == [table.id]
        assert service.lobby(later) == []  # created, and its creator never came

        creator = Connection(seat=0, language="en")
        await service.connect(table, creator, None)
        assert [shown.id for shown in service.lobby(later)] == [table.id]  # someone sits there: always listed
        spectator = Connection(seat=None, language="en")
        await service.connect(table, spectator, None)
        await service.disconnect(table, creator)
        left = utc_now()
        assert [shown.id for shown in service.lobby(left + LOBBY_ABSENCE - timedelta(minutes=1))] == [table.id]
        assert service.lobby(left + LOBBY_ABSENCE + timedelta(minutes=1)) == []  # a spectator does not count
        assert await service.table(table.id) is table  # its link still works
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()


def test_after_a_restart_the_lobby_knows_when_a_table_was_last_played(engine: Engine) -> None:
    async def scenario() -> None:
        first = TableService(HeartsRepository(engine))
        recent = await first.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        old = await first.create(
            player_id="q", name="Bea", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        await first.stop()
        with engine.begin() as connection:  # as if its last action was stored an hour ago
            connection.execute(
                update(HeartsTable)
                .where(HeartsTable.id == old.table.id)
                .values(updated_at=utc_now() - timedelta(hours=1))
            )

        second = TableService(HeartsRepository(engine))
        await second.start()
        assert {table.id for table in second.tables.values()} == {recent.table.id, old.table.id}  # both resumed
        assert [table.id for table in second.lobby()] == [recent.table.id]
        await second.stop()

    asyncio.run(scenario())
    engine.dispose()
