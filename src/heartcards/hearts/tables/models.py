"""A table's shapes as Pydantic models: the public `PublicTable` and a seat's `View`, what every `state` message
carries and the HTTP answers embed.

They are part of the contract (`/openapi.json`, `docs/openapi.json`). The views (`views.py`) build the same shapes
as plain dicts, because a busy table encodes them on every change; a test holds every `state` a socket sends to
`messages.StateMessage`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

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
