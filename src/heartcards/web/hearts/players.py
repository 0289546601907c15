"""Which computer player sits in for a table's strength, and the names they play under.

`easy` is the rule-based heuristic (instant), `normal` the Monte Carlo bot at its `fast` level (a few tens of
milliseconds a decision, good play), `strong` Monte Carlo at its `normal` level (under 0.1 s a decision): the
fastest levels that still play well, since a couple of worker processes decide for every table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from heartcards.hearts.bots import STRENGTHS, Bot, MonteCarloBot, make_bot

_BOTS: Final[dict[str, tuple[str, str]]] = {
    "easy": ("rule", "fast"),
    "normal": ("mc", "fast"),
    "strong": ("mc", "normal"),
}
BOT_NAMES: Final = ("Ada", "Alan", "Grace")


def bot_with_budget(strength: str, seed: int, budget: float) -> Bot:
    """The computer player for `strength` searching `budget` (0 < budget ≤ 1) of its level's playouts within the
    same share of its time cap, in this process alone: the server's worker processes each run one decision."""
    name, level = _BOTS[strength]
    if name != "mc":
        return make_bot(name, level, seed)
    full = STRENGTHS[level]
    settings = replace(
        full,
        playouts=max(8, round(full.playouts * budget)),
        pass_playouts=max(8, round(full.pass_playouts * budget)),
        exact_samples=max(2, round(full.exact_samples * budget)),
        time_cap=None if full.time_cap is None else full.time_cap * budget,
        workers=1,
    )
    return MonteCarloBot(seed, settings)


def full_decision_seconds(strength: str) -> float:
    """About how long one decision at full budget takes (its level's time cap; the rule bot's is negligible)."""
    name, level = _BOTS[strength]
    cap = STRENGTHS[level].time_cap if name == "mc" else None
    return 0.001 if cap is None else cap


def bot_name(seat: int) -> str:
    """The display name of the computer player at `seat` (1..3; seat 0 gets the first name too)."""
    return BOT_NAMES[(seat - 1) % len(BOT_NAMES)]
