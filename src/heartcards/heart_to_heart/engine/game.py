"""A game in progress: moves, undo, status, score, and the taps (`docs/rules/heart-to-heart.md#taps`).

`Game` is mutable like a chess board: `play(move)` pushes a small saved state, `undo()` pops it (last 100 moves).
`legal_moves()` is the one query that taps, hints, the stalemate check and the solvers share.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from heartcards.cards import Rank
from heartcards.heart_to_heart.engine.deal import Deal
from heartcards.heart_to_heart.engine.errors import (
    GameOverError,
    HeartToHeartError,
    IllegalMoveError,
    NothingToUndoError,
    RecordError,
)
from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, HEART_SIZE, free_mask
from heartcards.heart_to_heart.engine.moves import (
    STOCK_TAP,
    Move,
    PairMove,
    StockTap,
    WasteMove,
    format_moves,
    parse_move,
)

UNDO_LIMIT = 100
POINTS_PER_CARD = 10
STOCK: Literal["stock"] = "stock"
WASTE: Literal["waste"] = "waste"
Target = int | Literal["stock", "waste"]
SAME_RANK_MESSAGE = "h2h.must_be_same_rank"


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    STALLED = "stalled"


class TapOutcome(Enum):
    NOTHING = "nothing"
    SELECTED = "selected"
    DESELECTED = "deselected"
    RESELECTED = "reselected"
    PAIR_REMOVED = "pair_removed"
    DREW = "drew"
    RECYCLED = "recycled"


@dataclass(frozen=True, slots=True)
class TapResult:
    outcome: TapOutcome
    move: Move | None = None
    message: str | None = None
    """A message key, set when a second card of another rank was tapped ("Must be the same rank")."""


@dataclass(frozen=True, slots=True)
class Position:
    """Everything that decides the rest of a game: the heart (None where removed), stock top first, waste bottom
    first. Hashable, so solvers can use it as a key."""

    heart: tuple[Rank | None, ...]
    stock: tuple[Rank, ...]
    waste: tuple[Rank, ...]

    @property
    def removed(self) -> int:
        return sum(1 << index for index, rank in enumerate(self.heart) if rank is None)


@dataclass(frozen=True, slots=True)
class _Saved:
    removed: int
    stock: tuple[Rank, ...]
    waste: tuple[Rank, ...]
    moves: int


@dataclass(frozen=True, slots=True)
class PlacementHelp:
    """What "Placement help" shows: free heart positions with a partner, and the targets to darken."""

    outlined: frozenset[int]
    dimmed: frozenset[Target]


class Game:
    """The state of one game of Heart to Heart."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self._ranks: tuple[Rank, ...] = deal.heart
        self.removed = 0
        self._stock: list[Rank] = list(reversed(deal.stock))  # top at the end, so draws pop
        self.waste: list[Rank] = list(deal.waste)
        self.moves = 0
        self.selection: Target | None = None
        self._history: deque[tuple[Move, _Saved]] = deque(maxlen=UNDO_LIMIT)
        self.played: list[Move] = []

    @classmethod
    def from_code(cls, code: str) -> Game:
        return cls(Deal.from_code(code))

    @classmethod
    def from_record(cls, record: str) -> Game:
        """Replay `CODE move move …`; a bad move raises RecordError naming its 1-based index."""
        words = record.split()
        if not words:
            raise RecordError(record, 0, HeartToHeartError("empty record"))
        game = cls.from_code(words[0])
        game.play_record_moves(record)
        return game

    def copy(self) -> Game:
        """An independent game in the same position with the same history: undo and play on it leave this one as it
        is (the web builds a batch's result on a copy, so a refused batch changes nothing)."""
        twin = Game(self.deal)
        twin.removed = self.removed
        twin._stock = list(self._stock)
        twin.waste = list(self.waste)
        twin.moves = self.moves
        twin.selection = self.selection
        twin._history = deque(self._history, maxlen=UNDO_LIMIT)
        twin.played = list(self.played)
        return twin

    def play_record_moves(self, record: str) -> None:
        """Play the moves that follow the code in `record`; a bad move raises RecordError naming its 1-based index,
        and the moves before it stay played (so callers can show the position where the record went wrong)."""
        for at, word in enumerate(record.split()[1:], start=1):
            try:
                self.play(parse_move(word))
            except HeartToHeartError as error:
                raise RecordError(record, at, error) from error

    # -- what the table shows -------------------------------------------------------------------------------------

    @property
    def heart(self) -> tuple[Rank | None, ...]:
        return tuple(None if (self.removed >> i) & 1 else rank for i, rank in enumerate(self._ranks))

    @property
    def stock(self) -> tuple[Rank, ...]:
        """The stock, top (next drawn) first."""
        return tuple(reversed(self._stock))

    @property
    def waste_top(self) -> Rank | None:
        return self.waste[-1] if self.waste else None

    @property
    def position(self) -> Position:
        return Position(self.heart, self.stock, tuple(self.waste))

    @property
    def score(self) -> int:
        return POINTS_PER_CARD * self.removed.bit_count()

    @property
    def record(self) -> str:
        """The code followed by every move played (undone moves excluded)."""
        return " ".join([self.deal.code, format_moves(self.played)]).strip()

    def rank_at(self, position: int) -> Rank | None:
        return None if (self.removed >> (position - 1)) & 1 else self._ranks[position - 1]

    def free_positions(self) -> list[int]:
        mask = free_mask(self.removed)
        return [i + 1 for i in range(HEART_SIZE) if (mask >> i) & 1]

    def is_free(self, position: int) -> bool:
        return 1 <= position <= HEART_SIZE and bool((free_mask(self.removed) >> (position - 1)) & 1)

    @property
    def status(self) -> Status:
        if self.removed == ALL_REMOVED:
            return Status.WON
        free_ranks = [self._ranks[p - 1] for p in self.free_positions()]
        reserve = set(self._stock) | set(self.waste)
        for index, rank in enumerate(free_ranks):
            if rank in reserve or rank in free_ranks[index + 1 :]:
                return Status.PLAYING
        return Status.STALLED

    # -- moves ----------------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.status is not Status.PLAYING:
            return []
        moves: list[Move] = []
        if self._stock or self.waste:
            moves.append(STOCK_TAP)
        free = self.free_positions()
        top = self.waste_top
        for index, first in enumerate(free):
            rank = self._ranks[first - 1]
            for second in free[index + 1 :]:
                if self._ranks[second - 1] == rank:
                    moves.append(PairMove(first, second))
            if rank == top:
                moves.append(WasteMove(first))
        return moves

    def _check(self, move: Move) -> None:
        status = self.status
        if status is not Status.PLAYING:
            raise GameOverError(str(move), status.value)
        if isinstance(move, StockTap):
            if not self._stock and not self.waste:
                raise IllegalMoveError(str(move), "the stock and the waste are both empty")
            return
        positions = (move.first, move.second) if isinstance(move, PairMove) else (move.position,)
        for position in positions:
            if (self.removed >> (position - 1)) & 1:
                raise IllegalMoveError(str(move), f"position {position} is empty")
            if not self.is_free(position):
                raise IllegalMoveError(str(move), f"position {position} is covered")
        rank = self._ranks[positions[0] - 1]
        if isinstance(move, PairMove):
            other = self._ranks[move.second - 1]
            if other != rank:
                raise IllegalMoveError(str(move), f"{rank} and {other} are not the same rank")
        elif self.waste_top is None:
            raise IllegalMoveError(str(move), "the waste is empty")
        elif self.waste_top != rank:
            raise IllegalMoveError(str(move), f"{rank} and the waste's {self.waste_top} are not the same rank")

    def play(self, move: Move) -> None:
        """Play a legal move; raises IllegalMoveError or GameOverError and changes nothing otherwise."""
        self._check(move)
        saved = _Saved(self.removed, tuple(self._stock), tuple(self.waste), self.moves)
        if isinstance(move, StockTap):
            if self._stock:
                self.waste.append(self._stock.pop())
            else:
                # Turning the waste over: its bottom card becomes the stock's top, so the order repeats.
                self._stock = list(reversed(self.waste))
                self.waste = []
        elif isinstance(move, PairMove):
            self.removed |= (1 << (move.first - 1)) | (1 << (move.second - 1))
        else:
            self.removed |= 1 << (move.position - 1)
            self.waste.pop()
        self.moves += 1
        self.selection = None
        self._history.append((move, saved))
        self.played.append(move)

    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self) -> Move:
        """Take back the last move (up to the last 100) and return it."""
        if not self._history:
            raise NothingToUndoError()
        move, saved = self._history.pop()
        self.removed = saved.removed
        self._stock = list(saved.stock)
        self.waste = list(saved.waste)
        self.moves = saved.moves
        self.selection = None
        self.played.pop()
        return move

    # -- taps -----------------------------------------------------------------------------------------------------

    def _tappable_rank(self, target: Target) -> Rank | None:
        if target == WASTE:
            return self.waste_top
        if isinstance(target, int) and self.is_free(target):
            return self._ranks[target - 1]
        return None

    def tap(self, target: Target) -> TapResult:
        """Apply a tap exactly as the rules describe it and say what happened."""
        if self.status is not Status.PLAYING:
            return TapResult(TapOutcome.NOTHING)
        if target == STOCK:
            if not self._stock and not self.waste:
                return TapResult(TapOutcome.NOTHING)
            drew = bool(self._stock)
            self.play(STOCK_TAP)
            return TapResult(TapOutcome.DREW if drew else TapOutcome.RECYCLED, STOCK_TAP)
        rank = self._tappable_rank(target)
        if rank is None:
            return TapResult(TapOutcome.NOTHING)
        selected = self.selection
        if selected is None:
            self.selection = target
            return TapResult(TapOutcome.SELECTED)
        if selected == target:
            self.selection = None
            return TapResult(TapOutcome.DESELECTED)
        if self._tappable_rank(selected) != rank:
            self.selection = target
            return TapResult(TapOutcome.RESELECTED, message=SAME_RANK_MESSAGE)
        move = _pair_move(selected, target)
        self.play(move)
        return TapResult(TapOutcome.PAIR_REMOVED, move)

    def placement_help(self) -> PlacementHelp:
        free = self.free_positions()
        top = self.waste_top
        outlined = frozenset(
            p
            for p in free
            if self._ranks[p - 1] == top or any(q != p and self._ranks[q - 1] == self._ranks[p - 1] for q in free)
        )
        dimmed: set[Target] = set()
        if self.selection is not None:
            rank = self._tappable_rank(self.selection)
            for index in range(HEART_SIZE):
                position = index + 1
                if (self.removed >> index) & 1 or position == self.selection:
                    continue
                if not (position in free and self._ranks[index] == rank):
                    dimmed.add(position)
            if top is not None and self.selection != WASTE and top != rank:
                dimmed.add(WASTE)
        return PlacementHelp(outlined, frozenset(dimmed))


def _pair_move(first: Target, second: Target) -> Move:
    if first == WASTE:
        assert isinstance(second, int)
        return WasteMove(second)
    if second == WASTE:
        assert isinstance(first, int)
        return WasteMove(first)
    assert isinstance(first, int) and isinstance(second, int)
    return PairMove(min(first, second), max(first, second))
