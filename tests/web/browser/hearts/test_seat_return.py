"""A person the table marked away (idle while someone else waited) gets their seat back with any action: a tap on a
card, or the visible "I'm back" button; the away mark goes, and on their next turn their own card is played, not the
computer's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.web.browser.hearts.conftest import DESKTOP, PHONE, HeartsPlayer
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

# An online table with the shortest idle time the API takes, its seat kept in this browser as the page keeps it.
_CREATE = """async () => {
  const answer = await fetch("/api/hearts/tables", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({mode: "online", name: "Hana", variant: "classic", target: 50, strength: "easy",
                          idle_seconds: 10}),
  });
  const created = await answer.json();
  localStorage.setItem(`hc_hearts_token_${created.table.id}`, created.token);
  localStorage.setItem(`hc_hearts_seat_${created.table.id}`, "0");
  return created.table.id;
}"""

_MY_SEAT_AWAY = """() => {
  const me = document.querySelector('.seat[data-pos="bottom"]');
  return me ? me.dataset.away === "true" : null;
}"""

_NOBODY_AWAY = """() => ![...document.querySelectorAll(".seat")].some((seat) => seat.dataset.away === "true")"""


@pytest.mark.parametrize("how", ["tap", "button"])
def test_an_away_person_gets_the_seat_back_and_plays_their_own_card(
    how: str, server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    """`how` the person comes back: a tap on a card of their hand, whoever's turn it is, or "I'm back"."""
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    host.open("/hearts")
    table = host.page.evaluate(_CREATE)
    guest = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    guest.open(f"/hearts/table/{table}")
    guest.page.fill("[data-name]", "Bea")
    guest.page.click('[data-action="sit"] >> nth=0')
    guest.page.wait_for_selector('[data-wait-seats] [data-action="sit"]', state="detached")
    host.open(f"/hearts/table/{table}")
    host.page.click('[data-action="start"]')
    for player in (host, guest):
        player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    back = guest.page.locator('[data-action="back"]')
    assert not back.is_visible()

    host.act()  # the host passes and waits: the guest, idle, is marked away after the table's 10 s
    guest.page.wait_for_function(_MY_SEAT_AWAY, timeout=25_000)
    back.wait_for(state="visible")
    assert guest.page.inner_text('.seat[data-pos="bottom"] .tag').strip()  # the plate says so
    guest.shot(f"away-{how}")
    guest.page.wait_for_selector('[data-hand][data-mode="wait"], [data-hand][data-mode="play"]')  # passed for them

    if how == "tap":
        guest.tap_card(guest.hand()[-1])  # whoever's turn it is, the tap is the person's: the seat is theirs again
    else:
        back.click()
    guest.page.wait_for_function(f"() => ({_MY_SEAT_AWAY})() === false", timeout=5_000)
    back.wait_for(state="hidden")
    assert guest.page.inner_text('.seat[data-pos="bottom"] .tag').strip() == ""  # the away mark is gone
    host.page.wait_for_function(_NOBODY_AWAY, timeout=5_000)  # and the others see the person back
    assert "not your turn" not in guest.status_text().lower()

    for _ in range(200):  # the host plays until it is the guest's turn; the computer does not take it
        if guest.situation()["kind"] == "play":
            break
        if host.act() not in ("pass", "play"):
            host.page.wait_for_timeout(60)
    guest.page.wait_for_timeout(1500)  # a stand-in would have played within this
    now = guest.situation()
    assert now["kind"] == "play" and now["legal"], now
    card = now["legal"][0]
    guest.tap_card(card)
    guest.page.wait_for_function("(card) => !document.querySelector(`[data-hand] [data-card='${card}']`)", arg=card)
    tricks = [
        view.get(key) or {}
        for view in (f["view"] for f in guest.state_frames() if f["view"])
        for key in ("trick", "last_trick")
    ]
    assert any(card in trick.get("cards", []) for trick in tricks)  # on the table: the card the person tapped
    assert guest.page.evaluate(_MY_SEAT_AWAY) is False
    assert guest.errors == [] and host.errors == []
