"""A tap on a covered Heart to Heart card is not lost without a sign: the card rings red for a moment (and shakes
unless animations are off) while nothing is selected; with "Move errors" on, a message says why, in English, Italian
and Greek at 390×844, 844×390 and 1366×768, through the layout check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import Player
from tests.web.browser.layout import assert_fits, at_each_size

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

SEED_DEAL = "HH1-N-AAAAAAM"
MESSAGE_MS = 3500
"""How long a message shows (`announce` in `js/common/status.js`), longer than a refused card's ring (600 ms)."""
COVERED = {
    "en": "This card is covered: take the cards lying on it first.",
    "it": "Questa carta è coperta: prima togli le carte che la coprono.",
    "el": "Αυτό το φύλλο είναι καλυμμένο: πάρτε πρώτα τα φύλλα που το σκεπάζουν.",
}
REFUSED = '#table [data-pos="1"][data-refused="true"]'


def test_a_covered_card_says_no_to_a_tap(new_player: NewPlayer) -> None:
    player = new_player()
    player.open(f"/play/{SEED_DEAL}")
    assert player.card(1).get_attribute("data-free") == "false"
    player.watch(REFUSED)
    player.tap(1)  # the covered 10 at position 1
    assert player.seen(REFUSED)
    assert player.pressed() == [] and player.field("moves") == "0" and player.status_text() == ""
    player.page.wait_for_selector(REFUSED, state="detached")  # only for a moment
    player.tap(25)  # a free card is selected as before, with no ring
    assert player.pressed() == ["25"] and player.page.locator("[data-refused]").count() == 0

    explained = new_player(settings={"animation": "off", "moveErrors": True})
    # Playwright's clock: between two sizes the ring and the message are moved past, not waited out (below)
    explained.page.clock.install()
    for language, message in COVERED.items():
        explained.open(f"/play/{SEED_DEAL}?lang={language}")
        for size in at_each_size(explained.page):
            explained.watch(REFUSED)
            explained.tap(1)
            assert explained.seen(REFUSED)
            assert explained.status_text() == message, (language, size)
            assert_fits(explained.page, f"covered tap {language} {size}")
            explained.shot(f"covered-tap-{language}")
            # gone before the next size's tap, so that one's ring and message are its own
            explained.page.clock.fast_forward(MESSAGE_MS)
            explained.page.wait_for_selector(REFUSED, state="detached")
            explained.page.wait_for_function("() => document.querySelector('#status').textContent === ''")
