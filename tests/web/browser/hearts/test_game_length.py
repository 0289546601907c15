"""The Hearts lobby says how long a game lasts beside its target (a game to 100 takes a quarter of an hour: a player
choosing 50 for a short one should know), in English, Italian and Greek at 390×844, 844×390 and 1366×768, through the
layout check; both "create" buttons stay above the fold on the desktop."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import HeartsPlayer
from tests.web.browser.layout import SIZES, assert_fits
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

MINUTES = {"en": "minutes", "it": "minuti", "el": "λεπτά"}


def test_the_lobby_says_how_long_a_game_to_each_target_lasts(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, reduced=True)
    for language, minutes_word in MINUTES.items():
        for size in SIZES.values():
            label = f"{language}-{size['width']}x{size['height']}"
            player.page.set_viewport_size(size)
            player.open(f"/hearts?lang={language}")
            note = player.page.locator("[data-length-note]")
            lengths = []
            for target in (50, 75, 100):
                player.page.locator(f'input[name="target"][value="{target}"]').check(force=True)
                text = note.inner_text()
                found = re.search(rf"(\d+) {minutes_word}\b.*?(\d+)", text)
                assert note.is_visible() and found, (label, text)
                lengths.append((int(found.group(1)), int(found.group(2))))
            assert lengths == [(6, 5), (9, 8), (13, 12)], (label, lengths)  # minutes, deals
            assert_fits(player.page, f"lobby {label}")
            if size["width"] == 1366:
                bottom = player.page.eval_on_selector('[data-action="online"]', "e => e.getBoundingClientRect().bottom")
                assert bottom <= size["height"], (label, bottom)
            player.shot(f"game-length-{language}")
