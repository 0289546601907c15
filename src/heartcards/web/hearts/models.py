"""The Hearts API's shapes as Pydantic models: the public `PublicTable`, a seat's `View`, and the HTTP answers.

They are the contract (`/openapi.json`, `docs/openapi.json`). The views (`views.py`) build the same shapes as plain
dicts, because a busy table encodes them on every change; the HTTP routes answer through these models, and a test
holds every `state` a socket sends to `messages.StateMessage`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

CardText = str
"""A card as text: rank then suit, `2C`, `10H`, `QS`, `AD`."""


TableStrength = Literal["easy", "normal", "strong"]
"""The strengths a table offers: the bots' registry's words (`STRENGTH_NAMES`), without `expert`, whose two processes
a decision would not get among the server's workers."""


class PublicSeat(BaseModel):
    seat: int = Field(ge=0, le=3)
    name: str
    kind: Literal["human", "bot", "empty"]
    connected: bool
    away: bool
    """A computer player stands in for this person (idle while others waited, or gone)."""


class PublicTable(BaseModel):
    """The public facts of a table: anyone with its link may read them."""

    id: str
    url: str
    variant: Literal["classic", "special"]
    target: int
    strength: TableStrength
    mode: Literal["solo", "online"]
    status: Literal["waiting", "playing", "finished"]
    idle_seconds: int
    created_at: str
    deal: int | None
    """The deal being played (1 = the first); None while the table waits for players."""
    seats: list[PublicSeat]


class TrickCards(BaseModel):
    leader: int
    cards: list[CardText]


class FinishedTrick(TrickCards):
    winner: int


class View(BaseModel):
    """Everything one seat may know now: public facts plus its own hand, legal cards and pass."""

    phase: Literal["pass", "play", "deal_over", "game_over"]
    deal: int
    pass_direction: Literal["left", "right", "across", "none"]
    waiting_for_pass: list[int]
    turn: int | None
    trick: TrickCards | None
    last_trick: FinishedTrick | None
    tricks_played: int
    hearts_broken: bool
    counts: list[int]
    taken_points: list[int]
    point_cards: list[list[CardText]]
    """The hearts and the Q♠ each seat has taken in this deal's tricks (all played face up), in the order taken."""
    scores: list[list[int]]
    totals: list[int]
    moon: int | None
    game_over: bool
    winners: list[int]
    extension: Literal["tie", "perfect_hand"] | None
    ready: list[int]
    hand: list[CardText]
    legal: list[CardText]
    passed: list[CardText] | None
    received: list[CardText] | None


class Seating(BaseModel):
    """A seat given to the caller: keep `token`, it is the only proof of the seat."""

    table: PublicTable
    seat: int
    token: str


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

    table: str
    variant: str
    target: int
    seat: int
    total: int
    place: int
    won: bool
    moons: int
    queens: int
    finished_at: str | None


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
