"""The live-server fixture itself: the real command starts, answers, restarts on the same port and database."""

from __future__ import annotations

from tests.web.conftest import LiveServer


def test_live_server_starts_answers_and_restarts(live_server: LiveServer) -> None:
    assert live_server.url.startswith("http://127.0.0.1:")
    with live_server.client() as client:
        assert client.get("api/health").json() == {"ok": True}
    port = live_server.port
    live_server.restart()
    assert live_server.port == port
    with live_server.client() as client:
        assert client.get("api/health").status_code == 200
