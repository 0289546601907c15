"""The session's one Chromium (tests/web/conftest.py) and the tests that use asyncio themselves: once Playwright runs
in the process (after any browser test), a test that drives no browser still runs its own event loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest


@pytest.mark.browser
def test_the_browser_leaves_its_event_loop_marked_as_running(page: Any) -> None:
    page.set_content("<p>here</p>")
    assert page.inner_text("p") == "here"
    assert asyncio.events._get_running_loop() is not None


def test_a_test_without_the_browser_runs_its_own_event_loop(playwright_instance: Any) -> None:
    """Playwright is started in this process (by this test, or by a browser test before it), as in a whole run."""

    async def answer() -> int:
        await asyncio.sleep(0)
        return 42

    assert asyncio.run(answer()) == 42
