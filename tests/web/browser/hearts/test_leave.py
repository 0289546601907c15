"""Leave asks first in a solo game (nobody else would notice the table waiting): Keep playing stays, Leave goes back
to the Hearts page; in three languages at 390x844, 844x390 and 1366x768, through the layout check (and the
accessibility audit, in Italian at the first)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.web.browser.accessibility import assert_accessible
from tests.web.browser.hearts.conftest import HeartsPlayer
from tests.web.browser.layout import SIZES, assert_fits
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

NewPlayer = Callable[..., HeartsPlayer]
TITLES = {"en": "Leave the table?", "it": "Lasciare il tavolo?", "el": "Αποχώρηση από το τραπέζι;"}


@pytest.mark.parametrize("language", TITLES)
def test_leave_asks_first_in_a_solo_game(server: LiveServer, new_hearts_player: NewPlayer, language: str) -> None:
    """One solo table, left at each size in turn: the table stays when its person leaves, so they come back to it."""
    player = new_hearts_player(server.url, viewport=SIZES["phone"], reduced=True)
    player.open(f"/hearts?lang={language}")
    table = player.create_table("solo", "Sam")
    for size, viewport in SIZES.items():
        if size != "phone":
            player.page.set_viewport_size(viewport)
            player.open(f"/hearts/table/{table}")
        player.page.wait_for_selector('[data-hand][data-mode="pass"]')
        leave = player.page.locator('[data-action="leave"]')
        leave.click()
        dialog = player.page.locator("dialog[open]")
        assert dialog.locator("h2").inner_text() == TITLES[language]
        assert_fits(player.page, f"leave dialog {language} {size}")
        if size == "phone" and language == "it":
            assert_accessible(player.page, f"leave dialog {language}")
        player.shot(f"leave-{language}")
        dialog.locator('[data-action="stay"]').click()
        assert player.page.url.endswith(f"/hearts/table/{table}") and player.page.locator("dialog[open]").count() == 0
        leave.click()
        with player.page.expect_navigation():
            player.page.locator('dialog[open] [data-action="confirm-leave"]').click()
        assert re.search(r"/hearts$", player.page.url.split("?")[0])
