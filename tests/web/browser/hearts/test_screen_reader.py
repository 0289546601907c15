"""What a screen reader hears at a Hearts table, which a sighted player sees slide by: each card another seat plays
("Re di fiori, giocata da Ada") and who took each trick with its points, in the page's language, in the order they
happen; the player's own cards are not read back to them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.browser.accessibility import heard, listen
from tests.web.browser.hearts.conftest import HeartsPlayer, play_until
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser
NewPlayer = Callable[..., HeartsPlayer]

RANKS = {"J": "Fante", "Q": "Donna", "K": "Re", "A": "Asso"}
SUITS = {"C": "fiori", "D": "quadri", "S": "picche", "H": "cuori"}
POINTS = {"QS": 13, **{f"{rank}H": 1 for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")}}


def italian(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    return f"{RANKS.get(rank, rank)} di {SUITS[suit]}"


def test_the_cards_of_the_other_seats_and_each_trick_taken_are_told(
    server: LiveServer, new_hearts_player: NewPlayer
) -> None:
    player = new_hearts_player(server.url, reduced=True, hurried=True)
    player.open("/hearts?lang=it")
    player.create_table("solo", "Sara")
    listen(player.page, "[data-plays]")
    play_until([player], lambda: sum(line.startswith("L'ha presa") for line in heard(player.page)) >= 3, timeout=90)
    states = player.state_frames()
    me = states[-1]["seat"]
    names = {seat["seat"]: seat["name"] for seat in states[-1]["table"]["seats"]}
    tricks: list[dict[str, Any]] = []
    for state in states:
        last = (state.get("view") or {}).get("last_trick")
        if last and last not in tricks:
            tricks.append(last)
    expected = []
    for trick in tricks[:3]:
        for index, card in enumerate(trick["cards"]):
            seat = (trick["leader"] + index) % 4
            if seat != me:
                expected.append(f"{italian(card)}, giocata da {names[seat]}")
        points = sum(POINTS.get(card, 0) for card in trick["cards"])
        winner = f"{names[trick['winner']]} (tu)" if trick["winner"] == me else names[trick["winner"]]
        expected.append(f"L'ha presa {winner} ({points} {'punto' if points == 1 else 'punti'})")
    assert heard(player.page)[: len(expected)] == expected
