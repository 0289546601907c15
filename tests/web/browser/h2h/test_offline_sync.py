"""Offline, the Heart to Heart play page does not knock at the server on every move: while the browser says it has no
network nothing is sent (each request would only fail and write an error to the console), the moves wait in the
books with the bar saying so, and they all go as soon as the network is back. At 390×844, 844×390 and 1366×768,
through the layout check (in English: offline, the page is the one the service worker keeps, in the language it was
kept in; the bar's words in each language are held by the layout tests of the play page)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.web.browser.conftest import DESKTOP, Player
from tests.web.browser.layout import SIZES, assert_fits
from tests.web.browser.offline import api_client, books, go_offline, go_online, wait_for_sync, wait_for_worker
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # the app on the device, as on a phone


NewPlayer = Callable[..., Player]

SEED_DEAL = "HH1-N-AAAAAAM"
WAITING = "waiting to sync"


@pytest.fixture
def server(live_server: LiveServer) -> Iterator[LiveServer]:
    """A server of the test's own: it is stopped and started."""
    yield live_server


def test_offline_moves_wait_without_a_request_each_and_go_once_online(
    new_player: NewPlayer, server: LiveServer
) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    wait_for_worker(player)
    failed: list[str] = []
    errors: list[str] = []
    player.page.on("requestfailed", lambda request: failed.append(request.url))
    player.page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    go_offline(player, server)
    for _ in range(15):
        player.tap("stock")
        player.page.wait_for_timeout(150)  # a person's pace: each move had its own failed request
    wait_for_sync(player, "waiting", WAITING)
    assert [url for url in failed if "/api/" in url] == [] and errors == [], (failed, errors)
    assert len(books(player)[-1]["moves"]) == 15

    for size in SIZES.values():  # the page the service worker keeps, reloaded: the bar still says the moves wait
        player.page.set_viewport_size(size)
        player.open(f"/play/{SEED_DEAL}")
        wait_for_sync(player, "waiting", WAITING)
        assert_fits(player.page, f"offline play {size}")
        player.shot("offline-waiting")
    assert [url for url in failed if "/api/" in url] == [] and errors == [], (failed, errors)

    game_id = books(player)[-1]["id"]
    go_online(player, server)
    wait_for_sync(player, "saved")  # the browser's "online" sends what waited, without a move to wait for
    with api_client(player, server) as client:
        game = client.get(f"/api/h2h/games/{game_id}").json()
    assert game["record"] == " ".join([SEED_DEAL] + ["S"] * 15), game
