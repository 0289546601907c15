"""Helpers of the offline browser tests: the service worker in control and what it keeps, the books' sync mark, the
books themselves, the player's identity outside the browser, and the server and network going away and coming
back."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.web.browser.conftest import Player
from tests.web.conftest import LiveServer

SYNC_TIMEOUT_MS = 40_000
APP_PAGES = ("/", "/play", "/rules", "/examples", "/stats", "/hearts")
"""The pages the service worker keeps (with the replay's and the device's Hearts table's shells)."""
OTHER_PAGES = ("/account", "/hearts/stats", "/hearts/ratings", "/hearts/rules")
API_ANSWERS = ("/api/h2h/stats", "/api/h2h/games/current", "/api/account", "/api/hearts/tables")
CACHED_PATHS_SCRIPT = """async () => {
    const paths = [];
    for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
}"""


def wait_for_worker(player: Player) -> None:
    player.page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def cached_paths(player: Player) -> list[str]:
    """The path of every answer the service worker keeps."""
    paths: list[str] = player.page.evaluate(CACHED_PATHS_SCRIPT)
    return paths


def kept_beyond_the_app(paths: list[str]) -> list[str]:
    """What a cache holds besides the app (its pages and shells, static files, catalogs): someone's data."""
    shells = ("/replay/offline", "/hearts/solo/offline")
    return [
        path for path in paths if not (path.startswith(("/static/", "/api/i18n/")) or path in (*APP_PAGES, *shells))
    ]


def wait_for_sync(player: Player, state: str = "saved", label: str = "", timeout: int = SYNC_TIMEOUT_MS) -> None:
    """Until the books' sync mark is `state` and, if given, its label reads `label` (case aside), both at once: while
    offline the page retries now and then, so the mark leaves "waiting" for a moment and a later look may miss it."""
    player.page.wait_for_function(
        """([state, label]) => document.body.dataset.sync === state && (!label
            || document.querySelector('[data-field="sync"]').innerText.trim().toLowerCase() === label)""",
        arg=[state, label],
        timeout=timeout,
    )


def books(player: Player) -> list[dict[str, Any]]:
    """The games the page keeps in localStorage (its books), oldest change first."""
    text = player.page.evaluate(
        """() => JSON.stringify(Object.keys(localStorage).filter((key) => key.startsWith("heartcards.h2h.sync."))
            .map((key) => JSON.parse(localStorage.getItem(key))))"""
    )
    entries: list[dict[str, Any]] = json.loads(text)
    return sorted(entries, key=lambda entry: entry.get("changedAt", 0))


def api_client(player: Player, server: LiveServer) -> httpx.Client:
    """The player's identity (cookie) outside the browser, to read what the server stored."""
    cookies = {cookie["name"]: cookie["value"] for cookie in player.page.context.cookies()}
    return httpx.Client(base_url=server.url, cookies=cookies, timeout=60)


def go_offline(player: Player, server: LiveServer) -> None:
    server.stop()
    player.page.context.set_offline(True)


def go_online(player: Player, server: LiveServer) -> None:
    server.start()
    player.page.context.set_offline(False)
