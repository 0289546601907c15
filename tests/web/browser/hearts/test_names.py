"""A person never shares a name with a computer player at the table, and the lobby names a table by its creator in
each language ("Το τραπέζι: Alice"); in three languages at 390x844, 844x390 and 1366x768, through the layout check.
A player who typed no name is called "You" once, not "You (you)"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import PHONE, HeartsPlayer
from tests.web.browser.layout import assert_fits, at_each_size
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., HeartsPlayer]
TABLE_OF = {"en": "Alice's table", "it": "Il tavolo di Alice", "el": "Το τραπέζι: Alice"}


@pytest.mark.parametrize("language", TABLE_OF)
def test_a_persons_plate_and_the_computers_fit_and_differ(
    server: LiveServer, new_hearts_player: NewPlayer, language: str
) -> None:
    """A solo table of Adele's in `language`, shown at each size in turn."""
    player = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    player.open(f"/hearts?lang={language}")
    player.create_table("solo", "Adele")  # a computer player's own name is refused (tests/web/hearts/test_players.py)
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    for size in at_each_size(player.page):
        names = player.page.locator("[data-seat] .plate .name").all_inner_texts()
        own, others = names[0], names[1:]  # the player's own plate is the first, "Adele (you)" in their language
        assert own.startswith("Adele") and len(others) == 3, (size, names)
        assert "adele" not in {name.casefold() for name in others} and len(set(others)) == 3, (size, names)
        assert_fits(player.page, f"solo table of Adele {language} {size}")
        player.shot(f"names-adele-{language}")


def test_the_lobby_names_a_table_by_its_creator(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    """Alice's table in another person's lobby, in each language at each size."""
    alice = new_hearts_player(server.url, reduced=True)
    table = alice.create_table("online", "Alice")
    other = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    for language, table_of in TABLE_OF.items():
        other.page.set_viewport_size(PHONE)
        other.open(f"/hearts?lang={language}")
        line = other.page.locator(f'[data-lobby] li[data-table="{table}"]')
        line.wait_for()
        for size in at_each_size(other.page):
            assert table_of in line.inner_text(), size
            assert_fits(other.page, f"lobby {language} {size}")
        other.shot(f"names-lobby-{language}")


def test_a_solo_table_started_with_no_name_calls_the_player_you_once(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    """The lobby names the player "You" in their language when they type no name: their plate reads "Εσείς", not
    "Εσείς (εσείς)"."""
    player = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    player.open("/hearts?lang=el")
    player.create_table("solo", "")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    assert player.page.locator("[data-seat] .plate .name").all_inner_texts()[0] == "Εσείς"
    assert "(εσείς)" not in player.page.inner_text("body")
