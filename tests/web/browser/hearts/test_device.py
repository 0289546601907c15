"""Hearts against the computer on the device, in headless Chromium: after one visit, with the server stopped and the
network gone, the lobby opens and "Play against the computer" plays a game by taps through the table's own screens,
the bots thinking in their worker: its first deal and, after the deals between played by the Python engine and bots
into the device's storage, its last deal to the game's end; a reload mid-trick offline restores the deal; back online
the game reaches the server, which checked every card, and counts in the statistics. A deal in the special rules at
`normal` strength, whose every computer card is the one the Python bots choose."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from heartcards.hearts.engine import Game, Phase
from heartcards.hearts.tables.decisions import decide, decision_seed
from tests.web.browser.hearts.conftest import DESKTOP, FAST, HeartsPlayer, play_until
from tests.web.browser.offline import api_client, go_offline, go_online, wait_for_worker
from tests.web.conftest import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.service_worker]  # the app on the device, as on a phone


NewPlayer = Callable[..., HeartsPlayer]

_DEVICE_GAMES = """() => Object.keys(localStorage).filter((key) => key.startsWith("hc_hearts_device_"))
    .map((key) => JSON.parse(localStorage.getItem(key)))"""


@pytest.fixture
def server(live_server: LiveServer) -> Iterator[LiveServer]:
    """A server of the test's own: these tests stop and start it."""
    yield live_server


def device_games(player: HeartsPlayer) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = player.page.evaluate(_DEVICE_GAMES)
    return games


def start_offline(player: HeartsPlayer, server: LiveServer, name: str, first_visit: str = "/hearts") -> None:
    """One visit online (the service worker stores the app), then the lobby and a solo game offline: the lobby opened
    directly, or from the home page's Hearts link when that was the page visited."""
    player.open(first_visit)
    wait_for_worker(player)
    go_offline(player, server)
    if first_visit == "/":
        player.open("/")
        player.page.click('a[href="/hearts"]')
        player.page.wait_for_url("**/hearts")
        player.page.wait_for_selector("body[data-ready='true']")
    else:
        player.open("/hearts")
    player.page.fill("[data-name]", name)
    player.page.click('[data-action="solo"]')
    player.page.wait_for_url("**/hearts/solo/**")
    player.page.wait_for_selector("body[data-ready='true']")


def replayed(record: dict[str, Any]) -> Game:
    return Game.from_dict({"version": 1, **record, "seed": int(record["seed"])})


def played_to_the_last_deal(record: dict[str, Any]) -> tuple[list[str], int]:
    """The device's stored game, at the end of a deal, played on by the Python engine and bots (the person's seat by
    the computer player of the game's strength too) up to the start of the deal that ends the game: its actions then,
    and how many deals that added. Each computer card is the one the server checks, so the game still counts."""
    game = replayed(record)
    seed, strength = int(record["seed"]), record["strength"]
    last_deal_at, started = len(game.actions), 0
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.DEAL_OVER:
            game.apply_next_deal()
            last_deal_at, started = len(game.actions), started + 1
            continue
        observation = game.observation(0)
        seats = [seat for seat in range(4) if not observation.passes_chosen[seat]] if game.phase is Phase.PASS else []
        for seat in seats or [observation.turn]:
            assert seat is not None
            cards = decide(game.observation(seat), strength, decision_seed(seed, seat, len(game.actions)), 1.0)
            game.apply_action(f"{'pass' if game.phase is Phase.PASS else 'play'} {seat} {' '.join(cards)}")
    return game.actions[:last_deal_at], started - 1  # the last deal started is the one left to play


def test_a_game_offline_its_first_and_last_deals_by_taps_then_counted_online(
    new_hearts_player: NewPlayer, server: LiveServer
) -> None:
    player = new_hearts_player(server.url, viewport=DESKTOP, settings=FAST, reduced=True, hurried=True)
    start_offline(player, server, "Noa")
    play_until([player], lambda: player.situation()["kind"] == "play" and 0 < len(player.trick()) < 4, timeout=60)
    hand, trick, counts = player.hand(), player.trick(), player.counts()
    player.page.reload()  # offline: the page from the worker's cache, the deal replayed from the stored actions
    player.page.wait_for_selector("body[data-ready='true']")
    player.page.wait_for_selector('[data-hand][data-mode="play"]')
    player.idle()
    assert (player.hand(), player.trick(), player.counts()) == (hand, trick, counts)
    player.page.close()  # the tab closed; a new one finds the game in the lobby's "Your tables"
    player.page = player.context.new_page()
    player.page.on("pageerror", lambda error: player.errors.append(str(error)))
    player.open("/hearts")
    player.page.click('[data-mine-list] [data-device="true"] a')
    player.page.wait_for_url("**/hearts/solo/**")
    player.page.wait_for_selector('[data-hand][data-mode="play"]')
    player.idle()
    assert (player.hand(), player.trick(), player.counts()) == (hand, trick, counts)
    play_until([player], lambda: player.situation()["kind"] == "deal_over", timeout=60)
    [record] = device_games(player)
    actions, deals = played_to_the_last_deal(record)
    player.page.evaluate(
        "(game) => localStorage.setItem(`hc_hearts_device_${game.id}`, JSON.stringify(game))",
        {**record, "actions": actions},
    )
    player.page.reload()  # the stored game at the start of its last deal, replayed by the page's own engine
    player.page.wait_for_selector("body[data-ready='true']")
    deals += 1  # the first, by taps
    while True:
        play_until([player], lambda: player.situation()["kind"] in ("deal_over", "game_over"), timeout=90)
        deals += 1
        if player.situation()["kind"] == "game_over":
            break
        assert deals < 12
        player.page.click('[role="dialog"] [data-action="next"]')
        player.page.wait_for_selector('[role="dialog"]', state="detached")
    totals = [int(player.page.inner_text(f'[role="dialog"] [data-total-seat="{seat}"]')) for seat in range(4)]
    [record] = device_games(player)
    assert record["sync"] == "waiting" and record["strength"] == "easy"
    game = replayed(record)
    assert game.phase is Phase.GAME_OVER and list(game.totals) == totals and len(game.records) == deals

    go_online(player, server)
    player.open("/hearts")  # the lobby sends what waits (as the table page does when the network comes back)
    player.page.wait_for_function(f"() => ({_DEVICE_GAMES})()[0].sync === 'counted'", timeout=60_000)
    [record] = device_games(player)
    with api_client(player, server) as client:
        stats = client.get("/api/hearts/stats").json()
        log = client.get(f"/api/hearts/tables/{record['table']}/log").json()
    assert stats["games"] == 1 and stats["recent"][0]["table"] == record["table"]
    assert stats["recent"][0]["total"] == totals[0]
    assert len(log["deals"]) == deals and log["seed"] == int(record["seed"])
    assert player.errors == []


def test_a_special_deal_offline_plays_the_python_bots_cards(new_hearts_player: NewPlayer, server: LiveServer) -> None:
    settings = {**FAST, "variant": "special", "strength": "normal"}
    player = new_hearts_player(server.url, viewport=DESKTOP, settings=settings, reduced=True, hurried=True)
    start_offline(player, server, "Eli", first_visit="/")
    play_until([player], lambda: player.situation()["kind"] == "deal_over", timeout=240)
    [record] = device_games(player)
    assert record["variant"] == "special" and record["strength"] == "normal" and record["sync"] == "playing"
    seed = int(record["seed"])
    game = Game(seed, replayed({**record, "actions": []}).variant, record["target"])
    computer = 0
    for action in record["actions"]:
        words = action.split()
        if words[0] in ("pass", "play") and words[1] != "0":
            chosen = decide(
                game.observation(int(words[1])), "normal", decision_seed(seed, int(words[1]), len(game.actions)), 1.0
            )
            assert sorted(chosen) == sorted(words[2:]), action
            computer += 1
        game.apply_action(action)
    assert game.phase is Phase.DEAL_OVER and computer == 3 * 13 + (3 if game.pass_direction.value != "none" else 0)
    assert player.errors == []


def test_a_game_that_does_not_replay_is_not_shown(new_hearts_player: NewPlayer, server: LiveServer) -> None:
    """A stored game whose actions the engine refuses (storage edited by hand) says so instead of a broken table."""
    player = new_hearts_player(server.url, viewport=DESKTOP, settings=FAST, reduced=True)
    player.open("/hearts")
    broken = {"id": "f" * 32, "seed": "7", "variant": "classic", "target": 50, "strength": "easy", "name": "Io",
              "actions": ["play 0 QS"], "createdAt": "2026-12-04T00:00:00Z", "sync": "playing"}  # fmt: skip
    player.page.evaluate("(game) => localStorage.setItem(`hc_hearts_device_${game.id}`, JSON.stringify(game))", broken)
    player.open(f"/hearts/solo/{broken['id']}")
    assert player.page.is_visible("[data-problem]")
    assert "not on this device" in player.page.inner_text("[data-problem-text]")
    player.open("/hearts")
    assert player.page.locator('[data-mine-list] [data-device="true"]').count() == 0
    assert player.errors == []
