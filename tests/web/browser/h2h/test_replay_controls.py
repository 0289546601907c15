"""A replay's controls (first, back, play, step, the slider) are in the first screen with the board above them, on a
phone held upright or sideways and on a desktop, in English, Italian and Greek, through the layout check; the buttons
to copy the link and play the deal are still on the page."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.conftest import Player
from tests.web.browser.h2h.test_first_time import give_up_a_game
from tests.web.browser.layout import SIZES, assert_fits

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., Player]

LANGUAGES = ("en", "it", "el")


def test_a_replays_controls_are_in_the_first_screen(new_player: NewPlayer) -> None:
    player = new_player()
    player.open("/")
    replay = give_up_a_game(player)
    for language in LANGUAGES:
        for size in SIZES.values():
            label = f"{language}-{size['width']}x{size['height']}"
            player.page.set_viewport_size(size)
            player.open(f"/replay/{replay}?lang={language}")
            player.page.wait_for_selector("[data-role=player] .controls")
            controls = player.page.locator(".viewer .controls").bounding_box()
            frame = player.page.locator(".viewer .frame").bounding_box()
            assert controls and frame, label
            assert controls["y"] + controls["height"] <= size["height"], (label, "controls below the fold", controls)
            assert frame["y"] >= 0 and frame["height"] >= 150 and frame["y"] + frame["height"] <= controls["y"], label
            for action in ('[data-role="share"]', 'a.button[href^="/play/"]'):
                assert player.page.locator(action).is_visible(), (label, action)
            assert_fits(player.page, f"replay {label}")
            player.shot(f"replay-controls-{language}")
