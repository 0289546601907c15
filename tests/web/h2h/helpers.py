"""Helpers shared by the web tests: play moves by taps, read a game's stored record."""

from __future__ import annotations

from typing import Any

from heartcards.heart_to_heart.engine import Move, PairMove, StockTap, WasteMove

SEED_CODE = "HH1-N-AAAAAAM"
COSTLY_HINT_CODE = "HH1-N-AAAAAHV"
"""A deal whose opening hint takes a few times as long as `SEED_CODE`'s: queued one line per cookie, 300 of them
would keep a bystander waiting for seconds; in their address's line, for one or two of them."""


def taps_for(move: Move) -> list[int | str]:
    """The taps that play `move` on a game with nothing selected."""
    if isinstance(move, StockTap):
        return ["stock"]
    if isinstance(move, PairMove):
        return [move.first, move.second]
    assert isinstance(move, WasteMove)
    return [move.position, "waste"]


def tap(client: Any, game_id: str, target: int | str) -> dict[str, Any]:
    response = client.post(f"/api/h2h/games/{game_id}/tap", json={"target": target})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def play_moves(client: Any, game_id: str, moves: list[Move] | tuple[Move, ...]) -> dict[str, Any]:
    """Play each move by its taps; returns the last answer's view."""
    view: dict[str, Any] = {}
    for move in moves:
        for target in taps_for(move):
            view = tap(client, game_id, target)["view"]
    return view


def new_game(client: Any, code: str = SEED_CODE) -> dict[str, Any]:
    response = client.post("/api/h2h/games", json={"code": code})
    assert response.status_code in (200, 201), response.text
    view: dict[str, Any] = response.json()
    return view
