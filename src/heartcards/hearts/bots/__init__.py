"""Computer players for Hearts; they see observations only, never the game state.

Public API
----------
- `BOTS` (`registry.py`): each kind of bot by name → its factory: `"random"` (any legal card), `"rule"` (the
  heuristic of `policy.py`), `"mc"` (perfect-information Monte Carlo). `make_bot(name, strength=..., seed=0)` builds
  one; the same seed gives the same decisions (for `mc`, as long as its time cap does not cut a search short).
- `STRENGTH_NAMES`: the strengths, one set of words for the web, the CLI and the benchmarks: `"easy"` (the `rule`
  player), then `mc` at `"normal"` (≤ 30 ms a decision), `"strong"` (the default, ≤ 85 ms) and `"expert"` (≤ 400 ms,
  two niced processes, or one when the machine's load average reaches its core count); `STRENGTHS` holds `mc`'s
  settings for each. `player(strength, seed, budget)` is the player of a strength with no time cap.
- `decide(observation, strength, seed, budget=1.0)` (`decide.py`): one decision as a pure function of picklable
  inputs, for a server's worker processes (no time cap; `budget` scales the playouts down).
- `play_game(bots, seed, variant, target)` (`arena.py`) plays whole games and returns records, winners, decision
  times; the simulator and the benchmark use it.
"""

from __future__ import annotations

from heartcards.hearts.bots.arena import GameResult, play_game
from heartcards.hearts.bots.base import Bot
from heartcards.hearts.bots.decide import DecisionError, decide
from heartcards.hearts.bots.mc import STRENGTHS, MonteCarloBot, MonteCarloSettings
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.bots.registry import (
    BOTS,
    DEFAULT_STRENGTH,
    EASY,
    STRENGTH_NAMES,
    BotFactory,
    UnknownBotError,
    make_bot,
    player,
)
from heartcards.hearts.bots.rule import RuleBot

__all__ = [
    "BOTS",
    "DEFAULT_STRENGTH",
    "EASY",
    "STRENGTHS",
    "STRENGTH_NAMES",
    "Bot",
    "BotFactory",
    "DecisionError",
    "GameResult",
    "MonteCarloBot",
    "MonteCarloSettings",
    "RandomBot",
    "RuleBot",
    "UnknownBotError",
    "decide",
    "make_bot",
    "play_game",
    "player",
]
