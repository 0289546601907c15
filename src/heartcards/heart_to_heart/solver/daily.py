"""The daily deal: the same winnable (mode S) code for everyone on a given date."""

from __future__ import annotations

from datetime import date

from heartcards.cards import SplitMix64
from heartcards.heart_to_heart.engine import Mode, format_code
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER

DAILY_SEED = 0x4845_4152_5444_4159  # "HEARTDAY"


def daily_number(day: date) -> int:
    """The deal number of `day`: SplitMix64 seeded with DAILY_SEED plus the day's proleptic Gregorian ordinal."""
    return SplitMix64(DAILY_SEED + day.toordinal()).below(MAX_NUMBER + 1)


def daily_code(day: date) -> str:
    """`daily_code(date(2026, 1, 1))` is an `HH1-S-…` code, fixed forever for that date."""
    return format_code(Mode.SOLVABLE, daily_number(day))
