"""The server's numbers in Prometheus's text format (`/metrics`), in a registry of each app's own.

Names follow Prometheus's guide: `heartcards_<thing>_<unit>`, counters end in `_total`, latencies are histograms, and
labels are few and bounded (never a table id). Gauges that mirror something the server already counts (tables in
memory, open sockets, queued searches) read it when scraped instead of being kept up to date.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

LATENCY_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds, from a fast action (a millisecond) to a computer player's longest search."""
DELAY_BUCKETS: Final = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0)
"""Seconds of the event loop's delay: a turn of the loop is well under a millisecond, and anything past a few is a
stall every client waits for."""
DELAY_SAMPLE_SECONDS: Final = 0.01
"""How often the event loop's delay is sampled: fine enough to catch stalls of a few milliseconds; the loop's
wake-ups for it cost an idle server about 1 % of a core on the project's machine."""
CONTENT_TYPE: Final = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    """Every number `/metrics` shows; the game services count into it."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.tables_owned = self._gauge("heartcards_tables_owned", "Hearts tables this server runs (in its memory).")
        self.sockets = self._gauge("heartcards_sockets", "Open Hearts table sockets on this server.")
        self.messages = self._counter(
            "heartcards_socket_messages_total", "Socket messages received (in) and sent (out).", ["direction"]
        )
        self.messages_in = self.messages.labels(direction="in")
        self.messages_out = self.messages.labels(direction="out")
        self.action_seconds = self._histogram(
            "heartcards_action_latency_seconds",
            "From a seat's action arriving on its socket to its new state stored and published.",
            LATENCY_BUCKETS,
        )
        self.bot_decision_seconds = self._histogram(
            "heartcards_bot_decision_latency_seconds",
            "A computer player's decision, from asking its worker to its answer.",
            LATENCY_BUCKETS,
        )
        self.solver_queue = self._gauge(
            "heartcards_solver_queue_searches", "Heart to Heart searches waiting for the solver."
        )
        self.bot_queue = self._gauge(
            "heartcards_bot_queue_decisions", "Computer players' decisions asked of the workers and not answered yet."
        )
        self.leases_taken_over = self._counter(
            "heartcards_leases_taken_over_total", "Tables taken from a server whose lease ran out (it died or stalled)."
        )
        self.saves_refused = self._counter(
            "heartcards_saves_refused_by_epoch_total",
            "Saves the database refused because another server had taken the table since.",
        )
        self.redis_errors = self._counter(
            "heartcards_redis_errors_total", "Redis commands and subscriptions that failed."
        )
        self.relay_gaps = self._counter(
            "heartcards_relay_gaps_total",
            "Table states from another server that came after a missed one (the socket got the whole newer state).",
        )
        self.database_errors = self._counter(
            "heartcards_database_errors_total", "Database reads and writes that failed."
        )
        self.loop_delay_seconds = self._histogram(
            "heartcards_event_loop_delay_seconds",
            "How late a callback due on the event loop ran, sampled every 10 ms: what any request or socket message"
            " waits for at each turn of the loop.",
            DELAY_BUCKETS,
        )

    # Every metric goes in this app's own registry: apps in one process (the tests') never count into each other's.
    def _counter(self, name: str, documentation: str, labels: Sequence[str] = ()) -> Counter:
        return Counter(name, documentation, labels, registry=self.registry)

    def _gauge(self, name: str, documentation: str) -> Gauge:
        return Gauge(name, documentation, registry=self.registry)

    def _histogram(self, name: str, documentation: str, buckets: Sequence[float]) -> Histogram:
        return Histogram(name, documentation, buckets=buckets, registry=self.registry)

    def text(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return generate_latest(self.registry)

    @contextlib.asynccontextmanager
    async def sampling_loop_delay(self) -> AsyncIterator[None]:
        """While the body runs, how late the event loop runs a callback due every `DELAY_SAMPLE_SECONDS`."""
        sampler = _DelaySampler(asyncio.get_running_loop(), self.loop_delay_seconds.observe)
        try:
            yield
        finally:
            sampler.stop()


class _DelaySampler:
    """A plain timer callback that schedules its next run and records how late each ran: no task, no future, so the
    sampling costs the loop no more than its timer (a task sleeping in a loop cost a fifth more)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, observe: Callable[[float], None]) -> None:
        self.loop = loop
        self.observe = observe
        self._schedule(loop.time())

    def _schedule(self, now: float) -> None:
        self.due = now + DELAY_SAMPLE_SECONDS
        self.handle = self.loop.call_at(self.due, self._run)

    def _run(self) -> None:
        now = self.loop.time()
        self.observe(max(0.0, now - self.due))
        self._schedule(now)

    def stop(self) -> None:
        self.handle.cancel()
