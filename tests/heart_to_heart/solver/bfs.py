"""An independent plain breadth-first search over engine games, to cross-check the solver's move counts."""

from __future__ import annotations

from collections import deque

from heartcards.heart_to_heart.engine import UNDO_LIMIT, Game, Move, Position, Status


def bfs_fewest_moves(game: Game, limit: int = 300_000) -> int | None:
    """Fewest moves from the game's position to a win (None when there is none), by plain BFS over the engine's
    own legal moves. Each node is reached by replaying its path on `game` and undoing it, so `game` ends as it began.
    """
    seen: set[Position] = {game.position}
    frontier: deque[tuple[Move, ...]] = deque([()])
    while frontier:
        path = frontier.popleft()
        if len(path) >= UNDO_LIMIT:
            raise RuntimeError("path longer than the undo limit")
        for move in path:
            game.play(move)
        try:
            if game.status is Status.WON:
                return len(path)
            for move in game.legal_moves():
                game.play(move)
                position = game.position
                game.undo()
                if position not in seen:
                    seen.add(position)
                    if len(seen) > limit:
                        raise RuntimeError("BFS limit reached")
                    frontier.append((*path, move))
        finally:
            for _ in path:
                game.undo()
    return None
