"""Fixtures for the web tests: a real server in a subprocess on a temporary SQLite file, and headless Chromium.

- `live_server` (per test) / `live_server_module` (per test module): `.url` ("http://127.0.0.1:PORT/"),
  `.database_url`, `.restart()` (stop, start again on the same database and port), `.stop()`.
- `browser` (per session): Playwright's Chromium from /usr/bin/chromium (never `playwright install`);
  `page` (per test): a fresh context (own cookies) and page. Mark such tests `@pytest.mark.browser`.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 30.0
REAL_PAGES = (
    "/",
    "/play",
    "/rules",
    "/examples",
    "/stats",
    "/replay/0123",
    "/hearts",
    "/hearts/stats",
    "/hearts/table/x",
)
"""A path to each of the app's real page shells (tests of what every page gets)."""
_ADDRESS = re.compile(r"Heart Cards is running at (http://\S+/)")


class LiveServer:
    """`python -m heartcards serve` in a subprocess; its address is read from the line it prints."""

    def __init__(self, database_url: str, host: str = "127.0.0.1") -> None:
        self.database_url = database_url
        self.host = host
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self) -> None:
        """Start (or start again: same database, same port once it has one); returns once the server answers."""
        self.url = ""
        command = [
            sys.executable,
            "-m",
            "heartcards",
            "serve",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--database",
            self.database_url,
        ]
        environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, args=(self.process, lines), daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.url or self.url.split(":")[-1].rstrip("/") != str(self.port) or not self._answers():
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the server did not start:\n" + "".join(self.output))
            try:
                line = lines.get(timeout=0.05)
            except queue.Empty:
                if self.process.poll() is not None:
                    raise RuntimeError("the server exited:\n" + "".join(self.output)) from None
                continue
            if line is None:
                continue
            match = _ADDRESS.search(line)
            if match:
                self.url = match.group(1)
                self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def _pump(self, process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.output.append(line)
            lines.put(line)
        lines.put(None)

    def _answers(self) -> bool:
        try:
            return httpx.get(self.url + "api/health", timeout=1.0).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        """Stop the server and start it again on the same database and the same port."""
        self.stop()
        self.start()

    def client(self, **options: Any) -> httpx.Client:
        """An httpx client on the server's address (it keeps cookies, like one browser)."""
        return httpx.Client(base_url=self.url, timeout=10.0, **options)


def _start_server(folder: Path) -> LiveServer:
    server = LiveServer(f"sqlite:///{folder / 'db.sqlite3'}")
    server.start()
    return server


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = _start_server(tmp_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def live_server_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = _start_server(tmp_path_factory.mktemp("live_server"))
    try:
        yield server
    finally:
        server.stop()


# Module scope, not session: while the sync API is running it holds an event loop in this thread, and later
# modules that call asyncio.run() (the WebSocket tests) must not find it running.
@pytest.fixture(scope="module")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(playwright_instance: Any) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (scripts/test installs Debian's chromium)")
    launched = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (its own cookies and storage) and one page in it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()


# -- in-process apps (FastAPI's TestClient) on a real temporary SQLite file -----------------------------------------


class AppMaker:
    """Builds apps on one SQLite file (a restart is `close()` then `new_app()`); closes them all at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.database_url = f"sqlite:///{folder / 'db.sqlite3'}"
        self.apps: list[Any] = []

    def new_app(self, **settings: Any) -> Any:
        from heartcards.web.app import create_app
        from heartcards.web.settings import Settings

        app = create_app(Settings(database_url=self.database_url, **settings))
        self.apps.append(app)
        return app

    def client(self, app: Any, **options: Any) -> Any:
        """A TestClient that never re-raises server errors, so a 500 shows as a 500 (tests assert there is none)."""
        from fastapi.testclient import TestClient

        return TestClient(app, raise_server_exceptions=False, **options)

    def close(self, app: Any) -> None:
        if app in self.apps:
            self.apps.remove(app)
            app.state.services.close()

    def close_all(self) -> None:
        for app in list(self.apps):
            self.close(app)


@pytest.fixture
def app_maker(tmp_path: Path) -> Iterator[AppMaker]:
    maker = AppMaker(tmp_path)
    try:
        yield maker
    finally:
        maker.close_all()


@pytest.fixture(scope="module")
def shared_app_maker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppMaker]:
    maker = AppMaker(tmp_path_factory.mktemp("app"))
    try:
        yield maker
    finally:
        maker.close_all()


@pytest.fixture(scope="module")
def shared_app(shared_app_maker: AppMaker) -> Any:
    """One app per test module (its solver process starts once); each test makes its own clients (players)."""
    return shared_app_maker.new_app()


@pytest.fixture
def client(shared_app_maker: AppMaker, shared_app: Any) -> Iterator[Any]:
    """A new player (own cookies) on the module's app (no lifespan: the app outlives the client)."""
    new_client = shared_app_maker.client(shared_app)
    try:
        yield new_client
    finally:
        new_client.close()
