"""The Hearts table by keyboard and screen reader: the hand is one Tab stop and the arrow keys move across it,
Enter chooses a card, the pass button is one Shift+Tab away and "p" passes; unplayable cards say so."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import DESKTOP, HeartsPlayer
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

_ACTIVE = "() => document.activeElement?.dataset.card || document.activeElement?.dataset.action || ''"


def test_passing_and_playing_by_keyboard(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    player = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    player.create_table("solo", "Kim")
    player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    stops = player.page.eval_on_selector_all("[data-hand] [data-card]", "els => els.filter(e => e.tabIndex === 0)")
    assert len(stops) == 1  # one Tab stop for thirteen cards
    player.page.focus('[data-hand] [data-card][tabindex="0"]')
    chosen = []
    for _ in range(3):
        chosen.append(player.page.evaluate(_ACTIVE))
        player.page.keyboard.press("Enter")
        player.page.keyboard.press("ArrowRight")
    assert sorted(player.situation()["chosen"]) == sorted(chosen)
    player.page.keyboard.press("Shift+Tab")
    assert player.page.evaluate(_ACTIVE) == "pass"  # from the hand to the pass button in one step
    player.page.focus('[data-hand] [data-card][tabindex="0"]')
    player.page.keyboard.press("p")  # one key passes
    player.page.wait_for_function("() => document.querySelector('[data-hand]').dataset.mode !== 'pass'")

    for _ in range(100):  # until it is our turn with a card we may not play
        now = player.situation()
        if now["kind"] == "play" and len(now["legal"]) < len(now["cards"]):
            break
        player.act() if now["kind"] == "play" else player.page.wait_for_timeout(60)
    else:
        pytest.fail("never a turn with an unplayable card")
    labels = player.page.eval_on_selector_all(
        "[data-hand] [data-card]", "els => els.map(e => [e.dataset.legal, e.getAttribute('aria-label')])"
    )
    assert all(("not playable" in label) == (legal == "false") for legal, label in labels), labels
    legal = now["legal"][0]
    player.page.focus(f'[data-hand] [data-card="{legal}"]')
    player.page.keyboard.press("Enter")  # one key plays
    player.page.wait_for_function("(card) => !document.querySelector(`[data-hand] [data-card='${card}']`)", arg=legal)
    assert player.errors == []
