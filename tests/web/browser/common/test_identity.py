"""When another player comes to the browser (here: the identity cookies cleared), nothing of the previous one shows,
online or offline: not their Heart to Heart game, their Hearts name, seats or games played on the device, and the
service worker's cache is dropped and holds the app again, no API answer."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.web.browser.conftest import DESKTOP, Player
from tests.web.browser.offline import (
    API_ANSWERS,
    APP_PAGES,
    CACHED_PATHS_SCRIPT,
    OTHER_PAGES,
    cached_paths,
    go_offline,
    go_online,
    kept_beyond_the_app,
    wait_for_sync,
    wait_for_worker,
)
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.service_worker]  # the app on the device, as on a phone


SEED_DEAL = "HH1-N-AAAAAAM"
DEVICE_KEYS = ("heartcards.identity", "heartcards.settings")
STORED_KEYS = "() => Object.keys(localStorage).filter((key) => !key.startsWith('heartcards.h2h.daily.')).sort()"
LEFT_IN_THE_CACHE = """async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("heartcards-"));
    await (await caches.open(name)).put("/left-by-alice", new Response("Alice's"));
}"""
NewPlayer = Callable[..., Player]


@pytest.fixture
def server(live_server: LiveServer) -> Iterator[LiveServer]:
    """A server of the test's own: this test stops and starts it."""
    yield live_server


def lobby(player: Player) -> None:
    player.open("/hearts")
    player.page.wait_for_selector("body[data-ready='true']")


def start_solo(player: Player, name: str, page: str) -> None:
    """ "Play against the computer" in the lobby under `name`; `page` is where it leads (a server's or the device's)."""
    lobby(player)
    player.page.fill("[data-name]", name)
    player.page.click('[data-action="solo"]')
    player.page.wait_for_url(f"**/hearts/{page}/**")
    player.page.wait_for_selector("body[data-ready='true']")


def test_after_another_player_comes_nothing_of_the_previous_one_shows(
    new_player: NewPlayer, server: LiveServer
) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    wait_for_worker(player)
    player.play(["S", "S"])
    wait_for_sync(player)
    start_solo(player, "Alice", "table")  # a seat at the server's table, and the name, kept on the device
    for path in (*APP_PAGES, *OTHER_PAGES, f"/replay/{'a' * 32}", *API_ANSWERS):
        assert player.page.goto(server.url.rstrip("/") + path) is not None
    go_offline(player, server)
    start_solo(player, "Alice", "solo")  # a game on the device
    stored = player.page.evaluate(STORED_KEYS)
    assert {"hc_hearts_name"} < set(stored) and any(key.startswith("hc_hearts_device_") for key in stored)
    assert any(key.startswith("hc_hearts_token_") for key in stored), stored
    assert any(key.startswith("heartcards.h2h.sync.") for key in stored), stored

    go_online(player, server)
    player.page.evaluate(LEFT_IN_THE_CACHE)  # anything the worker may have stored for Alice goes too
    assert "/left-by-alice" in cached_paths(player)
    player.page.context.clear_cookies()  # another person: a new guest at the next answer
    player.open("/")
    assert player.page.evaluate(STORED_KEYS) == sorted(DEVICE_KEYS)
    player.page.wait_for_function(
        f"async (pages) => {{ const paths = await ({CACHED_PATHS_SCRIPT})(); return pages.every((page) => paths.includes(page)); }}",
        arg=list(APP_PAGES),
    )  # the worker dropped its cache and stored the app again
    assert kept_beyond_the_app(cached_paths(player)) == []  # "/left-by-alice" is gone with the rest
    lobby(player)
    assert player.page.locator("[data-mine]").is_hidden() and player.page.input_value("[data-name]") == ""

    go_offline(player, server)
    player.open("/")
    assert player.page.locator('#home [data-role="continue"]').is_hidden()  # no game of Alice's to go on with
    player.open(f"/play/{SEED_DEAL}")
    assert player.field("moves") == "0"
    lobby(player)
    assert player.page.locator("[data-mine]").is_hidden() and player.page.input_value("[data-name]") == ""
    assert kept_beyond_the_app(cached_paths(player)) == []
    assert not set(player.page.evaluate(STORED_KEYS)) & (set(stored) - set(DEVICE_KEYS))  # only the new player's
