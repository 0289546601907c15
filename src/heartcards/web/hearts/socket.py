"""`/ws/hearts/{table_id}`: live play. The first message is `hello` (with a seat token, or none for a spectator);
then each message is an action, a `ping`, or another `hello`. Answers echo the message's `id`.

A message that is not JSON, of an unknown type, forged, out of turn or against the rules answers an `error`
(translated) and changes nothing; the socket stays open. Only a bad first message closes it (4400 not a hello,
4403 bad token, 4404 no such table, 4408 no hello within 30 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, Final

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from heartcards.cards import Card, CardTextError
from heartcards.hearts.engine import HeartsError
from heartcards.web.deps import Language, ServicesDep
from heartcards.web.errors import WebError
from heartcards.web.hearts.deps import Tables
from heartcards.web.hearts.errors import BadCardError, BadMessageError, BadTokenError, SpectatorError
from heartcards.web.hearts.service import Connection, StateDue, TableService
from heartcards.web.hearts.table import Table
from heartcards.web.i18n import Catalogs

router = APIRouter()

MAX_MESSAGE_CHARS: Final = 2048
HELLO_SECONDS: Final = 30.0
ACTIONS: Final = ("pass", "play", "next", "start", "back")
MAX_PASS_CARDS: Final = 13


def _message_id(message: dict[str, Any]) -> object:
    """The client's id, echoed only when it is a short string or a number."""
    value = message.get("id")
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) or (isinstance(value, str) and len(value) <= 64):
        return value
    return None


def _card(text: object) -> Card:
    if not isinstance(text, str) or len(text) > 4:
        raise BadCardError(card=str(text)[:8])
    try:
        return Card.parse(text)
    except CardTextError as error:
        raise BadCardError(card=text) from error


def parse_message(raw: str | bytes | None) -> dict[str, Any]:
    """A client message as a dict with its cards parsed; raises `BadMessageError` / `BadCardError`."""
    if raw is None:
        raise BadMessageError(problem="empty")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadMessageError(problem="not UTF-8 text") from error
    if len(raw) > MAX_MESSAGE_CHARS:
        raise BadMessageError(problem="too long")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise BadMessageError(problem="not JSON") from error
    if not isinstance(message, dict):
        raise BadMessageError(problem="not an object")
    kind = message.get("type")
    if kind == "pass":
        cards = message.get("cards")
        if not isinstance(cards, list) or len(cards) > MAX_PASS_CARDS:
            raise BadMessageError(problem="cards must be a list of three cards")
        message["cards"] = [_card(text) for text in cards]
    elif kind == "play":
        message["card"] = _card(message.get("card"))
    elif kind not in ("hello", "ping", *ACTIONS):
        raise BadMessageError(problem=f"unknown type {str(kind)[:20]!r}")
    return message


def _error(
    catalogs: Catalogs, language: str, key: str, params: dict[str, object], message_id: object
) -> dict[str, Any]:
    safe = {
        name: value if isinstance(value, str | int | float | bool) else str(value) for name, value in params.items()
    }
    answer: dict[str, Any] = {
        "type": "error",
        "key": key,
        "message": catalogs.translate(language, key, safe),
        "params": safe,
    }
    if message_id is not None:
        answer["id"] = message_id
    return answer


async def _write(websocket: WebSocket, service: TableService, table: Table, connection: Connection) -> None:
    """Sends the connection's queued messages in order (a queued state as it is when its turn comes); stops (and
    closes) on None."""
    with contextlib.suppress(Exception):
        while True:
            message = await connection.outbox.get()
            if message is None:
                if websocket.application_state == WebSocketState.CONNECTED:
                    await websocket.close(1001)
                return
            if isinstance(message, StateDue):
                await websocket.send_text(await service.fanout.render(table, connection, message))
            else:
                await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's text or bytes; raises WebSocketDisconnect when the client is gone."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text: str | None = frame.get("text")
    return text if text is not None else frame.get("bytes")


@router.websocket("/ws/hearts/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, service: Tables, services: ServicesDep, language: Language
) -> None:
    await websocket.accept()
    catalogs = services.catalogs

    async def refuse(error: WebError | HeartsError, code: int, message_id: object = None) -> None:
        await websocket.send_text(json.dumps(_error(catalogs, language, error.key, dict(error.params), message_id)))
        await websocket.close(code)

    try:
        try:
            table = await service.table(table_id)
        except WebError as error:
            await refuse(error, 4404)
            return
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                raw = await _receive(websocket)
        except TimeoutError:
            await refuse(BadMessageError(problem="no hello"), 4408)
            return
        try:
            hello = parse_message(raw)
            if hello.get("type") != "hello":
                raise BadMessageError(problem="the first message must be a hello")
        except WebError as error:
            await refuse(error, 4400)
            return
        seat: int | None = None
        if "token" in hello and hello["token"] is not None:
            try:
                seat = service.seat_for_token(table, hello["token"]).number
            except WebError as error:
                await refuse(error, 4403, _message_id(hello))
                return
        await _serve(websocket, service, catalogs, language, table, Connection(seat, language), _message_id(hello))
    except WebSocketDisconnect:
        return


async def _serve(
    websocket: WebSocket,
    service: TableService,
    catalogs: Catalogs,
    language: str,
    table: Table,
    connection: Connection,
    hello_id: object,
) -> None:
    writer = asyncio.get_running_loop().create_task(_write(websocket, service, table, connection))
    await service.connect(table, connection, hello_id)
    try:
        while True:
            raw = await _receive(websocket)
            message_id: object = None
            try:
                message = parse_message(raw)
                message_id = _message_id(message)
                message["id"] = message_id  # only a usable id is ever echoed
                kind = message["type"]
                if kind == "ping":
                    connection.send({"type": "pong", **({"id": message_id} if message_id is not None else {})})
                elif kind == "hello":
                    token = message.get("token")
                    if token is not None and (
                        connection.seat is None or service.seat_for_token(table, token).number != connection.seat
                    ):
                        raise BadTokenError(table=table.id)
                    connection.send_state(message_id)
                elif connection.seat is None:
                    raise SpectatorError(action=kind)
                else:
                    await service.act(table, connection, message)
            except (HeartsError, WebError) as error:
                connection.send(_error(catalogs, language, error.key, dict(error.params), message_id))
    except WebSocketDisconnect:
        pass
    finally:
        await service.disconnect(table, connection)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)
