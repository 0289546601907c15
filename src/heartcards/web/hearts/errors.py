"""The Hearts tables over HTTP: the status each of the tables' errors answers with, and the errors only the HTTP
routes and the socket raise (a status and a message key, `hearts.error.*`, translated in `hearts_server.po`)."""

from __future__ import annotations

from typing import Final

from heartcards.hearts.tables import errors as table_errors
from heartcards.web.errors import ErrorStatuses, WebError

STATUSES: Final[ErrorStatuses] = {
    table_errors.TableNotFoundError: 404,
    table_errors.SeatTakenError: 409,
    table_errors.TableStartedError: 409,
    table_errors.TableNotStartedError: 409,
    table_errors.TableFinishedError: 409,
    table_errors.BadTokenError: 403,
    table_errors.NotCreatorError: 403,
    table_errors.SpectatorError: 403,
    table_errors.NotReadyPhaseError: 409,
    table_errors.NotSavedError: 503,
    table_errors.TableElsewhereError: 503,
    table_errors.TooManyTablesError: 429,
    table_errors.DeviceGameIllegalError: 422,
    table_errors.DeviceGameBotError: 422,
    table_errors.DeviceGameUnfinishedError: 422,
}
"""The HTTP status of each of the tables' errors (400, a bad request, for those not listed)."""


class TableNotFinishedError(WebError):
    """The log of a game still being played (it would show the other seats' hands)."""

    status = 409
    key = "hearts.error.not_finished"


class NoCurrentTableError(WebError):
    status = 404
    key = "hearts.error.no_current_table"


class TooManySocketsError(WebError):
    """A client address with as many sockets open as it may have (`fanout.MAX_SOCKETS_PER_CLIENT`)."""

    status = 429
    key = "hearts.error.too_many_sockets"


class SpectatorIdleError(WebError):
    """A spectator's socket that said nothing but pings for `socket.SPECTATOR_IDLE_SECONDS`."""

    status = 408
    key = "hearts.error.spectator_idle"


class RatedPlayerNotFoundError(WebError):
    """A player page for an id with no rating in that ruleset."""

    status = 404
    key = "hearts.error.rated_player_not_found"
