"""The home page with no server, in headless Chromium: after one visit, New game, Enter a code and Daily deal start
the game on the device as the play page does (a fresh code of the winnable-deals setting, the typed code, the daily
deal of the day fetched), it can be played, shows that it waits to sync, and reaches the server once it is back."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import httpx
import pytest

from tests.web.browser.conftest import DESKTOP, Player
from tests.web.browser.offline import api_client, books, go_offline, go_online, wait_for_sync, wait_for_worker
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # the app on the device, as on a phone


SEED_DEAL = "HH1-N-AAAAAAM"
NewPlayer = Callable[..., Player]


@pytest.fixture
def server(live_server: LiveServer) -> Iterator[LiveServer]:
    """A server of the test's own: these tests stop and start it."""
    yield live_server


def start_from_home(player: Player, start: str) -> None:
    """Start a game with the home page's button `start` and wait for the play page."""
    home = player.page.locator("#home")
    if start == "code":
        home.locator('[data-role="code"]').click()
        player.page.locator("#code-input").fill("HH1-X-123")
        player.page.locator('[data-action="open"]').click()
        player.page.wait_for_function("() => document.querySelector('#code-error').textContent.length > 0")
        assert "HH1-X-123" in player.page.locator("#code-error").inner_text()  # the reason, translated, in place
        player.page.locator("#code-input").fill(f"  {SEED_DEAL.lower()} ")
        player.page.locator('[data-action="open"]').click()
    else:
        home.locator(f'[data-role="{start}"]').click()
    player.page.wait_for_url(re.compile(r"/play/HH1-"))
    player.page.wait_for_selector("body[data-ready='true']")
    player.idle()


@pytest.mark.parametrize("start", ["new", "code", "daily"])
def test_a_game_started_from_home_offline_is_played_and_reaches_the_server(
    new_player: NewPlayer, server: LiveServer, start: str
) -> None:
    with httpx.Client(base_url=server.url) as client:
        daily = client.get("api/h2h/daily").json()
    player = new_player(viewport=DESKTOP, settings={"animation": "off", "dealMode": "S"})
    player.open("/")
    wait_for_worker(player)
    player.page.wait_for_function(f"() => localStorage.getItem('heartcards.h2h.daily.{daily['date']}') !== null")
    go_offline(player, server)
    player.open("/")  # the page from the worker's cache
    start_from_home(player, start)

    code = player.field("code")
    expected = {"code": SEED_DEAL, "daily": daily["code"]}.get(start)
    if expected is None:
        assert re.fullmatch(r"HH1-S-[A-Z]{7}", code)  # "Winnable deals only" is on
    else:
        assert code == expected
    is_daily = player.page.locator('[data-role="badge"]').inner_text() == "Daily deal"
    assert is_daily == (start == "daily")
    player.play(["S", "S"])
    assert player.field("moves") == "2"
    wait_for_sync(player, "waiting", label="waiting to sync")
    [entry] = books(player)
    assert (entry["code"], entry["moves"], entry["known"]) == (code, ["S", "S"], False)

    go_online(player, server)
    wait_for_sync(player)
    with api_client(player, server) as client:
        stored = client.get(f"/api/h2h/games/{entry['id']}").json()
    assert stored["record"] == f"{code} S S" and stored["status"] == "playing"
    assert stored["daily"] == (start == "daily")


def test_home_offline_continues_the_devices_game_and_asks_before_leaving_it(
    new_player: NewPlayer, server: LiveServer
) -> None:
    player = new_player(viewport=DESKTOP)
    player.open("/")
    wait_for_worker(player)
    go_offline(player, server)
    player.open(f"/play/{SEED_DEAL}")
    player.play(["S"])
    player.open("/")
    player.page.locator('#home [data-role="new"]').click()
    dialog = player.dialog()
    dialog.wait_for()  # leaving a begun game counts it as lost: the page asks first, as it does online
    dialog.locator('[data-action="cancel"]').click()
    player.page.locator('#home [data-role="continue"]').click()
    player.page.wait_for_selector("body[data-ready='true']")
    assert (player.field("code"), player.field("moves")) == (SEED_DEAL, "1")
