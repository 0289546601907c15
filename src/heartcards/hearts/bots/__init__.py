"""Computer players for Hearts; they see observations only, never the game state.

Public API
----------
- `make_bot(name, strength=..., seed=0)` → a `Bot` (`choose_pass(observation)`, `choose_play(observation)`):
  `"random"` (any legal card), `"rule"` (the heuristic of `policy.py`), `"mc"` (perfect-information Monte Carlo).
  The same seed gives the same decisions (for `mc`, as long as its time cap does not cut a search short).
- `STRENGTHS`: `mc` strength levels → `MonteCarloSettings` (playouts per decision, a time cap per decision, worker
  processes). `"fast"` (≤ 30 ms a decision, for a web server answering quickly), `"normal"` (the default, ≤ 85 ms),
  `"strong"` (≤ 400 ms, two niced processes, or one when the machine's load average reaches its core count).
- `decide(observation, level, seed, budget=1.0)` (`decide.py`): one decision as a pure function of picklable
  inputs, for a server's worker processes (no time cap; `budget` scales the playouts down).
- `play_game(bots, seed, variant, target)` (`arena.py`) plays whole games and returns records, winners, decision
  times; the simulator and the benchmark use it.
"""

from __future__ import annotations

from heartcards.hearts.bots.arena import GameResult, play_game
from heartcards.hearts.bots.base import Bot
from heartcards.hearts.bots.decide import DecisionError, decide, level_names
from heartcards.hearts.bots.mc import STRENGTHS, MonteCarloBot, MonteCarloSettings
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.bots.rule import RuleBot

BOT_NAMES = ("random", "rule", "mc")
DEFAULT_STRENGTH = "normal"


class UnknownBotError(ValueError):
    """A bot name or strength that does not exist; the message lists the choices."""

    key = "hearts.error.unknown_bot"

    def __init__(self, what: str, value: str, choices: tuple[str, ...]) -> None:
        super().__init__(f"{value!r} is not a {what}: choose one of {', '.join(choices)}")
        self.params = {"what": what, "value": value}


def make_bot(name: str, strength: str = DEFAULT_STRENGTH, seed: int = 0) -> Bot:
    """A bot by name (`random`, `rule`, `mc`); `strength` matters for `mc` only."""
    if strength not in STRENGTHS:
        raise UnknownBotError("strength", strength, tuple(STRENGTHS))
    if name == "random":
        return RandomBot(seed)
    if name == "rule":
        return RuleBot(seed)
    if name == "mc":
        return MonteCarloBot(seed, STRENGTHS[strength])
    raise UnknownBotError("bot", name, BOT_NAMES)


__all__ = [
    "BOT_NAMES",
    "DEFAULT_STRENGTH",
    "STRENGTHS",
    "Bot",
    "DecisionError",
    "GameResult",
    "MonteCarloBot",
    "MonteCarloSettings",
    "RandomBot",
    "RuleBot",
    "UnknownBotError",
    "decide",
    "level_names",
    "make_bot",
    "play_game",
]
