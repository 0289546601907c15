"""Finished Hearts games written straight into a live server's database, for the pages that show them (statistics,
ratings) without playing them first: `finished_game(server, player_id, name, places)`, and `cookie_player(player)`,
the player id a browser's cookie names."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from heartcards.storage import open_engine
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, SeatResult, TableRecord
from tests.web.browser.conftest import Player
from tests.web.conftest import LiveServer


def finished_game(server: LiveServer, player_id: str, name: str, places: list[int]) -> None:
    """A finished classic game of `player_id` (seat 0, as `name`) and another person, with two computer players, the
    seats ending in `places` (a rated game: two people sat in it)."""
    engine = open_engine(server.database_url)
    repository = HeartsRepository(engine)
    now = datetime.now(UTC)
    table_id = secrets.token_hex(16)
    seats = [
        SeatRecord(0, "human", name, player_id),
        SeatRecord(1, "bot", "Ada"),
        SeatRecord(2, "human", "Bea", secrets.token_hex(16)),
        SeatRecord(3, "bot", "Alan"),
    ]
    repository.create_table(
        TableRecord(table_id, "online", "classic", 100, "normal", 60, "playing", {}, now, seats), now
    )
    results = [SeatResult(seat, 10 * place, place, place == 1, 0, 0) for seat, place in enumerate(places)]
    repository.save_games([GameSave(table_id, "finished", {}, (), results)], now)
    repository.close()
    engine.dispose()


def cookie_player(player: Player) -> str:
    cookies = {cookie["name"]: cookie["value"] for cookie in player.page.context.cookies()}
    return cookies["hc_player"]
