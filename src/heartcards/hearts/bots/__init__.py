"""Computer players for Hearts; they see observations only, never the game state.

Public API
----------
- `make_bot(name, strength=..., seed=0)` → a `Bot` (`choose_pass(observation)`, `choose_play(observation)`):
  `"random"` (any legal card), `"rule"` (the heuristic of `policy.py`), `"mc"` (perfect-information Monte Carlo).
  The same seed gives the same decisions (for `mc`, as long as its time cap does not cut a search short).
- `STRENGTHS`: `mc` strength levels → `MonteCarloSettings` (playouts per decision and a time cap). `"fast"` answers
  in a few tens of milliseconds (for a web server), `"normal"` is the default, `"strong"` searches the most.
- `play_game(bots, seed, variant, target)` (`arena.py`) plays whole games and returns records, winners, decision
  times; the simulator and the benchmark use it.
"""

from __future__ import annotations

from heartcards.hearts.bots.arena import GameResult, play_game
from heartcards.hearts.bots.base import Bot
from heartcards.hearts.bots.mc import MonteCarloBot, MonteCarloSettings
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.bots.rule import RuleBot

BOT_NAMES = ("random", "rule", "mc")
STRENGTHS: dict[str, MonteCarloSettings] = {
    "fast": MonteCarloSettings(playouts=60, pass_playouts=60, exact_samples=6, time_cap=0.03),
    "normal": MonteCarloSettings(playouts=240, pass_playouts=240, exact_samples=12, time_cap=0.08),
    "strong": MonteCarloSettings(playouts=600, pass_playouts=600, exact_samples=24, time_cap=0.25),
}
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
    "GameResult",
    "MonteCarloBot",
    "MonteCarloSettings",
    "RandomBot",
    "RuleBot",
    "UnknownBotError",
    "make_bot",
    "play_game",
]
