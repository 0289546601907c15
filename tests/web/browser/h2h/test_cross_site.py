"""In Chromium: a page of another site (here: another port of the same host, which is only same-site) that posts a
form to the app cannot replace the visitor's identity cookie nor touch their game."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.web.conftest import LiveServer
from tests.web.h2h.helpers import SEED_CODE


def attacker_page(target: str) -> bytes:
    return (
        f'<!doctype html><form id="f" method="post" action="{target}api/h2h/games"></form>'
        '<script>document.getElementById("f").submit()</script>'
    ).encode()


@pytest.fixture
def attacker(server: LiveServer) -> Iterator[str]:
    page = attacker_page(server.url)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@pytest.mark.browser
def test_another_sites_form_does_not_replace_the_identity(server: LiveServer, page: Any, attacker: str) -> None:
    page.goto(server.url)
    created = page.evaluate(
        """async (code) => {
            const answer = await fetch('/api/h2h/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                          body: JSON.stringify({code})});
            return (await answer.json()).id;
        }""",
        SEED_CODE,
    )

    def identity() -> str | None:
        return next((c["value"] for c in page.context.cookies() if c["name"] == "hc_player"), None)

    before = identity()
    assert before is not None and created
    with page.expect_response(lambda response: response.url.endswith("/api/h2h/games")) as posted:
        page.goto(attacker)
    assert posted.value.status == 403
    assert identity() == before
    page.goto(server.url)
    current = page.evaluate("async () => (await (await fetch('/api/h2h/games/current')).json()).id")
    assert current == created
