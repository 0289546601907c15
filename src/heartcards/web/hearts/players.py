"""Which computer player sits in for a table's strength, and the names they play under.

`easy` is the rule-based heuristic (instant), `normal` the Monte Carlo bot at its `fast` level (a few tens of
milliseconds a decision, good play), `strong` Monte Carlo at its `normal` level (under 0.1 s a decision): the
fastest levels that still play well, since one server thread plays for every table.
"""

from __future__ import annotations

from typing import Final

from heartcards.hearts.bots import Bot, make_bot

TABLE_STRENGTHS: Final = ("easy", "normal", "strong")
_BOTS: Final[dict[str, tuple[str, str]]] = {
    "easy": ("rule", "fast"),
    "normal": ("mc", "fast"),
    "strong": ("mc", "normal"),
}
BOT_NAMES: Final = ("Ada", "Alan", "Grace")


def bot_for(strength: str, seed: int) -> Bot:
    """The computer player for a table of `strength` (one of `TABLE_STRENGTHS`), seeded for repeatable play."""
    name, level = _BOTS[strength]
    return make_bot(name, level, seed)


def bot_name(seat: int) -> str:
    """The display name of the computer player at `seat` (1..3; seat 0 gets the first name too)."""
    return BOT_NAMES[(seat - 1) % len(BOT_NAMES)]
