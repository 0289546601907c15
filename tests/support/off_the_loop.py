"""Which functions ran on an event loop's own thread: work that costs more than a few milliseconds must run in a
worker thread, or every other request of the server waits for it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest


class LoopSpy:
    """Wraps functions in place (`watch`) and keeps the names of those called on a thread running an event loop."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.on_the_loop: list[str] = []

    def watch(self, owner: object, name: str) -> None:
        work: Callable[..., Any] = getattr(owner, name)

        def run(*arguments: Any) -> Any:
            try:
                asyncio.get_running_loop()
                self.on_the_loop.append(name)
            except RuntimeError:  # no loop runs in this thread: a worker thread
                pass
            return work(*arguments)

        self.monkeypatch.setattr(owner, name, run)
