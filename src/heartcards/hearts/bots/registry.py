"""The computer players by name, and the strength words that pick one: the registry the CLI, the benchmarks,
`decide` and the web's tables all read.

A player has a kind, what it computes (`BOTS`: `random`, `rule`, `mc`), and a strength, how well it plays
(`STRENGTH_NAMES`: `easy`, `normal`, `strong`, `expert`). `easy` is the `rule` player; `normal`, `strong` and `expert`
are `mc` with more playouts each (`mc.STRENGTHS`). The web's tables offer `easy`, `normal` and `strong`;
`heartcards hearts sim --strength` and the benchmarks set the strength of their `mc` seats.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from heartcards.hearts.bots.base import Bot
from heartcards.hearts.bots.mc import STRENGTHS, MonteCarloBot, MonteCarloSettings
from heartcards.hearts.bots.random_bot import RandomBot
from heartcards.hearts.bots.rule import RuleBot

BotFactory = Callable[[int, MonteCarloSettings], Bot]
"""Makes a bot from its seed and the `mc` settings of its strength (which only `mc` reads)."""

BOTS: Final[Mapping[str, BotFactory]] = MappingProxyType(
    {
        "random": lambda seed, _settings: RandomBot(seed),
        "rule": lambda seed, _settings: RuleBot(seed),
        "mc": MonteCarloBot,
    }
)
EASY: Final = "easy"
"""The strength that is the `rule` player."""
STRENGTH_NAMES: Final = (EASY, *STRENGTHS)
DEFAULT_STRENGTH: Final = "strong"
MIN_PLAYOUTS: Final = 24
"""The fewest playouts a budgeted decision gets however small the budget (below this the samples say little)."""


class UnknownBotError(ValueError):
    """A bot name or strength that does not exist; the message lists the choices."""

    key = "hearts.error.unknown_bot"

    def __init__(self, what: str, value: str, choices: tuple[str, ...]) -> None:
        super().__init__(f"{value!r} is not a {what}: choose one of {', '.join(choices)}")
        self.params = {"what": what, "value": value}


def make_bot(name: str, strength: str = DEFAULT_STRENGTH, seed: int = 0) -> Bot:
    """The bot of kind `name` (`random`, `rule`, `mc`); an `mc` bot plays at `strength` with its settings as they
    are, time cap and worker processes included (the other kinds play the same at every strength)."""
    factory = BOTS.get(name)
    if factory is None:
        raise UnknownBotError("bot", name, tuple(BOTS))
    if strength not in STRENGTH_NAMES:
        raise UnknownBotError("strength", strength, STRENGTH_NAMES)
    if name == "mc" and strength not in STRENGTHS:
        raise UnknownBotError("strength of mc", strength, tuple(STRENGTHS))
    return factory(seed, STRENGTHS.get(strength, MonteCarloSettings()))


def budgeted_settings(strength: str, budget: float) -> MonteCarloSettings:
    """The `mc` settings of `strength` with its playouts scaled by `budget`, no time cap and one process."""
    base = STRENGTHS[strength]
    return replace(
        base,
        playouts=max(MIN_PLAYOUTS, math.ceil(base.playouts * budget)),
        pass_playouts=max(MIN_PLAYOUTS, math.ceil(base.pass_playouts * budget)),
        exact_samples=max(2, math.ceil(base.exact_samples * budget)),
        time_cap=None,
        workers=1,
    )


def player(strength: str, seed: int, budget: float = 1.0) -> Bot:
    """The computer player of `strength` playing `budget` (0 < budget ≤ 1) of its playouts, in this process and with
    no time cap: its choices depend on its arguments alone, however fast the machine is (what `decide` and the web's
    workers play)."""
    if strength == EASY:
        return RuleBot(seed)
    if strength not in STRENGTHS:
        raise UnknownBotError("strength", strength, STRENGTH_NAMES)
    return MonteCarloBot(seed, budgeted_settings(strength, budget))
