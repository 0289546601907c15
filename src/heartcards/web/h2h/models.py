"""The Heart to Heart API's shapes as Pydantic models: the contract that `/openapi.json` (and `docs/openapi.json`)
publishes, built by `views.py` from the running game."""

from __future__ import annotations

import re
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, WithJsonSchema

from heartcards.heart_to_heart.engine import MoveSyntaxError, TapOutcome
from heartcards.runtime.clock import IsoUtc
from heartcards.storage.h2h_records import GameStatus

Status = GameStatus
"""A game's status: the engine's three (playing, won, stalled) and the two ways a player leaves a game (abandoned,
restarted)."""
TapTarget = int | Literal["stock", "waste"]
"""A heart position (1..25), the stock or the waste."""
PlaceTarget = int | Literal["waste"]
"""A place a selected card can go to: a heart position or the waste (never the stock: it takes no card)."""


class HeartCard(BaseModel):
    pos: int = Field(ge=1, le=25)
    rank: str
    free: bool
    """Not covered: it may be tapped."""


class Stock(BaseModel):
    count: int


class Waste(BaseModel):
    count: int
    top: str | None
    below: str | None
    """The card under the top one (shown while the top one is picked up)."""


class PlacementHelp(BaseModel):
    """With a card selected: the positions it pairs with (outlined) and the targets it cannot go to (dimmed)."""

    outlined: list[int]
    dimmed: list[PlaceTarget]
    """Positions, then `waste` last when it is dimmed."""


class GameView(BaseModel):
    """A game as its player sees it."""

    id: str
    code: str
    status: Status
    score: int
    moves: int
    seconds: float
    started_at: str | None
    finished_at: str | None
    assisted: bool
    """A hint was used (the win does not count for the fewest-moves record)."""
    heart: list[HeartCard | None]
    """The 25 heart positions, None where the card is removed."""
    stock: Stock
    waste: Waste
    selection: TapTarget | None
    help: PlacementHelp
    can_undo: bool
    record: str
    """`CODE move move …`: the whole game as text (a replay)."""
    par: int | None
    """The fewest moves that win this deal, once the game is won and the solver knows it."""
    daily: bool


class Tap(BaseModel):
    outcome: TapOutcome
    move: str | None
    message: str | None
    """Why nothing happened, translated (a card that is covered, a pair that does not match, …)."""


class TapAnswer(BaseModel):
    tap: Tap
    view: GameView


class MovesAnswer(BaseModel):
    """The game after a batch of moves: `stored` moves are held and verified, the next batch starts there."""

    stored: int
    view: GameView


class UndoAnswer(BaseModel):
    undone: str
    view: GameView


class PauseAnswer(BaseModel):
    paused: bool
    seconds: float


class HintAnswer(BaseModel):
    hint: str | None
    """The first move of a fewest-moves win, or None when no win is left (or the game moved on meanwhile)."""
    view: GameView


class Replay(BaseModel):
    """A finished game, readable by anyone with its id."""

    id: str
    code: str
    moves: list[str]
    status: Status
    score: int
    seconds: float
    assisted: bool
    finished_at: str | None
    par: int | None


class Solution(BaseModel):
    code: str
    winnable: bool
    moves: list[str] | None
    count: int | None


class DealCards(BaseModel):
    """A deal's cards (as `heartcards deal CODE --json`)."""

    code: str
    heart: list[str]
    stock: list[str]
    """Top first."""
    waste: list[str]


class DailyWin(BaseModel):
    """One player's best win of today's deal."""

    place: int
    name: str | None
    """The name the player chose for others (at an online Hearts table), or None for a player who chose none."""
    moves: int
    seconds: float
    hints: int
    me: bool
    """The asking player's own line."""


class DailyDay(BaseModel):
    date: str
    won: bool


class Daily(BaseModel):
    """Today's deal (UTC date), its ranking and par, and the asking player's streak and calendar."""

    date: str
    code: str
    par: int | None
    """The fewest moves that win today's deal, once the solver knows it."""
    ranking: list[DailyWin]
    """The players who won today's deal, by moves then time: the best 100, and the asking player's line after them."""
    streak: int
    """Consecutive days the asking player won the daily deal, up to today (or yesterday while today is open)."""
    played: bool
    """Whether the asking player has played a move of today's deal today."""
    calendar: list[DailyDay]
    """The last four weeks, oldest first, ending today: which daily deals the asking player won."""


def tenths(seconds: float | None) -> float | None:
    """Seconds as the API gives them: to the tenth."""
    return None if seconds is None else round(seconds, 1)


# The statistics' models are validated from the records' attributes (`storage.h2h_stats`; a heavy player has a
# thousand deals), not copied field by field in Python, which cost some 10 ms for a thousand; in a reading thread,
# once for each change of the player's games (`stats_answers`).


class RecentGame(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: str
    code: str
    status: Status
    moves: int = Field(validation_alias="move_count")
    score: int
    seconds: Annotated[float, AfterValidator(tenths)]
    assisted: bool
    finished_at: IsoUtc | None = Field(validation_alias="ended_at")


class DealStats(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    code: str
    played: int
    won: int
    best_moves: int | None
    best_seconds: Annotated[float | None, AfterValidator(tenths)]


class Stats(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    played: int
    won: int
    win_rate: Annotated[float, AfterValidator(lambda rate: round(rate, 4))]
    current_streak: int
    best_streak: int
    best_seconds: Annotated[float | None, AfterValidator(tenths)]
    fewest_moves: int | None
    assisted: int
    recent: list[RecentGame]
    per_deal: list[DealStats]


# -- request bodies -----------------------------------------------------------------------------------------------


class NewGame(BaseModel):
    """Exactly one of: a deal code, a mode for a fresh random deal, or the daily deal (nothing = a random N deal)."""

    model_config = ConfigDict(extra="forbid")
    code: Annotated[str, Field(max_length=64)] | None = None
    mode: Literal["N", "S"] | None = None
    daily: StrictBool = False
    resume: StrictBool = True
    """With a code: return the player's running game of that deal instead of a new one (answer 200, not 201)."""


class TapRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: Annotated[int, Field(strict=True, ge=1, le=25)] | Literal["stock", "waste"]


MOVE_PATTERN: Final = re.compile(r"^(S|[0-9]{1,2}-([0-9]{1,2}|W))$")
MOVE_MAX_CHARS: Final = 8


def _move_syntax(text: str) -> str:
    """A move text that matches the schema's pattern; any other text is the engine's `MoveSyntaxError` (400
    `h2h.error.move_syntax`, as for a move the engine cannot read), not a validation error."""
    if len(text) > MOVE_MAX_CHARS or MOVE_PATTERN.fullmatch(text) is None:
        raise MoveSyntaxError(text[:MOVE_MAX_CHARS])
    return text


MoveText = Annotated[
    str,
    AfterValidator(_move_syntax),
    WithJsonSchema({"type": "string", "maxLength": MOVE_MAX_CHARS, "pattern": MOVE_PATTERN.pattern}),
]
"""One move in the record's notation: `S`, `a-b` or `a-W`."""


class MovesRequest(BaseModel):
    """A batch of moves a device played on its own engine: after it the game's moves are the first `from` stored
    ones followed by `moves`. Moves already stored at the same indices are not played twice (retries are safe);
    `replace` says the device undid stored moves from index `from` on."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    start: Annotated[int, Field(alias="from", strict=True, ge=0, le=100_000)]
    moves: Annotated[list[MoveText], Field(max_length=2_000)]
    replace: StrictBool = False
    code: Annotated[str, Field(max_length=64)] | None = None
    """The deal of a game started on the device: the server creates the game under its id on the first batch."""
