"""The relay's own rules, without Redis: a server that missed states uses the next whole one (never an older one,
never the same one twice), and an owner asked with an old version sends the states again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from heartcards.hearts.tables.fanout import Connection, StateDue
from heartcards.hearts.tables.relay import Relay, Watched, server_channel, table_channel
from heartcards.hearts.tables.service import TableService
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.redis_link import RedisLink
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import HeartsRepository


def state(version: tuple[int, int], text: str) -> dict[str, Any]:
    return {"kind": "state", "table": "t1", "version": list(version), "states": {"0": text}}


def sent(relay: Relay) -> list[tuple[str, dict[str, Any]]]:
    found = []
    while not relay.outgoing.empty():
        channel, data = relay.outgoing.get_nowait()
        found.append((channel, json.loads(data)))
    return found


def test_a_missed_state_is_made_up_by_the_next_whole_one_and_old_ones_are_ignored() -> None:
    async def scenario() -> None:
        metrics = Metrics()
        relay = Relay(RedisLink("redis://127.0.0.1:1"), "b", TableService.__new__(TableService), metrics)
        connection = Connection(seat=0, language="en")
        watched = relay.watched["t1"] = Watched("t1", "a", {connection})
        relay._state(state((1, 5), '{"type":"state","n":5}'))
        relay._state(state((1, 7), '{"type":"state","n":7}'))  # 6 was missed: 7 is whole
        relay._state(state((1, 6), '{"type":"state","n":6}'))  # late: older than what is shown
        relay._state(state((1, 7), '{"type":"state","n":7}'))  # the same again
        assert watched.version == (1, 7)
        assert metrics.registry.get_sample_value("heartcards_relay_gaps_total") == 1
        queued = list(connection.outbox._queue)
        assert len(queued) == 1 and isinstance(queued[0], StateDue)  # one state waits: the newest, once
        assert relay.render(watched, connection, queued[0]) == '{"type":"state","n":7}'
        relay._state(state((2, 1), '{"type":"state","n":"new owner"}'))  # a new owner's epoch starts again at 1
        assert watched.version == (2, 1)
        watched.heard_at = 0.0
        relay._dispatch({"kind": "alive", "table": "t1"})  # a quiet table's owner still answers
        assert watched.heard_at > 0.0
        await relay.link.close()

    asyncio.run(scenario())


def test_an_owner_asked_with_an_old_version_sends_the_seats_watched_there(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service = TableService(HeartsRepository(engine))
        relay = Relay(RedisLink("redis://127.0.0.1:1"), "a", service, service.metrics)
        service.fanout.remote = relay.published
        try:
            seating = await service.create(
                player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
            )
            table = seating.table
            watch = {"kind": "watch", "table": table.id, "from": "b", "version": [-1, -1], "seats": [0]}
            await relay._serve(watch)
            [(channel, message)] = sent(relay)
            assert channel == table_channel(table.id) and set(message["states"]) == {"0"}  # only the seat there
            assert table.seats[0].connections == 1  # the person there counts as present here
            current = message["version"]
            await relay._serve({**watch, "version": current})
            assert sent(relay) == [(server_channel("b"), {"kind": "alive", "table": table.id})]  # up to date
            await relay._serve({**watch, "version": current, "seats": []})  # the person left there
            assert table.seats[0].connections == 0
            await relay._serve({"kind": "watch", "table": "f" * 32, "from": "b", "version": [-1, -1], "seats": []})
            assert sent(relay)[-1] == (server_channel("b"), {"kind": "gone", "table": "f" * 32})
        finally:
            await service.stop()
            await relay.link.close()

    asyncio.run(scenario())
    engine.dispose()
