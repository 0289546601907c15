"""The Hearts HTTP API's answers as Pydantic models, around a table's own shapes (`heartcards.hearts.tables.models`:
`PublicTable`, `View`). They are the contract (`/openapi.json`, `docs/openapi.json`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from heartcards.hearts.tables.models import PublicTable
from heartcards.runtime.clock import IsoUtc


class Seating(BaseModel):
    """A seat given to the caller: keep `token`, it is the only proof of the seat."""

    table: PublicTable
    seat: int
    token: str
    route: str | None = None
    """The route of the server that runs the table, where several share the site behind a proxy that routes by
    table: the socket's first `?route=`, so it reaches that server at once (null: no route to give)."""


class DeviceGameAnswer(BaseModel):
    """A solo game played on the device, checked and stored: `counted` is false when it had been sent before (it
    counts once)."""

    table: PublicTable
    counted: bool


class Lobby(BaseModel):
    tables: list[PublicTable]


class CurrentTable(BaseModel):
    table: PublicTable
    seat: int


class TableLog(BaseModel):
    """A finished game: its seed and one log line per deal (hands, passes, tricks, points)."""

    table: PublicTable
    seed: int
    deals: list[dict[str, object]]


class RecentTable(BaseModel):
    """One of the player's finished Hearts games, from their seat."""

    model_config = ConfigDict(from_attributes=True)  # validated from the stored record (`PlayerGame`)

    table: str = Field(validation_alias="table_id")
    variant: str
    target: int
    seat: int
    total: int
    place: int
    won: bool
    moons: int
    queens: int
    finished_at: IsoUtc | None


class PlayerStats(BaseModel):
    games: int
    wins: int
    average_place: float | None
    moons: int
    queens_taken: int
    recent: list[RecentTable]


Variant = Literal["classic", "special"]


class RatedPlayer(BaseModel):
    """One rated player of a ruleset: a person (the name they chose, or null) or a computer level."""

    id: str
    """The player's public id, for their page (`/hearts/players/{id}`)."""
    name: str | None
    computer: bool
    rating: int
    """The shown rating: 1000 for a new player, up as the model grows surer of good results."""
    games: int
    place: int


class MyRating(RatedPlayer):
    hidden: bool
    """The player asked not to be listed (their place is where they would stand)."""


class Ratings(BaseModel):
    variant: Variant
    players: list[RatedPlayer]
    """The best 100 listed players, best first."""
    me: MyRating | None
    """The asking player, once they have finished a rated game in this ruleset."""


class RatingPoint(BaseModel):
    table: str
    place: int
    left: bool
    rating: int
    """The shown rating after this game."""
    at: str


class PlayerRatings(BaseModel):
    variant: Variant
    player: RatedPlayer
    history: list[RatingPoint]
    """The rated games in this ruleset, oldest first (the last 200)."""


class HiddenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hidden: StrictBool


class HiddenAnswer(BaseModel):
    hidden: bool
