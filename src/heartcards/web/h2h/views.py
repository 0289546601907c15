"""The Heart to Heart API's answers (`models.py`) made from a running game, a tap's result and the statistics."""

from __future__ import annotations

from datetime import date

from heartcards.heart_to_heart.engine import WASTE, TapResult
from heartcards.heart_to_heart.engine.layout import free_mask
from heartcards.runtime.clock import iso_utc_or_none
from heartcards.web.h2h.daily import DailyReading, calendar_days
from heartcards.web.h2h.games import LiveGame
from heartcards.web.h2h.models import (
    Daily,
    DailyDay,
    DailyWin,
    GameView,
    HeartCard,
    PlacementHelp,
    PlaceTarget,
    Stock,
    Tap,
    Waste,
)
from heartcards.web.i18n import Catalogs


def game_view(live: LiveGame, par: int | None, daily: bool = False) -> GameView:
    game = live.game
    free = free_mask(game.removed)
    heart = [
        None if rank is None else HeartCard(pos=index + 1, rank=rank.text, free=bool(free >> index & 1))
        for index, rank in enumerate(game.heart)
    ]
    waste = game.waste
    helped = game.placement_help()
    dimmed: list[PlaceTarget] = sorted(target for target in helped.dimmed if isinstance(target, int))
    if WASTE in helped.dimmed:
        dimmed.append(WASTE)
    return GameView(
        id=live.id,
        code=live.code,
        status=live.status,
        score=game.score,
        moves=game.moves,
        seconds=round(live.seconds, 1),
        started_at=iso_utc_or_none(live.created_at),
        finished_at=iso_utc_or_none(live.finished_at),
        assisted=live.assisted,
        heart=heart,
        stock=Stock(count=len(game.stock)),
        waste=Waste(
            count=len(waste),
            top=waste[-1].text if waste else None,
            below=waste[-2].text if len(waste) > 1 else None,
        ),
        selection=game.selection,
        help=PlacementHelp(outlined=sorted(helped.outlined), dimmed=dimmed),
        can_undo=game.can_undo() and not live.status.is_over,
        record=live.record,
        par=par,
        daily=daily,
    )


def tap_view(result: TapResult, catalogs: Catalogs, language: str) -> Tap:
    return Tap(
        outcome=result.outcome,
        move=None if result.move is None else str(result.move),
        message=None if result.message is None else catalogs.translate(language, result.message),
    )


def daily_view(today: date, code: str, par: int | None, reading: DailyReading, player_id: str) -> Daily:
    """The daily deal's answer for `player_id`: the ranking with chosen names, the streak and the calendar."""
    return Daily(
        date=today.isoformat(),
        code=code,
        par=par,
        ranking=[
            DailyWin(
                place=win.place,
                name=name,
                moves=win.moves,
                seconds=win.seconds,
                hints=win.hints,
                me=win.player_id == player_id,
            )
            for win, name in reading.ranking
        ],
        streak=reading.days.streak,
        played=reading.played,
        calendar=[DailyDay(date=day.isoformat(), won=day in reading.days.won_days) for day in calendar_days(today)],
    )
