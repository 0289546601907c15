"""The Hearts pages at a phone's size (portrait 390×844 and landscape 844×390) and a desktop's (1366×768), in
English, Italian and Greek: nothing sticks out sideways (the lobby, a table being passed and played, a spectator's
view, the statistics with a page of games) and the hearts-broken icon shows its words; each of those pages, the rules
and the ratings pass the accessibility audit (`accessibility.py`, each in one of the languages); the way back to your
table and the open tables come before the setup form, and both "create" buttons are above the fold on the desktop.
Screenshots of each go to test-artifacts."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tests.web.browser.accessibility import assert_accessible, audited_in
from tests.web.browser.hearts.conftest import HeartsPlayer
from tests.web.browser.layout import SIZES, assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

LANGUAGES = ("en", "it", "el")
STATS = {
    "games": 12,
    "wins": 5,
    "average_place": 1.92,
    "moons": 2,
    "queens_taken": 7,
    "recent": [
        {
            "finished_at": "2026-11-30T21:45:00Z",
            "variant": variant,
            "target": target,
            "place": place,
            "won": place == 1,
            "total": total,
            "moons": moons,
            "queens": queens,
        }
        for variant, target, place, total, moons, queens in (
            ("special", 100, 1, 48, 1, 2),
            ("classic", 75, 3, 101, 0, 4),
            ("classic", 50, 2, 57, 0, 1),
        )
    ],
}

STATS_JSON = json.dumps(STATS)
"""A page of statistics as the API gives it (the layout is what is tested, not the figures)."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hearts_pages_fit_every_size_and_read_well(
    language: str, server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    player = new_hearts_player(server.url, viewport=SIZES["phone"], reduced=True)
    player.page.goto(f"{server.url}hearts?lang={language}")
    player.page.wait_for_selector("body[data-ready='true']")
    player.page.fill("[data-name]", "Adele")
    if audited_in(language, 0):
        assert_accessible(player.page, f"lobby {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"lobby {language} {size}")
        if size == "desktop":
            bottom = player.page.eval_on_selector('[data-action="online"]', "el => el.getBoundingClientRect().bottom")
            assert bottom <= SIZES[size]["height"], f"'Create an online table' ends at {bottom}px, below the fold"
        player.shot(f"lobby-{language}")

    table = player.create_table("solo", "Adele")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    if audited_in(language, 1):
        assert_accessible(player.page, f"passing {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"passing {language} {size}")
        player.shot(f"passing-{language}")
    player.act()
    player.page.wait_for_selector('[data-hand][data-mode="play"]')
    if audited_in(language, 2):
        assert_accessible(player.page, f"playing {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"playing {language} {size}")
        words = player.page.locator("[data-hearts-broken] span")  # the icon says what it means at every size
        box = words.bounding_box()
        assert words.is_visible() and words.inner_text().strip() and box and box["width"] > 40, size
        player.shot(f"playing-{language}")

    watcher = new_hearts_player(server.url, viewport=SIZES["phone"], reduced=True)
    watcher.open(f"/hearts/table/{table}?lang={language}")  # a new context: the language asked again
    watcher.page.wait_for_selector("[data-board]:not([hidden])")
    if audited_in(language, 3):
        assert_accessible(watcher.page, f"spectator {language}")
    for size in at_each_size(watcher.page):
        assert_fits(watcher.page, f"spectator {language} {size}")
        watcher.shot(f"spectator-{language}")
    watcher.context.close()

    player.open("/hearts")  # the way back to the table comes before the open tables and the form
    for size in at_each_size(player.page):
        back = player.page.locator(f'[data-mine] li[data-table="{table}"] a.button')
        back_box, lobby_box = back.bounding_box(), player.page.locator("[data-lobby]").bounding_box()
        form_box = player.page.locator("[data-setup]").bounding_box()
        assert back_box and lobby_box and form_box
        height = SIZES[size]["height"]
        assert back_box["y"] + back_box["height"] <= height, f"'Back to the table' below the fold ({language} {size})"
        if SIZES[size]["width"] < 860:
            assert back_box["y"] < lobby_box["y"] < form_box["y"], size

    player.page.route(
        "**/api/hearts/stats", lambda route: route.fulfill(body=STATS_JSON, content_type="application/json")
    )
    player.page.goto(f"{server.url}hearts/stats")
    player.page.wait_for_selector("[data-recent] tbody tr")
    if audited_in(language, 4):
        assert_accessible(player.page, f"statistics {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"statistics {language} {size}")
        player.shot(f"stats-{language}")

    for index, path in enumerate(("hearts/rules", "hearts/ratings"), start=5):
        if audited_in(language, index):
            player.page.goto(f"{server.url}{path}")
            player.page.wait_for_selector("body[data-ready='true']")
            assert_accessible(player.page, f"{path} {language}")
