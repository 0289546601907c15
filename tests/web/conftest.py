"""Fixtures for the web tests: a real server in a subprocess on a temporary SQLite file (`tests.support.live_server`),
and headless Chromium.

- `live_server` (per test) / `live_server_module` (per test module) / `shared_live_server` (per session, for the
  browser tests): `.url` ("http://127.0.0.1:PORT/"),
  `.database_url`, `.restart()` (stop, start again on the same database and port), `.stop()`.
- `browser` (per session, so per xdist worker): Playwright on Debian's chromium-headless-shell (never `playwright
  install`);
  `page` (per test): a fresh context (own cookies) and page. Mark such tests `@pytest.mark.browser`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from heartcards.runtime.settings import UNLIMITED_ADDRESSES_VARIABLE, WORKERS_BELOW_SERVER_VARIABLE
from tests.support.databases import SqliteTemplate
from tests.support.live_server import LiveServer

# Chromium's headless shell (Debian's chromium-headless-shell: the same Blink, V8 and version as its chromium, without
# the browser's own layers), what Playwright itself runs for headless tests: the browser tests take about a third less
# time and CPU than in the whole chromium (docs/figures.md).
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
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
    "/hearts/solo/x",
    "/hearts/rules",
    "/account",
)
"""A path to each of the app's real page shells (tests of what every page gets)."""


FAST_HEARTS: dict[str, str] = {
    "HEARTCARDS_HEARTS_BOT_DELAY_SECONDS": "0",
    "HEARTCARDS_HEARTS_DEAL_PAUSE_SECONDS": "30",
    WORKERS_BELOW_SERVER_VARIABLE: "0",
}
"""The Hearts tests' pacing: computer players act without the 0.3 s pause (a deal takes a fraction of a second) and
the score table waits 30 s, so a test decides when the next deal starts. The workers (decisions, searches) run at
the server's priority: the suite keeps both cores busy, and workers below it (the product's default) would decide
only in the cores' idle moments, so slowly that a test's wait could run out."""


@contextlib.contextmanager
def fast_hearts() -> Iterator[None]:
    """`FAST_HEARTS` in this process's environment while it lasts (so in every app and server started meanwhile),
    then the environment as it was: the Hearts folders' tests get it from a fixture, and no other test sees it."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in FAST_HEARTS.items():
            patch.setenv(name, value)
        yield


def _start_server(folder: Path, template: SqliteTemplate, environment: dict[str, str] | None = None) -> LiveServer:
    server = LiveServer(template.copy_to(folder / "db.sqlite3"), environment=environment)
    server.start()
    return server


@pytest.fixture
def live_server(tmp_path: Path, sqlite_template: SqliteTemplate) -> Iterator[LiveServer]:
    server = _start_server(tmp_path, sqlite_template)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def shared_live_server(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: SqliteTemplate
) -> Iterator[LiveServer]:
    """One server per pytest process (per xdist worker) for the browser tests of both games that need none of their
    own: each of those tests is a new player (its own browser context and cookie), so none sees another's games or
    settings. Hearts at the tests' pace (`FAST_HEARTS`), and the per-address limits (creation quotas, sockets, the
    move budget) left to the tests that start a server to check them: every player here comes from 127.0.0.1."""
    environment = {**FAST_HEARTS, UNLIMITED_ADDRESSES_VARIABLE: "127.0.0.0/8"}
    server = _start_server(tmp_path_factory.mktemp("shared_live_server"), sqlite_template, environment)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def live_server_module(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: SqliteTemplate
) -> Iterator[LiveServer]:
    server = _start_server(tmp_path_factory.mktemp("live_server"), sqlite_template)
    try:
        yield server
    finally:
        server.stop()


# Session scope: one Playwright driver and one Chromium per pytest process (per xdist worker). The sync API leaves
# its event loop marked as running in this thread; tests/conftest.py hides it from the tests that drive no browser,
# so their asyncio.run() still works.
@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (scripts/test installs Debian's chromium-headless-shell)")
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
    """Builds apps on one SQLite file, a copy of the migrated template (a restart is `close()` then `new_app()`);
    closes them all at the end."""

    def __init__(self, folder: Path, template: SqliteTemplate) -> None:
        self.folder = folder
        self.database_url = template.copy_to(folder / "db.sqlite3")
        self.apps: list[Any] = []

    def new_app(self, **settings: Any) -> Any:
        from heartcards.runtime.settings import Settings
        from heartcards.web.app import create_app

        settings.setdefault("solver_warm_up", False)  # started by the first search, as in the servers of the tests
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
def app_maker(tmp_path: Path, sqlite_template: SqliteTemplate) -> Iterator[AppMaker]:
    maker = AppMaker(tmp_path, sqlite_template)
    try:
        yield maker
    finally:
        maker.close_all()


@pytest.fixture(scope="module")
def shared_app_maker(tmp_path_factory: pytest.TempPathFactory, sqlite_template: SqliteTemplate) -> Iterator[AppMaker]:
    maker = AppMaker(tmp_path_factory.mktemp("app"), sqlite_template)
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
