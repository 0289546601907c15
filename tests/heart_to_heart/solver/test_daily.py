"""The daily deal: a winnable S code per date, the same for everyone, different from day to day."""

from __future__ import annotations

from datetime import date, timedelta

from heartcards.heart_to_heart.engine import Game, Mode, parse_code
from heartcards.heart_to_heart.solver import daily_code, is_winnable


def test_daily_code_is_a_fixed_solvable_code() -> None:
    # Pinned: SplitMix64(DAILY_SEED + the date's ordinal).below(26**7) as the S deal number, forever.
    assert daily_code(date(2026, 11, 30)) == "HH1-S-PVYZMKS"
    assert daily_code(date(2000, 2, 29)) == "HH1-S-LYJUNKB"
    code = daily_code(date(2026, 11, 30))
    assert parse_code(code)[0] is Mode.SOLVABLE
    assert is_winnable(Game.from_code(code).position)


def test_daily_codes_differ_from_day_to_day() -> None:
    start = date(2026, 1, 1)
    codes = {daily_code(start + timedelta(days=offset)) for offset in range(366)}
    assert len(codes) == 366
