"""Running Heart to Heart games for the web: an LRU cache of live `Game`s backed by the database.

A tap costs the engine's work plus, when it makes a move, one UPDATE of the game's row; a game is replayed from
its record only when it is not in memory (after a restart, or once evicted). Time played is measured here: the gaps
between a player's actions count, except while paused (tab hidden) and at most IDLE_LIMIT_SECONDS per gap.
The cache is the truth while a game is in it when one server serves the database. When servers share it
(`shared`), every request reads the game as stored, and a change is stored only if the stored moves are still those
it was made on: two tabs on two servers each have their moves kept once, in order, and a tap that lost a race with
the other server answers `not_saved` (nothing applied; the retry reads the other tab's move first).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Final

from heartcards.heart_to_heart.engine import (
    UNDO_LIMIT,
    Deal,
    Game,
    HeartToHeartError,
    Move,
    Status,
    TapResult,
    Target,
    format_moves,
    normalize_code,
)
from heartcards.heart_to_heart.engine.moves import parse_moves
from heartcards.runtime.clock import utc_now
from heartcards.runtime.quotas import AddressBudget
from heartcards.storage.h2h_records import GameRecord, GameStatus, Progress
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.errors import NotSavedError
from heartcards.web.h2h.errors import (
    GameCodeMismatchError,
    GameFinishedError,
    GameIdTakenError,
    GameNotFinishedError,
    GameNotFoundError,
    GameStalledError,
    RecordFullError,
    SyncConflictError,
    SyncGapError,
    SyncRefusedError,
    TooManyMovesError,
)

IDLE_LIMIT_SECONDS = 300.0
MAX_RECORD_MOVES: Final = 2_000
"""The most moves a game's record may hold. A won game takes about 50 to 150 moves and a patient player's lost one a
few hundred (each pass through the stock is about 27); 2,000 is some 70 passes. Reaching it ends the game as a game
with no moves left (stalled, so undo still works); a batch going past it is refused (`h2h.error.record_full`).
It also bounds what reading a game back costs: some tens of milliseconds to replay 2,000 moves, played in steps
of `STEP_SECONDS` like a batch's."""
STEP_SECONDS: Final = 0.0003
"""The longest a batch (or a game read back) plays moves before it lets the event loop answer everyone else: a few
dozen moves. Short, because another client's request needs several turns of the loop, and each of them waits for
one such step: with steps of about 1 ms (50 moves) a bystander's `/api/health` p99 went from 4.4 to 8.8-17.5 ms
under one client's batches (`benchmarks/fairness.py`). A batch played in a thread instead held the interpreter lock
for 5 ms at a time against the event loop, several times per request it answered meanwhile."""
STEP_PAUSE_SECONDS: Final = 0.001
"""How long a batch waits between two steps: long enough for the event loop to fall idle and read whatever came in
meanwhile, so everyone else's requests go first and a batch takes only the time they leave. Yielding without a pause
(`asyncio.sleep(0)`) gave the other requests one turn of the loop per step. A 2,000-move batch takes some 40 ms more
for it. Its runs (`benchmarks/fairness.py --pin`) are in `docs/figures.md`."""
ENGINE_STATUS = {Status.PLAYING: GameStatus.PLAYING, Status.WON: GameStatus.WON, Status.STALLED: GameStatus.STALLED}

logger = logging.getLogger("heartcards.web.h2h")


@lru_cache(maxsize=1024)
def deal_for(code: str) -> Deal:
    """Deals are pure functions of their code; S deals search for a winnable shuffle, so keep them."""
    return Deal.from_code(code)


@dataclass(slots=True)
class LiveGame:
    """A game in memory: the engine's `Game` and what the web adds (owner, status, time, assistance)."""

    id: str
    player_id: str
    code: str
    created_at: datetime
    game: Game
    status: GameStatus
    assisted: bool
    seconds: float
    paused: bool
    last_active_at: datetime
    finished_at: datetime | None
    moves_text: str = ""
    """The moves played, as the record writes them; kept up to date move by move so a tap never formats them all."""
    dirty: bool = False
    """Time changed since the last write (moves write at once; time alone is written when convenient)."""
    stored_moves: str = ""
    """The moves as last read from or written to the database."""

    @classmethod
    def from_record(cls, record: GameRecord, game: Game) -> LiveGame:
        """The game of `record`, whose moves `game` has played."""
        return cls(
            id=record.id,
            player_id=record.player_id,
            code=record.code,
            created_at=record.created_at,
            game=game,
            status=record.status,
            assisted=record.assisted,
            seconds=record.seconds,
            paused=record.paused,
            last_active_at=record.last_active_at,
            finished_at=record.finished_at,
            moves_text=format_moves(game.played),
            stored_moves=record.moves,
        )

    @classmethod
    async def restored(cls, record: GameRecord) -> LiveGame:
        """The game of `record` read back: its moves played from the deal, in steps of `STEP_SECONDS`."""
        return cls.from_record(record, await _played_on(Game(deal_for(record.code)), 0, parse_moves(record.moves)))

    async def catch_up(self, record: GameRecord) -> bool:
        """Take the stored `record` of this game when its moves extend the ones held here, playing only the new
        ones (servers sharing a database read every game as stored); False when they do not (an undo elsewhere, or
        a change made here while they were played)."""
        if not record.moves.startswith(self.stored_moves) or record.code != self.code:
            return False
        rest = record.moves[len(self.stored_moves) :]
        if rest and self.stored_moves and not rest[0].isspace():
            return False  # the stored text only looked like an extension: a longer last move
        if self.moves_text != self.stored_moves:
            return False  # moves applied here that were never stored
        before = self.game
        try:
            game = await _played_on(before, len(before.played), parse_moves(rest))
        except (HeartToHeartError, SyncRefusedError):
            return False
        if self.game is not before:
            return False
        self.game = game
        self.moves_text = self.stored_moves = record.moves
        self.player_id, self.status, self.assisted = record.player_id, record.status, record.assisted
        self.seconds, self.paused, self.last_active_at = record.seconds, record.paused, record.last_active_at
        self.finished_at, self.dirty = record.finished_at, False
        return True

    @property
    def record(self) -> str:
        """`CODE move move …` (the engine's `Game.record`, without formatting every move again)."""
        return f"{self.code} {self.moves_text}" if self.moves_text else self.code

    def moved(self, move: Move) -> None:
        self.moves_text = f"{self.moves_text} {move}" if self.moves_text else str(move)

    def unmoved(self) -> None:
        self.moves_text = self.moves_text[: max(self.moves_text.rfind(" "), 0)]

    def touch(self, now: datetime) -> None:
        """Count the time since the last action (not while paused, at most IDLE_LIMIT_SECONDS) and resume."""
        if self.status.is_over:
            return
        if self.paused:
            self.paused = False
        else:
            gap = (now - self.last_active_at).total_seconds()
            self.seconds += min(max(gap, 0.0), IDLE_LIMIT_SECONDS)
        self.last_active_at = now
        self.dirty = True

    def follow_engine(self, now: datetime) -> None:
        """After a move or an undo: take the engine's status; a game that ends gets its end time."""
        status = ENGINE_STATUS[self.game.status]
        if status is GameStatus.PLAYING and self.game.moves >= MAX_RECORD_MOVES:
            status = GameStatus.STALLED  # the record is full: no move may follow (docs/h2h-web-api.md)
        if status is not self.status:
            self.status = status
            self.finished_at = None if status is GameStatus.PLAYING else now

    def progress(self) -> Progress:
        return Progress(
            moves=self.moves_text,
            move_count=self.game.moves,
            score=self.game.score,
            status=self.status,
            seconds=self.seconds,
            paused=self.paused,
            last_active_at=self.last_active_at,
            finished_at=self.finished_at,
        )


class Games:
    """The players' Heart to Heart games: create, find, play, undo, restart, abandon, pause."""

    def __init__(
        self,
        repository: H2HRepository,
        cache_size: int,
        clock: Callable[[], datetime] = utc_now,
        on_new_code: Callable[[str], None] = lambda code: None,
        shared: bool = False,
        budget: AddressBudget | None = None,
    ) -> None:
        self.repository = repository
        self.budget = budget
        """The moves one client address may have played per window (`services.MOVES_RULE`); None counts nothing."""
        self.shared = shared
        """Other servers change the same games: read each game as stored, and store a change only over what was read."""
        self.cache_size = max(cache_size, 1)
        self.clock = clock
        self.on_new_code = on_new_code
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Task[LiveGame | None]] = {}
        """Games being read back, so that requests for one that arrive meanwhile share its reading."""

    # -- finding ------------------------------------------------------------------------------------------------

    def _remember(self, live: LiveGame) -> LiveGame:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self.cache_size:
            _, evicted = self._cache.popitem(last=False)
            if evicted.dirty:
                self._save(evicted)
        return live

    async def _load(self, game_id: str) -> LiveGame | None:
        """The game from memory, else read back from the database (its moves played in short steps, so a long
        record never holds the event loop for long)."""
        cached = self._cache.get(game_id)
        if cached is not None and not self.shared:
            self._cache.move_to_end(game_id)
            return cached
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.ensure_future(self._read(game_id, cached))
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)  # a request that goes away leaves the reading to the others

    async def _read(self, game_id: str, cached: LiveGame | None) -> LiveGame | None:
        record = self.repository.game(game_id)
        if record is None:
            return None
        if cached is not None and await cached.catch_up(record):
            return self._remember(cached)  # what the other server added is played, not the whole record again
        return self._remember(await LiveGame.restored(record))

    async def known(self, game_id: str) -> bool:
        """Whether a game of that id exists (anyone's)."""
        return _looks_like_id(game_id) and await self._load(game_id) is not None

    async def public(self, game_id: str) -> LiveGame:
        """Any game by id (replays are readable by anyone with the link); 404 for an unknown id."""
        live = await self._load(game_id) if _looks_like_id(game_id) else None
        if live is None:
            raise GameNotFoundError(id=game_id[:64])
        return live

    async def owned(self, game_id: str, player_id: str) -> LiveGame:
        """The player's own game; another player's game answers 404 like an unknown one."""
        live = await self.public(game_id)
        if live.player_id != player_id:
            raise GameNotFoundError(id=game_id[:64])
        return live

    async def current(self, player_id: str) -> LiveGame | None:
        """The player's running game (playing or stalled), the most recently active one."""
        running = self.repository.running_games(player_id)
        if not running:
            return None
        live = await self._load(running[0].id)
        return live if live is not None and live.status.is_running else None

    async def finished(self, game_id: str) -> LiveGame:
        live = await self.public(game_id)
        if live.status is GameStatus.PLAYING:
            raise GameNotFinishedError(id=game_id[:64])
        return live

    # -- players joining an account ------------------------------------------------------------------------------

    def reassign_player(self, old_player_id: str, new_player_id: str) -> None:
        """The games in memory of `old_player_id` now belong to `new_player_id`, as their rows already do."""
        for live in self._cache.values():
            if live.player_id == old_player_id:
                live.player_id = new_player_id

    def forget_player(self, player_id: str) -> None:
        """Drop from memory, unwritten, the games of a player whose rows were erased."""
        for game_id in [live.id for live in self._cache.values() if live.player_id == player_id]:
            del self._cache[game_id]

    # -- starting and leaving -----------------------------------------------------------------------------------

    async def adopt(self, game_id: str, player_id: str, code: str) -> LiveGame:
        """The player's game `game_id`, created with deal `code` when the server has never seen it: a game started on
        the device (offline) gets its id there and reaches the server with its first batch of moves. Like a new game
        it leaves the player's other running games (abandoned). The first batch binds the id to its creator: the same
        id from another player answers 409 `h2h.error.game_id_taken` (the device then gives its game a new id)."""
        code = normalize_code(code)
        deal_for(code)
        if not _looks_like_id(game_id):
            raise GameNotFoundError(id=game_id[:64])
        live = await self._load(game_id)
        if live is None:
            await self._abandon_running(player_id)
            now = self.clock()
            live = self._new(self.repository.create_game(game_id, player_id, code, now))
            live.follow_engine(now)
            if live.status is not GameStatus.PLAYING:
                self._save(live)
            self.on_new_code(code)
        if live.player_id != player_id:  # the id is bound to whoever sent it first: never their game to another
            raise GameIdTakenError(id=game_id)
        if live.code != code:
            raise GameCodeMismatchError(id=game_id, code=code)
        return live

    def _new(self, record: GameRecord) -> LiveGame:
        """A game just created (no moves yet) in memory."""
        return self._remember(LiveGame.from_record(record, Game(deal_for(record.code))))

    async def _abandon_running(self, player_id: str) -> None:
        for record in self.repository.running_games(player_id):
            running = await self._load(record.id)
            if running is not None:
                self._leave(running, GameStatus.ABANDONED)

    async def start(self, player_id: str, code: str, resume: bool = True) -> tuple[LiveGame, bool]:
        """A game of `code` for the player: their running game of that deal if `resume`, else a new one (which
        abandons any other running game). Returns the game and whether it is new."""
        code = normalize_code(code)
        deal_for(code)
        if resume:
            for record in self.repository.running_games(player_id):
                if record.code == code:
                    live = await self._load(record.id)
                    if live is not None:
                        return live, False
        await self._abandon_running(player_id)
        now = self.clock()
        live = self._new(self.repository.create_game(new_game_id(), player_id, code, now))
        live.follow_engine(now)  # about one deal in ten is stalled from the start
        if live.status is not GameStatus.PLAYING:
            self._save(live)
        self.on_new_code(code)
        return live, True

    def _leave(self, live: LiveGame, status: GameStatus) -> None:
        now = self.clock()
        live.touch(now)
        live.status = status
        live.finished_at = now
        live.game.selection = None
        self._save(live)

    def abandon(self, live: LiveGame) -> LiveGame:
        """Leave a running game (it counts as a loss if it had moves)."""
        self._require_running(live)
        self._leave(live, GameStatus.ABANDONED)
        return live

    async def restart(self, live: LiveGame) -> LiveGame:
        """A new game of the same deal; the running attempt is marked restarted (a loss if it had moves)."""
        if live.status in (GameStatus.ABANDONED, GameStatus.RESTARTED):
            raise GameFinishedError(status=live.status.value)
        if live.status.is_running:
            self._leave(live, GameStatus.RESTARTED)
        fresh, _ = await self.start(live.player_id, live.code, resume=False)
        return fresh

    # -- playing ------------------------------------------------------------------------------------------------

    def _require_running(self, live: LiveGame) -> None:
        if live.status.is_over:
            raise GameFinishedError(status=live.status.value)

    def _require_playing(self, live: LiveGame) -> None:
        self._require_running(live)
        if live.status is GameStatus.STALLED:
            raise GameStalledError()

    def view_touch(self, live: LiveGame) -> None:
        """Opening or refreshing a game resumes its clock."""
        live.touch(self.clock())

    def tap(self, live: LiveGame, target: Target) -> TapResult:
        self._require_playing(live)
        now = self.clock()
        live.touch(now)
        result = live.game.tap(target)
        if result.move is not None:
            live.moved(result.move)
            live.follow_engine(now)
            self._save(live)
        return result

    def undo(self, live: LiveGame) -> Move:
        self._require_running(live)
        now = self.clock()
        move = live.game.undo()
        live.unmoved()
        live.touch(now)
        live.follow_engine(now)
        self._save(live)
        return move

    async def sync(
        self, live: LiveGame, start: int, moves: list[Move], replace: bool, client: str | None = None
    ) -> None:
        """Make the game's moves `played[:start] + moves`, the record a device played on its own engine.

        Idempotent by move index: moves the server already holds at those indices are not played again (a retried
        batch, or a second tab sending the same moves), so only the new tail is played. Moves that differ from the
        stored ones replace them only with `replace` (the device undid them); otherwise the batch is a stale tab's
        and is refused. The batch is played on a copy of the running game, undoing back to `start` when it replaces
        moves: a move that does not replay (illegal, after the end) refuses the batch and leaves the stored game as
        it was. A batch costs what its own moves cost, never the whole record, and that cost is spent from the
        budget of `client` (its address) before anything is played: past it, 429 `h2h.error.too_many_moves`. The
        moves are played in steps of `STEP_SECONDS`, the event loop answering everyone else between two steps.
        """
        stored = live.game.played
        stored_count = len(stored)
        if start > stored_count:
            raise SyncGapError(start=start, stored=stored_count)
        overlap = stored[start : start + len(moves)]
        differs = next((index for index, move in enumerate(overlap) if move != moves[index]), None)
        held = start + len(overlap) == stored_count
        if differs is None and (held or not replace):
            if start + len(moves) <= stored_count:
                return  # every move already stored: a retry, or a tab that is behind
            keep, tail = stored_count, moves[len(overlap) :]
        elif replace:
            keep, tail = start, moves
        else:
            at = start + (len(overlap) if differs is None else differs) + 1
            raise SyncConflictError(id=live.id, at=at)
        if keep < stored_count:
            self._require_running(live)  # a won or left game cannot be taken back
        elif live.status.is_over:
            raise GameFinishedError(status=live.status.value)
        if keep + len(tail) > MAX_RECORD_MOVES:
            raise RecordFullError(limit=MAX_RECORD_MOVES)
        before, status = live.game, live.status
        undone = stored_count - keep
        cost = len(tail) + (keep if undone > UNDO_LIMIT else undone)
        if self.budget is not None and client is not None and not await self.budget.spend(client, cost):
            rule = self.budget.rule
            raise TooManyMovesError(limit=rule.per_address, seconds=round(rule.window_seconds))
        game = await _played_on(before, keep, tail)
        if live.game is not before or len(before.played) != stored_count or live.status is not status:
            raise NotSavedError(game=live.id)  # another request changed the game meanwhile: the retry sees it
        now = self.clock()
        live.touch(now)
        live.game = game
        if keep == stored_count:
            live.moves_text = " ".join([live.moves_text, format_moves(tail)]).strip()
        else:
            live.moves_text = format_moves(game.played)
        live.follow_engine(now)
        self._save(live)

    def check_hint(self, live: LiveGame) -> None:
        """Hints are for games still being played."""
        self._require_playing(live)

    def mark_hinted(self, live: LiveGame) -> None:
        live.assisted = True
        self.repository.mark_hinted(live.id)

    def pause(self, live: LiveGame) -> None:
        """The page is hidden: count the time up to now, then stop the clock until the next action."""
        if live.status.is_over:
            return
        live.touch(self.clock())
        live.paused = True
        self._save(live)

    def _save(self, live: LiveGame) -> None:
        """Stores the game's progress. If that fails, the game leaves the cache, so what was just applied to it is
        forgotten: the next request reads the game as stored, and a retried tap plays its move once."""
        progress = live.progress()
        try:
            stored = self.repository.save_progress(live.id, progress, live.stored_moves if self.shared else None)
        except Exception as error:
            self._cache.pop(live.id, None)
            logger.exception("could not store game %s", live.id)
            raise NotSavedError(game=live.id) from error
        if not stored:  # another server changed the game since it was read here: nothing of this is kept
            self._cache.pop(live.id, None)
            raise NotSavedError(game=live.id)
        live.stored_moves = progress.moves
        live.dirty = False

    def flush(self) -> None:
        """Write the time of every cached game (at shutdown)."""
        for live in self._cache.values():
            if live.dirty:
                self._save(live)


async def _played_on(game: Game, keep: int, tail: list[Move]) -> Game:
    """A new game: `game`'s first `keep` moves, then `tail`; `game` itself is left as it is. Undoes back to `keep`
    while the undo history reaches, else replays the first `keep` moves from the deal (at most MAX_RECORD_MOVES).
    Lets the event loop run every `STEP_SECONDS` of moves played or undone. A move of `tail` that does not replay
    raises `SyncRefusedError`."""
    played = game.copy()
    step = _Steps()
    undone = len(played.played) - keep
    if undone > UNDO_LIMIT:
        played = Game(game.deal)
        for move in game.played[:keep]:
            played.play(move)
            await step.done()
    else:
        for _ in range(undone):
            played.undo()
            await step.done()
    for index, move in enumerate(tail):
        try:
            played.play(move)
        except HeartToHeartError as error:
            raise SyncRefusedError(at=keep + index + 1, move=str(move)) from error
        await step.done()
    return played


class _Steps:
    """Lets the event loop run, for `STEP_PAUSE_SECONDS`, once `STEP_SECONDS` have passed since it last did."""

    def __init__(self) -> None:
        self.began = time.perf_counter()

    async def done(self) -> None:
        if time.perf_counter() - self.began >= STEP_SECONDS:
            await asyncio.sleep(STEP_PAUSE_SECONDS)
            self.began = time.perf_counter()


def new_game_id() -> str:
    return secrets.token_hex(16)


def check_game_id(game_id: str) -> None:
    """A game id is 32 lowercase hex digits: anything else answers 404 without a look in the database."""
    if not _looks_like_id(game_id):
        raise GameNotFoundError(id=game_id[:64])


def _looks_like_id(text: str) -> bool:
    return len(text) == 32 and all(character in "0123456789abcdef" for character in text)
