"""The work `hearts_device.py` times, the same source in every Python it measures: CPython with the compiled core,
CPython on the pure-Python modules, and Pyodide in headless Chromium.

`decisions(strength, count)` times the computer player's decisions on `count` fixed positions (a pass every fourth,
the others plays reached by the rule player); `deals(count)` times whole deals played through the engine (each seat
plays its lowest legal card), the workload the JavaScript engine repeats for the port's estimate.
"""

from __future__ import annotations

import time

from heartcards.cards import SplitMix64
from heartcards.hearts.bots import decide
from heartcards.hearts.engine import Game, Observation, Phase

POSITION_SEED = 2034


def position(index: int) -> Observation:
    """Position `index`: a pass decision every fourth one, otherwise a play somewhere in the first deal."""
    game, seat = position_game(index)
    return game.observation(seat)


def position_game(index: int) -> tuple[Game, int]:
    """Position `index` as a game and the seat to decide (a saved game carries it to the browser)."""
    game = Game(SplitMix64(POSITION_SEED + index).next64())
    if index % 4 == 0:
        return game, 0
    for seat in range(4):
        cards = decide(game.observation(seat), "easy", index)
        assert isinstance(cards, tuple)
        game.apply_pass(seat, cards)
    for _ in range(SplitMix64(index).below(48)):
        turn = game.turn
        assert turn is not None
        card = decide(game.observation(turn), "easy", index)
        assert not isinstance(card, tuple)
        game.apply_play(turn, card)
    turn = game.turn
    assert turn is not None
    return game, turn


def saved_positions(count: int) -> list[dict[str, object]]:
    """The first `count` positions as saved games (the seed as decimal text) with the seat to decide."""
    out: list[dict[str, object]] = []
    for index in range(count):
        game, seat = position_game(index)
        out.append({"game": {**game.to_dict(), "seed": str(game.seed)}, "seat": seat, "seed": 1000 + index})
    return out


def decisions(strength: str, count: int) -> list[dict[str, object]]:
    """Each position's decision at `strength` (full budget): its time in milliseconds and its answer."""
    out: list[dict[str, object]] = []
    for index in range(count):
        observation = position(index)
        start = time.perf_counter()
        choice = decide(observation, strength, 1000 + index)
        elapsed = time.perf_counter() - start
        cards = choice if isinstance(choice, tuple) else (choice,)
        out.append(
            {
                "phase": observation.phase.value,
                "ms": round(elapsed * 1000, 2),
                "choice": " ".join(card.text for card in cards),
            }
        )
    return out


def deals(count: int) -> float:
    """Milliseconds per deal played through the engine, each seat playing its lowest legal card (no passing)."""
    start = time.perf_counter()
    for index in range(count):
        game = Game(index, first_deal=4)
        while game.phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None
            game.apply_play(turn, game.legal_plays(turn)[0])
    return (time.perf_counter() - start) * 1000 / count
