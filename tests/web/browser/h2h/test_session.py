"""The session's one Chromium (tests/web/conftest.py) and the tests that use asyncio themselves: after a browser
test, a test that drives no browser still runs its own event loop. Both run on one xdist worker, in this order."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytestmark = pytest.mark.xdist_group("browser_then_asyncio")


@pytest.mark.browser
def test_the_browser_leaves_its_event_loop_marked_as_running(page: Any) -> None:
    page.set_content("<p>here</p>")
    assert page.inner_text("p") == "here"
    assert asyncio.events._get_running_loop() is not None


def test_a_test_without_the_browser_runs_its_own_event_loop() -> None:
    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert asyncio.run(answer()) == 42
