"""What the solver process runs: small top-level functions (picklable) over the engine and the solver.

They run in a separate process so that a search of tens of milliseconds or more never holds the server's GIL while
it answers taps.
"""

from __future__ import annotations

from heartcards.heart_to_heart.engine import Game, Move, Position, format_moves

SolvedCode = tuple[str, bool, str | None, int | None, int]
"""(code, winnable, moves text or None, move count or None, states searched): plain values, so that the worker
process imports only the engine and the solver, not the web or storage layers."""


def warm_up() -> bool:
    """Import the solver and build its tables, so that the first real search starts at once."""
    import heartcards.heart_to_heart.solver  # noqa: F401

    return True


def solve_code(code: str) -> SolvedCode:
    """The fewest-moves solution of the deal `code` from its start."""
    from heartcards.heart_to_heart.solver import solve

    solution = solve(Game.from_code(code).position)
    if not solution.winnable:
        return (code, False, None, None, solution.states)
    return (code, True, format_moves(solution.moves), len(solution.moves), solution.states)


def hint_for(position: Position) -> Move | None:
    """The first move of a fewest-moves win from `position`, or None when no win is left."""
    from heartcards.heart_to_heart.solver import hint

    return hint(position)
