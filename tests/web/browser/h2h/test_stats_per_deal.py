"""The Statistics page's bests per deal on a phone: a card per deal, each figure under its own label, with no heading
row standing alone above them ("Deal" over four headings read as a stray line); a desktop keeps the table and its
heading row. In English, Italian and Greek at 390×844, 844×390 and 1366×768, through the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import Player
from tests.web.browser.h2h.test_first_time import give_up_a_game
from tests.web.browser.layout import SIZES, assert_cards, assert_fits

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

LANGUAGES = ("en", "it", "el")
TABLE = 'table.deals[data-role="per-deal"]'
_LABELS = """(table) => [...table.querySelectorAll("tbody tr:first-child td")].map(
  (td) => getComputedStyle(td, "::before").content
)"""


def test_the_bests_per_deal_read_as_cards_on_a_phone(new_player: NewPlayer) -> None:
    player = new_player()
    player.open("/")
    give_up_a_game(player)
    for language in LANGUAGES:
        for size in SIZES.values():
            label = f"{language}-{size['width']}x{size['height']}"
            player.page.set_viewport_size(size)
            player.open(f"/stats?lang={language}")
            table = player.page.locator(TABLE)
            table.locator("tbody tr").first.wait_for()
            assert table.locator("thead th").count() == 5, label
            if size["width"] <= 640:
                assert_cards(player.page, TABLE, f"statistics {label}")
            else:
                header = table.locator("thead").bounding_box()
                figures = table.evaluate(_LABELS)
                assert header is not None and header["height"] > 10, label
                assert set(figures) == {"none"}, (label, "labels over the figures of a table", figures)
            assert_fits(player.page, f"statistics {label}")
            player.shot(f"stats-per-deal-{language}")
