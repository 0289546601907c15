"""Helpers for the end-to-end tests: pages at phone or desktop size with animations off, taps that wait for the
server's answer, and screenshots for a person to look at when asked (`tests/web/browser/screenshots.py`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from tests.web.browser.screenshots import save_screenshot
from tests.web.conftest import LiveServer

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LOCALES = {"en": "en-US", "it": "it-IT", "el": "el-GR"}
"""The browser locale (`new_player(locale=…)`) each of the app's languages is tested in."""
# Tests run with animations off unless a test sets its own settings first.
DEFAULT_SETTINGS = {"animation": "off"}


def settings_script(settings: dict[str, Any]) -> str:
    value = json.dumps(json.dumps(settings))
    return f"if (!localStorage.getItem('heartcards.settings')) localStorage.setItem('heartcards.settings', {value});"


WATCH = """selector => {
    window.__hcSeen = window.__hcSeen || {};
    const note = () => { if (document.querySelector(selector)) window.__hcSeen[selector] = true; };
    window.__hcSeen[selector] = false;
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def forget_the_player(page: Any, origin: str) -> None:
    """Make `page`'s browser context a new player's: the page moved to a file of `origin` that runs no script (so no
    page of the app writes to the storage meanwhile, and the renderer stays), then every cookie and the origin's
    localStorage cleared. For a test that needs a fresh player at each step of a loop (each language, say): a new
    context costs several times more (a new renderer, every module fetched and compiled again)."""
    page.goto(origin.rstrip("/") + "/static/favicon.svg")
    page.evaluate("localStorage.clear()")
    page.context.clear_cookies()


class Player:
    """One browser context (its own player cookie) and page, with the game's test hooks as methods."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.page.set_default_timeout(10_000)
        self.base_url = base_url.rstrip("/")

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.page.wait_for_selector("body[data-ready='true']")
        self.idle()

    def idle(self) -> None:
        self.page.wait_for_function("() => !document.body.dataset.busy")

    def forget(self) -> None:
        """Become a new player in the same browser context (`forget_the_player`)."""
        forget_the_player(self.page, self.base_url)

    def watch(self, selector: str) -> None:
        """Note from inside the page whether `selector` ever matches from now on (until the next page): a moment's
        sign (a ring, a leaving picture) may come and go between two of the test's calls on a loaded machine."""
        self.page.evaluate(WATCH, selector)

    def seen(self, selector: str) -> bool:
        """Whether `selector` matched at some point since `watch(selector)`."""
        return bool(self.page.evaluate("selector => window.__hcSeen[selector]", selector))

    def card(self, position: int) -> Any:
        return self.page.locator(f'[data-pos="{position}"]').first

    def tap(self, target: int | str) -> None:
        """Tap a heart position (on its visible upper part), "stock" or "waste", and wait for the answer."""
        if isinstance(target, int):
            box = self.card(target).bounding_box()
            assert box is not None, f"position {target} is not on the table"
            self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.2)
        else:
            self.page.locator(f'[data-pile="{target}"]').click()
        self.idle()

    def play(self, moves: list[str] | tuple[str, ...]) -> None:
        """Play moves in the record's notation by taps: S, a-b, a-W."""
        for move in moves:
            if move == "S":
                self.tap("stock")
                continue
            first, second = move.split("-")
            self.tap(int(first))
            self.tap("waste" if second == "W" else int(second))

    def play_on_the_server(self, moves: Sequence[str]) -> None:
        """Play `moves` in the player's running game through the API's taps, much quicker than the page's: how a test
        brings a game near the moment it checks, which it then plays by taps."""
        request = self.page.request
        game = request.get(f"{self.base_url}/api/h2h/games/current").json()
        for move in moves:
            first, _, second = move.partition("-")
            targets = ["stock"] if move == "S" else [int(first), "waste" if second == "W" else int(second)]
            for target in targets:
                assert request.post(f"{self.base_url}/api/h2h/games/{game['id']}/tap", data={"target": target}).ok

    def field(self, name: str) -> str:
        return self.page.locator(f'[data-field="{name}"]').inner_text().strip()

    def pressed(self) -> list[str]:
        return self.page.eval_on_selector_all(
            '[aria-pressed="true"]', "els => els.map(e => e.dataset.pos || e.dataset.pile)"
        )

    def positions(self) -> list[int]:
        return sorted(self.page.eval_on_selector_all("#table [data-pos]", "els => els.map(e => Number(e.dataset.pos))"))

    def status_text(self) -> str:
        return self.page.locator('#status[role="status"]').inner_text().strip()

    def dialog(self) -> Any:
        return self.page.locator('[role="dialog"]')

    def shot(self, name: str) -> None:
        save_screenshot(self.page, name)


@pytest.fixture(scope="session")
def server(shared_live_server: LiveServer) -> LiveServer:
    """The server players open pages on: the session's shared one; a test module that restarts or stops its server
    overrides this with one of its own."""
    return shared_live_server


@pytest.fixture
def service_workers(request: pytest.FixtureRequest) -> str:
    """Whether the pages' service worker registers in a test's browser contexts (Playwright's "allow" or "block"):
    only in the tests marked `service_worker`, those of the app on the device; in every other context it would
    fetch and store the whole app beside the test."""
    return "allow" if request.node.get_closest_marker("service_worker") else "block"


@pytest.fixture
def new_player(browser: Any, server: LiveServer, service_workers: str) -> Iterator[Callable[..., Player]]:
    """Make players: new_player(viewport=PHONE, settings=None, locale="en-US") → Player in a fresh context."""
    contexts: list[Any] = []

    def make(
        viewport: dict[str, int] | None = None,
        settings: dict[str, Any] | None = None,
        locale: str = "en-US",
        base_url: str | None = None,
    ) -> Player:
        context = browser.new_context(viewport=viewport or PHONE, locale=locale, service_workers=service_workers)
        context.add_init_script(settings_script(settings if settings is not None else DEFAULT_SETTINGS))
        contexts.append(context)
        return Player(context.new_page(), base_url or server.url)

    yield make
    for context in contexts:
        context.close()
