"""Heart to Heart on the device, in headless Chromium: after one visit the service worker serves the app with no
server; games started and played there (to a win, to a stalemate) reach the server once it is back, replayed and
verified; a refused record reloads the server's game; two tabs of one game; a server restart while moves wait; what
needs the server says so; with the round trip emulated at 200 ms a tap is drawn at once."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from heartcards.heart_to_heart.engine import Game
from heartcards.heart_to_heart.solver import solve
from tests.web.browser.conftest import DESKTOP, Player
from tests.web.browser.h2h.deals import stalls_after_moves
from tests.web.browser.offline import (
    API_ANSWERS,
    APP_PAGES,
    OTHER_PAGES,
    api_client,
    books,
    cached_paths,
    go_offline,
    go_online,
    kept_beyond_the_app,
    wait_for_sync,
    wait_for_worker,
)
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]  # the app on the device, as on a phone


SEED_DEAL = "HH1-N-AAAAAAM"
OFFLINE_DEAL = "HH1-S-AAAAAAB"
NewPlayer = Callable[..., Player]


@pytest.fixture
def server(live_server: LiveServer) -> Iterator[LiveServer]:
    """A server of the test's own: these tests stop and start it."""
    yield live_server


def visit(new_player: NewPlayer) -> Player:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    wait_for_worker(player)
    return player


def test_a_game_started_and_won_offline_reaches_the_server_verified(new_player: NewPlayer, server: LiveServer) -> None:
    solution = [str(move) for move in solve(Game.from_code(OFFLINE_DEAL).position).moves]
    player = visit(new_player)
    go_offline(player, server)
    player.open(f"/play/{OFFLINE_DEAL}")  # the page from the worker's cache, the game started on the device
    assert player.field("code") == OFFLINE_DEAL
    player.play(solution)
    assert player.positions() == [] and player.field("score") == "250"
    dialog = player.dialog()
    dialog.wait_for()
    assert dialog.locator('[data-fact="moves"]').inner_text() == str(len(solution))
    assert dialog.locator('[data-fact="par"]').inner_text() == "–"
    assert player.page.locator('[data-field="sync"]').get_attribute("data-sync") in ("waiting", "sending")
    wait_for_sync(player, "waiting", label="waiting to sync")
    player.shot("offline-won")
    game_id = books(player)[-1]["id"]
    go_online(player, server)
    wait_for_sync(player)
    with api_client(player, server) as client:
        replay = client.get(f"/api/h2h/games/{game_id}/replay").json()
        assert replay["code"] == OFFLINE_DEAL and replay["status"] == "won" and replay["moves"] == solution
        stats = client.get("/api/h2h/stats").json()
    assert (stats["played"], stats["won"], stats["fewest_moves"]) == (1, 1, len(solution))


def test_a_stalemate_offline_is_stored_as_one(new_player: NewPlayer, server: LiveServer) -> None:
    code, moves = stalls_after_moves()
    player = visit(new_player)
    go_offline(player, server)
    player.open(f"/play/{code}")
    player.play(list(moves))
    dialog = player.dialog()
    dialog.wait_for()
    assert "No moves possible" in dialog.inner_text()
    game_id = books(player)[-1]["id"]
    go_online(player, server)
    wait_for_sync(player)
    with api_client(player, server) as client:
        view = client.get(f"/api/h2h/games/{game_id}").json()
    assert view["status"] == "stalled" and view["record"] == " ".join([code, *moves])


def test_a_forged_record_is_refused_and_the_page_shows_the_servers_game(
    new_player: NewPlayer, server: LiveServer
) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    player.play(["S", "S", "S"])
    wait_for_sync(player)

    def forge(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["moves"] = [*body["moves"], "1-2"]  # a move the engine never allowed: a modified client's record
        route.continue_(post_data=json.dumps(body))

    player.page.route("**/moves", forge)
    player.tap("stock")
    player.page.wait_for_function("() => document.querySelector('#status').textContent.includes('1-2')")
    player.idle()
    assert "not accept" in player.status_text()
    assert player.field("moves") == "3"
    with api_client(player, server) as client:
        assert client.get("/api/h2h/games/current").json()["record"] == f"{SEED_DEAL} S S S"


def test_two_tabs_of_one_game_play_each_move_once(new_player: NewPlayer, server: LiveServer) -> None:
    first = new_player(viewport=DESKTOP)
    first.open(f"/play/{SEED_DEAL}")
    first.play(["S", "S"])
    wait_for_sync(first)
    second = Player(first.page.context.new_page(), server.url)
    second.open(f"/play/{SEED_DEAL}")
    assert second.field("moves") == "2"
    second.play(["S"])
    first.page.wait_for_function("() => document.querySelector('[data-field=\"moves\"]').textContent === '3'")
    first.play(["S"])
    second.page.wait_for_function("() => document.querySelector('[data-field=\"moves\"]').textContent === '4'")
    wait_for_sync(first)
    wait_for_sync(second)
    with api_client(first, server) as client:
        current = client.get("/api/h2h/games/current").json()
    assert current["record"] == f"{SEED_DEAL} S S S S" and current["moves"] == 4


def test_moves_waiting_through_a_reload_and_a_server_restart_are_stored_once(
    new_player: NewPlayer, server: LiveServer
) -> None:
    opening = ["S"] * 9 + ["25-W"]
    player = visit(new_player)
    server.stop()
    player.play(opening)
    wait_for_sync(player, "waiting")
    player.open(f"/play/{SEED_DEAL}")  # a reload while the server is down: the worker's page, the device's moves
    assert (player.field("moves"), player.field("score")) == ("10", "10")
    server.start()
    wait_for_sync(player)
    with api_client(player, server) as client:
        current = client.get("/api/h2h/games/current").json()
        assert current["record"] == " ".join([SEED_DEAL, *opening])
        assert client.get("/api/h2h/stats").json()["played"] == 0


def test_what_needs_the_server_says_so_offline(new_player: NewPlayer, server: LiveServer) -> None:
    """Hints, statistics, the solution and a replay of a game this device does not hold say plainly that they need
    the server; a game finished on the device is replayed from its books."""
    code, moves = stalls_after_moves()
    player = visit(new_player)
    go_offline(player, server)
    player.open(f"/play/{code}")
    player.page.locator('.toolbar [data-action="hint"]').click()
    player.idle()
    assert player.status_text().startswith("Hints need the server")
    assert player.page.locator("#table [data-hint]").count() == 0
    player.play(list(moves))
    player.dialog().wait_for()
    game_id = books(player)[-1]["id"]

    player.open("/stats")
    message = player.page.locator("#stats .empty").inner_text()
    assert message.startswith("Statistics need the server") and "fetch" not in message

    player.open(f"/replay/{game_id}")
    assert code in player.page.locator("#replay h1").inner_text()
    assert player.page.locator('#replay [data-control="slider"]').get_attribute("max") == str(len(moves))
    player.open(f"/replay/{game_id}?solution=1")
    assert "The solution needs the server" in player.page.locator("#replay").inner_text()
    player.open("/replay/0123")
    assert player.page.locator('#replay [data-role="error"]').inner_text().startswith("This replay needs the server")


# Runs in the page: each click's time from the click event (its input timestamp) to the moment the stock's count in
# the DOM has changed; looked at once the page's own click handlers have run, else at each following frame.
TAP_TIMER_SCRIPT = """
() => {
  const count = () => document.querySelector('#table [data-pile="stock"]').dataset.count;
  window.__tapMs = [];
  let before = null;
  window.addEventListener("click", () => { before = count(); }, true);
  window.addEventListener("click", (event) => {
    const was = before;
    const look = () => {
      if (count() !== was) window.__tapMs.push(performance.now() - event.timeStamp);
      else requestAnimationFrame(look);
    };
    look();
  });
}
"""
ROUND_TRIP_SCRIPT = """
async () => {
  const started = performance.now();
  await fetch(`/api/health?probe=${started}`, { cache: "no-store" });
  return performance.now() - started;
}
"""
EMULATED_ROUND_TRIP_MS = 200
TAP_BOUND_MS = 100


# It times the page against a bound, so it runs alone (`quiet`): beside the other workers' browsers, once, one of
# eight taps took 108 ms, the others 1.5–4.9.
@pytest.mark.quiet
def test_a_tap_is_drawn_before_a_round_trip_could_answer(new_player: NewPlayer, server: LiveServer) -> None:
    player = new_player(viewport=DESKTOP)
    player.open(f"/play/{SEED_DEAL}")
    devtools = player.page.context.new_cdp_session(player.page)
    devtools.send("Network.enable")
    devtools.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": EMULATED_ROUND_TRIP_MS, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    # The emulation is on: it reaches the browser's network service (and the page's service worker) a moment after the
    # call returns, so a first fetch on a busy machine may be only partly delayed (once 104 ms of the 200).
    deadline = time.monotonic() + 10
    while player.page.evaluate(ROUND_TRIP_SCRIPT) < EMULATED_ROUND_TRIP_MS:
        assert time.monotonic() < deadline, "the emulated round trip never took effect"
    player.page.evaluate(TAP_TIMER_SCRIPT)
    taps = 8
    for _ in range(taps):
        player.page.locator('#table [data-pile="stock"]').click()
    player.page.wait_for_function(f"() => window.__tapMs.length === {taps}")
    tap_ms: list[float] = player.page.evaluate("window.__tapMs")
    assert max(tap_ms) < TAP_BOUND_MS, tap_ms
    assert player.field("moves") == str(taps)
    wait_for_sync(player)  # the moves reach the server all the same, later
    with api_client(player, server) as client:
        assert client.get("/api/h2h/games/current").json()["record"] == " ".join([SEED_DEAL, *["S"] * taps])


def test_the_worker_keeps_the_app_and_no_one_s_data(new_player: NewPlayer, server: LiveServer) -> None:
    player = visit(new_player)
    for path in (*APP_PAGES, *OTHER_PAGES, f"/replay/{'a' * 32}", f"/hearts/table/{'b' * 32}"):
        player.page.goto(server.url.rstrip("/") + path)
        player.page.wait_for_load_state("load")
    for path in API_ANSWERS:  # typed into the address bar: the JSON shows, and is not kept
        assert player.page.goto(server.url.rstrip("/") + path) is not None
    kept = cached_paths(player)
    assert kept and set(APP_PAGES) <= set(kept)
    assert kept_beyond_the_app(kept) == []
