"""The table service's outgoing states: a socket that falls behind gets one state for many changes, with the id of
the message it answers, and a state is only rendered from what is stored. The lobby leaves out tables nobody has sat
at for a while, also after a restart; a table nobody comes to for a day leaves memory and comes back as it was."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, update

from heartcards.hearts.engine import Phase
from heartcards.hearts.table import LOBBY_ABSENCE, PUT_AWAY_AFTER
from heartcards.hearts.tables.errors import TooManyTablesError
from heartcards.hearts.tables.messages import Pass
from heartcards.hearts.tables.quotas import PER_PLAYER
from heartcards.hearts.tables.service import Connection, StateDue, TableService, utc_now
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_models import HeartsTable
from heartcards.storage.hearts_repository import HeartsRepository


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
        for task in service.drivers.tasks.values():
            task.cancel()  # no computer player moves in this test
        connection = Connection(seat=0, language="en")
        service.fanout.connections[table.id] = {connection}
        hand = table.game.hand(0)
        async with table.lock:  # a change in flight: applied, not yet stored
            table.game.apply_pass(0, hand[:3])
            service.fanout.publish(table)
            [due] = queued(connection)
            assert isinstance(due, StateDue)
            rendering = asyncio.get_running_loop().create_task(service.fanout.render(table, connection, due))
            await asyncio.sleep(0.01)
            assert not rendering.done()
            service.fanout.publish(table, connection, 41)  # stored: the answer to message 41
        state = json.loads(await rendering)
        assert state["id"] == 41 and state["seat"] == 0
        assert state["view"]["passed"] == [card.text for card in hand[:3]]
        assert connection.state_due is None and len(queued(connection)) == 1  # the outbox still holds `due` itself
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()


@pytest.fixture
def engine(each_migrated_database_url: str) -> Engine:
    return open_engine(each_migrated_database_url)


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
        stored_at(engine, old.table.id, utc_now() - timedelta(hours=1))

        second = TableService(HeartsRepository(engine))
        await second.start()
        assert {table.id for table in second.tables.values()} == {recent.table.id, old.table.id}  # both resumed
        assert [table.id for table in second.lobby()] == [recent.table.id]
        await second.stop()

        stored_at(engine, old.table.id, utc_now() - PUT_AWAY_AFTER - timedelta(hours=1))
        third = TableService(HeartsRepository(engine))
        await third.start()
        assert set(third.tables) == {recent.table.id}  # a table left for more than a day stays in the database
        loaded = await third.table(old.table.id)  # until its link is opened
        assert (
            third.tables[old.table.id] is loaded
            and loaded.seats[0].name == "Bea"
            and old.table.id in third.drivers.tasks
        )
        await third.stop()

    asyncio.run(scenario())
    engine.dispose()


def stored_at(engine: Engine, table_id: str, when: datetime) -> None:
    """As if the table's last action had been stored at `when`."""
    with engine.begin() as connection:
        connection.execute(update(HeartsTable).where(HeartsTable.id == table_id).values(updated_at=when))


def test_a_table_nobody_comes_to_for_a_day_leaves_memory_and_comes_back_as_it_was(engine: Engine) -> None:
    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        await service.start()
        seating = await service.create(
            player_id="p", name="Ada", mode="solo", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        person = Connection(seat=0, language="en")
        await service.connect(table, person, None)
        await service.act(table, person, Pass(type="pass", cards=list(table.game.hand(0)[:3]), id=1))
        while table.game.phase is Phase.PASS:  # the computer players pass too
            await asyncio.sleep(0.01)
        await service.disconnect(table, person)  # nobody is connected: the table pauses
        watcher = Connection(seat=None, language="en")
        await service.connect(table, watcher, None)

        a_day_later = utc_now() + PUT_AWAY_AFTER + timedelta(minutes=1)
        assert await service.put_away_unvisited(a_day_later) == 0  # somebody is watching
        await service.disconnect(table, watcher)
        assert await service.put_away_unvisited(utc_now() + PUT_AWAY_AFTER - timedelta(minutes=1)) == 0
        assert await service.put_away_unvisited(a_day_later) == 1
        assert table.id not in service.tables and table.id not in service.drivers.tasks
        before = table.game.to_dict()  # its driver is stopped: nothing changes it any more
        assert len(before["actions"]) >= 4  # the four passes at least

        stored_at(engine, table.id, utc_now() - 2 * PUT_AWAY_AFTER)
        back = await service.table(table.id)  # its link opened again
        assert back is not table and service.tables[table.id] is back and table.id in service.drivers.tasks
        assert back.game.to_dict() == before
        assert await service.put_away_unvisited(utc_now()) == 0  # being opened counts as a visit

        assert await service.put_away_unvisited(a_day_later) == 1
        found = await service.current_for("p")  # "continue" finds it in the database and loads it
        assert found is not None and found[0] is service.tables[table.id] and found[1] == 0
        assert found[0].game.to_dict() == before
        assert await service.current_for("somebody else") is None
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()


def test_concurrent_creations_on_one_cookie_get_exactly_the_quota(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'service.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> list[bool]:
        service = TableService(HeartsRepository(engine))

        async def one() -> bool:
            try:
                await service.create(
                    player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy",
                    idle_seconds=60, address="192.0.2.1",
                )  # fmt: skip
            except TooManyTablesError:
                return False
            return True

        try:
            return list(await asyncio.gather(*(one() for _ in range(30))))
        finally:
            await service.stop()

    try:
        assert sum(asyncio.run(scenario())) == PER_PLAYER
    finally:
        engine.dispose()
