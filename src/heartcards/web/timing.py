"""A pure ASGI middleware that adds `Server-Timing: app;dur=<ms>, cpu;dur=<ms>` to every response: the server's own
time for the request, from its arrival to the start of the answer (what benchmarks/web.py reads), and the CPU time
the event loop's thread spent meanwhile (on a busy machine, the difference is time spent waiting for a core).
Installed only with `Settings.server_timing` (`$HEARTCARDS_SERVER_TIMING=1`): debugging and the benchmarks."""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        started_cpu = time.thread_time()

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                milliseconds = (time.perf_counter() - started) * 1000
                cpu_milliseconds = (time.thread_time() - started_cpu) * 1000
                timing = f"app;dur={milliseconds:.3f}, cpu;dur={cpu_milliseconds:.3f}"
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", timing.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed_send)
