"""The relay's own rules, without Redis: a server that missed states uses the next whole one (never an older one,
never the same one twice), and an owner asked with an old version sends the states again; players merged or erased
at one server are followed by the tables of the others (and, through a real Redis, heard by every server, sent again
until Redis takes them, and read from the rows by a server that could not hear them)."""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path
from typing import Any

import redis.asyncio
from sqlalchemy import Engine, update

from heartcards.hearts.table import Table
from heartcards.hearts.tables.fanout import Connection, StateDue
from heartcards.hearts.tables.relay import (
    SITE_CHANNEL,
    Relay,
    Watched,
    frame,
    server_channel,
    table_channel,
    unframe,
)
from heartcards.hearts.tables.service import TableService
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.redis_link import RedisLink
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_models import SEATS
from heartcards.storage.hearts_repository import HeartsRepository
from tests.redis_server import RedisServer
from tests.redis_server import redis_server as redis_server


def state(version: tuple[int, int], text: str) -> tuple[dict[str, Any], list[str]]:
    return unframe(frame({"kind": "state", "table": "t1", "version": list(version), "seats": ["0"]}, [text]))


def sent(relay: Relay) -> list[tuple[str, dict[str, Any], list[str]]]:
    found = []
    while not relay.outgoing.empty():
        channel, data = relay.outgoing.get_nowait()
        found.append((channel, *unframe(data)))
    return found


async def owner_with_a_table(engine: Engine) -> tuple[TableService, Relay, Table]:
    """A server "a" (its table service and relay, no Redis) running one online table, waiting for players."""
    service = TableService(HeartsRepository(engine))
    relay = Relay(RedisLink("redis://127.0.0.1:1"), "a", service, service.metrics)
    service.fanout.remote, service.players_changed = relay.published, relay.players_changed  # as `start` does
    seating = await service.create(
        player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
    )
    return service, relay, seating.table


def test_a_missed_state_is_made_up_by_the_next_whole_one_and_old_ones_are_ignored() -> None:
    async def scenario() -> None:
        metrics = Metrics()
        relay = Relay(RedisLink("redis://127.0.0.1:1"), "b", TableService.__new__(TableService), metrics)
        connection = Connection(seat=0, language="en")
        watched = relay.watched["t1"] = Watched("t1", "a", {connection})
        relay._state(*state((1, 5), '{"type":"state","n":5}'))
        relay._state(*state((1, 7), '{"type":"state","n":7}'))  # 6 was missed: 7 is whole
        relay._state(*state((1, 6), '{"type":"state","n":6}'))  # late: older than what is shown
        relay._state(*state((1, 7), '{"type":"state","n":7}'))  # the same again
        assert watched.version == (1, 7)
        assert metrics.registry.get_sample_value("heartcards_relay_gaps_total") == 1
        queued = list(connection.outbox._queue)
        assert len(queued) == 1 and isinstance(queued[0], StateDue)  # one state waits: the newest, once
        assert relay.render(watched, connection, queued[0]) == '{"type":"state","n":7}'
        relay._state(*state((2, 1), '{"type":"state","n":"new owner"}'))  # a new owner's epoch starts again at 1
        assert watched.version == (2, 1)
        watched.heard_at = 0.0
        relay._dispatch({"kind": "alive", "tables": ["t1"]}, [])  # a quiet table's owner still answers
        assert watched.heard_at > 0.0
        await relay.link.close()

    asyncio.run(scenario())


def test_an_owner_asked_with_an_old_version_sends_the_seats_watched_there(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service, relay, table = await owner_with_a_table(engine)
        try:
            entry = {"table": table.id, "version": [-1, -1], "seats": [0]}

            def watch(**changed: object) -> dict[str, Any]:
                return {"kind": "watch", "from": "b", "tables": [{**entry, **changed}]}

            await relay._serve_watch(watch())
            [(channel, header, states)] = sent(relay)
            assert channel == table_channel(table.id) and header["seats"] == ["0"]  # only the seat there
            assert (
                json.loads(states[0])["type"] == "state" and json.loads(states[0])["seat"] == 0
            )  # as its socket gets it
            assert table.seats[0].connections == 1  # the person there counts as present here
            current = header["version"]
            await relay._serve_watch(watch(version=current))
            assert sent(relay) == [(server_channel("b"), {"kind": "alive", "tables": [table.id]}, [])]  # up to date
            await relay._serve_watch(watch(version=current, seats=[]))  # the person left there
            assert table.seats[0].connections == 0
            await relay._serve_watch(watch(table="f" * 32))
            assert sent(relay)[-1] == (server_channel("b"), {"kind": "gone", "tables": ["f" * 32]}, [])
        finally:
            await service.stop()
            await relay.link.close()

    asyncio.run(scenario())
    engine.dispose()


def test_a_relayed_action_is_answered_by_its_state_and_replied_to_only_when_that_does_not_reach_its_socket(
    tmp_path: Path,
) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service, relay, table = await owner_with_a_table(engine)
        try:
            for seat in (1, 2, 3):
                await service.join(table.id, seat, f"P{seat}", f"p{seat}")
            await service.start_table(table, table.seats[0], None, None)
            entry = {"table": table.id, "version": [-1, -1], "seats": [0]}
            await relay._serve_watch({"kind": "watch", "from": "b", "tables": [entry]})
            sent(relay)

            def passing(seat: int, request: str) -> dict[str, Any]:
                cards = [card.text for card in table.game.observation(seat).hand[:3]]
                message = json.dumps({"type": "pass", "cards": cards})
                return {
                    "kind": "act",
                    "table": table.id,
                    "from": "b",
                    "request": request,
                    "seat": seat,
                    "message": message,
                }

            await relay._serve(passing(0, "r0"))  # seat 0 is watched there: its state answers it
            [(channel, header, _)] = sent(relay)
            assert channel == table_channel(table.id) and header["answer"] == {"server": "b", "request": "r0"}
            await relay._serve(passing(1, "r1"))  # seat 1 is not: a reply says which version to wait for
            replies = [message for channel, message, _ in sent(relay) if channel == server_channel("b")]
            assert replies == [{"kind": "reply", "request": "r1", "version": [0, table.revision]}]
        finally:
            await service.stop()
            await relay.link.close()

    asyncio.run(scenario())
    engine.dispose()


def test_players_merged_or_erased_at_one_server_are_followed_by_the_tables_of_the_others(tmp_path: Path) -> None:
    """A device signs in (its guest player joins the account's) or an account is erased at one server; a table run
    by another server has that player's seat in memory, and follows: the rows alone were changed."""
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        service, relay, table = await owner_with_a_table(engine)
        try:
            relay._dispatch({"kind": "players", "from": "b", "merge": ["p", "q"]}, [])
            assert (table.seats[0].name, table.seats[0].player_id) == ("Ada", "q")
            relay._dispatch({"kind": "players", "from": "b", "forget": "q"}, [])
            assert (table.seats[0].name, table.seats[0].player_id) == ("", None)

            created = await service.create(
                player_id="r", name="Bea", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
            )
            here = created.table
            sent(relay)  # what was sent so far (the tables' states)
            service.reassign_player("r", "s")  # a sign-in here: the seat here follows, and the others are told
            service.forget_player("s")
            assert (here.seats[0].name, here.seats[0].player_id) == ("", None)
            told = [(channel, message) for channel, message, _ in sent(relay)]
            assert told == [
                (SITE_CHANNEL, {"kind": "players", "from": "a", "merge": ["r", "s"]}),
                (SITE_CHANNEL, {"kind": "players", "from": "a", "forget": "s"}),
            ]
            relay._dispatch(told[0][1], [])  # its own message, back from Redis, changes nothing more
        finally:
            await service.stop()
            await relay.link.close()

    asyncio.run(scenario())


def test_through_redis_every_server_hears_of_a_merge(tmp_path: Path, redis_server: RedisServer) -> None:
    """Two servers' relays on one real Redis: a merge at the one without the table reaches the table at the other."""
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        relays, table = await two_servers_on(redis_server.url, engine)
        try:
            relays[1].service.reassign_player("p", "q")  # a device signed in at server b
            async with asyncio.timeout(5):
                while table.seats[0].player_id != "q":
                    await asyncio.sleep(0.02)
        finally:
            await stop_both(relays)

    asyncio.run(scenario())
    engine.dispose()


async def two_servers_on(redis_url: str, engine: Engine, muted: str | None = None) -> tuple[list[Relay], Table]:
    """Servers "a" (running an online table of player "p") and "b" on one Redis, their relays connected; with
    `muted`, server b's Redis URL (another user of the same Redis)."""
    owner = TableService(HeartsRepository(engine))
    other = TableService(HeartsRepository(engine))
    relays = [
        Relay(RedisLink(url), name, service, service.metrics)
        for name, service, url in (("a", owner, redis_url), ("b", other, muted or redis_url))
    ]
    table = (
        await owner.create(
            player_id="p", name="Ada", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
        )
    ).table
    for relay in relays:
        relay.start()
    async with asyncio.timeout(10):
        while not all(relay.connected for relay in relays):
            await asyncio.sleep(0.02)
    return relays, table


async def stop_both(relays: list[Relay]) -> None:
    for relay in relays:
        await relay.stop()
        await relay.link.close()
        await relay.service.stop()


def test_a_server_that_could_not_hear_a_merge_reads_it_from_the_rows_once_redis_is_back(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    """The merge's rows were written at another server but its message never came (Redis lost meanwhile): once the
    owner's relay has subscribed again, its seat follows the rows."""
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)

    async def scenario() -> None:
        relays, table = await two_servers_on(redis_server.url, engine)
        try:
            with engine.begin() as connection:  # what the account's merge wrote, its message lost
                connection.execute(update(SEATS).where(SEATS.c.player_id == "p").values(player_id="q"))
            joining = table.seats[1]
            joining.kind, joining.name, joining.player_id = "human", "Bea", "r"  # a join whose row is being written
            await asyncio.sleep(0.3)
            assert table.seats[0].player_id == "p"  # nothing told this server
            admin = redis.asyncio.Redis.from_url(redis_server.url)
            try:
                await admin.client_kill_filter(_type="pubsub")  # the relays lose Redis, and subscribe again
            finally:
                await admin.aclose()
            async with asyncio.timeout(5):
                while table.seats[0].player_id != "q":
                    await asyncio.sleep(0.02)
            assert table.seats[0].name == "Ada"
            assert (joining.kind, joining.name, joining.player_id) == ("human", "Bea", "r")  # its row says empty yet
        finally:
            await stop_both(relays)

    asyncio.run(scenario())
    engine.dispose()


def test_a_merge_and_an_erasure_redis_did_not_take_are_sent_again_in_their_order(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    """Server b's merge and erasure cannot be published at first (Redis refuses its user, as a lost connection would
    fail them): they are not dropped like a table's states but sent again, in their order, and server a's table follows
    once Redis takes them."""
    engine = open_engine(f"sqlite:///{tmp_path / 'relay.sqlite3'}")
    upgrade_database(engine)
    user = f"muted{secrets.token_hex(4)}"
    muted_url = redis_server.url.replace("unix://", f"unix://{user}:secret@")

    async def scenario() -> None:
        admin = redis.asyncio.Redis.from_url(redis_server.url)
        await admin.acl_setuser(
            user, enabled=True, passwords=["+secret"], keys=["*"], channels=["*"], commands=["+@all", "-publish"]
        )
        relays, table = await two_servers_on(redis_server.url, engine, muted=muted_url)
        try:
            relays[1].service.reassign_player("p", "q")  # a device signed in at server b
            relays[1].service.forget_player("q")  # then the account was erased there
            await asyncio.sleep(1.2)  # refused at least twice meanwhile
            refused = relays[1].metrics.registry.get_sample_value("heartcards_redis_errors_total")
            assert table.seats[0].player_id == "p" and refused is not None and refused >= 2
            await admin.acl_setuser(user, commands=["+publish"])
            async with asyncio.timeout(5):  # both heard, in their order: the seat merged, then erased
                while (table.seats[0].name, table.seats[0].player_id) != ("", None):
                    await asyncio.sleep(0.02)
        finally:
            await stop_both(relays)
            await admin.acl_deluser(user)
            await admin.aclose()

    asyncio.run(scenario())
    engine.dispose()
