"""Heart to Heart's own web errors: a status and a message key (`h2h.error.*`, translated in `h2h_server.po`)."""

from __future__ import annotations

from heartcards.web.errors import WebError


class GameNotFoundError(WebError):
    status = 404
    key = "h2h.error.game_not_found"


class GameFinishedError(WebError):
    """A tap, undo, hint or abandon on a game that is won or left (abandoned, restarted)."""

    status = 409
    key = "h2h.error.game_finished"


class GameStalledError(WebError):
    """A tap or hint on a stalled game: only undo, restart or a new game help."""

    status = 409
    key = "h2h.error.stalled"


class NewGameChoiceError(WebError):
    """A new-game body naming more than one of code, mode and daily."""

    status = 422
    key = "h2h.error.new_game_choice"


class GameNotFinishedError(WebError):
    status = 409
    key = "h2h.error.not_finished"


class SolverUnavailableError(WebError):
    status = 503
    key = "h2h.error.solver_unavailable"


class SyncGapError(WebError):
    """A batch of moves that starts beyond the moves the server holds (an earlier batch never arrived)."""

    status = 409
    key = "h2h.error.sync_gap"


class SyncConflictError(WebError):
    """A batch whose moves differ from the stored ones at the same index without saying it undid them (a stale
    tab): the page reloads the server's game."""

    status = 409
    key = "h2h.error.sync_conflict"


class SyncRefusedError(WebError):
    """A batch with a move that does not replay from the stored game (illegal, after the end, or malformed)."""

    status = 422
    key = "h2h.error.sync_refused"


class GameCodeMismatchError(WebError):
    """A first sync naming an id the server already holds with another deal."""

    status = 409
    key = "h2h.error.code_mismatch"


class RecordFullError(WebError):
    """A batch that would take the game's record past `MAX_RECORD_MOVES` (`games.py`): the game ended there."""

    status = 409
    key = "h2h.error.record_full"


class TooManyGamesError(WebError):
    """The player (or everyone at their address) started as many games as allowed for now (`services.GAMES_RULE`)."""

    status = 429
    key = "h2h.error.too_many_games"
    retry_after = 600  # the quota's window: the oldest counted game leaves it by then


class GameIdTakenError(WebError):
    """A device's first batch naming an id another player's game already holds: the device picks a new id."""

    status = 409
    key = "h2h.error.game_id_taken"


class TooManyMovesError(WebError):
    """A batch of moves past its client address's budget of moves played (`services.MOVES_RULE`)."""

    status = 429
    key = "h2h.error.too_many_moves"
    retry_after = 60  # the budget's window: what was spent has left it by then
