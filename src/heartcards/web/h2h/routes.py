"""The Heart to Heart API under `/api/h2h`: start a game, tap, undo, restart, hint, abandon, pause, replays,
solutions, deals, the daily deal and the player's statistics. Every answer is a model of `models.py`."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator
from datetime import date

from fastapi import APIRouter, Response, status

from heartcards.heart_to_heart.engine import Mode, format_code, normalize_code, parse_move
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER
from heartcards.runtime.clock import iso_utc_or_none
from heartcards.runtime.quotas import Taken
from heartcards.storage.h2h_records import GameStatus
from heartcards.web.deps import ClientKey, Language, PlayerId, ServicesDep
from heartcards.web.h2h.daily import read_daily
from heartcards.web.h2h.deps import H2H, OwnedGame
from heartcards.web.h2h.errors import NewGameChoiceError, TooManyGamesError
from heartcards.web.h2h.games import LiveGame, check_game_id, deal_for
from heartcards.web.h2h.models import (
    Daily,
    DealCards,
    GameView,
    HintAnswer,
    MovesAnswer,
    MovesRequest,
    NewGame,
    PauseAnswer,
    Replay,
    Solution,
    Stats,
    TapAnswer,
    TapRequest,
    UndoAnswer,
)
from heartcards.web.h2h.services import GAMES_RULE, H2HServices
from heartcards.web.h2h.solving import daily_code_for
from heartcards.web.h2h.views import daily_view, game_view, tap_view
from heartcards.web.places import waiting_elsewhere
from heartcards.web.routing import checked_path_route

router = APIRouter(prefix="/api/h2h", tags=["h2h"], route_class=checked_path_route({"game_id": check_game_id}))


async def view_of(h2h: H2HServices, live: LiveGame, wait_for_par: bool = False) -> GameView:
    """The game's view; a won game's par if the solver knows it (or, with `wait_for_par`, finds it in time)."""
    par = None
    if live.status is GameStatus.WON:
        if wait_for_par:
            par = await h2h.solver.par(live.code)
        else:
            known = h2h.solver.known(live.code)
            par = None if known is None else known.move_count
    return game_view(live, par, daily=live.code == daily_code_for(live.created_at.date()))


def chosen_code(body: NewGame, today: date) -> str:
    """The deal a new-game body asks for. A fresh deal number comes from the OS's entropy (`secrets`): a player's
    next deal must not be predictable, and it is no part of any rule, so no seeded generator is involved."""
    chosen = sum([body.code is not None, body.mode is not None, body.daily])
    if chosen > 1:
        raise NewGameChoiceError()
    if body.code is not None:
        return normalize_code(body.code)
    if body.daily:
        return daily_code_for(today)
    mode = Mode(body.mode or "N")
    return format_code(mode, secrets.randbelow(MAX_NUMBER + 1))


@router.post(
    "/games",
    status_code=status.HTTP_201_CREATED,
    responses={status.HTTP_200_OK: {"model": GameView, "description": "The running game of that code, resumed"}},
)
async def create_game(
    player: PlayerId, client: ClientKey, h2h: H2H, response: Response, body: NewGame | None = None
) -> GameView:
    """A new game (201), or with `code` and `resume` the player's running game of that deal (200)."""
    request = body or NewGame()
    code = chosen_code(request, h2h.clock().date())
    async with game_quota(h2h, player, client) as counted:
        live, created = await h2h.games.start(player, code, resume=request.resume and request.code is not None)
    if not created:
        await h2h.quota.give_back(counted)  # a running game resumed: nothing new to count
        h2h.games.view_touch(live)
        response.status_code = status.HTTP_200_OK
    return await view_of(h2h, live)


@contextlib.asynccontextmanager
async def game_quota(h2h: H2HServices, player: str, client: str) -> AsyncIterator[Taken]:
    """One new game counted against the player's and the address's quotas (429 past them), given back when the body
    fails: a game that was not made does not count."""
    counted = await h2h.quota.take(player, client)
    if counted is None:
        raise TooManyGamesError(minutes=round(GAMES_RULE.window_seconds / 60))
    try:
        yield counted
    except Exception:
        await h2h.quota.give_back(counted)
        raise


@router.get(
    "/games/current",
    response_model=GameView,
    responses={status.HTTP_204_NO_CONTENT: {"description": "The player has no running game"}},
)
async def current_game(player: PlayerId, h2h: H2H) -> GameView | Response:
    """The player's running game, or 204 with no body: having none is a normal answer, not an error."""
    live = await h2h.games.current(player)
    if live is None:
        return Response(status_code=status.HTTP_204_NO_CONTENT)
    h2h.games.view_touch(live)
    return await view_of(h2h, live)


@router.get("/games/{game_id}")
async def get_game(live: OwnedGame, h2h: H2H) -> GameView:
    h2h.games.view_touch(live)
    return await view_of(h2h, live)


@router.post("/games/{game_id}/tap")
async def tap(live: OwnedGame, body: TapRequest, language: Language, h2h: H2H, services: ServicesDep) -> TapAnswer:
    result = h2h.games.tap(live, body.target)
    won = live.status is GameStatus.WON
    return TapAnswer(tap=tap_view(result, services.catalogs, language), view=await view_of(h2h, live, wait_for_par=won))


@router.post("/games/{game_id}/moves")
async def moves(game_id: str, body: MovesRequest, player: PlayerId, client: ClientKey, h2h: H2H) -> MovesAnswer:
    """Store a batch of moves the device played (docs/h2h-web-api.md, "Playing on the device"): replayed through the
    engine, idempotent by move index; a game the device started is created on its first batch (`code`)."""
    if body.code is None:
        live = await h2h.games.owned(game_id, player)
    elif await h2h.games.known(game_id):
        live = await h2h.games.adopt(game_id, player, body.code)
    else:  # the device's game reaches the server: it counts as a new game
        async with game_quota(h2h, player, client):
            live = await h2h.games.adopt(game_id, player, body.code)
    await h2h.games.sync(live, body.start, [parse_move(text) for text in body.moves], body.replace, client)
    won = live.status is GameStatus.WON
    return MovesAnswer(stored=live.game.moves, view=await view_of(h2h, live, wait_for_par=won))


@router.post("/games/{game_id}/undo")
async def undo(live: OwnedGame, h2h: H2H) -> UndoAnswer:
    move = h2h.games.undo(live)
    return UndoAnswer(undone=str(move), view=await view_of(h2h, live))


@router.post("/games/{game_id}/restart")
async def restart(live: OwnedGame, player: PlayerId, client: ClientKey, h2h: H2H) -> GameView:
    async with game_quota(h2h, player, client):  # a restart is a new game of the same deal
        fresh = await h2h.games.restart(live)
    return await view_of(h2h, fresh)


@router.post("/games/{game_id}/abandon")
async def abandon(live: OwnedGame, h2h: H2H) -> GameView:
    h2h.games.abandon(live)
    return await view_of(h2h, live)


@router.post("/games/{game_id}/pause")
async def pause(live: OwnedGame, h2h: H2H) -> PauseAnswer:
    h2h.games.pause(live)
    return PauseAnswer(paused=live.paused, seconds=round(live.seconds, 1))


@router.post("/games/{game_id}/hint")
async def hint(live: OwnedGame, client: ClientKey, h2h: H2H) -> HintAnswer:
    h2h.games.check_hint(live)
    position = live.game.position
    suggested = await h2h.solver.hint(position, requester=client)  # a line per address: cookies are free
    if suggested is not None and live.game.position == position:
        h2h.games.mark_hinted(live)
    elif suggested is not None:  # the game moved on while the solver thought: that hint is stale
        suggested = None
    h2h.games.view_touch(live)
    return HintAnswer(hint=None if suggested is None else str(suggested), view=await view_of(h2h, live))


@router.get("/games/{game_id}/replay")
async def replay(game_id: str, h2h: H2H) -> Replay:
    live = await h2h.games.finished(game_id)
    known = h2h.solver.known(live.code)
    if known is None and live.status is GameStatus.WON:
        par = await h2h.solver.par(live.code)
    else:
        par = None if known is None else known.move_count
    return Replay(
        id=live.id,
        code=live.code,
        moves=[str(move) for move in live.game.played],
        status=live.status,
        score=live.game.score,
        seconds=round(live.seconds, 1),
        assisted=live.assisted,
        finished_at=iso_utc_or_none(live.finished_at),
        par=par,
    )


@router.get("/solution/{code}")
async def solution(code: str, h2h: H2H, client: ClientKey) -> Solution:
    normalized = normalize_code(code)
    solved = await h2h.solver.solution(normalized, requester=client)
    moves = None if solved.moves is None else solved.moves.split()
    return Solution(code=normalized, winnable=solved.winnable, moves=moves, count=solved.move_count)


@router.get("/deals/{code}")
async def deal(code: str) -> DealCards:
    """The deal's cards (as `heartcards deal CODE --json`), for pages that draw a known record step by step."""
    dealt = deal_for(normalize_code(code))
    return DealCards(
        code=dealt.code,
        heart=[rank.text for rank in dealt.heart],
        stock=[rank.text for rank in dealt.stock],
        waste=[rank.text for rank in dealt.waste],
    )


@router.get("/daily")
async def daily(player: PlayerId, h2h: H2H, client: ClientKey) -> Daily:
    """Today's deal code (UTC date), the same winnable deal for everyone; who won it today, by moves then time, with
    its par; the asking player's streak and calendar (docs/h2h-web-api.md, "The daily deal")."""
    today = h2h.clock().date()
    code = daily_code_for(today)
    async with waiting_elsewhere():
        reading = await h2h.reading.read(client, read_daily, h2h.repository, player, today, daily_code_for)
    known = h2h.solver.known(code)
    if known is None:
        h2h.solver.prefetch(code)
    return daily_view(today, code, None if known is None else known.move_count, reading, player)


@router.get("/stats", response_model=Stats)
async def stats(player: PlayerId, h2h: H2H, client: ClientKey) -> Response:
    """The player's Heart to Heart statistics, computed from the database."""
    async with waiting_elsewhere():  # in a thread: counting thousands of games costs tens of milliseconds
        body = await h2h.reading.read(client, h2h.stats.answer, player)  # kept while their games are unchanged
    return Response(body, media_type="application/json")
