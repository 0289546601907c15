"""The Hearts tables' own errors: a status and a message key (`hearts.error.*`, translated in `hearts_server.po`)."""

from __future__ import annotations

from heartcards.web.errors import WebError


class TableNotFoundError(WebError):
    status = 404
    key = "hearts.error.table_not_found"


class SeatTakenError(WebError):
    status = 409
    key = "hearts.error.seat_taken"


class TableStartedError(WebError):
    status = 409
    key = "hearts.error.table_started"


class TableNotStartedError(WebError):
    status = 409
    key = "hearts.error.not_started"


class TableFinishedError(WebError):
    status = 409
    key = "hearts.error.table_finished"


class TableNotFinishedError(WebError):
    """The log of a game still being played (it would show the other seats' hands)."""

    status = 409
    key = "hearts.error.not_finished"


class BadTokenError(WebError):
    """A seat token that is missing, malformed or not this table's."""

    status = 403
    key = "hearts.error.token"


class NotCreatorError(WebError):
    status = 403
    key = "hearts.error.not_creator"


class NoCurrentTableError(WebError):
    status = 404
    key = "hearts.error.no_current_table"


class BadMessageError(WebError):
    """A socket message that is not JSON, not an object, of an unknown type or with malformed fields."""

    key = "hearts.error.bad_message"


class CardMissingError(WebError):
    """A `play` that names no card."""

    key = "hearts.error.card_missing"


class TooManySocketsError(WebError):
    """A client address with as many sockets open as it may have (`fanout.MAX_SOCKETS_PER_CLIENT`)."""

    status = 429
    key = "hearts.error.too_many_sockets"


class SpectatorIdleError(WebError):
    """A spectator's socket that said nothing but pings for `socket.SPECTATOR_IDLE_SECONDS`."""

    status = 408
    key = "hearts.error.spectator_idle"


class SpectatorError(WebError):
    """A spectator (no seat) sending a seat's action."""

    status = 403
    key = "hearts.error.spectator"


class NotReadyPhaseError(WebError):
    """`next` while the deal is still being played."""

    status = 409
    key = "hearts.error.not_deal_over"


class NotSavedError(WebError):
    """A change could not be stored (a full disk, a lost database): it was not applied; trying again is safe."""

    status = 503
    key = "hearts.error.not_saved"


class TableElsewhereError(WebError):
    """Another server runs the table and could not be asked (it is moving, or the servers' link is down)."""

    status = 503
    key = "hearts.error.table_elsewhere"


class TooManyTablesError(WebError):
    """The player (or everyone at their address) created as many tables as allowed for now."""

    status = 429
    key = "hearts.error.too_many_tables"
    retry_after = 600  # the quota's window: the oldest counted table leaves it by then


class RatedPlayerNotFoundError(WebError):
    """A player page for an id with no rating in that ruleset."""

    status = 404
    key = "hearts.error.rated_player_not_found"


class DeviceGameIllegalError(WebError):
    """A solo game played on the device whose player's action the rules refuse (`rule` is the engine's key)."""

    status = 422
    key = "hearts.error.device_game.illegal"


class DeviceGameBotError(WebError):
    """A solo game played on the device in which a computer player's pass or card is not the one it plays."""

    status = 422
    key = "hearts.error.device_game.bot_differs"


class DeviceGameUnfinishedError(WebError):
    """A solo game sent before its end: only a finished game counts in the statistics."""

    status = 422
    key = "hearts.error.device_game.unfinished"
