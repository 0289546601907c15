"""The event loop's delay in `/metrics` (`runtime/metrics.py`): sampled while the app runs, and a stall of the loop
shows as a late sample in its bucket."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from fastapi.testclient import TestClient

from heartcards.runtime.metrics import Metrics
from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from tests.support.metrics import metric_values

STALL_SECONDS = 0.07


def test_a_stall_of_the_event_loop_shows_as_a_late_sample() -> None:
    metrics = Metrics()

    async def scenario() -> None:
        async with metrics.sampling_loop_delay():
            await asyncio.sleep(0.1)
            time.sleep(STALL_SECONDS)  # holds the loop, as a request that never awaits would
            await asyncio.sleep(0.05)

    asyncio.run(scenario())
    values = metric_values(metrics.text().decode())
    samples = values["heartcards_event_loop_delay_seconds_count"]
    # The sample due during the stall (at most 10 ms after it began) ran at least 60 ms late.
    assert samples >= 5 and samples - values['heartcards_event_loop_delay_seconds_bucket{le="0.05"}'] >= 1


def test_the_app_samples_the_loop_while_it_runs(tmp_path: Path) -> None:
    app = create_app(Settings.from_environment(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    with TestClient(app, client=("127.0.0.1", 40000)) as client:
        time.sleep(0.2)
        values = metric_values(client.get("/metrics").text)
    assert values["heartcards_event_loop_delay_seconds_count"] >= 5
