"""Creation quotas of both games, per player and per client address: a fresh cookie is not a new person, and behind
a reverse proxy the forwarded address counts only when the proxy is trusted."""

from __future__ import annotations

import ipaddress
from typing import Any

from heartcards.hearts.tables.quotas import PER_ADDRESS
from heartcards.web.h2h.services import GAMES_RULE
from tests.web.conftest import AppMaker
from tests.web.h2h.helpers import SEED_CODE


def new_h2h_game(client: Any) -> int:
    return int(client.post("/api/h2h/games", json={"mode": "N"}).status_code)


def new_table(client: Any, **headers: str) -> int:
    answer = client.post("/api/hearts/tables", json={"mode": "online", "name": "Ann"}, headers=headers)
    return int(answer.status_code)


def test_heart_to_heart_games_have_a_quota_per_player_and_per_address(app_maker: AppMaker) -> None:
    app = app_maker.new_app()
    player = app_maker.client(app, client=("192.0.2.1", 40000))
    answers = [new_h2h_game(player) for _ in range(GAMES_RULE.per_player + 1)]
    assert answers == [201] * GAMES_RULE.per_player + [429]
    refused = player.post("/api/h2h/games", json={"mode": "N"}, headers={"accept-language": "it"}).json()["error"]
    assert refused["key"] == "h2h.error.too_many_games" and "partite" in refused["message"]
    assert player.post("/api/h2h/games", json={"mode": "N"}).headers["retry-after"] == "600"
    device_game = player.post("/api/h2h/games/" + "a" * 32 + "/moves", json={"from": 0, "moves": [], "code": SEED_CODE})
    assert device_game.status_code == 429  # a game first sent from a device is a new game too
    fresh_cookies = 0
    while fresh_cookies < GAMES_RULE.per_address:  # new cookies from the same address
        fresh_cookies += 1
        if new_h2h_game(app_maker.client(app, client=("192.0.2.1", 40000))) == 429:
            break
    assert fresh_cookies == GAMES_RULE.per_address - GAMES_RULE.per_player + 1
    assert new_h2h_game(app_maker.client(app, client=("192.0.2.2", 40000))) == 201


def test_this_machine_counts_like_any_other_address(app_maker: AppMaker) -> None:
    app = app_maker.new_app()
    with app_maker.client(app):  # the app's lifespan runs (the Hearts tables' service)
        answers = [new_table(app_maker.client(app, client=("127.0.0.1", 40000))) for _ in range(PER_ADDRESS + 1)]
    assert answers == [201] * PER_ADDRESS + [429]


def test_a_trusted_proxys_forwarded_address_counts_and_an_untrusted_ones_is_ignored(app_maker: AppMaker) -> None:
    trusted = app_maker.new_app(trusted_proxies=(ipaddress.ip_network("10.0.0.0/24"),))
    with app_maker.client(trusted):
        via_proxy = [
            new_table(app_maker.client(trusted, client=("10.0.0.5", 40000)), **{"x-forwarded-for": "203.0.113.1"})
            for _ in range(PER_ADDRESS + 1)
        ]
        other = app_maker.client(trusted, client=("10.0.0.5", 40000))
        behind_the_same_proxy = new_table(other, **{"x-forwarded-for": "203.0.113.2"})
    assert via_proxy == [201] * PER_ADDRESS + [429]
    assert behind_the_same_proxy == 201  # another person behind the same proxy

    untrusted = app_maker.new_app()
    with app_maker.client(untrusted):
        forged = [
            new_table(app_maker.client(untrusted, client=("10.0.0.5", 40000)), **{"x-forwarded-for": f"203.0.113.{n}"})
            for n in range(PER_ADDRESS + 1)
        ]
    assert forged == [201] * PER_ADDRESS + [429]  # the header is anyone's to write: the peer counts
