"""The lobby lists a running online table only while its people are there: a table they all left (paused, or
played by the computer for people who are away) has nothing to watch and leaves the lobby. Several servers' lobbies
merge into the one the whole site would list."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from heartcards.hearts.tables.lobby import LobbyEntry, listed
from heartcards.hearts.tables.service import RUNNING_ABSENCE, Connection, TableService, utc_now
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import HeartsRepository


def test_a_running_table_its_people_left_leaves_the_lobby(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'lobby.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        seating = await service.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
        table = seating.table
        creator = Connection(seat=0, language="en")
        await service.connect(table, creator, None)
        await service.start_table(table, table.seats[0], None, None)
        service.drivers.cancel(table.id)  # no computer player moves in this test
        assert [shown.id for shown in service.lobby()] == [table.id]  # playing, its person there: watchable
        table.seats[0].away = True
        assert service.lobby() == []  # only the computer plays it now
        table.seats[0].away = False
        spectator = Connection(seat=None, language="en")
        await service.connect(table, spectator, None)
        await service.disconnect(table, creator)
        left = utc_now()
        assert [shown.id for shown in service.lobby(left + RUNNING_ABSENCE - timedelta(seconds=5))] == [table.id]
        assert service.lobby(left + RUNNING_ABSENCE + timedelta(seconds=5)) == []  # paused: nothing to watch
        await service.stop()

    asyncio.run(scenario())
    engine.dispose()


def entry(number: int, creator: str, waiting: bool = True) -> LobbyEntry:
    return LobbyEntry({"id": f"{number:032x}"}, waiting, float(number), creator)


def test_servers_lobbies_merge_into_the_sites_own() -> None:
    everything = [entry(1, "p"), entry(2, "q", waiting=False), entry(3, "p"), entry(4, "p"), entry(5, "r")]
    site = [shown.id for shown in listed(everything)]
    assert site == [entry(5, "r").id, entry(4, "p").id, entry(3, "p").id, entry(2, "q").id]  # open, newest, 2 of p
    one, other = everything[:3], everything[3:]  # the same tables on two servers, each listing its own first
    merged = listed(listed(one) + listed(other) + [entry(4, "p")])  # and one listed by both as it moved
    assert [shown.id for shown in merged] == site
