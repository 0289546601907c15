"""The app served on uvicorn with the server's safety limits and its draining: `serve(app, sockets)`, whoever starts
it.

The limits: each request whole within a deadline and its head capped (`protocols.GuardedHttpProtocol`), small
WebSocket buffers and a frame cap (`protocols.GuardedWebSocketProtocol`, `WEBSOCKET_MAX_BYTES`), idle kept-alive
connections closed, no more connections open at once than the file descriptors allow (`concurrency_limit`), no
server banner, and the interpreter handed back to the event loop within a millisecond (`SWITCH_INTERVAL_SECONDS`).
With a `drain`, SIGTERM stops in two steps: first the app hands its work over (`Services.drain`:
`/readyz` says 503, the Hearts tables' leases are released and their sockets told to reconnect, so each table goes on
at another server at once), then uvicorn closes as usual, and the process runs Python's exit handlers before the
signal ends it; a second signal, or Ctrl-C, stops at once. `heartcards
serve` binds the socket, prints the address, and calls `serve`; anything else that starts the app (a test, another
launcher) does the same or takes `limited_server`.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import resource
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from types import FrameType
from typing import Any, Final

import uvicorn
from starlette.types import ASGIApp

from heartcards.runtime.settings import Network
from heartcards.web.connections import ConnectionGate
from heartcards.web.protocols import GuardedHttpProtocol, GuardedWebSocketProtocol

WEBSOCKET_MAX_BYTES: Final = 8_192
"""The largest WebSocket frame read: the app refuses messages over 2,048 characters (at most 4 bytes each in
UTF-8), so a bigger frame is closed by the protocol (1009) before it is buffered, instead of read up to 16 MiB."""
RESERVED_DESCRIPTORS: Final = 256
"""File descriptors kept free of client connections: the database, the solver's pipes, log files."""
DRAIN_SECONDS: Final = 5.0
"""The longest a stopping server spends handing its work over before it closes whatever is left."""

SWITCH_INTERVAL_SECONDS: Final = 0.001
"""How long a thread running Python (a reading thread writing out a player's export, say) keeps the interpreter
before the event loop, waiting for it, gets it: 1 ms instead of Python's 5. The loop answers everyone and waits once
per thread at work; the threads give it up more often, which costs them little (`benchmarks/fairness.py`'s
`heavy_exports`: another address's `/api/health` p99 7.6-8.0 ms under the flood against 11.9-12.4, in
`docs/figures.md`)."""


def concurrency_limit() -> int:
    """How many connections and requests may be open at once: what the process's file-descriptor limit allows,
    less a reserve. Above it, new requests answer 503 at once instead of failing for want of a descriptor."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 10_000
    return max(64, soft - RESERVED_DESCRIPTORS)


def uvicorn_options(spared: Sequence[Network] = ()) -> dict[str, Any]:
    """The protocol limits the server runs with (`uvicorn.Config` keyword arguments), apart from the app's own;
    connections from `spared` networks (trusted proxies, a load test's machine) are not gated per address."""
    return {
        "log_level": "warning",
        "access_log": False,
        "lifespan": "on",
        # No per-message deflate on the sockets: table states are a few KB, and compressing every one cost the
        # server about 12 % of its CPU per message in benchmarks/tables.py (p99 195 -> 151 ms at 200 tables).
        "ws_per_message_deflate": False,
        "ws": GuardedWebSocketProtocol,  # small send buffers; a client that does not read cannot hold a socket open
        "ws_max_size": WEBSOCKET_MAX_BYTES,
        "ws_ping_interval": 20.0,  # a socket whose peer vanished (no pong within 20 s) is closed
        "ws_ping_timeout": 20.0,
        # A request must arrive whole within 15 s, its head within 32 KiB; an address's are read a few at a time.
        "http": GuardedHttpProtocol.gated(ConnectionGate(spared)),
        "timeout_keep_alive": 5,  # an idle kept-alive connection is closed after 5 s
        "limit_concurrency": concurrency_limit(),
        "server_header": False,  # no `server: uvicorn` banner
        # A client's address is its peer's, or the one a trusted proxy forwarded (`runtime.clients`): never what
        # uvicorn would believe by default, any `X-Forwarded-For` from a loopback peer.
        "proxy_headers": False,
    }


class DrainingServer(uvicorn.Server):
    """uvicorn's server that, on SIGTERM, awaits `drain` (at most `DRAIN_SECONDS`) before it stops."""

    def __init__(self, config: uvicorn.Config, drain: Callable[[], Awaitable[None]]) -> None:
        super().__init__(config)
        self.drain = drain
        self.draining = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if sig != signal.SIGTERM or self.draining:
            super().handle_exit(sig, frame)
            return
        loop = asyncio.get_event_loop()  # a signal handler runs between two steps of the loop: hand it over
        self.draining = True
        loop.call_soon_threadsafe(lambda: loop.create_task(self._drain_then_exit(sig, frame)))

    async def _drain_then_exit(self, sig: int, frame: FrameType | None) -> None:
        try:
            async with asyncio.timeout(DRAIN_SECONDS):
                await self.drain()
        except Exception:
            logging.getLogger("heartcards.web").exception("could not drain before stopping")
        finally:
            super().handle_exit(sig, frame)


def limited_server(
    app: ASGIApp,
    drain: Callable[[], Awaitable[None]] | None = None,
    json_logs: bool = False,
    spared: Sequence[Network] = (),
) -> uvicorn.Server:
    """uvicorn's server for `app` with the limits above (draining first on SIGTERM when given a `drain`; `spared`
    networks not gated per address); `run(sockets=...)` serves until it is told to exit. With `json_logs`, uvicorn's
    own lines go through the JSON lines `logs.configure_logging` set up. Sets this process's switch interval."""
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    options = uvicorn_options(spared)
    if json_logs:
        options["log_config"] = None
    config = uvicorn.Config(app, **options)
    return uvicorn.Server(config) if drain is None else DrainingServer(config, drain)


def serve(
    app: ASGIApp,
    sockets: list[socket.socket],
    drain: Callable[[], Awaitable[None]] | None = None,
    json_logs: bool = False,
    spared: Sequence[Network] = (),
) -> None:
    """Serve `app` on the bound `sockets` with the limits above until interrupted."""
    signal.signal(signal.SIGTERM, _exit_handlers_then_the_signal)  # what uvicorn restores, then raises, once stopped
    limited_server(app, drain, json_logs, spared).run(sockets=sockets)


def _exit_handlers_then_the_signal(number: int, frame: FrameType | None) -> None:
    """The end of a process stopped by SIGTERM: uvicorn, once it has stopped, raises the signal again so that the
    process ends by it, which skips Python's exit handlers, multiprocessing's among them (it removes the folder of
    the worker pool's fork server's socket, `runtime.pool`, left in the temporary folder otherwise). They run first,
    then the signal ends the process as before."""
    atexit._run_exitfuncs()
    signal.signal(number, signal.SIG_DFL)
    signal.raise_signal(number)
