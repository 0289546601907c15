"""Scripted players for the tests: they read every message, act when the game waits for their seat, and keep all
they received so the tests can inspect the traffic. One sync flavour (TestClient sockets), one async (`websockets`).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import websockets

CARD = re.compile(r"^(10|[2-9JQKA])[CDSH]$")
State = dict[str, Any]


def due(state: State) -> str | None:
    """What this seat should do in `state`: "pass", "play", "next" or None."""
    view = state.get("view")
    if view is None or state["table"]["status"] != "playing":
        return None
    if view["phase"] == "pass" and view["passed"] is None:
        return "pass"
    if view["phase"] == "play" and view["turn"] == state["seat"] and view["legal"]:
        return "play"
    return None


def action_for(state: State, what: str, message_id: int) -> dict[str, Any]:
    view = state["view"]
    if what == "pass":
        return {"type": "pass", "cards": view["hand"][-3:], "id": message_id}
    return {"type": "play", "card": view["legal"][-1], "id": message_id}


def cards_in(value: object, skip: tuple[str, ...] = ()) -> set[str]:
    """Every card text anywhere in a JSON value, leaving out the fields named in `skip`."""
    found: set[str] = set()
    if isinstance(value, str) and CARD.match(value):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found |= cards_in(item, skip)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, skip)
    return found


class AsyncSeat:
    """A seat's browser over a real socket (`websockets`)."""

    def __init__(self, base_url: str, table_id: str, token: str | None) -> None:
        self.url = base_url.replace("http://", "ws://").rstrip("/") + f"/ws/hearts/{table_id}"
        self.token = token
        self.received: list[State] = []
        self.state: State | None = None
        self.next_id = 1
        self.pending: int | None = None
        self.socket: Any = None

    async def connect(self) -> State:
        self.socket = await websockets.connect(self.url)
        await self.send({"type": "hello", "token": self.token} if self.token else {"type": "hello"})
        return await self.until(lambda state: True)

    async def send(self, message: dict[str, Any]) -> int:
        message_id = self.next_id
        self.next_id += 1
        await self.socket.send(json.dumps({**message, "id": message_id}))
        return message_id

    async def receive(self, timeout: float = 20.0) -> State:
        message: State = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.received.append(message)
        if message.get("id") is not None and message.get("id") == self.pending:
            self.pending = None
        if message["type"] == "state":
            self.state = message
        return message

    async def until(self, done: Callable[[State], bool], play: bool = False, timeout: float = 60.0) -> State:
        """Reads messages (acting for the seat when `play`) until a state satisfies `done`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        if play and self.state is not None:
            await self._act(self.state)  # the last state read (e.g. the hello's answer) may already wait for us
        while True:
            message = await self.receive(max(0.1, deadline - loop.time()))
            if message["type"] == "error":
                recent = [
                    (seen.get("id"), seen["view"] and (seen["view"]["turn"], seen["view"]["tricks_played"]))
                    for seen in self.received[-6:]
                    if seen["type"] == "state"
                ]
                raise AssertionError(f"unexpected error: {message}; last states (id, (turn, tricks)): {recent}")
            if message["type"] != "state":
                continue
            if done(message):
                return message
            if play:
                await self._act(message)

    async def _act(self, state: State) -> None:
        """Sends this seat's action if `state` waits for it and no earlier action is still unanswered."""
        what = due(state)
        if what is not None and self.pending is None:
            self.pending = self.next_id
            await self.send(action_for(state, what, self.next_id))

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
