"""The Heart to Heart solver: exact winnability, fewest-moves solutions, hints and the daily deal.

`solve(position)` returns a `Solution` whose moves replay through `Game` from that position to a win in the fewest
moves possible (draws, recycles and pairs each count one), or says that no win exists.
"""

from __future__ import annotations

from heartcards.heart_to_heart.solver.daily import daily_code
from heartcards.heart_to_heart.solver.solve import Solution, UnreachablePositionError, hint, is_winnable, solve

__all__ = ["Solution", "UnreachablePositionError", "daily_code", "hint", "is_winnable", "solve"]
