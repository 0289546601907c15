"""The browser fixture launches Debian's Chromium and reaches the live server."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import LiveServer


@pytest.mark.browser
def test_browser_reaches_the_live_server(live_server: LiveServer, page: Any) -> None:
    response = page.goto(live_server.url + "api/health")
    assert response is not None and response.status == 200
    assert '"ok":true' in page.content().replace(" ", "")
