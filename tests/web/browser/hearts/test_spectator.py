"""A spectator ("Watch" in the lobby) follows a running online table: the trick with who played each card, the card
counts, the scores and the last trick, never a hand; no state it is sent names a card that is not on the table. In
English, Italian and Greek, at a phone's size (portrait and landscape) and a desktop's: no name plate covers the
prompt, and there is no pass button for a spectator. Screenshots of each go to test-artifacts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import DESKTOP, PHONE, HeartsPlayer, cards_in, play_until
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]
SIZES = (PHONE, {"width": 844, "height": 390}, DESKTOP)
# The prompt's box and every name plate's box that overlaps it (nothing may cover the line a spectator reads).
_PLATES_OVER_PROMPT = """() => {
  const p = document.querySelector("[data-prompt]").getBoundingClientRect();
  return [...document.querySelectorAll(".seat .plate")].map((el) => el.getBoundingClientRect())
    .filter((r) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom)
    .map((r) => [r.left, r.top, r.right, r.bottom]);
}"""


def check_the_layout(watcher: HeartsPlayer, name: str) -> None:
    """At each size: the prompt is shown and no plate covers it; a screenshot of each."""
    for size in SIZES:
        watcher.page.set_viewport_size(size)
        watcher.page.wait_for_timeout(100)  # the hand and the felt are laid out again on resize
        assert watcher.page.inner_text("[data-prompt]").strip(), size
        assert watcher.page.evaluate(_PLATES_OVER_PROMPT) == [], (name, size)
        watcher.shot(name)


@pytest.mark.parametrize("language", ["en", "it", "el"])
def test_a_spectator_sees_the_trick_counts_scores_and_last_trick_but_no_hand(
    language: str, live_server_module: LiveServer, new_hearts_player: NewPlayer
) -> None:
    host = new_hearts_player(live_server_module.url, viewport=DESKTOP, reduced=True)
    table = host.create_table("online", "Hana")
    host.page.click('[data-action="start"]')  # the computer takes the three empty seats
    host.page.wait_for_selector('[data-hand][data-mode="pass"]')

    watcher = new_hearts_player(live_server_module.url, viewport=PHONE, reduced=True)
    watcher.open(f"/hearts?lang={language}")
    row = watcher.page.locator(f'[data-lobby] li[data-table="{table}"]')
    row.locator("a.button").click()  # "Watch"
    watcher.page.wait_for_url(f"**/hearts/table/{table}")
    watcher.page.wait_for_selector("[data-board]:not([hidden])")
    assert watcher.counts() == [13, 13, 13, 13]
    assert watcher.page.is_visible('.seat[data-pos="top"] .count')  # the plates' figures are shown
    assert watcher.page.get_attribute("html", "lang") == language
    assert watcher.page.is_hidden('[data-action="pass"]')  # the players pass; the spectator sees where to
    assert watcher.page.is_visible("[data-direction]")
    check_the_layout(watcher, f"spectator-passing-{language}")

    host.act()  # pass
    labels: list[str] = []
    for _ in range(20):  # the host plays on until the spectator's trick shows cards (it is gathered now and then)
        play_until([host], lambda: bool(watcher.trick()), timeout=60)
        labels = watcher.page.eval_on_selector_all(
            "[data-trick] .trick-card[data-card]", "els => els.map(e => e.ariaLabel)"
        )
        if labels:
            break
    assert labels, "the spectator sees the trick being played"
    names = watcher.page.eval_on_selector_all(".seat .name", "els => els.map(e => e.textContent)")
    assert labels and all(any(label.endswith(f" {name}") for name in names) for label in labels), labels
    assert watcher.hand() == []
    play_until([host], lambda: len(host.hand()) <= 10, timeout=60)
    watcher.idle()
    assert sum(watcher.counts()) < 52
    assert watcher.page.is_enabled('[data-action="last"]')
    check_the_layout(watcher, f"spectator-playing-{language}")

    for message in watcher.state_frames():
        view = message["view"]
        assert message["seat"] is None and view is not None and view["hand"] == [] and view["legal"] == []
        public = set()
        for key in ("trick", "last_trick"):
            if view.get(key):
                public |= set(view[key]["cards"])
        assert cards_in(message) <= public, message
    assert watcher.errors == []
