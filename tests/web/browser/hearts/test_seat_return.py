"""A person the table marked away (idle while someone else waited) gets their seat back with any action: a tap on a
card, or the visible "I'm back" button; the away mark goes, and on their next turn their own card is played, not the
computer's."""

from __future__ import annotations

import time
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


def seated_table(server: LiveServer, new_hearts_player: NewPlayer) -> tuple[HeartsPlayer, HeartsPlayer]:
    """A host and a guest at a new online table of `_CREATE`, the deal started, both at their pass."""
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
    return host, guest


def test_an_away_person_gets_the_seat_back_and_plays_their_own_card(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    """At one table the person comes back by a tap on a card of their hand, whoever's turn it is; at the other by
    "I'm back". The two tables are played side by side, so their 10 s until the away mark pass once."""
    tables = {how: seated_table(server, new_hearts_player) for how in ("tap", "button")}
    for host, guest in tables.values():
        assert not guest.page.locator('[data-action="back"]').is_visible()
        host.act()  # the host passes and waits: the guest, idle, is marked away after the table's 10 s

    for how, (_, guest) in tables.items():
        guest.page.wait_for_function(_MY_SEAT_AWAY, timeout=25_000)
        guest.page.locator('[data-action="back"]').wait_for(state="visible")
        assert guest.page.inner_text('.seat[data-pos="bottom"] .tag').strip()  # the plate says so
        guest.shot(f"away-{how}")
        guest.page.wait_for_selector('[data-hand][data-mode="wait"], [data-hand][data-mode="play"]')  # passed for them

    for how, (host, guest) in tables.items():
        back = guest.page.locator('[data-action="back"]')
        if how == "tap":
            guest.tap_card(guest.hand()[-1])  # whoever's turn it is, the tap is the person's: the seat is theirs again
        else:
            back.click()
        guest.page.wait_for_function(f"() => ({_MY_SEAT_AWAY})() === false", timeout=5_000)
        back.wait_for(state="hidden")
        assert guest.page.inner_text('.seat[data-pos="bottom"] .tag').strip() == ""  # the away mark is gone
        host.page.wait_for_function(_NOBODY_AWAY, timeout=5_000)  # and the others see the person back
        assert "not your turn" not in guest.status_text().lower()

    for host, guest in tables.values():
        for _ in range(200):  # the host plays until it is the guest's turn; the computer does not take it
            if guest.situation()["kind"] == "play":
                break
            if host.act() not in ("pass", "play"):
                host.page.wait_for_timeout(60)
    time.sleep(1.5)  # a stand-in would have played within this, at either table

    for host, guest in tables.values():
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
