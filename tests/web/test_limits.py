"""One client's requests at once: a few in the app, the next ones waiting their turn in order, and further ones
refused at once with a translated 429; another client's requests never wait behind them."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Message, Receive, Scope, Send

from heartcards.web.limits import RUNNING_PER_CLIENT, WAITING_PER_CLIENT, RequestsPerClient
from heartcards.web.places import waiting_elsewhere
from tests.web.conftest import AppMaker

FLOODER, OTHER = "192.0.2.1", "198.51.100.7"


class HeldApp:
    """An app whose requests stay in it until `release` is set; it notes who entered, in order."""

    def __init__(self) -> None:
        self.entered: list[str] = []
        self.release = asyncio.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.entered.append(scope["query_string"].decode())
        await self.release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})


async def ask(gate: RequestsPerClient, app: Any, address: str, number: int) -> Message:
    """One request through `gate`; its answer's start (status and headers), and its body."""
    scope: Scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/h2h/stats",
        "query_string": f"{address}-{number}".encode(),
        "headers": [(b"accept-language", b"el")],
        "client": (address, 40000 + number),
        "app": app,
    }
    answer: Message = {}

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answer.update(message)
        else:
            answer["body"] = answer.get("body", b"") + message.get("body", b"")

    await gate(scope, receive, send)
    return answer


def test_a_clients_requests_beyond_a_few_wait_in_order_and_beyond_the_line_are_refused(app_maker: AppMaker) -> None:
    app = app_maker.new_app()

    async def scenario() -> None:
        held = HeldApp()
        gate = RequestsPerClient(held)
        flood = [
            asyncio.create_task(ask(gate, app, FLOODER, n)) for n in range(RUNNING_PER_CLIENT + WAITING_PER_CLIENT)
        ]
        other = asyncio.create_task(ask(gate, app, OTHER, 0))
        await asyncio.sleep(0.05)
        assert held.entered == [f"{FLOODER}-{n}" for n in range(RUNNING_PER_CLIENT)] + [f"{OTHER}-0"]
        assert (gate.running(FLOODER), gate.waiting(FLOODER)) == (RUNNING_PER_CLIENT, WAITING_PER_CLIENT)
        refused = await ask(gate, app, FLOODER, 999)  # the line is full: answered at once
        assert refused["status"] == 429 and (b"retry-after", b"1") in refused["headers"]
        assert str(RUNNING_PER_CLIENT + WAITING_PER_CLIENT).encode() in refused["body"]
        assert "αιτήματα".encode() in refused["body"]  # in the request's language
        flood[RUNNING_PER_CLIENT + 3].cancel()  # one that waits gives up: it leaves the line
        held.release.set()
        answers = await asyncio.gather(*flood, other, return_exceptions=True)
        assert held.entered[RUNNING_PER_CLIENT + 1 :] == [
            f"{FLOODER}-{n}"
            for n in range(RUNNING_PER_CLIENT, RUNNING_PER_CLIENT + WAITING_PER_CLIENT)
            if n != RUNNING_PER_CLIENT + 3
        ]  # the waiting ones in the order they came
        assert sum(isinstance(answer, dict) and answer["status"] == 200 for answer in answers) == len(answers) - 1
        assert (gate.running(FLOODER), gate.waiting(FLOODER), gate.running(OTHER)) == (0, 0, 0)

    asyncio.run(scenario())


def test_a_request_waiting_elsewhere_lets_its_clients_next_ones_in_and_takes_a_place_again_in_line(
    app_maker: AppMaker,
) -> None:
    app = app_maker.new_app()

    async def scenario() -> None:
        searched = asyncio.Event()
        entered: list[str] = []
        answered: list[str] = []

        async def inner(scope: Scope, receive: Receive, send: Send) -> None:
            name = scope["query_string"].decode()
            entered.append(name)
            if name.endswith("-0"):
                async with waiting_elsewhere():  # as a request waiting for a search does
                    await searched.wait()
            else:
                await held.release.wait()
            answered.append(name)
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        held = HeldApp()
        gate = RequestsPerClient(inner)
        waiting = asyncio.create_task(ask(gate, app, FLOODER, 0))
        await asyncio.sleep(0.01)
        others = [asyncio.create_task(ask(gate, app, FLOODER, n)) for n in range(1, RUNNING_PER_CLIENT + 1)]
        await asyncio.sleep(0.01)
        assert len(entered) == RUNNING_PER_CLIENT + 1  # the one waiting elsewhere holds no place
        assert gate.running(FLOODER) == RUNNING_PER_CLIENT
        searched.set()
        await asyncio.sleep(0.01)
        assert answered == [] and gate.waiting(FLOODER) == 1  # its search done, it waits for a place in line
        held.release.set()
        await asyncio.gather(waiting, *others)
        assert f"{FLOODER}-0" in answered and (gate.running(FLOODER), gate.waiting(FLOODER)) == (0, 0)

    asyncio.run(scenario())
