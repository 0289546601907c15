"""`/ws/hearts/{table_id}`: live play. The first message is `hello` (with a seat token, or none for a spectator);
then each message is an action, a `ping`, or another `hello` (`messages.py` holds every message's shape). Every
message is answered (a `state`, a `pong` or an `error`), and the answer echoes the message's `id`, even when the rest
of the message was refused.

A message that is not JSON, of an unknown type, forged, out of turn or against the rules answers an `error`
(translated) and changes nothing; the socket stays open. Only a bad first message closes it (4400 not a hello,
4403 bad token, 4404 no such table, 4408 no hello within 30 s). A table moving between servers (its server stopped
or died, or cannot be reached) closes the socket with 1013 and no error, as does a server that is stopping: the
page reconnects by itself and finds the table where it runs now, and an action relayed meanwhile was not applied
(the next state says what is due). Behind a proxy that routes by table (this server has a `--route`), a socket
whose table another server runs is closed after its hello with 4307 and that server's route as the reason, unless
it already asked for that route (`?route=`): then it is relayed. A failure while sending is logged and closes the
socket (1011); a socket the client closed is let go quietly. Messages faster than a person's pace are read
only at that pace (`fanout.MessageRate`), those of all of a client address's sockets on every server of the site at
two persons' pace together (`fanout.ClientRate`), and a client that does not read its answers is closed with 1008
once its outbox is full (`fanout.MAX_QUEUED`): what it holds is dropped, since it would never be read. So one client
can neither flood the servers nor bloat their memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from heartcards.errors import KeyedError
from heartcards.hearts.table import Table
from heartcards.hearts.tables.errors import BadMessageError, BadTokenError, SpectatorError, TableElsewhereError
from heartcards.hearts.tables.fanout import MAX_SOCKETS_PER_CLIENT, ClientRate, Connection, StateDue
from heartcards.hearts.tables.messages import (
    Action,
    ErrorMessage,
    Hello,
    Ping,
    Pong,
    message_id_in,
    outgoing,
    parse_message,
)
from heartcards.hearts.tables.ownership import route_of
from heartcards.hearts.tables.relay import Relay, Watched
from heartcards.hearts.tables.service import TableService
from heartcards.hearts.tables.views import json_text
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.quotas import exempt
from heartcards.web.deps import Language, ServicesDep, client_key
from heartcards.web.errors import error_json
from heartcards.web.hearts.deps import RelayDep, Tables
from heartcards.web.hearts.errors import SpectatorIdleError, TooManySocketsError
from heartcards.web.i18n import Catalogs

logger = logging.getLogger("heartcards.web.hearts")

router = APIRouter()

HELLO_SECONDS: Final = 30.0
WRITER_STOP_SECONDS: Final = 5.0
INTERNAL_ERROR_CLOSE: Final = 1011
TRY_AGAIN_CLOSE: Final = 1013
"""The close code (try again later) of a socket whose table another server runs and cannot be reached."""
MOVED_CLOSE: Final = 4307
"""The close code of a socket that reached a server other than its table's, when the proxy routes by table: its
reason is the route of the server that runs the table, to connect again with (`?route=`)."""
TOO_MANY_SOCKETS_CLOSE: Final = 4429
"""The close code of a socket past its client address's cap (`fanout.MAX_SOCKETS_PER_CLIENT`)."""
SPECTATOR_IDLE_SECONDS: Final = 1800.0
"""A spectator's socket that sends nothing but pings this long is closed: the page reconnects while it is open,
but a socket that only answers pings no longer holds a connection for ever."""
OUTBOX_FULL_CLOSE: Final = 1008
"""The close code (policy violation) of a socket whose client did not read its answers."""


def error_message(
    catalogs: Catalogs, language: str, error: KeyedError, message_id: str | int | float | None
) -> ErrorMessage:
    """The `error` a socket is sent for `error`, translated."""
    return ErrorMessage(**error_json(catalogs, language, error.key, error.params), id=message_id)


def _closed(error: BaseException) -> bool:
    """Whether sending failed only because the client is gone (not worth a log line)."""
    return isinstance(error, WebSocketDisconnect | OSError) or (
        isinstance(error, RuntimeError) and "close" in str(error).lower()
    )


Render = Callable[[Connection, StateDue], Awaitable[str]]
"""The text of a connection's queued state when its turn to be sent comes."""


async def _write(websocket: WebSocket, render: Render, metrics: Metrics, table_id: str, connection: Connection) -> None:
    """Sends the connection's queued messages in order (a queued state as it is when its turn comes); stops (and
    closes) on None. A failure other than a closed socket is logged and closes the socket with 1011."""
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                if websocket.application_state == WebSocketState.CONNECTED:
                    await websocket.close(1001)
                return
            if isinstance(message, StateDue):
                await websocket.send_text(await render(connection, message))
            else:
                await websocket.send_text(json_text(message))
            metrics.messages_out.inc()
    except asyncio.CancelledError:
        raise
    except Exception as error:
        if _closed(error):
            return
        logger.exception("could not send to a socket on table %s", table_id)
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, OSError):  # the socket may be half gone already
                await websocket.close(INTERNAL_ERROR_CLOSE)


async def _receive_or_idle(websocket: WebSocket, connection: Connection, said: float) -> str | bytes | None:
    """The next frame; for a spectator who has said nothing but pings for `SPECTATOR_IDLE_SECONDS`, raises
    `SpectatorIdleError` instead (a seat's socket is kept: its table's own idle rules apply)."""
    if connection.seat is not None:
        return await _receive(websocket)
    try:
        async with asyncio.timeout(said + SPECTATOR_IDLE_SECONDS - time.monotonic()):
            return await _receive(websocket)
    except TimeoutError:
        raise SpectatorIdleError(minutes=round(SPECTATOR_IDLE_SECONDS / 60)) from None


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's text or bytes; raises WebSocketDisconnect when the client is gone."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text: str | None = frame.get("text")
    return text if text is not None else frame.get("bytes")


@router.websocket("/ws/hearts/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, service: Tables, relay: RelayDep, services: ServicesDep, language: Language
) -> None:
    await websocket.accept()
    catalogs = services.catalogs

    async def refuse(error: KeyedError, code: int, message_id: str | int | float | None = None) -> None:
        refusal = error_message(catalogs, language, error, message_id)
        await websocket.send_text(json_text(outgoing(refusal)))
        await websocket.close(code)

    client = client_key(websocket)
    if exempt(client, services.settings.unlimited_networks):  # a load test's machine
        await _table_socket(
            websocket, table_id, service, relay, services.settings.route, catalogs, language, refuse, None
        )
        return
    opened = await service.client_sockets.open(client)
    if opened is None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await refuse(TooManySocketsError(limit=MAX_SOCKETS_PER_CLIENT), TOO_MANY_SOCKETS_CLOSE)
        return
    try:
        await _table_socket(
            websocket, table_id, service, relay, services.settings.route, catalogs, language, refuse, opened.rate
        )
    finally:
        await service.client_sockets.close(opened)


async def _table_socket(
    websocket: WebSocket,
    table_id: str,
    service: TableService,
    relay: Relay | None,
    route: str | None,
    catalogs: Catalogs,
    language: str,
    refuse: Callable[[KeyedError, int, str | int | float | None], Awaitable[None]],
    rate: ClientRate | None,
) -> None:
    """Serve a table's socket past its hello: here if this server runs the table, else, when the proxy routes by
    table (this server has a `route`), sent to the route of the server that does, else relayed to it."""
    try:
        try:
            table = await service.table(table_id)
        except KeyedError as error:
            await refuse(error, 4404, None)
            return
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                raw = await _receive(websocket)
            service.metrics.messages_in.inc()
        except TimeoutError:
            await refuse(BadMessageError(problem="no hello"), 4408, None)
            return
        try:
            hello = parse_message(raw)
            if not isinstance(hello, Hello):
                raise BadMessageError(problem="the first message must be a hello")
        except KeyedError as error:
            await refuse(error, 4400, message_id_in(raw))
            return
        seat: int | None = None
        if hello.token is not None:
            try:
                seat = service.seat_for_token(table, hello.token).number
            except KeyedError as error:
                await refuse(error, 4403, hello.id)
                return
        connection = Connection(seat, language, client_rate=rate)  # with the rate its client's sockets share
        if table.status == "finished" or service.runs(table):
            await _serve(_Socket(websocket, service, catalogs, language, table, connection), hello.id)
            return
        owner = await service.owner_of(table.id) if relay is not None and not service.closing else None
        if relay is None or owner is None:  # moving between servers: the page reconnects by itself and finds it
            await websocket.close(TRY_AGAIN_CLOSE)
            return
        owner_route = route_of(owner)
        # Sent once: a socket that already asked for that route and still came here (its server is down, or the
        # proxy does not route) is relayed.
        if (
            route is not None
            and owner_route not in (None, route)
            and websocket.query_params.get("route") != owner_route
        ):
            await websocket.close(MOVED_CLOSE, reason=owner_route)
            return
        try:
            watched = await relay.attach(table.id, owner, connection)
        except TableElsewhereError:
            await websocket.close(TRY_AGAIN_CLOSE)
            return
        await _serve_relayed(
            _Socket(websocket, service, catalogs, language, table, connection), relay, watched, hello.id
        )
    except WebSocketDisconnect:
        return


@dataclass(frozen=True, slots=True)
class _Socket:
    """A table's socket past its hello, with what serving it needs."""

    websocket: WebSocket
    service: TableService
    catalogs: Catalogs
    language: str
    table: Table
    connection: Connection


async def _serve_relayed(socket: _Socket, relay: Relay, watched: Watched, hello_id: str | int | float | None) -> None:
    """A socket on a table another server runs: states come from the owner through the relay, actions go to it."""
    websocket, service, table, connection = socket.websocket, socket.service, socket.table, socket.connection

    async def render(connection: Connection, due: StateDue) -> str:
        return relay.render(watched, connection, due)

    writer = asyncio.get_running_loop().create_task(_write(websocket, render, service.metrics, table.id, connection))
    connection.send_state(hello_id)
    logger.info("socket open on seat %s, relayed to %s", connection.seat, watched.owner)

    async def act(message: Action, raw: str | bytes | None) -> None:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)
        await relay.act(watched, connection, text, message.id)

    try:
        await _read(socket, act, until_closed=True)
    finally:
        logger.info("socket closed on seat %s", connection.seat)
        relay.detach(watched, connection)
        if connection.overflowed:
            writer.cancel()
        connection.close()
        await asyncio.gather(writer, return_exceptions=True)


async def _serve(socket: _Socket, hello_id: str | int | float | None) -> None:
    websocket, service, table, connection = socket.websocket, socket.service, socket.table, socket.connection

    async def render(connection: Connection, due: StateDue) -> str:
        return await service.fanout.render(table, connection, due)

    writer = asyncio.get_running_loop().create_task(_write(websocket, render, service.metrics, table.id, connection))
    await service.connect(table, connection, hello_id)
    logger.info("socket open on seat %s", connection.seat)

    async def act(message: Action, raw: str | bytes | None) -> None:
        await service.act(table, connection, message)

    try:
        await _read(socket, act, until_closed=False)
    finally:
        logger.info("socket closed on seat %s", connection.seat)
        if connection.overflowed:
            writer.cancel()  # it waits for a client that does not read: what is queued is dropped
        await service.disconnect(table, connection)
        if connection.overflowed:
            await asyncio.gather(writer, return_exceptions=True)
            with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                await websocket.close(OUTBOX_FULL_CLOSE)
        else:
            try:
                await asyncio.wait_for(writer, WRITER_STOP_SECONDS)
            except TimeoutError:
                logger.error("the writer of a socket on table %s did not stop in time", table.id)


async def _read(
    socket: _Socket,
    act: Callable[[Action, str | bytes | None], Awaitable[None]],
    *,
    until_closed: bool,
) -> None:
    """Read the socket's messages and answer each (a pong, the state again, an error), a seat's actions through
    `act`, until the client goes, does not read its answers (or, `until_closed`, the connection is closed here), or a
    spectator stays idle too long (told so before the socket closes)."""
    websocket, service, table, connection = socket.websocket, socket.service, socket.table, socket.connection
    catalogs, language = socket.catalogs, socket.language
    messages_in, action_seconds = service.metrics.messages_in, service.metrics.action_seconds
    said = time.monotonic()
    try:
        while not connection.overflowed and not (until_closed and connection.closed):
            wait = await connection.delay(time.monotonic())
            if wait > 0.0:
                await asyncio.sleep(wait)  # faster than a person: the next frame is read when its turn comes
            raw = await _receive_or_idle(websocket, connection, said)
            messages_in.inc()
            try:
                message = parse_message(raw)
            except KeyedError as error:
                connection.send(outgoing(error_message(catalogs, language, error, message_id_in(raw))))
                continue
            message_id = message.id
            if not isinstance(message, Ping):
                said = time.monotonic()
            try:
                if isinstance(message, Ping):
                    connection.send(outgoing(Pong(id=message_id)))
                elif isinstance(message, Hello):
                    if message.token is not None and (
                        connection.seat is None
                        or service.seat_for_token(table, message.token).number != connection.seat
                    ):
                        raise BadTokenError(table=table.id)
                    connection.send_state(message_id)
                elif connection.seat is None:
                    raise SpectatorError(action=message.type)
                else:
                    began = time.monotonic()
                    await act(message, raw)
                    action_seconds.observe(time.monotonic() - began)
            except KeyedError as error:
                if error.key == TableElsewhereError.key:  # the table is moving: the page reconnects and finds it
                    break
                connection.send(outgoing(error_message(catalogs, language, error, message_id)))
    except WebSocketDisconnect:
        pass
    except SpectatorIdleError as error:
        connection.send(outgoing(error_message(catalogs, language, error, None)))  # then closed, as the writer ends
