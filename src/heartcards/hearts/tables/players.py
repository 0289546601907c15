"""The computer players of a table: how long a decision of its strength takes, and the names they play under.

Which player a strength is comes from the bots' registry (`heartcards.hearts.bots.registry`): `easy` the rule-based
heuristic (instant), `normal` Monte Carlo with 400 playouts (a few tens of milliseconds a decision), `strong` with
1,500 (under 0.1 s): the tables offer these three, since a couple of worker processes decide for every table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from typing import Final

from heartcards.hearts.bots import STRENGTHS

BOT_NAMES: Final = ("Ada", "Alan", "Grace")
RESERVE_NAMES: Final = ("Hedy", "Kurt", "Mary", "Joan", "Linus", "Rosa")
"""Computer players' names when a person at the table goes by one of `BOT_NAMES`: as short as those, so a phone's
name plate shows them whole."""


def full_decision_seconds(strength: str) -> float:
    """About how long one decision at full budget takes on a quiet machine: its strength's time cap, which its
    playouts fit in there (the rule player's is negligible). Only an estimate for the budget: no decision is cut
    short by it."""
    settings = STRENGTHS.get(strength)
    cap = None if settings is None else settings.time_cap
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
