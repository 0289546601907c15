"""The Hearts ratings pages in the browser: a guest sees how to get a rating and none of their own; after a rated game
the leaderboard lists the player with where they stand, hiding takes them off it, and their page draws the rating's
history as a chart with the recent rated games (a card each on a phone, within the page's column); in three languages
at three sizes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.accessibility import assert_accessible, audited_in
from tests.web.browser.conftest import LOCALES, Player
from tests.web.browser.hearts.finished_games import cookie_player, finished_game
from tests.web.browser.layout import SIZES, assert_cards, assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., Player]
NO_RATING = {
    "en": "You have no rating with these rules yet",
    "it": "Non hai ancora un punteggio con queste regole",
    "el": "Δεν έχετε ακόμη βαθμολογία με αυτούς τους κανόνες",
}


LINES_OF_MY_NAME = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('[data-role="leaderboard"] tr.me a'));
  return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""


HIDER = "Ann Hides"
"""The name of the player who hides: no other test's, since the browser tests share a server and its leaderboard."""


def test_from_guest_to_a_rated_player_who_hides(new_player: NewPlayer, server: LiveServer) -> None:
    player = new_player()
    player.open("/hearts/ratings")
    me = player.page.locator('[data-role="me"]')
    assert me.inner_text().startswith(NO_RATING["en"]) and me.locator('[data-role="my-place"]').count() == 0
    finished_game(server, cookie_player(player), HIDER, [1, 3, 2, 4])
    finished_game(server, cookie_player(player), HIDER, [2, 1, 3, 4])
    player.open("/hearts/ratings")
    rows = player.page.locator('[data-role="leaderboard"] tbody tr')
    names = rows.locator("td:nth-child(2)").all_inner_texts()
    assert HIDER in names and "Computer (normal)" in names
    shown = player.page.locator('[data-role="leaderboard"] tr.me td:nth-child(3)').inner_text()
    assert me.locator('[data-role="my-place"]').inner_text().endswith(f"rating {shown}, 2 rated games.")
    player.shot("ratings-listed")

    player.page.locator('[data-role="hide"]').check()
    player.page.wait_for_function("() => !document.querySelector('[data-role=\"leaderboard\"] tr.me')")
    assert HIDER not in rows.locator("td:nth-child(2)").all_inner_texts()
    assert me.locator('[data-role="hide"]').is_checked()
    player.open("/hearts/ratings")
    assert me.locator('[data-role="hide"]').is_checked()  # kept by the server
    player.page.locator('[data-role="hide"]').uncheck()
    player.page.locator('[data-role="leaderboard"] tr.me a').wait_for()

    player.page.locator('[data-role="leaderboard"] tr.me a').click()
    player.page.wait_for_selector("body[data-ready='true']")
    assert player.page.locator("h1").inner_text() == HIDER
    chart = player.page.locator(".rating-chart svg")
    assert chart.get_attribute("role") == "img" and chart.locator("circle").count() == 2
    assert (chart.get_attribute("aria-label") or "").startswith("Rating after each of 2 games")
    assert player.page.locator('[data-role="recent-rated"] tbody tr').count() == 2
    player.shot("ratings-player")


def test_an_unknown_player_page_says_so(new_player: NewPlayer) -> None:
    player = new_player(locale="it-IT")
    player.open("/hearts/players/0123456789abcdef")
    assert player.page.locator('[data-role="error"]').inner_text() == (
        "Questo giocatore non ha un punteggio con queste regole."
    )


@pytest.mark.parametrize("language", LOCALES)
def test_the_ratings_pages_fit_and_read_well_in_every_language_and_size(
    new_player: NewPlayer, server: LiveServer, language: str
) -> None:
    player = new_player(viewport=SIZES["phone"], locale=LOCALES[language])
    player.open("/hearts/ratings?variant=special")
    assert player.page.locator('[data-role="me"]').inner_text().startswith(NO_RATING[language])
    for size in at_each_size(player.page):
        assert_fits(player.page, f"ratings guest {language} {size}")
    name = "Αλεξάνδρα Παπαδοπούλου" if language == "el" else "Ann"
    finished_game(server, cookie_player(player), name, [1, 2, 3, 4])
    player.open("/hearts/ratings")
    assert player.page.locator('[data-role="leaderboard"] tr.me').count() == 1
    assert "ratings." not in player.page.locator("main").inner_text()  # every text translated
    if audited_in(language, 0):
        assert_accessible(player.page, f"the leaderboard in {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"ratings {language} {size}")
        # a name breaks between its words where it can, not inside one ("Παπαδοπού" over "λου")
        assert player.page.evaluate(LINES_OF_MY_NAME) <= (2 if language == "el" else 1), (language, size)
        player.shot(f"ratings-{language}")
    player.page.locator('[data-role="leaderboard"] tr.me a').click()
    player.page.wait_for_selector("body[data-ready='true']")
    assert player.page.locator(".rating-chart circle").count() == 1
    assert "ratings." not in player.page.locator("main").inner_text()
    if audited_in(language, 1):
        assert_accessible(player.page, f"a player's page in {language}")
    for size in at_each_size(player.page):
        assert_fits(player.page, f"player page {language} {size}")
        if size == "phone":
            assert_cards(player.page, '[data-role="recent-rated"]', f"player page {language} {size}")
        player.shot(f"ratings-player-{language}")
