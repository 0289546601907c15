"""The other pages in the browser: home, rules, examples (the worked example's pair at move 10), statistics and replays,
each looked at on a phone and a desktop screen."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from heartcards.heart_to_heart.engine.game import Game, Status
from tests.web.browser.conftest import DESKTOP, PHONE, Player
from tests.web.conftest import LiveServer

NewPlayer = Callable[..., Player]
SEED_DEAL = "HH1-N-AAAAAAM"
EXAMPLE_FILE = Path(__file__).resolve().parents[4] / "src/heartcards/web/static/js/h2h/example-game.js"
STEP_MS = 650
"""The time between a replay's steps while it plays (`stepMs` in `js/h2h/player.js`)."""


def example_moves() -> list[str]:
    text = EXAMPLE_FILE.read_text(encoding="utf-8")
    block = text.split("EXAMPLE_MOVES = (", 1)[1].split(").split", 1)[0]
    return " ".join(re.findall(r'"([^"]*)"', block)).split()


def test_the_examples_game_is_a_win_with_the_seeds_pair_at_move_10() -> None:
    moves = example_moves()
    assert moves[:10] == ["S"] * 9 + ["25-W"]
    game = Game.from_record(" ".join([SEED_DEAL, *moves]))
    assert game.status is Status.WON


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_home_and_rules(new_player: NewPlayer, viewport: dict[str, int]) -> None:
    player = new_player(viewport=viewport)
    player.open("/")
    page = player.page
    assert page.locator('[data-role="continue"]').is_hidden()
    player.shot("home")
    page.locator('[data-role="new"]').click()
    page.wait_for_url(re.compile(r"/play/HH1-S-[A-Z]{7}$"))  # winnable deals by default
    page.wait_for_selector("body[data-ready='true']")
    player.open("/")
    assert page.locator('[data-role="continue"]').is_visible()
    player.open("/rules")
    assert page.locator("h1").inner_text() == "The rules of Heart to Heart"
    assert "What this app adds" in page.locator("main").inner_text()
    assert page.locator("figure .card").count() > 40  # three small pictures of the layout
    player.shot("rules")


@pytest.mark.browser
def test_the_rules_without_their_pictures_say_why(new_player: NewPlayer) -> None:
    """The example deal fails to load: the rules show without pictures, and the console says so, as an error when the
    server answered badly and as a warning when the request never reached it (the device is offline)."""
    player = new_player()
    messages: list[tuple[str, str]] = []
    player.page.on("console", lambda message: messages.append((message.type, message.text)))
    for failure, expected in (("fulfil", "error"), ("abort", "warning")):
        messages.clear()
        player.page.unroute("**/api/h2h/deals/**")
        if failure == "fulfil":
            player.page.route("**/api/h2h/deals/**", lambda route: route.fulfill(status=500, body="{}"))
        else:
            player.page.route("**/api/h2h/deals/**", lambda route: route.abort("internetdisconnected"))
        player.open("/rules")
        assert "What this app adds" in player.page.locator("main").inner_text()
        assert player.page.locator("figure").count() == 0
        reports = [kind for kind, text in messages if "rules' example pictures failed" in text]
        assert reports == [expected], messages


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_examples_replays_the_won_game_with_move_10_called_out(new_player: NewPlayer, viewport: dict[str, int]) -> None:
    player = new_player(viewport=viewport)
    # Playwright's clock: the replay's steps are moved through with it, not waited out (below)
    player.page.clock.install()
    player.open("/examples")
    page = player.page
    # the words around the code keep their spaces (the link is an inline flexbox, a touch target)
    assert (
        page.locator('#examples a[href="/play/HH1-N-AAAAAAM"]').inner_text() == "Play the deal HH1-N-AAAAAAM yourself"
    )
    step = page.locator('[data-role="step"]')
    assert step.get_attribute("data-step") == "0"
    page.locator('[data-control="play"]').click()
    page.clock.run_for(2 * STEP_MS)
    page.wait_for_function("() => Number(document.querySelector('[data-role=step]').dataset.step) >= 2")
    page.locator('[data-control="play"]').click()  # pause
    paused_at = step.get_attribute("data-step")
    page.clock.run_for(STEP_MS + 150)  # a step's time and more: every timer due meanwhile fires
    assert step.get_attribute("data-step") == paused_at
    page.locator('[data-control="first"]').click()
    page.locator('[data-control="play"]').click()  # playing through stops by itself on the rules' example
    page.clock.run_for(12 * STEP_MS)  # two steps past move 10: a replay that did not stop there would be at 12
    page.wait_for_function("() => document.querySelector('[data-control=play]').dataset.playing === 'false'")
    assert step.get_attribute("data-step") == "10"
    page.locator('[data-control="first"]').click()
    page.locator('[data-role="show-10"]').click()  # "Show move 10" shows move 10 made, its step line naming it
    assert step.get_attribute("data-step") == "10"
    assert step.inner_text().startswith("Move 10:")
    assert page.locator(".viewer [data-pos='25']").count() == 0
    assert page.locator(".viewer [data-pos='23']").get_attribute("data-free") == "true"
    assert page.locator(".viewer [data-pos='24']").get_attribute("data-free") == "true"
    assert page.locator('[data-role="callout"]').get_attribute("class") == "callout active"
    page.locator('[data-control="prev"]').click()  # the position it was played from
    assert step.get_attribute("data-step") == "9"
    assert page.locator(".viewer [data-pile='waste']").get_attribute("data-rank") == "4"
    player.shot("examples-move-9")
    page.locator('[data-control="next"]').click()
    assert step.get_attribute("data-step") == "10"
    # "back to the start" and "previous move" are drawn differently (two triangles against one)
    first = page.locator('[data-control="first"] svg path').count()
    previous = page.locator('[data-control="prev"] svg path').count()
    assert first == 3 and previous == 2
    player.shot("examples-move-10")
    page.locator('[data-control="slider"]').fill(str(len(example_moves())))
    assert page.locator(".viewer [data-pos]").count() == 0


@pytest.mark.browser
def test_statistics_and_a_shareable_replay(new_player: NewPlayer, server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        solution = client.get(f"api/h2h/solution/{SEED_DEAL}").json()["moves"]
    player = new_player(viewport=DESKTOP)
    player.open("/")
    request = player.page.request
    api = server.url + "api/h2h/games"
    lost = request.post(api, data={"code": "HH1-N-AAAAABC"}).json()
    request.post(f"{api}/{lost['id']}/tap", data={"target": "stock"})
    request.post(f"{api}/{lost['id']}/abandon")
    won = request.post(api, data={"code": SEED_DEAL}).json()
    for move in solution:
        first, _, second = move.partition("-")
        targets = ["stock"] if move == "S" else [int(first), "waste" if second == "W" else int(second)]
        for target in targets:
            assert request.post(f"{api}/{won['id']}/tap", data={"target": target}).ok
    player.open("/stats")
    page = player.page
    assert page.locator('[data-stat="played"] .value').inner_text() == "2"
    assert page.locator('[data-stat="won"] .value').inner_text() == "1"
    assert page.locator('[data-stat="win_rate"] .value').inner_text() == "50%"
    assert page.locator('[data-stat="fewest_moves"] .value').inner_text() == str(len(solution))
    assert page.locator(".chart rect").count() == 2
    assert page.locator('[data-role="per-deal"] tbody tr').count() == 2
    player.shot("stats")
    page.set_viewport_size(PHONE)
    player.shot("stats")
    page.set_viewport_size(DESKTOP)
    page.locator('[data-role="recent"] a[href^="/replay/"]').first.click()
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("h1").inner_text() == f"Replay of {SEED_DEAL}"
    shared = page.url
    player.shot("replay")
    stranger = new_player(viewport=PHONE)  # anyone with the link can watch it
    stranger.page.goto(shared)
    stranger.page.wait_for_selector("body[data-ready='true']")
    stranger.page.locator('[data-control="slider"]').fill(str(len(solution)))
    assert stranger.page.locator(".viewer [data-pos]").count() == 0
    stranger.shot("replay")
    stranger.open("/stats")
    assert stranger.page.locator('[data-stat="played"] .value').inner_text() == "0"
    stranger.shot("stats-empty")
