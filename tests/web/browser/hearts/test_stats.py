"""The Hearts statistics page with finished games: the figures, and the recent games as a card each on a phone (the
date on a line, the rules, place, points, moons and queens each under its label, one line of them); a table with its
heading row from a phone held sideways up. In English, Italian and Greek at 390×844, 844×390 and 1366×768, through
the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import LOCALES, Player
from tests.web.browser.hearts.finished_games import cookie_player, finished_game
from tests.web.browser.layout import SIZES, assert_cards, assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., Player]
RECENT = "#hearts-stats table.deals"


@pytest.mark.parametrize("language", LOCALES)
def test_the_recent_games_read_as_cards_on_a_phone(new_player: NewPlayer, server: LiveServer, language: str) -> None:
    player = new_player(viewport=SIZES["phone"], locale=LOCALES[language])
    player.open("/hearts")
    finished_game(server, cookie_player(player), "Ann", [3, 2, 1, 4])
    finished_game(server, cookie_player(player), "Ann", [1, 2, 3, 4])  # won: its place reads "1 (won)"
    player.open("/hearts/stats")
    assert player.page.inner_text('[data-stat="games"] .value') == "2"
    assert player.page.locator(f"{RECENT} tbody tr").count() == 2
    for size in at_each_size(player.page):
        assert_fits(player.page, f"statistics {language} {size}")
        if size == "phone":
            assert_cards(player.page, RECENT, f"statistics {language} {size}")
        else:
            heading = player.page.locator(f"{RECENT} thead").bounding_box()
            assert heading is not None and heading["height"] > 10, (language, size)
        player.shot(f"hearts-stats-{language}")
