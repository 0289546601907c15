"""The player's Heart to Heart statistics, computed from the database."""

from __future__ import annotations

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from heartcards.web.deps import PlayerId, ServicesDep
from heartcards.web.h2h_views import stats_json
from heartcards.web.routes.h2h_games import respond

router = APIRouter(prefix="/api/h2h", tags=["h2h"])


@router.get("/stats")
async def stats(player: PlayerId, services: ServicesDep, response: Response) -> JSONResponse:
    return respond(stats_json(services.repository.stats(player)), response)
