"""The app's server with its limits (`web.server.limited_server`: the protocols, the per-address gate), in a thread
of the test's own process, on an ASGI app of the test's: for what the server does around any app."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from starlette.types import ASGIApp

from heartcards.web.server import limited_server


async def tiny_app(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


@contextlib.contextmanager
def threaded_server(app: ASGIApp = tiny_app) -> Iterator[tuple[str, int]]:
    """The app's server with its limits (`limited_server`), in a thread, on `app` (by default one that answers
    "ok"); its address."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    userver = limited_server(app)
    thread = threading.Thread(target=userver.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not userver.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield sock.getsockname()
    finally:
        userver.should_exit = True
        thread.join(10)
        sock.close()
