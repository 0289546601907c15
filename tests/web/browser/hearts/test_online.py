"""Online tables in headless Chromium: four browser contexts (four players) sit down by the link and the lobby,
the creator starts, and they play a whole deal by taps (the waiting room and the table of four passing the
accessibility audit); a second browser cannot act for someone else's seat; no page ever receives a card its seat
may not see."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from tests.web.browser.accessibility import assert_accessible
from tests.web.browser.hearts.conftest import (
    DESKTOP,
    PHONE,
    HeartsPlayer,
    assert_no_hidden_cards,
    cards_in,
    play_until,
)
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

# From inside a page: open sockets of our own to the table and send what a cheat would send.
_FORGE = """async ([table, cards]) => {
  const url = `ws://${location.host}/ws/hearts/${table}`;
  const talk = (first, then) => new Promise((resolve) => {
    const socket = new WebSocket(url);
    const got = [];
    socket.onopen = () => { socket.send(JSON.stringify(first)); for (const m of then) socket.send(JSON.stringify(m)); };
    socket.onmessage = (event) => got.push(JSON.parse(event.data));
    socket.onclose = (event) => resolve({got, code: event.code});
    setTimeout(() => { socket.close(); }, 1500);
  });
  const spectator = await talk({type: "hello"}, [
    {type: "pass", cards, id: 1}, {type: "play", card: cards[0], id: 2}, {type: "start", id: 3},
  ]);
  const guessed = await talk({type: "hello", token: "not-the-seat-token"}, [{type: "play", card: cards[0]}]);
  return {spectator, guessed};
}"""


def test_four_browsers_play_a_deal_at_one_online_table(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    host = new_hearts_player(server.url, viewport=DESKTOP, reduced=True, hurried=True)
    host.open("/hearts")
    host.shot("setup")
    table = host.create_table("online", "Hana")
    host.page.wait_for_selector("[data-waiting]:not([hidden])")
    link = host.page.input_value("[data-share]")
    assert link == f"{server.url}hearts/table/{table}"
    assert host.page.is_visible('[data-action="start"]')

    guests = []
    for name, viewport in (("Bea", PHONE), ("Cris", DESKTOP), ("Dora", PHONE)):
        guest = new_hearts_player(server.url, viewport=viewport, reduced=True, hurried=True)
        if name == "Dora":  # the last one finds the table in the lobby
            guest.open("/hearts")
            guest.page.fill("[data-name]", name)
            guest.page.locator("[data-lobby]").scroll_into_view_if_needed()
            guest.shot("lobby")
            guest.page.click(f'[data-lobby] li[data-table="{table}"] [data-action="join"]')
            guest.page.wait_for_url(f"**/hearts/table/{table}")
            guest.page.wait_for_selector("body[data-ready='true']")
        else:  # by the link
            guest.open(f"/hearts/table/{table}")
            guest.page.fill("[data-name]", name)
            if name == "Bea":
                assert_accessible(guest.page, "an online table's waiting room, for someone sitting down")
                guest.shot("waiting-join")
            guest.page.click('[data-action="sit"] >> nth=0')
        guest.page.wait_for_selector('[data-wait-seats] [data-action="sit"]', state="detached")
        assert not guest.page.is_visible('[data-action="start"]')  # only the creator starts
        guests.append(guest)

    host.page.wait_for_function("() => document.querySelectorAll('[data-wait-seat][data-kind=\"human\"]').length === 4")
    assert_accessible(host.page, "an online table's waiting room, full, for its creator")
    host.shot("waiting-room")
    sockets = host.sockets
    host.page.click('[data-action="start"]')
    players = [host, *guests]
    for player in players:
        player.page.wait_for_selector('[data-hand][data-mode="pass"]')
    assert host.sockets == sockets  # the started table came on the open socket: no moment when a pass is refused
    seats = [
        json.loads(
            player.page.evaluate(
                "() => JSON.stringify(document.querySelector('.seat[data-pos=\"bottom\"]').dataset.seat)"
            )
        )
        for player in players
    ]
    assert sorted(int(seat) for seat in seats) == [0, 1, 2, 3]
    assert all(len(player.hand()) == 13 for player in players)
    hands = [set(player.hand()) for player in players]
    assert len(set().union(*hands)) == 52  # four different hands, one whole deck
    assert_accessible(guests[1].page, "an online table of four people, passing")

    play_until(players, lambda: all(player.situation()["kind"] == "deal_over" for player in players), timeout=150)
    host.shot("online-deal-over")
    guests[0].shot("online-deal-over")
    totals = [player.scores() for player in players]
    assert all(total == totals[0] for total in totals)
    assert sum(totals[0]) in (26, 39)
    for player in players:
        assert assert_no_hidden_cards(player.frames) > 20
        assert player.errors == []


def test_a_second_browser_cannot_play_someone_elses_seat(server: LiveServer, new_hearts_player: NewPlayer) -> None:
    owner = new_hearts_player(server.url, viewport=DESKTOP, reduced=True)
    table = owner.create_table("solo", "Olga")
    owner.page.wait_for_selector('[data-hand][data-mode="pass"]')
    hand = owner.hand()

    intruder = new_hearts_player(server.url, viewport=PHONE, reduced=True)
    intruder.open(f"/hearts/table/{table}")
    intruder.page.wait_for_selector("[data-board]:not([hidden])")
    intruder.page.wait_for_function("() => document.querySelector('[data-prompt]').textContent.trim() !== ''")
    assert intruder.hand() == []  # the table and its names, never the cards
    assert "Olga" in intruder.page.inner_text('.seat[data-seat="0"]')
    intruder.shot("spectator")

    forged = intruder.page.evaluate(_FORGE, [table, hand[:3]])
    spectator_errors = [m["key"] for m in forged["spectator"]["got"] if m["type"] == "error"]
    assert spectator_errors == ["hearts.error.spectator"] * 3
    watched = [m["view"] for m in forged["spectator"]["got"] if m["type"] == "state"]
    assert watched and all(view["hand"] == [] and view["legal"] == [] and view["passed"] is None for view in watched)
    assert [m["key"] for m in forged["guessed"]["got"]] == ["hearts.error.token"]
    assert forged["guessed"]["code"] == 4403
    assert not cards_in(forged["spectator"]["got"]) - set(hand[:3])  # only the cards the forger sent itself

    owner.page.wait_for_timeout(300)
    assert owner.hand() == hand  # nothing was passed for the owner
    assert owner.situation()["kind"] == "pass"
    assert assert_no_hidden_cards(intruder.frames) > 0
    assert all(cards_in(json.loads(raw)) == set() for raw in intruder.frames)
