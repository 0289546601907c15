"""Scripted Hearts players over a real socket (the `websockets` package), for the tests and the load benchmark.

A seat reads every message, acts when the game waits for it, and keeps what it received so a test can inspect the
traffic. By default it is deterministic (it passes its last three cards and plays its last legal card); given a
`random.Random` it chooses at random and may think before acting, as people do. Every message it sends carries an
id; the time from its send to the answer with that id is recorded (`answers`), and so is each state's arrival with
the game's progress (`progress`), from which a benchmark derives the fan-out latency and the bots' decision time.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import websockets

from heartcards.web.hearts.socket import MOVED_CLOSE

RECONNECT_PAUSE = 0.3
"""A seat that reconnects waits this long first, as the page does (its first back-off)."""
CARD = re.compile(r"^(10|[2-9JQKA])[CDSH]$")
State = dict[str, Any]
Progress = tuple[int, int]
"""Where a deal is: (deal number, cards played in it); it only grows during a game."""


def due(state: State, answer_score_table: bool = False) -> str | None:
    """What this seat should do in `state`: "pass", "play", "next" (only when `answer_score_table`) or None."""
    view = state.get("view")
    if view is None or state["table"]["status"] != "playing":
        return None
    if view["phase"] == "pass" and view["passed"] is None:
        return "pass"
    if view["phase"] == "play" and view["turn"] == state["seat"] and view["legal"]:
        return "play"
    if answer_score_table and view["phase"] == "deal_over" and state["seat"] not in view["ready"]:
        return "next"
    return None


def action_for(state: State, what: str, message_id: int, rng: random.Random | None = None) -> dict[str, Any]:
    """The message that does `what` in `state`: the last cards without `rng`, random ones with it."""
    view = state["view"]
    if what == "pass":
        cards = rng.sample(view["hand"], 3) if rng else view["hand"][-3:]
        return {"type": "pass", "cards": cards, "id": message_id}
    if what == "play":
        return {"type": "play", "card": rng.choice(view["legal"]) if rng else view["legal"][-1], "id": message_id}
    return {"type": what, "id": message_id}


def progress(state: State) -> Progress | None:
    """The game's progress shown by a state: (deal, cards played in the deal); None before the first deal."""
    view = state.get("view")
    if view is None:
        return None
    trick = view["trick"]
    return view["deal"], view["tricks_played"] * 4 + (len(trick["cards"]) if trick else 0)


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


@dataclass(frozen=True, slots=True)
class Answer:
    """One answered message: its type, when it was sent and how long the answer took (perf_counter seconds)."""

    kind: str
    sent_at: float
    seconds: float


@dataclass(frozen=True, slots=True)
class PlaySent:
    """A card this seat played: when, and the progress the table reaches once it is played."""

    sent_at: float
    reaches: Progress


class AsyncSeat:
    """A seat's browser over a real socket. `rng` makes its choices random, `think` (seconds at most, with `rng`)
    makes it wait before acting, `answer_score_table` makes it say `next` on the score table, `keep` bounds the
    messages kept in `received` (a load benchmark's hundreds of seats would otherwise hold every state of every
    game, and the garbage collector's full passes over them stall the clients' loop for seconds). With `servers`
    (base URLs, a list the caller may change as servers come and go), a socket that closes while `play_game` runs
    is opened again on the next of them, as a page reconnects through a proxy; the action in flight is then lost,
    and the next state says what is due. A socket closed as moved to another server's route (4307) is opened again
    with `?route=`, as the page does: on the same address (a proxy's, which routes it), or, given `routes` (route →
    base URL), on that route's server, as the proxy would."""

    def __init__(
        self,
        base_url: str,
        table_id: str,
        token: str | None,
        *,
        rng: random.Random | None = None,
        think: float = 0.0,
        answer_score_table: bool = False,
        keep: int | None = None,
        servers: list[str] | None = None,
        routes: dict[str, str] | None = None,
        route: str | None = None,
    ) -> None:
        self.table_id = table_id
        self.url = self._socket_url(base_url)
        if route is not None and routes is not None and route in routes:  # the seating's route, as the page uses it
            self.url = f"{self._socket_url(routes[route])}?route={route}"
        self.token = token
        self.rng = rng
        self.think = think
        self.answer_score_table = answer_score_table
        self.keep = keep
        self.received: list[State] = []
        """The messages received, in order: all of them, or the latest `keep` (at least) when `keep` is given."""
        self.state: State | None = None
        self.next_id = 1
        self.pending: int | None = None
        self.socket: Any = None
        self.sent: dict[int, tuple[float, str]] = {}
        self.answers: list[Answer] = []
        self.errors: list[State] = []
        self.progress: list[tuple[Progress, float]] = []
        """Each state's progress and arrival time (perf_counter), in order of arrival."""
        self.plays: list[PlaySent] = []
        self.bot_turns: list[float] = []
        """Seconds from a state that gives a computer player the turn to the first state with its card played."""
        self._bot_turn: tuple[Progress, float] | None = None
        self.servers = servers
        self.routes = routes
        self.moves = 0
        """How many times a socket of this seat was sent to another server's route."""
        self.options: dict[str, Any] = {}
        self.closed_at: list[float] = []
        """When (perf_counter) each socket of this seat closed under it, reconnecting with `servers`."""
        self.opened_at: list[float] = []
        """When (perf_counter) each socket opened by `reconnect` was open."""

    def _socket_url(self, base_url: str) -> str:
        return base_url.replace("http://", "ws://").rstrip("/") + f"/ws/hearts/{self.table_id}"

    async def open(self, **options: Any) -> None:
        """Opens the socket without saying hello (a benchmark opens every socket first)."""
        self.options = options
        self.socket = await websockets.connect(self.url, **options)

    async def reconnect(self) -> None:
        """The socket closed: after `RECONNECT_PAUSE`, a new one on the next of `servers` (until one opens), and
        a hello."""
        self.closed_at.append(time.perf_counter())
        self.pending = None
        assert self.servers, "no server to reconnect to"
        while True:
            await asyncio.sleep(RECONNECT_PAUSE)
            servers = self.servers
            try:
                at = next(
                    index for index, base in enumerate(servers) if self.url.split("?")[0] == self._socket_url(base)
                )
            except StopIteration:
                at = -1
            self.url = self._socket_url(servers[(at + 1) % len(servers)])
            try:
                self.socket = await websockets.connect(self.url, **self.options)
                self.opened_at.append(time.perf_counter())
                await self.hello()
                return
            except (OSError, TimeoutError, websockets.WebSocketException):
                continue

    async def _follow(self, route: str) -> None:
        """Opens the socket again with `?route=`, as the page does when told its table runs at that route, and
        says hello."""
        self.moves += 1
        here = self.url.split("?")[0]
        try:
            base = here if self.routes is None else self._socket_url(self.routes[route])
            self.socket = await websockets.connect(f"{base}?route={route}", **self.options)
        except OSError:  # that server is down: the proxy sends the socket to another, which relays it
            base = here
            self.socket = await websockets.connect(f"{base}?route={route}", **self.options)
        self.url = f"{base}?route={route}"
        await self.hello()

    async def connect(self, **options: Any) -> State:
        """Opens the socket, says hello and returns the first state."""
        await self.open(**options)
        await self.hello()
        return await self.until(lambda state: True)

    async def hello(self) -> int:
        return await self.send({"type": "hello", "token": self.token} if self.token else {"type": "hello"})

    async def send(self, message: dict[str, Any]) -> int:
        message_id = self.next_id
        self.next_id += 1
        self.sent[message_id] = (time.perf_counter(), str(message.get("type")))
        await self.socket.send(json.dumps({**message, "id": message_id}))
        return message_id

    async def receive(self, timeout: float = 20.0) -> State:
        async with asyncio.timeout(timeout):  # not wait_for: on Python 3.11 that makes a task for every message
            while True:
                try:
                    raw = await self.socket.recv()
                    break
                except websockets.ConnectionClosed as closed:
                    if closed.rcvd is None or closed.rcvd.code != MOVED_CLOSE:
                        raise
                    await self._follow(closed.rcvd.reason)
        arrived = time.perf_counter()
        message: State = json.loads(raw)
        self.received.append(message)
        if self.keep is not None and len(self.received) > 2 * self.keep:
            del self.received[: -self.keep]  # a long game's every state would make the client's memory (and GC) grow
        answered = message.get("id")
        if answered is not None and answered in self.sent:
            sent_at, kind = self.sent.pop(answered)
            self.answers.append(Answer(kind, sent_at, arrived - sent_at))
        if answered is not None and answered == self.pending:
            self.pending = None
        if message["type"] == "error":
            self.errors.append(message)
        if message["type"] == "state":
            self.state = message
            self._note_progress(message, arrived)
        return message

    def _note_progress(self, state: State, arrived: float) -> None:
        reached = progress(state)
        if reached is None:
            return
        self.progress.append((reached, arrived))
        if self._bot_turn is not None and reached > self._bot_turn[0]:
            self.bot_turns.append(arrived - self._bot_turn[1])
            self._bot_turn = None
        view = state["view"]
        turn = view["turn"] if view["phase"] == "play" else None
        if self._bot_turn is None and turn is not None and state["table"]["seats"][turn]["kind"] == "bot":
            self._bot_turn = (reached, arrived)

    async def until(self, done: Callable[[State], bool], play: bool = False, timeout: float = 60.0) -> State:
        """Reads messages (acting for the seat when `play`) until a state satisfies `done`; an error answer fails."""
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

    async def play_game(self, timeout: float = 3600.0) -> State:
        """Plays until the game is over and returns the final state. Error answers are kept in `errors` (the
        benchmark counts them) instead of failing; a closed socket is opened again when the seat has `servers`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        if self.state is not None:
            await self._act(self.state)
        while True:
            try:
                message = await self.receive(max(0.1, deadline - loop.time()))
                if message["type"] == "error":
                    self.pending = None
                    continue
                if message["type"] != "state":
                    continue
                view = message["view"]
                if view is not None and view["phase"] == "game_over":
                    return message
                await self._act(message)
            except websockets.ConnectionClosed:
                if self.servers is None:
                    raise
                await self.reconnect()

    async def _act(self, state: State) -> None:
        """Sends this seat's action if `state` waits for it and no earlier action is still unanswered."""
        what = due(state, self.answer_score_table)
        if what is None or self.pending is not None:
            return
        self.pending = self.next_id
        if self.think and self.rng is not None:
            await asyncio.sleep(self.rng.uniform(0, self.think))
        message = action_for(state, what, self.next_id, self.rng)
        if what == "play":
            deal, played = progress(state) or (0, 0)
            self.plays.append(PlaySent(time.perf_counter(), (deal, played + 1)))
        await self.send(message)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
