"""The Hearts table reads at a glance on a phone (390×844, 844×390) and a desktop (1366×768), in English, Italian and
Greek: the prompt ("Choose the cards to pass…", "Your turn") and your own plate stand clear of each other, of the
other plates and of your hand; each card of the trick says who played it (on a phone the others sit in a row, not
around the trick); and the hearts-broken pill is never under a trick card. Through the layout check, screenshots to
test-artifacts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.browser.hearts.conftest import HeartsPlayer
from tests.web.browser.layout import SIZES, assert_fits, at_each_size, overlap
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

YOU = {"en": "You", "it": "Tu", "el": "Εσείς"}


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "els => els.filter((e) => e.checkVisibility()).map((e) => {"
        " const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; })",
    )
    return found


def assert_prompt_and_plates_clear(page: Any, what: str) -> None:
    """The prompt covers no plate and no card of the hand; your plate covers no card of the hand (a text's box is a
    little taller than its letters, hence the 2 px)."""
    (prompt,) = boxes(page, "[data-prompt]")
    (own,) = boxes(page, '.seat[data-pos="bottom"] .plate')
    hand = boxes(page, "[data-hand] .hcard")
    assert prompt["height"] > 0 and hand, what
    for plate in boxes(page, ".seat .plate"):
        assert not overlap(prompt, plate, 2), (what, "prompt over a plate", prompt, plate)
    for card in hand:
        assert not overlap(prompt, card, 2), (what, "prompt over the hand", prompt, card)
        assert not overlap(own, card, 2), (what, "your plate over the hand", own, card)


def test_the_table_reads_clearly_at_every_size(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, viewport=SIZES["phone"], reduced=True)
    for language, you in YOU.items():
        player.open(f"/hearts?lang={language}")
        player.create_table("solo", "Adele")
        player.page.wait_for_selector('[data-hand][data-mode="pass"]')
        # at_each_size waits two frames at each size: the hand is laid out in the frame after it is drawn
        for size in at_each_size(player.page):
            label = f"{language} ({size})"
            assert_prompt_and_plates_clear(player.page, f"passing {label}")
            assert_fits(player.page, f"passing {label}")
        player.act()
        player.page.wait_for_selector('[data-hand][data-mode="play"]')
        player.page.wait_for_selector("[data-trick] .trick-card")
        for size in at_each_size(player.page):
            label = f"{language} ({size})"
            assert_prompt_and_plates_clear(player.page, f"playing {label}")
            assert_fits(player.page, f"playing {label}")
            played = player.page.eval_on_selector_all(
                "[data-trick] .trick-card",
                "els => els.map((e) => ({rel: Number(e.dataset.rel), by: e.querySelector('.played-by')?.innerText}))",
            )
            for card in played:
                seat = player.page.locator(".seat").nth(card["rel"])
                name = you if card["rel"] == 0 else seat.locator(".name").inner_text()
                assert card["by"] == name, (label, played)
            broken = boxes(player.page, "[data-hearts-broken]")
            for card in boxes(player.page, "[data-trick] .trick-card"):
                assert not any(overlap(pill, card) for pill in broken), (label, "the hearts pill under a trick card")
            player.shot(f"reading-{language}")
