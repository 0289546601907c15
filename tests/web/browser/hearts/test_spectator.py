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


# The last trick as its dialog shows it: each card with the name under it, in the order they were played.
_LAST_TRICK_SHOWN = """() => [...document.querySelectorAll('[role="dialog"] .mini-cell')].map((cell) => [
  cell.querySelector("[data-card]").dataset.card, cell.querySelector(".mini-name").textContent,
])"""


def seat_names(watcher: HeartsPlayer) -> list[str]:
    return [watcher.page.inner_text(f'.seat[data-seat="{seat}"] .name') for seat in range(4)]


def taken_points(player: HeartsPlayer) -> list[int]:
    """The points each seat has taken this deal, as its plate shows them."""
    return [
        int(player.page.get_attribute(f'.seat[data-seat="{seat}"] .taken', "data-points") or -1) for seat in range(4)
    ]


def wait_for_the_same_table(watcher: HeartsPlayer, host: HeartsPlayer) -> None:
    """Until the host is to play and the spectator's page shows what the host's does (it may still be animating)."""
    host.page.wait_for_selector('[data-hand][data-mode="play"]')
    host.idle()
    for _ in range(100):
        if watcher.counts() == host.counts() and watcher.trick() == host.trick():
            return
        watcher.page.wait_for_timeout(100)
    raise AssertionError((watcher.counts(), host.counts(), watcher.trick(), host.trick()))


def check_the_last_trick(watcher: HeartsPlayer) -> None:
    """The last trick's dialog shows the four cards of the last trick the spectator was sent, each with who played
    it; then it closes."""
    last = next(f["view"]["last_trick"] for f in reversed(watcher.state_frames()) if f["view"]["last_trick"])
    names = seat_names(watcher)
    watcher.page.click('[data-action="last"]')
    watcher.page.wait_for_selector('[role="dialog"] .mini-cell')
    expected = [[card, names[(last["leader"] + i) % 4]] for i, card in enumerate(last["cards"])]
    assert len(expected) == 4 and watcher.page.evaluate(_LAST_TRICK_SHOWN) == expected
    assert names[last["winner"]] in watcher.page.inner_text('[role="dialog"] figcaption')
    watcher.shot("spectator-last-trick")
    watcher.page.keyboard.press("Escape")
    watcher.page.wait_for_selector('[role="dialog"]', state="detached")


def check_the_scores(watcher: HeartsPlayer, host: HeartsPlayer) -> None:
    """The plates' totals and points taken are the players'; the score table opens with the same totals."""
    assert watcher.scores() == host.scores()
    assert taken_points(watcher) == taken_points(host)
    watcher.page.click('[data-action="scores"]')
    dialog = watcher.page.locator('[role="dialog"]')
    dialog.locator("table.scores").wait_for()
    assert dialog.locator("thead th").all_inner_texts()[1:] == seat_names(watcher)
    totals = [int(dialog.locator(f'[data-total-seat="{seat}"]').inner_text()) for seat in range(4)]
    assert totals == host.scores()
    watcher.page.keyboard.press("Escape")
    watcher.page.wait_for_selector('[role="dialog"]', state="detached")


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
    language: str, server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    table = host.create_table("online", "Hana")
    host.page.click('[data-action="start"]')  # the computer takes the three empty seats
    host.page.wait_for_selector('[data-hand][data-mode="pass"]')

    watcher = new_hearts_player(server.url, viewport=PHONE, reduced=True)
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
    wait_for_the_same_table(watcher, host)
    assert sum(watcher.counts()) < 52
    assert watcher.page.is_enabled('[data-action="last"]')
    check_the_last_trick(watcher)
    check_the_scores(watcher, host)
    assert watcher.hand() == []
    check_the_layout(watcher, f"spectator-playing-{language}")

    for message in watcher.state_frames():
        view = message["view"]
        assert message["seat"] is None and view is not None and view["hand"] == [] and view["legal"] == []
        public = set()
        for key in ("trick", "last_trick"):
            if view.get(key):
                public |= set(view[key]["cards"])
        for taken in view.get("point_cards") or []:  # the deal's hearts and Q♠, played face up
            public |= set(taken)
        assert cards_in(message) <= public, message
    assert watcher.errors == []


def test_a_spectator_sees_the_scores_of_a_finished_deal(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    """After a whole deal watched, the spectator's plates and score table hold the deal's points as the player's do,
    and the last trick is the deal's thirteenth."""
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True, hurried=True)
    table = host.create_table("online", "Hana")
    host.page.click('[data-action="start"]')
    host.page.wait_for_selector('[data-hand][data-mode="pass"]')
    watcher = new_hearts_player(server.url, viewport=DESKTOP, reduced=True, hurried=True)
    watcher.open(f"/hearts/table/{table}")
    watcher.page.wait_for_selector("[data-board]:not([hidden])")

    # Both hurried: each trick's hold passes at once on both pages; the watcher, with nothing to do, only follows.
    play_until([host, watcher], lambda: host.situation()["kind"] == "deal_over", timeout=120)
    totals = host.scores()
    assert sum(totals) in (26, 39)  # 26 points in a deal, or 3 x 13 when someone shot the moon
    watcher.page.wait_for_function(
        "(totals) => [0, 1, 2, 3].every((s) => document.querySelector(`[data-score-seat='${s}']`).textContent"
        " === String(totals[s]))",
        arg=totals,
    )
    assert watcher.scores() == totals and watcher.counts() == [0, 0, 0, 0]
    dialog = watcher.page.locator('[role="dialog"]')  # the deal's scores, for the spectator too
    assert dialog.locator("tbody tr").count() == 1
    assert [int(dialog.locator(f'[data-total-seat="{seat}"]').inner_text()) for seat in range(4)] == totals
    # a spectator has no next deal to ask for: the one button closes the scores
    assert dialog.locator('[data-action="next"]').count() == 0 and dialog.locator('[data-action="close"]').count() == 1
    watcher.shot("spectator-deal-over")
    watcher.page.keyboard.press("Escape")
    watcher.page.wait_for_selector('[role="dialog"]', state="detached")
    check_the_last_trick(watcher)
    check_the_scores(watcher, host)
    assert watcher.hand() == []
    assert watcher.errors == []
