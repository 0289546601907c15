"""Which computer player sits in for a table's strength, and the names they play under.

`easy` is the rule-based heuristic (instant), `normal` the Monte Carlo bot at its `fast` level (a few tens of
milliseconds a decision, good play), `strong` Monte Carlo at its `normal` level (under 0.1 s a decision): the
fastest levels that still play well, since a couple of worker processes decide for every table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Final

from heartcards.hearts.bots import STRENGTHS, Bot, MonteCarloBot, make_bot
from heartcards.hearts.bots.decide import settings_for

_BOTS: Final[dict[str, tuple[str, str]]] = {
    "easy": ("rule", "fast"),
    "normal": ("mc", "fast"),
    "strong": ("mc", "normal"),
}
BOT_NAMES: Final = ("Ada", "Alan", "Grace")
RESERVE_NAMES: Final = ("Hedy", "Kurt", "Mary", "Joan", "Linus", "Rosa")
"""Computer players' names when a person at the table goes by one of `BOT_NAMES`: as short as those, so a phone's
name plate shows them whole."""


def bot_with_budget(strength: str, seed: int, budget: float) -> Bot:
    """The computer player for `strength` playing `budget` (0 < budget ≤ 1) of its level's playouts, in this process
    alone, with no time cap: the search is a count of playouts, not a time, so its choice depends on its arguments
    only, never on how fast the machine is now (`thinking` keeps decisions short by giving a smaller budget)."""
    name, level = _BOTS[strength]
    if name != "mc":
        return make_bot(name, level, seed)
    return MonteCarloBot(seed, settings_for(level, budget))


def full_decision_seconds(strength: str) -> float:
    """About how long one decision at full budget takes on a quiet machine: its level's time cap, which its playouts
    fit in there (the rule bot's is negligible). Only an estimate for the budget: no decision is cut short by it."""
    name, level = _BOTS[strength]
    cap = STRENGTHS[level].time_cap if name == "mc" else None
    return 0.001 if cap is None else cap


def bot_name(seat: int, taken: Collection[str] = ()) -> str:
    """The display name of the computer player at `seat` (1..3; seat 0 gets the first name too): its own name, unless
    a person or another computer at the table goes by it (in any letter case), then the first free reserve name, so
    "Ada to play" never leaves a person named Ada wondering whose turn it is."""
    used = {unicodedata.normalize("NFC", name).casefold() for name in taken}
    own = BOT_NAMES[(seat - 1) % len(BOT_NAMES)]
    for name in (own, *RESERVE_NAMES):
        if name.casefold() not in used:
            return name
    return f"{own} {seat}"  # every name taken: the seat number tells them apart
