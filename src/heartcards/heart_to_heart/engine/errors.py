"""One `ValueError` subclass per kind of bad input; each message quotes the input.

`key` names the message for translation at the edges; `params` fills it in.
"""

from __future__ import annotations

from heartcards.errors import KeyedError


class HeartToHeartError(KeyedError):
    """Any Heart to Heart rule, code or record error (`KeyedError`: a key and params for the edges to translate)."""

    key = "h2h.error"


class DealCodeError(HeartToHeartError):
    key = "h2h.error.deal_code"

    def __init__(self, text: str) -> None:
        super().__init__(
            f"{text!r} is not a deal code: expected HH1-N-LLLLLLL or HH1-S-LLLLLLL (L = a letter A-Z)",
            text=text,
        )
        self.text = text


class MoveSyntaxError(HeartToHeartError):
    key = "h2h.error.move_syntax"

    def __init__(self, text: str) -> None:
        super().__init__(f"{text!r} is not a move: expected S, a-b (1 <= a < b <= 25) or a-W", text=text)
        self.text = text


class IllegalMoveError(HeartToHeartError):
    key = "h2h.error.illegal_move"

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason}", move=move, reason=reason)
        self.move = move
        self.reason = reason


class GameOverError(HeartToHeartError):
    key = "h2h.error.game_over"

    def __init__(self, move: str, status: str) -> None:
        super().__init__(f"move {move!r} after the end of the game ({status})", move=move, status=status)
        self.move = move


class NothingToUndoError(HeartToHeartError):
    key = "h2h.error.nothing_to_undo"

    def __init__(self) -> None:
        super().__init__("there is no move to undo (at most the last 100 moves can be undone)")


class RecordError(HeartToHeartError):
    """A game record whose move at index `at` (1-based) is malformed or illegal; `params` name the move and the
    cause's key."""

    key = "h2h.error.record"

    def __init__(self, record: str, at: int, cause: HeartToHeartError) -> None:
        super().__init__(f"move {at} of record {record!r}: {cause}", at=at, cause=cause.key)
        self.at = at
        self.cause = cause
