"""The Hearts tables' errors: a message key each (`hearts.error.*`, translated in `hearts_server.po`) and the params
that fill it in. What each answers over HTTP is the web's business (`heartcards.web.hearts.errors`)."""

from __future__ import annotations

from heartcards.errors import KeyedError


class TableError(KeyedError):
    """A request a Hearts table refuses: an unknown table, a seat taken, an action out of turn, a limit reached."""


class TableNotFoundError(TableError):
    key = "hearts.error.table_not_found"


class SeatTakenError(TableError):
    key = "hearts.error.seat_taken"


class TableStartedError(TableError):
    key = "hearts.error.table_started"


class TableNotStartedError(TableError):
    key = "hearts.error.not_started"


class TableFinishedError(TableError):
    key = "hearts.error.table_finished"


class BadTokenError(TableError):
    """A seat token that is missing, malformed or not this table's."""

    key = "hearts.error.token"


class NotCreatorError(TableError):
    key = "hearts.error.not_creator"


class BadMessageError(TableError):
    """A socket message that is not JSON, not an object, of an unknown type or with malformed fields."""

    key = "hearts.error.bad_message"


class CardMissingError(TableError):
    """A `play` that names no card."""

    key = "hearts.error.card_missing"


class SpectatorError(TableError):
    """A spectator (no seat) sending a seat's action."""

    key = "hearts.error.spectator"


class NotReadyPhaseError(TableError):
    """`next` while the deal is still being played."""

    key = "hearts.error.not_deal_over"


class NotSavedError(TableError):
    """A change could not be stored (a full disk, a lost database): it was not applied; trying again is safe."""

    key = "hearts.error.not_saved"


class TableElsewhereError(TableError):
    """Another server runs the table and could not be asked (it is moving, or the servers' link is down)."""

    key = "hearts.error.table_elsewhere"


class TooManyTablesError(TableError):
    """The player (or everyone at their address) created as many tables as allowed for now."""

    key = "hearts.error.too_many_tables"
    retry_after = 600  # the quota's window: the oldest counted table leaves it by then


class DeviceGameIllegalError(TableError):
    """A solo game played on the device whose player's action the rules refuse (`rule` is the engine's key)."""

    key = "hearts.error.device_game.illegal"


class DeviceGameBotError(TableError):
    """A solo game played on the device in which a computer player's pass or card is not the one it plays."""

    key = "hearts.error.device_game.bot_differs"


class DeviceGameUnfinishedError(TableError):
    """A solo game sent before its end: only a finished game counts in the statistics."""

    key = "hearts.error.device_game.unfinished"
